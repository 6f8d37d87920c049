/* Locating a cell's region (abstraction/index.h, abs_locate): on every
 * embedded map, the region abs_region_of gives, reached by a walk of legal
 * moves inside the sector to its center, by sight and by search. */
#include <stdlib.h>

#include "../../abstraction/index.h"
#include "../../grid/line.h"
#include "test.h"

/* abs_locate against the locator's search: the same region for every
 * passable cell, and a walk of legal moves inside the sector from the cell
 * to that region's center. Both ways of finding it must be exercised. */
static void check_locate(T *t, const Grid *g, const char *path)
{
    Abstraction a;
    AbsIndex ix;
    Err err;
    CHECKF(t, abs_build(&a, g, 16, true, &err) && abs_index_init(&ix, &a, &err), "%s", err.msg);
    AbsLocator *loc = calloc(1, sizeof *loc);
    xyPath walk = {0};
    size_t sight = 0, search = 0;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++) {
            walk.len = 0;
            int r = abs_locate(&ix, g, loc, (xyLoc){(int16_t)x, (int16_t)y}, &walk);
            if (!grid_passable(g, x, y)) {
                CHECK(t, r == -1 && walk.len == 0);
                continue;
            }
            int s = abs_sector_of(&a, x, y), x0, y0, w, h;
            abs_sector_box(&a, s, &x0, &y0, &w, &h);
            xyLoc ctr = walk.len ? walk.cells[walk.len - 1] : (xyLoc){-1, -1};
            bool ok = r == abs_region_of(&a, g, loc, x, y) && walk.len >= 1 && walk.cells[0].x == x &&
                      walk.cells[0].y == y && ctr.x == abs_center(&ix, abs_gid(&ix, s, r)).x &&
                      ctr.y == abs_center(&ix, abs_gid(&ix, s, r)).y;
            for (size_t i = 1; ok && i < walk.len; i++) {
                xyLoc p = walk.cells[i - 1], q = walk.cells[i];
                int d = grid_dir_of(q.x - p.x, q.y - p.y);
                ok =
                    d >= 0 && grid_move_legal(g, p.x, p.y, d) && q.x >= x0 && q.y >= y0 && q.x < x0 + w && q.y < y0 + h;
            }
            if (!ok) {
                CHECKF(t, false, "%s: cell (%d,%d) region %d", path, x, y, r);
                x = g->width, y = g->height; /* one message per map */
                continue;
            }
            bool line = line_legal(g, walk.cells[0], ctr);
            sight += line;
            search += !line;
        }
    CHECKF(t, sight > 0 && search > 0, "%s: %zu by sight, %zu by search", path, sight, search);
    path_free(&walk);
    free(loc);
    abs_index_free(&ix);
    abs_free(&a);
}

static void test_abs_locate_by_sight(T *t) { for_each_embedded_map(t, check_locate); }

/* The index's packed fields (abstraction/index.h) read back every region's
 * sector and center as the layout has them, at a side of small sectors and
 * at the largest; at side 6 it takes fewer bytes than a 16-bit field a
 * region and a 16-bit start a sector took, which it always can there (8
 * sectors' regions fit a byte, a center 7 bits). */
static void check_index_packed(T *t, const Grid *g, const char *path)
{
    static const int sides[] = {6, 16};
    for (size_t k = 0; k < sizeof sides / sizeof *sides; k++) {
        Abstraction a;
        AbsIndex ix;
        Err err;
        CHECKF(t, abs_build(&a, g, sides[k], true, &err) && abs_index_init(&ix, &a, &err), "%s", err.msg);
        uint32_t bad = 0, n = (uint32_t)a.nregions, ns = (uint32_t)a.nsectors;
        for (uint32_t s = 0; s < ns; s++)
            for (int r = 0; r < abs_region_count(&a, (int)s); r++) {
                uint32_t gid = abs_gid(&ix, (int)s, r);
                xyLoc c = abs_center(&ix, gid), want = abs_region_center(&a, (int)s, r);
                bad += abs_region_sector(&ix, gid) != s || abs_local(&ix, gid) != r || c.x != want.x || c.y != want.y;
            }
        CHECKF(t, bad == 0 && abs_base(&ix, ns) == n, "%s side %d: %u regions read back wrong", path, sides[k], bad);
        size_t wide = (size_t)n * 2 + (n / 64 + 1) * 4 + ((size_t)ns + 1) * 2 + (ns / 64 + 1) * 4;
        CHECKF(t, sides[k] != 6 || abs_index_bytes(&ix) < wide, "%s: %zu bytes against %zu", path, abs_index_bytes(&ix),
               wide);
        abs_index_free(&ix);
        abs_free(&a);
    }
}

static void test_abs_index_packed(T *t) { for_each_embedded_map(t, check_index_packed); }

/* abs_sector_dir from two sectors' index step alone (3 sectors a row or
 * more) and from their rows (fewer), and abs_center_in given the sector:
 * every neighbour's direction and every region's center as the layout has
 * them, on rows of 1, 2, 3 and 7 sectors. */
static void test_abs_sector_dir(T *t)
{
    static const int widths[] = {8, 16, 24, 56};
    for (size_t k = 0; k < sizeof widths / sizeof *widths; k++) {
        Grid g = t_random_grid(widths[k], 24, 20, 11 + k);
        Abstraction a;
        AbsIndex ix;
        Err err;
        CHECKF(t, abs_build(&a, &g, 8, true, &err) && abs_index_init(&ix, &a, &err), "%s", err.msg);
        uint32_t bad = 0;
        for (int s = 0; s < (int)a.nsectors; s++) {
            for (int d = 0; d < 8; d++) {
                int n = abs_neighbour_sector(&a, s, d);
                bad += n >= 0 && abs_sector_dir(&ix, (uint32_t)s, (uint32_t)n) != d;
            }
            for (int r = 0; r < abs_region_count(&a, s); r++) {
                xyLoc c = abs_center_in(&ix, abs_gid(&ix, s, r), (uint32_t)s), want = abs_region_center(&a, s, r);
                bad += c.x != want.x || c.y != want.y;
            }
        }
        CHECKF(t, bad == 0, "%d sectors a row: %u wrong", a.sw, bad);
        abs_index_free(&ix);
        abs_free(&a);
        grid_free(&g);
    }
}

const TestCase ABS_LOCATE_TESTS[] = {
    {"abs_locate_by_sight", test_abs_locate_by_sight},
    {"abs_index_packed", test_abs_index_packed},
    {"abs_sector_dir", test_abs_sector_dir},
    {NULL, NULL},
};
