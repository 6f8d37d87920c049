/* smooth.h: shortening cell paths with straight shortcuts that stay legal.
 *
 * A "line" from a to b is the Bresenham walk of max(|dx|,|dy|) steps, each
 * one cell along the major axis and, when the error term says so, one along
 * the minor axis: min(|dx|,|dy|) diagonal steps in all, so its length is the
 * octile distance from a to b, the least any path can have. It is walked from
 * its lexicographically smaller end, so a -> b and b -> a are the same cells.
 * A line is legal
 * when every step is a legal grid move (passable, no corner cutting), so
 * replacing a stretch of path by a legal line never makes it longer.
 * The extended post-smoothing below is VRA*'s and, through smooth_cells, the
 * MM entry's smooth=1 (per leg): one routine, two users. */
#ifndef GPPC_REFINE_SMOOTH_H
#define GPPC_REFINE_SMOOTH_H

#include <stdbool.h>
#include <stddef.h>

#include "../grid/grid.h"

/* Is the line from a to b a legal grid path (both ends passable too)? */
bool line_legal(const Grid *g, xyLoc a, xyLoc b);
/* The cell k moves from a along the line from a to b (0 <= k <= its
 * Chebyshev length; k = 0 is a): line_cells' out[k - 1], without walking
 * the cells before it. */
xyLoc line_cell(xyLoc a, xyLoc b, int k);
/* Appends the line's cells after a (b last) to out; out must have room for
 * max(|dx|,|dy|) cells. Returns the count written. */
size_t line_cells(xyLoc a, xyLoc b, xyLoc *out);

/* Extended post-smoothing of waypoints (Walsh & Banerjee, VRA*): every
 * consecutive pair must already be joined by a legal line. Forward: drop
 * p[i+1] when the line p[i] -> p[i+2] is legal, else slide p[i+1] along the
 * line towards p[i+2] as far as a binary search keeps both its lines legal;
 * then the same backwards over the reversed list (the binary search's
 * cells come from line_cell, so no line is walked out). Returns the new
 * waypoint count. The result is never longer: dropping and sliding replace
 * two lines by a shorter or equal pair. */
size_t smooth_waypoints(const Grid *g, xyLoc *p, size_t n);

/* Waypoints of a cell path (every step a legal move) for smooth_waypoints:
 * the path is cut into maximal runs made of one line's moves (one cardinal
 * direction and a diagonal beside it); a run whose own line (from its first
 * cell to its last) is legal is one line, else each of its turns is a
 * waypoint (straight pieces are lines). The polyline is never longer than
 * the path: a line is the shortest path between its ends. Linear time.
 * Returns the count written to `way` (n at most; first and last kept). */
size_t cells_to_waypoints(const Grid *g, const xyLoc *cells, size_t n, xyLoc *way);

/* The MM entry's smooth=1: smooth_waypoints on the path's waypoints
 * (cells_to_waypoints), rasterised back into `cells` in place. `way` holds
 * at least n cells. Returns the new cell
 * count, never more than n: a line's cell count is its Chebyshev length,
 * which no smoothing step increases. */
size_t smooth_cells(const Grid *g, xyLoc *cells, size_t n, xyLoc *way);

#endif
