/* refiner_legs.c: the refiner's legs (refiner_plan.h refiner_plan_leg):
 * which leg comes next from the window's last cell, and a center leg's
 * cache lookup, search, smoothing and put. */
#include <string.h>

#include "corridor.h"
#include "refiner_plan.h"
#include "smooth.h"

/* What writing a new leg into the edge cache costs in units of a call's
 * work (A* expansions): its record, its slot, now and then its stream's
 * growth (callgrind per call, results/reference/mm-calls/), and a unit
 * for each CACHE_SLOTS_PER_WORK slots its part's growth or an eviction's
 * step passes (edge_cache_put_slots: a part rehashed into its grown block
 * was the longest calls on mazes, results/reference/mm-paper/stages63.md).
 * It is not paused: it waits for a call with its work left (legplan_fits). */
#define CACHE_PUT_WORK 8
#define CACHE_SLOTS_PER_WORK 16

/* The center-to-center leg a -> b into `way`, as waypoints joined by legal
 * lines, oriented for travel from a: a pure function of its two regions, so
 * the cache keeps it as its waypoints, already smoothed (with smooth=1,
 * VRA*'s extended post-smoothing, refine/smooth.h), and a hit costs no work
 * per cell; a leg from the segment store is smoothed once and then cached.
 * Everything before leg_orient is canonical. Without smoothing the window
 * holds cells (refine/window.h), and a hit comes as its cells instead.
 * `resume`: its A* paused in the call before goes on. */
static LegForm center_leg(Refiner *r, uint32_t a, uint32_t b, xyPath *way, bool resume)
{
    const AbsIndex *ix = r->ix;
    xyLoc first = abs_center(ix, leg_first(a, b)), last = abs_center(ix, a < b ? b : a);
    xyPath *cells = &r->leg_cells;
    bool searched = true;
    LegResult res = LEG_FOUND;
    if (resume && r->leg_smoothing) {
        /* the leg is planned: its smoothing goes on (below) */
    } else if (resume) {
        res = legplan_resume(r->legs, cells);
    } else {
        r->stats.center_legs++;
        path_push(way, first);
        /* Without smoothing the window holds cells: a hit is drawn as it is
         * decoded, not handed over as waypoints to be drawn there. */
        bool as_way = r->cfg.smooth;
        if (as_way ? edge_cache_get(r->cache, a, b, first, last, way)
                   : edge_cache_get_cells(r->cache, a, b, first, last, way)) {
            r->stats.cache_hits++;
            leg_orient(way->cells, way->len, a, b);
            return as_way ? LEG_WAYPOINTS : LEG_CELLS;
        }
        cells->len = 0;
        path_push(cells, first);
        if (r->segs && segs_get(r->segs, ix, a, b, first, cells)) {
            r->stats.seg_hits++;
            searched = false;
            res = LEG_FOUND;
        } else {
            cells->len = 0;
            res = legplan_center(r->legs, ix, a, b, cells); /* always found: an abstract edge's two sectors connect */
        }
    }
    if (res == LEG_PAUSED)
        return LEG_WAITS;
    if (!r->leg_smoothing) {
        if (searched)
            refiner_note_search(r, r->legs->last_expanded);
        path_reserve(way, cells->len);
        way->len = cells_to_waypoints(r->grid, cells->cells, cells->len, way->cells);
        legplan_charge(r->legs, cells->len / SMOOTH_CELLS_PER_WORK);
        smooth_begin(&r->leg_run, r->cfg.smooth ? way->len : 0); /* 0: nothing to smooth */
        r->leg_smoothing = true;
    }
    /* In pieces, as the window's (refine/smooth.h); then the leg is cached
     * in a call that has the work for it left. */
    uint64_t put = CACHE_PUT_WORK + edge_cache_put_slots(r->cache, a, b) / CACHE_SLOTS_PER_WORK;
    if (!smooth_steps(r->grid, way->cells, &r->leg_run, &r->legs->work) || !legplan_fits(r->legs, put))
        return LEG_WAITS;
    if (r->cfg.smooth)
        way->len = r->leg_run.n;
    r->leg_smoothing = false;
    legplan_charge(r->legs, put);
    edge_cache_put(r->cache, a, b, way->cells, way->len);
    leg_orient(way->cells, way->len, a, b);
    return LEG_WAYPOINTS;
}

/* Leg t (refiner_plan.h refiner_plan_leg) from the window's last cell into `leg`; resume:
 * its search paused in the call before goes on (the window is as it was, so
 * the same kind of leg is chosen). */
LegForm refiner_plan_leg(Refiner *r, int t, xyPath *leg, bool resume)
{
    const AbsIndex *ix = r->ix;
    const uint32_t *path = r->as->path;
    xyLoc cur = win_last(&r->win);
    bool last = t == r->last_leg;
    if (r->cfg.ahead > 0) { /* a corridor step (refine/corridor.h), which pauses as the A* legs do */
        int ahead = t == 0 && r->cfg.first_ahead > 0 ? r->cfg.first_ahead : r->cfg.ahead;
        int next = resume
                       ? corridor_step_resume(&r->cstep, r->legs, ix, leg)
                       : corridor_step_begin(&r->cstep, r->legs, ix, path, r->as->path_len, t, ahead, cur, r->g, leg);
        if (next == CORRIDOR_PAUSED)
            return LEG_WAITS;
        refiner_note_search(r, r->legs->last_expanded);
        r->leg = next - 1; /* the caller's loop steps on to `next` */
        return LEG_CELLS;
    }
    if (r->first_leg < r->last_leg) {
        const xyPath *own = t == 0 ? &r->start_path : last ? &r->goal_path : NULL;
        if (own && own->len && xy_same(cur, own->cells[0])) {
            path_reserve(leg, own->len);
            memcpy(leg->cells, own->cells, own->len * sizeof *own->cells);
            leg->len = own->len;
            return LEG_CELLS;
        }
    }
    if (!last && t >= 1 && xy_same(cur, abs_center(ix, path[t - 1]))) {
        if (!resume && r->cfg.skip > 0 && refiner_skip_centers(r, t, cur, leg))
            return LEG_WAYPOINTS;
        return center_leg(r, path[t - 1], path[t], leg, resume);
    }
    if (!resume)
        refiner_plan_whole(r); /* the corridor: the whole route's sectors */
    xyLoc target = last ? r->g : abs_center(ix, path[t]);
    LegResult res = resume ? legplan_resume(r->legs, leg)
                           : legplan_corridor(r->legs, cur, target, r->corridor_mark, true, 1.0, leg);
    if (res == LEG_PAUSED)
        return LEG_WAITS;
    refiner_note_search(r, r->legs->last_expanded);
    return LEG_CELLS;
}
