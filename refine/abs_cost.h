/* abs_cost.h: the one integer cost unit of the abstract searches (refine/):
 * the region A* (abstract_search.h) and the regions' contraction hierarchy
 * (abs_ch.h) add the same edge costs, so both count in 1/ABS_COST_SCALE
 * cells and round octile distances here. */
#ifndef GPPC_REFINE_ABS_COST_H
#define GPPC_REFINE_ABS_COST_H

#include <math.h>
#include <stdint.h>

#include "../grid/grid.h"

/* Integer cost units per cell: an octile distance rounded to 1/256 cell is
 * exact in a double's sum for any path on a map of 65536 x 65536 cells. */
#define ABS_COST_SCALE 256

/* The octile distance from a to b in ABS_COST_SCALE units, rounded to the
 * nearest. Its straight part is a whole number of units, so only the
 * diagonal part is rounded, by truncating it plus one half (no call to
 * lround: the region searches cost an edge per relaxation).
 * tests/c/test_abs_ch.c checks that it equals lround of grid_octile's
 * scaled value. */
static inline uint32_t abs_octile_units(xyLoc a, xyLoc b)
{
    int dx = a.x > b.x ? a.x - b.x : b.x - a.x, dy = a.y > b.y ? a.y - b.y : b.y - a.y;
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return (uint32_t)(hi - lo) * ABS_COST_SCALE + (uint32_t)(lo * (GRID_SQRT2 * ABS_COST_SCALE) + 0.5);
}

#endif
