/* reach.h: are two cells connected, on the map as it is, while the
 * abstraction over it is being re-derived after a change?
 *
 * A query that must hand out cells before its abstraction is current (a
 * host that joins calls handing out nothing into one step) may move only
 * once its ends are known connected: a query with no path must hand out
 * none. Two answers, from two sources:
 *  - abs_reach: the abstraction made before the change. Over every sector
 *    the change left alone it still tells the truth: a region is its
 *    sector's cells joined inside it, and an edge between two regions a
 *    legal move between cells of their two sectors (and, diagonal, the two
 *    cells beside its corner, in the sectors beside it). So a route of
 *    regions that enters no changed sector, and crosses no corner beside
 *    one, is a path on the map as it is: found, the cells are connected;
 *    not found, nothing is known (the route may need a changed sector).
 *  - abs_reach_update: the update's own new form of the whole map, once
 *    it has derived its regions and edges (before their costs and the
 *    packing): exact, either way, as a built abstraction is.
 *
 * Each is a depth-first walk over regions, a region's neighbours taken
 * nearest the goal first, so that on open ground it runs straight at the
 * goal; at its worst it visits each region of s's part once. Its scratch
 * (a bit a region, a stack of region ids, a region's neighbours) is made at
 * its first use and grown by doubling, never per query; the caller frees it. */
#ifndef GPPC_ABSTRACTION_REACH_H
#define GPPC_ABSTRACTION_REACH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "index.h"

/* A neighbour of the region the walk expands, and its center's distance to the goal. */
typedef struct AbsReachNear {
    uint32_t v;
    double dist;
} AbsReachNear;

typedef struct AbsReach {
    uint64_t *seen; /* a bit a region of the latest walk */
    size_t seen_words;
    uint32_t *stack;
    size_t stack_cap;
    AbsReachNear *near; /* the expanded region's, sorted before they are pushed */
    size_t near_n, near_cap;
    uint64_t visited; /* regions taken off the stack, all walks */
} AbsReach;

/* 1: a route of regions from s's to t's avoids every sector marked in
 * `changed` (nonzero bytes, one a sector); 0: none, or s or t is blocked
 * or lies in a marked sector (nothing known, unless no sector is marked:
 * then they are not connected); -2: none found in `most` regions visited
 * (a bound on the call: nothing known); -1: no memory for the scratch.
 * `loc` is scratch for locating s and t. */
int abs_reach(AbsReach *r, const AbsIndex *ix, const Grid *g, AbsLocator *loc, xyLoc s, xyLoc t, const uint8_t *changed,
              uint64_t most);
/* Over update u's new form: 1 connected, 0 not (or s or t blocked), -2 its
 * regions and edges are not derived yet (abs_update_run), -1 no memory. */
int abs_reach_update(AbsReach *r, const AbsUpdate *u, const Grid *g, AbsLocator *loc, xyLoc s, xyLoc t);
size_t abs_reach_bytes(const AbsReach *r);
void abs_reach_free(AbsReach *r);

#endif
