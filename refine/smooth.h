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
 * Used by the MM entry's smooth=1 (per appended leg) and by VRA*. */
#ifndef GPPC_REFINE_SMOOTH_H
#define GPPC_REFINE_SMOOTH_H

#include <stdbool.h>
#include <stddef.h>

#include "../Entry.h"
#include "../grid/grid.h"

/* Is the line from a to b a legal grid path (both ends passable too)? */
bool line_legal(const Grid *g, xyLoc a, xyLoc b);
/* Appends the line's cells after a (b last) to out; out must have room for
 * max(|dx|,|dy|) cells. Returns the count written. */
size_t line_cells(xyLoc a, xyLoc b, xyLoc *out);
/* Greedy forward smoothing in place: from each anchor, extend the shortcut
 * while the line to the next cell stays legal, then write the line. The first
 * and last cells stay; returns the new cell count (never more than n). */
size_t smooth_path(const Grid *g, xyLoc *cells, size_t n);

/* Extended post-smoothing of waypoints (Walsh & Banerjee, VRA*): every
 * consecutive pair must already be joined by a legal line. Forward: drop
 * p[i+1] when the line p[i] -> p[i+2] is legal, else slide p[i+1] along the
 * line towards p[i+2] as far as a binary search keeps both its lines legal;
 * then the same backwards over the reversed list. `scratch` holds at least
 * max(width, height) + 1 cells. Returns the new waypoint count. The result
 * is never longer: dropping and sliding replace two lines by a shorter or
 * equal pair. */
size_t smooth_waypoints(const Grid *g, xyLoc *p, size_t n, xyLoc *scratch);

#endif
