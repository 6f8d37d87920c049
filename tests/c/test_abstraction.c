/* The MM abstraction as built against brute force: each sector's regions
 * and the edges between them, on random, embedded and real maps, the wide
 * form (a checkerboard sector) and the all-open sector's shortcut. (What the
 * built abstraction stores and answers, its layout, bytes, region lookup and
 * file: test_abs_layout.c; locating a cell's region: test_abs_locate.c.) */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../abstraction/index.h"
#include "../../abstraction/plain.h"
#include "../../common/binio.h"
#include "../../grid/line.h"
#include "../../grid/scen.h"
#include "test.h"

/* Brute force: regions of sector s by repeated relabelling until stable
 * (no queue, no shared code with build.c). Returns the count; lab gets labels. */
static int brute_regions(const Grid *g, int S, int x0, int y0, int *lab)
{
    int w = g->width - x0 < S ? g->width - x0 : S, h = g->height - y0 < S ? g->height - y0 : S;
    for (int i = 0; i < S * S; i++)
        lab[i] = -1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (grid_passable(g, x0 + x, y0 + y))
                lab[y * S + x] = y * S + x;
    for (bool changed = true; changed;) {
        changed = false;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                int *l = &lab[y * S + x];
                if (*l < 0)
                    continue;
                if (x + 1 < w && lab[y * S + x + 1] >= 0 && lab[y * S + x + 1] != *l) {
                    int m = *l < lab[y * S + x + 1] ? *l : lab[y * S + x + 1];
                    changed |= *l != m || lab[y * S + x + 1] != m;
                    *l = lab[y * S + x + 1] = m;
                }
                if (y + 1 < h && lab[(y + 1) * S + x] >= 0 && lab[(y + 1) * S + x] != *l) {
                    int m = *l < lab[(y + 1) * S + x] ? *l : lab[(y + 1) * S + x];
                    changed |= *l != m || lab[(y + 1) * S + x] != m;
                    *l = lab[(y + 1) * S + x] = m;
                }
            }
    }
    int n = 0;
    for (int i = 0; i < S * S; i++)
        n += lab[i] == i;
    return n;
}

static bool has_edge(const Abstraction *a, int s, int r, int dir, int ts, int tr)
{
    AbsEdgeIter it;
    AbsEdge e;
    abs_edges(a, s, r, &it);
    while (abs_edge_next(a, &it, &e))
        if (e.dir == dir && e.sector == ts && e.region == tr)
            return true;
    return false;
}

