/* corridor.h: corridor refinement of an abstract path (the DAO approach:
 * Sturtevant 2007 §"Pathfinding Using Abstraction" refines a path inside the
 * corridor of the abstract path's regions; here one step at a time).
 *
 * Refining through region centers commits each leg to a center; on cluttered
 * maps and on rooms maps whose sectors hold several rooms (a center in a
 * room's corner) smoothing cannot take back what the center-to-center legs
 * committed to. Instead, one step is a shortest-path search (JPS over the
 * corridor painted into a blank window, legplan_corridor_jps) from the
 * current cell toward the center of the region `ahead` places further on
 * the abstract path (or to g once that is the last), inside the sectors of
 * the path from the current place to there (one sector back too, as the
 * current cell may stand just outside the current one's region) and the
 * sectors around them (the shortest path often runs a sector beside the
 * route's own), and only its part up to the first
 * cell in the sector of the region 3/4 of the way there is kept: the next
 * step starts from that cell. The kept part is a shortest path inside the
 * corridor up to a point the search did not have to aim at, so the joints
 * are where the search still saw ahead; the cost is about twice the search
 * over the path's corridor (the discarded quarter), no cache.
 * JPS rather than A*: both find a shortest path inside the corridor, but on
 * these maps A* expands every cell of it, JPS only jump points.
 * The measurements behind `ahead`, 3/4 and JPS: results/reference/mm-profiles/.
 *
 * A step's state is the caller's (CorridorStep); the leg planner (its
 * corridor JPS or A*, sector marks) does the search; no allocation per
 * step. */
#ifndef GPPC_REFINE_CORRIDOR_H
#define GPPC_REFINE_CORRIDOR_H

#include "../abstraction/index.h"
#include "legplan.h"

/* The abstract route corridor steps follow is costed from s and g
 * themselves and counts this share of each edge's excess (refine/
 * abstract_search.h region_search_ends): with the centers' costs, dense
 * scattered obstacles sent routes round the wrong side of an obstacle
 * cluster, beyond what a ring of sectors recovers (the measurements:
 * results/reference/mm-quality/). */
#define CORRIDOR_ROUTE_EXCESS 0.5

/* A corridor step in progress (corridor_step_begin). */
typedef struct CorridorStep {
    const uint32_t *path;
    int path_len;
    int pos, ahead; /* where it stands and how far it looks (less after LEG_CAPPED) */
    int to, mid;    /* the path positions it aims at and keeps cells up to */
    bool final;     /* it aims at g */
    size_t at;      /* the leg's length before the step */
    xyLoc from, g;
} CorridorStep;

/* corridor_step_begin's and _resume's answer while the step's search has
 * paused (the call's work, refine/legplan.h): resume in the next call. */
#define CORRIDOR_PAUSED (-1)

/* One corridor step of the abstract path `path` (global region ids, path_len
 * >= 1, ending in g's region; borrowed until the step ends) from `from`,
 * standing at path position `pos`, looking `ahead` (>= 2) positions on.
 * Appends the cells to keep to `leg` (`from` first) and returns the position
 * the next step stands at, or path_len when the cells reach g. Widens to the
 * whole map when the corridor holds none (A* over the whole map). Where the
 * corridor's search would reach more nodes than the leg planner bounds it
 * to (RefineConfig.corridor_nodes: LEG_CAPPED), the step looks half as far
 * ahead (at least 2 positions) and searches that smaller corridor, and at 2
 * widens to the whole map: a few long corridors pay for themselves, not
 * with the node state grown for them. Appends
 * nothing and returns path_len when g is unreachable. Its searches pause on
 * the call's work (legplan_corridor_jps_begin): CORRIDOR_PAUSED, and the
 * next call goes on with corridor_step_resume (leg as it was left), the same
 * search, so the same cells. Nothing else may search the leg planner between
 * (a new mark drops the step). */
int corridor_step_begin(CorridorStep *step, LegPlanner *lp, const AbsIndex *ix, const uint32_t *path, int path_len,
                        int pos, int ahead, xyLoc from, xyLoc g, xyPath *leg);
int corridor_step_resume(CorridorStep *step, LegPlanner *lp, const AbsIndex *ix, xyPath *leg);

#endif
