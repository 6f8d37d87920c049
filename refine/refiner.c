#include "refiner.h"

#include <stdlib.h>
#include <string.h>

#include "../common/clock.h"
#include "corridor.h"
#include "refiner_plan.h"
#include "smooth.h"

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

void refiner_invalidate(Refiner *r)
{
    r->replan = r->active;
    r->wait_proven = false; /* the change may cut what was shown connected */
    r->wait_tried = false;
    win_forget(&r->win); /* its remembered joints were smoothed on the old map */
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

/* Does this call join another leg? `done` legs joined and `emitted` cells
 * handed out so far. A leg left, and either one planned already or work
 * left to plan it; then more_legs' count (or clock), or, while the call has
 * handed out nothing, up to RefineConfig.idle_legs legs more (none: no
 * bound), so that a call that only joins cached legs stays short. */
static bool join_more(const Refiner *r, int done, size_t emitted, uint64_t t0)
{
    if (r->leg > r->last_leg || (!r->planned && spent(r)))
        return false;
    if (more_legs(r, done, t0))
        return true;
    return emitted == 0 && (r->cfg.idle_legs <= 0 || done < r->cfg.idle_legs);
}

/* Has this bounded call spent any of its work? Then the query's next stage
 * (locating s and g, the abstract search, the legs, the near box's A*)
 * waits for the next call: a call that ran them back to back, each on its
 * own exchange rate, was the query's longest (mm-paper/longcall45.md). */
static bool begun(const Refiner *r) { return r->cfg.work > 0 && r->legs->work < refiner_call_work(r); }

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
                refiner_note_search(r, expanded);
            return res;
        }
        if (res == ROUTE_TRIED)
            refiner_note_search(r, expanded);
        r->tried |= res == ROUTE_TRIED;
    }
    return ROUTE_PASS;
}

/* Is the abstraction current (RefinerAbsReady)? */
static int abs_ready(Refiner *r) { return r->abs_ready ? r->abs_ready(r->abs_ready_ctx) : 1; }

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
        refiner_note_search(r, expanded);
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
        refiner_note_search(r, expanded);
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
        refiner_note_search(r, r->legs->last_expanded);
    for (size_t i = skip_from ? 1 : 0; i < p->len; i++)
        path_push(out, p->cells[i]);
}

/* A call whose abstraction work ran (RefinerAbsReady said 0) ends there,
 * the query moving meanwhile so that the call is a step (refiner_wait.c):
 * true when that ended the query. */
static bool waited(Refiner *r, xyLoc from, xyPath *out)
{
    if (refiner_wait_step(r, from, out) != WAIT_ENDED)
        return false;
    finish_query(r);
    return true;
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
        r->wait_proven = false;
        r->wait_tried = false;
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
        int ready = r->near && !r->routes.abs_waiting ? abs_ready(r) : -1;
        if (ready == 0) { /* a piece of the abstraction's work ran: it plans as a far query from the cell it moves to */
            r->near = false;
            return waited(r, s, out);
        }
        if (r->near) {
            r->stage = STAGE_NEAR;
            r->plan_from = s;
            r->near_regions = ready > 0;
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
            int ready = abs_ready(r);
            if (ready == 0)
                return waited(r, from, out);
            if (ready < 0) {
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
            if (xy_same(r->plan_from, s))
                routes_forgive_try(&r->routes); /* no path from s: no try could have answered */
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
    for (int done = 0; join_more(r, done, emitted, t0); done++, r->leg++) {
        xyPath *leg = &r->scratch;
        if (!r->planned && !r->paused && !refiner_plan_more(r, r->leg))
            return false;
        if (!r->planned) {
            uint64_t tp = refiner_phase_start(r);
            if (!r->paused)
                leg->len = 0;
            LegForm form = refiner_plan_leg(r, r->leg, leg, r->paused);
            refiner_phase_end(r, PHASE_LEGS, tp);
            r->paused = form == LEG_WAITS;
            if (r->paused)
                return false;
            r->stats.legs++;
            r->planned = true;
            r->planned_form = form;
        }
        bool smoothed = r->planned_form == LEG_WAYPOINTS;
        /* The leg joins (linear in what it holds and unwinds: charged): a
         * cell leg's waypoints are made in pieces, other legs join whole in
         * a call with work for them (the cells form's copy, a cached leg's
         * waypoints); then its joint is smoothed in pieces. */
        uint64_t per = smoothed ? SMOOTH_CELLS_PER_WORK : JOIN_CELLS_PER_WORK;
        size_t whole = smoothed || r->win.cells ? leg->len : 0;
        bool fresh = !r->joining && !win_adding(&r->win);
        if (fresh && !legplan_fits(r->legs, 1 + whole / per))
            return false;
        uint64_t tp = refiner_phase_start(r);
        if (fresh) {
            uint64_t cut = r->win.cut;
            if (smoothed)
                win_add_way(&r->win, leg->cells, leg->len);
            else
                win_add_begin(&r->win, leg->cells, leg->len);
            legplan_charge(r->legs, 1 + (whole + r->win.cut - cut) / per);
        }
        if (!r->joining) {
            if (!win_add_run(&r->win, &r->legs->work)) {
                refiner_phase_end(r, PHASE_JOIN, tp);
                return false;
            }
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
    legplan_call(r->legs, refiner_call_work(r));
    bool done = step(r, s, g, out, t0);
    legplan_call(r->legs, UINT64_MAX); /* the planner's other users (segbuild) are not bounded */
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
