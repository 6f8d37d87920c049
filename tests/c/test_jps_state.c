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

/* How many of the queries from spread cells to their mirror cells two JPS
 * answer differently (their results or their paths). */
static int mirrored_differ(Jps *a, Jps *b, int side)
{
    xyPath p = {0}, q = {0};
    int differ = 0;
    for (int y = 0; y < side; y += 7)
        for (int x = 0; x < side; x += 5) {
            xyLoc s = {(int16_t)x, (int16_t)y}, g = {(int16_t)(side - 1 - x), (int16_t)(side - 1 - y)};
            p.len = q.len = 0;
            JpsResult ra = jps_find_capped(a, s, g, UINT64_MAX, &p), rb = jps_find_capped(b, s, g, UINT64_MAX, &q);
            differ += ra != rb || p.len != q.len || (p.len && memcmp(p.cells, q.cells, p.len * sizeof *p.cells) != 0);
        }
    path_free(&p);
    path_free(&q);
    return differ;
}

/* Turn bits a static map's JPS holds with room (Jps.turns_room) stay when
 * its transposed rows are tiled once every line is derived (jps_tile_cols):
 * its answers are those of a JPS with neither, while its tiles evict; not
 * tiled while a line is stale or with bits held for good; and the first
 * change gives them back (a column is derived from the whole copy), after
 * which the answers still agree. */
static void test_jps_turns_stay_with_tiles(T *t)
{
    enum { SIDE = 96 };
    Grid g, packed;
    Jps turns, plain;
    Err err;
    CHECK(t, cluttered_map(&g, SIDE, 11) && grid_pack(&packed, &g, &err));
    CHECK(t, jps_init_bounded(&turns, &packed, true, JPS_NODES_GROW, &err));
    CHECK(t, jps_init_bounded(&plain, &packed, true, JPS_NODES_GROW, &err));
    CHECK(t, jps_enable_turns(&turns, &err) && turns.turns.block);
    turns.turns_room = 0; /* held for good */
    jps_turns_all_fresh(&turns.turns, &turns.rows, &turns.cols);
    size_t for_good = jps_tile_saving(&turns, 2);
    turns.turns_room = SIZE_MAX;
    turns.turns.stale = 1; /* as a line not yet derived */
    size_t stale = jps_tile_saving(&turns, 2);
    turns.turns.stale = 0;
    CHECK(t, jps_tile_cols(&turns, 2, &err));
    CHECKF(t, for_good == 0 && stale == 0 && turns.tiled && turns.turns.block,
           "saving %zu held for good, %zu stale; tiled %d, turn bits %s", for_good, stale, turns.tiled,
           turns.turns.block ? "held" : "none");
    int before = mirrored_differ(&turns, &plain, SIDE);
    CellChange c = {40, 41, !grid_passable(&packed, 40, 41), 0};
    CHECK(t, jps_update(&turns, &c, 1, c.passable, &err) && jps_update(&plain, &c, 1, c.passable, &err));
    grid_set_passable(&packed, c.x, c.y, c.passable);
    int after = mirrored_differ(&turns, &plain, SIDE);
    CHECKF(t, before == 0 && after == 0 && !turns.turns.block && turns.tiles.fills > 0,
           "differ %d with turn bits and tiles, %d after a change; turn bits %s after it", before, after,
           turns.turns.block ? "held" : "none");
    /* The whole copy again (jps_untile_cols), bit for bit the one the other holds. */
    size_t cost = jps_untile_cost(&turns), tiled_bytes = jps_bytes(&turns);
    CHECK(t, jps_untile_cols(&turns, &err) && !turns.tiled && jps_untile_cost(&turns) == 0);
    CHECKF(t,
           cost > 0 && jps_bytes(&turns) == tiled_bytes + cost && turns.cols.words == plain.cols.words &&
               !memcmp(turns.cols.bits, plain.cols.bits, (size_t)plain.cols.rows * plain.cols.words * 8) &&
               mirrored_differ(&turns, &plain, SIDE) == 0,
           "untiled: %zu B said, %zu B added", cost, jps_bytes(&turns) - tiled_bytes);
    jps_free(&turns);
    jps_free(&plain);
    grid_free(&packed);
    grid_free(&g);
}

const TestCase JPS_STATE_TESTS[] = {
    {"jps_bounded_holds_what_it_reaches", test_jps_bounded_holds_what_it_reaches},
    {"jps_reserve_grows_nothing_within", test_jps_reserve_grows_nothing_within},
    {"jps_turns_stay_with_tiles", test_jps_turns_stay_with_tiles},
    {NULL, NULL},
};
