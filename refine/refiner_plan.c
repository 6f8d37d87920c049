/* refiner_plan.c: a query's abstract path planned in steps that pause on
 * the call's work (refine/refiner_plan.h). */
#include "refiner_plan.h"

#include <limits.h>

#include "corridor.h"
#include "smooth.h"

/* Cells of a locating search (abs_locate_steps) one unit of the call's work
 * buys: about as many instructions as a unit of the legs' A* (a third of an
 * expansion). A cell of the search tests its eight neighbours in the packed
 * map, so a call that located at five cells a unit ran nearly twice a
 * bounded call's instructions, the longest calls of maps whose s or g sees
 * no center (callgrind per call, results/reference/mm-paper/warm51.md). */
#define LOCATE_CELLS_PER_WORK 3u

/* Locates c (abs_locate_steps) into `walk` on the call's work, timed as
 * the locate phase: 1 with its global region in *gid, 0 paused (the next
 * call goes on), -1 for none (c blocked). */
static int plan_locate(Refiner *r, xyLoc c, xyPath *walk, uint32_t *gid)
{
    uint64_t t0 = refiner_phase_start(r);
    uint64_t *work = &r->legs->work;
    uint64_t cells = *work > UINT64_MAX / LOCATE_CELLS_PER_WORK ? UINT64_MAX : *work * LOCATE_CELLS_PER_WORK;
    uint64_t before = cells;
    if (!r->paused)
        walk->len = 0;
    int k = abs_locate_steps(r->ix, r->grid, &r->loc, c, r->paused, &cells, walk);
    /* At least a unit: a locate by sight walks no cell of the search but
     * reads its sector's layout and the line's bits, and what follows it
     * (the search's begin, the near box's A*) waits for a call of its own
     * once a call has spent work (refiner.c begun). */
    uint64_t spent = (before - cells + LOCATE_CELLS_PER_WORK - 1) / LOCATE_CELLS_PER_WORK;
    legplan_charge(r->legs, spent > 0 ? spent : 1);
    r->paused = k == ABS_LOCATE_PAUSED;
    refiner_phase_end(r, PHASE_LOCATE, t0);
    if (k < 0)
        return k == ABS_LOCATE_PAUSED ? 0 : -1;
    *gid = abs_gid(r->ix, abs_sector_of(r->ix->abs, c.x, c.y), k);
    return 1;
}

/* The abstract search, begun (resume false) or going on; false when the
 * call's work ran out first (it goes on in the next call). Its cost, -1
 * when g is unreachable, into r->route (plan_legs completes it). */
static bool plan_search(Refiner *r, bool resume)
{
    uint64_t t0 = refiner_phase_start(r);
    if (!resume) { /* refine/corridor.h; corridor steps read the whole route */
        region_search_ends(r->as, r->cfg.ahead > 0, r->plan_from, r->g, CORRIDOR_ROUTE_EXCESS);
        r->as->unpack_least = r->cfg.ahead > 0 ? 0 : REFINER_UNPACK_FIRST;
    }
    uint64_t before = resume ? region_search_so_far(r->as) : 0;
    bool ended = region_search_steps(r->as, r->from_gid, r->goal_gid, r->cfg.weight, resume, &r->legs->work, &r->route);
    refiner_phase_end(r, PHASE_ABSTRACT, t0);
    /* Counted as it runs: each call its own share of a search over many. */
    uint64_t now = ended ? r->as->last_expanded : region_search_so_far(r->as);
    r->stats.abs_expanded += now > before ? now - before : 0;
    return ended;
}

/* `from` and g located (above) on the call's work: 1 both, 0 paused (the
 * next call goes on), -1 `from` or g blocked. */
int refiner_plan_locate(Refiner *r)
{
    if (r->plan_step == PLAN_LOCATE_FROM) {
        int k = plan_locate(r, r->plan_from, &r->start_path, &r->from_gid);
        if (k < 1)
            return k;
        r->plan_step = PLAN_LOCATE_GOAL;
    }
    if (r->plan_step == PLAN_LOCATE_GOAL) {
        int k = plan_locate(r, r->g, &r->goal_path, &r->goal_gid);
        if (k < 1)
            return k;
        cells_reverse(r->goal_path.cells, r->goal_path.len); /* center to g */
        r->plan_step = PLAN_SEARCH;
    }
    return 1;
}

