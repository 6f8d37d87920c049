/* The start kits' conventions in the driver: the "first 20 steps" rule
 * (distance units since 2023, cells before). A fake entry appends one cell
 * per GetPath call, so the rule decides how many calls the figure covers. */
#include "../../driver/driver.h"
#include "test.h"

typedef struct Walker {
    int dx, dy; /* the step of every call */
    int steps;  /* cells after s */
} Walker;

static bool walk_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    Walker *w = inst;
    if (path->len == 0) {
        path_push(path, s);
        return false;
    }
    xyLoc last = path->cells[path->len - 1];
    path_push(path, (xyLoc){(int16_t)(last.x + w->dx), (int16_t)(last.y + w->dy)});
    return (int)path->len == w->steps + 1 || (last.x + w->dx == g.x && last.y + w->dy == g.y);
}

static void walk_counters(void *inst, Counters *out, bool detail)
{
    (void)inst;
    (void)detail;
    out->expanded = 0;
}

static const Entry WALK = {.name = "walk", .get_path = walk_get_path, .counters = walk_counters};

static long calls_for_first20(int dx, int dy, bool cells)
{
    bool bits[40 * 40];
    for (int i = 0; i < 40 * 40; i++)
        bits[i] = true;
    Grid g;
    Err err;
    grid_from_bits(&g, bits, 40, 40, &err);
    Walker walker = {dx, dy, 30};
    ScenQuery q = {.start = {0, 0}, .goal = {(int16_t)(30 * dx), (int16_t)(30 * dy)}};
    q.optimal = dx && dy ? 30 * GRID_SQRT2 : 30;
    xyPath path = {0};
    QueryResult r;
    char why[160];
    replay_query(&WALK, &walker, &g, &q, 0, cells, &path, &r, why, sizeof why);
    path_free(&path);
    grid_free(&g);
    return r.valid ? r.first20_calls : -1;
}

static void test_first20_rule(T *t)
{
    /* Call 1 appends s, call k the k-th cell: length k - 1 steps. */
    long straight = calls_for_first20(1, 0, false), diagonal = calls_for_first20(1, 1, false);
    CHECKF(t, straight == 21, "straight, 20 distance units: %ld calls, expected 21", straight);
    CHECKF(t, diagonal == 16, "diagonal, 20 distance units: %ld calls, expected 16 (15 sqrt2 >= 20)", diagonal);
    long cells = calls_for_first20(1, 1, true);
    CHECKF(t, cells == 20, "diagonal, 20 cells: %ld calls, expected 20", cells);
}

const TestCase KIT_TESTS[] = {
    {"first20_rule", test_first20_rule},
    {NULL, NULL},
};
