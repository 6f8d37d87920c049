/* abs_ch_topo.h (private to refine/): the shape of the regions' customisable
 * contraction hierarchy (refine/abs_ch.h), which depends on the sector grid
 * and on how many regions each sector holds (the least shape also on which
 * regions an edge joins), never on edge costs (Dibbelt, Strasser & Wagner
 * 2016, "Customizable Contraction Hierarchies"), in the sector order of
 * refine/abs_ch_sectors.h.
 *
 * Shape: the least shape (a build's, let go once its query arcs are made):
 * each region a slot, placed in the sector order (a sector's regions
 * consecutive), then the regions ordered again by themselves
 * (abs_ch_topo_order) and the region graph eliminated in that order
 * (symbolic elimination along the elimination tree: a rank's upper
 * neighbours are its neighbours of higher rank and its children's upper
 * neighbours), which makes it chordal with the rank order a perfect
 * elimination order, so the upper neighbours of a region of higher rank
 * than x's upper neighbour a are all upper neighbours of a (what the
 * customisation's triangles rely on), and all of x's upper neighbours are
 * its ancestors in the elimination tree (what the query's scratch relies
 * on, refine/abs_ch.h). The sector order is kept and reused by every
 * later shape of the map.
 *
 * Owns every array; abs_ch_topo_free releases them. */
#ifndef GPPC_REFINE_ABS_CH_TOPO_H
#define GPPC_REFINE_ABS_CH_TOPO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "abs_ch_sectors.h"

#define ABS_CH_TOPO_FREE UINT32_MAX

typedef struct AbsChTopo {
    uint32_t n;      /* slots (ranks) */
    uint32_t nreg;   /* regions placed */
    uint32_t *cap;   /* per sector (id): its slots (its regions) */
    uint32_t *base;  /* per sector (id): its first slot's rank (a sector's slots are consecutive) */
    uint32_t *rank;  /* region id -> rank (n entries, nreg used) */
    uint32_t *node;  /* rank -> region id, ABS_CH_TOPO_FREE for an empty slot */
    uint32_t *first; /* n + 1, by rank: arcs x -> higher ranks */
    uint32_t *head;  /* the higher end's rank, increasing within x */
    uint32_t m;
    struct AbsChOrderRun *order; /* the order under way between pauses (abs_ch_topo_order_steps), or NULL */
} AbsChTopo;

/* The least shape for these regions and edges: a slot for each region
 * (a sector's regions in consecutive slots, in id order, then the
 * regions ordered again by least degree or least fill, abs_ch_topo_order,
 * whichever shape's queries scan less, abs_ch_topo_search_space), and
 * the elimination of the region graph itself rather than the blow-up of
 * the sector fill. Its arcs are exactly the pairs a route through lower
 * ranks joins; it holds no arc for an edge the map does not have yet, so
 * it serves a hierarchy that is never updated (abs_ch_unshape). Region r's edges go
 * to edge_to[edge_first[r] .. edge_first[r + 1]) (elements `stride` bytes
 * apart). Where s->region_order is set, by that rule alone; else it is
 * set to the one chosen. False (nothing held) when memory ran out. */
bool abs_ch_topo_build_exact(AbsChTopo *t, AbsChSectors *s, uint32_t n, const uint32_t *region_sector,
                             const uint32_t *edge_first, const uint32_t *edge_to, size_t stride);
/* A least shape's order (abs_ch_order.c) on the region graph (region r's
 * edges as for abs_ch_topo_build_exact): least degree, or with least_fill
 * least fill (the fewer neighbours on a tie); then the lower rank in
 * t->rank (the sector order's); into t->rank and t->node. A least shape
 * serves one map, so it needs no order that holds whatever the map's
 * changes; on the region graph itself a room's inside or a corridor's
 * dead end goes first and joins few others, and the hierarchy keeps about
 * half the arcs of the sector dissection's on maps of rooms, with a lower
 * elimination tree there (results/reference/mm-paper/chmem42.md). False
 * when memory ran out. */
bool abs_ch_topo_order(AbsChTopo *t, uint32_t n, const uint32_t *edge_first, const uint32_t *edge_to, size_t stride,
                       bool least_fill);
/* abs_ch_topo_order with pauses, for a build handed out over calls: begin
 * takes the elimination's arrays (t->rank holds the sector order's ranks);
 * run makes the region graph's lists and the queue, then eliminates, until
 * every region is ranked into t->rank and t->node (1), or until about
 * `work` units are spent (0: run again; a unit is a neighbour-list entry
 * read or written, pausing only between two regions), or memory ran out
 * (-1); end frees it (NULL: nothing). NULL from begin: out of memory. The
 * edges stay the caller's and unchanged between the pauses. */
typedef struct AbsChOrderRun AbsChOrderRun;
AbsChOrderRun *abs_ch_order_begin(const AbsChTopo *t, uint32_t n, const uint32_t *edge_first, const uint32_t *edge_to,
                                  size_t stride, bool least_fill);
int abs_ch_order_run(AbsChOrderRun *o, AbsChTopo *t, uint64_t work);
void abs_ch_order_end(AbsChOrderRun *o);
size_t abs_ch_order_bytes(const AbsChOrderRun *o);
/* What the queries over a shape scan (its arcs by rank, x's upper
 * neighbours head[first[x] .. first[x + 1])), summed over the n ranks as
 * the end of a search: the arcs of each of its ancestors and a few arcs'
 * worth for settling each. scratch holds n. The shape with the smaller sum
 * answers a query over the map's regions with less work
 * (results/reference/mm-paper/rooms49.md). */
uint64_t abs_ch_topo_search_space(const uint32_t *first, const uint32_t *head, uint32_t n, uint64_t *scratch);
/* The same shape in pieces, for a build handed out over calls
 * (refine/abs_ch_dyn.c): abs_ch_topo_ordered places the regions and begins
 * their order by s->region_order's rule (set: ABS_CH_ORDER_*; t->order);
 * abs_ch_topo_order_steps orders them, `work` units a call (1: ordered, 0:
 * call again, -1: out of memory, nothing held); abs_ch_topo_fill then makes
 * that order's arcs. The arcs are not made before (t->first NULL). The
 * others false (nothing held) when memory ran out. */
bool abs_ch_topo_ordered(AbsChTopo *t, const AbsChSectors *s, uint32_t n, const uint32_t *region_sector,
                         const uint32_t *edge_first, const uint32_t *edge_to, size_t stride);
int abs_ch_topo_order_steps(AbsChTopo *t, uint64_t work);
bool abs_ch_topo_fill(AbsChTopo *t, const uint32_t *edge_first, const uint32_t *edge_to, size_t stride);
void abs_ch_topo_free(AbsChTopo *t);
size_t abs_ch_topo_bytes(const AbsChTopo *t, uint32_t ns);

/* Each rank's depth in the elimination tree (a root 0; the parent of x is
 * its lowest upper neighbour) into depth[n]; returns the tree's height (the
 * largest depth plus one, 0 without slots). The ancestors of a rank have
 * distinct depths, and every rank an upward search from x reaches is one of
 * them (abs_ch_topo.h above). */
uint32_t abs_ch_topo_depths(const AbsChTopo *t, uint32_t *depth);

/* The index of arc lo -> hi (lo < hi, ranks), or UINT32_MAX when the shape
 * holds none. */
uint32_t abs_ch_topo_arc(const AbsChTopo *t, uint32_t lo, uint32_t hi);

#endif
