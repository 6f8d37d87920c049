#include "abstract_search.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "../common/grow.h"
#include "../common/stamp.h"
#include "../common/work.h"
#include "abstract_search_astar.h"
#include "abstract_search_first.h"
#include "abstract_search_held.h"

/* An A* expansion and its relaxations against a work unit of the
 * hierarchy's refresh (abs_ch.h): an edge relaxed (heap, stamps,
 * the heuristic) costs about three merge steps of a triangle scan. */
#define ASTAR_RENT 3u

/* The slots an open list of `cap`, holding n, grows to: doubled, never
 * past two slots per edge and two for the start (a search pushes a region
 * only when an edge improves it, once per edge at most as it never
 * reopens one, but for the start's edges, which the search costed from its
 * ends offers twice); the owner's gate asked with the bytes it adds (it
 * grows whatever the answer). */
static uint32_t open_cap(RegionSearch *as, uint32_t cap, uint32_t n, size_t item)
{
    size_t most = 2 * ((size_t)as->ix->abs->nedges + 1), to = grow_cap(cap, (size_t)n + 1, REGION_OPEN_FIRST);
    to = to < most ? to : most;
    as->open_grows++;
    if (to > cap)
        grow_gate_ask(&as->gate, (to - cap) * item);
    return (uint32_t)to;
}

__attribute__((noinline)) bool region_grow_open(RegionSearch *as)
{
    return heap_reserve(&as->open, open_cap(as, as->open.cap, as->open.n, sizeof(HeapItem)));
}

__attribute__((noinline)) bool region_grow_lazy(RegionSearch *as)
{
    return keyheap_reserve(&as->lazy, open_cap(as, as->lazy.cap, as->lazy.n, sizeof *as->lazy.keys));
}

/* Room for a route of `len` regions in as->path; false when memory ran out. */
static bool path_room(RegionSearch *as, int len)
{
    if (len <= as->path_cap)
        return true;
    size_t cap = grow_cap((size_t)as->path_cap, (size_t)len, REGION_PATH_FIRST);
    if (cap > INT_MAX)
        return false;
    grow_gate_ask(&as->gate, (cap - (size_t)as->path_cap) * sizeof *as->path);
    if (!grow_to(&as->path, cap, sizeof *as->path))
        return false;
    as->path_cap = (int)cap;
    return true;
}

/* Begins a search at region `from` with g = g0 and priority f. */
void region_start_search(RegionSearch *as, uint32_t from, double g0, double f)
{
    uint32_t nblocks = (as->ix->abs->nregions + REGION_BLOCK - 1) / REGION_BLOCK;
    StampArea marks = STAMP_FIELD(as->blocks, stamp, nblocks);
    stamp_next(&as->stamp, &marks, 1);
    heap_clear(&as->open);
    as->lazy.n = 0;
    region_open_g_ahead(as); /* a table doubled comes empty */
    if (as->open_g_n) {      /* the last search's open regions */
        open_g_empty(as->open_g, as->open_g_cap);
        as->open_g_n = 0;
    }
    if (as->refresh_edges) { /* held: every g set now (expand_held reads g with no marks) */
        for (uint32_t b = 0; b < nblocks; b++) {
            float *g = &as->g[(size_t)b * REGION_BLOCK];
            for (uint32_t i = 0; i < REGION_BLOCK; i++)
                g[i] = INFINITY;
        }
        as->g[from] = (float)g0;
    }
    block_of(as, from)->reached |= block_bit(from);
    (void)open_add(as, from, (float)g0); /* open_g was emptied: room */
    if (as->open_held)
        heap_push(&as->open, from, f, g0); /* either list holds at least one entry */
    else
        keyheap_push(&as->lazy, region_key(f, from));
}

