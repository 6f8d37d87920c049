/* A bounded JPS's node state (search/jps_state.c): hashed on any map, so
 * what it holds follows what its searches reach. */
#include <math.h>
#include <string.h>

#include "../../grid/grid.h"
#include "../../grid/path.h"
#include "../../search/jps.h"
#include "test.h"

/* A side x side map, a fifth of its cells blocked (the generator of
 * entry_util.c load_small_cluttered). */
static bool cluttered_map(Grid *g, int side, uint32_t seed)
{
    bool bits[96 * 96];
    for (int i = 0; i < side * side; i++) {
        seed = seed * 1103515245u + 12345u;
        bits[i] = (seed >> 16) % 100 >= 20;
    }
    Err err;
    return grid_from_bits(g, bits, side, side, &err);
}

/* On maps of 32 to 96 cells a side, where the whole per-cell form was the
 * smaller at the bound of a capped JPS (512 or 1024 expansions, mm's
 * scattered and cluttered routes) and was held from the start, the
 * bounded JPS's state is hashed and holds less after queries across the
 * map than the per-cell one (jps_init), and its answers are as long. */
static void test_jps_bounded_holds_what_it_reaches(T *t)
{
    static const int SIDES[] = {32, 48, 64, 96};
    for (size_t s = 0; s < sizeof SIDES / sizeof *SIDES; s++)
        for (uint64_t cap = 512; cap <= 1024; cap *= 2) {
            int side = SIDES[s];
            Grid g;
            Jps bounded, whole;
            Err err;
            if (!cluttered_map(&g, side, 20 + (uint32_t)side)) {
                t_fail(t, __FILE__, __LINE__, "map %d", side);
                continue;
            }
            CHECK(t, jps_init_bounded(&bounded, &g, false, jps_nodes_within(cap), &err));
            CHECK(t, jps_init(&whole, &g, NULL, &err));
            xyPath p = {0}, q = {0};
            int differ = 0, found = 0;
            for (int y = 0; y < side; y += 5)
                for (int x = 0; x < side; x += 3) {
                    xyLoc a = {(int16_t)x, (int16_t)y}, b = {(int16_t)(side - 1 - x), (int16_t)(side - 1 - y)};
                    p.len = q.len = 0;
                    if (jps_find_capped(&bounded, a, b, cap, &p) != JPS_FOUND)
                        continue;
                    jps_find(&whole, a, b, &q);
                    found++;
                    differ += fabs(path_length(p.cells, p.len) - path_length(q.cells, q.len)) > 1e-9;
                }
            size_t held = jps_bytes(&bounded), per_cell = jps_bytes(&whole);
            CHECKF(t, bounded.open.sparse && held < per_cell && found > 0 && differ == 0,
                   "%d x %d, cap %llu: %s, %zu B against %zu B per cell; %d of %d answers of another length", side,
                   side, (unsigned long long)cap, bounded.open.sparse ? "hashed" : "per cell", held, per_cell, differ,
                   found);
            path_free(&p);
            path_free(&q);
            jps_free(&bounded);
            jps_free(&whole);
            grid_free(&g);
        }
}

/* A growing JPS (the small route's: no bound) reserved at once for the
 * nodes its searches reach (jps_reserve, mm's prepare) grows nothing in
 * those searches and finds the same cells as one that grows as they need;
 * the reserve adds what jps_reserve_bytes said, and a smaller one keeps
 * what is held. */
static void test_jps_reserve_grows_nothing_within(T *t)
{
    enum { SIDE = 96 };
    Grid g;
    Jps reserved, growing;
    Err err;
    CHECK(t, cluttered_map(&g, SIDE, 7));
    CHECK(t, jps_init_bounded(&reserved, &g, false, JPS_NODES_GROW, &err));
    CHECK(t, jps_init_bounded(&growing, &g, false, JPS_NODES_GROW, &err));
    size_t before = jps_bytes(&reserved), more = jps_reserve_bytes(&reserved, 4096);
    CHECK(t, jps_reserve(&reserved, 4096));
    CHECKF(t, more > 0 && jps_bytes(&reserved) == before + more, "reserve: %zu B held, %zu B more said, %zu B now",
           before, more, jps_bytes(&reserved));
    size_t held = jps_bytes(&reserved);
    CHECK(t, jps_reserve(&reserved, 64) && jps_reserve_bytes(&reserved, 64) == 0 && jps_bytes(&reserved) == held);
    xyPath p = {0}, q = {0};
    int differ = 0, found = 0;
    for (int y = 0; y < SIDE; y += 7)
        for (int x = 0; x < SIDE; x += 5) {
            xyLoc a = {(int16_t)x, (int16_t)y}, b = {(int16_t)(SIDE - 1 - x), (int16_t)(SIDE - 1 - y)};
            p.len = q.len = 0;
            jps_find(&reserved, a, b, &p);
            jps_find(&growing, a, b, &q);
            found += p.len > 0;
            differ += p.len != q.len || (p.len && memcmp(p.cells, q.cells, p.len * sizeof *p.cells) != 0);
        }
    CHECKF(t, found > 0 && differ == 0 && reserved.grown == 0 && growing.grown > 0,
           "%d of %d paths differ; grown %llu reserved, %llu growing", differ, found,
           (unsigned long long)reserved.grown, (unsigned long long)growing.grown);
    path_free(&p);
    path_free(&q);
    jps_free(&reserved);
    jps_free(&growing);
    grid_free(&g);
}

const TestCase JPS_STATE_TESTS[] = {
    {"jps_bounded_holds_what_it_reaches", test_jps_bounded_holds_what_it_reaches},
    {"jps_reserve_grows_nothing_within", test_jps_reserve_grows_nothing_within},
    {NULL, NULL},
};
