/* Issue 31: a bounded GetPath call does not run a query's stages back to
 * back (refine/refiner.c begun): no call both ends the abstract search and
 * plans a leg, on a rooms map (the regions' hierarchy) and a random map (the A*
 * costed from s and g, corridor steps). Both ran in the call after the
 * capped JPS gave up, with the hierarchy's query and its unpacking between
 * them: the longest call of dao's default maps and the rooms maps. */
#include <stdlib.h>
#include <string.h>

#include "../../driver/driver.h"
#include "../../entries/mm/mm_inst.h"
#include "../../grid/validate.h"
#include "../../refine/refiner_plan.h"
#include "test.h"

static void test_mm_calls_stages_apart(T *t)
{
    const char *const maps[] = {"rooms/8room256-0", "random/random256-10-0", NULL};
    Loaded l;
    for (int m = 0; load_nth(t, maps, m, &l); m++) {
        const Entry *e;
        MmEntry *mm = prepare_spec(t, "mm", &l, &e);
        xyPath p = {0};
        int both = 0, searched = 0;
        for (int i = 0; mm && i < l.sc.count; i += t_thin(1)) {
            const ScenQuery *q = &l.sc.q[i];
            const Refiner *r = &mm->refiner;
            p.len = 0;
            for (bool done = false, fresh = true; !done; fresh = false) {
                bool before = fresh || r->stage <= STAGE_ABSTRACT; /* the abstract search not ended yet */
                uint64_t legs = r->stats.legs;
                done = e->get_path(mm, q->start, q->goal, &p);
                bool ended = before && r->stage > STAGE_ABSTRACT;
                searched += ended;
                both += ended && r->stats.legs > legs;
            }
        }
        CHECKF(t, searched > 0, "%s: no query ran the abstract search", maps[m]);
        CHECKF(t, both == 0, "%s: %d of %d calls that ended the abstract search planned a leg too", maps[m], both,
               searched);
        if (mm)
            e->destroy(mm);
        path_free(&p);
        unload(&l);
    }
}

/* A call's work buys a third as many of the legs' A* expansions as of its
 * units, rounded up (refine/legplan.h LEG_ASTAR_WORK): no call expands more, on a rooms
 * map and a maze (center legs, the near box and the guard). */
static void test_mm_calls_astar_rate(T *t)
{
    const char *const maps[] = {"rooms/8room256-0", "mazes/maze256-8-0", NULL};
    Loaded l;
    for (int m = 0; load_nth(t, maps, m, &l); m++) {
        const Entry *e;
        MmEntry *mm = prepare_spec(t, "mm", &l, &e);
        xyPath p = {0};
        uint64_t most = 0, calls = 0;
        for (int i = 0; mm && i < l.sc.count; i += t_thin(1)) {
            const ScenQuery *q = &l.sc.q[i];
            p.len = 0;
            for (bool done = false; !done; calls++) {
                uint64_t before = mm->legs.astar.expanded;
                done = e->get_path(mm, q->start, q->goal, &p);
                uint64_t n = mm->legs.astar.expanded - before;
                most = n > most ? n : most;
            }
        }
        uint64_t bound = mm ? ((uint64_t)mm->refiner.cfg.work + LEG_ASTAR_WORK - 1) / LEG_ASTAR_WORK : 0;
        CHECKF(t, mm && most > 0, "%s: no call expanded the legs' A*", maps[m]);
        CHECKF(t, most <= bound, "%s: a call expanded %llu of the legs' A* nodes, more than %llu (%llu calls)", maps[m],
               (unsigned long long)most, (unsigned long long)bound, (unsigned long long)calls);
        if (mm)
            e->destroy(mm);
        path_free(&p);
        unload(&l);
    }
}

/* What the first query past the routes used to take inside its calls is
 * taken at prepare (results/reference/mm-paper/cold48.md): the refiner's
 * scratch paths, the legs' A* open list for its first searches' frontiers,
 * the capped JPS's open list. Through that query's calls none of them grows,
 * on maps of the benchmark whose warm-up query (entries/mm/mm_entry.c) the
 * routes answer, so that it took none of them (the embedded maps' does). */
