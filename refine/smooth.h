/* smooth.h: shortening waypoint and cell paths with straight shortcuts that
 * stay legal (lines, grid/line.h: replacing a stretch of path by a legal
 * line never makes it longer).
 * The extended post-smoothing below is VRA*'s and, through smooth_cells, the
 * MM entry's smooth=1 (per leg): one routine, two users. */
#ifndef GPPC_REFINE_SMOOTH_H
#define GPPC_REFINE_SMOOTH_H

#include <stdbool.h>
#include <stddef.h>

#include "../grid/grid.h"
#include "../grid/line.h"

/* Extended post-smoothing of waypoints (Walsh & Banerjee, VRA*): every
 * consecutive pair must already be joined by a legal line. Forward: drop
 * p[i+1] when the line p[i] -> p[i+2] is legal, else slide p[i+1] along the
 * line towards p[i+2] as far as a binary search keeps both its lines legal;
 * then the same backwards over the reversed list (the binary search's
 * cells come from line_walk_at, so no line is walked out); then the folds:
 * where the path turns back at p[i] (its two lines at more than a right
 * angle) and p[i-1] sees p[i+1], p[i] is dropped and the pass steps back
 * one (a loop the two passes have moved past, smooth.c). Returns the new
 * waypoint count. The result is never longer: dropping and sliding replace
 * two lines by a shorter or equal pair. */
size_t smooth_waypoints(const Grid *g, xyLoc *p, size_t n);

/* smooth_waypoints in pieces, for a caller that bounds the work of each of
 * its calls (refine/refiner.h): smooth_begin(s, n), then smooth_run on the
 * same p until it returns true (the result is p[0 .. s->n)). smooth_run
 * spends *units, a cell for each cell a line test may walk (its moves, and
 * four for its setup), and stops before a test when they are spent (false: call again
 * with fresh units; the same tests run in the same order, so the result
 * does not depend on the pieces). While it is paused p is in an
 * intermediate state (in the backward pass reversed): the caller reads
 * nothing of it, or calls smooth_abort first, which leaves p as legal
 * waypoints (consecutive ones joined by legal lines), in order, s->n of
 * them. */
enum { SMOOTH_FORWARD, SMOOTH_BACKWARD, SMOOTH_FOLDS, SMOOTH_DONE };
typedef struct SmoothRun {
    size_t n, n0;       /* waypoints now, and at the start */
    size_t i;           /* the pass stands at p[i] */
    int lo, hi;         /* sliding p[i+1]: the binary search's bounds */
    bool sliding;       /* p[i+1] is being slid (else its drop is tested next) */
    bool first_illegal; /* the pass need not test p[0] -> p[2] */
    bool last_illegal;  /* the pass's last test found its line illegal */
    int pass;           /* SMOOTH_FORWARD, SMOOTH_BACKWARD (p reversed), SMOOTH_FOLDS, SMOOTH_DONE */
} SmoothRun;
void smooth_begin(SmoothRun *s, size_t n);
bool smooth_run(const Grid *g, xyLoc *p, SmoothRun *s, uint64_t *units);
void smooth_abort(SmoothRun *s, xyLoc *p);
/* Cells of line tests one unit of a bounded caller's work buys: that work
 * is counted in A* expansions of the grid (refine/legplan.h), which cost
 * about this many cells walked in instructions (callgrind per call,
 * results/reference/mm-calls/). */
#define SMOOTH_CELLS_PER_WORK 32u
/* smooth_run spending *work in those units (rounded up). */
bool smooth_steps(const Grid *g, xyLoc *p, SmoothRun *s, uint64_t *work);

/* The MM entry's smooth=1: smooth_waypoints on the path's waypoints
 * (cells_to_waypoints, grid/line.h, legal on g), rasterised back into `cells` in place. `way` holds
 * at least n cells. Returns the new cell
 * count, never more than n: a line's cell count is its Chebyshev length,
 * which no smoothing step increases. */
size_t smooth_cells(const Grid *g, xyLoc *cells, size_t n, xyLoc *way);

#endif