/* Checks a's regions and edges against brute force over grid g. */
static void check_against_brute_force(T *t, const Grid *g, const Abstraction *a, const char *what)
{
    AbsLocator *loc = calloc(1, sizeof *loc);
    int lab[ABS_MAX_SECTOR * ABS_MAX_SECTOR];
    int bad = 0;
    for (uint32_t s = 0; s < a->nsectors && bad < 3; s++) {
        int x0 = abs_sector_x0(a, (int)s), y0 = abs_sector_y0(a, (int)s);
        int n = brute_regions(g, a->S, x0, y0, lab);
        if (n != abs_region_count(a, (int)s)) {
            bad++;
            t_fail(t, __FILE__, __LINE__, "%s: sector %u has %d regions, brute force %d", what, s,
                   abs_region_count(a, (int)s), n);
        }
        /* Centers lie in their region: same brute label as every cell abs_region_of maps there. */
        for (int r = 0; r < abs_region_count(a, (int)s); r++) {
            xyLoc c = abs_region_center(a, (int)s, r);
            CHECKF(t, grid_passable(g, c.x, c.y) && abs_region_of(a, g, loc, c.x, c.y) == r,
                   "%s: sector %u region %d center (%d,%d)", what, s, r, c.x, c.y);
        }
        /* Regions are numbered by their first cell in row-major order (a brute
         * label is its region's first cell), and a center is the cell nearest
         * the region's centroid, compared as |n*c - sum|^2, ties to the first. */
        for (int root = 0, r = 0; root < a->S * a->S && n == abs_region_count(a, (int)s); root++) {
            if (lab[root] != root)
                continue;
            long cnt = 0, sx = 0, sy = 0, best = -1;
            int best_cell = 0;
            for (int i = 0; i < a->S * a->S; i++)
                if (lab[i] == root) {
                    cnt++;
                    sx += i % a->S;
                    sy += i / a->S;
                }
            for (int i = 0; i < a->S * a->S; i++) {
                long dx = cnt * (i % a->S) - sx, dy = cnt * (i / a->S) - sy;
                if (lab[i] == root && (best < 0 || dx * dx + dy * dy < best)) {
                    best = dx * dx + dy * dy;
                    best_cell = i;
                }
            }
            xyLoc c = abs_region_center(a, (int)s, r);
            CHECKF(t, abs_region_of(a, g, loc, x0 + root % a->S, y0 + root / a->S) == r,
                   "%s: sector %u: the region of its cell (%d,%d) is not number %d", what, s, x0 + root % a->S,
                   y0 + root / a->S, r);
            CHECKF(t, c.x == x0 + best_cell % a->S && c.y == y0 + best_cell / a->S,
                   "%s: sector %u region %d: center (%d,%d), nearest the centroid (%d,%d)", what, s, r, c.x, c.y,
                   x0 + best_cell % a->S, y0 + best_cell / a->S);
            r++;
        }
    }
    /* Every legal crossing move is covered by an edge between the right regions. */
    for (int y = 0; y < g->height && bad < 3; y++)
        for (int x = 0; x < g->width; x++) {
            if (!grid_passable(g, x, y))
                continue;
            int s = abs_sector_of(a, x, y), r = abs_region_of(a, g, loc, x, y);
            CHECK(t, r >= 0);
            for (int d = 0; d < 8; d++) {
                int nx = x + GRID_DX[d], ny = y + GRID_DY[d];
                if (!grid_move_legal(g, x, y, d) || abs_sector_of(a, nx, ny) == s)
                    continue;
                int ts = abs_sector_of(a, nx, ny), tr = abs_region_of(a, g, loc, nx, ny);
                int sd = -1;
                for (int k = 0; k < 8; k++)
                    if (abs_neighbour_sector(a, s, k) == ts)
                        sd = k;
                if (!has_edge(a, s, r, sd, ts, tr)) {
                    bad++;
                    t_fail(t, __FILE__, __LINE__, "%s: move (%d,%d)->(%d,%d) has no edge", what, x, y, nx, ny);
                }
            }
        }
    /* Every stored edge corresponds to at least one legal crossing move. */
    for (uint32_t s = 0; s < a->nsectors && bad < 3; s++)
        for (int r = 0; r < abs_region_count(a, (int)s); r++) {
            AbsEdgeIter it;
            AbsEdge e;
            abs_edges(a, (int)s, r, &it);
            while (abs_edge_next(a, &it, &e)) {
                bool found = false;
                int x0 = abs_sector_x0(a, (int)s), y0 = abs_sector_y0(a, (int)s);
                for (int y = y0; y < y0 + a->S && y < g->height && !found; y++)
                    for (int x = x0; x < x0 + a->S && x < g->width && !found; x++)
                        for (int d = 0; d < 8 && !found; d++) {
                            int nx = x + GRID_DX[d], ny = y + GRID_DY[d];
                            found = grid_passable(g, x, y) && grid_move_legal(g, x, y, d) &&
                                    abs_sector_of(a, nx, ny) == e.sector && abs_region_of(a, g, loc, x, y) == r &&
                                    abs_region_of(a, g, loc, nx, ny) == e.region;
                        }
                if (!found) {
                    bad++;
                    t_fail(t, __FILE__, __LINE__, "%s: edge s%u r%d -> s%d r%d has no move", what, s, r, e.sector,
                           e.region);
                }
            }
        }
    free(loc);
}

static void test_abs_random_maps_match_brute_force(T *t)
{
    int sizes[] = {4, 5, 8, 12, 16};
    for (int i = 0; i < 5; i++)
        for (int pct = 10; pct <= 50; pct += 20) {
            Grid g = t_random_grid(53, 37, pct, (uint64_t)(i * 100 + pct));
            Abstraction a;
            Err err;
            CHECKF(t, abs_build(&a, &g, sizes[i], true, &err), "%s", err.msg);
            char what[64];
            snprintf(what, sizeof what, "random S=%d %d%%", sizes[i], pct);
            check_against_brute_force(t, &g, &a, what);
            CHECKF(t, abs_validate(&a, &g, &err), "%s: %s", what, err.msg);
            abs_free(&a);
            grid_free(&g);
        }
}

