/* legs.h: planning one leg of a refined path with grid A* (search/astar),
 * and, optionally, whole paths with a capped online JPS (search/jps.h).
 *
 * Center-to-center legs (thesis §4.3, the unit the cache and the segment file
 * store) are always planned the same way, whatever the query: from the center
 * of the lower region id to the higher (the canonical orientation of
 * cache/leg.h), restricted to the two regions' sectors (a path always exists
 * there: each region is connected inside its sector and an abstract edge is
 * a legal move between them). So a leg is a function of its two regions, and
 * cached, precomputed and fresh legs are identical.
 * Other legs (from the start, to the goal, after trimming) are restricted to a
 * corridor of marked sectors, widened to the whole map when that fails.
 * Corridor steps (refine/corridor.h) may search their corridor by JPS
 * instead (legplan_corridor_jps_begin): a second online JPS over a window
 * of the map the size of a step's corridor, placed over the corridor's
 * sectors for each search, blocked everywhere but where the search paints
 * those sectors from the first JPS's map (each row and column of their
 * bounding box written once, a few of the map's words shifted to the
 * window's place and masked by the marked sectors along it), and its box
 * blanked again after it, so a corridor costs a few word operations per
 * row and column of its box, not a pass over the map, never outlives its
 * search, and holds bits for the window, not the map (a corridor's search
 * never leaves its sectors, so over the window it finds the same cells).
 *
 * Searches here hold state for what they reach, never the map's: the A* is
 * paged by sector (search/astar.h: a page per sector a search reaches,
 * taken by its first search, grown by doubling when a search reaches more
 * sectors than it holds pages, astar.pg.grows, so what it holds follows
 * the most sectors one search reached, not the most the box routes may
 * search: a box's A* stops where it finds the goal, or floods only what
 * its box connects to s), and both JPS are bounded (search/jps.h jps_init_bounded:
 * hashed node state grown to what their searches reach, up to the most
 * they may reach; the first reads the planner's grid and keeps only its
 * bit rows).
 *
 * Owns the A* state, the JPS and the per-sector marks; borrows grid and
 * abstraction. */
#ifndef GPPC_REFINE_LEGS_H
#define GPPC_REFINE_LEGS_H

#include "../abstraction/index.h"
#include "../common/work.h"
#include "../search/astar.h"
#include "../search/jps.h"

/* One unit of LegPlanner.work (an A* expansion: eight neighbours, the open
 * list) in jps_run's work (search/jps.h: JPS_EXPANSION_WORK an expansion,
 * one a diagonal step), as their instructions compare on dao maps and on
 * open ones (callgrind per call, results/reference/mm-calls/). */
#define LEG_JPS_WORK 4
/* Units of LegPlanner.work one expansion of the legs' A* takes (the
 * centers', the corridors', the near box's and guard's): with its pages,
 * its open list and eight neighbours it costs about three times the
 * instructions a unit of the route's JPS does on dao's default maps
 * (callgrind per call, results/reference/mm-paper/calls46.md), so a call
 * of A* expansions is no longer than one of the JPS. */
#define LEG_ASTAR_WORK 3
/* Lines (rows and columns) of the corridor JPS's window painted, and
 * blanked, for one unit of the call's work, beyond the one unit each costs
 * (legplan_corridor_jps_begin; callgrind per call on random maps,
 * results/reference/mm-paper/randtime40.md). */
#define LEG_PAINT_LINES 20
#define LEG_BLANK_LINES 64

/* A leg search's verdict: LEG_PAUSED when the call's work ran out first
 * (LegPlanner.work): the next call goes on with legplan_resume; LEG_CAPPED
 * (the corridor JPS only, where its nodes are bounded,
 * legplan_enable_corridor_jps): its search would reach more nodes than the
 * bound, nothing appended; the caller searches a smaller corridor or widens
 * (legplan_corridor_widen). */
typedef enum { LEG_FOUND, LEG_NONE, LEG_PAUSED, LEG_CAPPED } LegResult;

