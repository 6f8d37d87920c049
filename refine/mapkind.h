/* mapkind.h: what a map is, measured for mm's profiles (entries/mm/
 * mm_profile.h, which holds the thresholds and what each choice does):
 * from the abstraction as built (or loaded) and from the grid,
 * deterministic, computed once when an instance is prepared or its file
 * written (one pass over the edges and one over the cells), never per
 * query. Needs no search over the regions, so a map is measured before
 * anything but its abstraction exists. Owns nothing. */
#ifndef GPPC_REFINE_MAPKIND_H
#define GPPC_REFINE_MAPKIND_H

#include <stdbool.h>

#include "../abstraction/abstraction.h"

typedef struct MapKind {
    double detour;             /* map_detour */
    double scattered;          /* grid_scattered (grid/grid.h): the share of lone obstacle cells */
    double regions_per_sector; /* regions over stored (not default) sectors */
    uint32_t nsectors;
    bool diagonals;   /* open_side >= 2 */
    bool wide;        /* open_side >= 3 */
    int open_side;    /* map_open_side: the side of the largest open square */
    uint32_t corners; /* map_corners */
    /* map_kind_across: the octile2 (refine/routes_tries.h, twice the octile
     * distance) from corner to corner: no query on the map is farther */
    int across2;
} MapKind;

/* How far the center-to-center legs detour: the sum of the abstract edges'
 * costs (as the region search adds them, refine/abstract_search.h: the
 * octile distance of the centers plus, with edge costs, the real leg's
 * excess) over the sum of the octile distances between their centers,
 * >= 1 (1 without edges). Refining through centers loses where this is
 * large. False + message when memory runs out (decoding the excess bytes). */
bool map_detour(const Abstraction *a, double *detour, Err *err);
/* The open cells beside a corner: a diagonal neighbour blocked, the two
 * cells the diagonal step passes open. Where a wall turns, JPS's scans
 * stop (a forced neighbour, search/jps.h), so its expansions a query grow
 * with these cells, not with the map's area: a map of clean walls
 * (rooms, halls) has few for its size, a jagged shore many. One pass over
 * the cells. */
uint32_t map_corners(const Grid *g);
/* The side of the largest k x k block of cells all passable, in *side (0
 * on a map without a passable cell). k >= 2: some diagonal move is legal
 * (a diagonal step needs both cells beside it, grid.h); not on mazes of
 * corridors one cell wide, where every legal line runs along a row or a
 * column. k >= 3: more room than a two-cell corridor. On a maze of walls
 * one cell thick, k is its corridors' width. One pass over the cells and a
 * row of ints; false + message when memory runs out (a guess either way
 * would pick a profile for a map it was not measured on). */
bool map_open_side(const Grid *g, int *side, Err *err);
/* All of it, over the abstraction and the grid it was built on; false +
 * message as map_open_side and map_detour. */
bool map_kind(const Grid *g, const Abstraction *a, MapKind *k, Err *err);

/* Regions over stored (not default) sectors of a (MapKind.regions_per_sector). */
double map_regions_per_sector(const Abstraction *a);
/* open_side and what it implies (diagonals, wide). */
void map_kind_open_side(MapKind *k, int open_side);
/* MapKind.across2 of a map of g's size: its width and height, not
 * measured, so a preprocessing file need not carry it. */
void map_kind_across(MapKind *k, const Grid *g);
/* Could k be the measures of a map of g's size taken on an abstraction of
 * side `side`? Every field in its range, nsectors exact; where `a` (not
 * NULL) is at that side, its sector and region counts exact. A preprocessing
 * file carries the measures (entries/mm/mm_file.c) so that a load never
 * measures the map again; this is what a load can check of them for nearly
 * nothing. False + the first field out of place. */
bool map_kind_fits(const MapKind *k, const Grid *g, int side, const Abstraction *a, Err *err);

#endif
