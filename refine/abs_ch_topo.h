/* abs_ch_topo.h (private to refine/): the shape of the regions' customisable
 * contraction hierarchy (refine/abs_ch.h), which depends on the sector grid
 * and on how many regions each sector holds, never on edge costs
 * (Dibbelt, Strasser & Wagner 2016, "Customizable Contraction Hierarchies").
 *
 * Order: nested dissection of the sector grid by geometry. A box of sectors
 * is split by a column (or row, when it is taller than wide) in its middle
 * half, the one holding the fewest regions when the map was first seen; the
 * two halves are ordered first, recursively, then the separating line. A
 * region edge joins only 8-neighbouring sectors, and a whole line of sectors
 * separates the halves, so this is a nested dissection of every region
 * graph the map can have: the order stays valid whatever the map's changes
 * (only its quality depends on the region counts it was chosen with), and
 * costs a pass over the sectors per level.
 *
 * Shape: the sectors' grid graph is eliminated in that order (symbolic
 * elimination along the elimination tree: a sector's upper neighbours are
 * its grid neighbours of higher rank and its children's upper neighbours),
 * which makes it chordal. Each sector is then blown up into its regions,
 * consecutive in rank and a clique among themselves, every region joined to
 * every region of its sector's upper neighbours: still chordal, with the
 * rank order a perfect elimination order, so the upper neighbours of a
 * region of higher rank than x's upper neighbour a are all upper neighbours
 * of a (what the customisation's triangles rely on).
 *
 * The sector shape (order and fill) is kept and reused by the region shape
 * after a map change: only the blow-up, linear in the arcs, is redone.
 *
 * Owns every array; abs_ch_topo_free releases them. */
#ifndef GPPC_REFINE_ABS_CH_TOPO_H
#define GPPC_REFINE_ABS_CH_TOPO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct AbsChSectors {
    uint32_t ns, sw, sh;
    uint32_t *order; /* rank -> sector */
    uint32_t *first; /* ns + 1, by rank: upper neighbours (sector ranks) of rank x */
    uint32_t *head;
    size_t m;
} AbsChSectors;

typedef struct AbsChTopo {
    uint32_t n;      /* regions */
    uint32_t *rank;  /* region id -> rank */
    uint32_t *node;  /* rank -> region id */
    uint32_t *first; /* n + 1, by rank: arcs x -> higher ranks */
    uint32_t *head;  /* the higher end's rank, increasing within x */
    uint32_t m;
} AbsChTopo;

/* Order and fill of an sw x sh sector grid, separators chosen by
 * weight[sector] (its region count; NULL: the middle lines). False when
 * memory ran out (nothing held). */
bool abs_ch_sectors_build(AbsChSectors *s, uint32_t sw, uint32_t sh, const uint32_t *weight);
/* A copy of `from` into `to`; false (nothing held) when memory ran out. */
bool abs_ch_sectors_copy(AbsChSectors *to, const AbsChSectors *from);
void abs_ch_sectors_free(AbsChSectors *s);
size_t abs_ch_sectors_bytes(const AbsChSectors *s);

/* The region shape of `n` regions, region r in sector region_sector[r].
 * False when memory ran out or the arcs pass 2^32 (nothing held). */
bool abs_ch_topo_build(AbsChTopo *t, const AbsChSectors *s, uint32_t n, const uint32_t *region_sector);
void abs_ch_topo_free(AbsChTopo *t);
size_t abs_ch_topo_bytes(const AbsChTopo *t);

/* The index of arc lo -> hi (lo < hi, ranks), or UINT32_MAX when the shape
 * holds none. */
uint32_t abs_ch_topo_arc(const AbsChTopo *t, uint32_t lo, uint32_t hi);

#endif
