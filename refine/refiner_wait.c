/* refiner_wait.c: a query's way while the abstraction is brought current.
 *
 * After a map change the abstraction is re-derived a piece a call
 * (RefinerAbsReady 0, entries/mm). A host that times a call which hands out
 * no cell together with the next one (the dynamic track's step: its binding
 * and the driver's join_idle call again at once) would see every piece in
 * one step, as long as the whole re-derivation. So each such call also moves
 * the query, once its ends are known connected (RefinerConnected: a query
 * with no path must hand out nothing; known not connected, it ends there,
 * with no more cells): an A* on the live grid from where the query stands
 * toward g, on the call's work; where it reaches g the query is answered
 * whole (the shortest path from there), else the query steps
 * WAIT_STEP_CELLS toward the search's best open node, the least commitment
 * that makes the call a step. Those cells are final and legal on the map as
 * it is; the planning then goes on from the last of them (Refiner.rejoin),
 * as after a change mid-query. The steps may cost a little length (a best
 * node's way need not be g's), never validity. While nothing is known the
 * call hands out nothing, as before. */
#include "refiner_plan.h"

/* Cells a waiting call hands out: one is enough to end the call's step. */
#define WAIT_STEP_CELLS 1
/* The expansions a waiting call's A* may take at least, whatever work the
 * call has left, so that it always has an open node past `from`. */
#define WAIT_LEAST_EXPANSIONS 16

/* Work units a region the connection's walk visits takes (abstraction/
 * reach.h: its edges decoded, about as dear as an A* expansion's
 * neighbours). */
#define REACH_REGION_WORK LEG_ASTAR_WORK

/* The cells of r->scratch to `out`, its first (`from`: s, or the last cell
 * out) only when it is not out yet; the window starts again at the last. */
static void hand_out(Refiner *r, bool from_out, xyPath *out)
{
    const xyPath *p = &r->scratch;
    for (size_t i = from_out ? 1 : 0; i < p->len; i++)
        path_push(out, p->cells[i]);
    uint32_t n = (uint32_t)(p->len - 1); /* past s, as the legs count them */
    r->emitted = n < UINT32_MAX - r->emitted ? r->emitted + n : UINT32_MAX;
    win_reset(&r->win, p->cells[p->len - 1]);
}

WaitStep refiner_wait_step(Refiner *r, xyLoc from, xyPath *out)
{
    AStar *a = &r->legs->astar;
    const bool from_out = r->rejoin; /* else from is s, not handed out yet */
    const AStarLimits whole = {.weight = 1.0};
    uint64_t t0 = refiner_phase_start(r);
    WaitStep verdict = WAIT_NONE;
    xyPath *p = &r->scratch;
    p->len = 0;
    if (!r->wait_proven) { /* a query with no path must hand out nothing */
        if (!r->connected)
            return WAIT_NONE;
        uint64_t visited = 0;
        int known = r->connected(r->abs_ready_ctx, &r->loc, from, r->g, !r->wait_tried, &visited);
        r->wait_tried = true;
        legplan_charge(r->legs, visited * REACH_REGION_WORK);
        refiner_phase_end(r, PHASE_ABSTRACT, t0);
        if (known <= 0) {
            r->stats.wait_no_path += known == 0;
            return known == 0 ? WAIT_ENDED : WAIT_NONE;
        }
        r->stats.wait_connected++;
        r->wait_proven = true;
        t0 = refiner_phase_start(r);
    }
    if (!astar_begin(a, from, r->g, &whole)) {
        refiner_phase_end(r, PHASE_LEGS, t0);
        /* g blocked (no path: nothing more goes out), or no memory for a page (wait) */
        return grid_passable(r->grid, r->g.x, r->g.y) ? WAIT_NONE : WAIT_ENDED;
    }
    uint64_t most = r->legs->work / LEG_ASTAR_WORK;
    uint64_t work = most > WAIT_LEAST_EXPANSIONS ? most : WAIT_LEAST_EXPANSIONS, given = work;
    AStarResult res = astar_run(a, &work, p);
    legplan_charge(r->legs, (given - work) * LEG_ASTAR_WORK);
    if (res == ASTAR_FOUND) {
        refiner_note_search(r, a->last_expanded);
        hand_out(r, from_out, out);
        r->stats.wait_answered++;
        verdict = WAIT_ENDED;
    } else if (res == ASTAR_NONE) {
        /* g cannot be reached from here on the live map: the path ends where
         * it stands (the planning would find the same), unless a page's memory
         * ran out, which says nothing of the map. */
        verdict = a->pg.failed ? WAIT_NONE : WAIT_ENDED;
    } else {
        path_push(p, from);
        if (astar_toward_best(a, WAIT_STEP_CELLS, p) > 0) {
            hand_out(r, from_out, out);
            r->rejoin = true;
            r->stats.wait_moves++;
            verdict = WAIT_MOVED;
        }
    }
    refiner_phase_end(r, PHASE_LEGS, t0);
    return verdict;
}
