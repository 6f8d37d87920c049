/* Coarse turn bits read a diagonal's 64 positions at a time
 * (search/jps_coarse.h jps_coarse_win) and the coarse JPS's sweep over
 * those windows (search/jps_sweep.h jump_diagonal_coarse_in). */
#include <stdlib.h>
#include <string.h>

#include "../../grid/grid.h"
#include "../../grid/path.h"
#include "../../search/jps.h"
#include "test.h"

/* A JPS with coarse turn bits (all kept) on packed map g. */
static bool coarse_jps(T *t, Jps *j, const Grid *packed)
{
    Err err;
    CHECK(t, jps_init_bounded(j, packed, true, JPS_NODES_GROW, &err));
    CHECK(t, jps_enable_coarse(j, 1.0, &err) && j->coarse);
    return j->coarse != NULL;
}

/* A window's bits are the segment bits of each of its positions
 * (jps_coarse_row_bit, _col_bit), whatever segment of the lines they
 * fall in, for each diagonal direction and for windows read in full or
 * in part (`need`), from every thinned passable cell of a map of rooms;
 * positions off the map's inner cells are not compared (never read). */
static void test_coarse_window_as_bits(T *t)
{
    Loaded l;
    Grid packed;
    Jps j;
    if (!load_named(t, "rooms/32room256-0", &l))
        return;
    Err err;
    CHECK(t, grid_pack(&packed, &l.g, &err));
    if (!coarse_jps(t, &j, &packed)) {
        grid_free(&packed);
        unload(&l);
        return;
    }
    const JpsCoarse *c = j.coarse;
    static const int NEED[] = {1, 9, 40, 64};
    long compared = 0, wrong = 0;
    for (int py = 1; py < c->nrows - 1; py++)
        for (int px = 1; px < c->ncols - 1; px++) {
            if (!grid_passable(&packed, px - 1, py - 1) || (px * 5 + py * 3) % (3 * t_thin(1)))
                continue;
            for (int d = 0; d < 4; d++) {
                int dx = d & 1 ? 1 : -1, dy = d & 2 ? 1 : -1;
                for (int n = 0; n < 4; n++) {
                    uint64_t row, col;
                    jps_coarse_win(c, px, py, dx, dy, NEED[n], &row, &col);
                    for (int k = 0; k < NEED[n]; k++) {
                        int x = px + dx * k, y = py + dy * k;
                        if (x < 1 || y < 1 || x > c->ncols - 2 || y > c->nrows - 2)
                            break;
                        compared++;
                        wrong += jps_coarse_at(row, k, dy) != jps_coarse_bit(c, jps_coarse_row_bit(c, x, y, dx));
                        wrong += jps_coarse_at(col, k, dx) != jps_coarse_bit(c, jps_coarse_col_bit(c, x, y, dy));
                    }
                }
            }
        }
    CHECKF(t, compared > 100000 && wrong == 0, "%ld of %ld bits differ", wrong, compared);
    jps_free(&j);
    grid_free(&packed);
    unload(&l);
}

/* A maze of corridors 32 cells wide between walls a cell thick (every
 * 33rd line, a door of 8 cells in most, some left out), a few cells blocked
 * inside: a diagonal crosses its window's segments and the lines beside
 * walls, the goal's row and column, runs the whole 64 steps of a window
 * along open corridors and ends at the ring. */
static bool corridor_map(Grid *g, int side)
{
    bool *bits = malloc((size_t)side * (size_t)side * sizeof *bits);
    if (!bits)
        return false;
    uint32_t seed = 7;
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            int bx = x / 33, by = y / 33, door_x = y % 33 >= 12 && y % 33 < 20, door_y = x % 33 >= 5 && x % 33 < 13;
            bool wall_x = x % 33 == 32 && (bx + 2 * by) % 5 && !(door_x && (bx * 7 + by * 3) % 4);
            bool wall_y = y % 33 == 32 && (by + 3 * bx) % 7 && !(door_y && (bx * 5 + by) % 3);
            seed = seed * 1103515245u + 12345u;
            bits[y * side + x] = !wall_x && !wall_y && (seed >> 16) % 1000 != 0;
        }
    Err err;
    bool ok = grid_from_bits(g, bits, side, side, &err);
    free(bits);
    return ok;
}

/* The coarse JPS answers as the packed JPS without turn bits (its diagonal
 * steps scan both lines each), on whole transposed rows, on the corridors
 * above: the same results and the same paths, cell for cell. */
static void test_coarse_answers_on_corridors(T *t)
{
    Grid g, packed;
    Err err;
    if (!corridor_map(&g, 300)) {
        CHECK(t, false);
        return;
    }
    CHECK(t, grid_pack(&packed, &g, &err));
    Jps plain, coarse;
    CHECK(t, jps_init_bounded(&plain, &packed, true, JPS_NODES_GROW, &err));
    if (!coarse_jps(t, &coarse, &packed)) {
        jps_free(&plain);
        grid_free(&packed);
        grid_free(&g);
        return;
    }
    plain.waypoints = coarse.waypoints = true;
    xyPath p = {0}, q = {0};
    int found = 0, differ = 0, queries = 0;
    uint32_t seed = 11;
    for (int i = 0; i < 2000 / t_thin(1); i++) {
        xyLoc a, b;
        do {
            seed = seed * 1103515245u + 12345u;
            a = (xyLoc){(int16_t)((seed >> 8) % 300), (int16_t)((seed >> 20) % 300)};
            seed = seed * 1103515245u + 12345u;
            b = (xyLoc){(int16_t)((seed >> 8) % 300), (int16_t)((seed >> 20) % 300)};
        } while (!grid_passable(&g, a.x, a.y) || !grid_passable(&g, b.x, b.y));
        p.len = q.len = 0;
        JpsResult ra = jps_find_capped(&plain, a, b, UINT64_MAX, &p);
        JpsResult rb = jps_find_capped(&coarse, a, b, UINT64_MAX, &q);
        queries++;
        found += p.len > 0;
        differ += ra != rb || p.len != q.len || memcmp(p.cells, q.cells, p.len * sizeof *p.cells);
    }
    CHECKF(t, found * 10 > queries * 9 && differ == 0, "%d of %d answers differ (%d found)", differ, queries, found);
    path_free(&p);
    path_free(&q);
    jps_free(&plain);
    jps_free(&coarse);
    grid_free(&packed);
    grid_free(&g);
}

const TestCase COARSE_TESTS[] = {
    {"coarse_window_as_bits", test_coarse_window_as_bits},
    {"coarse_answers_on_corridors", test_coarse_answers_on_corridors},
    {NULL, NULL},
};
