/* The leg planner's corridor JPS (refine/legplan.h legplan_corridor_jps_begin):
 * in pieces it finds what it finds whole, its window painted a band at a time
 * and blanked in a call with the work for it, blank again after each search
 * or drop; it finds what the corridor A* finds; bounded, it gives up and
 * widens; and mm's corridor steps stay valid across map changes. */
#include <stdlib.h>
#include <string.h>

#include "../../abstraction/abstraction.h"
#include "../../grid/validate.h"
#include "../../refine/legplan.h"
#include "../../search/jps.h"
#include "test.h"

/* random256-30-0, its abstraction and a leg planner with corridor JPS
 * (false: the map is not there, the test skips). */
static bool corridor_planner(T *t, Loaded *l, Abstraction *a, LegPlanner *lp)
{
    Err err;
    if (!load_named(t, "random/random256-30-0", l))
        return false;
    CHECK(t, abs_build(a, &l->g, 16, true, &err) && legplan_init(lp, &l->g, a, &err) &&
                 legplan_enable_corridor_jps(lp, 3, 0, &err));
    return true;
}

/* What corridor_planner made, let go. */
static void corridor_planner_free(Loaded *l, Abstraction *a, LegPlanner *lp)
{
    legplan_free(lp);
    abs_free(a);
    unload(l);
}

/* Cells of the corridor JPS's copy (a window of the map) left painted (0:
 * blank). */
static size_t painted_cells(const LegPlanner *lp)
{
    size_t open = 0;
    for (int y = 0; y < lp->cjps->grid.height; y++)
        for (int x = 0; x < lp->cjps->grid.width; x++)
            open += grid_passable(&lp->cjps->grid, x, y) + bitrows_get(&lp->cjps->rows, y + 1, x + 1) +
                    bitrows_get(&lp->cjps->cols, x + 1, y + 1);
    return open;
}

/* The corridor's sectors from s's to g's, a staircase, diagonal steps
 * first, under a new mark (returned). */
static uint32_t mark_staircase(LegPlanner *lp, const Abstraction *a, xyLoc s, xyLoc g)
{
    uint32_t mark = legplan_new_mark(lp);
    int sx = s.x / a->S, sy = s.y / a->S, gx = g.x / a->S, gy = g.y / a->S;
    for (;;) {
        legplan_add_sector(lp, sy * a->sw + sx, mark);
        if (sx == gx && sy == gy)
            break;
        sx += (gx > sx) - (gx < sx);
        sy += (gy > sy) - (gy < sy);
    }
    return mark;
}

/* A corridor search in pieces of one unit of work (painting, JPS, blanking,
 * the whole map's A*: legplan_corridor_jps_begin/_resume) appends the cells
 * it appends whole; one dropped midway (a new mark) leaves the copy blank. */
static void test_legs_corridor_jps_in_pieces(T *t)
{
    Loaded l;
    Abstraction a;
    LegPlanner lp;
    if (!corridor_planner(t, &l, &a, &lp))
        return;
    xyPath p = {0}, q = {0};
    int differ = 0, paused = 0, dropped = 0, found = 0, step = t_thin(1);
    for (int k = 0; k < 120; k += step) {
        const ScenQuery *sq = &l.sc.q[(size_t)k * (size_t)l.sc.count / 120];
        xyLoc s = sq->start, g = sq->goal;
        mark_staircase(&lp, &a, s, g);
        p.len = q.len = 0;
        bool whole = legplan_corridor_jps(&lp, s, g, &p);
        found += whole;
        mark_staircase(&lp, &a, s, g);
        legplan_call(&lp, 1);
        LegResult r = legplan_corridor_jps_begin(&lp, s, g, &q);
        int pieces = 0;
        for (; r == LEG_PAUSED && (k % 3 || pieces < 2); pieces++) {
            legplan_call(&lp, 1);
            r = legplan_corridor_jps_resume(&lp, &q);
        }
        paused += pieces > 0;
        if (r == LEG_PAUSED) { /* every third query: dropped midway */
            legplan_new_mark(&lp);
            dropped++;
        } else if ((r == LEG_FOUND) != whole || !t_same_path(&p, &q)) {
            differ++;
        }
        legplan_call(&lp, UINT64_MAX);
    }
    size_t open = painted_cells(&lp);
    CHECKF(t, differ == 0 && paused > 10 && dropped > 3 && found > 10 && open == 0,
           "%d in pieces differ from whole (%d paused, %d dropped, %d found), %zu cells left painted", differ, paused,
           dropped, found, open);
    path_free(&p);
    path_free(&q);
    corridor_planner_free(&l, &a, &lp);
}

/* A corridor is painted a band of a sector's lines at a time on the calls'
 * work (legplan_corridor.c paint_lines): on a unit a call, the first call
 * leaves the copy part painted, and the painting ends in as many calls as
 * the corridor has bands, rows and columns, at most; painted whole at once,
 * a long corridor's painting was a call of its own several times a call's
 * work. */
