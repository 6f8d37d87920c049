#include "abstract_search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The CSR adjacency of the abstraction, costs octile (plus excess when the
 * abstraction stores it). */
static bool decode_adjacency(AbsSearch *as, Err *err)
{
    const AbsIndex *ix = as->ix;
    const Abstraction *a = ix->abs;
    uint32_t n = a->nregions, m = 0;
    as->adj_first = malloc(((size_t)n + 1) * sizeof *as->adj_first);
    as->adj = malloc(((size_t)a->nedges + 1) * sizeof *as->adj);
    uint8_t *excess;
    if (!as->adj_first || !as->adj || !abs_edge_excess(a, &excess, err))
        return err_set(err, "out of memory for the abstract adjacency (%u edges)", a->nedges);
    for (uint32_t r = 0; r < n; r++) {
        as->adj_first[r] = m;
        AbsEdgeIter it;
        AbsEdge e;
        abs_edges(a, (int)ix->region_sector[r], abs_local(ix, r), &it);
        while (abs_edge_next(a, &it, &e) && m < a->nedges) {
            uint32_t nb = abs_gid(ix, e.sector, e.region);
            double extra = excess ? abs_excess_cells(excess[m]) * ABS_COST_SCALE : 0;
            as->adj[m++] = (AbsAdj){nb, abs_octile_units(ix->center[r], ix->center[nb]) + (uint32_t)extra};
        }
    }
    as->adj_first[n] = m;
    as->nadj = m;
    free(excess);
    return true;
}

/* Dijkstra over the adjacency from `src`: every region's distance into
 * dist[r * stride] (ABS_LM_FAR where unreachable or beyond 32 bits). Runs on
 * the search's own core and arrays, between queries. */
static void distances_from(AbsSearch *as, uint32_t src, uint32_t *dist, size_t stride)
{
    BestFirst *bf = &as->bf;
    uint32_t n = as->ix->abs->nregions;
    for (uint32_t r = 0; r < n; r++)
        dist[r * stride] = ABS_LM_FAR;
    bf_start(bf, src, 0);
    uint32_t cur;
    while (bf_pop(bf, &cur)) {
        double g = bf->node[cur].g;
        dist[cur * stride] = g < ABS_LM_FAR ? (uint32_t)g : ABS_LM_FAR;
        for (uint32_t i = as->adj_first[cur], end = as->adj_first[cur + 1]; i < end; i++) {
            double ng = g + as->adj[i].cost;
            BfOffer o = bf_offer(bf, as->adj[i].to, ng);
            if (o)
                bf_queue(bf, as->adj[i].to, o, ng);
        }
    }
}

/* Landmarks by farthest-point selection (Goldberg & Harrelson 2005, "ALT",
 * §6 "farthest"): the first is the region farthest from region 0, each next
 * one the region whose nearest chosen landmark is farthest. `near` (per
 * region) is scratch. Regions of other components than the first's stay
 * without landmarks (their distances are all far), and fall back to the
 * octile heuristic. */
static void choose_landmarks(AbsSearch *as, uint32_t *near)
{
    uint32_t n = as->ix->abs->nregions, k = as->nlandmarks, next = 0;
    distances_from(as, 0, near, 1);
    for (uint32_t l = 0; l < k; l++) {
        uint32_t best = 0;
        for (uint32_t r = 0; r < n; r++)
            if (near[r] != ABS_LM_FAR && near[r] > best) {
                best = near[r];
                next = r;
            }
        uint32_t *d = as->lm + l;
        distances_from(as, next, d, k);
        for (uint32_t r = 0; r < n; r++)
            if (l == 0 || d[(size_t)r * k] < near[r])
                near[r] = d[(size_t)r * k];
    }
}

