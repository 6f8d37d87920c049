/* routes.h: the ways a query is answered whole, before the refinement of
 * refine/refiner.h starts, each a small function with its own settings,
 * tried in a fixed order (routes.c, ROUTES):
 *  - same cell: s itself;
 *  - direct: a straight legal line from s to g (grid/line.h);
 *  - jps: online JPS over the whole map (search/jps.h, through the leg
 *    planner's copy): uncapped where `whole` (the map's profile judged
 *    that the abstraction cannot pay there); else capped at `jps_cap` expansions, while
 *    such tries keep succeeding on this map (a credit per kind of query,
 *    near and far, routes_tries.c; out of credit, a query now and then still
 *    tries, when it is not much farther than the farthest one a try of its
 *    kind answered; or, where `bands`, a credit per band of distance, a
 *    band out of credit probed only beside a nearer band in credit), and
 *    never where three capped tries gave up before
 *    from s's sector heading as this one does, or into g's sector so
 *    heading (most such tries give up again; the credit they would lose
 *    lets other queries try); past `jps_reach`, only to `far_cap`
 *    expansions, on a credit of its own; an exhausted JPS proves g
 *    unreachable. While
 *    the abstraction waits for map changes (Routes.abs_waiting), a try runs
 *    on past the cap to the end of its node slots (jps_init_bounded: no
 *    more memory), as the abstract route would first pay for re-deriving
 *    the abstraction; its credit is still judged at the cap; and where the
 *    JPS has turn bits (routes_enable_turns), every query tries, credit
 *    or not: such a search past the cap costs less than the backlog's
 *    re-derivation and the abstract route, and a try that runs out of node
 *    slots sends its query the abstract route, which re-derives;
 * Two more run once the regions of s and g are known, by A* in the query's
 * box (the sectors of the bounding box of s and g grown by one sector), and
 * only when the regions in the box connect s and g (else the A* would flood
 * what the box connects to s and find nothing, its pages growing for no
 * answer):
 *  - near box (routes_near_box): s and g within octile distance `near`, and
 *    not tried by JPS, once s and g are located (while the abstraction
 *    waits for map changes, without them: its A* alone decides);
 *  - the guard (routes_guard), once the abstract route is planned, as it
 *    needs that route's length: a query within 2 * `near` whose route is
 *    over 7/5 of its octile distance goes by A* in its box instead.
 * Which route answers depends on the queries before it (the credits), never
 * on time: the same queries in the same order give the same paths. A
 * route's search may pause when the call's work runs out (ROUTE_PAUSED,
 * refine/legplan.h) and go on in the next call: the same search, so the
 * same answer.
 *
 * An answer's cells go to the caller's path through one writer (routes.c,
 * answer). Owns its credits and counters; borrows the grid, abstraction
 * and leg planner (whose searches it runs). */
#ifndef GPPC_REFINE_ROUTES_H
#define GPPC_REFINE_ROUTES_H

#include "legplan.h"

typedef struct RoutesConfig {
    bool direct; /* the direct line */
    bool whole;  /* every query by JPS, uncapped (the small route) */
    int jps_cap; /* > 0: JPS tried first, capped at this many expansions */
    /* > 0: a try also gives up where it would hold more nodes than this
     * (its node state's slots sized for them: jps_init_bounded) */
    uint32_t jps_nodes;
    /* > 0: the JPS's transposed rows are this many tiles from the start,
     * never the whole copy (search/jps.h jps_tile_cols) */
    uint32_t jps_tiles;
    int near; /* > 0: near queries (octile distance <= near) take the box, and the guard watches up to 2 * near */
    int box_sectors;    /* > 0: a box's A* gives up (as when the box holds no path) where it would reach more sectors */
    size_t turns_cells; /* maps of at most this many padded cells take turn bits at their first change; 0 never */
    bool skip_gave_up;  /* no capped try where tries gave up heading its way (routes_tries.c gave_up_before) */
    /* > 0: capped tries keep their credit per band of this many units of
     * octile2 (routes_tries.h: twice the octile distance), ROUTE_BANDS of them,
     * the last taking every query beyond, instead of near and far */
    uint16_t bands;
    /* > 0: JPS runs to jps_cap only for queries within this octile
     * distance; farther ones to far_cap, or with far_cap 0 or credit by
     * bands not at all: the abstract route, whose first steps go out
     * after its first legs, long before a JPS search across the map ends */
    int jps_reach;
    /* > 0: a query past jps_reach is still tried, capped at this many
     * expansions (fewer than jps_cap), on a credit of its own (a far try's
     * failure spends none of the nearer queries'), and marks no heading
     * given up: JPS answers it at once where its path runs in a few jumps;
     * farther along it the abstract route's first steps go out sooner */
    int far_cap;
} RoutesConfig;

