/* astar.h: grid A* / weighted A* with an octile heuristic, on the best-first
 * core (best_first.h).
 *
 * Owns one BfNode and one parent direction per padded cell and an open list
 * sized to the passable cell count, all allocated by astar_init and reused by
 * every search (generation stamps: nothing is cleared and nothing is
 * allocated per query or per node). The grid is borrowed and must outlive
 * the AStar.
 *
 * Costs: cardinal 1, diagonal sqrt(2), no corner cutting (grid.h).
 * With weight w > 1, f = g + w*h and closed cells are not reopened, so the
 * path is at most w times optimal. */
#ifndef GPPC_SEARCH_ASTAR_H
#define GPPC_SEARCH_ASTAR_H

#include <stdbool.h>
#include <stdint.h>

#include "../grid/grid.h"
#include "best_first.h"
#include "trace.h"

/* Optional restriction so refinement can confine a search: the grid is cut
 * into blocks (e.g. sectors) and a cell is allowed only when
 * block_mark[row_block[y] * blocks_w + col_block[x]] == mark. The start and
 * goal are always allowed. */
typedef struct AStarLimits {
    double weight;              /* 1 = A*; must be >= 1 */
    const uint32_t *block_mark; /* NULL: the whole grid */
    uint32_t mark;
    const uint16_t *col_block, *row_block;
    int blocks_w;
} AStarLimits;

typedef struct AStar {
    const Grid *grid;
    BestFirst bf;        /* node id = padded cell index */
    uint8_t *parent_dir; /* direction of the move into the cell */
    int dir_offset[8];
    uint64_t expanded;      /* cumulative over all searches */
    uint64_t last_expanded; /* of the latest search */
    const Tracer *tracer;   /* NULL: not traced (search/trace.h) */
} AStar;

bool astar_init(AStar *a, const Grid *grid, Err *err);
void astar_free(AStar *a);
/* Bytes of the per-cell arrays and the open list. */
size_t astar_bytes(const AStar *a);

/* Finds a path s -> g within `lim` (NULL: whole grid, weight 1), appends its
 * cells (s first, g last) to `out` and returns its length; returns -1 and
 * appends nothing when there is none. */
double astar_find(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim, xyPath *out);

/* Lets the open list hold `cells` nodes (at least the passable cells: a
 * dynamic map that opens cells must call it). Grows only; on failure the old
 * list stays and false + message. */
bool astar_reserve(AStar *a, size_t cells, Err *err);

/* Length only (no cells appended); -1 when unreachable. */
double astar_distance(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim);

#endif