bool abs_search_init(AbsSearch *as, const AbsIndex *ix, int landmarks, int l2_block, bool ch, Err *err)
{
    memset(as, 0, sizeof *as);
    as->ix = ix;
    size_t n = ix->abs->nregions ? ix->abs->nregions : 1;
    as->parent = malloc(n * sizeof *as->parent);
    as->path = malloc(n * sizeof *as->path);
    if (!as->parent || !as->path || !bf_init(&as->bf, n, (uint32_t)n)) {
        abs_search_free(as);
        return err_set(err, "out of memory for the abstract search (%u regions)", ix->abs->nregions);
    }
    if (!decode_adjacency(as, err)) {
        abs_search_free(as);
        return false;
    }
    if (ch && !abs_ch_build(&as->ch, ix->abs->nregions, as->adj_first, &as->adj[0].to, &as->adj[0].cost,
                            sizeof *as->adj, err)) {
        abs_search_free(as);
        return false;
    }
    if (ch && l2_block <= 0)
        landmarks = 0; /* every search with weight 1 is the hierarchy's */
    if (landmarks > 0 && ix->abs->nregions > 0) {
        as->nlandmarks = (uint32_t)landmarks;
        as->lm = malloc(n * (size_t)landmarks * sizeof *as->lm);
        uint32_t *near = malloc(n * sizeof *near);
        if (!as->lm || !near) {
            free(near);
            abs_search_free(as);
            return err_set(err, "out of memory for %d abstract landmarks", landmarks);
        }
        choose_landmarks(as, near);
        free(near);
    }
    if (!l2_build(&as->l2, ix, l2_block, as->adj_first, &as->adj[0].to, &as->adj[0].cost, sizeof *as->adj, err)) {
        abs_search_free(as);
        return false;
    }
    return true;
}

void abs_search_free(AbsSearch *as)
{
    free(as->parent);
    free(as->path);
    free(as->adj_first);
    free(as->adj);
    free(as->lm);
    bf_free(&as->bf);
    l2_free(&as->l2);
    abs_ch_free(&as->ch);
    memset(as, 0, sizeof *as);
}

size_t abs_search_bytes(const AbsSearch *as)
{
    return as->bf.count * (sizeof(BfNode) + 4 + 4 + 4 + 4 * (size_t)as->nlandmarks) + 4 +
           (size_t)as->nadj * sizeof(AbsAdj) + (size_t)as->bf.open.cap * sizeof(HeapItem) + l2_bytes(&as->l2) +
           abs_ch_scratch_bytes(&as->ch);
}

/* h(r) in cost units: the octile distance between centers, or, larger,
 * the landmarks' triangle bound |d(L, goal) - d(L, r)| (ALT §3): both are
 * lower bounds on the abstract distance, so their maximum is too, and it is
 * consistent. */
static inline double heuristic(const AbsSearch *as, uint32_t r, xyLoc goal, const uint32_t *lg)
{
    xyLoc c = as->ix->center[r];
    double h = grid_octile(c.x, c.y, goal.x, goal.y) * ABS_COST_SCALE;
    const uint32_t *lr = as->lm + (size_t)r * as->nlandmarks;
    for (uint32_t l = 0; l < as->nlandmarks; l++) {
        if (lg[l] == ABS_LM_FAR || lr[l] == ABS_LM_FAR)
            continue;
        double d = lg[l] > lr[l] ? (double)(lg[l] - lr[l]) : (double)(lr[l] - lg[l]);
        if (d > h)
            h = d;
    }
    return h;
}

/* A traced event about region r (its parent: as->parent, itself at the start). */
static void trace_region(const AbsSearch *as, TraceType type, uint32_t r, double h)
{
    double g = bf_reached(&as->bf, r) ? as->bf.node[r].g / ABS_COST_SCALE : 0;
    const xyLoc *parent = as->parent[r] == r ? NULL : &as->ix->center[as->parent[r]];
    trace_emit(as->tracer, type, as->ix->center[r], parent, g, g + h / ABS_COST_SCALE);
}

/* A* from `from` towards `to`. `chunk` (NULL: the whole map): only regions
 * level 2 allows, and the search stops at the first region of node
 * `stop_node` it takes out, or at `to`. */
