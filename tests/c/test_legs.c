/* The leg store format (cache/leg.h): the codec round trip, its limits, the
 * one orientation rule and the one survival rule; and the leg planner's
 * own: an unbounded call stays unbounded, the guard's walk over a box's
 * regions answers as its A* does (the corridor JPS: test_corridor_jps.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../abstraction/abstraction.h"
#include "../../cache/leg.h"
#include "../../refine/legplan.h"
#include "../../refine/routes.h"
#include "test.h"

/* A random king walk of n cells from (300, 300). */
static void random_walk(uint64_t *seed, size_t n, xyPath *out)
{
    out->len = 0;
    xyLoc c = {300, 300};
    for (size_t i = 0; i < n; i++) {
        path_push(out, c);
        *seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
        int d = (int)(*seed >> 61);
        c.x = (int16_t)(c.x + GRID_DX[d]);
        c.y = (int16_t)(c.y + GRID_DY[d]);
    }
}

/* The waypoints of a cell path that rasterise back to it (the codec's input). */
static size_t exact_way(const xyPath *cells, xyPath *way)
{
    way->len = 0;
    path_reserve(way, cells->len);
    way->len = cells_to_waypoints(NULL, cells->cells, cells->len, way->cells);
    return way->len;
}

static void test_leg_codec_round_trip(T *t)
{
    LegBits bits = {0};
    xyPath walk[40] = {{0}}, way = {0}, back = {0};
    uint64_t at[40], seed = 11, sum_bits = 0;
    size_t ways[40];
    for (int k = 0; k < 40; k++) { /* lengths 1 (no move) .. 700, several records in one stream */
        random_walk(&seed, k == 0 ? 1 : (size_t)(1 + (seed >> 33) % 700), &walk[k]);
        ways[k] = exact_way(&walk[k], &way);
        CHECK(t, leg_put(&bits, way.cells, way.len, UINT64_MAX, &at[k]));
        sum_bits += leg_record_bits(bits.p, at[k]);
    }
    for (int k = 0; k < 40; k++) {
        back.len = 0;
        path_push(&back, walk[k].cells[0]);
        leg_decode(bits.p, at[k], walk[k].cells[0], walk[k].cells[walk[k].len - 1], &back);
        CHECKF(t, back.len == walk[k].len && !memcmp(back.cells, walk[k].cells, back.len * sizeof(xyLoc)),
               "record %d (%zu cells) does not decode to itself", k, walk[k].len);
        back.len = 0;
        leg_decode_way(bits.p, at[k], walk[k].cells[0], walk[k].cells[walk[k].len - 1], &back);
        CHECKF(t, back.len + 1 == ways[k], "record %d: %zu waypoints, %zu stored", k, back.len + 1, ways[k]);
    }
    /* A stream read back from bytes (as a file gives it) decodes the same. */
    LegBits copy;
    CHECK(t, leg_bits_adopt(&copy, bits.p, leg_bits_bytes(&bits)));
    back.len = 0;
    leg_decode(copy.p, at[39], walk[39].cells[0], walk[39].cells[walk[39].len - 1], &back);
    CHECK(t, back.len == walk[39].len - 1 && !memcmp(back.cells, walk[39].cells + 1, back.len * sizeof(xyLoc)));
    /* The records fill the stream, nothing between them. */
    CHECK(t, bits.used == sum_bits);
    /* A smoothed leg: two long lines of both slopes, one waypoint between
     * the ends, its offsets 11 bits wide, and decodes to the lines' cells;
     * its header 2 + 2 + 4 + 1 bits (a count below 4, no turns), the last
     * offset not stored (the end is the reader's). */
    xyLoc line[3] = {{300, 300}, {900, 550}, {880, 1100}}, cells[1300];
    uint64_t at_line;
    CHECK(t, leg_put(&bits, line, 3, UINT64_MAX, &at_line) && leg_record_bits(bits.p, at_line) == 9 + 2 * 11);
    size_t n = 0;
    cells[n++] = line[0];
    n += line_cells(line[0], line[1], cells + n);
    n += line_cells(line[1], line[2], cells + n);
    back.len = 0;
    leg_decode(bits.p, at_line, line[0], line[2], &back);
    CHECK(t, back.len == n - 1 && !memcmp(back.cells, cells + 1, back.len * sizeof(xyLoc)));
    /* A leg that turns between the axes at every waypoint (a 1-wide
     * corridor's) keeps one length a line but the last: 4 lines of widths
     * up to 4 bits (-8 .. 7), header 2 + 4 + 4 + 1 + 1 bits; both axes
     * first, and records of each count field size (2, 4, 8, 16 bits)
     * round trip. */
    for (int first_y = 0; first_y < 2; first_y++) {
        xyLoc turn[6] = {{300, 300}}, p = turn[0];
        const int len[5] = {3, -7, 2, 5, -1};
        for (int i = 0; i < 5; i++) {
            bool on_y = (i % 2 == 0) == first_y;
            p.x = (int16_t)(p.x + (on_y ? 0 : len[i]));
            p.y = (int16_t)(p.y + (on_y ? len[i] : 0));
            turn[i + 1] = p;
        }
        uint64_t at_turn;
        CHECK(t, leg_put(&bits, turn, 6, UINT64_MAX, &at_turn) && leg_record_bits(bits.p, at_turn) == 12 + 4 * 4);
        back.len = 0;
        leg_decode_way(bits.p, at_turn, turn[0], turn[5], &back);
        CHECK(t, back.len == 5 && !memcmp(back.cells, turn + 1, 5 * sizeof(xyLoc)));
    }
    for (size_t n = 1; n < 600; n += n < 20 ? 1 : 97) { /* n moves on alternating axes, and a diagonal one */
        xyPath stair = {0};
        path_push(&stair, (xyLoc){50, 50});
        for (size_t i = 0; i < n; i++) {
            xyLoc c = stair.cells[stair.len - 1];
            if (i % 2)
                c.y++;
            else
                c.x++;
            path_push(&stair, c);
        }
        for (int diag = 0; diag < 2; diag++) {
            if (diag)
                path_push(&stair, (xyLoc){(int16_t)(stair.cells[stair.len - 1].x + 1),
                                          (int16_t)(stair.cells[stair.len - 1].y + 1)});
            uint64_t at_stair;
            CHECK(t, leg_put(&bits, stair.cells, stair.len, UINT64_MAX, &at_stair));
            back.len = 0;
            path_push(&back, stair.cells[0]);
            leg_decode(bits.p, at_stair, stair.cells[0], stair.cells[stair.len - 1], &back);
            CHECKF(t, back.len == stair.len && !memcmp(back.cells, stair.cells, back.len * sizeof(xyLoc)),
                   "a stair of %zu moves (diagonal end %d) does not decode to itself", n, diag);
        }
        path_free(&stair);
    }
    leg_bits_free(&copy);
    leg_bits_free(&bits);
    for (int k = 0; k < 40; k++)
        path_free(&walk[k]);
    path_free(&way);
    path_free(&back);
}

