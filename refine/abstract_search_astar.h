/* abstract_search_astar.h (private to refine/): the region search's A*
 * pieces (abstract_search.h), shared by the search from the regions'
 * centers (abstract_search.c) and the one costed from its ends
 * (abstract_search_ends.c): a region's g under block stamps, the open
 * list's lazy deletion, parents coded as edges, and the route taken back
 * along them. */
#ifndef GPPC_REFINE_ABSTRACT_SEARCH_ASTAR_H
#define GPPC_REFINE_ABSTRACT_SEARCH_ASTAR_H

#include <math.h>

#include "abstract_search.h"

/* The open list is full: doubled (abstract_search.c). False when memory ran out. */
bool region_grow_open(RegionSearch *as);
/* Begins a search at region `from` with g = g0 and priority f. */
void region_start_search(RegionSearch *as, uint32_t from, double g0, double f);
/* A traced event about region r (its parent: parent_of, itself at the start). */
void region_trace(const RegionSearch *as, TraceType type, uint32_t r, double h);
/* The route ending in `last` (parents back to `from`) into as->path,
 * start first, with room for `more` regions after it; false (no route,
 * out_of_memory) when memory ran out. */
bool region_take_route(RegionSearch *as, uint32_t from, uint32_t last, int more);

/* Region r's g as this search holds it: a block this search has not
 * stamped yet is stamped and its g set to +infinity (not reached) first. */
static inline float *g_of(RegionSearch *as, uint32_t r)
{
    uint32_t b = r / REGION_BLOCK;
    float *g = &as->g[(size_t)b * REGION_BLOCK];
    if (as->block[b] != as->stamp) {
        as->block[b] = as->stamp;
        for (uint32_t i = 0; i < REGION_BLOCK; i++)
            g[i] = INFINITY;
    }
    return &g[r % REGION_BLOCK];
}

/* Has the current search reached region r (its g is then valid)? */
static inline bool reached(const RegionSearch *as, uint32_t r)
{
    return as->block[r / REGION_BLOCK] == as->stamp && as->g[r] != INFINITY;
}

/* Offers region r the cost g: a region new to this search takes it (its g
 * is +infinity), an open one takes it when smaller; true when it did
 * (queue it then), false when r keeps what it has (closed, or no better). */
static inline bool offer(RegionSearch *as, uint32_t r, double g)
{
    float *n = g_of(as, r), gf = (float)g;
    if (!signbit(*n) && gf < *n) {
        *n = gf;
        return true;
    }
    return false;
}

/* Pushes region r, just offered its g, with priority f, room made on the
 * open list first; false (nothing queued, out_of_memory set: the search
 * ends with no route) when memory ran out. */
static inline bool queue(RegionSearch *as, uint32_t r, double f)
{
    if (as->open.n == as->open.cap && !region_grow_open(as)) {
        as->out_of_memory = true;
        return false;
    }
    heap_push(&as->open, r, f, as->g[r]);
    return true;
}

/* Takes the best open region off the list, closes it and gives its g;
 * entries of closed regions and those a smaller g replaced (stale: their g
 * is not the region's) are skipped. False when none is left. */
static inline bool pop_open(RegionSearch *as, uint32_t *r, double *g)
{
    while (!heap_empty(&as->open)) {
        HeapItem it = heap_pop(&as->open);
        float *n = &as->g[it.id]; /* pushed: this search's */
        if (signbit(*n) || it.g != *n)
            continue;
        *r = it.id;
        *g = *n;
        *n = -*n;
        return true;
    }
    return false;
}

/* h(r) in cost units: the octile distance from r's center to the goal's, a
 * lower bound on the abstract distance (no edge costs less), consistent. */
static inline double heuristic(xyLoc c, xyLoc goal) { return grid_octile(c.x, c.y, goal.x, goal.y) * ABS_COST_SCALE; }

/* The parent code of the search's start: all ones. */
static inline uint32_t root_code(const RegionSearch *as) { return (1u << (as->local_bits + 3)) - 1; }

/* Region r's parent in the A* (as->parent), itself at the start. */
static inline uint32_t parent_of(const RegionSearch *as, uint32_t r)
{
    uint32_t code = region_code(as, as->parent, r);
    if (code == root_code(as))
        return r;
    return region_code_target(as, abs_region_sector(as->ix, r), code);
}

/* Region r's parent code. */
static inline void put_parent(RegionSearch *as, uint32_t r, uint32_t code)
{
    if (as->local_bits == REGION_LOCAL_NARROW)
        as->parent.narrow[r] = (uint8_t)code;
    else
        as->parent.wide[r] = (uint16_t)code;
}

/* Region e->to's parent is the region whose cursor c gave the edge e. */
static inline void set_parent(RegionSearch *as, const AbsAdj *c, const AbsAdjEdge *e)
{
    put_parent(as, e->to, as->back_code[e->dir] | c->local);
}

/* Offers region e->to (*n: its g) the cost g plus `share` of edge e's
 * excess, as offer does, and sets its parent where it takes it. The excess
 * only adds, so where g alone cannot improve the region (closed, or reached
 * at g or less) it is not looked up (abstraction/edges.h: one looked up
 * from the sector that keeps it scans that sector's bytes). */
static inline bool offer_edge(RegionSearch *as, float *n, double *g, double share, const AbsAdj *c, const AbsAdjEdge *e)
{
    if (signbit(*n) || (float)*g >= *n)
        return false;
    if (share > 0)
        *g += share * (double)region_excess_units(abs_adj_excess_at(as->ix, c, e));
    float gf = (float)*g;
    if (gf >= *n)
        return false;
    *n = gf;
    set_parent(as, c, e);
    return true;
}

/* Makes the refresh's arrays (RegionSearch.refresh_edges, the landmarks'
 * room) when the hierarchy awaits a refresh and they are not held. False
 * (none held) when memory ran out. */
bool region_search_hold(RegionSearch *as, Err *err);
/* The landmarks' distances (RegionSearch.refresh_marks) over the refresh's
 * held arrays, by whole searches; false (none: the caller lets them go)
 * when memory ran out. */
bool region_search_marks(RegionSearch *as);

/* The search costed from its ends (abstract_search_ends.c): begun, run
 * while *budget (expansions) lasts (false: paused), its route taken. */
void region_ends_begin(RegionSearch *as, uint32_t from, uint32_t to);
bool region_ends_run(RegionSearch *as, uint64_t *budget);
double region_ends_finish(RegionSearch *as);

#endif