enum { ROUTE_BANDS = 16 };

/* A band's capped tries (RoutesConfig.bands): its credit and the queries
 * not tried since its last probe. */
typedef struct RouteBand {
    int credit;
    uint32_t probe;
} RouteBand;

/* A capped JPS try held uncharged (routes_forgive_try): its kind (or
 * band) and ends. */
typedef struct RouteCappedTry {
    xyLoc s, g;
    int8_t kind; /* < ROUTE_BANDS */
    bool held;
} RouteCappedTry;

typedef struct RoutesStats {
    uint64_t direct, near;
    uint64_t box_capped;      /* box searches that gave up at box_sectors */
    uint64_t jps, jps_capped; /* queries JPS answered / gave up on */
    uint64_t jps_skipped;     /* queries not tried: JPS did not pay lately, or not that way */
    uint64_t jps_forgiven;    /* capped tries whose query no route could answer (routes_forgive_try) */
    uint64_t jps_far;         /* queries past RoutesConfig.jps_reach: not tried, or tried to far_cap */
    uint64_t guarded;         /* queries the guard sent round by A* in their box (counted in `near` too) */
    uint64_t guard_skipped;   /* guarded queries whose box's regions do not connect s and g: no A* */
    uint64_t box_skipped;     /* near queries whose box's regions do not connect s and g: no A* */
    uint64_t box_vain;        /* box A*s (near or guard) that ended with no path, not capped: a flood the
                                 regions did not spare (only while the abstraction waits for map changes) */
} RoutesStats;

/* Where a query's time goes (refine/refiner.h, phases=1): each route's share. */
typedef enum { ROUTE_PHASE_LOCATE, ROUTE_PHASE_JPS } RoutePhase;

typedef struct Routes {
    RoutesConfig cfg;
    const Grid *grid;
    const Abstraction *abs;
    LegPlanner *legs;
    int credit[3];     /* capped JPS tries, near [0], far [1] and past the reach [2] queries */
    RouteBand *band;   /* ROUTE_BANDS where RoutesConfig.bands is set (then credit is unused), else NULL */
    int jps_kind;      /* the running JPS try's kind or band (-1: uncapped, the small route) */
    uint32_t probe[3]; /* queries not tried since the last probe */
    int reach2[3];     /* the longest octile2 (routes_tries.h) a try of the kind answered within the cap */
    /* Per sector, two bits per heading (routes_tries.c, heading): how many
     * capped tries from this sector, or into it, heading that way, gave
     * up (up to 3); NULL where RoutesConfig.skip_gave_up is off. */
    uint16_t *gave_up;
    uint32_t gave_up_full; /* how many of them reached 3 */
    xyPath answer;         /* a route's cells before they are appended */
    /* Set by the abstraction's owner while map changes wait to be derived
     * into it (refine/refiner.h, abs_ready): JPS tries are not capped. */
    bool abs_waiting;
    RouteCappedTry capped; /* the latest capped try, not charged yet (routes_forgive_try) */
    uint32_t *reach;       /* the guard's regions reached in its box (routes_box_walk) */
    size_t reach_cap;
    /* Which of them are listed: a bit per region of the box (its sectors
     * in row order, most_regions bits each), reach_cap bits in all. */
    uint64_t *reached;
    int most_regions;
    int box_x0, box_y0, box_w, box_h; /* the box mark_box marked last, in sectors */
    /* The walk over them (routes_box_walk), paused where the call's work
     * ran out: `reach` holds walk_n regions, walk_i of them walked from. */
    size_t walk_i, walk_n;
    uint32_t walk_mark, walk_want;
    bool walking;
    RoutesStats stats;
} Routes;

/* The latest capped JPS try (ROUTE_TRIED) is charged, its credit spent
 * and its heading marked given up, only when the next try is weighed: its
 * query's owner may first call this, when that query turned out to have no
 * path from s (g unreachable, or an end blocked), and then it is not
 * charged: no try could have answered it, so it says nothing of how far
 * JPS reaches on this map (the unreachable pairs of a scenario would
 * otherwise stop the tries of the reachable queries after them). */
void routes_forgive_try(Routes *rt);

/* Enables the leg planner's JPS when a route needs it, and takes the memory
 * the routes' searches may need (the JPS's nodes for its cap; the A*'s
 * pages for the largest box): a query allocates nothing for them, but for
 * the small route's JPS, whose nodes grow to what its searches reach. */