static void test_leg_limits_and_orientation(T *t)
{
    LegBits bits = {0};
    xyPath walk = {0}, way = {0}, back = {0};
    uint64_t seed = 3, at;
    random_walk(&seed, LEG_MAX_MOVES + 2, &walk); /* one move too many */
    exact_way(&walk, &way);
    CHECK(t, !leg_put(&bits, way.cells, way.len, UINT64_MAX, &at) && bits.used == 0);
    CHECK(t, !leg_put(&bits, way.cells, 0, UINT64_MAX, &at) && bits.used == 0);
    walk.len--;
    exact_way(&walk, &way);
    CHECK(t, !leg_put(&bits, way.cells, way.len, 100, &at) && bits.used == 0); /* past max_bits */
    CHECK(t, leg_put(&bits, way.cells, way.len, UINT64_MAX, &at));
    leg_decode(bits.p, at, walk.cells[0], walk.cells[walk.len - 1], &back);
    CHECK(t, back.len == LEG_MAX_MOVES);
    /* Canonical = from the lower id; leg_orient turns it only for travel from the higher. */
    xyLoc c[3] = {{1, 1}, {2, 2}, {3, 2}};
    leg_orient(c, 3, 4, 9);
    CHECK(t, c[0].x == 1 && c[2].x == 3);
    leg_orient(c, 3, 9, 4);
    CHECK(t, c[0].x == 3 && c[2].x == 1);
    uint32_t ka, kb;
    leg_key(LEGS_SYM, 9, 4, &ka, &kb);
    CHECK(t, ka == 4 && kb == 9 && leg_first(9, 4) == 4);
    leg_key(LEGS_NOSYM, 9, 4, &ka, &kb);
    CHECK(t, ka == 9 && kb == 4);
    leg_bits_free(&bits);
    path_free(&walk);
    path_free(&way);
    path_free(&back);
}

/* On an open 32x32 map with 8x8 sectors every sector is one region whose
 * center is local (3, 3): region 0 at (3,3), region 5 at (11,11). */
