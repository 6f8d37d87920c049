#include "abstract_search.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "../common/stamp.h"
#include "../common/work.h"
#include "abstract_search_first.h"

/* An A* expansion and its relaxations against a work unit of the
 * hierarchy's re-customisation (abs_ch.h): an edge relaxed (heap, stamps,
 * the heuristic) costs about three merge steps of a triangle scan. */
#define ASTAR_RENT 3u

/* The open list is full: doubled, never past two slots per edge and two
 * for the start (a search pushes a region only when an edge improves it,
 * once per edge at most as it never reopens one, but for the start's
 * edges, which the search costed from its ends offers twice). False when
 * memory ran out. */
static __attribute__((noinline)) bool grow_open(RegionSearch *as)
{
    size_t most = 2 * ((size_t)as->nadj + 1), cap = grow_cap(as->open.cap, (size_t)as->open.n + 1, REGION_OPEN_FIRST);
    cap = cap < most ? cap : most;
    as->open_grows++;
    if (cap > as->open.cap)
        grow_gate_ask(&as->gate, (cap - as->open.cap) * sizeof(HeapItem)); /* it grows whatever the answer */
    return heap_reserve(&as->open, (uint32_t)cap);
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

/* Region r's g as this search holds it: a block this search has not
 * stamped yet is stamped and its g set to +infinity (not reached) first. */
static inline float *g_of(RegionSearch *as, uint32_t r)
{
    uint32_t b = r / REGION_BLOCK;
    float *g = &as->g[(size_t)b * REGION_BLOCK];
    if (as->block[b] != as->stamp) {
        as->block[b] = as->stamp;
        for (uint32_t i = 0; i < REGION_BLOCK; i++)
            g[i] = INFINITY;
    }
    return &g[r % REGION_BLOCK];
}

/* Begins a search at region `from` with g = g0 and priority f. */
static void start_search(RegionSearch *as, uint32_t from, double g0, double f)
{
    uint32_t nblocks = (as->ix->abs->nregions + REGION_BLOCK - 1) / REGION_BLOCK;
    StampArea marks = STAMP_ARRAY(as->block, nblocks);
    stamp_next(&as->stamp, &marks, 1);
    heap_clear(&as->open);
    *g_of(as, from) = (float)g0;
    heap_push(&as->open, from, f, g0); /* the open list holds at least one entry */
}

/* Has the current search reached region r (its g is then valid)? */
static inline bool reached(const RegionSearch *as, uint32_t r)
{
    return as->block[r / REGION_BLOCK] == as->stamp && as->g[r] != INFINITY;
}

/* Offers region r the cost g: a region new to this search takes it (its g
 * is +infinity), an open one takes it when smaller; true when it did
 * (queue it then), false when r keeps what it has (closed, or no better). */
static inline bool offer(RegionSearch *as, uint32_t r, double g)
{
    float *n = g_of(as, r), gf = (float)g;
    if (!signbit(*n) && gf < *n) {
        *n = gf;
        return true;
    }
    return false;
}

/* Pushes region r, just offered its g, with priority f, room made on the
 * open list first; false (nothing queued, out_of_memory set: the search
 * ends with no route) when memory ran out. */
static inline bool queue(RegionSearch *as, uint32_t r, double f)
{
    if (as->open.n == as->open.cap && !grow_open(as)) {
        as->out_of_memory = true;
        return false;
    }
    heap_push(&as->open, r, f, as->g[r]);
    return true;
}

/* Takes the best open region off the list, closes it and gives its g;
 * entries of closed regions and those a smaller g replaced (stale: their g
 * is not the region's) are skipped. False when none is left. */
static inline bool pop_open(RegionSearch *as, uint32_t *r, double *g)
{
    while (!heap_empty(&as->open)) {
        HeapItem it = heap_pop(&as->open);
        float *n = &as->g[it.id]; /* pushed: this search's */
        if (signbit(*n) || it.g != *n)
            continue;
        *r = it.id;
        *g = *n;
        *n = -*n;
        return true;
    }
    return false;
}

/* h(r) in cost units: the octile distance from r's center to the goal's, a
 * lower bound on the abstract distance (no edge costs less), consistent. */
static inline double heuristic(xyLoc c, xyLoc goal) { return grid_octile(c.x, c.y, goal.x, goal.y) * ABS_COST_SCALE; }

/* The parent code of the search's start: all ones. */
static inline uint32_t root_code(const RegionSearch *as) { return (1u << (as->local_bits + 3)) - 1; }

/* Region r's parent in the A* (as->parent), itself at the start. */
static inline uint32_t parent_of(const RegionSearch *as, uint32_t r)
{
    uint32_t code = region_code(as, as->parent, r);
    if (code == root_code(as))
        return r;
    return region_code_target(as, abs_region_sector(as->ix, r), code);
}

/* Region r's parent code. */
static inline void put_parent(RegionSearch *as, uint32_t r, uint32_t code)
{
    if (as->local_bits == REGION_LOCAL_NARROW)
        as->parent.narrow[r] = (uint8_t)code;
    else
        as->parent.wide[r] = (uint16_t)code;
}

/* Region r's parent is the region `from` reached it by from's edge i
 * (`sec`: from's sector). */
static inline void set_parent(RegionSearch *as, uint32_t r, uint32_t sec, uint32_t from, uint32_t i)
{
    put_parent(as, r, as->back_code[region_code(as, as->adj, i) >> as->local_bits] | (from - abs_base(as->ix, sec)));
}

/* A traced event about region r (its parent: parent_of, itself at the start). */
static void trace_region(const RegionSearch *as, TraceType type, uint32_t r, double h)
{
    double g = reached(as, r) ? fabs((double)as->g[r]) / ABS_COST_SCALE : 0;
    uint32_t p = parent_of(as, r);
    xyLoc pc = abs_center(as->ix, p);
    const xyLoc *parent = p == r ? NULL : &pc;
    trace_emit(as->tracer, type, abs_center(as->ix, r), parent, g, g + h / ABS_COST_SCALE);
}

/* The route ending in `last` (parents back to `from`) into as->path,
 * start first, with room for `more` regions after it; false (no route,
 * out_of_memory) when memory ran out. */
static bool take_route(RegionSearch *as, uint32_t from, uint32_t last, int more)
{
    as->path_len = 0;
    int len = 1;
    for (uint32_t r = last; r != from; r = parent_of(as, r))
        len++;
    if (!path_room(as, len + more)) {
        as->out_of_memory = true;
        return false;
    }
    for (uint32_t r = last;; r = parent_of(as, r)) {
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
 * while *steps last, the route doubling when it fills: 1 once it is whole,
 * 0 when the steps ran out first, -1 (out_of_memory, no route) when memory
 * to grow it ran out. */
static int ch_unpack(RegionSearch *as, uint64_t *steps)
{
    while (!abs_ch_unpack(&as->ch, as->path, as->path_cap, &as->path_len, steps)) {
        if (as->path_len < as->path_cap)
            return 0;
        if (!path_room(as, as->path_len + 1)) {
            as->out_of_memory = true;
            as->path_len = 0;
            return -1;
        }
    }
    return 1;
}

/* A* from `from` to `to`. */
static double run(RegionSearch *as, uint32_t from, uint32_t to, double weight)
{
    const AbsIndex *ix = as->ix;
    const xyLoc goal = abs_center(ix, to);
    uint64_t expanded = 0;
    double result = -1;
    const Tracer *tr = as->tracer;
    start_search(as, from, 0.0, weight * heuristic(abs_center(ix, from), goal));
    put_parent(as, from, root_code(as));
    as->out_of_memory = false;
    if (tr) {
        trace_emit(tr, TRACE_SOURCE, abs_center(ix, from), NULL, 0, 0);
        trace_emit(tr, TRACE_DESTINATION, goal, NULL, 0, 0);
        trace_region(as, TRACE_GENERATING, from, weight * heuristic(abs_center(ix, from), goal));
    }
    uint32_t cur;
    double g;
    while (pop_open(as, &cur, &g)) {
        if (cur == to) {
            result = g / ABS_COST_SCALE;
            break;
        }
        expanded++;
        if (tr)
            trace_region(as, TRACE_EXPANDING, cur, weight * heuristic(abs_center(ix, cur), goal));
        const uint32_t sec = abs_region_sector(ix, cur);
        for (uint32_t i = region_adj_first(as, cur), end = region_adj_first(as, cur + 1); i < end; i++) {
            uint32_t nb = region_edge_at(as, sec, i);
            double ng = g + region_edge_cost(as, cur, nb, i);
            if (offer(as, nb, ng)) {
                set_parent(as, nb, sec, cur, i);
                if (!queue(as, nb, ng + weight * heuristic(abs_center(ix, nb), goal)))
                    break;
                if (tr)
                    trace_region(as, TRACE_GENERATING, nb, weight * heuristic(abs_center(ix, nb), goal));
            }
        }
        if (tr)
            trace_region(as, TRACE_CLOSING, cur, weight * heuristic(abs_center(ix, cur), goal));
        if (as->out_of_memory)
            break;
    }
    if (tr)
        trace_region(as, TRACE_END, result < 0 ? from : to, 0);
    as->last_expanded = expanded;
    as->expanded += expanded;
    as->path_len = 0;
    if (result < 0 || !take_route(as, from, to, 0))
        return -1;
    return result;
}

void region_search_ends(RegionSearch *as, bool on, xyLoc s, xyLoc g, double excess_share)
{
    as->ends = on;
    as->end_excess = excess_share;
    as->end_s = s;
    as->end_g = g;
}

/* A* from the cell end_s to the cell end_g over `from` (its region), its
 * neighbours (straight from the cell), the regions, and `to`'s neighbours
 * and `to` (straight to the cell), as region_search_ends says. h(r): the
 * octile distance from r's center to end_g, a lower bound for every way on
 * (no edge costs less than its centers' octile distance) and for the
 * straight end, so the first node popped whose f is not below the best end
 * found closes the search; weighted (f = g + end_weight h), the route found
 * costs at most end_weight times the least. In three parts, so that a bounded caller may
 * run it in pieces (region_search_steps): ends_begin queues s's region and
 * its neighbours, ends_run expands, ends_finish takes the route. */
static void ends_begin(RegionSearch *as, uint32_t from, uint32_t to)
{
    const AbsIndex *ix = as->ix;
    const xyLoc s = as->end_s, goal = as->end_g;
    const Tracer *tr = as->tracer;
    double g0 = grid_octile(s.x, s.y, abs_center(ix, from).x, abs_center(ix, from).y) * ABS_COST_SCALE;
    as->end_from = from;
    as->end_to = to;
    as->end_g0 = g0;
    as->end_best = INFINITY;
    as->end_best_region = to;
    as->end_expanded = 0;
    start_search(as, from, g0, g0 + as->end_weight * heuristic(abs_center(ix, from), goal));
    put_parent(as, from, root_code(as));
    as->out_of_memory = false;
    if (tr) {
        trace_emit(tr, TRACE_SOURCE, abs_center(ix, from), NULL, 0, 0);
        trace_emit(tr, TRACE_DESTINATION, abs_center(ix, to), NULL, 0, 0);
    }
    /* s's region's neighbours, straight from s; their parent is s's region,
     * so the route still begins there. */
    const uint32_t sec = abs_region_sector(ix, from);
    for (uint32_t i = region_adj_first(as, from), end = region_adj_first(as, from + 1); i < end; i++) {
        uint32_t nb = region_edge_at(as, sec, i);
        xyLoc c = abs_center(ix, nb);
        double ng = grid_octile(s.x, s.y, c.x, c.y) * ABS_COST_SCALE;
        if (offer(as, nb, ng)) {
            set_parent(as, nb, sec, from, i);
            if (!queue(as, nb, ng + as->end_weight * heuristic(c, goal)))
                return;
        }
    }
}

/* Expands while *budget (expansions) lasts; false: paused before a pop
 * (the next run pops what this one would have), true: ended. */
static bool ends_run(RegionSearch *as, uint64_t *budget)
{
    const AbsIndex *ix = as->ix;
    const xyLoc goal = as->end_g;
    const Tracer *tr = as->tracer;
    const double share = as->end_excess, w = as->end_weight;
    const uint32_t to = as->end_to;
    /* g's region's neighbours are its ends: a mark per region would cost a
     * pass, so an end is found by scanning `to`'s row (a few edges), only
     * for a region whose center lies within two sectors of `to`'s (every
     * neighbour's does: edges join 8-neighbouring sectors). */
    const xyLoc ct = abs_center(ix, to);
    const uint32_t sec_to = abs_region_sector(ix, to);
    const int reach = 2 * ix->abs->S;
    uint32_t cur;
    double g;
    for (;;) {
        if (as->out_of_memory)
            return true;
        if (*budget == 0)
            return false;
        if (!pop_open(as, &cur, &g))
            return true;
        xyLoc c = abs_center(ix, cur);
        if (g + w * heuristic(c, goal) >= as->end_best)
            return true;
        as->end_expanded++;
        (*budget)--;
        if (tr)
            trace_region(as, TRACE_EXPANDING, cur, heuristic(c, goal));
        bool end = cur == to;
        if (abs(c.x - ct.x) < reach && abs(c.y - ct.y) < reach)
            for (uint32_t i = region_adj_first(as, to), e = region_adj_first(as, to + 1); i < e && !end; i++)
                end = region_edge_at(as, sec_to, i) == cur;
        if (end) {
            double total = g + grid_octile(c.x, c.y, goal.x, goal.y) * ABS_COST_SCALE;
            if (total < as->end_best) {
                as->end_best = total;
                as->end_best_region = cur;
            }
        }
        const uint32_t sec = abs_region_sector(ix, cur);
        for (uint32_t i = region_adj_first(as, cur), e = region_adj_first(as, cur + 1); i < e; i++) {
            uint32_t nb = region_edge_at(as, sec, i);
            double oct = abs_octile_units(c, abs_center(ix, nb));
            double ng = g + oct + share * (double)region_edge_excess(as, i);
            if (offer(as, nb, ng)) {
                set_parent(as, nb, sec, cur, i);
                if (!queue(as, nb, ng + w * heuristic(abs_center(ix, nb), goal)))
                    return true;
            }
        }
    }
}

/* The ended search's route into as->path and its cost (region_search_ends). */
static double ends_finish(RegionSearch *as)
{
    const AbsIndex *ix = as->ix;
    const xyLoc goal = as->end_g;
    const uint32_t from = as->end_from, to = as->end_to;
    const double best = as->end_best;
    if (as->tracer)
        trace_region(as, TRACE_END, best == INFINITY ? from : as->end_best_region, 0);
    as->last_expanded = as->end_expanded;
    as->expanded += as->end_expanded;
    as->path_len = 0;
    if (best == INFINITY || as->out_of_memory)
        return -1;
    if (!take_route(as, from, as->end_best_region, 1))
        return -1;
    int k = 0; /* a route through `to` on to a neighbour ends at `to` */
    while (k < as->path_len && as->path[k] != to)
        k++;
    as->path_len = k < as->path_len ? k + 1 : as->path_len;
    if (k == as->path_len)
        as->path[as->path_len++] = to;
    xyLoc ct = abs_center(ix, to);
    double ends = as->end_g0 + grid_octile(ct.x, ct.y, goal.x, goal.y) * ABS_COST_SCALE;
    /* Where s and g lie near each other that can be negative, which
     * callers read as "unreachable". */
    return fmax(0.0, best - ends) / ABS_COST_SCALE;
}

static double run_ends(RegionSearch *as, uint32_t from, uint32_t to)
{
    uint64_t budget = UINT64_MAX;
    ends_begin(as, from, to);
    ends_run(as, &budget);
    return ends_finish(as);
}

double region_search_run(RegionSearch *as, uint32_t from, uint32_t to, double weight)
{
    bool ends = as->ends;
    as->ends = false; /* the next search only */
    if (ends) {
        as->end_weight = weight;
        return run_ends(as, from, to);
    }
    if (abs_ch_built(&as->ch) && weight == 1.0 && as->ch.dyn.pending) {
        /* The hierarchy awaits the map's changes: A* (exact) pays rent
         * until a refresh is due (abs_ch_defer). A refresh that runs out
         * of memory leaves it pending and A* answers. */
        Err err;
        if (!abs_ch_due(&as->ch) || !region_search_refresh(as, &err) || as->ch.dyn.pending) { /* pending: in pieces */
            double cost = run(as, from, to, weight);
            abs_ch_rent(&as->ch, ASTAR_RENT * as->last_expanded * (1 + as->nadj / (as->ix->abs->nregions + 1)));
            return cost;
        }
    }
    if (abs_ch_built(&as->ch) && weight == 1.0) {
        as->ch.tracer = as->tracer;
        as->ch.centers = as->ix;
        uint64_t units = UINT64_MAX;
        as->out_of_memory = false;
        abs_ch_begin(&as->ch, from, to);
        abs_ch_run(&as->ch, &units);
        units = UINT64_MAX;
        double cost = ch_unpack(as, &units) < 0 ? -1 : abs_ch_cost(&as->ch);
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
        as->ends_running = as->ends;
        as->end_weight = weight;
        as->ends = false; /* the next search only */
        if (as->ends_running)
            ends_begin(as, from, to);
    }
    if (as->ends_running) {
        uint64_t budget = units_of(*work, REGION_ENDS_PER_WORK), before = budget;
        bool ended = ends_run(as, &budget);
        take_units(work, before - budget, REGION_ENDS_PER_WORK);
        if (!ended)
            return false;
        as->ends_running = false;
        *cost = ends_finish(as);
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
    int whole = ch_unpack(as, &steps);
    take_units(work, before - steps, REGION_UNPACK_PER_WORK);
    if (!whole)
        return false;
    double c = whole < 0 ? -1 : abs_ch_cost(ch);
    as->last_expanded = ch->last_settled;
    as->expanded += ch->last_settled;
    *cost = c < 0 ? c : c / ABS_COST_SCALE;
    return true;
}
