/* window.h: the cells a query has planned but not yet handed out, and the
 * shortening they get before they go: the joints between legs.
 *
 * Each leg of a refined path is a good path between its own ends, but the
 * ends are region centers, and where two legs meet the path turns (or walks
 * into a dead end to reach a center and back). Smoothing each leg alone
 * cannot see that; smoothing the finished path can, but a GetPath call must
 * hand cells out before the path is finished. So the refiner keeps a window:
 * the last cell already handed out (the anchor, which never moves), then
 * the cells planned after it. A new leg is appended cell by cell with loop
 * cutting: a cell already in the window, or one legal move from an earlier
 * window cell, cuts out everything between (a walk into a dead end and back
 * leaves no trace). win_smooth then runs the extended post-smoothing
 * (refine/smooth.h) over the window, anchor and last cell fixed. win_emit
 * hands out all but the last `keep` cells: those are final (the incremental
 * contract: cells out early, never taken back), the kept ones meet the next
 * leg. Both shortenings only ever make the window's path shorter and keep
 * every step a legal move.
 *
 * Cell positions are found through a small open-addressing table (cell ->
 * absolute position in the window's history), so a loop cut costs nine
 * probes per cell, whatever the window's length; stale slots are recognised
 * by checking the cell at the position they name.
 *
 * Owns its cell buffer and table (grown by doubling, so a query allocates
 * nothing once the longest window has been seen); borrows the grid. */
#ifndef GPPC_REFINE_WINDOW_H
#define GPPC_REFINE_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

#include "../grid/grid.h"

typedef struct WinSlot {
    uint32_t stamp; /* == Window.stamp: the slot is in use */
    uint32_t cell;  /* y << 16 | x */
    uint64_t at;    /* absolute position: window position + base */
} WinSlot;

typedef struct Window {
    const Grid *grid;
    xyPath cells;  /* cells[0] is the anchor */
    uint64_t base; /* absolute position of cells[0] */
    WinSlot *slot;
    uint32_t mask;    /* slots - 1 (a power of two minus one) */
    uint32_t stamp;   /* the table's generation */
    uint32_t entered; /* slots written in this generation */
    xyPath way;       /* win_smooth: waypoints */
    xyLoc *scratch;   /* win_smooth: max(width, height) + 1 cells */
    uint64_t cut;     /* cells removed by loop cuts (cumulative) */
} Window;

bool win_init(Window *w, const Grid *g, Err *err);
void win_free(Window *w);
size_t win_bytes(const Window *w);

/* Starts a window at `anchor` (a cell already handed out). */
void win_reset(Window *w, xyLoc anchor);
/* The window's last cell: where the next leg starts. */
static inline xyLoc win_last(const Window *w) { return w->cells.cells[w->cells.len - 1]; }
/* Appends cells[1..n) of a leg whose first cell is win_last(), with loop cutting. */
void win_add(Window *w, const xyLoc *cells, size_t n);
/* Extended post-smoothing of the window, anchor and last cell fixed. */
void win_smooth(Window *w);
/* Appends the window's cells after the anchor, all but the last `keep`, to
 * `out`; the last one handed out becomes the anchor. Returns the count. */
size_t win_emit(Window *w, xyPath *out, size_t keep);

#endif
