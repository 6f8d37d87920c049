/* index.h: global region ids over an abstraction, the index every user of it
 * needs (the abstract search, leg planning, both leg stores).
 *
 * The compact layout (abstraction.h) numbers regions inside their sector;
 * the index numbers them across the map: sector s's regions are
 * region_base[s] .. region_base[s + 1] - 1, in sector order. It also keeps
 * each region's decoded center, because the abstract search reads it for
 * every edge it relaxes and decoding it from the layout each time is what
 * the paper's layout trades for memory. A region's sector is not kept: its
 * center lies in it (abs_region_sector), and an array of them took as many
 * bytes as the centers. These arrays are derived data: not stored in files,
 * not counted in abs_bytes().
 *
 * Owns its two arrays (abs_index_free); borrows the abstraction, which
 * must outlive it (the sector grid's shape is copied, so that an index can
 * still name a region's sector while its abstraction is being replaced). */
#ifndef GPPC_ABSTRACTION_INDEX_H
#define GPPC_ABSTRACTION_INDEX_H

#include "abstraction.h"

typedef struct AbsIndex {
    const Abstraction *abs;
    uint32_t *region_base; /* nsectors + 1 */
    xyLoc *center;         /* nregions: its center cell */
    int S, sw;             /* the abstraction's sector side and sectors per row */
} AbsIndex;

bool abs_index_init(AbsIndex *ix, const Abstraction *a, Err *err);
void abs_index_free(AbsIndex *ix);
size_t abs_index_bytes(const AbsIndex *ix);

/* The region of cell c and the walk from c to its center, appended to
 * `out` (c and the center both included); -1 for a blocked cell (nothing
 * appended). First by sight: a cell that sees one of its sector's centers
 * by a legal line (grid/line.h) is in that center's region, since the line
 * stays in the box of its ends, so inside the sector, and its steps are
 * king moves without corner cutting, the moves regions are filled with;
 * the line is then the walk, the shortest there is. Testing a sector's few
 * centers costs a few line walks where the locator's search
 * (abs_region_path) visits every cell nearer than the center: a fifth of
 * mm's time on the wider embedded mazes. Otherwise that search. */
int abs_locate(const AbsIndex *ix, const Grid *g, AbsLocator *loc, xyLoc c, xyPath *out);
/* abs_locate in pieces (abs_region_path_steps): the sight tests charge
 * *cells_left the cells of their lines and run whole; the search pauses
 * (ABS_LOCATE_PAUSED, nothing appended) when *cells_left ran out first;
 * `resume` goes on with it. */
int abs_locate_steps(const AbsIndex *ix, const Grid *g, AbsLocator *loc, xyLoc c, bool resume, uint64_t *cells_left,
                     xyPath *out);

/* The sector of global region gid: its center's. */
static inline uint32_t abs_region_sector(const AbsIndex *ix, uint32_t gid)
{
    xyLoc c = ix->center[gid];
    return (uint32_t)(c.y / ix->S * ix->sw + c.x / ix->S);
}
/* Every region's sector into a new array (the caller frees it), for the
 * callers that take them as one (refine/abs_ch.h); NULL when memory ran out. */
uint32_t *abs_region_sectors(const AbsIndex *ix);

/* Global id of local region r of sector s. */
static inline uint32_t abs_gid(const AbsIndex *ix, int sector, int region)
{
    return ix->region_base[sector] + (uint32_t)region;
}
/* Local index of global region gid inside its sector. */
static inline int abs_local(const AbsIndex *ix, uint32_t gid)
{
    return (int)(gid - ix->region_base[abs_region_sector(ix, gid)]);
}

/* The id in `fresh` of region `gid` of `old`, across a local rebuild
 * (abs_update) that left gid's sector untouched: untouched sectors keep their
 * regions in order, only the bases move. The order of ids is kept too, since
 * bases grow with the sector index. */
static inline uint32_t abs_index_renumber(const AbsIndex *old, const AbsIndex *fresh, uint32_t gid)
{
    uint32_t s = abs_region_sector(old, gid);
    return fresh->region_base[s] + (gid - old->region_base[s]);
}

#endif