static void test_mm_calls_first_reserved(T *t)
{
    const char *const maps[] = {"rooms/64room_004", "dao/brc203d", NULL};
    Loaded l;
    for (int m = 0; maps[m] && load_bench(t, maps[m], &l); m++) {
        const Entry *e;
        MmEntry *mm = prepare_spec(t, "mm", &l, &e);
        const Refiner *r = mm ? &mm->refiner : NULL;
        size_t paths = r ? r->scratch.cap + r->leg_cells.cap + r->start_path.cap + r->goal_path.cap : 0;
        uint32_t jps_list = mm ? mm->legs.jps.open.cap : 0, open = mm ? mm->legs.astar.bf.open.cap : 0;
        uint64_t grows = mm ? mm->legs.astar.pg.open_grows : 0;
        xyPath p = {0};
        bool past = false;
        for (int i = 0; mm && i < l.sc.count && !past; i++) {
            const ScenQuery *q = &l.sc.q[i];
            p.len = 0;
            for (bool done = false; !done;)
                done = e->get_path(mm, q->start, q->goal, &p);
            past = r->stats.legs > 0;
        }
        CHECKF(t, past, "%s: no query went past the routes", maps[m]);
        CHECKF(t, mm && paths >= 4 * 64, "%s: the scratch paths hold %zu cells at prepare", maps[m], paths);
        if (past) {
            size_t now = r->scratch.cap + r->leg_cells.cap + r->start_path.cap + r->goal_path.cap;
            CHECKF(t, now == paths, "%s: the scratch paths grew from %zu to %zu cells", maps[m], paths, now);
            CHECKF(t, mm->legs.astar.pg.open_grows == grows && mm->legs.astar.bf.open.cap == open,
                   "%s: the legs' open list grew from %u to %u", maps[m], open, mm->legs.astar.bf.open.cap);
            CHECKF(t, mm->legs.jps.open.cap == jps_list, "%s: the JPS's open list grew from %u to %u", maps[m],
                   jps_list, mm->legs.jps.open.cap);
        }
        if (mm)
            e->destroy(mm);
        path_free(&p);
        unload(&l);
    }
}

/* The grow gate near its line (entries/mm/mm_gate.c grow_gate): an
 * instance whose turn bits and tiles hold it within a sixteenth of its
 * budget under the line answers its parts' asks from its running total,
 * which counts what the parts that do not ask grew, and walks over the
 * parts only where its answer or a choice turns on it; the total is never
 * below what the instance holds, after any call. With a sixteenth kept
 * for what does not ask, brc203d and orz303d walked at nearly every ask
 * of their later queries, inside their calls. */
#define GATE_WALKS_MOST 12
static void test_mm_calls_gate_counts(T *t)
{
    const char *const maps[] = {"dao/brc203d", "dao/orz303d", NULL};
    Loaded l;
    for (int m = 0; maps[m] && load_bench(t, maps[m], &l); m++) {
        const Entry *e;
        MmEntry *mm = prepare_spec(t, "mm", &l, &e);
        xyPath p = {0};
        size_t part[MM_PARTS], low = 0, most = 0;
        for (int i = 0; mm && i < l.sc.count; i++) {
            const ScenQuery *q = &l.sc.q[i];
            p.len = 0;
            for (bool done = false; !done;) {
                done = e->get_path(mm, q->start, q->goal, &p);
                size_t all = mm_bytes(mm, part), held = all - part[MM_PARTS - 1], total = mm_gate_total(mm);
                low += total && total < held;
                most = held > most ? held : most;
            }
        }
        CHECKF(t, mm && most + mm_budget(mm) / 16 > mm_budget(mm) / 100 * 97,
               "%s: held at most %zu of %zu, not near the line", maps[m], most, mm ? mm_budget(mm) : 0);
        CHECKF(t, low == 0, "%s: %zu calls ended with the gate's total below what the instance holds", maps[m], low);
        CHECKF(t, mm && mm->gate_walks <= GATE_WALKS_MOST, "%s: the gate walked %llu times", maps[m],
               mm ? (unsigned long long)mm->gate_walks : 0);
        if (mm)
            e->destroy(mm);
        path_free(&p);
        unload(&l);
    }
}

