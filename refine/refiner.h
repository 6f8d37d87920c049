/* refiner.h: the DAO-1-level query, R[n,t,c,s] (Sturtevant 2007 §"Pathfinding
 * Using Abstraction"; Li's thesis ch. 3-4).
 *
 * First the whole query may be answered at once, optimally where it can be:
 * a straight legal line (direct), online JPS (small maps uncapped; near and
 * far queries capped, while such tries pay on the map: refiner.c, try_jps),
 * or A* in the box of sectors around a near query. Otherwise a query locates
 * s and g, runs the abstract search (weight w) and then, one GetPath call at
 * a time, refines the next n abstract edges into cells:
 *  - legs go s -> c(r1) -> ... -> c(r_{k-1}) -> g: the first and last region
 *    centers are skipped (thesis Fig. 3.7); s and g in one region: one leg;
 *  - a leg from a center to the next center is a center-to-center leg
 *    (refine/legs.h), taken from the edge cache, else the segment store, else
 *    planned, and then cached (smoothed), all in the canonical orientation
 *    of cache/leg.h and turned for travel by leg_orient; the others are
 *    planned in the corridor of the abstract path's sectors (c), widened
 *    when that fails;
 *  - smoothing (s) shortens each leg with straight legal shortcuts;
 *  - trimming (t) drops the tail of every leg but the last (t cells or t% of
 *    it, keeping at least one step) and plans on from the cut.
 * With corridor steps (cfg.ahead > 0, refine/corridor.h) a leg is one
 * step along the abstract path instead, passing through no center.
 * A guard: a query within 2 * near whose route through the centers is over
 * 1.4x its octile distance is answered by A* in its box of sectors instead.
 * Lazy planning (cfg.chunk): the abstract path is planned a few level-2
 * steps at a time; a chunk's last leg ends at its last center (trimmed,
 * held back like any other) and the next chunk starts from the window's
 * last cell. Cells handed out are never taken back.
 * With a time budget (paper §"Pathfinding Using Abstraction", last paragraph)
 * a call refines legs until budget_us have passed since the call began, at
 * least one, instead of n: a game caps its pathfinding per frame.
 * Each call appends the new cells to the caller's path (s itself first) and
 * returns true once g is appended; an unreachable goal returns true having
 * appended nothing.
 *
 * Owns its search state and scratch (allocated once); borrows the grid,
 * index (and its abstraction), abstract search, leg planner, cache and
 * segment store. */
#ifndef GPPC_REFINE_REFINER_H
#define GPPC_REFINE_REFINER_H

#include "../cache/edge_cache.h"
#include "../cache/segfile.h"
#include "abstract_search.h"
#include "legs.h"
#include "window.h"

typedef struct RefineConfig {
    double weight;     /* w: abstract search weight, >= 1 */
    int legs_per_call; /* n (ignored when budget_us > 0) */
    int budget_us;     /* > 0: refine legs until this many µs of the
                                  call have passed (at least one leg) */
    bool smooth;       /* s: smoothing of the window (and of cached legs) */
    bool direct;       /* a straight legal line from s to g is the path */
    int near;          /* > 0: s and g within this octile distance: JPS
                          (jps_cap > 0) or A* in their box of sectors (grown
                          by one) first */
    int jps_cap;       /* > 0: near queries by JPS over the whole map, at most
                          this many expansions; capped: the abstract route */
    int small;         /* maps of at most this many sectors: every query by
                          JPS, uncapped. The abstraction cannot pay there:
                          over the 54 dao maps of <= 64 sectors (<= 16,384
                          cells) mm took a median 3.46x jps's time (52 maps
                          above 1.5x, worst 19.8x), while jps answered in at
                          most 5.6 us a query (median 1.4 us; quiet run,
                          results/reference/dao-quiet-mm-jps-jpsplus.md). A
                          game wants the optimal path at JPS's cost; the
                          abstraction is still built, so update() and a
                          larger `small` need nothing else. 192 since the
                          jps entry runs on the integer open list: on the
                          24 dao maps of 65-192 sectors mm took 1.14x jps's
                          time (den011d 1.52x, ost003d 1.43x) for a first-20
                          of 0.93x, so the abstraction did not pay there
                          either (results/reference/merged-2026-11-24/). */
    int hold;          /* cells kept back at each joint for the next leg */
    int joint;         /* > 0: after an (already smoothed) center leg, smooth
                          the window only up to this many waypoints past the
                          joint; 0: the whole window */
    int back;          /* >= 0: ... and from this many waypoints before it
                          (what lies before was smoothed at earlier joints);
                          -1: from the window's anchor */
    int ahead;         /* > 0: corridor refinement (refine/corridor.h), looking
                    this many regions ahead, instead of legs through the
                    centers; ends ignored, hold and joint as above */
    bool phases;       /* time the phases (costs two clock reads per phase) */
} RefineConfig;