/* The planning's next steps (above) on the call's work: 1 planned, 0 paused
 * (the next call goes on), -1 `from` or g blocked, or g unreachable. */
int refiner_plan_steps(Refiner *r)
{
    int k = r->plan_step < PLAN_SEARCH ? refiner_plan_locate(r) : 1;
    if (k < 1)
        return k;
    bool resume = r->paused;
    if (!resume && r->cfg.work > 0) {
        /* The search's begin is not paused (the hierarchy's walk up both
         * ends' ancestors, each parent a read far from the last), so it
         * runs in a call of its own: not after locating, and with its
         * first steps in the next call. */
        if (r->legs->work < (uint64_t)r->cfg.work)
            return 0;
        r->legs->work = 0;
    }
    r->paused = !plan_search(r, resume);
    if (r->paused)
        return 0;
    return r->route < 0 ? -1 : 1;
}

/* A route whose last leg is not known yet (refiner_plan_more). */
#define LAST_LEG_UNKNOWN INT_MAX

/* Marks the sectors of the route's regions unpacked since the last call
 * with the query's corridor mark; once the route is whole, its last leg. */
static void mark_route(Refiner *r)
{
    const RegionSearch *as = r->as;
    for (; r->marked < as->path_len; r->marked++)
        legplan_mark_sector(r->legs, (int)abs_region_sector(r->ix, as->path[r->marked]), r->corridor_mark);
    if (!as->unpacking && r->last_leg == LAST_LEG_UNKNOWN)
        r->last_leg = as->path_len;
}

/* The legs of the abstract path found (plan_search ended with a route,
 * whole or its first regions: refiner_plan_more unpacks the rest). */
void refiner_plan_legs(Refiner *r)
{
    const AbsIndex *ix = r->ix;
    const RegionSearch *as = r->as;
    xyLoc from = r->plan_from, g = r->g;
    int k = as->path_len - 1;
    xyLoc c0 = abs_center(ix, as->path[0]), ck = abs_center(ix, r->goal_gid); /* the route's last region */
    r->route += grid_octile(from.x, from.y, c0.x, c0.y) + grid_octile(ck.x, ck.y, g.x, g.y);
    if (r->cfg.ahead > 0) { /* corridor steps: leg = path position (refine/corridor.h) */
        r->first_leg = 0;
        r->last_leg = k;
    } else if (as->unpacking) { /* more than REFINER_UNPACK_FIRST regions: k > 1 */
        r->first_leg = 0;
        r->last_leg = LAST_LEG_UNKNOWN;
    } else if (k <= 1) {
        r->first_leg = r->last_leg = k + 1;
    } else {
        r->first_leg = 0;
        r->last_leg = k + 1;
    }
    r->leg = r->first_leg;
    r->corridor_mark = legplan_new_mark(r->legs);
    r->marked = 0;
    mark_route(r);
}

bool refiner_plan_rest(Refiner *r)
{
    if (!region_search_unpack(r->as, 0, &r->legs->work))
        return false;
    mark_route(r);
    return true;
}

void refiner_plan_whole(Refiner *r)
{
    if (!r->as->unpacking)
        return;
    uint64_t units = UINT64_MAX;
    region_search_unpack(r->as, 0, &units);
    legplan_charge(r->legs, UINT64_MAX - units);
    mark_route(r);
}

/* The straight legs past centers (refiner_plan.h). */
bool refiner_skip_centers(Refiner *r, int t, xyLoc cur, xyPath *leg)
{
    const AbsIndex *ix = r->ix;
    const uint32_t *path = r->as->path;
    int u = t;
    for (int v = t + 1; v < r->last_leg && v <= t + r->cfg.skip; v++) {
        xyLoc c = abs_center(ix, path[v]);
        legplan_charge(r->legs, 1 + line_moves(cur, c) / SMOOTH_CELLS_PER_WORK);
        if (!line_legal(r->grid, cur, c))
            break;
        u = v;
    }
    if (u == t)
        return false;
    path_reserve(leg, 2);
    leg->cells[0] = cur;
    leg->cells[1] = abs_center(ix, path[u]);
    leg->len = 2;
    r->leg = u;
    return true;
}
