/* refiner.h: the DAO-1-level query, R[n,t,c,s] (Sturtevant 2007 §"Pathfinding
 * Using Abstraction"; Li's thesis ch. 3-4).
 *
 * A new query first goes through the routes that answer it whole
 * (refine/routes.h: same cell, direct line, JPS, then the near box, which
 * locates s and g first). Otherwise it locates s and g (unless the near box
 * did), runs the abstract search (weight w; the guard route may
 * still answer), and then, one GetPath call at a time, refines the next n
 * abstract edges into cells:
 *  - legs go s -> c(r0) -> ... -> c(rk) -> g, the first and last on the
 *    locator's walks; s and g in neighbouring regions: one leg;
 *  - a leg from a center to the next center is a center-to-center leg
 *    (refine/legplan.h), taken from the edge cache, else the segment store, else
 *    planned, and then cached (smoothed), all in the canonical orientation
 *    of cache/leg.h and turned for travel by leg_orient; the others are
 *    planned in the corridor of the abstract path's sectors, widened when
 *    that fails;
 *  - every leg joins the refinement window (refine/window.h), which is
 *    smoothed at the joint and hands out cells while `hold` stay back.
 * With corridor steps (cfg.ahead > 0, refine/corridor.h) a leg is one
 * step along the abstract path instead, passing through no center.
 * With a time budget (paper §"Pathfinding Using Abstraction", last paragraph)
 * a call refines legs until budget_us have passed since the call began, at
 * least one, instead of n: a game caps its pathfinding per frame.
 * Each call appends the new cells to the caller's path (s itself first) and
 * returns true once g is appended; an unreachable goal returns true having
 * appended nothing. Cells handed out are never taken back.
 * With a work bound (cfg.work, the leg planner's LegPlanner.work) a call
 * spends at most about that many expansions' worth of work: the routes' JPS
 * and box A*, locating s and g, the abstract search (the regions'
 * hierarchy's query, or the A* costed from s and g of corridor steps), the
 * guard's A*, the legs' A*, corridor steps (painting, JPS, blanking), a
 * cell leg's waypoints as it joins the window (refine/window.h
 * win_add_run) and the smoothing of a new center leg and of each joint
 * pause when it is spent and go on in the next call of the same query, in
 * the same order, so the paths do not depend on the bound; what is not
 * paused is charged: a cached leg joining the window (linear in its
 * waypoints and the cells it unwinds), the cells form's copy, the
 * hierarchy's unpacking of the route, the abstract A* (a weight above 1,
 * or a hierarchy awaiting a map's changes) and the whole-map fallback. Such a call may return false having appended
 * nothing (the GPPC loop calls again).
 *
 * Owns its search state, routes and scratch (allocated once); borrows the
 * grid, index (and its abstraction), abstract search, leg planner, cache
 * and segment store. */
#ifndef GPPC_REFINE_REFINER_H
#define GPPC_REFINE_REFINER_H

#include "../cache/edge_cache.h"
#include "../cache/segfile.h"
#include "abstract_search.h"
#include "corridor.h"
#include "legplan.h"
#include "routes.h"
#include "window.h"

typedef struct RefineConfig {
    double weight;     /* w: abstract search weight, >= 1 */
    int legs_per_call; /* n (ignored when budget_us > 0) */
    int budget_us;     /* > 0: refine legs until this many µs of the
                                  call have passed (at least one leg) */
    int work;          /* > 0: the expansions one call may spend on searches (its work, above) */
    bool smooth;       /* s: smoothing of the window (and of cached legs) */
    uint32_t memo;     /* with smoothing: the joints the window remembers (refine/window.h win_init); 0 none */
    /* With corridor refinement, > 0: a step's search reaches at most this
     * many nodes, else the step looks half as far ahead (refine/corridor.h,
     * legplan_enable_corridor_jps). */
    uint32_t corridor_nodes;
    RoutesConfig routes; /* the whole-query routes tried first (refine/routes.h) */
    int hold;            /* cells kept back at each joint for the next leg */
    int first_hold;      /* ... and at a query's first joint that hands out cells
                          (the smaller of the two): the first steps go out
                          sooner, the later joints keep `hold` */
    int joint;           /* > 0: after an (already smoothed) center leg, smooth
                          the window only up to this many waypoints past the
                          joint; 0: the whole window */
    int back;            /* >= 0: ... and from this many waypoints before it
                          (what lies before was smoothed at earlier joints);
                          -1: from the window's anchor */
    int ahead;           /* > 0: corridor refinement (refine/corridor.h), looking
                    this many regions ahead, instead of legs through the
                    centers; hold and joint as above */
    int first_ahead;     /* with corridor refinement, when > 0: a query's first
                          step looks this many regions ahead (more or fewer
                          than the later steps' `ahead`) */
    int skip;            /* > 0: a center leg may run straight on past up to this
                          many of the route's centers, where the line there is
                          legal (refine/refiner_plan.h refiner_skip_centers) */
    bool phases;         /* time the phases (costs two clock reads per phase) */
    /* > 1: first_hold at every joint until the query has handed out this
     * many cells past s */
    uint16_t first_steps;
    /* > 0: a call that has handed out nothing joins at most this many legs
     * (then returns, its cells in the next call: the same paths); 0: it
     * joins legs until some cells go out or its work is spent */
    int idle_legs;
} RefineConfig;