/* Where a query's time goes, with cfg.phases (nanoseconds, cumulative). */
typedef enum { PHASE_LOCATE, PHASE_ABSTRACT, PHASE_LEGS, PHASE_JOIN, PHASE_JPS, PHASE_COUNT } RefinePhase;

typedef struct RefineStats {
    uint64_t queries, direct, near;
    uint64_t jps, jps_capped; /* queries JPS answered / gave up on */
    uint64_t jps_skipped;     /* queries not tried: JPS did not pay lately */
    uint64_t guarded;         /* short queries the route sent round, by A* in
                                 their box (counted in `near` too) */
    uint64_t abs_expanded, refine_expanded;
    uint64_t legs, center_legs, cache_hits, seg_hits;
    uint64_t phase_ns[PHASE_COUNT];
    uint32_t *query_max; /* per query: the largest single refinement search */
    size_t nquery_max, cap_query_max;
} RefineStats;

typedef struct Refiner {
    RefineConfig cfg;
    const Grid *grid;
    const AbsIndex *ix;
    AbsSearch *as;
    LegPlanner *legs;
    EdgeCache *cache; /* may be off */
    SegStore *segs;   /* NULL without segfile */
    AbsLocator loc;
    Window win; /* planned cells not yet handed out */
    /* The query in progress. */
    bool active;
    bool replan; /* the abstraction changed under it */
    xyLoc s, g;
    int leg, first_leg, last_leg; /* next leg, the first and last (see refiner.c) */
    xyPath start_path, goal_path; /* from s / g to their region's center */
    uint32_t goal_gid;            /* g's region (global id) */
    uint32_t corridor_mark;
    double route; /* the abstract route's length: s -> first center, the
                     abstract path's cost, last center -> g */
    uint32_t query_max;
    int credit[2];     /* capped JPS tries, near [0] and far [1] queries:
                           + a success, - a capped try (refiner.c) */
    uint32_t probe[2]; /* queries not tried since the last probe */
    xyPath scratch;
    xyPath leg_cells; /* a center leg's cells before it is cached (grows to the longest leg) */
    RefineStats stats;
} Refiner;

/* Does cfg use the leg planner's JPS (refiner_init enables it)? */
static inline bool refiner_wants_jps(const RefineConfig *cfg) { return cfg->small > 0 || cfg->jps_cap > 0; }
bool refiner_init(Refiner *r, const RefineConfig *cfg, const Grid *g, const AbsIndex *ix, AbsSearch *as,
                  LegPlanner *legs, EdgeCache *cache, SegStore *segs, Err *err);
void refiner_free(Refiner *r);
/* One GetPath call. */
bool refiner_step(Refiner *r, xyLoc s, xyLoc g, xyPath *out);
/* The abstraction (or map) changed: a query in progress re-plans its
 * abstract path from the last cell it reached at its next call, and the
 * window forgets the joints it remembers (refine/window.h). */
void refiner_invalidate(Refiner *r);
/* 95th percentile over finished queries of their largest refinement search. */
double refiner_max_p95(const Refiner *r);
/* Bytes of the refiner's scratch (window, paths). */
size_t refiner_bytes(const Refiner *r);

#endif
