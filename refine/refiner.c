#include "refiner.h"

#include <stdlib.h>
#include <string.h>

#include "../common/clock.h"
#include "corridor.h"
#include "refiner_plan.h"
#include "smooth.h"

/* What writing a new leg into the edge cache costs in units of a call's
 * work (A* expansions): its record, its slot, now and then its stream's
 * growth (callgrind per call, results/reference/mm-calls/). It is not
 * paused: it waits for a call with this much work left. */
#define CACHE_PUT_WORK 8

/* The cells each scratch path is taken for at init: path_reserve's least. */
#define FIRST_LEG_CELLS 64

bool refiner_init(Refiner *r, const RefineConfig *cfg, const Grid *g, const AbsIndex *ix, RegionSearch *as,
                  LegPlanner *legs, EdgeCache *cache, SegStore *segs, Err *err)
{
    memset(r, 0, sizeof *r);
    r->cfg = *cfg;
    r->grid = g;
    r->ix = ix;
    r->as = as;
    r->legs = legs;
    r->cache = cache;
    r->segs = segs;
    /* The scratch paths grow to the longest leg seen. Where center legs are
     * refined they are taken now (the first query past the routes took them
     * in its calls, cold already: results/reference/mm-paper/cold48.md);
     * elsewhere never used, or the scratch path alone (corridor steps). */
    if (!cfg->routes.whole && cfg->ahead == 0) {
        path_reserve(&r->scratch, FIRST_LEG_CELLS);
        path_reserve(&r->leg_cells, FIRST_LEG_CELLS);
        path_reserve(&r->start_path, FIRST_LEG_CELLS);
        path_reserve(&r->goal_path, FIRST_LEG_CELLS);
    }
    win_init(&r->win, g, cfg->smooth, cfg->memo);
    if (!routes_init(&r->routes, &cfg->routes, g, ix->abs, legs, err) ||
        (cfg->ahead > 0 &&
         !legplan_enable_corridor_jps(legs, cfg->first_ahead > cfg->ahead ? cfg->first_ahead : cfg->ahead,
                                      cfg->corridor_nodes, err))) {
        refiner_free(r);
        return false;
    }
    return true;
}

void refiner_free(Refiner *r)
{
    path_free(&r->scratch);
    path_free(&r->start_path);
    path_free(&r->goal_path);
    win_free(&r->win);
    path_free(&r->leg_cells);
    routes_free(&r->routes);
    memset(r, 0, sizeof *r);
}

/* The expansions of the leg planner's searches (the routes' JPS and box,
 * the legs' A*, the corridor steps' JPS) so far, each counted as it runs,
 * paused or not. */
static uint64_t legs_expanded(const LegPlanner *lp)
{
    return lp->astar.expanded + (lp->have_jps ? lp->jps.expanded : 0) + (lp->have_cjps ? lp->cjps->expanded : 0);
}

/* The leg planner's expansions since legs_seen, given its count `now`
 * (none where it is less: a JPS remade for lack of memory). */
static uint64_t legs_since_seen(const Refiner *r, uint64_t now) { return now > r->legs_seen ? now - r->legs_seen : 0; }

/* The leg planner's expansions since the query began (`mine`: its calls
 * made them; else what ran between queries, prepare's warm-up, is no
 * query's) into refine_expanded, and the count now. Read around each call,
 * refiner_refine_expanded adds those of the query in progress: a search run
 * over many calls counts in each (the driver's --call-counters), and the
 * calls pay for two readings a query. */
static void charge_legs(Refiner *r, bool mine)
{
    uint64_t now = legs_expanded(r->legs);
    if (mine)
        r->stats.refine_expanded += legs_since_seen(r, now);
    r->legs_seen = now;
}

static void finish_query(Refiner *r)
{
    charge_legs(r, true);
    r->active = false;
    r->stats.max_hist[refiner_max_bucket(r->query_max)]++;
    r->stats.nquery_max++;
}

/* A search ended: its expansions, all its runs', for the query's largest
 * (RefineStats.max_hist). Its count moved as it ran (legs_expanded). */
