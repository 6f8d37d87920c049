/* refine/smooth: smoothing an optimal path never makes it longer and keeps
 * every line legal; a staircase becomes one diagonal-first line; a line
 * that would cut a blocked corner is not legal; a loop is folded away. */
#include <math.h>
#include <stdlib.h>

#include "../../Entry.h"
#include "../../grid/scen.h"
#include "../../grid/validate.h"
#include "../../refine/smooth.h"
#include "test.h"

static void test_smooth_never_longer_and_legal(T *t)
{
    Loaded l;
    if (!load_named(t, "random/random256-20-0", &l))
        return;
    const Entry *e = entry_find("astar");
    EntryOpts none = {0};
    Err err;
    void *inst = e->prepare(&l.g, "", &none, &err);
    xyPath p = {0}, way = {0};
    int shorter = 0;
    for (int i = 0; i < l.sc.count; i += 5) {
        const ScenQuery *q = &l.sc.q[i];
        run_query(t, e, inst, q, &p);
        /* Make a detour-rich path: A* path with every 7th cell duplicated
         * sideways is not needed; smoothing an optimal path must keep it optimal. */
        double before = path_length(p.cells, p.len);
        path_reserve(&way, p.len);
        size_t n = smooth_cells(&l.g, p.cells, p.len, way.cells);
        double after;
        char why[160];
        CHECKF(t, path_validate(&l.g, q->start, q->goal, p.cells, n, &after, why, sizeof why), "line %d: %s", q->line,
               why);
        CHECKF(t, after <= before + 1e-9, "line %d: %f -> %f", q->line, before, after);
        shorter += after < before - 1e-9;
    }
    CHECK(t, shorter == 0); /* an optimal path cannot get shorter */
    /* A staircase shortens to a straight diagonal-first line. */
    bool open[100];
    for (int i = 0; i < 100; i++)
        open[i] = true;
    Grid g;
    grid_from_bits(&g, open, 10, 10, &err);
    xyLoc stair[] = {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {3, 2}, {3, 3}};
    xyLoc stair_way[7];
    size_t n = smooth_cells(&g, stair, 7, stair_way);
    CHECK(t, n == 4 && fabs(path_length(stair, n) - 3 * GRID_SQRT2) < 1e-12);
    CHECK(t, line_legal(&g, (xyLoc){0, 0}, (xyLoc){9, 4}));
    g.cells[grid_index(&g, 1, 0)] = 0; /* (0,0)->(1,1) would cut this corner */
    CHECK(t, !line_legal(&g, (xyLoc){0, 0}, (xyLoc){3, 3}));
    grid_free(&g);
    path_free(&p);
    path_free(&way);
    e->destroy(inst);
    unload(&l);
}

/* A loop the two passes of smooth_waypoints leave (a maze's goal leg that
 * left a pocket by another row than the window came in by): east along
 * row 3 above a wall (row 4, x 2..18), round its end into the pocket
 * below, back out and west along row 1. The forward pass folds the loop
 * up only after it has moved past (1,3); the folds pass then cuts the
 * path where it turns back, so no waypoint stays at the wall's end. */
static void test_smooth_folds(T *t)
{
    enum { W = 24, H = 10 };
    bool bits[W * H];
    for (int i = 0; i < W * H; i++)
        bits[i] = i / W != 4 || i % W < 2 || i % W > 18;
    Grid g;
    Err err;
    CHECK(t, grid_from_bits(&g, bits, W, H, &err));
    xyLoc p[] = {{1, 3}, {20, 3}, {20, 5}, {16, 7}, {16, 6}, {20, 5}, {20, 3}, {18, 1}, {10, 1}};
    size_t n = sizeof p / sizeof *p, k;
    double before = 0, after = 0;
    for (size_t i = 1; i < n; i++)
        before += grid_octile(p[i - 1].x, p[i - 1].y, p[i].x, p[i].y);
    k = smooth_waypoints(&g, p, n);
    bool legal = true;
    for (size_t i = 1; i < k; i++) {
        after += grid_octile(p[i - 1].x, p[i - 1].y, p[i].x, p[i].y);
        legal = legal && line_legal(&g, p[i - 1], p[i]);
    }
    CHECKF(t, legal && after <= before && p[0].x == 1 && p[k - 1].x == 10, "%zu waypoints", k);
    CHECKF(t, k == 2 && after < 10, "%zu waypoints, length %.2f", k, after);
    grid_free(&g);
}

/* A line the forward pass found illegal last is not walked again by the
 * backward pass, whose first test has the same two ends: on the 3 x 3 grid
 * below (# blocked), p0 -> p2 cuts the corner at (0,1) and p1 -> p3 the
 * one at (2,0), and every other step of the path is a single move, so no
 * slide tests anything. The forward pass tests p0 -> p2 and p1 -> p3, the
 * backward pass only p2 -> p0: three tests, charged 4 + 1 units each
 * (smooth_run's unit), not four. */
static void test_smooth_known_illegal(T *t)
{
    bool bits[9] = {true, true, false, false, true, true, true, true, true}; /* rows y = 0..2 */
    Grid g;
    Err err;
    CHECK(t, grid_from_bits(&g, bits, 3, 3, &err));
    xyLoc p[] = {{0, 0}, {1, 0}, {1, 1}, {2, 1}};
    CHECK(t, !line_legal(&g, p[0], p[2]) && !line_legal(&g, p[1], p[3]));
    for (int i = 0; i + 1 < 4; i++)
        CHECK(t, line_legal(&g, p[i], p[i + 1]) && line_moves(p[i], p[i + 1]) == 1);
    SmoothRun s;
    uint64_t units = 1000;
    smooth_begin(&s, 4);
    CHECK(t, smooth_run(&g, p, &s, &units));
    CHECKF(t, s.n == 4 && 1000 - units == 3 * 5, "%zu waypoints, %llu units", s.n, (unsigned long long)(1000 - units));
    CHECK(t, p[1].x == 1 && p[1].y == 0 && p[2].x == 1 && p[2].y == 1);
    grid_free(&g);
}

const TestCase SMOOTH_TESTS[] = {
    {"smooth_never_longer_and_legal", test_smooth_never_longer_and_legal},
    {"smooth_folds", test_smooth_folds},
    {"smooth_known_illegal", test_smooth_known_illegal},
    {NULL, NULL},
};
