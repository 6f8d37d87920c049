/* ch.h (private to entries/ch/): Contraction Hierarchies (Geisberger et al. 2008;
 * on grids: Sturtevant & Geisberger 2010, Storandt 2013) over one of two graphs.
 *
 * Grid graph (ch_build.c, ch_pack.c): nodes are the passable cells
 * (numbered as in "Layout" below); edges the legal moves.
 *
 * Subgoal graph (ch_sg.c; Uras & Koenig's CH over subgoal graphs): nodes
 * are the subgoals of search/subgoal.h, edges their direct-h-reachable
 * pairs (aux index CH_SC_DIRECT, unpacked by their octile shape), numbered
 * by rank. Grid graphs of open areas have very many equal shortest paths,
 * and their hierarchy's top was dense, so queries were slow there; the
 * subgoal graph has one node per obstacle corner, its edges already cross
 * open space, and it contracts quickly (docs/entries/ch.md).
 * Costs are exact integers: a cardinal step CH_CARD = 2^32, a diagonal
 * CH_DIAG = round(sqrt(2) * 2^32), so witness searches compare exactly and an
 * equal-cost witness saves a shortcut (grids are full of ties). The error of
 * the rounded diagonal is under 1e-10 per step.
 *
 * The hierarchy is stored as an upward graph in CSR form: node v's edges go to
 * higher-ranked nodes only; an edge is an original move or a shortcut over a
 * middle node ranked below both ends. `rank` is the contraction position
 * (0 = contracted first).
 *
 * Unpacking: a shortcut's record (ChShortcut) names its middle node and its
 * two halves, the middle node's edges to the two ends, so a path unpacks by
 * following edge ids, never by searching edge lists. A shortcut whose cost
 * is the octile distance of its ends and whose ends are joined by a legal
 * "diagonal first, then straight" or "straight first, then diagonal" path
 * carries that shape in its aux word and unpacks by geometry in one loop:
 * most shortcuts low in the hierarchy are such (shortest paths in open
 * space), and the recursion to original moves was a large part of a query.
 *
 * Layout: every query climbs to the top of the hierarchy, so the top 5 % of
 * nodes by rank are numbered first and share cache lines; the rest follow a
 * Z-order curve of their cells, because a query's lower levels are the
 * cells near its start and goal and their upward edges lead to nearby cells
 * (faster than numbering all nodes by rank). An edge is one 16-byte record; a node's edges are its
 * upward grid moves in direction order, then its upward shortcuts. Owns its
 * arrays (ch_free). */
#ifndef GPPC_CH_H
#define GPPC_CH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "../../grid/grid.h"
#include "../../search/subgoal.h"

#define CH_CARD (1ull << 32)
#define CH_DIAG 6074001000ull
#define CH_NONE UINT32_MAX

/* ChEdge.aux: CH_ORIGINAL for a move, else the shortcut's index (bits 0-29)
 * and its shape (bits 30-31), seen from the edge's lower end. */
#define CH_ORIGINAL UINT32_MAX
#define CH_SC_INDEX(aux) ((aux)&0x3fffffffu)
#define CH_SC_SHAPE(aux) ((aux) >> 30)
/* The index of an edge of the subgoal graph (a direct-h-reachable pair, no
 * record): it unpacks by its shape, which it always has. */
#define CH_SC_DIRECT 0x3fffffffu
enum { CH_SHAPE_NONE = 0, CH_SHAPE_DIAG_FIRST = 1, CH_SHAPE_STRAIGHT_FIRST = 2 };

typedef struct ChEdge {
    uint32_t target, aux;
    uint64_t cost;
} ChEdge;

typedef struct ChShortcut {
    uint32_t mid;       /* the middle node */
    uint32_t low, high; /* mid's edges to the shortcut's lower and higher end */
} ChShortcut;

typedef struct ChGraph {
    uint32_t n;      /* nodes */
    uint32_t *cell;  /* node -> padded cell index */
    uint32_t *rank;  /* node -> contraction position (0 = first contracted) */
    uint32_t *first; /* n + 1 */
    uint32_t m;      /* upward edges */
    ChEdge *edge;
    uint32_t shortcuts;
    ChShortcut *sc; /* shortcuts */
} ChGraph;

typedef struct ChBuildConfig {
    /* Bound on the nodes each witness search settles (larger: fewer
     * shortcuts, slower build). */
    int witness_limit;
    /* Price every look at a node with its exact shortcut count (full witness
     * searches, Geisberger et al. 2008 §3.1) instead of the two-arc bound
     * (ch_build.c): a much slower build for fewer edges scanned per query
     * (docs/entries/ch.md). */
    bool exact_order;
    /* Where the witness searches' generation counter starts (0 normally;
     * tests start it just below the wrap, common/stamp.h). */
    uint32_t first_stamp;
} ChBuildConfig;

/* Contracts the grid graph. */
bool ch_build(ChGraph *ch, const Grid *g, const ChBuildConfig *cfg, Err *err);
/* Contracts the simple subgoal graph sg (linked, search/subgoal.h) of g
 * (ch_sg.c): nodes are subgoals numbered by rank, edges direct pairs
 * (CH_SC_DIRECT) and shortcuts. */
bool ch_sg_build(ChGraph *ch, const SubGraph *sg, const Grid *g, const ChBuildConfig *cfg, Err *err);
void ch_free(ChGraph *ch);
size_t ch_bytes(const ChGraph *ch);
/* A hierarchy read from a file, checked against the map (ch_check.c):
 * every field in range, every edge legal and upward, every shortcut the sum
 * of its halves, and the base graph complete (every move, or with subgoal
 * every direct pair of the map's subgoal graph). node_of: padded cell ->
 * node, -1 for none. False + a message naming `file` and what is wrong. */
bool ch_check_graph(const ChGraph *g, const Grid *grid, const int32_t *node_of, bool subgoal, const char *file,
                    Err *err);

/* Cell coordinates. A query works on coordinates (the ends', and each
 * node's from ChQuery.xy), never on padded cell indices: turning an index
 * into x and y costs two integer divisions, and at four per octile distance,
 * shape test or emitted leg they were a large share of a query on small DAO
 * maps that instruction counts do not show (a division counts as one). */
typedef struct ChXY {
    int32_t x, y;
} ChXY;

static inline ChXY ch_xy(const Grid *g, uint32_t cell)
{
    return (ChXY){grid_index_x(g, (int)cell), grid_index_y(g, (int)cell)};
}

/* The exact cost of an octile path from a to b. */
static inline uint64_t ch_octile_xy(ChXY a, ChXY b)
{
    uint32_t dx = (uint32_t)abs(a.x - b.x), dy = (uint32_t)abs(a.y - b.y);
    uint32_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return (uint64_t)(hi - lo) * CH_CARD + (uint64_t)lo * CH_DIAG;
}
static inline uint64_t ch_octile(const Grid *g, uint32_t a, uint32_t b)
{
    return ch_octile_xy(ch_xy(g, a), ch_xy(g, b));
}
/* Whether the path of `shape` (seen from a) is legal on g. */
bool ch_shape_walks(const Grid *g, ChXY a, ChXY b, int shape);
/* The shape an edge of `cost` from cell a to cell b can be unpacked by:
 * CH_SHAPE_NONE unless the cost is the octile distance and a shape walks. */
int ch_shape_of(const Grid *g, uint32_t a, uint32_t b, uint64_t cost);
/* Appends the cells after a up to b along `shape` (seen from a). */
void ch_shape_emit(ChXY a, ChXY b, int shape, xyPath *out);

#endif
