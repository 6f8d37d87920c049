/* mapkind.h: what a map is, measured for mm's profiles (entries/mm/
 * mm_profile.h, which holds the thresholds and what each choice does):
 * from the abstraction as built and from the grid, deterministic, computed
 * when an instance is prepared (one pass over the edges and one over the
 * cells), never per query. Owns nothing. */
#ifndef GPPC_REFINE_MAPKIND_H
#define GPPC_REFINE_MAPKIND_H

#include <stdbool.h>

#include "abstract_search.h"

typedef struct MapKind {
    double detour;             /* map_detour */
    double scattered;          /* grid_scattered (grid/grid.h): the share of lone obstacle cells */
    double regions_per_sector; /* regions over stored (not default) sectors */
    uint32_t nsectors;
    bool diagonals; /* map_open_block(g, 2) */
    bool wide;      /* map_open_block(g, 3) */
} MapKind;

/* How far the center-to-center legs detour: the sum of the abstract edges'
 * costs (with edge costs: the real legs' lengths) over the sum of the octile
 * distances between their centers, >= 1. Refining through centers loses
 * where this is large. */
double map_detour(const RegionSearch *as);
/* Is some k x k block of cells all passable? k = 2: is any diagonal move
 * legal (a diagonal step needs both cells beside it, grid.h)? Not on mazes
 * of corridors one cell wide; without one every legal line runs along a
 * row or a column. k = 3: is there more room than a two-cell corridor? */
bool map_open_block(const Grid *g, int k);
/* All of it, over the search's abstraction and the grid it was built on. */
MapKind map_kind(const Grid *g, const RegionSearch *as);

#endif
