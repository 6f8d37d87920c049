/* sub.h (private to entries/sub/): simple subgoal graphs (Uras, Koenig & Hernández, "Subgoal
 * Graphs for Optimal Pathfinding in Eight-Neighbor Grids", ICAPS 2013, §3)
 * under the no-corner-cutting rule of entries/entry.h.
 *
 * Subgoals (§3.1) are the cells at the convex corners of obstacles: a
 * passable cell with a blocked diagonal neighbour whose two cardinal cells
 * beside it are passable. Two cells are h-reachable when a path between them
 * has the octile length; an edge joins a subgoal to each subgoal it can
 * reach directly (§3.2, "direct-h-reachable"), found by sub_scan: the 8 rays
 * from the cell, then the 8 wedges between a diagonal ray and a cardinal ray,
 * swept row by row along the diagonal, each row ending at the first blocked
 * cell or subgoal and never reaching further than the row before (§3.3,
 * Algorithm 2). Every cell a wedge reaches is reached by moving diagonally
 * first, then straight, through free non-subgoal cells: that is the path an
 * edge stands for, from the cell that found it.
 *
 * A query whose octile path (either shape) is free walks it: that path is a
 * shortest one, and on open maps it saves both scans. Otherwise a query
 * (§3.4) connects s and g by the same scan (g counting as a subgoal
 * while s is scanned, so a direct s-g path is an edge too), runs A* over the
 * graph with octile costs and heuristic (search/best_first.h) and refines
 * every edge into cells: diagonal first from the end that found it.
 *
 * Memory (SubGraph, all owned, sub_graph_free): per padded cell 1 byte
 * (SUB_FREE, SUB_GOAL) and 1.5 bits for the cell -> subgoal id rank
 * structure; per subgoal 8 bytes (coordinates, first edge); per directed edge
 * 4 bytes (the target id). The query's arrays (SubQuery) are per subgoal:
 * the best-first node (16 B), the parent (4 B) and a goal mark (4 B). */
#ifndef GPPC_SUB_H
#define GPPC_SUB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../grid/grid.h"
#include "../../search/best_first.h"

#define SUB_FREE 1 /* passable */
#define SUB_GOAL 2 /* a subgoal (with SUB_FREE) */

typedef struct SubGraph {
    int width, height, stride; /* the padded grid's */
    uint8_t *cell;             /* padded, SUB_FREE | SUB_GOAL bits; the ring is 0 */
    int off[8];                /* cell index step of each direction (grid.h order) */
    uint64_t *bits;            /* subgoal bit per padded cell */
    uint32_t *rank;            /* subgoals before each 64-cell word */
    uint32_t n, m;             /* subgoals, directed edges */
    xyLoc *pos;                /* n + 2: the subgoals (id order = cell order), then s, g of a query */
    uint32_t *first;           /* n + 1 */
    uint32_t *edge;            /* m target ids */
} SubGraph;

/* Finds the subgoals of `map` and links them. False + message when memory
 * ran out. */
bool sub_graph_build(SubGraph *sg, const Grid *map, Err *err);
void sub_graph_free(SubGraph *sg);
/* Bytes of the map copy, rank structure, subgoals and edges. */
size_t sub_graph_bytes(const SubGraph *sg);

static inline bool sub_is_goal(const SubGraph *sg, uint32_t cell) { return sg->cell[cell] & SUB_GOAL; }
static inline uint32_t sub_id(const SubGraph *sg, uint32_t cell)
{
    uint64_t below = sg->bits[cell >> 6] & ((1ull << (cell & 63)) - 1);
    return sg->rank[cell >> 6] + (uint32_t)__builtin_popcountll(below);
}
static inline uint32_t sub_cell(const SubGraph *sg, xyLoc p) { return (uint32_t)((p.y + 1) * sg->stride + p.x + 1); }

/* The cells of the subgoals directly h-reachable from `origin` (padded cell
 * index), written to out (room for sub_scan_cap); returns how many. */
size_t sub_scan(const SubGraph *sg, uint32_t origin, uint32_t *out);
size_t sub_scan_cap(const SubGraph *sg);

/* The file section (sub_entry.c frames it): u32 n, m; n x (i16 x, i16 y);
 * (n+1) x u32 first; m x u32 edge; u64 FNV-1a of those bytes. sub_graph_read
 * rebuilds the subgoal set from the map and compares, checks every index,
 * and walks every edge on the grid. */
struct BinFile;
void sub_graph_write(const SubGraph *sg, struct BinFile *f);
bool sub_graph_read(SubGraph *sg, const Grid *map, struct BinFile *f, Err *err);

/* The query state over a borrowed graph (which must outlive it). */
typedef struct SubQuery {
    SubGraph *g;  /* borrowed; the query marks g temporarily in g->cell */
    BestFirst bf; /* node ids: subgoals, then s (n) and g (n + 1) */
    uint32_t *parent;
    uint32_t *goal_mark, goal_stamp; /* == goal_stamp: the subgoal reaches g directly */
    uint32_t *scan;                  /* s's scan, cells */
    uint32_t *trace;                 /* the path's nodes, g first */
    uint64_t expanded, connect_cells;
} SubQuery;

bool sub_query_init(SubQuery *q, SubGraph *g, Err *err);
void sub_query_free(SubQuery *q);
/* Appends a shortest path s .. g (nothing when there is none). */
void sub_query_path(SubQuery *q, xyLoc s, xyLoc goal, xyPath *path);

#endif