/* The edge cache's part growths (cache/edge_cache.h EDGE_CACHE_PART_MOST)
 * move few slots in a call: on a rooms map whose cache holds thousands of
 * legs under the budget's cap, no put moves more than PUT_MOVES_MOST
 * slots. With parts four times as large, its largest growths moved nearly
 * twice as many, most of the map's longest calls. */
#define PUT_MOVES_MOST 256
static void test_mm_calls_cache_parts_small(T *t)
{
    Loaded l;
    if (!load_bench(t, "rooms/8room_002", &l))
        return;
    const Entry *e;
    MmEntry *mm = prepare_spec(t, "mm", &l, &e);
    xyPath p = {0};
    for (int i = 0; mm && i < l.sc.count; i += t_thin(1)) {
        const ScenQuery *q = &l.sc.q[i];
        p.len = 0;
        for (bool done = false; !done;)
            done = e->get_path(mm, q->start, q->goal, &p);
    }
    CHECKF(t, mm && mm->cache.used > 2000 && mm->cache.cap_bytes, "8room_002: %u legs cached", mm ? mm->cache.used : 0);
    CHECKF(t, mm && mm->cache.grow_max <= PUT_MOVES_MOST, "8room_002: a put moved %u slots",
           mm ? mm->cache.grow_max : 0);
    if (mm)
        e->destroy(mm);
    path_free(&p);
    unload(&l);
}

/* The abstract search's begin (the hierarchy's walk up both ends'
 * ancestors, not paused) runs in a call of its own (refine/refiner_plan.c):
 * no bounded call both locates s and g and begins the search, on a rooms
 * map. Run together, they were the longest calls of the small-rooms map
 * whose queries mostly skip the route's JPS (results/reference/mm-paper/calls50.md). */
static void test_mm_calls_begin_alone(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/8room256-0", &l))
        return;
    const Entry *e;
    MmEntry *mm = prepare_spec(t, "mm", &l, &e);
    xyPath p = {0};
    int both = 0, began = 0;
    for (int i = 0; mm && i < l.sc.count; i += t_thin(1)) {
        const ScenQuery *q = &l.sc.q[i];
        const Refiner *r = &mm->refiner;
        p.len = 0;
        for (bool done = false, fresh = true; !done; fresh = false) {
            bool unlocated =
                fresh || r->stage == STAGE_ROUTES || (r->stage <= STAGE_ABSTRACT && r->plan_step < PLAN_SEARCH);
            bool waiting = unlocated || (r->stage <= STAGE_ABSTRACT && !r->paused); /* the search not begun */
            done = e->get_path(mm, q->start, q->goal, &p);
            bool begun = !done && r->plan_step == PLAN_SEARCH &&
                         ((r->stage == STAGE_ABSTRACT && r->paused) || r->stage > STAGE_ABSTRACT);
            began += waiting && begun;
            both += unlocated && begun;
        }
    }
    CHECKF(t, began > 0, "no call began the abstract search");
    CHECKF(t, both == 0, "%d of %d calls that began the abstract search located s and g too", both, began);
    if (mm)
        e->destroy(mm);
    path_free(&p);
    unload(&l);
}

/* Prepare runs the abstract route's refinement (entries/mm/mm_warm.c
 * mm_warm_refine): on a map whose routes answer the warm-up's corner
 * query, so that before it no search of a leg ran until the first query
 * past the routes, thousands of queries in, and that query's calls ran
 * locating, the hierarchy, the legs' A*, the first edge-cache put and
 * the window's joins for the first time in the process, the legs' A* has
 * searched once prepare is done; and the warm-up leaves the instance's
 * refiner (its routes, window and counts) and edge cache as they were:
 * run again, a center leg refined and taken from its own cache, they are
 * the same byte for byte. */
