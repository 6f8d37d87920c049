/* best_first.h: the one best-first core. Grid A* (and through it mm's A*
 * legs), sub's bidirectional search
 * (one core per side), VRA* and the scenario generator's Dijkstra all run
 * this loop:
 *
 *     bf_start(b, start, f0);
 *     while (bf_pop(b, &id)) {               // best open node, now closed
 *         if (id == goal) break;
 *         for each successor n of id at cost c:
 *             BfOffer o = bf_offer(b, n, b->node[id].g + c);
 *             if (o) { record id as n's parent; bf_queue(b, n, o, g + w*h(n)); }
 *     }
 *
 * A node is new to this search until bf_offer stamps it (generation stamps,
 * common/stamp.h: nothing is cleared between searches); an open node takes a
 * smaller g by decrease-key; a closed node is never reopened, so with an
 * inconsistent or weighted heuristic a path is at most w times optimal. The
 * heuristic is computed by the caller only when bf_offer says the node
 * changed, as the queue needs it only then.
 *
 * Searches that differ, and why (so the next reader does not merge them):
 *  - JPS+ (search/jps.h over search/jps_open.h): exact integer costs and one
 *    64-bit key per open node (f, then a coarse larger-g tie), compared
 *    without branches; its open list is most of its time. The reason is in
 *    jps_open.h. Online JPS shares that list, so that JPS+ is compared
 *    with an online JPS on the same heap.
 *  - ch_query (entries/ch): bidirectional, integer keys, lazy deletion instead
 *    of decrease-key; the reason is in ch_query.h.
 *  - CH witness searches and the upward searches that build its hub labels
 *    (entries/ch/ch_build.c, ch_hub.c, on ch_open.h): exact 64-bit integer
 *    distances, which this core's double g cannot carry beyond 2^53.
  *  - mm's A* over regions (refine/abstract_search.h): two bits and a
 *    parent code a region, a float g only while a region is open, and lazy
 *    deletion, as its nodes were most of its memory.
 *  - mm's edge-cost legs (abstraction/costs.c): only a length, in a window
 *    of two sectors with a ring, its nodes the window's cells indexed
 *    directly and a byte a cell saying open and enterable; on the core
 *    (paged nodes, block lookups, parents) a leg cost twice as much, and a
 *    map change re-measures hundreds of them in one call.
 *  - akers (entries/akers) and the region locator (abstraction/locate.c): a
 *    breadth-first wavefront, no priorities at all.
 *
 * Owns the node array (one BfNode per node id, zeroed at init) and the open
 * list (search/heap.h), sized at init and grown only by bf_reserve/bf_resize,
 * never during a search. Parents are the caller's: each search stores them in
 * the form it needs (a direction byte, a node id). */
#ifndef GPPC_SEARCH_BEST_FIRST_H
#define GPPC_SEARCH_BEST_FIRST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../common/stamp.h"
#include "heap.h"

#define BF_CLOSED (-1)

typedef struct BfNode {
    double g;         /* cost from the start, valid when stamp is current */
    uint32_t stamp;   /* == BestFirst.stamp: the node belongs to this search */
    int32_t heap_pos; /* slot in the open list, BF_CLOSED once expanded */
} BfNode;

typedef struct BestFirst {
    BfNode *node;
    size_t count;
    Heap open;
    uint32_t stamp; /* the current search's generation */
} BestFirst;

/* `count` nodes, an open list for `open_cap` of them at once. False when
 * memory ran out (nothing held). */
bool bf_init(BestFirst *b, size_t count, uint32_t open_cap);
void bf_free(BestFirst *b);
/* Lets the open list hold `open_cap` nodes; grows only. False (unchanged) on failure. */
bool bf_reserve(BestFirst *b, uint32_t open_cap);
/* Grows the node array to `count` (new nodes zeroed) and the open list with
 * it; only between searches. False when memory ran out (the search stays
 * usable for the nodes it had). */
bool bf_resize(BestFirst *b, size_t count);
/* The same for the nodes alone: a caller that grows the open list as it
 * fills (bf_reserve before a push) need not hold a slot for every node. */
bool bf_resize_nodes(BestFirst *b, size_t count);

/* Begins a search at `id` with g = 0 and priority f. */
static inline void bf_start(BestFirst *b, uint32_t id, double f)
{
    StampArea marks = STAMP_FIELD(b->node, stamp, b->count);
    uint32_t stamp = stamp_next(&b->stamp, &marks, 1);
    heap_clear(&b->open);
    b->node[id] = (BfNode){0.0, stamp, 0};
    heap_push(&b->open, id, f, 0.0);
}

/* Takes the best open node off the list and closes it; false when none is left. */
static inline bool bf_pop(BestFirst *b, uint32_t *id)
{
    if (heap_empty(&b->open))
        return false;
    *id = heap_pop(&b->open).id;
    b->node[*id].heap_pos = BF_CLOSED;
    return true;
}

/* What offering a node a cost did. */
typedef enum { BF_KEPT = 0, BF_OPENED, BF_IMPROVED } BfOffer;

/* Offers node `id` the cost g: a node new to this search takes it (OPENED),
 * an open node takes it when smaller (IMPROVED), anything else keeps what it
 * has (KEPT, 0). The open list is not touched: follow a non-zero result with
 * bf_queue. */
static inline BfOffer bf_offer(BestFirst *b, uint32_t id, double g)
{
    BfNode *n = &b->node[id];
    if (n->stamp != b->stamp) {
        n->stamp = b->stamp;
        n->g = g;
        return BF_OPENED;
    }
    if (n->heap_pos != BF_CLOSED && g < n->g) {
        n->g = g;
        return BF_IMPROVED;
    }
    return BF_KEPT;
}

/* Puts a node bf_offer changed on the open list (push or decrease-key) with priority f. */
static inline void bf_queue(BestFirst *b, uint32_t id, BfOffer o, double f)
{
    if (o == BF_OPENED)
        heap_push(&b->open, id, f, b->node[id].g);
    else
        heap_decrease(&b->open, id, f, b->node[id].g);
}

/* Has the current search reached node `id` (its g is then valid)? */
static inline bool bf_reached(const BestFirst *b, uint32_t id) { return b->node[id].stamp == b->stamp; }

#endif