/* A traced event about region r, whose g (units) is g (its parent: parent_of, itself at the start). */
void region_trace(const RegionSearch *as, TraceType type, uint32_t r, double g, double h)
{
    g = fabs(g) / ABS_COST_SCALE;
    uint32_t p = parent_of(as, r);
    xyLoc pc = abs_center(as->ix, p);
    const xyLoc *parent = p == r ? NULL : &pc;
    trace_emit(as->tracer, type, abs_center(as->ix, r), parent, g, g + h / ABS_COST_SCALE);
}

/* The route ending in `last` (parents back to `from`) into as->path,
 * start first, with room for `more` regions after it; false (no route,
 * out_of_memory) when memory ran out. The parents are walked once, the
 * route written back to front and turned round: a parent is decoded from
 * its code (its sector's neighbour and first id), and walking them twice,
 * once to count, was most of a long route's taking. */
bool region_take_route(RegionSearch *as, uint32_t from, uint32_t last, int more)
{
    as->path_len = 0;
    for (uint32_t r = last;; r = parent_of(as, r)) {
        if (as->path_len + 1 + more > as->path_cap && !path_room(as, as->path_len + 1 + more)) {
            as->out_of_memory = true;
            as->path_len = 0;
            return false;
        }
        as->path[as->path_len++] = r;
        if (r == from)
            break;
    }
    for (int i = 0, j = as->path_len - 1; i < j; i++, j--) {
        uint32_t t = as->path[i];
        as->path[i] = as->path[j];
        as->path[j] = t;
    }
    return true;
}

/* Goes on unpacking the hierarchy's route (abs_ch_unpack) into as->path
 * while *steps last, the route doubling when it fills, up to `least`
 * regions (0: whole; as->unpacking says whether it is): 1 once it has them,
 * 0 when the steps ran out first, -1 (out_of_memory, the regions unpacked
 * so far kept) when memory to grow it ran out. */
static int ch_unpack(RegionSearch *as, int least, uint64_t *steps)
{
    for (;;) {
        int cap = least > 0 && least < as->path_cap ? least : as->path_cap;
        if (abs_ch_unpack(&as->ch, as->path, cap, &as->path_len, steps)) {
            as->unpacking = false;
            return 1;
        }
        as->unpacking = true;
        if (least > 0 && as->path_len >= least)
            return 1;
        if (as->path_len < cap)
            return 0;
        if (!path_room(as, as->path_len + 1)) {
            as->out_of_memory = true;
            as->unpacking = false;
            return -1;
        }
    }
}

/* Queues region nb, just offered its g ng, with f = ng + weight h; false
 * (out_of_memory) when memory ran out. */
static inline bool push_offered(RegionSearch *as, uint32_t nb, double ng, double weight, xyLoc goal)
{
    double h = weight * heuristic(abs_center(as->ix, nb), goal);
    if (!queue(as, nb, ng + h))
        return false;
    if (as->tracer)
        region_trace(as, TRACE_GENERATING, nb, (float)ng, h);
    return true;
}

/* run's expansion of region cur (its g: g) over its edges in the layout. */
static void expand_layout(RegionSearch *as, uint32_t cur, double g, double weight, xyLoc goal)
{
    const AbsIndex *ix = as->ix;
    AbsAdj c;
    AbsAdjEdge e;
    abs_adj_begin(ix, as->kept_first, cur, false, &c);
    while (abs_adj_next(ix, &c, &e)) {
        double ng = g + abs_octile_units(abs_center(ix, cur), abs_center(ix, e.to));
        if (offer_edge(as, &ng, 1.0, &c, &e) && !push_offered(as, e.to, ng, weight, goal))
            return;
    }
}