static void test_legs_corridor_paints_in_bands(T *t)
{
    Loaded l;
    Abstraction a;
    LegPlanner lp;
    if (!corridor_planner(t, &l, &a, &lp))
        return;
    xyPath q = {0};
    int queries = 0, partly = 0, too_many = 0;
    for (int k = 0; k < l.sc.count; k += 10 * t_thin(1)) {
        xyLoc s = l.sc.q[k].start, g = l.sc.q[k].goal;
        if (abs(s.x - g.x) < 3 * a.S && abs(s.y - g.y) < 3 * a.S)
            continue; /* a corridor of a few bands */
        queries++;
        mark_staircase(&lp, &a, s, g);
        q.len = 0;
        legplan_call(&lp, 1);
        LegResult r = legplan_corridor_jps_begin(&lp, s, g, &q);
        size_t first = painted_cells(&lp);
        int calls = 1;
        while (r == LEG_PAUSED && lp.cjps_stage == CJPS_PAINT) {
            legplan_call(&lp, 1);
            r = legplan_corridor_jps_resume(&lp, &q);
            calls++;
        }
        size_t whole = painted_cells(&lp);
        int bands = (lp.cjps_hi.x - 1) / a.S - lp.cjps_lo.x / a.S + (lp.cjps_hi.y - 1) / a.S - lp.cjps_lo.y / a.S + 2;
        partly += first > 0 && first < whole;
        too_many += calls > bands + 1;
        legplan_new_mark(&lp); /* dropped, blanked */
    }
    legplan_call(&lp, UINT64_MAX);
    CHECKF(
        t, queries > 10 && partly == queries && too_many == 0 && painted_cells(&lp) == 0,
        "%d of %d corridors part painted after the first call, %d took more calls than bands, %zu cells left painted",
        partly, queries, too_many, painted_cells(&lp));
    path_free(&q);
    corridor_planner_free(&l, &a, &lp);
}

/* A corridor's window is blanked in a call with the work for it
 * (legplan_fits: a unit and one a LEG_BLANK_LINES lines): on calls of 12
 * units, some steps' blanking waits for the next call though the call has
 * work left, the window is blank after each step, and the steps find what
 * they find run whole. */
static void test_legs_corridor_blank_waits(T *t)
{
    Loaded l;
    Abstraction a;
    LegPlanner lp;
    if (!corridor_planner(t, &l, &a, &lp))
        return;
    xyPath p = {0}, q = {0};
    int waited = 0, differ = 0, left_painted = 0;
    for (int k = 0; k < l.sc.count; k += 5 * t_thin(1)) {
        xyLoc s = l.sc.q[k].start, g = l.sc.q[k].goal;
        p.len = q.len = 0;
        mark_staircase(&lp, &a, s, g);
        bool whole = legplan_corridor_jps(&lp, s, g, &p);
        mark_staircase(&lp, &a, s, g);
        legplan_call(&lp, 12);
        LegResult r = legplan_corridor_jps_begin(&lp, s, g, &q);
        while (r == LEG_PAUSED) {
            waited += lp.cjps_stage == CJPS_BLANK && lp.work > 0;
            legplan_call(&lp, 12);
            r = legplan_corridor_jps_resume(&lp, &q);
        }
        left_painted += painted_cells(&lp) > 0;
        differ += (r == LEG_FOUND) != whole || !t_same_path(&p, &q);
    }
    legplan_call(&lp, UINT64_MAX);
    CHECKF(t, waited > 0 && differ == 0 && left_painted == 0,
           "%d blankings waited with work left; %d steps differ from whole; %d left the window painted", waited, differ,
           left_painted);
    path_free(&p);
    path_free(&q);
    corridor_planner_free(&l, &a, &lp);
}

/* Corridor legs by JPS over the painted corridor (legplan_corridor_jps) find a
 * path wherever the corridor A* (legplan_within) does, of the same length
 * or shorter (through the cells beside a corner), without widening, also
 * where the corridor turns through a sector corner
 * (each query's corridor is a staircase of sectors, diagonal steps first);
 * and the painted copy is blank again after every search. */
