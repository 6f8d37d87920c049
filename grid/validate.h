/* validate.h: is a cell path a legal answer to the query s -> g?
 * Rules: at least one cell; first cell is s, last is g; every cell in bounds
 * and passable; consecutive cells one king move apart (a repeated cell is an
 * error); a diagonal step has both cardinal cells beside it passable.
 * The length uses cost 1 and exactly sqrt(2), summed as counts so it does not
 * depend on summation order. */
#ifndef GPPC_GRID_VALIDATE_H
#define GPPC_GRID_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>

#include "../Entry.h"
#include "grid.h"

/* True when valid; otherwise `why` holds the first broken rule and the step.
 * *length is the octile length of the whole returned path, valid or not. */
bool path_validate(const Grid *g, xyLoc s, xyLoc goal, const xyLoc *path, size_t n, double *length,
                   char *why, size_t why_size);

/* Octile length of a cell path (cardinal 1, diagonal sqrt(2)); no checks. */
double path_length(const xyLoc *path, size_t n);

#endif