static void test_mm_calls_warm_refined(T *t)
{
    Loaded l;
    if (!load_bench(t, "rooms/64room_004", &l))
        return;
    const Entry *e;
    MmEntry *mm = prepare_spec(t, "mm", &l, &e);
    CHECKF(t, mm && mm->legs.astar.expanded > 0, "64room_004: no leg's A* ran at prepare");
    if (mm) {
        Refiner r = mm->refiner;
        EdgeCache c = mm->cache;
        const Window *w = &mm->refiner.win;
        size_t memo = w->memo ? (w->memo_n < WIN_MEMO_FIRST ? w->memo_n : WIN_MEMO_FIRST) * sizeof *w->memo : 0;
        JointMemo *joints = memo ? malloc(memo) : NULL;
        if (joints)
            memcpy(joints, w->memo, memo);
        uint64_t expanded = mm->legs.astar.expanded;
        CHECKF(t, mm_warm_refine(mm), "64room_004: the warm-up refined no center leg");
        CHECKF(t, mm->legs.astar.expanded > expanded, "64room_004: the warm-up ran no leg's A*");
        CHECKF(t, memcmp(&r, &mm->refiner, sizeof r) == 0, "64room_004: the warm-up changed the refiner");
        CHECKF(t, memcmp(&c, &mm->cache, sizeof c) == 0, "64room_004: the warm-up changed the edge cache");
        CHECKF(t, !memo || (joints && memcmp(joints, w->memo, memo) == 0), "64room_004: the warm-up changed the memo");
        free(joints);
        e->destroy(mm);
    }
    unload(&l);
}

/* The most expansions one search of the JPS tried first made, as its
 * tracer saw them (TRACE_SOURCE begins a search). */
typedef struct TrySeen {
    uint64_t now, most;
} TrySeen;

static void see_try(void *sink, const TraceEvent *ev)
{
    TrySeen *w = sink;
    w->now = ev->type == TRACE_SOURCE ? 0 : w->now + (ev->type == TRACE_EXPANDING);
    w->most = w->now > w->most ? w->now : w->most;
}

/* Where the profile sets a JPS reach (dao's default), prepare's corner to
 * corner query lies past it and tries the JPS only as far as a far try
 * goes: the JPS's code past that, and its first tiles, waited for the
 * run's first near query, whose first call they made the run's longest.
 * So the warm-up (entries/mm/mm_warm.c) also runs the JPS held to a near
 * try's cap: some search of the warm-up's expands more than a far try may. */
static void test_mm_calls_warm_past_reach(T *t)
{
    Loaded l;
    if (!load_bench(t, "dao/brc203d", &l))
        return;
    const Entry *e;
    MmEntry *mm = prepare_spec(t, "mm", &l, &e);
    const RoutesConfig *rc = mm ? &mm->cfg.refine.routes : NULL;
    CHECKF(t, rc && rc->jps_reach > 0 && rc->jps_cap > rc->far_cap,
           "brc203d: no JPS reach, or no near cap past the far one");
    if (rc) {
        TrySeen w = {0};
        Tracer tr = {see_try, &w, "test"};
        mm->legs.jps.tracer = &tr;
        mm_warm_up(mm);
        mm->legs.jps.tracer = NULL;
        CHECKF(t, w.most > (uint64_t)rc->far_cap,
               "brc203d: the warm-up's JPS expanded at most %llu a search, no more than a far try's %d",
               (unsigned long long)w.most, rc->far_cap);
    }
    if (mm)
        e->destroy(mm);
    unload(&l);
}

/* On a 4-wide maze (the corridors row, entries/mm/mm_profile_config.c
 * CORRIDORS_IDLE_LEGS) no call joins more legs than that (its legs_per_call
 * is fewer): a query's first cells wait for the window to hold `hold`
 * cells, and one call joined every leg until then. Counted in legs joined,
 * not time; the paths valid. */
