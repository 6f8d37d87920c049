/* The JPS's node state (search/jps.h): it grows in pieces of bounded work,
 * a grown search is traced once, its owner's gate is asked before it
 * grows, a found path waits for a run with the work for it, a paused
 * search's JPS may be tiled, two JPS may share it, and a warm-up's
 * searches run from the middle and leave no trace in the answers. Its
 * variants' answers: test_jps_answers.c. */
#include <string.h>

#include "../../grid/grid.h"
#include "../../search/jps.h"
#include "jps_three.h"
#include "test.h"

static void count_trace_type(void *sink, const TraceEvent *e) { ((long *)sink)[e->type]++; }

/* rooms/16room256-0 and a JPS on it whose node state grows (JPS_NODES_GROW),
 * two when `second` is not NULL. */
static bool load_growing_jps(T *t, Loaded *l, Jps *j, Jps *second)
{
    if (!load_named(t, "rooms/16room256-0", l))
        return false;
    Err err;
    CHECK(t, jps_init_bounded(j, &l->g, false, JPS_NODES_GROW, &err));
    CHECK(t, !second || jps_init_bounded(second, &l->g, false, JPS_NODES_GROW, &err));
    return true;
}

/* A traced search that grows its node state and begins again reports one
 * source, one destination and one end: the restart is the same search. */
static void test_jps_grown_search_traced_once(T *t)
{
    Loaded l;
    Jps j;
    if (!load_growing_jps(t, &l, &j, NULL))
        return;
    long n[TRACE_END + 1];
    Tracer tr = {count_trace_type, n, "test"};
    j.tracer = &tr;
    xyPath p = {0};
    int wrong = 0, grew = 0;
    for (int k = 0; k < l.sc.count; k += 7 * t_thin(1)) {
        memset(n, 0, sizeof n);
        uint64_t grown = j.grown;
        p.len = 0;
        jps_find_capped(&j, l.sc.q[k].start, l.sc.q[k].goal, UINT64_MAX, &p);
        grew += j.grown > grown;
        wrong += n[TRACE_SOURCE] != 1 || n[TRACE_DESTINATION] != 1 || n[TRACE_END] != 1;
    }
    CHECKF(t, grew > 0 && wrong == 0, "%d searches grew, %d of them with other than one source, destination, end", grew,
           wrong);
    path_free(&p);
    jps_free(&j);
    unload(&l);
}

/* A growing JPS (jps_init_bounded, JPS_NODES_GROW) run in pieces of one
 * unit of work finds what a whole run finds, and a search that outgrows its
 * node slots zeroes the grown ones a bounded piece per run
 * (JPS_ZERO_SLOTS_PER_WORK) before it begins again: no run pays for them
 * whole. */
static void test_jps_grows_in_pieces(T *t)
{
    Loaded l;
    Jps whole, parts;
    if (!load_growing_jps(t, &l, &whole, &parts))
        return;
    xyPath p = {0}, q = {0};
    int differ = 0, zeroing = 0;
    uint32_t most = 0;
    for (int k = 0; k < l.sc.count; k += 7 * t_thin(1)) {
        xyLoc s = l.sc.q[k].start, g = l.sc.q[k].goal;
        p.len = q.len = 0;
        JpsResult a = jps_find_capped(&whole, s, g, UINT64_MAX, &p), b = JPS_NONE;
        if (jps_begin(&parts, s, g, UINT64_MAX)) {
            do {
                uint64_t work = 1;
                uint32_t zeroed = parts.open.zeroed;
                b = jps_run(&parts, &work, &q);
                if (parts.open.zeroed < parts.open.count)
                    zeroing++;
                if (parts.open.zeroed > zeroed && parts.open.zeroed - zeroed > most)
                    most = parts.open.zeroed - zeroed;
            } while (b == JPS_PAUSED);
        }
        differ += a != b || !t_same_path(&p, &q);
    }
    CHECKF(t,
           differ == 0 && parts.grown > 2 && parts.grown == whole.grown && zeroing > 20 &&
               most <= JPS_ZERO_SLOTS_PER_WORK,
           "%d differ; grown %llu and %llu times, %d runs zeroing, at most %u slots a run", differ,
           (unsigned long long)parts.grown, (unsigned long long)whole.grown, zeroing, most);
    path_free(&p);
    path_free(&q);
    jps_free(&whole);
    jps_free(&parts);
    unload(&l);
}

