/* Finding a cell's region (paper §"Pathfinding Using Abstraction": a search
 * inside the sector that stops at the first region center), the optional
 * per-cell label table, and the structural check of a loaded abstraction. */
#include <stdlib.h>
#include <string.h>

#include "plain.h"

/* The breadth-first search of abs_region_of and abs_region_path: king moves
 * without corner cutting, inside the sector. A diagonal step's two side
 * cells lie in the sector too and must be passable, so both ends share a
 * 4-connected region: the search never leaves the cell's region, and the
 * first center it meets is its region's, at the fewest moves. Each reached
 * cell keeps the direction it was entered by, for the path.
 * bfs_begin sets it up from (x, y) in sector s; bfs_run goes on while
 * *cells lasts (a cell taken off the queue each) and returns the local
 * index (y << 4 | x) of the center reached, -1 when none is reachable, or
 * ABS_LOCATE_PAUSED. */
static void bfs_begin(const Abstraction *a, AbsLocator *loc, int s, int x, int y)
{
    int nreg = abs_region_count(a, s), x0, y0;
    abs_sector_box(a, s, &x0, &y0, &loc->w, &loc->h);
    memset(loc->dir, ABS_LOCATOR_NONE, sizeof loc->dir);
    memset(loc->center_region, ABS_LOCATOR_NONE, sizeof loc->center_region);
    for (int r = 0; r < nreg; r++) {
        xyLoc c = abs_region_center(a, s, r);
        int i = (c.y - y0) * ABS_MAX_SECTOR + (c.x - x0);
        loc->center_region[i] = (uint8_t)r;
    }
    loc->x0 = x0;
    loc->y0 = y0;
    loc->start = (y - y0) * ABS_MAX_SECTOR + (x - x0);
    loc->head = loc->tail = 0;
    /* Cell indices fit a byte only for S = 16 exactly, so the queue holds (y<<4)|x. */
    loc->queue[loc->tail++] = (uint8_t)loc->start;
    loc->dir[loc->start] = 8; /* reached, by no move */
}

static int bfs_run(const Grid *g, AbsLocator *loc, uint64_t *cells_left)
{
    int x0 = loc->x0, y0 = loc->y0, w = loc->w, h = loc->h;
    while (loc->head < loc->tail) {
        if (!*cells_left)
            return ABS_LOCATE_PAUSED;
        --*cells_left;
        int c = loc->queue[loc->head++];
        if (loc->center_region[c] != ABS_LOCATOR_NONE)
            return c;
        int cx = c % ABS_MAX_SECTOR, cy = c / ABS_MAX_SECTOR;
        int gi = grid_index(g, x0 + cx, y0 + cy);
        for (int d = 0; d < 8; d++) {
            int nx = cx + GRID_DX[d], ny = cy + GRID_DY[d];
            int n = ny * ABS_MAX_SECTOR + nx;
            if (nx < 0 || ny < 0 || nx >= w || ny >= h || loc->dir[n] != ABS_LOCATOR_NONE ||
                !grid_open_at(g, (size_t)(gi + GRID_DY[d] * g->stride + GRID_DX[d])))
                continue;
            if (d >= 4 && (!grid_open_at(g, (size_t)(gi + GRID_DX[d])) ||
                           !grid_open_at(g, (size_t)(gi + GRID_DY[d] * g->stride))))
                continue;
            loc->dir[n] = (uint8_t)d;
            loc->queue[loc->tail++] = (uint8_t)n;
        }
    }
    return -1; /* no center reachable: the abstraction does not match the grid */
}

int abs_region_of(const Abstraction *a, const Grid *g, AbsLocator *loc, int x, int y)
{
    if (!grid_passable(g, x, y))
        return -1;
    int s = abs_sector_of(a, x, y);
    if (abs_region_count(a, s) == 1)
        return 0;
    uint64_t all = UINT64_MAX;
    bfs_begin(a, loc, s, x, y);
    int c = bfs_run(g, loc, &all);
    return c < 0 ? -1 : loc->center_region[c];
}

int abs_region_path(const Abstraction *a, const Grid *g, AbsLocator *loc, int x, int y, xyPath *out)
{
    uint64_t all = UINT64_MAX;
    return abs_region_path_steps(a, g, loc, x, y, false, &all, out);
}

int abs_region_path_steps(const Abstraction *a, const Grid *g, AbsLocator *loc, int x, int y, bool resume,
                          uint64_t *cells_left, xyPath *out)
{
    if (!resume) {
        if (!grid_passable(g, x, y))
            return -1;
        bfs_begin(a, loc, abs_sector_of(a, x, y), x, y);
    }
    int c = bfs_run(g, loc, cells_left);
    if (c < 0)
        return c;
    int start = loc->start;
    size_t first = out->len;
    for (int i = c;; i -= GRID_DY[loc->dir[i]] * ABS_MAX_SECTOR + GRID_DX[loc->dir[i]]) {
        path_push(out, (xyLoc){(int16_t)(loc->x0 + i % ABS_MAX_SECTOR), (int16_t)(loc->y0 + i / ABS_MAX_SECTOR)});
        if (i == start)
            break;
    }
    cells_reverse(out->cells + first, out->len - first);
    return loc->center_region[c];
}

