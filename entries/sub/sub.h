/* sub.h (private to entries/sub/): simple and two-level subgoal graphs (Uras,
 * Koenig & Hernández, "Subgoal Graphs for Optimal Pathfinding in
 * Eight-Neighbor Grids", ICAPS 2013, §3-4) under the no-corner-cutting rule
 * of entries/entry.h.
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
 * With levels=2 (the default) the graph is two-level (§4, sub_tl.c): local
 * subgoals keep the edges they had when they were removed (to subgoals
 * removed later or global), global subgoals only edges among themselves, and
 * edges added for removed subgoals remember their middle subgoal. Every edge
 * joins two h-reachable subgoals and costs their octile distance. Unlike §4,
 * a local may lead to a later local (locals form chains, as in the N-level
 * graphs of Uras & Koenig, SoCS 2014): requiring global neighbours only left
 * far fewer subgoals local (docs/entries/sub.md).
 *
 * A query whose octile path (either shape) is free walks it: that path is a
 * shortest one, and on open maps it saves both scans. Otherwise s and g are
 * scanned (g counting as a subgoal while s is scanned, so a direct s-g path
 * is an edge too) and a bidirectional A* runs (sub_query.c): forwards from s
 * through each node's own list, backwards from g through the lists of locals
 * only, as in a contraction hierarchy's upward searches, each side aiming at
 * the other end with the octile heuristic (search/best_first.h, one core per
 * side). A one-sided search would have to settle every local above g first,
 * several times the forward expansions. Edges are
 * refined into cells recursively through their middles; a direct edge walks
 * whichever of its two shapes is free.
 *
 * The graph (SubGraph) and the scan live in search/subgoal.h, shared with
 * entries/ch. Memory (SubGraph, all owned, sub_graph_free): per padded cell 1 byte
 * (SUB_FREE, SUB_GOAL, SUB_LOCAL), 4 bytes of clearances (derived from the
 * map, not stored in the file: the scan reads a row's reach in one lookup
 * instead of walking it, as GPPC subgoal entries do) and 1.5 bits for the cell -> subgoal id
 * rank structure; per subgoal 8 bytes (coordinates, first edge); per directed
 * edge 8 bytes (target id, middle id). The query's arrays (SubQuery) are per
 * subgoal: two best-first nodes and heap slots (2 x 32 B) and four ids (16 B). */
#ifndef GPPC_SUB_H
#define GPPC_SUB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../search/best_first.h"
#include "../../search/subgoal.h"

/* Finds the subgoals of `map` and links them (search/subgoal.h); levels 2
 * then makes the graph two-level (sub_tl.c). False + message when memory
 * ran out. */
bool sub_graph_build(SubGraph *sg, const Grid *map, int levels, Err *err);
bool sub_tl_contract(SubGraph *sg, Err *err);

/* The file section (sub_entry.c frames it): u32 n, m, levels; n x (i16 x,
 * i16 y); (n+1) x u32 first; m x u32 edge; with levels 2 also m x u32 mid
 * and ceil(n/32) x u32 local bits; u64 FNV-1a of those bytes. sub_graph_read
 * rebuilds the subgoal set from the map and compares, checks every index,
 * walks every scan edge on the grid and checks that every added edge's
 * middle is a local with both ends in its list, at the octile distances. */
struct BinFile;
void sub_graph_write(const SubGraph *sg, struct BinFile *f);
bool sub_graph_read(SubGraph *sg, const Grid *map, int levels, struct BinFile *f, Err *err);

/* The query state over a borrowed graph (which must outlive it). */
typedef struct SubQuery {
    SubGraph *g;             /* borrowed; the query marks g temporarily in g->cell */
    BestFirst bf;            /* the forward A*; node ids: subgoals, then s (n) and g (n + 1) */
    BestFirst back;          /* the backward Dijkstra from g over the locals' lists */
    uint32_t *parent, *pmid; /* forward: the node before, the edge's middle */
    uint32_t *bnext, *bmid;  /* backward: the node after (towards g), the edge's middle */
    uint32_t *scan;          /* s's scan, then g's (2 x sub_scan_cap), cells */
    uint32_t *trace;         /* the forward nodes, last first */
    uint64_t expanded, back_settled, connect_cells;
} SubQuery;

bool sub_query_init(SubQuery *q, SubGraph *g, Err *err);
void sub_query_free(SubQuery *q);
/* Appends a shortest path s .. g (nothing when there is none). */
void sub_query_path(SubQuery *q, xyLoc s, xyLoc goal, xyPath *path);

#endif
