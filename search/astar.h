/* astar.h: grid A* / weighted A* with an octile heuristic.
 *
 * Owns flat per-cell arrays sized to the padded grid and an open list sized to
 * the passable cell count, all allocated by astar_init and reused by every
 * search: a generation stamp marks which cells belong to the current search,
 * so nothing is cleared and nothing is allocated per query or per node. The
 * grid is borrowed and must outlive the AStar.
 *
 * Costs: cardinal 1, diagonal sqrt(2), no corner cutting (grid.h).
 * With weight w > 1, f = g + w*h and closed cells are not reopened, so the
 * path is at most w times optimal. */
#ifndef GPPC_SEARCH_ASTAR_H
#define GPPC_SEARCH_ASTAR_H

#include <stdbool.h>
#include <stdint.h>

#include "../Entry.h"
#include "../grid/grid.h"
#include "heap.h"

/* Optional restrictions so refinement can confine a search. A cell is allowed
 * when it lies in the bounding box (if `use_bbox`) and, if `block_mark` is set,
 * when block_mark[row_block[y] * blocks_w + col_block[x]] == mark: the grid is
 * cut into blocks (e.g. sectors) and only marked blocks are open. The start
 * and goal are always allowed. */
typedef struct AStarLimits {
    double weight;              /* 1 = A*; must be >= 1 */
    bool use_bbox;
    int x0, y0, x1, y1;         /* inclusive */
    const uint32_t *block_mark;
    uint32_t mark;
    const uint16_t *col_block, *row_block;
    int blocks_w;
} AStarLimits;

typedef struct AStarNode {
    double g;
    uint32_t stamp;
    int32_t heap_pos;           /* ASTAR_CLOSED once expanded */
} AStarNode;

typedef struct AStar {
    const Grid *grid;
    AStarNode *node;            /* one per padded cell */
    uint8_t *parent_dir;        /* direction of the move into the cell */
    uint32_t stamp;
    Heap open;
    int dir_offset[8];
    uint64_t expanded;          /* cumulative over all searches */
    uint64_t last_expanded;     /* of the latest search */
} AStar;

bool astar_init(AStar *a, const Grid *grid, Err *err);
void astar_free(AStar *a);

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
