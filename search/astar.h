/* astar.h: grid A* / weighted A* with an octile heuristic, on the best-first
 * core (best_first.h).
 *
 * Two ways to hold the search state, the same search (same expansions, same
 * paths):
 *  - whole (astar_init): one BfNode and one parent direction per padded cell
 *    and an open list sized to the passable cell count, allocated once: the
 *    fastest, for a search that may touch the whole map (the astar entry);
 *  - paged (astar_init_paged): the map is cut into blocks of side x side
 *    cells and a search gets a page of nodes for a block the first time it
 *    reaches one (a per-block slot, valid for one search where the slot
 *    names the block back: a sparse set, nothing to clear), so a
 *    search confined to a few blocks (mm's legs in their sectors) holds a
 *    few pages, not the map; a block of an even side of 12 or more is
 *    paged by its quarters, so a search holds the quarters it reaches
 *    (AStarPages). The first search takes a few, and the block maps
 *    (the slots, a block's column and row), unless the owner took them
 *    before (astar_take_first; a planner whose searches may never run
 *    holds none of them); a search that reaches more
 *    quarters than there are pages grows them (by a quarter, at least a
 *    block's: the pages follow what the searches reach; never per node;
 *    pg.grows counts it). Its open list starts at a page's cells / 4
 *    doubled twice (what mm's legs' first searches fill) and doubles when a
 *    search fills it (pg.open_grows): a frontier is a small part of the
 *    cells a search reaches.
 * The grid may be either form (grid.h: bytes or packed bits); the loop is
 * compiled for each, so a byte grid's search is what it was.
 * One search loop serves both, the node numbering its compile-time policy
 * (astar.c search), so they expand the same nodes in the same order.
 * Either is reused by every search (generation stamps: nothing is cleared
 * and nothing is allocated per query or per node). The grid is borrowed and
 * must outlive the AStar.
 *
 * Costs: cardinal 1, diagonal sqrt(2), no corner cutting (grid.h).
 * With weight w > 1, f = g + w*h and closed cells are not reopened, so the
 * path is at most w times optimal. */
#ifndef GPPC_SEARCH_ASTAR_H
#define GPPC_SEARCH_ASTAR_H

#include <stdbool.h>
#include <stdint.h>

#include "../common/grow.h"
#include "../grid/grid.h"
#include "best_first.h"
#include "trace.h"

/* Optional restriction so refinement can confine a search: the grid is cut
 * into blocks (e.g. sectors) and a cell is allowed only when its block b =
 * row_block[y] * blocks_w + col_block[x] (col_block NULL: blocks of a power
 * of two side, (y >> block_shift) * blocks_w + (x >> block_shift)) has
 * block_mark[b] == mark, or,
 * with `two` set, when b is one of two[0], two[1] (no array: mm's center
 * legs search two sectors). The start and goal are always allowed. */
typedef struct AStarLimits {
    double weight;             /* 1 = A*; must be >= 1 */
    const uint8_t *block_mark; /* NULL (and `two` false): the whole grid; byte stamps (common/stamp.h) */
    uint8_t mark;
    bool two;           /* only blocks two[0] and two[1] (block_mark unused) */
    uint32_t blocks[2]; /* with `two` */
    const uint16_t *col_block, *row_block;
    int block_shift; /* with col_block NULL */
    int blocks_w;
    /* Paged form: its own blocks (astar_init_paged's side; the four fields
     * above are set from them as the search begins), whose column and row
     * maps it takes with its first search, so an owner that never searches
     * holds none. */
    bool own_blocks;
    /* Paged form, > 0: the search gives up (no path, pg.capped) where it
     * would reach more blocks than this, so it holds the pages of at most
     * this many: a caller whose search is worth only so much memory (mm's
     * box routes). 0: no bound. */
    uint32_t max_blocks;
} AStarLimits;

/* The paged form's blocks and pages (astar_init_paged). A block a search
 * reaches takes a slot; each quarter of the block it reaches takes a page
 * (blocks of an even side of at least SPLIT_SIDE_MIN, astar.c; else the
 * whole block is one page): a search holds the parts of blocks it reaches,
 * so a box that floods the open half of its sectors holds half their nodes. */
