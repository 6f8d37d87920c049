/* level2.h: a second, coarser abstraction level over the regions, for lazy
 * (chunked) abstract planning (issue #17; the hierarchy of Botea, Müller and
 * Schaeffer, "Near Optimal Hierarchical Path-Finding", 2004, §3: a level-2
 * node groups level-1 nodes of a block of clusters).
 *
 * Blocks: B x B sectors. Node: a connected component of the regions of one
 * block, connected by the abstraction's edges that stay inside the block.
 * Representative: the node's region whose center is nearest the mean of its
 * regions' centers (squared distance, ties to the smaller region id).
 * Edges: node a -> node b wherever a region edge goes from a region of a to
 * one of b; cost: the cheapest crossing, octile from a's representative to
 * the region edge, its cost, octile on to b's representative (level2.c,
 * link_nodes), never below the representatives' octile distance, so the
 * octile heuristic is consistent. ABS_COST_SCALE units.
 * Numbering: nodes in order of their smallest region id; deterministic.
 *
 * Derived data, built from the decoded region adjacency by abs_search_init
 * (refine/abstract_search.h) and rebuilt with it after every update(), so it
 * is always the derivation of the abstraction as it is: no file holds it.
 * It sits on the refine floor beside the abstract search because it is made
 * from that search's decoded adjacency, not from the stored layout.
 *
 * Owns every array here (l2_free frees them); per-query state is stamped
 * (no clearing, no allocation per query). */
#ifndef GPPC_REFINE_LEVEL2_H
#define GPPC_REFINE_LEVEL2_H

#include <stdbool.h>
#include <stdint.h>

#include "../abstraction/index.h"
#include "../search/best_first.h"
#include "abs_cost.h"

typedef struct L2Adj {
    uint32_t to;   /* level-2 node */
    uint32_t cost; /* 1/ABS_COST_SCALE cells */
} L2Adj;

typedef struct Level2 {
    int block;         /* B: sectors per block side; 0: no level 2 */
    uint32_t nnodes;   /* 0 when off */
    uint32_t nregions; /* level-1 regions covered */
    uint32_t *node_of; /* per region: its level-2 node */
    uint32_t *rep;     /* per node: its representative region */
    uint32_t *first;   /* nnodes + 1: node a's edges are adj[first[a] .. first[a + 1]) */
    L2Adj *adj;
    uint32_t nadj;
    BestFirst bf;
    uint32_t *parent; /* per node */
    uint32_t *path;   /* the last l2_search's nodes, start first */
    int path_len;
    int pos;         /* the current chunk starts at path[pos] */
    uint32_t *allow; /* per node: == allow_stamp inside the current chunk */
    uint32_t allow_stamp;
} Level2;

/* Derives level 2 with blocks of `block` sectors from the region adjacency
 * (CSR over global region ids: region r's edges are first[r] ..
 * first[r + 1]; edge i's target and cost (1/ABS_COST_SCALE cells) are the
 * words `stride` bytes apart from `to` and `cost`). block 0: off. */
bool l2_build(Level2 *l2, const AbsIndex *ix, int block, const uint32_t *first, const uint32_t *to,
              const uint32_t *cost, size_t stride, Err *err);
void l2_free(Level2 *l2);
/* All bytes level 2 holds, and the part that describes the level (nodes,
 * representatives, edges), without the search's per-node scratch. */
size_t l2_bytes(const Level2 *l2);
size_t l2_kept_bytes(const Level2 *l2);

/* A* over level 2 from node `from` to node `to`, weight w on the octile
 * heuristic; fills l2->path. Returns false when `to` is unreachable. */
bool l2_search(Level2 *l2, const AbsIndex *ix, uint32_t from, uint32_t to, double weight);

/* Marks path[lo .. hi] as the allowed nodes of a chunk (a new stamp). */
void l2_allow_range(Level2 *l2, int lo, int hi);
static inline bool l2_allowed(const Level2 *l2, uint32_t region)
{
    return l2->allow[l2->node_of[region]] == l2->allow_stamp;
}

/* Do two derivations agree (same nodes, representatives and edges)? */
bool l2_equal(const Level2 *a, const Level2 *b);

#endif
