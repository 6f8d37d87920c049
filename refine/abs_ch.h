/* abs_ch.h: a contraction hierarchy over the regions of an MM abstraction
 * (Geisberger, Sanders, Schultes & Delling 2008, "Contraction Hierarchies"),
 * the exact alternative to the abstract A* (refine/abstract_search.h).
 *
 * Built from the abstract search's decoded adjacency (integer costs in
 * 1/ABS_COST_SCALE cells) when the search is set up, and again after every
 * update() (a few milliseconds for a few thousand regions): regions are
 * contracted in the order of their edge difference plus deleted neighbours
 * (§3, lazy updates), each contraction adding a shortcut u -> w through v
 * unless a witness search (§3.1, a Dijkstra from u bounded in cost and in
 * settled nodes) finds a path no longer. A query is the bidirectional upward
 * Dijkstra of §4 with stall-on-demand (§4.1): it finds the optimal abstract
 * cost, the same as A* with w = 1, touching far fewer regions; shortcuts
 * record their middle region and are unpacked into the region route the
 * refiner consumes.
 *
 * Why this lives in refine/ and not in entries/ch: entries sit above refine/,
 * and entries/ch contracts a different graph (the subgoal graph, 64-bit
 * costs, its own packed layout). The pieces are alike (witness search,
 * lazy priorities, unpacking by middle node); a shared CH core under search/
 * would serve both, which is left to whoever owns entries/ch.
 *
 * Graphs with asymmetric costs are handled (up arcs for the forward search,
 * down arcs for the backward one); when both arc lists come out identical,
 * as on every abstraction with symmetric edge costs, one copy is kept.
 *
 * Memory: the arcs (12 B: target, cost, middle region) and two offsets per
 * region are kept for the queries: reported as ch_bytes (mm SUMMARY) and
 * counted with abs_bytes toward the memory budget. The search
 * arrays (two best-first cores, parents) are per-query scratch, reused.
 * Owns everything it allocates; abs_ch_free releases it. */
#ifndef GPPC_REFINE_ABS_CH_H
#define GPPC_REFINE_ABS_CH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../common/err.h"
#include "../search/best_first.h"
#include "../search/trace.h"

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
    /* NULL: not traced; else the query's events name each region by its
     * center (set by abs_search_run from its own tracer, search/trace.h) */
    const Tracer *tracer;
    const xyLoc *center;
} AbsCh;

/* Contracts the graph of `n` regions whose out-edges of region r are
 * entries adj_first[r] .. adj_first[r + 1] of the arrays `to` and `cost`
 * (elements `stride` bytes apart). False (nothing held) when memory ran out. */
bool abs_ch_build(AbsCh *ch, uint32_t n, const uint32_t *adj_first, const uint32_t *to, const uint32_t *cost,
                  size_t stride, Err *err);
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
