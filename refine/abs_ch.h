/* abs_ch.h: a customisable contraction hierarchy over the regions of an MM
 * abstraction (Dibbelt, Strasser & Wagner 2016, "Customizable Contraction
 * Hierarchies", CCH; queries as in Geisberger et al. 2008), the exact
 * alternative to the abstract A* (refine/abstract_search.h).
 *
 * Three phases, so that a map change costs what it changes:
 *  - the order and the shape (refine/abs_ch_topo.h) depend only on the
 *    sector grid and the number of regions in each sector: a nested
 *    dissection of the sectors by geometry, near-linear to compute, the same
 *    for every map of that size, and no witness search at all;
 *  - customisation puts the edge costs (integer, 1/ABS_COST_SCALE cells) on
 *    that shape bottom-up over its lower triangles (CCH §5), then exact
 *    distances top-down over the other triangles (perfect customisation,
 *    §6); an arc whose first cost another route beats is left out of the
 *    query graph, which makes the searches about as small as a witness-
 *    pruned hierarchy's;
 *  - a query is the bidirectional upward Dijkstra with stall-on-demand over
 *    the arcs kept; shortcuts record their middle region and are unpacked
 *    into the region route the refiner consumes.
 * After an update() only the sectors' region counts can have changed: the
 * sector order and fill are kept, the region shape and the customisation
 * are redone (abs_ch_update).
 *
 * Why this lives in refine/ and not in entries/ch: entries sit above refine/,
 * and entries/ch contracts a different graph (the subgoal graph, 64-bit
 * costs, its own packed layout, witness searches).
 *
 * Graphs with asymmetric costs are handled (up arcs for the forward search,
 * down arcs for the backward one); when both arc lists come out identical,
 * as on every abstraction with symmetric edge costs, one copy is kept.
 *
 * Memory: the query arcs (12 B: target, cost, middle region), two offsets
 * per region, and for re-customisation the shape (4 B an arc) and its two
 * costs and two middles (16 B an arc): reported as ch_bytes (mm SUMMARY).
 * The search arrays (two best-first cores, parents) are per-query scratch,
 * reused. Owns everything it allocates; abs_ch_free releases it. */
#ifndef GPPC_REFINE_ABS_CH_H
#define GPPC_REFINE_ABS_CH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../common/err.h"
#include "../search/best_first.h"
#include "../search/trace.h"
#include "abs_ch_topo.h"

#define ABS_CH_NONE UINT32_MAX

typedef struct AbsChArc {
    uint32_t to;   /* the other end (region id) */
    uint32_t cost; /* 1/ABS_COST_SCALE cells */
    uint32_t mid;  /* a shortcut's middle region, ABS_CH_NONE for an edge of the abstraction */
} AbsChArc;

typedef struct AbsCh {
    uint32_t n;
    uint32_t *up_first; /* n + 1: v's arcs v -> to with rank(to) > rank(v) */
    AbsChArc *up;
    uint32_t *dn_first; /* n + 1: v's arcs to -> v with rank(to) > rank(v); == up_first when symmetric */
    AbsChArc *dn;
    uint32_t nup, ndn, shortcuts;
    bool shared; /* dn is up (symmetric costs) */
    BestFirst fw, bw;
    uint32_t *fpar, *bpar;   /* per region: the arc index that reached it, ABS_CH_NONE at the root */
    uint32_t *fnode, *bnode; /* per region: the region that arc came from */
    uint32_t *chain;         /* per region: scratch for the forward chain */
    uint64_t last_settled;
    AbsChSectors sec;          /* sector order and fill, kept across updates */
    AbsChTopo topo;            /* the region shape */
    uint32_t *w_up, *w_dn;     /* per shape arc lo -> hi: cost lo -> hi and hi -> lo after customisation */
    uint32_t *mid_up, *mid_dn; /* their middle ranks, ABS_CH_NONE for an edge */
    /* NULL: not traced; else the query's events name each region by its
     * center (set by abs_search_run from its own tracer, search/trace.h) */
    const Tracer *tracer;
    const xyLoc *center;
} AbsCh;

/* The hierarchy of `n` regions on an sw x sh sector grid, region r in
 * sector region_sector[r], whose out-edges of region r are entries
 * adj_first[r] .. adj_first[r + 1] of the arrays `to` and `cost` (elements
 * `stride` bytes apart; only between regions of the same or 8-neighbouring
 * sectors). False (nothing held) when memory ran out or an edge joins
 * sectors that do not touch. `keep` (NULL: none): the sector order and fill
 * of an earlier hierarchy of the same grid, reused after a map change (the
 * order is then the one chosen when the map was first seen). */
bool abs_ch_build(AbsCh *ch, uint32_t n, const uint32_t *adj_first, const uint32_t *to, const uint32_t *cost,
                  size_t stride, const uint32_t *region_sector, uint32_t sw, uint32_t sh, const AbsChSectors *keep,
                  Err *err);
void abs_ch_free(AbsCh *ch);
/* Bytes kept for queries (arcs and offsets; the memory budget's figure). */
size_t abs_ch_kept_bytes(const AbsCh *ch);
/* Bytes of the per-query scratch (search cores, parents). */
size_t abs_ch_scratch_bytes(const AbsCh *ch);

/* The optimal region route from s to t into path[] (s first, t last,
 * at most n entries), its length into *len; returns its cost in
 * 1/ABS_COST_SCALE cells, or -1 when t is unreachable. */
double abs_ch_query(AbsCh *ch, uint32_t s, uint32_t t, uint32_t *path, int *len);

#endif