static void test_mm_calls_idle_legs_bounded(T *t)
{
    Loaded l;
    if (!load_named(t, "mazes/maze256-4-0", &l))
        return;
    const Entry *e;
    MmEntry *mm = prepare_spec(t, "mm", &l, &e);
    const Refiner *r = mm ? &mm->refiner : NULL;
    CHECKF(t, r && r->cfg.idle_legs > 0, "maze256-4-0: no bound on the legs of a call that hands out nothing");
    xyPath p = {0};
    uint64_t most = 0, calls = 0;
    int invalid = 0;
    for (int i = 0; r && i < l.sc.count; i += t_thin(4)) {
        const ScenQuery *q = &l.sc.q[i];
        p.len = 0;
        for (bool done = false; !done; calls++) {
            uint64_t legs = r->stats.legs;
            done = e->get_path(mm, q->start, q->goal, &p);
            most = r->stats.legs - legs > most ? r->stats.legs - legs : most;
        }
        invalid += !path_validate(&l.g, q->start, q->goal, p.cells, p.len, NULL, NULL, 0);
    }
    CHECKF(t, invalid == 0, "maze256-4-0: %d invalid paths", invalid);
    CHECKF(t, r && most > 0 && most <= (uint64_t)r->cfg.idle_legs,
           "maze256-4-0: a call joined %llu legs, more than %d (%llu calls)", (unsigned long long)most,
           r ? r->cfg.idle_legs : 0, (unsigned long long)calls);
    if (mm)
        e->destroy(mm);
    path_free(&p);
    unload(&l);
}

/* The calls whose legs' A* grew its pages (a near box's search past a
 * center leg's two sectors) fault on no fresh memory: prepare wrote the
 * heap the instance may grow into within its budget (entries/mm/mm_gate.c
 * mm_gate_warm_room). On dao/lak519d and brc997d those growths had faulted
 * (their calls the maps' longest). With no JPS tried first (jps=0), so
 * that their near queries take the box: with it, the JPS answers the
 * queries whose boxes grew the pages. Faults counted by the thread's minor
 * faults around each call; not under ASan, whose allocator is its own.
 * First in its suite (one process a suite, tests/run_all.py): the heap
 * that earlier tests wrote and freed would hide the faults. */
static void test_mm_calls_growth_no_faults(T *t)
{
    if (T_SANITIZED) {
        t_skip(t, "the plain build only: ASan's allocator is its own");
        return;
    }
    const char *maps[] = {"dao/lak519d", "dao/brc997d", NULL};
    Loaded l;
    for (int m = 0; maps[m] && load_bench(t, maps[m], &l); m++) {
        const Entry *e;
        MmEntry *mm = prepare_spec(t, "mm:jps=0", &l, &e);
        const AStarPages *pg = mm ? &mm->legs.astar.pg : NULL;
        long faults = 0;
        uint64_t grown = 0;
        xyPath p = {0};
        for (int i = 0; pg && i < l.sc.count; i++) {
            p.len = 0;
            for (bool done = false; !done;) {
                uint64_t grows = pg->grows;
                long before = faults_now().minor;
                done = e->get_path(mm, l.sc.q[i].start, l.sc.q[i].goal, &p);
                if (pg->grows != grows) {
                    faults += faults_now().minor - before;
                    grown++;
                }
            }
        }
        CHECKF(t, grown > 0, "%s: no call grew the legs' pages", maps[m]);
        CHECKF(t, faults == 0, "%s: %ld minor faults in the %llu calls that grew the legs' pages", maps[m], faults,
               (unsigned long long)grown);
        if (mm)
            e->destroy(mm);
        path_free(&p);
        unload(&l);
    }
}

/* A leg joins on the work a call has left (its waypoints made in pieces,
 * refine/window.h win_add_run): no bounded call both ends a corridor
 * step's search (its expansions, its path, its window blanked) and ends
 * the join of a leg longer than the rest of its work joins
 * (JOIN_CELLS_PER_WORK), on a random map whose steps look 16 regions
 * ahead, so that their legs are long; some such legs join, in later
 * calls. Joined whole after the search that found them, they made the
 * random maps' longest calls (results/reference/mm-paper/stages63.md). */