static void test_leg_survives(T *t)
{
    Grid g;
    Err err;
    Abstraction a;
    AbsIndex ix;
    CHECK(t, grid_init_blocked(&g, 32, 32, &err));
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 32; x++)
            grid_set_passable(&g, x, y, true);
    CHECK(t, abs_build(&a, &g, 8, true, &err) && abs_index_init(&ix, &a, &err));
    CHECK(t, abs_center(&ix, 0).x == 3 && abs_center(&ix, 5).x == 11 && abs_center(&ix, 5).y == 11);
    /* Diagonal leg 0 -> 5: its step (7,7) -> (8,8) checks (8,7) in sector 1 and (7,8) in sector 4. */
    xyPath diag = {0}, ell = {0}, scratch = {0}, dway = {0}, eway = {0};
    for (int i = 3; i <= 11; i++)
        path_push(&diag, (xyLoc){(int16_t)i, (int16_t)i});
    /* An L: right along y = 3 into sector 1, then down to (11, 11); never in sector 4. */
    for (int x = 3; x <= 11; x++)
        path_push(&ell, (xyLoc){(int16_t)x, 3});
    for (int y = 4; y <= 11; y++)
        path_push(&ell, (xyLoc){11, (int16_t)y});
    LegBits bits = {0};
    uint64_t at_diag, at_ell;
    exact_way(&diag, &dway);
    exact_way(&ell, &eway);
    CHECK(t, leg_put(&bits, dway.cells, dway.len, UINT64_MAX, &at_diag) &&
                 leg_put(&bits, eway.cells, eway.len, UINT64_MAX, &at_ell));
    uint8_t touched[16] = {0};
    CHECK(t, leg_survives(&ix, touched, 0, 5, bits.p, at_diag, &scratch));
    touched[0] = 1; /* an end's sector */
    CHECK(t, !leg_survives(&ix, touched, 0, 5, bits.p, at_ell, &scratch));
    touched[0] = 0;
    touched[4] = 1; /* in the box: the diagonal cuts its corner, the L never enters */
    CHECK(t, !leg_survives(&ix, touched, 0, 5, bits.p, at_diag, &scratch));
    CHECK(t, leg_survives(&ix, touched, 0, 5, bits.p, at_ell, &scratch));
    touched[4] = 0;
    touched[1] = 1; /* the L runs through it */
    CHECK(t, !leg_survives(&ix, touched, 0, 5, bits.p, at_ell, &scratch));
    touched[1] = 0;
    touched[15] = 1; /* outside the box: not even walked */
    scratch.len = 0;
    CHECK(t, leg_survives(&ix, touched, 0, 5, bits.p, at_ell, &scratch) && scratch.len == 0);
    leg_bits_free(&bits);
    path_free(&diag);
    path_free(&ell);
    path_free(&dway);
    path_free(&eway);
    path_free(&scratch);
    abs_index_free(&ix);
    abs_free(&a);
    grid_free(&g);
}

/* A call without a bound (LegPlanner.work UINT64_MAX) stays without one
 * after a charge: a charge that took it below made run_astar round the
 * work up past the top, and its A* paused after an expansion or two. */
static void test_legs_unbounded_stays_unbounded(T *t)
{
    Loaded l;
    if (!load_named(t, "random/random256-40-0", &l))
        return;
    Abstraction a;
    LegPlanner lp;
    Err err;
    CHECK(t, abs_build(&a, &l.g, 16, true, &err) && legplan_init(&lp, &l.g, &a, &err));
    xyPath p = {0};
    int found = 0, tried = 0;
    for (int i = l.sc.count - 1; i >= 0 && tried < 20; i--) { /* the longest queries */
        uint32_t mark = legplan_new_mark(&lp);
        for (uint32_t sec = 0; sec < a.nsectors; sec++)
            legplan_mark_sector(&lp, (int)sec, mark);
        legplan_call(&lp, UINT64_MAX);
        legplan_charge(&lp, 7);
        p.len = 0;
        found += legplan_within(&lp, l.sc.q[i].start, l.sc.q[i].goal, mark, 1.0, 0, &p) == LEG_FOUND &&
                 lp.work == UINT64_MAX;
        tried += l.sc.q[i].optimal > 0;
    }
    CHECKF(t, found == tried && tried == 20, "%d of %d found in one unbounded run", found, tried);
    path_free(&p);
    legplan_free(&lp);
    abs_free(&a);
    unload(&l);
}

/* The guard's check (refine/routes.h routes_box_connects): the regions in a
 * query's box connect s and g exactly when the A* in that box finds a path,
 * for the queries the guard may take on a random map where many boxes hold
 * none; and walked on a call's work of one unit, paused and resumed
 * (routes_box_walk), it gives the same verdicts. */
