/* validate.h: is a cell path a legal answer to the query s -> g?
 * Rules: at least one cell; first cell is s, last is g; every cell in bounds
 * and passable; consecutive cells one king move apart (a repeated cell is an
 * error); a diagonal step has both cardinal cells beside it passable.
 * The length is path_length() (grid/path.h). */
#ifndef GPPC_GRID_VALIDATE_H
#define GPPC_GRID_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>

#include "grid.h"

/* True when valid; otherwise `why` holds the first broken rule and the step.
 * *length is the octile length of the whole returned path, valid or not. */
bool path_validate(const Grid *g, xyLoc s, xyLoc goal, const xyLoc *path, size_t n, double *length, char *why,
                   size_t why_size);

#endif
