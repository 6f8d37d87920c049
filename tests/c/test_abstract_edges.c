/* abstraction/edges.h: a region's edges read from the compact layout give,
 * for every region, the edges and excess codes the plain form decoded from
 * the same layout holds (abs_decode, which finds a non-kept excess by the
 * reverse edge): on narrow sectors of a map of no default sector (the fast
 * reading), masked sectors (rooms), default sectors and wide ones. Run from
 * test_abs_layout.c's table. */
#include <stdlib.h>

#include "../../abstraction/edges.h"
#include "../../abstraction/plain.h"
#include "test.h"

/* Every region's cursor against the plain form; `what` names the map. */
static void check_edges(T *t, const Grid *g, int S, bool defaults, const char *what, int *fast, int *masked)
{
    Abstraction a;
    AbsIndex ix;
    AbsPlain p;
    Err err;
    CHECKF(t, abs_build_centers(&a, g, S, defaults, false, true, &err), "%s: %s", what, err.msg);
    CHECKF(t, abs_index_init(&ix, &a, &err) && abs_decode(&a, &p, &err), "%s: %s", what, err.msg);
    uint8_t *kept = malloc((size_t)a.nregions + 1);
    CHECK(t, kept != NULL);
    if (kept)
        abs_kept_first(&ix, kept);
    int bad = 0;
    for (uint32_t k = 0; k < 2 * a.nregions && bad < 5; k++) { /* by scans, then with the table */
        uint32_t r = k % a.nregions;
        AbsAdj c;
        AbsAdjEdge e;
        int s = (int)abs_region_sector(&ix, r), i = p.edge_first[r];
        abs_adj_begin(&ix, k < a.nregions ? NULL : kept, r, true, &c);
        *fast += c.fast;
        *masked += c.fast && (abs_word_flags(abs_word(&a, s)) & ABS_FLAG_MASKED);
        for (; abs_adj_next(&ix, &c, &e); i++) {
            int ts = abs_neighbour_sector(&a, s, (int)e.dir);
            bool same = i < p.edge_first[r + 1] && e.dir == p.edge_dir[i] && e.local == p.edge_target[i] &&
                        (int)e.sector == ts && e.to == (uint32_t)(p.reg_first[ts] + p.edge_target[i]) &&
                        e.excess == p.edge_excess[i];
            bad += !same;
            CHECKF(t, same, "%s: region %u's edge %d: dir %u local %u excess %u, plain dir %d local %d excess %d", what,
                   r, i - p.edge_first[r], e.dir, e.local, e.excess, p.edge_dir[i], p.edge_target[i], p.edge_excess[i]);
        }
        CHECKF(t, i == p.edge_first[r + 1], "%s: region %u: %d edges read, %d in the plain form", what, r,
               i - p.edge_first[r], p.edge_first[r + 1] - p.edge_first[r]);
        /* without excess: the same targets, excess 0 */
        abs_adj_begin(&ix, kept, r, false, &c);
        for (i = p.edge_first[r]; abs_adj_next(&ix, &c, &e); i++)
            CHECK(t, e.excess == 0 && e.to == (uint32_t)(p.reg_first[e.sector] + p.edge_target[i]));
    }
    free(kept);
    abs_plain_free(&p);
    abs_index_free(&ix);
    abs_free(&a);
}

static Grid bits_grid(int w, int h, int pct, uint64_t seed, int open_from_x)
{
    bool *bits = malloc((size_t)w * (size_t)h);
    for (int i = 0; i < w * h; i++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        bits[i] = i % w >= open_from_x || (int)((seed >> 33) % 100) >= pct;
    }
    Grid g;
    Err err;
    grid_from_bits(&g, bits, w, h, &err);
    free(bits);
    return g;
}

void test_abs_adj_reads_layout(T *t)
{
    int fast = 0, masked = 0;
    for (int pct = 10; pct <= 40; pct += 15) { /* scattered obstacles: narrow sectors, no default one */
        Grid g = bits_grid(97, 83, pct, (uint64_t)pct, 97);
        check_edges(t, &g, 12, true, "random", &fast, &masked);
        grid_free(&g);
    }
    CHECK(t, fast > 0);
    Grid g = bits_grid(100, 70, 25, 7, 50); /* an open half: default sectors */
    check_edges(t, &g, 16, true, "open half", &fast, &masked);
    check_edges(t, &g, 16, false, "open half, no defaults", &fast, &masked);
    grid_free(&g);
    bool cb[32 * 16]; /* a checkerboard sector: wide sectors */
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 32; x++)
            cb[y * 32 + x] = x >= 16 || (x + y) % 2 == 0;
    Err err;
    CHECK(t, grid_from_bits(&g, cb, 32, 16, &err));
    check_edges(t, &g, 16, false, "checkerboard", &fast, &masked);
    grid_free(&g);
    bool rooms[96 * 96]; /* rooms of 7 x 7 cells and doors: masked sectors */
    for (int y = 0; y < 96; y++)
        for (int x = 0; x < 96; x++)
            rooms[y * 96 + x] = !((x % 8 == 7 && y % 8 != 3) || (y % 8 == 7 && x % 8 != 3));
    CHECK(t, grid_from_bits(&g, rooms, 96, 96, &err));
    check_edges(t, &g, 16, false, "rooms", &fast, &masked);
    grid_free(&g);
    CHECKF(t, masked > 0, "no masked sector read by the fast way (%d fast regions)", fast);
}
