/* index.h: global region ids over an abstraction, the index every user of it
 * needs (the abstract search, leg planning, both leg stores).
 *
 * The compact layout (abstraction.h) numbers regions inside their sector;
 * the index numbers them across the map: sector s's regions are
 * abs_base(s) .. abs_base(s + 1) - 1, in sector order. The bases take about
 * 1 or 2 bytes a sector (common/row_starts.h: a 32-bit base every 8 to 64
 * sectors and a byte a sector where the regions allow, else 16 bits, which
 * hold since a sector has at most 255 regions).
 *
 * It also keeps each region's center, because the abstract search reads it
 * for every edge it relaxes and decoding it from the layout each time is
 * what the paper's layout trades for memory: a field a region, the center
 * inside its sector ((y << 4) | x, as the layout stores it, in as many bits
 * as the map's largest such byte needs) and the region's sector as its
 * distance from the sector of its block's first region (a block:
 * 2^block_shift consecutive ids, with a 32-bit sector each; the shift that
 * makes the fields and the blocks' sectors fewest bytes, at most 64 ids a
 * block), packed in region_bits bits (a few bits over a byte on maps of
 * small sectors, which a 16-bit field overpaid). So a region's sector is a
 * field read, a load and an add, and its center the sector's corner (a
 * multiply and shift for the division by sw) plus the byte. 4 bytes a
 * region (an xyLoc) took more than twice as many.
 *
 * These arrays are derived data: not stored in files, not counted in
 * abs_bytes().
 *
 * Owns its arrays (abs_index_free); borrows the abstraction, which
 * must outlive it (the sector grid's shape is copied, so that an index can
 * still name a region's sector and center while its abstraction is being
 * replaced). */
#ifndef GPPC_ABSTRACTION_INDEX_H
#define GPPC_ABSTRACTION_INDEX_H

#include "../common/le64.h"
#include "../common/row_starts.h"
#include "abstraction.h"

#define ABS_INDEX_BLOCK_SHIFT 6 /* at most 64 ids a block */

typedef struct AbsIndex {
    const Abstraction *abs;
    RowStarts bases;        /* sector s's first region: row_start(s), s <= nsectors */
    uint8_t *region;        /* nregions fields of region_bits bits, 8 spare bytes after them: a region's
                               (sector - its block's sector) << center_bits | center byte */
    uint32_t *block_sector; /* per 2^block_shift regions: the sector of the first */
    int block_shift;
    /* a field's width and its center's, and their masks */
    uint32_t region_bits, center_bits, region_mask, center_mask;
    int S, sw;              /* the abstraction's sector side and sectors per row */
    int32_t sector_step[8]; /* per direction (grid.h): the step of the sector index to the neighbour there */
    uint64_t sw_mul;        /* ceil(2^40 / sw): s / sw as (s * sw_mul) >> 40, exact for every s below 2^40 / sw */
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

/* The first global id of sector s (s <= nsectors: the last is nregions). */
static inline uint32_t abs_base(const AbsIndex *ix, uint32_t s) { return row_start(&ix->bases, s); }
/* Global region gid's field in ix->region in its low bits, the next
 * field's above it (its center, the low bits, needs no other mask). */
static inline uint32_t abs_region_bits(const AbsIndex *ix, uint32_t gid)
{
    uint64_t at = (uint64_t)gid * ix->region_bits;
    return (uint32_t)(le64_read(ix->region + (at >> 3)) >> (at & 7));
}
/* Global region gid's field in ix->region. */
static inline uint32_t abs_region_field(const AbsIndex *ix, uint32_t gid)
{
    return abs_region_bits(ix, gid) & ix->region_mask;
}
/* The sector of global region gid, from its field. */
static inline uint32_t abs_field_sector(const AbsIndex *ix, uint32_t gid, uint32_t field)
{
    return ix->block_sector[gid >> ix->block_shift] + (field >> ix->center_bits);
}
/* The sector of global region gid. */
static inline uint32_t abs_region_sector(const AbsIndex *ix, uint32_t gid)
{
    return abs_field_sector(ix, gid, abs_region_field(ix, gid));
}
/* The row of sector s. */
static inline uint32_t abs_sector_row(const AbsIndex *ix, uint32_t s)
{
    return (uint32_t)(((uint64_t)s * ix->sw_mul) >> 40);
}
/* The center cell of global region gid, whose sector s the caller has
 * (abs_region_sector, or an array of them: the search then reads no
 * block's sector). */
static inline xyLoc abs_center_in(const AbsIndex *ix, uint32_t gid, uint32_t s)
{
    uint32_t b = abs_region_bits(ix, gid) & ix->center_mask;
    uint32_t row = abs_sector_row(ix, s), col = s - row * (uint32_t)ix->sw;
    return abs_center_cell((int)(col * (uint32_t)ix->S), (int)(row * (uint32_t)ix->S), b);
}
/* The center cell of global region gid. */
static inline xyLoc abs_center(const AbsIndex *ix, uint32_t gid)
{
    return abs_center_in(ix, gid, abs_region_sector(ix, gid)); /* the compiler reads the field once */
}
/* The direction (grid.h) from sector s to its neighbouring sector t. With
 * 3 sectors a row or more, the step alone tells it: u = t - s + sw + 1 is
 * (dy + 1) * sw + dx + 1 with dx + 1 below sw, so it splits as a sector
 * index does into a row, dy + 1, and a column, dx + 1 (a held search asks
 * this of every edge it improves: one row where two sectors' took two). */
static inline int abs_sector_dir(const AbsIndex *ix, uint32_t s, uint32_t t)
{
    uint32_t sw = (uint32_t)ix->sw;
    if (sw >= 3) {
        uint32_t u = t - s + sw + 1, q = abs_sector_row(ix, u);
        return grid_dir_of_step((int)(u - q * sw) - 1, (int)q - 1);
    }
    uint32_t rs = abs_sector_row(ix, s), rt = abs_sector_row(ix, t);
    return grid_dir_of((int)(t - rt * sw) - (int)(s - rs * sw), (int)rt - (int)rs);
}
/* Every region's sector into a new array (the caller frees it), for the
 * callers that take them as one (refine/abs_ch.h); NULL when memory ran out. */
uint32_t *abs_region_sectors(const AbsIndex *ix);

/* Global id of local region r of sector s. */
static inline uint32_t abs_gid(const AbsIndex *ix, int sector, int region)
{
    return abs_base(ix, (uint32_t)sector) + (uint32_t)region;
}
/* Local index of global region gid inside its sector. */
static inline int abs_local(const AbsIndex *ix, uint32_t gid)
{
    return (int)(gid - abs_base(ix, abs_region_sector(ix, gid)));
}

/* The id in `fresh` of region `gid` of `old`, across a local rebuild
 * (abs_update) that left gid's sector untouched: untouched sectors keep their
 * regions in order, only the bases move. The order of ids is kept too, since
 * bases grow with the sector index. */
static inline uint32_t abs_index_renumber(const AbsIndex *old, const AbsIndex *fresh, uint32_t gid)
{
    uint32_t s = abs_region_sector(old, gid);
    return abs_base(fresh, s) + (gid - abs_base(old, s));
}

#endif