/* A found path waits for a run of its own where the run that found it had
 * expanded nodes and has less work left than the path takes
 * (JPS_UNWIND_POINTS, JPS_UNWIND_CELLS): run in pieces of 24 units, no run
 * both expands and appends a path it had not the work for, some paths wait,
 * and every answer is the whole search's. */
static void test_jps_path_waits_for_its_run(T *t)
{
    Loaded l;
    Jps whole, parts;
    if (!load_growing_jps(t, &l, &whole, &parts))
        return;
    xyPath p = {0}, q = {0};
    int differ = 0, waited = 0, stacked = 0, found = 0;
    for (int k = 0; k < l.sc.count; k += 3 * t_thin(1)) {
        xyLoc s = l.sc.q[k].start, g = l.sc.q[k].goal;
        p.len = q.len = 0;
        JpsResult a = jps_find_capped(&whole, s, g, UINT64_MAX, &p), b = JPS_NONE;
        if (jps_begin(&parts, s, g, UINT64_MAX)) {
            do {
                uint64_t work = 24, expanded = parts.expanded;
                size_t len = q.len;
                b = jps_run(&parts, &work, &q);
                bool grew = parts.expanded > expanded;
                waited += b == JPS_PAUSED && parts.unwind_n > 0;
                /* at least what the path appended cost: its cells' share, without its points' */
                uint64_t cost = (q.len - len) / JPS_UNWIND_CELLS;
                stacked += grew && b == JPS_FOUND && cost > 24;
            } while (b == JPS_PAUSED);
        }
        found += b == JPS_FOUND;
        differ += a != b || !t_same_path(&p, &q);
    }
    CHECKF(
        t, differ == 0 && waited > 0 && stacked == 0 && found > 20,
        "%d differ, %d paths waited for a run of their own, %d appended after expanding past the run's work, %d found",
        differ, waited, stacked, found);
    path_free(&p);
    path_free(&q);
    jps_free(&whole);
    jps_free(&parts);
    unload(&l);
}

/* The owner's grow gate (Jps.gate, common/grow.h): asked before every
 * growth of the node state (its bypass stack in the trace included, not the
 * trace's growth for a found path's chain: jps_grow_trace) with the bytes
 * it adds (what the JPS held at each ask, the trace apart, is what it held
 * after the growths asked before), so an owner may tile the transposed
 * rows there (entries/mm/mm_budget.c); and tiling a JPS whose search is
 * paused between runs changes no search: a JPS tiled by its gate and one
 * tiled between two runs of a paused search answer as one that keeps its
 * whole rows, each run in pieces of a few units of work. */
typedef struct GateSeen {
    Jps *j;
    size_t asks, asked, start, wrong;
} GateSeen;

/* What j holds but its trace. */
static size_t untraced(const Jps *j) { return jps_bytes(j) - j->trace_cap * sizeof *j->trace; }

static bool tile_at_ask(void *ctx, size_t more)
{
    GateSeen *g = ctx;
    Err err;
    g->wrong += untraced(g->j) != g->start + g->asked; /* every growth so far asked first */
    if (!g->j->tiled) {
        g->wrong += !jps_tile_cols(g->j, 4, &err) || !g->j->tiled;
        g->start = untraced(g->j) - g->asked; /* the rows' saving apart */
    }
    g->asks++;
    g->asked += more - (g->j->nbypass >= g->j->trace_cap ? g->j->trace_cap * sizeof *g->j->trace : 0);
    return true;
}

/* Runs j's search s -> g in pieces of `piece` work; `tile_at` > 0: tiles j
 * (4 slots) after that many pauses, with the search paused. */