static void note_search(Refiner *r, uint64_t expanded)
{
    if (expanded > r->query_max)
        r->query_max = (uint32_t)(expanded > UINT32_MAX ? UINT32_MAX : expanded);
}

void refiner_invalidate(Refiner *r)
{
    r->replan = r->active;
    win_forget(&r->win); /* its remembered joints were smoothed on the old map */
}

/* The work a call may spend (RefineConfig.work; UINT64_MAX: no bound). */
static uint64_t call_work(const Refiner *r) { return r->cfg.work > 0 ? (uint64_t)r->cfg.work : UINT64_MAX; }

/* What plan_leg (and center_leg) put into the leg: cells, waypoints (an
 * already smoothed center leg), or nothing yet (its search paused: the
 * next call goes on with it). */
typedef enum { LEG_CELLS, LEG_WAYPOINTS, LEG_WAITS } LegForm;

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
            note_search(r, r->legs->last_expanded);
        path_reserve(way, cells->len);
        way->len = cells_to_waypoints(r->grid, cells->cells, cells->len, way->cells);
        legplan_charge(r->legs, cells->len / SMOOTH_CELLS_PER_WORK);
        smooth_begin(&r->leg_run, r->cfg.smooth ? way->len : 0); /* 0: nothing to smooth */
        r->leg_smoothing = true;
    }
    /* In pieces, as the window's (refine/smooth.h); then the leg is cached
     * in a call that has the work for it left. */
    uint64_t put = call_work(r) < CACHE_PUT_WORK ? call_work(r) : CACHE_PUT_WORK;
    if (!smooth_steps(r->grid, way->cells, &r->leg_run, &r->legs->work) || r->legs->work < put)
        return LEG_WAITS;
    if (r->cfg.smooth)
        way->len = r->leg_run.n;
    r->leg_smoothing = false;
    legplan_charge(r->legs, put);
    edge_cache_put(r->cache, a, b, way->cells, way->len);
    leg_orient(way->cells, way->len, a, b);
    return LEG_WAYPOINTS;
}

/* Leg t (see refiner_plan_legs) from the window's last cell into `leg`; resume:
 * its search paused in the call before goes on (the window is as it was, so
 * the same kind of leg is chosen). */
static LegForm plan_leg(Refiner *r, int t, xyPath *leg, bool resume)
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
        note_search(r, r->legs->last_expanded);
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
    note_search(r, r->legs->last_expanded);
    return LEG_CELLS;
}

/* May this call refine another leg? `done` legs are in already. */
static bool more_legs(const Refiner *r, int done, uint64_t t0)
{
    if (r->leg > r->last_leg)
        return false;
    if (r->cfg.budget_us <= 0)
        return done < r->cfg.legs_per_call;
    return done == 0 || clock_now_ns() - t0 < (uint64_t)r->cfg.budget_us * 1000u;
}

/* The routes (refine/routes.h) phases are the refiner's. */
static const RefinePhase ROUTE_PHASE[] = {[ROUTE_PHASE_LOCATE] = PHASE_LOCATE, [ROUTE_PHASE_JPS] = PHASE_JPS};

/* Has this call spent its work? */
static bool spent(const Refiner *r) { return r->legs->work == 0; }

/* Has this bounded call spent any of its work? Then the query's next stage
 * (locating s and g, the abstract search, the legs, the near box's A*)
 * waits for the next call: a call that ran them back to back, each on its
 * own exchange rate, was the query's longest (mm-paper/longcall45.md). */
static bool begun(const Refiner *r) { return r->cfg.work > 0 && r->legs->work < call_work(r); }

/* A new query: the routes in order, from r->route_at (the one that paused
 * in the call before goes on), until one answers it whole (ANSWERED), the
 * call's work runs out (PAUSED), or none answers (PASS). */
