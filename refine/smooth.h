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
 * cells come from line_cell, so no line is walked out). Returns the new
 * waypoint count. The result is never longer: dropping and sliding replace
 * two lines by a shorter or equal pair. */
size_t smooth_waypoints(const Grid *g, xyLoc *p, size_t n);

/* The MM entry's smooth=1: smooth_waypoints on the path's waypoints
 * (cells_to_waypoints, grid/line.h, legal on g), rasterised back into `cells` in place. `way` holds
 * at least n cells. Returns the new cell
 * count, never more than n: a line's cell count is its Chebyshev length,
 * which no smoothing step increases. */
size_t smooth_cells(const Grid *g, xyLoc *cells, size_t n, xyLoc *way);

#endif