/* A* from `from` to `to`, over the held arrays or the layout. */
static inline __attribute__((always_inline)) double run_over(RegionSearch *as, uint32_t from, uint32_t to,
                                                             double weight, bool held)
{
    const AbsIndex *ix = as->ix;
    const xyLoc goal = abs_center(ix, to);
    uint64_t expanded = 0;
    double result = -1;
    const Tracer *tr = as->tracer;
    if (held && as->refresh_marks && held_h(as, from, to, 0.0) == INFINITY) {
        /* A landmark's search reached one end and not the other: they lie
         * in two parts of the map, which the A* would learn by flooding
         * from's. */
        as->last_expanded = 0;
        as->path_len = 0;
        return -1;
    }
    if (held)
        place_open(as, true);
    region_start_search(as, from, 0.0, weight * heuristic(abs_center(ix, from), goal));
    put_parent(as, from, root_code(as));
    as->out_of_memory = false;
    if (tr) {
        trace_emit(tr, TRACE_SOURCE, abs_center(ix, from), NULL, 0, 0);
        trace_emit(tr, TRACE_DESTINATION, goal, NULL, 0, 0);
        region_trace(as, TRACE_GENERATING, from, 0, weight * heuristic(abs_center(ix, from), goal));
    }
    uint32_t cur;
    double g;
    while (held ? pop_held(as, &cur, &g) : pop_open(as, &cur, &g)) {
        if (cur == to) {
            result = g / ABS_COST_SCALE;
            break;
        }
        expanded++;
        if (tr)
            region_trace(as, TRACE_EXPANDING, cur, g, weight * heuristic(abs_center(ix, cur), goal));
        if (held)
            expand_held(as, cur, g, weight, to, goal, true);
        else
            expand_layout(as, cur, g, weight, goal);
        if (tr)
            region_trace(as, TRACE_CLOSING, cur, g, weight * heuristic(abs_center(ix, cur), goal));
        if (as->out_of_memory)
            break;
    }
    if (tr)
        region_trace(as, TRACE_END, result < 0 ? from : to, result < 0 ? 0 : g, 0);
    if (held)
        place_open(as, false);
    as->last_expanded = expanded;
    as->expanded += expanded;
    as->path_len = 0;
    if (result < 0 || !region_take_route(as, from, to, 0))
        return -1;
    return result;
}

static double run(RegionSearch *as, uint32_t from, uint32_t to, double weight)
{
    return as->refresh_edges ? run_over(as, from, to, weight, true) : run_over(as, from, to, weight, false);
}

static double run_ends(RegionSearch *as, uint32_t from, uint32_t to)
{
    uint64_t budget = UINT64_MAX;
    region_ends_begin(as, from, to);
    region_ends_run(as, &budget);
    return region_ends_finish(as);
}

/* Before an A* while the hierarchy is pending: the refresh's arrays and
 * the landmarks' room held (region_search_hold), but in the query that took
 * the change (hold_wait), whose A* reads the layout. */
static void hold(RegionSearch *as)
{
    Err ignored;
    if (as->hold_wait)
        as->hold_wait = false;
    else
        (void)region_search_hold(as, &ignored); /* memory out: the layout and the octile */
}

double region_search_run(RegionSearch *as, uint32_t from, uint32_t to, double weight)
{
    bool ends = as->ends;
    as->ends = false; /* the next search only */
    as->unpacking = false;
    if (ends) {
        as->end_weight = weight;
        return run_ends(as, from, to);
    }
    if (abs_ch_built(&as->ch) && weight == 1.0 && as->ch.dyn.pending) {
        /* The hierarchy awaits the map's changes: A* (exact) pays rent
         * until a refresh is due (abs_ch_defer), which the owner runs a
         * piece a call of its own (region_search_prepare), as it runs the
         * landmarks' searches that guide this A*. */
        hold(as);
        double cost = run(as, from, to, weight);
        abs_ch_rent(&as->ch, ASTAR_RENT * as->last_expanded * (1 + as->ix->abs->nedges / (as->ix->abs->nregions + 1)));
        return cost;
    }
    if (abs_ch_built(&as->ch) && weight == 1.0) {
        as->ch.tracer = as->tracer;
        as->ch.centers = as->ix;
        uint64_t units = UINT64_MAX;
        as->out_of_memory = false;
        abs_ch_begin(&as->ch, from, to);
        abs_ch_run(&as->ch, &units);
        units = UINT64_MAX;
        double cost = ch_unpack(as, 0, &units) < 0 ? -1 : abs_ch_cost(&as->ch);
        if (cost < 0)
            as->path_len = 0;
        as->last_expanded = as->ch.last_settled;
        as->expanded += as->ch.last_settled;
        return cost < 0 ? cost : cost / ABS_COST_SCALE;
    }
    return run(as, from, to, weight);
}