static JpsResult run_in_pieces(Jps *j, xyLoc s, xyLoc g, uint64_t piece, int tile_at, xyPath *p)
{
    Err err;
    if (!jps_begin(j, s, g, UINT64_MAX))
        return JPS_NONE;
    JpsResult r;
    for (int pauses = 0; (r = jps_run(j, &(uint64_t){piece}, p)) == JPS_PAUSED;)
        if (++pauses == tile_at && !jps_tile_cols(j, 4, &err))
            return JPS_CAPPED;
    return r;
}

static void test_jps_gate_and_paused_tiling(T *t)
{
    JpsThree f;
    if (!jps_three_open(t, NULL, &f))
        return;
    Jps *whole = &f.j[0], *gated = &f.j[1], *paused = &f.j[2];
    CHECK(t, !whole->tiled && jps_tile_saving(whole, 4) > 0); /* a whole copy, which tiles would shrink */
    GateSeen seen = {.j = gated, .start = untraced(gated)};
    gated->gate = (GrowGate){tile_at_ask, &seen};
    int differ = 0;
    for (int k = 0; k < f.l.sc.count; k += 7 * t_thin(1)) {
        xyLoc s = f.l.sc.q[k].start, g = f.l.sc.q[k].goal;
        f.p[0].len = f.p[1].len = f.p[2].len = 0;
        JpsResult r[3] = {jps_find_capped(whole, s, g, UINT64_MAX, &f.p[0]), run_in_pieces(gated, s, g, 5, 0, &f.p[1]),
                          run_in_pieces(paused, s, g, 5, paused->tiled ? 0 : 3, &f.p[2])};
        differ += three_differ(r, f.p);
    }
    CHECKF(t,
           differ == 0 && gated->grown > 0 && seen.asks >= gated->grown && seen.wrong == 0 &&
               untraced(gated) == seen.start + seen.asked && gated->tiled && paused->tiled && !whole->tiled,
           "%d differ; grown %llu times, %zu asks (%zu wrong), asked %zu bytes from %zu, holds %zu; tiled %d %d",
           differ, (unsigned long long)gated->grown, seen.asks, seen.wrong, seen.asked, seen.start, untraced(gated),
           gated->tiled, paused->tiled);
    jps_three_close(&f);
}

/* Two JPS sharing one node state (jps_share_nodes), searching in turn,
 * answer as a JPS with its own; the pair counts the state once; a begun
 * search another's begin overtook is given up (JPS_CAPPED, never a wrong
 * "no path"); freeing one leaves the state to the other. */
static void test_jps_shared_nodes(T *t)
{
    Loaded l;
    Jps alone, a, b;
    if (!load_growing_jps(t, &l, &alone, &a))
        return;
    Err err;
    CHECK(t, jps_init_bounded(&b, &l.g, false, JPS_NODES_GROW, &err));
    CHECK(t, jps_share_nodes(&b, &a) && !jps_share_nodes(&b, &a) && a.share == &b && !b.open.node);
    xyPath p = {0}, q = {0};
    int differ = 0, n = 0;
    for (int k = 0; k < l.sc.count; k += 7 * t_thin(1), n++) {
        xyLoc s = l.sc.q[k].start, g = l.sc.q[k].goal;
        p.len = q.len = 0;
        JpsResult want = jps_find_capped(&alone, s, g, UINT64_MAX, &p);
        JpsResult got = jps_find_capped(n % 3 ? &a : &b, s, g, UINT64_MAX, &q);
        differ += want != got || !t_same_path(&p, &q);
    }
    size_t own = jps_bytes(&alone), pair = jps_bytes(&a) + jps_bytes(&b), map = jps_bytes(&b);
    xyLoc s = l.sc.q[0].start, g = l.sc.q[0].goal;
    uint64_t work = 0;
    q.len = 0;
    CHECK(t, jps_begin(&a, s, g, UINT64_MAX) && jps_run(&a, &work, &q) == JPS_PAUSED);
    CHECK(t, jps_begin(&b, s, g, UINT64_MAX));
    work = UINT64_MAX;
    JpsResult overtaken = jps_run(&a, &work, &q);
    jps_free(&a);
    p.len = q.len = 0;
    JpsResult want = jps_find_capped(&alone, s, g, UINT64_MAX, &p), got = jps_find_capped(&b, s, g, UINT64_MAX, &q);
    CHECKF(t,
           differ == 0 && overtaken == JPS_CAPPED && want == got && p.len == q.len && !b.share && pair <= own + map &&
               jps_bytes(&b) > map,
           "%d of %d differ; the pair %zu bytes, alone %zu (its map part %zu); overtaken %d", differ, n, pair, own, map,
           (int)overtaken);
    path_free(&p);
    path_free(&q);
    jps_free(&alone);
    jps_free(&b);
    unload(&l);
}