static void test_mm_calls_long_join_alone(T *t)
{
    Loaded l;
    if (!load_named(t, "random/random256-40-0", &l))
        return;
    const Entry *e;
    MmEntry *mm = prepare_spec(t, "mm:ahead=16", &l, &e);
    xyPath p = {0};
    int stacked = 0, long_joins = 0;
    for (int i = 0; mm && i < l.sc.count; i += t_thin(1)) {
        const Refiner *r = &mm->refiner;
        /* a call that expanded spent two units at least (JPS_EXPANSION_WORK / LEG_JPS_WORK) */
        size_t most = (size_t)(r->cfg.work - 2) * JOIN_CELLS_PER_WORK;
        p.len = 0;
        for (bool done = false; !done;) {
            bool waiting = r->planned && !r->joining; /* a leg planned, its join waiting */
            /* its step's search, or its window's blanking, not ended yet */
            bool searching = mm->legs.cjps_stage == CJPS_SEARCH || mm->legs.cjps_stage == CJPS_BLANK;
            uint64_t legs = r->stats.legs, expanded = refiner_refine_expanded(&mm->refiner);
            done = e->get_path(mm, l.sc.q[i].start, l.sc.q[i].goal, &p);
            bool joined = (waiting || r->stats.legs > legs) && (r->joining || !r->planned);
            if (joined && r->scratch.len >= most) {
                long_joins++;
                stacked += searching || refiner_refine_expanded(&mm->refiner) > expanded;
            }
        }
    }
    CHECKF(t, long_joins > 10 && stacked == 0, "%d of %d calls that joined a long leg ended its search too", stacked,
           long_joins);
    if (mm)
        e->destroy(mm);
    path_free(&p);
    unload(&l);
}

/* A cache put that grows its part (the part's slots moved into a block a
 * quarter larger) or steps an eviction waits for a call with the work for
 * it (refine/refiner_legs.c, edge_cache_put_slots): no bounded call both
 * expands nodes and grows a part, on a maze whose parts grow as its legs
 * are cached; the search's last expansions, the leg's smoothing and the
 * part's growth in one call were a maze's longest calls
 * (results/reference/mm-paper/stages63.md). */
static void test_mm_calls_part_growth_alone(T *t)
{
    Loaded l;
    if (!load_named(t, "mazes/maze256-8-0", &l))
        return;
    const Entry *e;
    MmEntry *mm = prepare_spec(t, "mm", &l, &e);
    xyPath p = {0};
    int stacked = 0, grew = 0;
    for (int i = 0; mm && i < l.sc.count; i += t_thin(1)) {
        p.len = 0;
        for (bool done = false; !done;) {
            uint64_t slots = mm->cache.slots, expanded = refiner_refine_expanded(&mm->refiner);
            done = e->get_path(mm, l.sc.q[i].start, l.sc.q[i].goal, &p);
            if (mm->cache.slots > slots) {
                grew++;
                stacked += refiner_refine_expanded(&mm->refiner) > expanded;
            }
        }
    }
    CHECKF(t, grew > 10 && stacked == 0, "%d of %d calls that grew a cache part expanded too", stacked, grew);
    if (mm)
        e->destroy(mm);
    path_free(&p);
    unload(&l);
}

const TestCase MM_CALLS_TESTS[] = {
    {"mm_calls_growth_no_faults", test_mm_calls_growth_no_faults}, /* first: see its comment */
    {"mm_calls_gate_counts", test_mm_calls_gate_counts},
    {"mm_calls_cache_parts_small", test_mm_calls_cache_parts_small},
    {"mm_calls_first_reserved", test_mm_calls_first_reserved},
    {"mm_calls_stages_apart", test_mm_calls_stages_apart},
    {"mm_calls_astar_rate", test_mm_calls_astar_rate},
    {"mm_calls_begin_alone", test_mm_calls_begin_alone},
    {"mm_calls_warm_refined", test_mm_calls_warm_refined},
    {"mm_calls_warm_past_reach", test_mm_calls_warm_past_reach},
    {"mm_calls_idle_legs_bounded", test_mm_calls_idle_legs_bounded},
    {"mm_calls_long_join_alone", test_mm_calls_long_join_alone},
    {"mm_calls_part_growth_alone", test_mm_calls_part_growth_alone},
    {NULL, NULL},
};
