/* Path validator: one test per rule. Map (5x3):
 *   . . . . .
 *   . @ . . .
 *   . . . . @      */
#include <math.h>
#include <stdio.h>
#include <string.h>

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
    xyLoc gap[] = {{0, 0}, {0, 2}, {1, 2}, {2, 2}}; /* a waypoint segment over (0,1) */
    check(&g, s, goal, gap, 4, NULL, &len, t);
    CHECK(t, len == 4);
    xyLoc knight[] = {{0, 0}, {1, 2}, {2, 2}};
    check(&g, s, goal, knight, 3, "segment 0: (0,0) to (1,2) is neither cardinal nor diagonal", &len, t);
    xyLoc through[] = {{0, 1}, {2, 1}};
    check(&g, (xyLoc){0, 1}, (xyLoc){2, 1}, through, 2, "segment 0: (0,1) to (2,1) crosses a blocked cell", &len, t);
    xyLoc repeat[] = {{0, 0}, {0, 1}, {0, 1}, {0, 2}, {1, 2}, {2, 2}}; /* the kits allow it */
    check(&g, s, goal, repeat, 6, NULL, &len, t);
    xyLoc blocked[] = {{0, 0}, {1, 1}, {2, 2}};
    check(&g, s, goal, blocked, 3, "waypoint 1: cell (1,1) is blocked", &len, t);
    xyLoc corner[] = {{0, 0}, {1, 0}, {2, 1}, {2, 2}}; /* (1,0)->(2,1) passes (1,1) */
    check(&g, s, goal, corner, 4, "segment 1: (1,0) to (2,1) crosses a blocked cell or cuts a corner", &len, t);
    xyLoc corner2[] = {{3, 1}, {4, 2}}; /* target itself blocked */
    check(&g, (xyLoc){3, 1}, (xyLoc){4, 2}, corner2, 2, "blocked or off the map", &len, t);
    xyLoc corner3[] = {{3, 2}, {4, 1}}; /* (4,2) blocked beside the step */
    check(&g, (xyLoc){3, 2}, (xyLoc){4, 1}, corner3, 2, "cuts a corner", &len, t);
    xyLoc off[] = {{4, 0}, {5, 0}};
    check(&g, (xyLoc){4, 0}, (xyLoc){5, 0}, off, 2, "off the map", &len, t);
    xyLoc single[] = {{3, 0}}; /* the kits want [s, s]; the driver accepts [s] too */
    check(&g, (xyLoc){3, 0}, (xyLoc){3, 0}, single, 1, NULL, &len, t);
    check(&g, (xyLoc){3, 0}, (xyLoc){4, 0}, single, 1, "a path of one cell", &len, t);
    char name[32];
    path_verdict_name(path_verdict(&g, (xyLoc){3, 0}, (xyLoc){3, 0}, single, 1), name, sizeof name);
    CHECKF(t, !strcmp(name, "invalid-0"), "one-cell verdict %s", name);
    xyLoc twice[] = {{3, 0}, {3, 0}};
    check(&g, (xyLoc){3, 0}, (xyLoc){3, 0}, twice, 2, NULL, &len, t);
    CHECK(t, len == 0);
    grid_free(&g);
}

static void test_path_length_counts_moves(T *t)
{
    xyLoc p[] = {{0, 0}, {1, 1}, {2, 2}, {3, 2}, {3, 3}};
    CHECK(t, path_length(p, 5) == 2.0 + 2.0 * GRID_SQRT2);
    CHECK(t, path_length(p, 1) == 0 && path_length(p, 0) == 0);
    xyLoc w[] = {{0, 0}, {3, 3}, {3, 7}, {1, 8}}; /* waypoints; the last segment is illegal */
    CHECK(t, fabs(path_length(w, 4) - (4.0 + 3.0 * GRID_SQRT2 + sqrt(5.0))) < 1e-12);
}

/* One corpus line "case NAME sx sy gx gy : x y ... : CLASSIC DYNAMIC"; false
 * when it does not parse. */
static bool parse_case(char *line, char *name, xyLoc *s, xyLoc *g, xyLoc *p, size_t *n, char *classic, char *dynamic)
{
    int sx, sy, gx, gy, used;
    if (sscanf(line, "case %63s %d %d %d %d : %n", name, &sx, &sy, &gx, &gy, &used) != 5)
        return false;
    *s = (xyLoc){(int16_t)sx, (int16_t)sy};
    *g = (xyLoc){(int16_t)gx, (int16_t)gy};
    char *c = line + used;
    *n = 0;
    int x, y;
    while (*n < 64 && sscanf(c, "%d %d %n", &x, &y, &used) == 2) {
        p[(*n)++] = (xyLoc){(int16_t)x, (int16_t)y};
        c += used;
    }
    return sscanf(c, ": %31s %31s", classic, dynamic) == 2;
}

/* tests/data/validator_corpus.txt: every path with the verdicts both GPPC
 * kits' validators gave it; ours must give the same, case by case. */
static void test_validate_kit_corpus(T *t)
{
    FILE *f = fopen("tests/data/validator_corpus.txt", "r");
    CHECKF(t, f, "tests/data/validator_corpus.txt: cannot open");
    if (!f)
        return;
    char line[1024], name[64], classic[32], dynamic[32], ours[32];
    Grid g = {0};
    bool have_map = false;
    int cases = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char map[200];
        if (sscanf(line, "map %199s", map) == 1) {
            char path[256];
            snprintf(path, sizeof path, "tests/data/%s", map);
            Err err;
            if (have_map)
                grid_free(&g);
            have_map = grid_load_map(&g, path, &err);
            CHECKF(t, have_map, "%s", err.msg);
            continue;
        }
        if (strncmp(line, "case ", 5) != 0)
            continue;
        xyLoc s, goal, p[64];
        size_t n;
        bool parsed = parse_case(line, name, &s, &goal, p, &n, classic, dynamic);
        CHECKF(t, parsed && have_map, "validator_corpus.txt:%d: cannot parse", lineno);
        if (!parsed || !have_map)
            continue;
        int fault = path_first_fault(&g, p, n);
        if (fault < 0)
            snprintf(ours, sizeof ours, "valid");
        else
            snprintf(ours, sizeof ours, "invalid-%d", fault);
        CHECKF(t, !strcmp(ours, classic), "%s: classic kit says %s, we say %s", name, classic, ours);
        path_verdict_name(path_verdict(&g, s, goal, p, n), ours, sizeof ours);
        CHECKF(t, !strcmp(ours, dynamic), "%s: dynamic kit says %s, we say %s", name, dynamic, ours);
        /* The driver accepts what the newer kit calls complete, and [s] for s == g. */
        bool one_cell_at_goal = n == 1 && s.x == goal.x && s.y == goal.y && p[0].x == s.x && p[0].y == s.y;
        CHECKF(t, path_validate(&g, s, goal, p, n, NULL, NULL, 0) == (!strcmp(dynamic, "complete") || one_cell_at_goal),
               "%s", name);
        cases++;
    }
    fclose(f);
    if (have_map)
        grid_free(&g);
    CHECKF(t, cases >= 40, "only %d corpus cases read", cases);
}

const TestCase VALIDATE_TESTS[] = {
    {"validate_rules", test_validate_rules},
    {"path_length_counts_moves", test_path_length_counts_moves},
    {"validate_kit_corpus", test_validate_kit_corpus},
    {NULL, NULL},
};