bool routes_init(Routes *rt, const RoutesConfig *cfg, const Grid *g, const Abstraction *a, LegPlanner *legs, Err *err);
/* Lets the JPS route's diagonal jumps read turn bits (search/jps.h
 * jps_enable_turns: the same searches, two bits read at a diagonal step
 * instead of two lines scanned, a straight successor's scan run only where
 * its bit says it finds a jump point) on a map of at most RoutesConfig.turns_cells
 * padded cells, for half a byte of each line's cells from its first passable
 * one to its last. For a map that changes (its owner
 * calls this at the first change): while the abstraction waits for the
 * changes, the JPS route runs uncapped and answers most queries, so its
 * diagonal steps are most of a query's time; a map that never changes
 * keeps its memory, unless its owner has room for them
 * (routes_enable_turns_within). A changing map keeps them for good: where
 * the JPS had given them back (search/jps.h turns_room: its node state grew
 * past the room its owner left them, as the small route's uncapped JPS's
 * does in a map's first queries), they are taken again, and no room is
 * kept for them. False + message when memory ran out (nothing changed). */
bool routes_enable_turns(Routes *rt, Err *err);
/* routes_enable_turns for a map that may never change, of any size, kept
 * only when the turn bits take at most `room` bytes (what their owner can spare: they
 * speed every diagonal step of the JPS route, so an owner with memory to
 * spare takes them before the first query); else none held. False +
 * message when memory ran out (none held). */
bool routes_enable_turns_within(Routes *rt, size_t room, Err *err);
void routes_free(Routes *rt);
size_t routes_bytes(const Routes *rt);

/* One route's verdict on a query. */
typedef enum {
    ROUTE_PASS,     /* not tried: nothing searched */
    ROUTE_TRIED,    /* searched and gave up: the next routes, or the refinement */
    ROUTE_ANSWERED, /* the whole path appended (nothing, if g is unreachable) */
    ROUTE_PAUSED    /* its search spent the call's work (the leg planner's): nothing appended; the
                       next call runs the route again with resume, and it goes on */
} RouteResult;

/* A route that may answer before refinement. `expanded` (set when it
 * searched, once its search ended) counts the search's expansions; `phase`
 * is where its time goes. `resume`: the route paused in the call before
 * (same query, nothing searched between): its search goes on. */
typedef struct Route {
    const char *name;
    RouteResult (*run)(Routes *rt, xyLoc s, xyLoc g, xyPath *out, uint64_t *expanded, bool resume);
    RoutePhase phase;
} Route;

/* The routes tried before the query's regions are located, in order, and
 * how many. */
extern const Route ROUTES[];
extern const int ROUTE_COUNT;

/* Do the regions of the guard's box for s and g (the sectors of their
 * bounding box grown by one; s_region and g_region: their regions in their
 * sectors) connect them? Exactly when the box's A* finds a path, so the
 * guard searches only then. Marks the box (the leg planner's latest
 * corridor, its mark in Routes.walk_mark) and walks its regions on the
 * call's work (LegPlanner.work, ROUTES_WALK_REGIONS a unit): a box of
 * hundreds of regions (the rooms' small sectors) is a walk of several
 * calls. BOX_WALK_PAUSED: the work ran out first, and routes_box_walk goes
 * on in the next call (the same query, nothing searched between). */
typedef enum { BOX_APART, BOX_CONNECTED, BOX_WALK_PAUSED } BoxWalk;
#define ROUTES_WALK_REGIONS 2
BoxWalk routes_box_connects(Routes *rt, xyLoc s, xyLoc g, int s_region, int g_region);
BoxWalk routes_box_walk(Routes *rt);
/* Does the near box (above) take this query, when no route searched before
 * it? */
bool routes_is_near(const Routes *rt, xyLoc s, xyLoc g);
/* The near box (above), for a query routes_is_near takes; s_region and
 * g_region: the regions of s and g in their sectors, or -1 when they are
 * not known (the abstraction waits for map changes: its regions may not
 * match the map, so the A* decides alone). */
RouteResult routes_near_box(Routes *rt, xyLoc s, xyLoc g, int s_region, int g_region, xyPath *out, uint64_t *expanded,
                            bool resume);
/* The guard (above), once the abstract route of length `route` is known;
 * s_region and g_region: the regions of s and g in their sectors. */
RouteResult routes_guard(Routes *rt, xyLoc s, xyLoc g, int s_region, int g_region, double route, xyPath *out,
                         uint64_t *expanded, bool resume);

#endif