static RouteResult route_whole(Refiner *r, xyLoc s, xyLoc g, xyPath *out)
{
    for (; r->route_at < ROUTE_COUNT; r->route_at++) {
        const Route *rt = &ROUTES[r->route_at];
        if (!r->paused && spent(r))
            return ROUTE_PAUSED;
        uint64_t t0 = refiner_phase_start(r), expanded = 0;
        RouteResult res = rt->run(&r->routes, s, g, out, &expanded, r->paused);
        refiner_phase_end(r, ROUTE_PHASE[rt->phase], t0);
        r->paused = res == ROUTE_PAUSED;
        if (res == ROUTE_PAUSED || res == ROUTE_ANSWERED) {
            if (res == ROUTE_ANSWERED)
                note_search(r, expanded);
            return res;
        }
        if (res == ROUTE_TRIED)
            note_search(r, expanded);
        r->tried |= res == ROUTE_TRIED;
    }
    return ROUTE_PASS;
}

/* Is the abstraction current (RefinerAbsReady)? */
static bool abs_ready(Refiner *r) { return !r->abs_ready || r->abs_ready(r->abs_ready_ctx); }

/* The near box (refine/routes.h), its query's s and g located first
 * (refiner_plan_locate: the planning after it, when the box does not answer,
 * goes on from there and does not locate them again); its locating and its
 * A* may pause, as a route's. While the abstraction waits for map changes
 * (Routes.abs_waiting) its regions may not match the map, and bringing it
 * current is what the routes spare a query they answer: the box's A* then
 * runs without them, before the abstraction is asked for. A blocked s or g
 * answers with nothing, as the planning would. */
static RouteResult route_near(Refiner *r, xyLoc s, xyLoc g, xyPath *out)
{
    if (r->near_regions && r->plan_step < PLAN_SEARCH) {
        if (!r->paused && spent(r))
            return ROUTE_PAUSED;
        int k = refiner_plan_locate(r);
        if (k <= 0)
            return k == 0 ? ROUTE_PAUSED : ROUTE_ANSWERED;
        if (begun(r))
            return ROUTE_PAUSED; /* the box's A* in a call of its own */
    }
    if (!r->paused && spent(r))
        return ROUTE_PAUSED;
    uint64_t t0 = refiner_phase_start(r), expanded = 0;
    int s_region = r->near_regions ? abs_local(r->ix, r->from_gid) : -1;
    int g_region = r->near_regions ? abs_local(r->ix, r->goal_gid) : -1;
    RouteResult res = routes_near_box(&r->routes, s, g, s_region, g_region, out, &expanded, r->paused);
    r->paused = res == ROUTE_PAUSED;
    if (res == ROUTE_TRIED || res == ROUTE_ANSWERED)
        note_search(r, expanded);
    refiner_phase_end(r, PHASE_LEGS, t0);
    return res;
}

/* The guard (refine/routes.h), once the abstract route is planned; its box
 * A* may pause, as a route's. */
static RouteResult route_guard(Refiner *r, xyLoc s, xyLoc g, xyPath *out)
{
    uint64_t t0 = refiner_phase_start(r), expanded = 0;
    int s_region = abs_local(r->ix, r->as->path[0]), g_region = abs_local(r->ix, r->goal_gid);
    RouteResult res = routes_guard(&r->routes, s, g, s_region, g_region, r->route, out, &expanded, r->paused);
    r->paused = res == ROUTE_PAUSED;
    if (res == ROUTE_TRIED || res == ROUTE_ANSWERED)
        note_search(r, expanded);
    refiner_phase_end(r, PHASE_LEGS, t0);
    return res;
}

/* The query from `from` by A* over every sector, appended after `from`
 * (skip_from: it is out already): the abstraction could not follow the map
 * (RefinerAbsReady), and the map's sectors are all this needs of it. This
 * rare fallback runs to its end in one call, whatever the call's work. */
