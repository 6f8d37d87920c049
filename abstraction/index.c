#include "index.h"

#include <stdlib.h>
#include <string.h>

#include "../grid/line.h"

/* The bits a value up to `most` takes (at least 1). */
static uint32_t bits_for(uint32_t most)
{
    uint32_t b = 1;
    while (b < 32 && most >> b)
        b++;
    return b;
}

/* The bits of a region's sector distance from its block's first at block
 * shift k; sector[gid] is each id's sector. Ids are numbered in sector
 * order, so a block's largest distance is its last id's: a read per block
 * (the index is built again after every map change). */
static uint32_t spread_bits(const uint32_t *sector, uint32_t n, int k)
{
    uint32_t most = 0;
    for (uint32_t first = 0; first < n; first += 1u << k) {
        uint32_t last = n - first > (1u << k) ? first + (1u << k) - 1 : n - 1, d = sector[last] - sector[first];
        most = d > most ? d : most;
    }
    return bits_for(most);
}

/* The block shift (at most ABS_INDEX_BLOCK_SHIFT) whose fields (a center
 * of center_bits and a sector distance) and blocks' sectors take the fewest
 * bits; *bits, that shift's field width. */
static int block_shift_for(const uint32_t *sector, uint32_t n, uint32_t center_bits, uint32_t *bits)
{
    int best = ABS_INDEX_BLOCK_SHIFT;
    uint64_t least = UINT64_MAX;
    for (int k = ABS_INDEX_BLOCK_SHIFT; k >= 0; k--) {
        uint32_t b = center_bits + spread_bits(sector, n, k);
        if (b > 32) /* a field is one 32-bit value (k = 0 always fits) */
            continue;
        uint64_t total = (uint64_t)n * b + 32 * (((uint64_t)n >> k) + 1);
        if (total < least) {
            least = total;
            best = k;
            *bits = b;
        }
    }
    return best;
}

/* The bytes of n fields of `bits` bits, 8 spare ones after them (one
 * 8-byte read takes any field). */
static size_t region_bytes(uint32_t n, uint32_t bits) { return ((size_t)n * bits + 7) / 8 + 8; }

bool abs_index_init(AbsIndex *ix, const Abstraction *a, Err *err)
{
    memset(ix, 0, sizeof *ix);
    ix->abs = a;
    ix->S = a->S;
    ix->sw = a->sw;
    ix->sw_mul = ((1ull << 40) + (uint64_t)a->sw - 1) / (uint64_t)a->sw;
    for (int d = 0; d < 8; d++)
        ix->sector_step[d] = GRID_DY[d] * a->sw + GRID_DX[d];
    uint32_t n = a->nregions;
    uint32_t *first = malloc(((size_t)a->nsectors + 1) * sizeof *first);
    uint32_t *sector = malloc(((size_t)n + 1) * sizeof *sector);
    uint8_t *center = malloc((size_t)n + 1);
    bool ok = first && sector && center;
    uint32_t gid = 0;
    for (uint32_t s = 0; ok && s < a->nsectors; s++) {
        first[s] = gid;
        for (int r = 0; r < abs_region_count(a, (int)s); r++, gid++) {
            xyLoc c = abs_region_center(a, (int)s, r);
            sector[gid] = s;
            center[gid] = (uint8_t)((c.y - abs_sector_y0(a, (int)s)) << 4 | (c.x - abs_sector_x0(a, (int)s)));
        }
    }
    if (ok) {
        first[a->nsectors] = gid;
        ok = row_starts_pack(&ix->bases, first, a->nsectors);
    }
    if (ok) {
        uint32_t most = 0;
        for (uint32_t r = 0; r < n; r++)
            most = center[r] > most ? center[r] : most;
        ix->center_bits = bits_for(most);
        ix->center_mask = (1u << ix->center_bits) - 1;
        ix->block_shift = block_shift_for(sector, n, ix->center_bits, &ix->region_bits);
        ix->region_mask = ix->region_bits < 32 ? (1u << ix->region_bits) - 1 : UINT32_MAX;
        ix->block_sector = malloc((((size_t)n >> ix->block_shift) + 1) * sizeof *ix->block_sector);
        ix->region = calloc(region_bytes(n, ix->region_bits), 1);
        ok = ix->block_sector && ix->region;
    }
    for (uint32_t r = 0; ok && r < n; r++) {
        uint32_t b = r >> ix->block_shift;
        if (r == b << ix->block_shift)
            ix->block_sector[b] = sector[r];
        uint64_t at = (uint64_t)r * ix->region_bits,
                 f = ((uint64_t)(sector[r] - ix->block_sector[b]) << ix->center_bits | center[r]) << (at & 7);
        /* a byte at a time (at most 39 bits from the field's first byte):
         * the fields before it left only this byte's low bits set */
        for (uint8_t *p = ix->region + (at >> 3); f; f >>= 8)
            *p++ |= (uint8_t)f;
    }
    free(center);
    free(first);
    free(sector);
    if (!ok) {
        abs_index_free(ix);
        return err_set(err, "out of memory indexing the abstraction (%u regions)", a->nregions);
    }
    return true;
}

void abs_index_free(AbsIndex *ix)
{
    row_starts_free(&ix->bases);
    free(ix->region);
    free(ix->block_sector);
    memset(ix, 0, sizeof *ix);
}

size_t abs_index_bytes(const AbsIndex *ix)
{
    size_t n = ix->abs->nregions;
    return row_starts_bytes(&ix->bases) + (ix->region ? region_bytes((uint32_t)n, ix->region_bits) : 0) +
           ((n >> ix->block_shift) + 1) * sizeof *ix->block_sector;
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
        xyLoc ctr = abs_center(ix, abs_gid(ix, s, k));
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
