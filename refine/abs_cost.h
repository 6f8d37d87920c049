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

/* The octile distance from a to b in ABS_COST_SCALE units, rounded. */
static inline uint32_t abs_octile_units(xyLoc a, xyLoc b)
{
    return (uint32_t)lround(grid_octile(a.x, a.y, b.x, b.y) * ABS_COST_SCALE);
}

#endif