bool abs_validate(const Abstraction *a, const Grid *g, Err *err)
{
    uint32_t regions = 0, edges = 0, defaults = 0;
    AbsLocator *loc = calloc(1, sizeof *loc);
    if (!loc)
        return err_set(err, "out of memory checking the abstraction");
    bool ok = true;
    /* A wide sector's count is read from its entry: every index first, as
     * an edge's check reads the count of a sector further on (make fuzz). */
    for (uint32_t s = 0; s < a->nsectors && ok; s++) {
        const uint8_t *raw = a->sector + (size_t)ABS_WORD_BYTES * s;
        if (raw[2] >> 5 & ABS_FLAG_WIDE && (raw[0] | (uint32_t)raw[1] << 8) >= a->nwide)
            ok = err_set(err, "sector %u: wide index past %u", s, a->nwide);
    }
    for (uint32_t s = 0; s < a->nsectors && ok; s++) {
        uint32_t w = abs_word(a, (int)s), flags = abs_word_flags(w);
        int nreg = abs_region_count(a, (int)s), x0, y0, sw, sh;
        abs_sector_box(a, (int)s, &x0, &y0, &sw, &sh);
        if (flags & ~(ABS_FLAG_DEFAULT | ABS_FLAG_WIDE | ABS_FLAG_MASKED) || (flags & ABS_FLAG_DEFAULT && nreg != 1) ||
            (flags & ABS_FLAG_MASKED && flags != ABS_FLAG_MASKED)) {
            ok = err_set(err, "sector %u: bad flags %#x", s, flags);
            break;
        }
        defaults += (flags & ABS_FLAG_DEFAULT) != 0;
        /* Every byte the sector's decoding reads must lie inside the pool. */
        if (!(flags & ABS_FLAG_DEFAULT)) {
            size_t start, bytes;
            if (flags & ABS_FLAG_WIDE) {
                uint32_t i = (w >> 8) & 0xffffu;
                start = a->wide[i].pool_offset;
                bytes = 4u * nreg + 2u * a->wide[i].edges;
            } else {
                start = (size_t)a->group_base[s / ABS_GROUP] + ((w >> 8) & 0xffffu);
                bytes = 2u * nreg;
                if (start + bytes <= a->pool_bytes && nreg > 0)
                    bytes += a->pool[start + 2u * nreg - 1];
            }
            if (start + bytes > a->pool_bytes) {
                ok = err_set(err, "sector %u: data past the end of the pool", s);
                break;
            }
            /* Cumulative edge ends never decrease (else a region's edge run is negative). */
            const uint8_t *d = a->pool + start;
            int prev = 0;
            for (int r = 0; r < nreg && ok; r++) {
                int end = flags & ABS_FLAG_WIDE ? d[4 * r + 2] | d[4 * r + 3] << 8 : d[2 * r + 1];
                if (end < prev)
                    ok = err_set(err, "sector %u region %d: edge index goes backwards", s, r);
                prev = end;
            }
            if (ok && flags & ABS_FLAG_WIDE && prev != a->wide[(w >> 8) & 0xffffu].edges)
                ok = err_set(err, "sector %u: wide edge count differs from its regions'", s);
            if (!ok)
                break;
        }
        for (int r = 0; r < nreg && ok; r++) {
            xyLoc c = abs_region_center(a, (int)s, r);
            if (c.x < x0 || c.y < y0 || c.x >= x0 + sw || c.y >= y0 + sh || !grid_passable(g, c.x, c.y) ||
                (nreg > 1 && abs_region_of(a, g, loc, c.x, c.y) != r)) {
                ok = err_set(err, "sector %u region %d: center (%d,%d) not a cell of its region", s, r, c.x, c.y);
                break;
            }
            AbsEdgeIter it;
            AbsEdge e;
            int last = -1;
            abs_edges(a, (int)s, r, &it);
            while (ok && abs_edge_next(a, &it, &e)) {
                int key = e.dir * 256 + e.region;
                if (e.dir > 7 || e.sector < 0 || e.region >= abs_region_count(a, e.sector) || key <= last)
                    ok = err_set(err, "sector %u region %d: bad edge (direction %d, region %d)", s, r, e.dir, e.region);
                last = key;
                edges++;
            }
        }
        regions += (uint32_t)nreg;
    }
    free(loc);
    if (ok && (regions != a->nregions || edges != a->nedges || defaults != a->ndefault))
        ok = err_set(err, "totals differ: %u regions, %u edges, %u default sectors counted; %u, %u, %u recorded",
                     regions, edges, defaults, a->nregions, a->nedges, a->ndefault);
    return ok && abs_excess_fits(a, err);
}
