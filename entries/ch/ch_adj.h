/* ch_adj.h (private to entries/ch/): the contraction's current graph, every
 * node's arc list in one pool.
 *
 * Lists grow while shortcuts are added and die when their node is
 * contracted. As separate allocations they fragmented the heap: on orz100d
 * the process kept 17 MB of freed list memory it could not reuse (old
 * lists were the wrong size for new ones), more than the live lists. Here a
 * list that grows moves to the pool's end and its old place becomes
 * garbage; when garbage passes a quarter of the pool, the lists slide down
 * in pool order and the pool shrinks, so resident memory follows the live
 * arcs. A grown or compacted pool moves: pointers from ch_adj_arcs are good
 * only until the next ch_adj_push or ch_adj_drop. Owns its arrays
 * (ch_adj_free). */
#ifndef GPPC_CH_ADJ_H
#define GPPC_CH_ADJ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ch_up.h"

typedef struct ChAdj {
    ChArc *pool;
    size_t used, cap, garbage; /* in arcs */
    uint32_t n;
    uint32_t *at, *len, *room; /* per node: where its list starts, its arcs, its capacity */
} ChAdj;

bool ch_adj_init(ChAdj *a, uint32_t n);
void ch_adj_free(ChAdj *a);
/* Appends to v's list; false when out of memory. */
bool ch_adj_push(ChAdj *a, uint32_t v, ChArc arc);
/* v's list is no longer needed (v was contracted); false when out of memory. */
bool ch_adj_drop(ChAdj *a, uint32_t v);

static inline ChArc *ch_adj_arcs(const ChAdj *a, uint32_t v) { return a->pool + a->at[v]; }

/* Removes v's i-th arc (the last one takes its place). */
static inline void ch_adj_remove(ChAdj *a, uint32_t v, uint32_t i)
{
    ChArc *l = ch_adj_arcs(a, v);
    l[i] = l[--a->len[v]];
}

#endif
