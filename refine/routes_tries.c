/* refine/routes_tries.c: the JPS tries' bookkeeping (routes_tries.h). */
#include "routes_tries.h"

/* Capped JPS tries, kept apart for near and far queries (a cluttered map
 * often answers the near ones and not the far): a success earns TRY_GAIN (up
 * to TRY_MAX), a capped try costs TRY_LOSS, so tries go on while more than
 * TRY_LOSS / (TRY_GAIN + TRY_LOSS) = 4/5 of them succeed; below that, one
 * query in TRY_PROBE still tries, so a map whose queries change can win JPS
 * back. */
enum { TRY_GAIN = 1, TRY_LOSS = 4, TRY_MAX = 32, TRY_PROBE = 32 };

/* A probe goes only to a query at most PROBE_REACH_NUM / PROBE_REACH_DEN of
 * the octile distance of the farthest query a try of its kind answered
 * within the cap: a JPS's expansions grow with the distance, so a probe far
 * past that reach costs the cap and finds nothing (most of the capped tries
 * on random and rooms maps were such probes); the margin lets the reach
 * grow where tries succeed farther (with 5/4, fewer probes answered on the
 * scattered random maps, whose JPS answers now and then far out). */
enum { PROBE_REACH_NUM = 3, PROBE_REACH_DEN = 2 };

/* A capped try is not run where GAVE_UP_MOST tries gave up before from
 * s's sector heading its way, or into g's (gave_up_before): fewer send
 * too many queries that would answer to the abstract route (with one,
 * about 3 in 10 of those skipped; rooms' paths got longer). */
enum { GAVE_UP_MOST = 3 };

/* Which of 8 ways a move from s to g heads (0 east, then by 45 degrees
 * towards +y): each way takes the directions within 22.5 degrees of it,
 * taken as a slope of 1/2. */
static inline int heading(xyLoc s, xyLoc g)
{
    int dx = g.x - s.x, dy = g.y - s.y, ax = abs(dx), ay = abs(dy);
    if (2 * ay <= ax)
        return dx >= 0 ? 0 : 4;
    if (2 * ax <= ay)
        return dy >= 0 ? 2 : 6;
    return dx >= 0 ? (dy >= 0 ? 1 : 7) : (dy >= 0 ? 3 : 5);
}

/* How many capped tries (up to GAVE_UP_MOST) gave up heading h out of
 * sector `sec` (Routes.gave_up: two bits a heading). */
static inline unsigned gave_up_count(const Routes *rt, uint32_t sec, int h)
{
    return (unsigned)(rt->gave_up[sec] >> (2 * h)) & GAVE_UP_MOST;
}

static inline void gave_up_add(Routes *rt, uint32_t sec, int h)
{
    if (gave_up_count(rt, sec, h) < GAVE_UP_MOST) {
        rt->gave_up[sec] = (uint16_t)(rt->gave_up[sec] + (1u << (2 * h)));
        rt->gave_up_full += gave_up_count(rt, sec, h) == GAVE_UP_MOST;
    }
}

/* Have GAVE_UP_MOST capped tries given up from s's sector heading as
 * s -> g does, or as many into g's sector so heading? (Not looked up on a
 * map where no heading has reached that yet: most tries there answer.) */
static bool gave_up_before(const Routes *rt, xyLoc s, xyLoc g)
{
    if (!rt->gave_up_full)
        return false;
    int h = heading(s, g);
    return gave_up_count(rt, (uint32_t)abs_sector_of(rt->abs, s.x, s.y), h) == GAVE_UP_MOST ||
           gave_up_count(rt, (uint32_t)abs_sector_of(rt->abs, g.x, g.y), (h + 4) & 7) == GAVE_UP_MOST;
}

/* The credit of capped tries of kind (or band) `kind`. */
static inline int *credit_of(Routes *rt, int kind) { return rt->band ? &rt->band[kind].credit : &rt->credit[kind]; }

/* Does a capped try of kind `kind` (0 near, 1 far) run for a query at
 * octile2 `o2`? While tries of the kind pay (the credit, TRY_*); out of
 * credit, one query in TRY_PROBE within the kind's reach (PROBE_REACH_*).
 * By bands (`kind` a band): while the band's tries pay; out of credit, one
 * query in TRY_PROBE, only where the band nearer s is in credit: on rooms
 * a try answers within the cap less often the farther its query, so a
 * band that fails lies past the reach, and probing those beyond it would
 * cost the cap each time; a near band that fails is not given up on by
 * the far ones' failures, as one credit for all far queries was. */
static bool jps_tries(Routes *rt, int kind, int o2)
{
    if (rt->band) {
        RouteBand *b = &rt->band[kind];
        if (b->credit > 0 || (++b->probe >= TRY_PROBE && (kind == 0 || rt->band[kind - 1].credit > 0))) {
            b->probe = 0;
            return true;
        }
        return false;
    }
    if (rt->credit[kind] > 0 ||
        (++rt->probe[kind] >= TRY_PROBE &&
         (!rt->reach2[kind] || (int64_t)o2 * PROBE_REACH_DEN <= (int64_t)rt->reach2[kind] * PROBE_REACH_NUM))) {
        rt->probe[kind] = 0;
        return true;
    }
    return false;
}

/* The held try's kind's credit spent, and, where headings are marked, its
 * heading from s's sector and into g's given up (gave_up_before; not past the
 * reach without bands). */
void routes_try_charge(Routes *rt)
{
    if (!rt->capped.held)
        return;
    rt->capped.held = false;
    int kind = rt->capped.kind;
    xyLoc s = rt->capped.s, g = rt->capped.g;
    *credit_of(rt, kind) -= TRY_LOSS;
    if (rt->gave_up && (rt->band || kind < 2)) {
        int h = heading(s, g);
        gave_up_add(rt, (uint32_t)abs_sector_of(rt->abs, s.x, s.y), h);
        gave_up_add(rt, (uint32_t)abs_sector_of(rt->abs, g.x, g.y), (h + 4) & 7);
    }
}

void routes_forgive_try(Routes *rt)
{
    rt->stats.jps_forgiven += rt->capped.held;
    rt->capped.held = false;
}

bool routes_try_runs(Routes *rt, int kind, xyLoc s, xyLoc g, bool far)
{
    return jps_tries(rt, kind, routes_octile2(s, g)) &&
           !(rt->gave_up && !rt->abs_waiting && !far && gave_up_before(rt, s, g));
}

void routes_try_ended(Routes *rt, int kind, xyLoc s, xyLoc g, bool capped, bool over)
{
    if (kind < 0)
        return;
    if (capped) { /* charged when the next try is weighed (routes_try_charge), unless forgiven first */
        rt->capped = (RouteCappedTry){.s = s, .g = g, .kind = (int8_t)kind, .held = true};
        return;
    }
    int *credit = credit_of(rt, kind);
    if (over)
        *credit -= TRY_LOSS;
    else if (*credit < TRY_MAX)
        *credit += TRY_GAIN;
    if (!rt->band && !over && routes_octile2(s, g) > rt->reach2[kind])
        rt->reach2[kind] = routes_octile2(s, g); /* the reach of tries that answer (jps_tries) */
}
