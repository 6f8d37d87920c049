/* ch_adj.h (private to entries/ch/): the contraction's current graph, every
 * node's arc list in one pool.
 *
 * Lists grow while shortcuts are added and die when their node is
 * contracted. As separate allocations they fragmented the heap: the
 * process kept more freed list memory than live lists, unusable because
 * old lists were the wrong size for new ones. Here a
 * list that grows moves to the pool's end and its old place becomes
 * garbage; when garbage passes a quarter of the pool, the lists slide down
 * in pool order and the pool shrinks, so resident memory follows the live
 * arcs. A grown or compacted pool moves: pointers from ch_adj_arcs are good
 * only until the next ch_adj_push or ch_adj_drop.
 *
 * The grid's own moves are not in the pool: a node keeps one bit per
 * direction (`moves`) for the moves to neighbours not yet contracted. A
 * move is the shortest path between its ends (a detour of two or more moves
 * costs more), so no shortcut ever replaces one, and they were most of the
 * pool early in the contraction. ch_adj_get lists both kinds, moves first in direction
 * order. Owns its arrays but `node_of` and `cell` (borrowed, ChUp's);
 * ch_adj_free. */
#ifndef GPPC_CH_ADJ_H
#define GPPC_CH_ADJ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../grid/grid.h"
#include "ch_up.h"

typedef struct ChAdj {
    ChArc *pool;
    size_t used, cap, garbage; /* in arcs */
    uint32_t n, maxdeg;        /* maxdeg: a bound on every node's ch_adj_degree */
    uint32_t *at, *len, *room; /* per node: where its list starts, its arcs, its capacity */
    uint8_t *moves;            /* per node: bit d = the move in direction d (grid.h) is an arc */
    uint32_t (*row)[2];        /* per node: the nodes above and below it (where passable) */
    const int32_t *node_of;    /* padded cell -> node */
    const uint32_t *cell;      /* node -> padded cell */
    int offset[8];             /* cell offset of each direction */
} ChAdj;

/* The graph of g's legal moves over its n passable cells. */
bool ch_adj_init(ChAdj *a, const Grid *g, uint32_t n, const int32_t *node_of, const uint32_t *cell);
void ch_adj_free(ChAdj *a);
/* Appends to v's list; false when out of memory. */
bool ch_adj_push(ChAdj *a, uint32_t v, ChArc arc);
bool ch_adj_drop(ChAdj *a, uint32_t v);

static inline ChArc *ch_adj_arcs(const ChAdj *a, uint32_t v) { return a->pool + a->at[v]; }

static inline uint32_t ch_moves_count(uint8_t m)
{
    uint32_t c = 0;
    for (; m; m &= (uint8_t)(m - 1))
        c++;
    return c;
}

static inline uint32_t ch_adj_degree(const ChAdj *a, uint32_t v) { return ch_moves_count(a->moves[v]) + a->len[v]; }

/* The node v's move in direction d leads to. Nodes are numbered in
 * row-major order of their cells, so the cell beside a node is the next or
 * previous node; a diagonal move is legal only when the cell above or below
 * is passable too (no corner cutting), so its target is beside that one. */
static inline uint32_t ch_adj_move(const ChAdj *a, uint32_t v, int d)
{
    uint32_t base = GRID_DY[d] < 0 ? a->row[v][0] : GRID_DY[d] > 0 ? a->row[v][1] : v;
    return base + (uint32_t)GRID_DX[d];
}

/* v's arcs into out (room for a->maxdeg), moves first; returns how many.
 * Inline: the witness searches call it for every node they settle. */
static inline uint32_t ch_adj_get(const ChAdj *a, uint32_t v, ChArc *out)
{
    uint32_t k = 0;
    for (int d = 0; d < 8; d++)
        if (a->moves[v] >> d & 1)
            out[k++] = (ChArc){ch_adj_move(a, v, d), CH_NONE, d >= 4 ? CH_DIAG : CH_CARD};
    const ChArc *l = ch_adj_arcs(a, v);
    for (uint32_t j = 0; j < a->len[v]; j++)
        out[k++] = l[j];
    return k;
}
/* The direction of the move from v to w, -1 when they are not neighbours. */
int ch_adj_dir(const ChAdj *a, uint32_t v, uint32_t w);
/* v was contracted: its neighbours' moves to it go; false when out of memory. */

/* Removes v's i-th arc (the last one takes its place). */
static inline void ch_adj_remove(ChAdj *a, uint32_t v, uint32_t i)
{
    ChArc *l = ch_adj_arcs(a, v);
    l[i] = l[--a->len[v]];
}

#endif
