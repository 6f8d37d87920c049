/* abs_ch_sectors.h (private to refine/): the order of the sector grid that
 * the shapes of the regions' contraction hierarchy (refine/abs_ch_topo.h)
 * eliminate in, made from the grid's size and its region counts alone.
 *
 * Order: nested dissection of the sector grid by geometry. A box of sectors
 * is split by a column (or row, when it is taller than wide) in its middle
 * half, the one holding the fewest regions when the map was first seen; the
 * two halves are ordered first, recursively, then the separating line, its
 * own sectors ranked as a dissection of the line (middle last). A
 * region edge joins only 8-neighbouring sectors, and a whole line of sectors
 * separates the halves, so this is a nested dissection of every region
 * graph the map can have: the order stays valid whatever the map's changes
 * (only its quality depends on the region counts it was chosen with), and
 * costs a pass over the sectors per level.
 *
 * The order is kept and reused by every later shape; it can be let go
 * (abs_ch_sectors_compact) and made again from its recorded choices.
 *
 * Owns its order and its choices; abs_ch_sectors_free releases them. */
#ifndef GPPC_REFINE_ABS_CH_SECTORS_H
#define GPPC_REFINE_ABS_CH_SECTORS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct AbsChSectors {
    uint32_t ns, sw, sh;
    uint32_t *order; /* rank -> sector; NULL while compact (abs_ch_sectors_compact) */
    /* The dissection's choices, a byte each (a line's place in the middle
     * half of its box), from which the order is made again; NULL when a
     * choice did not fit a byte (the order is then always held). */
    uint8_t *split;
    uint32_t nsplit;
    /* The rule a least shape orders its regions by (ABS_CH_ORDER_*,
     * abs_ch_topo_build_exact): 0 makes both and keeps the one whose
     * queries scan less, then says which; a refresh after a map change
     * asks for least degree alone (abs_ch_dyn.c). */
    uint8_t region_order;
} AbsChSectors;
#define ABS_CH_ORDER_DEGREE 1u
#define ABS_CH_ORDER_FILL 2u

/* The order of an sw x sh sector grid, separators chosen by
 * weight[sector] (its region count; NULL: the middle lines). False when
 * memory ran out (nothing held). */
bool abs_ch_sectors_build(AbsChSectors *s, uint32_t sw, uint32_t sh, const uint32_t *weight);
/* A copy of `from` into `to`, its order held (made again when `from` is
 * compact); false (nothing held) when memory ran out. Every function of
 * refine/abs_ch_topo.h takes an order that is held. */
bool abs_ch_sectors_copy(AbsChSectors *to, const AbsChSectors *from);
/* Lets the order go where its choices are kept (a hierarchy that keeps no
 * shape: only a change needs the order again, through a copy). */
void abs_ch_sectors_compact(AbsChSectors *s);
void abs_ch_sectors_free(AbsChSectors *s);
size_t abs_ch_sectors_bytes(const AbsChSectors *s);

#endif