/* A bounded caller's work in a search's units, `per` of them a unit of work. */
static uint64_t units_of(uint64_t work, uint64_t per) { return work > UINT64_MAX / per ? UINT64_MAX : work * per; }

/* Takes `spent` of those units off the work, rounded up. */
static void take_units(uint64_t *work, uint64_t spent, uint64_t per)
{
    uint64_t w = (spent + per - 1) / per;
    work_take(work, w);
}

bool region_search_steps(RegionSearch *as, uint32_t from, uint32_t to, double weight, bool resume, uint64_t *work,
                         double *cost)
{
    AbsCh *ch = &as->ch;
    if (!resume) { /* a search costed from its ends (region_search_ends) runs in pieces too */
        as->unpacking = false;
        as->ends_running = as->ends;
        as->end_weight = weight;
        as->ends = false; /* the next search only */
        if (as->ends_running)
            region_ends_begin(as, from, to);
    }
    if (as->ends_running) {
        uint64_t budget = units_of(*work, REGION_ENDS_PER_WORK), before = budget;
        bool ended = region_ends_run(as, &budget);
        take_units(work, before - budget, REGION_ENDS_PER_WORK);
        if (!ended)
            return false;
        as->ends_running = false;
        *cost = region_ends_finish(as);
        work_take(work, 1 + (uint64_t)(as->path_len > 0 ? as->path_len : 0) / REGION_ROUTE_PER_WORK);
        return true;
    }
    if (!abs_ch_built(ch) || weight != 1.0 || (!resume && ch->dyn.pending)) {
        *cost = region_search_run(as, from, to, weight);
        work_take(work, as->last_expanded);
        return true;
    }
    if (!resume) {
        ch->tracer = as->tracer;
        ch->centers = as->ix;
        as->out_of_memory = false;
        abs_ch_begin(ch, from, to);
    }
    if (!ch->q.done) {
        uint64_t units = units_of(*work, REGION_CH_UNITS), before = units;
        bool ended = abs_ch_run(ch, &units);
        take_units(work, before - units, REGION_CH_UNITS);
        if (!ended)
            return false;
    }
    /* Unpacking the shortcuts, linear in the route's regions, pauses too. */
    uint64_t steps = units_of(*work, REGION_UNPACK_PER_WORK), before = steps;
    int whole = ch_unpack(as, as->unpack_least, &steps);
    take_units(work, before - steps, REGION_UNPACK_PER_WORK);
    if (!whole)
        return false;
    if (whole < 0)
        as->path_len = 0; /* no route */
    double c = whole < 0 ? -1 : abs_ch_cost(ch);
    as->last_expanded = ch->last_settled;
    as->expanded += ch->last_settled;
    *cost = c < 0 ? c : c / ABS_COST_SCALE;
    return true;
}

uint64_t region_search_so_far(const RegionSearch *as) { return as->ends_running ? as->end_expanded : as->ch.q.settled; }

bool region_search_unpack(RegionSearch *as, int least, uint64_t *work)
{
    if (!as->unpacking || (least > 0 && as->path_len >= least))
        return true;
    uint64_t steps = units_of(*work, REGION_UNPACK_PER_WORK), before = steps;
    int k = ch_unpack(as, least, &steps);
    take_units(work, before - steps, REGION_UNPACK_PER_WORK);
    return k != 0; /* out of memory: the route ends where it was unpacked to */
}
