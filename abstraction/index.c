#include "index.h"

#include <stdlib.h>
#include <string.h>

#include "../grid/line.h"

bool abs_index_init(AbsIndex *ix, const Abstraction *a, Err *err)
{
    memset(ix, 0, sizeof *ix);
    ix->abs = a;
    ix->S = a->S;
    ix->sw = a->sw;
    size_t n = a->nregions ? a->nregions : 1;
    ix->region_base = malloc(((size_t)a->nsectors + 1) * sizeof *ix->region_base);
    ix->center = malloc(n * sizeof *ix->center);
    if (!ix->region_base || !ix->center) {
        abs_index_free(ix);
        return err_set(err, "out of memory indexing the abstraction (%u regions)", a->nregions);
    }
    uint32_t gid = 0;
    for (uint32_t s = 0; s < a->nsectors; s++) {
        ix->region_base[s] = gid;
        for (int r = 0; r < abs_region_count(a, (int)s); r++, gid++)
            ix->center[gid] = abs_region_center(a, (int)s, r);
    }
    ix->region_base[a->nsectors] = gid;
    return true;
}

void abs_index_free(AbsIndex *ix)
{
    free(ix->region_base);
    free(ix->center);
    memset(ix, 0, sizeof *ix);
}

size_t abs_index_bytes(const AbsIndex *ix)
{
    return ((size_t)ix->abs->nsectors + 1) * 4 + (size_t)ix->abs->nregions * sizeof(xyLoc);
}

uint32_t *abs_region_sectors(const AbsIndex *ix)
{
    uint32_t n = ix->abs->nregions;
    uint32_t *sector = malloc(((size_t)n + 1) * sizeof *sector);
    for (uint32_t r = 0; sector && r < n; r++)
        sector[r] = abs_region_sector(ix, r);
    return sector;
}

int abs_locate(const AbsIndex *ix, const Grid *g, AbsLocator *loc, xyLoc c, xyPath *out)
{
    uint64_t all = UINT64_MAX;
    return abs_locate_steps(ix, g, loc, c, false, &all, out);
}

int abs_locate_steps(const AbsIndex *ix, const Grid *g, AbsLocator *loc, xyLoc c, bool resume, uint64_t *cells_left,
                     xyPath *out)
{
    const Abstraction *a = ix->abs;
    if (resume)
        return abs_region_path_steps(a, g, loc, c.x, c.y, true, cells_left, out);
    if (!grid_passable(g, c.x, c.y))
        return -1;
    int s = abs_sector_of(a, c.x, c.y), n = abs_region_count(a, s);
    for (int k = 0; k < n; k++) {
        xyLoc ctr = ix->center[abs_gid(ix, s, k)];
        size_t m = line_moves(c, ctr);
        *cells_left = *cells_left > m ? *cells_left - m : 0;
        if (line_legal(g, c, ctr)) {
            path_push(out, c);
            path_push_line(out, c, ctr);
            return k;
        }
    }
    return abs_region_path_steps(a, g, loc, c.x, c.y, false, cells_left, out);
}
