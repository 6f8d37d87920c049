/* Path validator: one test per rule. Map (5x3):
 *   . . . . .
 *   . @ . . .
 *   . . . . @      */
#include <math.h>

#include "../../grid/validate.h"
#include "test.h"

static Grid small_map(void)
{
    bool bits[15] = {1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 0};
    Grid g;
    Err err;
    grid_from_bits(&g, bits, 5, 3, &err);
    return g;
}

static bool check(const Grid *g, xyLoc s, xyLoc goal, const xyLoc *p, size_t n, const char *expect_why, double *len,
                  T *t)
{
    char why[160] = "";
    bool ok = path_validate(g, s, goal, p, n, len, why, sizeof why);
    if (expect_why)
        CHECKF(t, !ok && contains(why, expect_why), "expected '%s', got '%s'", expect_why, why);
    else
        CHECKF(t, ok, "valid path rejected: %s", why);
    return ok;
}

static void test_validate_rules(T *t)
{
    Grid g = small_map();
    xyLoc s = {0, 0}, goal = {2, 2};
    double len;
    xyLoc good[] = {{0, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 2}};
    check(&g, s, goal, good, 5, NULL, &len, t);
    CHECK(t, len == 4);
    xyLoc diag[] = {{2, 0}, {3, 1}, {2, 2}};
    check(&g, (xyLoc){2, 0}, goal, diag, 3, NULL, &len, t);
    CHECK(t, fabs(len - 2 * GRID_SQRT2) < 1e-12);
    check(&g, s, goal, good, 0, "empty path", &len, t);
    xyLoc wrong_start[] = {{0, 1}, {0, 2}, {1, 2}, {2, 2}};
    check(&g, s, goal, wrong_start, 4, "not at the start", &len, t);
    xyLoc wrong_end[] = {{0, 0}, {0, 1}, {0, 2}};
    check(&g, s, goal, wrong_end, 3, "not at the goal", &len, t);
    xyLoc jump[] = {{0, 0}, {0, 2}, {1, 2}, {2, 2}};
    check(&g, s, goal, jump, 4, "step 1: jump", &len, t);
    xyLoc repeat[] = {{0, 0}, {0, 1}, {0, 1}, {0, 2}, {1, 2}, {2, 2}};
    check(&g, s, goal, repeat, 6, "step 2: cell (0,1) repeated", &len, t);
    xyLoc blocked[] = {{0, 0}, {1, 1}, {2, 2}};
    check(&g, s, goal, blocked, 3, "step 1: cell (1,1) is blocked", &len, t);
    xyLoc corner[] = {{0, 0}, {1, 0}, {2, 1}, {2, 2}}; /* (1,0)->(2,1) passes (1,1) */
    check(&g, s, goal, corner, 4, "step 2: diagonal from (1,0) to (2,1) cuts a corner", &len, t);
    xyLoc corner2[] = {{3, 1}, {4, 2}}; /* target itself blocked */
    check(&g, (xyLoc){3, 1}, (xyLoc){4, 2}, corner2, 2, "blocked or off the map", &len, t);
    xyLoc corner3[] = {{3, 2}, {4, 1}}; /* (4,2) blocked beside the step */
    check(&g, (xyLoc){3, 2}, (xyLoc){4, 1}, corner3, 2, "cuts a corner", &len, t);
    xyLoc off[] = {{4, 0}, {5, 0}};
    check(&g, (xyLoc){4, 0}, (xyLoc){5, 0}, off, 2, "off the map", &len, t);
    xyLoc single[] = {{3, 0}};
    check(&g, (xyLoc){3, 0}, (xyLoc){3, 0}, single, 1, NULL, &len, t);
    CHECK(t, len == 0);
    grid_free(&g);
}

static void test_path_length_counts_moves(T *t)
{
    xyLoc p[] = {{0, 0}, {1, 1}, {2, 2}, {3, 2}, {3, 3}};
    CHECK(t, path_length(p, 5) == 2.0 + 2.0 * GRID_SQRT2);
    CHECK(t, path_length(p, 1) == 0 && path_length(p, 0) == 0);
}

const TestCase VALIDATE_TESTS[] = {
    {"validate_rules", test_validate_rules},
    {"path_length_counts_moves", test_path_length_counts_moves},
    {NULL, NULL},
};