typedef struct LegPlanner {
    const Grid *grid;
    const Abstraction *abs;
    AStar astar;
    uint8_t *sector_mark;   /* per sector: corridors of queries (byte stamps: a quarter of 32-bit ones' bytes) */
    uint8_t mark;           /* the latest corridor stamp handed out */
    uint64_t last_expanded; /* of the latest leg (all its searches) */
    uint64_t fallbacks;     /* corridor legs that had to widen */
    /* The work the current GetPath call may still spend, in units (the
     * refiner sets it at each call; UINT64_MAX, as legplan_init leaves
     * it: no bound). The A* (LEG_ASTAR_WORK) and the first JPS (LEG_JPS_WORK)
     * take it off and pause when it is spent, and so do the searches of
     * corridor steps (legplan_corridor_jps_begin). */
    uint64_t work;
    uint64_t call_work;  /* what the call began with (the refiner's; UINT64_MAX: no bound): legplan_fits */
    bool widen;          /* the paused A* widens to the whole map when it finds nothing */
    uint64_t spent;      /* expansions of the leg's searches before the one running */
    uint64_t jps_before; /* jps.expanded when the JPS search began */
    /* Optional (legplan_enable_jps): online JPS over the whole map, for paths
     * that need no corridor (whole queries). Bounded: it reads the planner's
     * grid (a packed grid: its row bits are the grid's own), owns its
     * transposed bit rows (kept in step by legplan_map_changed) and node
     * slots for what its searches reach (jps_bytes). */
    Jps jps;
    bool have_jps;
    /* Optional (legplan_enable_corridor_jps): online JPS over a blanked copy of
     * the map into which a corridor's sectors are painted from `jps` for one
     * search (legplan_corridor_jps), and the list of those sectors. Held
     * apart (NULL without it): most profiles never take it, and its record
     * would be in every instance's. */
    Jps *cjps;
    bool have_cjps;
    uint64_t cjps_nodes; /* its searches' node bound (legplan_enable_corridor_jps); 0 none */
    int *painted;
    size_t npainted, painted_cap; /* the list grows with the most a corridor lists (legplan_add_sector) */
    /* Its copy is a window of the map, not the whole map: the map's cell
     * (x, y) is the window's (x - cjps_ox, y - cjps_oy) during a search (its
     * corridor's bounding box placed there); the window is sized by the most
     * a step's corridor spans (legplan_enable_corridor_jps) and grown when a
     * corridor spans more. Its tracer (set by the owner on cjps) is wrapped
     * to name map cells (cjps_outer, cjps_tracer). */
    int cjps_ox, cjps_oy;
    size_t cjps_out_at; /* out's length when its search began: the cells to shift back */
    const Tracer *cjps_outer;
    Tracer cjps_tracer;
    /* Its search in progress (legplan_corridor_jps_begin): its ends, its
     * stage (painting the corridor, searching, blanking it, or the whole
     * map's A* that took over), the sectors painted or blanked so far, and
     * whether the JPS found a path. */
    xyLoc cjps_from, cjps_to;
    enum { CJPS_IDLE, CJPS_PAINT, CJPS_SEARCH, CJPS_BLANK, CJPS_WIDE_JPS, CJPS_WIDE } cjps_stage;
    xyLoc cjps_lo, cjps_hi; /* the box painted: its sectors' and ends' bounding box, hi past it */
    bool paint_cols;        /* CJPS_PAINT: its rows are painted, its columns go on */
    int paint_at;           /* and the band they go on from (legplan_corridor.c paint_lines) */
    bool cjps_found;
    bool cjps_capped; /* its search would have reached more than cjps_nodes (LEG_CAPPED) */
} LegPlanner;

bool legplan_init(LegPlanner *lp, const Grid *g, const Abstraction *a, Err *err);
/* Allocates the JPS search over lp's grid (as it is now), for searches that
 * reach at most `max_nodes` nodes (search/jps.h jps_init_bounded; the first
 * call's bound holds). */
bool legplan_enable_jps(LegPlanner *lp, uint64_t max_nodes, Err *err);
/* The map is about to change by `changes` (lp's grid still as before, holding
 * `passable` cells): room for searches over the changed map, and the JPS
 * copies follow the change; the owner then sets jps.passable (search/jps.h:
 * the JPS reads the owner's grid). False + message when memory ran out
 * (nothing changed). */