static void whole_map(Refiner *r, xyLoc from, bool skip_from, xyPath *out)
{
    uint32_t mark = legplan_new_mark(r->legs);
    for (uint32_t sec = 0; sec < r->ix->abs->nsectors; sec++)
        legplan_mark_sector(r->legs, (int)sec, mark);
    xyPath *p = &r->scratch;
    p->len = 0;
    r->legs->work = UINT64_MAX;
    if (legplan_within(r->legs, from, r->g, mark, 1.0, 0, p) == LEG_FOUND && p->len)
        note_search(r, r->legs->last_expanded);
    for (size_t i = skip_from ? 1 : 0; i < p->len; i++)
        path_push(out, p->cells[i]);
}

/* One GetPath call (refiner_step) with the call's work set. The query's
 * stage says where the call before stopped. */
static bool step(Refiner *r, xyLoc s, xyLoc g, xyPath *out, uint64_t t0)
{
    bool same = r->active && xy_same(r->s, s) && xy_same(r->g, g), again = false;
    if (same && r->replan) { /* the map changed under this query: go on from where it stands */
        r->replan = false;
        r->paused = false;  /* a paused search ran on the old map */
        r->planned = false; /* and a planned leg was planned there */
        r->joining = false; /* win_drop drops its smoothing */
        r->leg_smoothing = false;
        if (r->stage != STAGE_LEGS && !r->rejoin) {
            same = false; /* nothing handed out yet: the query starts again */
            again = true;
        } else {
            win_drop(&r->win); /* cells planned on the old map and not handed out go */
            r->stage = STAGE_ABSTRACT;
            r->plan_step = PLAN_LOCATE_FROM;
            r->rejoin = true; /* from the window's last cell, back to the legs */
        }
    }
    if (!same) { /* a new query */
        charge_legs(r, r->active);
        r->active = true;
        r->replan = false;
        r->s = s;
        r->g = g;
        r->query_max = 0;
        r->stats.queries += !again;
        r->stage = STAGE_ROUTES;
        r->route_at = 0;
        r->tried = false;
        r->paused = false;
        r->planned = false;
        r->joining = false;
        r->leg_smoothing = false;
        r->rejoin = false;
        r->emitted = 0;
        r->near = false;
    }
    if (r->stage == STAGE_ROUTES) {
        RouteResult res = route_whole(r, s, g, out);
        if (res == ROUTE_PAUSED)
            return false;
        if (res == ROUTE_ANSWERED) {
            finish_query(r);
            return true;
        }
        r->stage = STAGE_ABSTRACT;
        r->plan_step = PLAN_LOCATE_FROM;
        r->near = !r->tried && routes_is_near(&r->routes, s, g);
        if (r->near) {
            r->stage = STAGE_NEAR;
            r->plan_from = s;
            r->near_regions = !r->routes.abs_waiting && abs_ready(r);
        }
        if (begun(r))
            return false;
    }
    if (r->stage == STAGE_NEAR) {
        RouteResult res = route_near(r, s, g, out);
        if (res == ROUTE_PAUSED)
            return false;
        if (res == ROUTE_ANSWERED) {
            finish_query(r);
            return true;
        }
        r->stage = STAGE_ABSTRACT; /* s and g located (near_regions): the planning goes on from its search */
    }
    if (r->stage == STAGE_ABSTRACT) {
        if (spent(r))
            return false;
        if (!r->paused && r->plan_step == PLAN_LOCATE_FROM) {
            xyLoc from = r->rejoin ? win_last(&r->win) : s;
            if (!abs_ready(r)) {
                whole_map(r, from, r->rejoin, out);
                finish_query(r);
                return true;
            }
            r->plan_from = from;
        }
        int planned = r->plan_step < PLAN_SEARCH ? refiner_plan_locate(r) : 1;
        planned = planned > 0 ? refiner_plan_steps(r) : planned;
        if (planned == 0)
            return false;
        if (planned < 0) {
            finish_query(r);
            return true; /* unreachable (or cut off: the path ends where it stands) */
        }
        refiner_plan_legs(r);
        r->stage = r->rejoin ? STAGE_LEGS : STAGE_GUARD;
        r->rejoin = false;
        if (begun(r))
            return false;
    }
    if (r->stage == STAGE_GUARD) {
        /* The near box searched the guard's box already (or its regions
         * showed it holds no path): its A* would only find nothing again. */
        RouteResult res = r->near ? ROUTE_PASS : route_guard(r, s, g, out);
        if (res == ROUTE_PAUSED)
            return false;
        if (res == ROUTE_ANSWERED) {
            finish_query(r);
            return true;
        }
        path_push(out, s);
        win_reset(&r->win, s);
        r->stage = STAGE_LEGS;
    }
    size_t emitted = 0;
    for (int done = 0; r->leg <= r->last_leg && (r->planned || !spent(r)) &&
                       (more_legs(r, done, t0) || (emitted == 0 && (r->cfg.idle_legs <= 0 || done < r->cfg.idle_legs)));
         done++, r->leg++) {
        xyPath *leg = &r->scratch;
        if (!r->planned && !r->paused && !refiner_plan_more(r, r->leg))
            return false;
        if (!r->planned) {
            uint64_t tp = refiner_phase_start(r);
            if (!r->paused)
                leg->len = 0;
            LegForm form = plan_leg(r, r->leg, leg, r->paused);
            refiner_phase_end(r, PHASE_LEGS, tp);
            r->paused = form == LEG_WAITS;
            if (r->paused)
                return false;
            r->stats.legs++;
            r->planned = true;
            r->planned_form = form;
        }
        bool smoothed = r->planned_form == LEG_WAYPOINTS;
        uint64_t tp = refiner_phase_start(r);
        if (!r->joining) { /* the leg joins (linear in what it holds and unwinds: charged), its joint is smoothed in pieces */
            uint64_t cut = r->win.cut;
            if (smoothed)
                win_add_way(&r->win, leg->cells, leg->len);
            else
                win_add(&r->win, leg->cells, leg->len);
            legplan_charge(r->legs, 1 + (leg->len + r->win.cut - cut) / SMOOTH_CELLS_PER_WORK);
            if (r->cfg.smooth)
                win_smooth_begin(&r->win, smoothed && r->cfg.back >= 0 ? (size_t)r->cfg.back : SIZE_MAX,
                                 smoothed && r->cfg.joint > 0 ? (size_t)r->cfg.joint : SIZE_MAX);
            r->joining = true;
        }
        r->joining = !win_smooth_run(&r->win, &r->legs->work);
        if (r->joining) {
            refiner_phase_end(r, PHASE_JOIN, tp);
            return false;
        }
        r->planned = false;
        bool to_g = r->leg == r->last_leg;
        bool first = !r->emitted || r->emitted < (uint32_t)r->cfg.first_steps;
        size_t hold = (size_t)(first && r->cfg.first_hold < r->cfg.hold ? r->cfg.first_hold : r->cfg.hold);
        size_t out_now = win_emit(&r->win, out, to_g ? 0 : hold);
        if (first) /* counted only while it decides */
            r->emitted = out_now < UINT32_MAX - r->emitted ? r->emitted + (uint32_t)out_now : UINT32_MAX;
        emitted += out_now;
        refiner_phase_end(r, PHASE_JOIN, tp);
    }
    if (r->leg > r->last_leg) {
        finish_query(r);
        return true;
    }
    return false;
}

bool refiner_step(Refiner *r, xyLoc s, xyLoc g, xyPath *out)
{
    uint64_t t0 = r->cfg.budget_us > 0 ? clock_now_ns() : 0;
    r->legs->work = call_work(r);
    bool done = step(r, s, g, out, t0);
    r->legs->work = UINT64_MAX; /* the planner's other users (segbuild) are not bounded */
    return done;
}

uint64_t refiner_refine_expanded(const Refiner *r)
{
    return r->stats.refine_expanded + (r->active ? legs_since_seen(r, legs_expanded(r->legs)) : 0);
}

size_t refiner_bytes(const Refiner *r)
{
    return win_bytes(&r->win) + routes_bytes(&r->routes) +
           (r->scratch.cap + r->start_path.cap + r->goal_path.cap + r->leg_cells.cap) * sizeof(xyLoc);
}