/* The per-query maxima's buckets (RefineStats.max_hist). */
#define REFINE_MAX_EXACT 32 /* 2^REFINE_MAX_EXACT_LOG */
#define REFINE_MAX_EXACT_LOG 5
#define REFINE_MAX_SUB 8 /* buckets a power of two above that */
#define REFINE_MAX_BUCKETS (REFINE_MAX_EXACT + (32 - REFINE_MAX_EXACT_LOG) * REFINE_MAX_SUB)

/* Where a query's time goes, with cfg.phases (nanoseconds, cumulative). */
typedef enum { PHASE_LOCATE, PHASE_ABSTRACT, PHASE_LEGS, PHASE_JOIN, PHASE_JPS, PHASE_COUNT } RefinePhase;

typedef struct RefineStats {
    uint64_t queries;
    uint64_t abs_expanded, refine_expanded;
    uint64_t legs, center_legs, cache_hits, seg_hits;
    uint64_t phase_ns[PHASE_COUNT];
    /* Per query, its largest single refinement search, counted in buckets
     * (refiner.c): exact below REFINE_MAX_EXACT, then REFINE_MAX_SUB to a
     * power of two (within an eighth: a diagnostic's resolution), so the
     * instance's memory does not grow with the queries it answers. */
    uint32_t max_hist[REFINE_MAX_BUCKETS];
    uint64_t nquery_max;
    /* While the abstraction was brought current (refiner_wait.c): queries
     * whose ends were known connected, and known not; calls that moved;
     * queries answered whole meanwhile. */
    uint64_t wait_connected, wait_no_path, wait_moves, wait_answered;
} RefineStats;

/* Asked before the abstraction is read (a new query past the routes, or a
 * re-plan after a map change): its owner brings the map changes it has
 * deferred into the abstraction and everything over it (entries/mm), a
 * piece a call. 1: it is current; 0: a piece of that work ran in this call,
 * or the owner keeps this call free of one (it carries the change itself),
 * and the call ends there, the query moving meanwhile where it can
 * (refiner_wait.c; it goes on, asking again, in the next); -1: it could not
 * (the owner said why on stderr); the query then goes by A* over the whole
 * map, which needs no abstraction. */
typedef int (*RefinerAbsReady)(void *ctx);

/* Asked while abs_ready says 0, before a waiting query hands out a cell
 * (refiner_wait.c): are s and g connected on the map as it is? 1 yes, 0 no
 * (the query ends with what it has handed out), -1 not known yet. `walk`:
 * the answer may walk the regions of the abstraction made before the change
 * (asked once a query: a walk that finds nothing may visit them all);
 * *visited: the regions walked (the call's work). `loc`: the refiner's
 * locating scratch, free meanwhile. */
typedef int (*RefinerConnected)(void *ctx, AbsLocator *loc, xyLoc s, xyLoc g, bool walk, uint64_t *visited);