static void test_legs_box_regions_match_astar(T *t)
{
    Loaded l;
    if (!load_named(t, "random/random256-40-0", &l))
        return;
    Abstraction a;
    LegPlanner lp;
    Routes rt;
    Err err;
    RoutesConfig cfg = {.near = 32};
    AbsLocator *loc = calloc(1, sizeof *loc);
    CHECK(t, loc && abs_build(&a, &l.g, 16, true, &err) && legplan_init(&lp, &l.g, &a, &err) &&
                 routes_init(&rt, &cfg, &l.g, &a, &lp, &err));
    xyPath p = {0};
    int connected = 0, apart = 0, differ = 0, paused = 0, differ_paused = 0;
    for (int i = 0; i < l.sc.count; i++) { /* the guard's few queries: all of them */
        xyLoc s = l.sc.q[i].start, g = l.sc.q[i].goal;
        int dx = abs(g.x - s.x), dy = abs(g.y - s.y);
        if ((dx > dy ? 2 * dx + dy : 2 * dy + dx) > 4 * cfg.near) /* beyond the guard's reach */
            continue;
        int sr = abs_region_of(&a, &l.g, loc, s.x, s.y), gr = abs_region_of(&a, &l.g, loc, g.x, g.y);
        legplan_call(&lp, 1); /* a unit a call: the walk pauses every ROUTES_WALK_REGIONS regions */
        BoxWalk walk = routes_box_connects(&rt, s, g, sr, gr);
        for (int calls = 0; walk == BOX_WALK_PAUSED && calls < 100000; calls++, paused++) {
            legplan_call(&lp, 1);
            walk = routes_box_walk(&rt);
        }
        legplan_call(&lp, UINT64_MAX);
        bool regions = routes_box_connects(&rt, s, g, sr, gr) == BOX_CONNECTED;
        differ_paused += regions != (walk == BOX_CONNECTED);
        p.len = 0;
        bool astar = legplan_within(&lp, s, g, rt.walk_mark, 1.0, 0, &p) == LEG_FOUND;
        connected += astar;
        apart += !astar;
        differ += regions != astar;
    }
    CHECKF(t, differ == 0 && differ_paused == 0 && connected > 10 && apart > 10 && paused > 100,
           "%d of %d boxes: regions and A* differ (%d with a path, %d without); walked in pieces %d differ (%d pauses)",
           differ, connected + apart, connected, apart, differ_paused, paused);
    path_free(&p);
    routes_free(&rt);
    legplan_free(&lp);
    abs_free(&a);
    free(loc);
    unload(&l);
}

/* Neither end of a leg is stored (leg.h): a straight leg is its header
 * alone (2 + 2 bits), and two legs that differ in their last line only
 * have records of the same bits, each decoded to the end its reader gives.
 * (A record that kept its last offset took 2 + 2 + 4 + 1 bits and two
 * w-bit numbers more.) */
static void test_leg_ends_not_stored(T *t)
{
    LegBits bits = {0};
    xyPath back = {0};
    uint64_t at_line, at_a, at_b;
    const xyLoc line[2] = {{10, 10}, {310, 170}};
    CHECK(t, leg_put(&bits, line, 2, UINT64_MAX, &at_line) && leg_record_bits(bits.p, at_line) == 4);
    leg_decode(bits.p, at_line, line[0], line[1], &back);
    CHECKF(t, back.len == 300 && back.cells[299].x == 310 && back.cells[299].y == 170, "%zu cells", back.len);
    const xyLoc a[3] = {{10, 10}, {14, 12}, {15, 40}}, b[3] = {{10, 10}, {14, 12}, {200, 13}};
    CHECK(t, leg_put(&bits, a, 3, UINT64_MAX, &at_a) && leg_put(&bits, b, 3, UINT64_MAX, &at_b));
    CHECK(t, leg_record_bits(bits.p, at_a) == leg_record_bits(bits.p, at_b));
    back.len = 0;
    leg_decode_way(bits.p, at_b, b[0], b[2], &back);
    CHECK(t, back.len == 2 && !memcmp(back.cells, b + 1, 2 * sizeof *b));
    back.len = 0;
    leg_decode(bits.p, at_a, a[0], a[2], &back);
    CHECK(t, back.len == 4 + 28 && back.cells[3].x == 14 && back.cells[3].y == 12 && back.cells[31].y == 40);
    leg_bits_free(&bits);
    path_free(&back);
}

const TestCase LEG_TESTS[] = {
    {"legs_box_regions_match_astar", test_legs_box_regions_match_astar},
    {"legs_unbounded_stays_unbounded", test_legs_unbounded_stays_unbounded},
    {"leg_codec_round_trip", test_leg_codec_round_trip},
    {"leg_ends_not_stored", test_leg_ends_not_stored},
    {"leg_limits_and_orientation", test_leg_limits_and_orientation},
    {"leg_survives", test_leg_survives},
    {NULL, NULL},
};
