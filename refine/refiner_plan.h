/* refiner_plan.h: the refiner's planning and its legs, shared by refiner.c,
 * refiner_plan.c and refiner_legs.c only (no other module includes it).
 *
 * Plans the abstract path from `from` (s, or the last cell reached when the
 * map changed mid-query) to r->g, its corridor and its legs, in steps that
 * pause when the call's work is spent (r->plan_step, r->paused): `from`
 * and g located (plan_locate), the abstract search (plan_search), then
 * refiner_plan_legs numbers the legs.
 * Legs are numbered by their target: with the path r0..rk, leg t ends at the
 * center of r_t, and leg k + 1 at g; legs 0..k+1 run, leg 0 and leg k+1 on
 * the locator's walks. A path of at most two regions is one leg from `from`
 * to g in the corridor.
 *
 * Its phases are timed as the rest of the refiner's (RefineConfig.phases).
 */
#ifndef GPPC_REFINE_REFINER_PLAN_H
#define GPPC_REFINE_REFINER_PLAN_H

#include "../common/clock.h"
#include "refiner.h"

/* Refiner.plan_step: where the planning goes on. */
enum { PLAN_LOCATE_FROM, PLAN_LOCATE_GOAL, PLAN_SEARCH };

static inline uint64_t refiner_phase_start(const Refiner *r) { return r->cfg.phases ? clock_now_ns() : 0; }
static inline void refiner_phase_end(Refiner *r, RefinePhase p, uint64_t t0)
{
    if (r->cfg.phases)
        r->stats.phase_ns[p] += clock_now_ns() - t0;
}

/* Its first steps alone, `from` and g located (r->from_gid, r->goal_gid,
 * the walks start_path and goal_path), on the call's work: 1 both located
 * (r->plan_step is PLAN_SEARCH: refiner_plan_steps goes on from there), 0
 * paused, -1 `from` or g blocked. The near box's check locates them so
 * (refiner.c STAGE_NEAR), and the planning after it does not again. */
int refiner_plan_locate(Refiner *r);

/* The planning's next steps on the call's work (r->legs->work): 1 planned,
 * 0 paused (the next call goes on), -1 `from` or g blocked, or g
 * unreachable. With a work bound the search begins in a call of its own. */
int refiner_plan_steps(Refiner *r);

/* The legs of the abstract path found (refiner_plan_steps returned 1). */
void refiner_plan_legs(Refiner *r);

/* The hierarchy's route is unpacked only as far as a query's first legs
 * reach (RegionSearch.unpack_least): its first cells wait for its first
 * REFINER_UNPACK_FIRST regions, not for the whole route (a leg reads its
 * own two and, past centers, cfg.skip more), and the rest is unpacked when
 * a leg first reads past them, at once (one more piece of unpacking a
 * query, not one a leg). */
#define REFINER_UNPACK_FIRST 10

/* The rest of the route (refiner_plan_more) on the call's work: false
 * paused (the next call goes on). Once it is whole, r->last_leg is known
 * and its regions' sectors are in the query's corridor. */
bool refiner_plan_rest(Refiner *r);

/* Before leg t is planned: the route unpacked as far as the leg reads it
 * (its regions up to t + skip, and so whether t is the last leg): false
 * paused. */
static inline bool refiner_plan_more(Refiner *r, int t)
{
    return !r->as->unpacking || r->as->path_len > t + r->cfg.skip || refiner_plan_rest(r);
}

/* The rest of the route unpacked at once, charged but not paused: a leg
 * that does not start at its center (nor at s on start_path) searches the
 * whole route's corridor. */
void refiner_plan_whole(Refiner *r);

/* Center legs t .. u as one legal line from the window's last cell, the
 * center leg t's start, to the route's center u (the furthest within
 * cfg.skip centers past t whose line is legal, never the last leg's g):
 * where the route runs through open floor its centers see each other,
 * and one line costs a test of its cells where each center leg costs a
 * cache lookup, a joint and its smoothing. The line is the shortest path
 * between its ends, so the path through the skipped centers is never
 * shorter. False, nothing written, when the line to center t + 1 is not
 * legal; else r->leg is u. */
bool refiner_skip_centers(Refiner *r, int t, xyLoc cur, xyPath *leg);

/* The work a call may spend (RefineConfig.work; UINT64_MAX: no bound). */
static inline uint64_t refiner_call_work(const Refiner *r)
{
    return r->cfg.work > 0 ? (uint64_t)r->cfg.work : UINT64_MAX;
}

/* A search ended: its expansions, all its runs', for the query's largest
 * (RefineStats.max_hist). Its count moved as it ran (refiner.c legs_expanded). */
static inline void refiner_note_search(Refiner *r, uint64_t expanded)
{
    if (expanded > r->query_max)
        r->query_max = (uint32_t)(expanded > UINT32_MAX ? UINT32_MAX : expanded);
}

/* While the abstraction is brought current (RefinerAbsReady 0: a piece of
 * that work ran in this call), the query from `from` on, on the call's work
 * (refiner_wait.c): WAIT_ENDED the query is over (answered whole from
 * `from`, or g cannot be reached from there: nothing more goes out);
 * WAIT_MOVED cells went out and r->rejoin is set (the planning goes on from
 * the last of them); WAIT_NONE nothing moved (no memory for the search). */
typedef enum { WAIT_NONE, WAIT_MOVED, WAIT_ENDED } WaitStep;
WaitStep refiner_wait_step(Refiner *r, xyLoc from, xyPath *out);

/* What refiner_plan_leg put into the leg: cells, waypoints (an
 * already smoothed center leg), or nothing yet (its search paused: the
 * next call goes on with it). */
typedef enum { LEG_CELLS, LEG_WAYPOINTS, LEG_WAITS } LegForm;

/* Leg t from the window's last cell into `leg` (refiner_legs.c): a corridor
 * step, the locator's own walk, a center leg (the edge cache, the segment
 * store, or its A*, then smoothed and cached) or a leg in the corridor;
 * `resume`: its search paused in the call before goes on. */
LegForm refiner_plan_leg(Refiner *r, int t, xyPath *leg, bool resume);

#endif