static void test_legs_corridor_jps_matches_astar(T *t)
{
    Loaded l;
    Abstraction a;
    LegPlanner lp;
    if (!corridor_planner(t, &l, &a, &lp))
        return;
    xyPath p = {0}, q = {0};
    int found = 0, mismatched = 0, invalid = 0;
    for (int k = 0; k < 400; k++) { /* spread over the buckets, short to long */
        const ScenQuery *sq = &l.sc.q[(size_t)k * (size_t)l.sc.count / 400];
        xyLoc s = sq->start, g = sq->goal;
        uint32_t mark = mark_staircase(&lp, &a, s, g);
        p.len = q.len = 0;
        bool by_astar = legplan_within(&lp, s, g, mark, 1.0, 0, &p) == LEG_FOUND;
        uint64_t widened = lp.fallbacks;
        bool by_jps = legplan_corridor_jps(&lp, s, g, &q);
        found += by_astar;
        /* JPS may also pass the two cells beside a corner the corridor turns
         * through (legs.c paint_corners), so it may find more, never less. */
        if (by_astar &&
            (!by_jps || lp.fallbacks != widened || path_length(q.cells, q.len) > path_length(p.cells, p.len) + 1e-6))
            mismatched++;
        if (by_jps && (path_first_fault(&l.g, q.cells, q.len) >= 0 || q.cells[0].x != s.x || q.cells[0].y != s.y ||
                       q.cells[q.len - 1].x != g.x || q.cells[q.len - 1].y != g.y))
            invalid++;
    }
    size_t open = painted_cells(&lp);
    CHECKF(t, found >= 50 && mismatched == 0 && invalid == 0 && open == 0,
           "%d corridor paths by A*: %d differ by JPS, %d invalid, %zu cells left painted", found, mismatched, invalid,
           open);
    path_free(&p);
    path_free(&q);
    corridor_planner_free(&l, &a, &lp);
}

/* mm's corridor steps by JPS on a random map whose cells change (update()
 * opens and closes cells; the painted copy paints from the changed map and
 * its open list grows with it): every path valid, g reached where the
 * changed map connects it. */
static void test_legs_corridor_jps_after_updates(T *t)
{
    Loaded l;
    if (!load_named(t, "random/random256-30-0", &l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, "mm:refine=corridor,jps=0,near=0,direct=0", &l, &e);
    uint64_t seed = 3;
    int checked = 0, bad = 0;
    for (int round = 0; inst && round < 3; round++) {
        flip_random_cells(t, e, inst, &l, 64, &seed);
        int replayed = 0;
        bad += replay_valid(t, e, inst, &l, round, 23, &replayed);
        checked += replayed;
    }
    CHECKF(t, checked > 100 && bad == 0 && (!inst || entry_counter(e, inst, "ahead") > 0),
           "%d of %d queries after updates wrong", bad, checked);
    if (inst)
        e->destroy(inst);
    unload(&l);
}

/* Bounded (legplan_enable_corridor_jps's nodes), a corridor search that would reach
 * more nodes answers LEG_CAPPED with nothing appended and the window blank,
 * and widened then (legplan_corridor_widen) finds a valid path; one within
 * the bound appends the unbounded planner's cells. */
static void test_legs_corridor_jps_bounded(T *t)
{
    Loaded l;
    Abstraction a;
    LegPlanner lp, lb;
    if (!corridor_planner(t, &l, &a, &lp))
        return;
    Err err;
    CHECK(t, legplan_init(&lb, &l.g, &a, &err) && legplan_enable_corridor_jps(&lb, 3, 96, &err));
    xyPath p = {0}, q = {0};
    int capped = 0, within = 0, differ = 0, invalid = 0, step = t_thin(1);
    size_t left = 0;
    for (int k = 0; k < 200; k += step) {
        const ScenQuery *sq = &l.sc.q[(size_t)k * (size_t)l.sc.count / 200];
        xyLoc s = sq->start, g = sq->goal;
        mark_staircase(&lp, &a, s, g);
        mark_staircase(&lb, &a, s, g);
        p.len = q.len = 0;
        bool whole = legplan_corridor_jps(&lp, s, g, &p);
        LegResult r = legplan_corridor_jps_begin(&lb, s, g, &q);
        if (r == LEG_CAPPED) {
            capped++;
            left += painted_cells(&lb) + q.len;
            r = legplan_corridor_widen(&lb, &q);
            if (r != LEG_FOUND || path_first_fault(&l.g, q.cells, q.len) >= 0 || q.cells[0].x != s.x ||
                q.cells[0].y != s.y || q.cells[q.len - 1].x != g.x || q.cells[q.len - 1].y != g.y)
                invalid++;
        } else if (r == LEG_FOUND) {
            within++;
            differ += !whole || !t_same_path(&p, &q);
        }
    }
    left += painted_cells(&lb);
    CHECKF(t, capped * step > 20 && within * step > 20 && differ == 0 && invalid == 0 && left == 0,
           "%d capped (%d widened invalid), %d within (%d differ), %zu cells appended or painted", capped, invalid,
           within, differ, left);
    path_free(&p);
    path_free(&q);
    legplan_free(&lb);
    corridor_planner_free(&l, &a, &lp);
}

const TestCase CORRIDOR_JPS_TESTS[] = {
    {"legplan_corridor_jps_after_updates", test_legs_corridor_jps_after_updates},
    {"legplan_corridor_jps_bounded", test_legs_corridor_jps_bounded},
    {"legplan_corridor_jps_in_pieces", test_legs_corridor_jps_in_pieces},
    {"legplan_corridor_paints_in_bands", test_legs_corridor_paints_in_bands},
    {"legplan_corridor_blank_waits", test_legs_corridor_blank_waits},
    {"legplan_corridor_jps_matches_astar", test_legs_corridor_jps_matches_astar},
    {NULL, NULL},
};
