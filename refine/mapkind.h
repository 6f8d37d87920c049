/* mapkind.h: what kind of map this is, for mm's per-map choices
 * (entries/mm: sector=auto, refine=auto), from the abstraction as built at
 * S = 16 and from the grid: deterministic, computed when the instance is
 * prepared (one pass over the edges and one over the cells), never per query.
 *
 * Measured over the four families at S = 16
 * (results/reference/issue17/corridor/auto-stats.txt):
 *  - detour (map_detour): 1.000-1.134 on every dao map, 1.007-1.036 on
 *    32room / 64room, 1.198 on 16room, 1.39-1.41 on 8room, 1.08 / 1.12 /
 *    1.17-1.49 on random 10 % / 15 % / 20-40 %, 1.02-1.98 on mazes;
 *  - scattered (grid_scattered, grid/grid.h): 0 on every rooms and maze map, at most
 *    0.0078 on dao (brc505d, the brc50x maps have a few lone pillars),
 *    0.017-0.65 on random maps (the "40 %" ones are 56-60 % blocked);
 *  - regions per stored sector: 1.18-1.22 on 8room, 1.54-7.88 on mazes,
 *    0.96-1.39 on the other rooms maps.
 * Owns nothing. */
#ifndef GPPC_REFINE_MAPKIND_H
#define GPPC_REFINE_MAPKIND_H

#include <stdbool.h>

#include "abstract_search.h"

typedef struct MapKind {
    double detour, scattered, regions_per_sector;
    bool diagonals; /* map_open_block(g, 2) */
    bool wide;      /* map_open_block(g, 3) */
} MapKind;

/* How far the center-to-center legs detour: the sum of the abstract edges'
 * costs (with edge costs: the real legs' lengths) over the sum of the octile
 * distances between their centers, >= 1. Refining through centers loses
 * where this is large. */
double map_detour(const AbsSearch *as);
/* Is some k x k block of cells all passable? k = 2: is any diagonal move
 * legal (a diagonal step needs both cells beside it, grid.h)? Not on mazes
 * of corridors one cell wide (maze*-1-*). Without one every legal line is
 * straight along a row or column, so smoothing (refine/smooth.h) can cut
 * nothing but a walk out and back, which the window's unwinding mostly cuts
 * already: there smooth = 0 gave the same subopt on maze256-1-0 (mean
 * 1.009208, max 1.229630, near = 0) and 1.02055 -> 1.02104 on maze512-1-0
 * (69 of its paths longer, max 1.4375 both), at 0.47x the instructions on
 * maze256-1-0.
 * k = 3: is there more room than a two-cell corridor? On maps of
 * corridors without (maze*-2-*) a turn's diagonal cut saves at most a
 * fraction of a cell, and smoothing each joint cost a quarter of mm's
 * time: smooth = 0 there took maze256-2-0 from 0.037 s to 0.028 s at
 * subopt mean 1.0059 -> 1.0139, max 1.026 -> 1.139
 * (results/reference/maze-window/). */
bool map_open_block(const Grid *g, int k);
/* All five, over the search's abstraction and the grid it was built on. */
MapKind map_kind(const Grid *g, const AbsSearch *as);

/* sector=auto: S = 8 instead of 16 on maps of small rooms (8room: a 16 x 16
 * sector holds four rooms, its center sits in one of their corners; detour
 * >= 1.3 with about one region per stored sector, obstacles not scattered).
 * Through centers the 8room maps' means were 1.127-1.143 at S = 16 and
 * 1.064-1.076 at S = 8, at about 1.4x the time and 3.4x the abstraction
 * (rooms are not in the dao memory budget). Mazes, whose detour is as high,
 * have 1.5-7.8 regions per stored sector and stay at 16. */
bool map_small_rooms(MapKind k);
/* refine=auto: corridor steps (refine/corridor.h) on maps of scattered
 * obstacles whose center legs detour (>= 1.15: random maps of 20-40 %):
 * through centers their means were 1.10-1.16, by corridor steps
 * 1.02-1.07, at 5-10x mm's time there and about 0.3-0.5x jps's, which takes
 * 1.3-1.9 ms a query. Centers elsewhere: on random 10-15 % (detour < 1.15)
 * centers give 1.056 / 1.085 at 65-75 us, corridor steps cost 389 us against
 * jps's 477 on random512-10-0; on mazes corridor steps cost up to 6x jps
 * (maze512-4-0: 2976 us, jps 522) for 1.006 -> 1.000; on 8room maps 646 us
 * against jps's 512 (sector=auto fixes those instead). */
bool map_wants_corridor(MapKind k);
/* Maps of corridors (mazes: more than 1.5 regions per stored sector, walls
 * only: scattered below 0.001; no rooms map has more than 1.39 regions per
 * sector, the dao maps above 1.5 either have lone pillars (brc50x, 0.0045 and
 * more) or are small enough for `small`, which answers them by JPS whole).
 * There mm answers near queries without the A* in their box of sectors and
 * without the guard (near = 0: they try capped JPS and take the abstract
 * route as far ones do): in a maze that box A* floods every corridor of its
 * box, 34 % of mm's instructions on maze256-2-0 for 242 of 2000 queries; mm
 * went from 1.60x to 0.82x jps's time there (852 M -> 588 M instructions),
 * subopt mean 1.0035 -> 1.0040, max 1.180 both. The price is the guard's
 * catch: over the whole mazes family the worst query went 1.438 -> 1.474
 * (maze512-1-3, 1.264 with near = 32), the mean 1.0087 -> 1.0088
 * (results/reference/issue17/embedded-mazes/). */
bool map_of_corridors(MapKind k);

#endif
