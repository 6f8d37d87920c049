/* subgoal.h: the simple subgoal graph (Uras, Koenig & Hernandez, "Subgoal
 * Graphs for Optimal Pathfinding in Eight-Neighbor Grids", ICAPS 2013, §3)
 * under the no-corner-cutting rule of entries/entry.h: the subgoals, the
 * direct-h-reachable scan and the edges it finds. Two entries stand on it:
 * entries/sub (two-level graph, A*) and entries/ch (a contraction hierarchy
 * over the subgoals); the definitions and their costs are documented in
 * entries/sub/sub.h's contract and are the same here.
 *
 * Subgoals (§3.1) are the cells at the convex corners of obstacles: a
 * passable cell with a blocked diagonal neighbour whose two cardinal cells
 * beside it are passable. sub_scan finds the subgoals directly h-reachable
 * from a cell (§3.3, Algorithm 2): every cell it reports is reached from the
 * origin by moving diagonally first, then straight, through free
 * non-subgoal cells, so that octile shape is a legal shortest path.
 *
 * Memory (SubGraph, all owned, sub_graph_free): per padded cell 1 byte of
 * marks, 4 bytes of clearances and 1.5 bits of rank structure; per subgoal
 * 8 bytes; per directed edge 4 bytes (target), plus 4 (middle) for graphs
 * with levels (entries/sub). */
#ifndef GPPC_SEARCH_SUBGOAL_H
#define GPPC_SEARCH_SUBGOAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../common/popcount.h"
#include "../grid/grid.h"

#define SUB_FREE 1            /* passable */
#define SUB_GOAL 2            /* a subgoal (with SUB_FREE) */
#define SUB_LOCAL 4           /* a local subgoal (with SUB_GOAL) */
#define SUB_DIRECT UINT32_MAX /* the middle of an edge the scan found */

/* Costs in units of 2^-32 cells, integers held exactly in a double (below
 * 2^53 for any map): a cardinal step 2^32, a diagonal round(sqrt(2) 2^32)
 * (as in entries/ch). Sums of them are exact, so paths of equal length tie
 * exactly (the open list's tie-break, deeper first, works) and "c(p,v) +
 * c(v,q) = octile(p,q)" is an exact test. The rounding of sqrt(2) is below
 * 1e-10 per step. */
#define SUB_CARD 4294967296.0
#define SUB_DIAG 6074001000.0
static inline double sub_octile(xyLoc a, xyLoc b)
{
    int dx = a.x > b.x ? a.x - b.x : b.x - a.x, dy = a.y > b.y ? a.y - b.y : b.y - a.y;
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return (double)(hi - lo) * SUB_CARD + (double)lo * SUB_DIAG;
}

typedef struct SubGraph {
    int width, height, stride; /* the padded grid's */
    uint8_t *cell;             /* padded, SUB_FREE | SUB_GOAL | SUB_LOCAL bits; the ring is 0 */
    uint8_t *clr;              /* 4 per padded cell: free non-subgoal cells after it along N E S W (255: or more) */
    int off[8];                /* cell index step of each direction (grid.h order) */
    uint64_t *bits;            /* subgoal bit per padded cell */
    uint32_t *rank;            /* subgoals before each 64-cell word */
    uint32_t n, m;             /* subgoals, directed edges */
    uint32_t levels, locals;   /* 1 or 2; local subgoals (0 with levels 1) */
    xyLoc *pos;                /* n + 2: the subgoals (id order = cell order), then s, g of a query */
    uint32_t *first;           /* n + 1 */
    uint32_t *edge;            /* m target ids */
    uint32_t *mid;             /* m middle ids (SUB_DIRECT: a scan's edge); NULL with levels 1 */
} SubGraph;

/* The map copy, subgoal marks, clearances, rank structure and positions;
 * no edges (m = 0, first all 0). False + message when memory ran out (sg
 * then freed). */
bool sub_graph_mark(SubGraph *sg, const Grid *map, Err *err);
/* The edges of a marked graph: every subgoal's scan, as directed edges
 * (levels 1, no middles). False + message when memory ran out (sg freed). */
bool sub_graph_link(SubGraph *sg, Err *err);
void sub_graph_free(SubGraph *sg);
/* Bytes of the map copy, rank structure, subgoals and edges. */
size_t sub_graph_bytes(const SubGraph *sg);

static inline bool sub_is_goal(const SubGraph *sg, uint32_t cell) { return sg->cell[cell] & SUB_GOAL; }
static inline uint32_t sub_id(const SubGraph *sg, uint32_t cell)
{
    uint64_t below = sg->bits[cell >> 6] & ((1ull << (cell & 63)) - 1);
    return sg->rank[cell >> 6] + popcount64(below);
}
static inline uint32_t sub_cell(const SubGraph *sg, xyLoc p) { return (uint32_t)((p.y + 1) * sg->stride + p.x + 1); }

/* The cells of the subgoals directly h-reachable from `origin` (padded cell
 * index), written to out (room for sub_scan_cap); returns how many. The
 * cell `also` (UINT32_MAX: none) counts as a subgoal: a query's goal. */
size_t sub_scan(const SubGraph *sg, uint32_t origin, uint32_t also, uint32_t *out);
size_t sub_scan_cap(const SubGraph *sg);

#endif