typedef struct AStarPages {
    int side;              /* a block's side */
    int split;             /* pages along a block's side: 2 (quarters) or 1 */
    int pside, cells;      /* a page's side (side / split); cells in a page */
    int side_shift;        /* log2(pside) when a power of two, else -1 */
    int block_shift;       /* log2(side) when a power of two (col, row NULL), else -1 */
    int blocks_w, nblocks; /* blocks per row, in all */
    uint16_t *col, *row;   /* x / side, y / side (block_shift -1), taken with the first slots */
    /* per block: its slot's low 16 bits, when it has one in this search:
     * the slot is below `blocks` and its slot_block names the block back
     * (more than 2^16 slots, on a map of more blocks: the slots of those
     * low bits are tried, paged_node); taken with the first slots, so an
     * AStar whose owner never searches holds none */
    uint16_t *block_slot;
    uint32_t *slot_block;        /* per slot: its block */
    uint32_t *slot_page;         /* per slot, split * split: the page of each part, UINT32_MAX none yet */
    uint32_t blocks, slot_cap;   /* blocks this search reached; slots held */
    uint16_t *page_x0, *page_y0; /* per page: its first cell */
    uint32_t used, cap;          /* pages this search took; pages held */
    uint64_t grows;              /* times a search found every page taken and grew them */
    uint64_t open_grows;         /* times a search found its open list full and grew it */
    bool failed;                 /* the latest search ran out of memory for a page */
    bool capped;                 /* the latest search gave up at its limits' max_blocks */
} AStarPages;

/* The search astar_begin began, for astar_run to go on with. */
typedef struct AStarQuery {
    xyLoc s, g;
    AStarLimits lim; /* a copy; block_mark and the block maps stay borrowed */
    uint32_t start_id;
    bool running;  /* begun and not ended */
    double result; /* once ended: the goal's g, or -1 */
} AStarQuery;

typedef struct AStar {
    const Grid *grid;
    BestFirst bf;        /* node id = padded cell index (whole) or page * cells + cell in page (paged) */
    uint8_t *parent_dir; /* per node: direction of the move into the cell */
    int dir_offset[8];
    AStarPages pg;          /* side 0: whole */
    uint64_t expanded;      /* cumulative over all searches */
    uint64_t last_expanded; /* of the latest search */
    const Tracer *tracer;   /* NULL: not traced (search/trace.h) */
    AStarQuery q;           /* the latest search */
    /* The owner's (zero at init: none): asked before the paged form's
     * pages, slots or open list grow, with the bytes they add (the first
     * search's pages too); they grow whatever it answers. */
    GrowGate gate;
} AStar;

bool astar_init(AStar *a, const Grid *grid, Err *err);
/* The paged form, blocks of side x side cells (1..255). */
bool astar_init_paged(AStar *a, const Grid *grid, int side, Err *err);
void astar_free(AStar *a);
/* Bytes of the node arrays (per cell, or per page and block) and the open list. */
size_t astar_bytes(const AStar *a);
/* What the paged form's first search will take (its first pages, their
 * nodes and the open list), all at once; 0 once taken, and for the whole
 * form (its arrays are taken at init). */
size_t astar_first_bytes(const AStar *a);
/* Takes them now (the paged form; the whole form holds its arrays from
 * init): an owner whose calls are bounded takes them before its first
 * query, so that no call pays for them. False when memory ran out (the
 * first search tries again). */
bool astar_take_first(AStar *a);

/* Finds a path s -> g within `lim` (NULL: whole grid, weight 1), appends its
 * cells (s first, g last) to `out` and returns its length; returns -1 and
 * appends nothing when there is none (paged: also when memory for a page ran
 * out, pg.failed then says so). */
double astar_find(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim, xyPath *out);

/* astar_find in steps, for a caller that bounds each of its calls (mm's
 * GetPath): astar_begin starts the search (false: s or g blocked, or no
 * memory for a page: no path), and each astar_run goes on with at most
 * *work more expansions (decremented as they are spent): ASTAR_PAUSED, with
 * none left, before its next pop, so the search expands the same nodes in
 * the same order however its expansions are split between runs; ASTAR_FOUND
 * appends the path to `out` (NULL: nothing appended; a->q.result is its
 * length either way); ASTAR_NONE appends nothing. last_expanded counts the
 * search's expansions over all its runs. Between runs nothing else may
 * search `a`, change its grid or the limits' marks (a change: astar_begin
 * again). */
typedef enum { ASTAR_FOUND, ASTAR_NONE, ASTAR_PAUSED } AStarResult;
bool astar_begin(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim);
AStarResult astar_run(AStar *a, uint64_t *work, xyPath *out);

/* For a paused search (ASTAR_PAUSED): appends at most `k` cells of the way
 * from s toward the open list's best node (least f, the heap's order among
 * equals), s left out, each a legal move from the one before on the grid
 * searched: a caller that must move before the search ends (mm while its
 * abstraction is brought current) steps where the search looks most
 * promising. Returns the cells appended (0: nothing is open, or the best
 * node is s). The search may be run on afterwards. */
size_t astar_toward_best(AStar *a, size_t k, xyPath *out);

/* Lets the open list hold `cells` nodes (at least the passable cells: a
 * dynamic map that opens cells must call it; the paged form's open list
 * grows as a search fills it, and this does nothing). Grows only; on failure the old
 * list stays and false + message. */
bool astar_reserve(AStar *a, size_t cells, Err *err);

/* Length only (no cells appended); -1 when unreachable. */
double astar_distance(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim);

#endif