/* What jps_warm_up's searches reported: their ends, their expansions. */
typedef struct WarmSeen {
    int searches, expanding;
    xyLoc source[16], destination[16];
} WarmSeen;

static void see_warm(void *sink, const TraceEvent *e)
{
    WarmSeen *w = sink;
    if (e->type == TRACE_SOURCE && w->searches < 16)
        w->source[w->searches] = e->cell;
    if (e->type == TRACE_DESTINATION && w->searches < 16)
        w->destination[w->searches++] = e->cell;
    w->expanding += e->type == TRACE_EXPANDING;
}

/* jps_warm_up: sixteen searches, each between the cell nearest the middle
 * and one of eight far cells, each way, all of them run (expansions seen),
 * none counted in `expanded`, and the JPS answers afterwards as a fresh
 * one does. */
static void test_jps_warm_up_from_the_middle(T *t)
{
    Loaded l;
    Jps j, fresh;
    if (!load_growing_jps(t, &l, &j, &fresh))
        return;
    WarmSeen w = {0};
    Tracer tr = {see_warm, &w, "test"};
    j.tracer = &tr;
    uint64_t expanded = j.expanded;
    jps_warm_up(&j, 256);
    j.tracer = NULL;
    /* Search 2i from far cell i to the middle, 2i + 1 back. */
    xyLoc mid = w.destination[0];
    int through_middle = 0, far = 0;
    for (int i = 0; i < w.searches; i++) {
        xyLoc m = i % 2 ? w.source[i] : w.destination[i], o = i % 2 ? w.destination[i] : w.source[i];
        through_middle += m.x == mid.x && m.y == mid.y;
        far += i % 2 == 0 && (o.x != mid.x || o.y != mid.y);
    }
    CHECKF(t,
           w.searches == 16 && through_middle == 16 && far == 8 && w.expanding > 16 && j.expanded == expanded &&
               !j.running,
           "%d searches, %d through the middle, %d far, %d expansions, expanded %llu -> %llu", w.searches,
           through_middle, far, w.expanding, (unsigned long long)expanded, (unsigned long long)j.expanded);
    xyPath p = {0}, q = {0};
    int differ = 0;
    for (int k = 0; k < l.sc.count; k += 13 * t_thin(1)) {
        p.len = q.len = 0;
        JpsResult a = jps_find_capped(&j, l.sc.q[k].start, l.sc.q[k].goal, UINT64_MAX, &p);
        JpsResult b = jps_find_capped(&fresh, l.sc.q[k].start, l.sc.q[k].goal, UINT64_MAX, &q);
        differ += a != b || !t_same_path(&p, &q);
    }
    CHECKF(t, differ == 0, "%d answers differ from a fresh JPS's", differ);
    path_free(&p);
    path_free(&q);
    jps_free(&j);
    jps_free(&fresh);
    unload(&l);
}

const TestCase JPS_TESTS[] = {
    {"jps_shared_nodes", test_jps_shared_nodes},
    {"jps_grows_in_pieces", test_jps_grows_in_pieces},
    {"jps_path_waits_for_its_run", test_jps_path_waits_for_its_run},
    {"jps_grown_search_traced_once", test_jps_grown_search_traced_once},
    {"jps_gate_and_paused_tiling", test_jps_gate_and_paused_tiling},
    {"jps_warm_up_from_the_middle", test_jps_warm_up_from_the_middle},
    {NULL, NULL},
};
