/* abs_ch_custom.h (private to refine/): the customisation of the regions'
 * hierarchy (refine/abs_ch.h) on its shape, shared by abs_ch.c (building,
 * queries), abs_ch_custom.c (customising), abs_ch_dyn.c (updates,
 * deferred) and abs_ch_verify.c (the check against one from scratch). */
#ifndef GPPC_REFINE_ABS_CH_CUSTOM_H
#define GPPC_REFINE_ABS_CH_CUSTOM_H

#include "abs_ch.h"

#define ABS_CH_INF UINT32_MAX

static inline uint32_t abs_ch_add(uint32_t a, uint32_t b)
{
    return a == ABS_CH_INF || b == ABS_CH_INF || a > ABS_CH_INF - 1 - b ? ABS_CH_INF : a + b;
}
/* Edge i's other end and cost. */
static inline uint32_t abs_ch_edge_to(const AbsChEdges *g, uint32_t i)
{
    return *(const uint32_t *)(const void *)((const char *)g->to + i * g->stride);
}
static inline uint32_t abs_ch_edge_cost(const AbsChEdges *g, uint32_t i)
{
    return *(const uint32_t *)(const void *)((const char *)g->cost + i * g->stride);
}

/* Is the cheapest edge a -> b as cheap as the cheapest b -> a, for every
 * edge? Then every arc's two costs, middles and distances come out equal,
 * triangle by triangle, and a customisation may keep one array for both
 * directions (w_dn == w_up, mid_dn == mid_up). */
bool abs_ch_symmetric(const AbsChEdges *g, uint32_t n);
/* Does every edge join regions of the same or 8-neighbouring sectors? */
bool abs_ch_edges_fit(const AbsChSectors *sec, const AbsChEdges *g, uint32_t n, const uint32_t *region_sector);
/* The original edges' costs on the shape (infinite where the shape's arc
 * is no edge), every middle none; false when an edge joins regions the
 * shape does not join (their sectors are not neighbours). */
bool abs_ch_metric(AbsCh *ch, const AbsChEdges *g);
/* Basic customisation of the whole shape, in place over the metric: rows
 * 0 .. n-1 of abs_ch_customise_row in order (row x's arcs are final once
 * the rows below it have run). */
void abs_ch_customise(AbsCh *ch);
void abs_ch_customise_row(AbsCh *ch, uint32_t x);
/* The perfect customisation (CCH §6) of a shape let go after the build,
 * over its own costs: every arc's exact distances, then every arc abs_ch_flatten
 * would not keep by them made infinite, so that abs_ch_flatten(ch, w, w,
 * mid) keeps the same arcs at the same costs without a second array of
 * them. False (the costs half done) when memory ran out. In two steps
 * for a refresh's pieces: abs_ch_perfect_rows over ranks [lo, hi), the
 * highest first (a row reads only rows above it, so consecutive ranges
 * from the top give the same costs), then abs_ch_perfect_end, which makes
 * the arcs left out infinite. */
bool abs_ch_perfect_over(AbsCh *ch);
bool abs_ch_perfect_rows(AbsCh *ch, uint32_t hi, uint32_t lo);
void abs_ch_perfect_end(AbsCh *ch);
/* After abs_ch_perfect_over: the shape keeps only the arcs it left finite
 * (in either direction), its arrays fitted to them; the shape is then no
 * longer one a customisation may run on, only flattened and let go. */
void abs_ch_drop_unkept(AbsCh *ch);
/* The query arcs of one direction: those whose basic cost `w` is finite
 * and exact, by region id, into first[] (nreg + 1) and arcs[]; the count. */
uint32_t abs_ch_flatten(const AbsCh *ch, const uint32_t *exact, const uint32_t *w, const uint32_t *mid, uint32_t *first,
                        AbsChArc *arcs);
/* The kept arcs of one direction (the size flatten needs). */
uint32_t abs_ch_flat_count(const AbsCh *ch, const uint32_t *exact, const uint32_t *w);
/* Whole build of the least shape (abs_ch_topo_build_exact) on a given
 * sector order, the shape kept (abs_ch.c): abs_ch_shape, abs_ch_customise,
 * the perfect customisation in place, then abs_ch_shape_finish. */
bool abs_ch_build_shaped(AbsCh *ch, uint32_t n, const AbsChEdges *g, const uint32_t *region_sector,
                         const AbsChSectors *sec, Err *err);
/* The shape, its depths and the metric over `g`, not customised. All or
 * nothing. */
bool abs_ch_shape(AbsCh *ch, uint32_t n, const AbsChEdges *g, const uint32_t *region_sector, const AbsChSectors *sec,
                  Err *err);
/* After the customisation: the query arcs by the exact distances, and the
 * query's scratch. False (the hierarchy freed) when memory ran out. */
bool abs_ch_shape_finish(AbsCh *ch, Err *err);
/* Packs the query arcs of a hierarchy that keeps no shape (narrow,
 * abs_ch.h) where its regions fit; else, or when memory ran out, they stay
 * wide (abs_ch_pack.c). */
void abs_ch_narrow(AbsCh *ch);
/* The refresh after map changes (abs_ch_refresh) builds the least shape
 * again from scratch over `g` in pieces, each in a call of its own
 * (AbsChDyn.next): 0 the sector order `sec` copied and the regions ordered
 * by its rule (a refresh asks for least degree alone:
 * AbsChSectors.region_order; least fill weighs each candidate by the pairs
 * of its neighbours not yet joined, and choosing between the two rules
 * makes three orders) begun; 1 that order (its region graph's lists made
 * and queued, then the elimination), ABS_CH_ORDER_WORK units a call
 * (abs_ch_topo_order_steps: 0 until it is done, the same piece again); 2
 * the shape's arcs; 3 whether the costs are symmetric; 4 its depths and
 * metric; 5 the metric customised; 6 and 7 the exact costs, the upper
 * ranks then the lower; 8 the query arcs, the sample queries, the shape
 * let go. The same n, g and region_sector each piece (ABS_CH_PIECES of
 * them, abs_ch.h). 1: the piece is done; 0: call it again; -1 (next
 * freed) when memory ran out. abs_ch.c. */
#define ABS_CH_ORDER_WORK 50000u
int abs_ch_build_piece(AbsCh *next, int piece, uint32_t n, const AbsChEdges *g, const uint32_t *region_sector,
                       const AbsChSectors *sec, Err *err);
/* Lets the shape and its customised costs go (the query arcs stay):
 * abs_ch.c. */
void abs_ch_unshape(AbsCh *ch);

#endif