bool legplan_map_changed(LegPlanner *lp, const CellChange *changes, int n, size_t passable, Err *err);
/* A shortest path from -> to appended by JPS within max_expanded expansions
 * (jps_find_capped) as waypoints (search/jps.h Jps.waypoints: its turns, each
 * segment cardinal or diagonal, as the entry contract allows); last_expanded
 * counts them. Needs legplan_enable_jps.
 * JPS_PAUSED: the call's work (lp->work) ran out first; the next call goes
 * on with legplan_jps_resume (search/jps.h jps_run: the same search). */
JpsResult legplan_jps(LegPlanner *lp, xyLoc from, xyLoc to, uint64_t max_expanded, xyPath *out);
JpsResult legplan_jps_resume(LegPlanner *lp, xyPath *out);
/* Runs JPS j's begun search (the route's, or the corridor's) on the call's
 * work: the work in jps_run's units, what it spent taken off, rounded up;
 * last_expanded counts its expansions since jps_before. */
JpsResult legplan_run_jps(LegPlanner *lp, Jps *j, xyPath *out);
/* Takes n expansions off the call's work (searches that do not pause);
 * a call without a bound (work UINT64_MAX) stays without one. */
static inline void legplan_charge(LegPlanner *lp, uint64_t n)
{
    if (lp->work != UINT64_MAX)
        work_take(&lp->work, n);
}
/* A call of `work` units begins (UINT64_MAX: no bound): what its searches
 * may spend, and what legplan_fits tells a call that has spent none by. */
static inline void legplan_call(LegPlanner *lp, uint64_t work) { lp->work = lp->call_work = work; }
/* May a stage of about `units` of work that does not pause (a window
 * painted or blanked, a leg joined) begin in this call? Where the work left
 * covers it, or where the call has spent none yet: else it waits for the
 * next call, so that a call does not pay for the end of one stage and the
 * whole of the next (the longest calls on random maps were a corridor
 * search's last expansions, its path, the window blanked and the leg
 * joined, back to back: results/reference/mm-paper/stages63.md). */
static inline bool legplan_fits(const LegPlanner *lp, uint64_t units)
{
    return lp->work >= units || lp->work == lp->call_work;
}
/* Allocates the corridor JPS (and the whole-map one it paints from), its
 * node state sized for the corridors of steps `ahead` regions long
 * (refine/corridor.h): no step's search allocates. `nodes` > 0 bounds what
 * one corridor search may reach (search/jps.h jps_init_bounded): a search
 * that would reach more answers LEG_CAPPED. Unbounded (0) the corridor
 * searches grow the node state they share with the route's JPS to what
 * the largest reaches, which a few long corridors among many short ones
 * double. */
bool legplan_enable_corridor_jps(LegPlanner *lp, int ahead, uint64_t nodes, Err *err);
void legplan_free(LegPlanner *lp);
size_t legplan_bytes(const LegPlanner *lp);
/* Of which the JPS searches (bit rows, node slots, open lists; the painted window). */
size_t legplan_jps_bytes(const LegPlanner *lp);
/* What its A*'s first search will take at once (search/astar.h astar_first_bytes). */
size_t legplan_first_bytes(const LegPlanner *lp);

/* A path from -> to appended by JPS inside the sectors legplan_add_sector
 * listed since the latest legplan_new_mark (from and to always allowed), or,
 * when they hold none, over the whole map: by the route's JPS, cell by
 * cell, within its node bound, past that by A* (as legplan_corridor);
 * LEG_NONE when no path exists at all (refine/legplan_corridor.c). A shortest path inside the corridor,
 * as legplan_within's A* finds, but JPS expands jump points, not every cell.
 * Needs legplan_enable_corridor_jps. The search (and the A*) pause when the
 * call's work (lp->work) runs out, LEG_PAUSED: the next call goes on with
 * legplan_corridor_jps_resume (jps_run, astar_run: the same search). The
 * corridor is painted a band of lines at a time on the calls' work
 * (LEG_PAINT_LINES), the search begun after, and blanked again whole in a
 * call with work for it (LEG_BLANK_LINES, legplan_fits), which ends the step; a step left
 * paused is blanked when it is dropped (legplan_corridor_jps_drop;
 * legplan_new_mark and legplan_map_changed drop it first). */
