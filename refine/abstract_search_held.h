/* abstract_search_held.h (private to refine/): the region search's A*
 * over the refresh's held arrays (a hierarchy awaiting a map's changes:
 * RegionSearch.refresh_edges), shared by the A* between two regions
 * (abstract_search.c) and the landmarks' searches
 * (abstract_search_marks.c): the landmarks' heuristic, a region's
 * expansion, the pops and the open list the searches queue on. */
#ifndef GPPC_REFINE_ABSTRACT_SEARCH_HELD_H
#define GPPC_REFINE_ABSTRACT_SEARCH_HELD_H

#include <math.h>
#include <string.h>

#include "abstract_search_astar.h"

/* A region's distances from the landmarks, side by side (held_h). */
typedef float MarkGaps __attribute__((vector_size(REGION_LANDMARKS * sizeof(float))));
typedef int32_t MarkBits __attribute__((vector_size(REGION_LANDMARKS * sizeof(float))));
_Static_assert(REGION_LANDMARKS == 4, "held_h takes the largest of four gaps");

/* h of region r towards region `to` while the refresh's arrays are held:
 * `octile`, the centers' octile distance, or where they say more the
 * landmarks' (RegionSearch.refresh_marks): the largest gap
 * between a landmark's distances to r and to `to`, a lower bound by the
 * triangle inequality (the edges cost the same both ways), consistent as
 * the octile is, and so their larger. A gap of infinity: `to` is not
 * reachable from r. */
static inline double held_h(const RegionSearch *as, uint32_t r, uint32_t to, double octile)
{
    if (!as->refresh_marks)
        return octile;
    /* The gaps side by side (whole units below 2^24: exact in a float):
     * each |a - b| kept where above 0, so a NaN (both infinite: not this
     * landmark's part) is no gap, as -0 is none; the largest of the four
     * then no NaN can upset. */
    MarkGaps a, b, gap;
    memcpy(&a, &as->refresh_marks[(size_t)r * REGION_LANDMARKS], sizeof a);
    memcpy(&b, &as->refresh_marks[(size_t)to * REGION_LANDMARKS], sizeof b);
    MarkBits d = (MarkBits)(a - b) & 0x7fffffff; /* |a - b| */
    d &= (MarkBits)((MarkGaps)d > 0);
    gap = (MarkGaps)d;
    float lo = gap[0] > gap[1] ? gap[0] : gap[1], hi = gap[2] > gap[3] ? gap[2] : gap[3], most = lo > hi ? lo : hi;
    return (double)most > octile ? (double)most : octile;
}

/* The same over the refresh's arrays while they are held (a hierarchy
 * awaiting a map's changes: RegionSearch.refresh_edges): the same edges in
 * the same order, each with its whole cost, so no excess is looked up in
 * the layout, and the same sums (whole numbers of units, exact in a
 * double), so the same costs. A parent's code takes the edge's direction
 * from the two regions' sectors. An open region improved keeps its one
 * entry, its key lowered in place (RegionSearch.refresh_pos). The key is
 * g plus held_h's (weight 0: g alone); among equal keys the open list
 * takes first the least g plus the centers' octile distance (in the tie's
 * place, negated), the region the octile's A* would take first: the
 * landmarks make many keys equal along a route's whole length, and
 * without it the routes taken among those of equal cost came out longer
 * once refined (results/reference/mm-paper/dynheap45.md). Without parents
 * (the landmarks' distances, region_search_marks) an improved region is
 * queued on the lazy list instead: distances come out exact whichever of
 * equal keys is taken first, and a bare key costs the heap less. */
static inline __attribute__((always_inline)) void expand_held(RegionSearch *as, uint32_t cur, double g, double weight,
                                                              uint32_t to, xyLoc goal, bool parents)
{
    const AbsIndex *ix = as->ix;
    const uint32_t sec = as->refresh_sector[cur], local = cur - abs_base(ix, sec);
    for (uint32_t i = as->refresh_first[cur], end = as->refresh_first[cur + 1]; i < end; i++) {
        const RegionAdj e = as->refresh_edges[i];
        double ng = g + (double)e.cost;
        float *n = &as->g[e.to]; /* every g set (region_start_search) */
        if (signbit(*n) || (float)ng >= *n)
            continue;
        bool open = *n != INFINITY;
        *n = (float)ng;
        if (!parents) {
            if (!queue(as, e.to, ng))
                return;
            continue;
        }
        const uint32_t ts = as->refresh_sector[e.to];
        put_parent(as, e.to, as->back_code[abs_sector_dir(ix, sec, ts)] | local);
        double h = 0, tie = ng;
        if (weight > 0) {
            double octile = heuristic(abs_center_in(ix, e.to, ts), goal);
            h = weight * held_h(as, e.to, to, octile);
            tie = -(ng + weight * octile);
        }
        if (open)
            heap_decrease(&as->open, e.to, ng + h, tie);
        else if (as->open.n < as->open.cap || region_grow_open(as))
            heap_push(&as->open, e.to, ng + h, tie);
        else {
            as->out_of_memory = true;
            return;
        }
        if (as->tracer)
            region_trace(as, TRACE_GENERATING, e.to, (float)ng, h);
    }
}

/* pop_open for expand_held's searches: no entry is stale (the tie's place
 * holds no g). */
static inline bool pop_held(RegionSearch *as, uint32_t *r, double *g)
{
    if (heap_empty(&as->open))
        return false;
    float *n = &as->g[ *r = heap_pop(&as->open).id];
    *g = *n;
    *n = -*n;
    return true;
}

/* The open list the searches begun from now on queue on: `open` over the
 * refresh's held arrays (expand_held lowers keys in place), else `lazy`
 * (the other searches delete lazily). */
static inline void place_open(RegionSearch *as, bool held)
{
    as->open_held = held;
    heap_clear(&as->open);
}

#endif