static double run(AbsSearch *as, uint32_t from, uint32_t to, double weight, const Level2 *chunk, uint32_t stop_node)
{
    const AbsIndex *ix = as->ix;
    BestFirst *bf = &as->bf;
    const xyLoc goal = ix->center[to];
    const uint32_t *lg = as->lm + (size_t)to * as->nlandmarks;
    uint64_t expanded = 0;
    double result = -1;
    const Tracer *tr = as->tracer;
    bf_start(bf, from, weight * heuristic(as, from, goal, lg));
    as->parent[from] = from;
    if (tr) {
        trace_emit(tr, TRACE_SOURCE, ix->center[from], NULL, 0, 0);
        trace_emit(tr, TRACE_DESTINATION, goal, NULL, 0, 0);
        trace_region(as, TRACE_GENERATING, from, weight * heuristic(as, from, goal, lg));
    }
    uint32_t cur;
    while (bf_pop(bf, &cur)) {
        if (cur == to || (chunk && chunk->node_of[cur] == stop_node)) {
            result = bf->node[cur].g / ABS_COST_SCALE;
            to = cur;
            break;
        }
        expanded++;
        if (tr)
            trace_region(as, TRACE_EXPANDING, cur, weight * heuristic(as, cur, goal, lg));
        double g = bf->node[cur].g;
        for (uint32_t i = as->adj_first[cur], end = as->adj_first[cur + 1]; i < end; i++) {
            uint32_t nb = as->adj[i].to;
            if (chunk && !l2_allowed(chunk, nb))
                continue;
            double ng = g + as->adj[i].cost;
            BfOffer o = bf_offer(bf, nb, ng);
            if (o) {
                as->parent[nb] = cur;
                bf_queue(bf, nb, o, ng + weight * heuristic(as, nb, goal, lg));
                if (tr)
                    trace_region(as, TRACE_GENERATING, nb, weight * heuristic(as, nb, goal, lg));
            }
        }
        if (tr)
            trace_region(as, TRACE_CLOSING, cur, weight * heuristic(as, cur, goal, lg));
    }
    if (tr)
        trace_region(as, TRACE_END, result < 0 ? from : to, 0);
    as->last_expanded = expanded;
    as->expanded += expanded;
    as->path_len = 0;
    if (result < 0)
        return result;
    for (uint32_t r = to;; r = as->parent[r]) {
        as->path[as->path_len++] = r;
        if (r == from)
            break;
    }
    for (int i = 0, j = as->path_len - 1; i < j; i++, j--) {
        uint32_t t = as->path[i];
        as->path[i] = as->path[j];
        as->path[j] = t;
    }
    return result;
}

double abs_search_run(AbsSearch *as, uint32_t from, uint32_t to, double weight)
{
    if (as->ch.up_first && weight == 1.0) {
        as->ch.tracer = as->tracer;
        as->ch.center = as->ix->center;
        double cost = abs_ch_query(&as->ch, from, to, as->path, &as->path_len);
        as->last_expanded = as->ch.last_settled;
        as->expanded += as->ch.last_settled;
        return cost < 0 ? cost : cost / ABS_COST_SCALE;
    }
    return run(as, from, to, weight, NULL, 0);
}

/* Where `node` lies on the level-2 path from the current chunk on, or -1. */
static int l2_path_index(const Level2 *l2, uint32_t node)
{
    for (int j = l2->pos; j < l2->path_len; j++)
        if (l2->path[j] == node)
            return j;
    return -1;
}

double abs_search_chunk(AbsSearch *as, uint32_t from, uint32_t to, double weight, int steps, bool resume, bool *final)
{
    Level2 *l2 = &as->l2;
    *final = true;
    if (!l2->nnodes || steps <= 0)
        return abs_search_run(as, from, to, weight);
    int i = resume ? l2_path_index(l2, l2->node_of[from]) : -1;
    if (i < 0) {
        l2->pos = 0;
        if (!l2_search(l2, as->ix, l2->node_of[from], l2->node_of[to], weight) ||
            (!resume && l2->path_len - 1 <= steps))
            return abs_search_run(as, from, to, weight);
        i = 0;
    }
    l2->pos = i;
    int end = i + steps < l2->path_len - 1 ? i + steps : l2->path_len - 1;
    l2_allow_range(l2, i, end);
    /* The last chunk runs to `to` itself, never stopping early in its node. */
    double cost = run(as, from, to, weight, l2, end == l2->path_len - 1 ? UINT32_MAX : l2->path[end]);
    if (cost < 0) /* cannot happen (each node is connected, each step an edge); be safe */
        return abs_search_run(as, from, to, weight);
    *final = as->path[as->path_len - 1] == to;
    return cost;
}