typedef struct Refiner {
    RefineConfig cfg;
    RefinerAbsReady abs_ready; /* NULL: the abstraction is always current */
    void *abs_ready_ctx;
    /* The owner's, with abs_ready (NULL: queries never move while waiting;
     * refiner_wait.c). */
    RefinerConnected connected;
    bool wait_proven; /* the query in progress: its ends are known connected */
    bool wait_tried;  /* ... and its one walk over the old abstraction spent (RefinerConnected) */
    const Grid *grid;
    const AbsIndex *ix;
    RegionSearch *as;
    LegPlanner *legs;
    EdgeCache *cache; /* may be off */
    SegStore *segs;   /* NULL without segfile */
    AbsLocator loc;
    Window win; /* planned cells not yet handed out */
    /* The query in progress. */
    enum { STAGE_ROUTES, STAGE_NEAR, STAGE_ABSTRACT, STAGE_GUARD, STAGE_LEGS } stage; /* where its next call goes on */
    int route_at;      /* STAGE_ROUTES: the next route, or the one that paused */
    bool tried;        /* a route searched and gave up: the near box is not tried */
    bool near;         /* the near box took the query (STAGE_NEAR): the guard, whose box it is, does not */
    bool near_regions; /* ... locating s and g first, to search its box only where their regions connect */
    bool
        paused; /* the stage's search (route_at's, the near box's locating or A*, the guard's, leg `leg`'s) paused: it goes on */
    bool planned; /* leg `leg` is planned (in scratch, as planned_form) and waits for its joint */
    int planned_form;
    bool joining;       /* leg `leg` has joined the window, whose smoothing (paused) goes on */
    bool leg_smoothing; /* center leg `leg` is planned: its smoothing (leg_run, paused) and caching go on */
    SmoothRun leg_run;
    bool active;
    bool replan; /* the abstraction changed under it */
    /* the cells past s the query has handed out (cfg.first_hold), up to cfg.first_steps */
    uint32_t emitted;
    bool rejoin; /* STAGE_ABSTRACT re-plans from the window's last cell (cells are out) and goes back to the legs */
    xyLoc s, g;
    xyLoc plan_from;              /* where the abstract path being planned starts */
    int plan_step;                /* STAGE_ABSTRACT: where the planning goes on (refiner.c) */
    uint32_t from_gid;            /* its region (global id) */
    int leg, first_leg, last_leg; /* next leg, the first and last (see refiner.c) */
    xyPath start_path, goal_path; /* from s / g to their region's center */
    uint32_t goal_gid;            /* g's region (global id) */
    uint32_t corridor_mark;
    int marked;   /* the route's regions whose sectors carry corridor_mark (refiner_plan_more) */
    double route; /* the abstract route's length: s -> first center, the
                     abstract path's cost, last center -> g */
    uint32_t query_max;
    CorridorStep cstep; /* the corridor step in progress (cfg.ahead > 0) */
    Routes routes;      /* the whole-query routes (refine/routes.h) */
    xyPath scratch;
    xyPath leg_cells;   /* a center leg's cells before it is cached (grows to the longest leg) */
    RefineStats stats;  /* refine_expanded: of finished queries (refiner_refine_expanded) */
    uint64_t legs_seen; /* the leg planner's expansions when the query in progress began (refiner.c charge_legs) */
} Refiner;

bool refiner_init(Refiner *r, const RefineConfig *cfg, const Grid *g, const AbsIndex *ix, RegionSearch *as,
                  LegPlanner *legs, EdgeCache *cache, SegStore *segs, Err *err);
void refiner_free(Refiner *r);
/* One GetPath call. Only here is the abstraction read, after r->abs_ready. */
bool refiner_step(Refiner *r, xyLoc s, xyLoc g, xyPath *out);
/* The abstraction (or map) changed: a query in progress re-plans its
 * abstract path from the last cell it reached at its next call, and the
 * window forgets the joints it remembers (refine/window.h). */
void refiner_invalidate(Refiner *r);
/* The bucket of RefineStats.max_hist a query's largest refinement search
 * `v` is counted in (refiner_stats.c). */
int refiner_max_bucket(uint32_t v);
/* 95th percentile over finished queries of their largest refinement search
 * (exact below REFINE_MAX_EXACT, else within 1/16 below). */
double refiner_max_p95(const Refiner *r);
/* RefineStats.refine_expanded with the query in progress's so far: read
 * around each call, each call's own expansions. */
uint64_t refiner_refine_expanded(const Refiner *r);
/* Bytes of the refiner's scratch (window, paths). */
size_t refiner_bytes(const Refiner *r);

#endif