LegResult legplan_corridor_jps_begin(LegPlanner *lp, xyLoc from, xyLoc to, xyPath *out);
LegResult legplan_corridor_jps_resume(LegPlanner *lp, xyPath *out);
/* After LEG_CAPPED: the same ends over the whole map, as where the corridor
 * holds no path (the route's JPS within its bound, past that A*); goes on
 * with legplan_corridor_jps_resume. */
LegResult legplan_corridor_widen(LegPlanner *lp, xyPath *out);
/* Blanks a paused corridor search's corridor and ends it. */
void legplan_corridor_jps_drop(LegPlanner *lp);
/* The lines across the corridor window's painted box, rows and columns:
 * the most that painting or blanking it writes. */
static inline size_t legplan_box_lines(const LegPlanner *lp)
{
    return (size_t)(lp->cjps_hi.x - lp->cjps_lo.x) + (size_t)(lp->cjps_hi.y - lp->cjps_lo.y);
}
/* Blocks the window's painted box again (its rows and columns there): the
 * window blank, as between searches. Returns the lines written
 * (legplan_box_lines). */
size_t legplan_blank_window(LegPlanner *lp);
/* The same run whole, whatever lp->work (tests); true when found. */
bool legplan_corridor_jps(LegPlanner *lp, xyLoc from, xyLoc to, xyPath *out);

/* A fresh stamp; sectors marked with it form a corridor. */
uint32_t legplan_new_mark(LegPlanner *lp);
static inline void legplan_mark_sector(LegPlanner *lp, int sector, uint32_t mark) { lp->sector_mark[sector] = mark; }
/* The list full: doubled (its owner's gate asked first); false when memory
 * ran out. */
bool legplan_grow_painted(LegPlanner *lp);
/* The same, and listed once for legplan_corridor_jps (with corridor JPS
 * on). A sector the list had no memory for is marked but not painted: the
 * search finds a path in the rest or none (then the whole map's A*), a
 * valid one either way. */
static inline void legplan_add_sector(LegPlanner *lp, int sector, uint32_t mark)
{
    if (lp->sector_mark[sector] == mark)
        return;
    lp->sector_mark[sector] = mark;
    if (lp->have_cjps && (lp->npainted < lp->painted_cap || legplan_grow_painted(lp)))
        lp->painted[lp->npainted++] = sector;
}

/* The A* legs below may pause when the call's work runs out (LEG_PAUSED):
 * the next call goes on with legplan_resume, which expands the same nodes
 * in the same order (search/astar.h astar_run) and appends what the search
 * would have; nothing else may search between. last_expanded: the leg's
 * expansions so far. */

/* Appends the center-to-center leg between regions a and b (global ids), in
 * canonical orientation: from the center of the lower id to the higher. */
LegResult legplan_center(LegPlanner *lp, const AbsIndex *ix, uint32_t a, uint32_t b, xyPath *out);
/* Appends a path from -> to inside the corridor `mark` only: LEG_NONE when
 * it holds none, or (max_sectors > 0) when the search would reach more
 * sectors than that (astar.pg.capped; search/astar.h max_blocks). */
LegResult legplan_within(LegPlanner *lp, xyLoc from, xyLoc to, uint32_t mark, double weight, uint32_t max_sectors,
                         xyPath *out);
/* The same, widened to the whole map when the corridor holds none (or the
 * whole map at once without use_corridor); LEG_NONE when no path exists. */
LegResult legplan_corridor(LegPlanner *lp, xyLoc from, xyLoc to, uint32_t mark, bool use_corridor, double weight,
                           xyPath *out);
/* Goes on with the paused A* leg. */
LegResult legplan_resume(LegPlanner *lp, xyPath *out);

#endif