static void check_map_s16(T *t, const Grid *g, const char *path)
{
    Abstraction a;
    Err err;
    CHECKF(t, abs_build(&a, g, 16, true, &err), "%s", err.msg);
    check_against_brute_force(t, g, &a, path);
    abs_free(&a);
}

static void test_abs_embedded_maps_match_brute_force(T *t) { for_each_embedded_map(t, check_map_s16); }

static void test_abs_real_maps_sample(T *t)
{
    const char *dir = bench_dir(t);
    if (!dir)
        return;
    const char *names[] = {"dao/arena2", "dao/den312d", "rooms/16room_000", "mazes/maze512-1-0"};
    for (int i = 0; i < 4; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/maps/%s.map", dir, names[i]);
        Grid g;
        Err err;
        CHECKF(t, grid_load_map(&g, path, &err), "%s", err.msg);
        check_map_s16(t, &g, path);
        grid_free(&g);
    }
}

/* A 16x16 checkerboard sector has 128 one-cell regions (diagonals would cut
 * corners), beside an open sector whose region touches 8 of them: the open
 * sector's edges target regions >= 32, so both need the wide form. */
static void test_abs_checkerboard_overflow(T *t)
{
    bool bits[32 * 16];
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 32; x++)
            bits[y * 32 + x] = x >= 16 || (x + y) % 2 == 0;
    Grid g;
    Err err;
    grid_from_bits(&g, bits, 32, 16, &err);
    Abstraction a;
    CHECKF(t, abs_build(&a, &g, 16, true, &err), "%s", err.msg);
    CHECK(t, abs_region_count(&a, 0) == 128 && abs_region_count(&a, 1) == 1);
    CHECK(t, a.nwide >= 1 && (abs_word_flags(abs_word(&a, 1)) & ABS_FLAG_WIDE));
    check_against_brute_force(t, &g, &a, "checkerboard");
    int n = 0;
    AbsEdgeIter it;
    AbsEdge e;
    abs_edges(&a, 1, 0, &it);
    while (abs_edge_next(&a, &it, &e))
        n++;
    CHECK(t, n == 8); /* the 8 passable cells of column 15 */
    CHECK(t, abs_validate(&a, &g, &err));
    abs_free(&a);
    grid_free(&g);
}

/* An all-open sector takes a shortcut past the flood fill (build.c): its
 * center is still the centroid rule's, for every sector shape (partial
 * sectors at the map's right and bottom edges included), and the whole
 * abstraction still matches brute force. */
static void test_abs_open_sector_centers(T *t)
{
    bool bits[16 * 16];
    for (int i = 0; i < 16 * 16; i++)
        bits[i] = true;
    for (int w = 1; w <= 16; w++)
        for (int h = 1; h <= 16; h++) {
            Grid g;
            Abstraction a;
            Err err;
            CHECK(t, grid_from_bits(&g, bits, w, h, &err) && abs_build(&a, &g, 16, false, &err));
            /* The rule, brute force: nearest (w*h*c - sum) in squares, ties to row-major first. */
            long n = (long)w * h, sx = n * (w - 1) / 2, sy = n * (h - 1) / 2, best = -1;
            int bx = 0, by = 0;
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    long dx = n * x - sx, dy = n * y - sy, d2 = dx * dx + dy * dy;
                    if (best < 0 || d2 < best) {
                        best = d2;
                        bx = x;
                        by = y;
                    }
                }
            xyLoc c = abs_region_center(&a, 0, 0);
            CHECKF(t, abs_region_count(&a, 0) == 1 && c.x == bx && c.y == by, "%dx%d: center (%d,%d), rule (%d,%d)", w,
                   h, c.x, c.y, bx, by);
            abs_free(&a);
            grid_free(&g);
        }
    Grid g = t_random_grid(53, 37, 0, 1);
    Abstraction a;
    Err err;
    CHECK(t, abs_build(&a, &g, 16, false, &err));
    check_against_brute_force(t, &g, &a, "open 53x37");
    abs_free(&a);
    grid_free(&g);
}

const TestCase ABSTRACTION_TESTS[] = {
    {"abs_open_sector_centers", test_abs_open_sector_centers},
    {"abs_random_maps_match_brute_force", test_abs_random_maps_match_brute_force},
    {"abs_embedded_maps_match_brute_force", test_abs_embedded_maps_match_brute_force},
    {"abs_real_maps_sample", test_abs_real_maps_sample},
    {"abs_checkerboard_overflow", test_abs_checkerboard_overflow},
    {NULL, NULL},
};
