/* abstract_search_ends.c: the region search costed from its ends, the
 * cells s and g themselves (abstract_search.h region_search_ends), in
 * pieces a bounded caller runs; the search from the regions' centers and
 * the hierarchy's are abstract_search.c. */
#include <stdlib.h>

#include "../common/work.h"
#include "abstract_search_astar.h"

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
void region_ends_begin(RegionSearch *as, uint32_t from, uint32_t to)
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
    as->end_steps = 0;
    region_start_search(as, from, g0, g0 + as->end_weight * heuristic(abs_center(ix, from), goal));
    put_parent(as, from, root_code(as));
    as->out_of_memory = false;
    if (tr) {
        trace_emit(tr, TRACE_SOURCE, abs_center(ix, from), NULL, 0, 0);
        trace_emit(tr, TRACE_DESTINATION, abs_center(ix, to), NULL, 0, 0);
    }
    /* s's region's neighbours, straight from s; their parent is s's region,
     * so the route still begins there. */
    AbsAdj it;
    AbsAdjEdge e;
    as->end_near_n = 0;
    for (abs_adj_begin(ix, as->kept_first, to, false, &it); abs_adj_next(ix, &it, &e) && as->end_near_n != UINT32_MAX;)
        if (as->end_near_n < REGION_END_NEAR)
            as->end_near[as->end_near_n++] = e.to;
        else
            as->end_near_n = UINT32_MAX;
    abs_adj_begin(ix, as->kept_first, from, false, &it);
    while (abs_adj_next(ix, &it, &e)) {
        uint32_t nb = e.to;
        xyLoc c = abs_center(ix, nb);
        double ng = grid_octile(s.x, s.y, c.x, c.y) * ABS_COST_SCALE;
        if (offer(as, nb, ng)) {
            set_parent(as, &it, &e);
            if (!queue(as, nb, ng + as->end_weight * heuristic(c, goal)))
                return;
        }
    }
}

/* Expands while *budget lasts, an expansion taking a step of it and each
 * edge it scans another (REGION_ENDS_PER_WORK); false: paused before a pop
 * (the next run pops what this one would have), true: ended. */
bool region_ends_run(RegionSearch *as, uint64_t *budget)
{
    const AbsIndex *ix = as->ix;
    const xyLoc goal = as->end_g;
    const Tracer *tr = as->tracer;
    const double share = as->end_excess, w = as->end_weight;
    const uint32_t to = as->end_to;
    /* g's region's neighbours are its ends: a mark per region would cost a
     * pass, so an end is found among those ends_begin kept (or by scanning
     * `to`'s edges), only for a region whose center lies within two sectors
     * of `to`'s (every neighbour's does: edges join 8-neighbouring
     * sectors). */
    const xyLoc ct = abs_center(ix, to);
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
        uint64_t steps = 1;
        if (tr)
            region_trace(as, TRACE_EXPANDING, cur, g, heuristic(c, goal));
        bool end = cur == to;
        AbsAdj it;
        AbsAdjEdge e;
        if (!end && abs(c.x - ct.x) < reach && abs(c.y - ct.y) < reach) {
            for (uint32_t k = 0; k < as->end_near_n && k < REGION_END_NEAR && !end; k++)
                end = as->end_near[k] == cur;
            for (abs_adj_begin(ix, as->kept_first, to, false, &it);
                 as->end_near_n == UINT32_MAX && !end && abs_adj_next(ix, &it, &e); steps++)
                end = e.to == cur;
        }
        if (end) {
            double total = g + grid_octile(c.x, c.y, goal.x, goal.y) * ABS_COST_SCALE;
            if (total < as->end_best) {
                as->end_best = total;
                as->end_best_region = cur;
                as->end_best_g = g;
            }
        }
        for (abs_adj_begin(ix, as->kept_first, cur, false, &it); abs_adj_next(ix, &it, &e); steps++) {
            uint32_t nb = e.to;
            double ng = g + abs_octile_units(c, abs_center(ix, nb));
            if (offer_edge(as, &ng, share, &it, &e)) {
                if (!queue(as, nb, ng + w * heuristic(abs_center(ix, nb), goal)))
                    return true;
            }
        }
        as->end_steps += steps;
        work_take(budget, steps);
    }
}

/* The ended search's route into as->path and its cost (region_search_ends). */
double region_ends_finish(RegionSearch *as)
{
    const AbsIndex *ix = as->ix;
    const xyLoc goal = as->end_g;
    const uint32_t from = as->end_from, to = as->end_to;
    const double best = as->end_best;
    if (as->tracer)
        region_trace(as, TRACE_END, best == INFINITY ? from : as->end_best_region,
                     best == INFINITY ? (float)as->end_g0 : as->end_best_g, 0);
    as->last_expanded = as->end_expanded;
    as->expanded += as->end_expanded;
    as->path_len = 0;
    if (best == INFINITY || as->out_of_memory)
        return -1;
    if (!region_take_route(as, from, as->end_best_region, 1))
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
