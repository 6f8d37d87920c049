#include "level2.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint32_t block_of(const AbsIndex *ix, int block, uint32_t r)
{
    const Abstraction *a = ix->abs;
    int s = (int)ix->region_sector[r];
    int bw = (a->sw + block - 1) / block;
    return (uint32_t)((s / a->sw) / block * bw + (s % a->sw) / block);
}

#define TO(r_edge) (*(const uint32_t *)((const char *)to + (size_t)(r_edge)*stride))
#define COST(r_edge) (*(const uint32_t *)((const char *)cost + (size_t)(r_edge)*stride))

/* Components: a breadth-first walk from each unlabelled region (in id order)
 * over the edges that stay in its block. `queue` (n regions) is scratch. */
static uint32_t label_nodes(Level2 *l2, const AbsIndex *ix, const uint32_t *first, const uint32_t *to, size_t stride,
                            uint32_t *queue)
{
    uint32_t n = l2->nregions, nodes = 0;
    for (uint32_t r = 0; r < n; r++)
        l2->node_of[r] = UINT32_MAX;
    for (uint32_t r = 0; r < n; r++) {
        if (l2->node_of[r] != UINT32_MAX)
            continue;
        uint32_t b = block_of(ix, l2->block, r), head = 0, tail = 0;
        l2->node_of[r] = nodes;
        queue[tail++] = r;
        while (head < tail) {
            uint32_t u = queue[head++];
            for (uint32_t i = first[u]; i < first[u + 1]; i++) {
                uint32_t v = TO(i);
                if (l2->node_of[v] == UINT32_MAX && block_of(ix, l2->block, v) == b) {
                    l2->node_of[v] = nodes;
                    queue[tail++] = v;
                }
            }
        }
        nodes++;
    }
    return nodes;
}

/* Representatives: per node the region center nearest the mean center. */
static bool choose_reps(Level2 *l2, const AbsIndex *ix)
{
    double *sum = calloc((size_t)l2->nnodes * 3, sizeof *sum);
    uint64_t *best = malloc((size_t)l2->nnodes * sizeof *best);
    if (!sum || !best) {
        free(sum);
        free(best);
        return false;
    }
    for (uint32_t r = 0; r < l2->nregions; r++) {
        double *s = sum + (size_t)l2->node_of[r] * 3;
        s[0] += ix->center[r].x;
        s[1] += ix->center[r].y;
        s[2] += 1;
    }
    for (uint32_t k = 0; k < l2->nnodes; k++)
        best[k] = UINT64_MAX;
    for (uint32_t r = 0; r < l2->nregions; r++) {
        uint32_t k = l2->node_of[r];
        const double *s = sum + (size_t)k * 3;
        double dx = ix->center[r].x - s[0] / s[2], dy = ix->center[r].y - s[1] / s[2];
        uint64_t d = (uint64_t)llround((dx * dx + dy * dy) * 64.0);
        if (d < best[k]) { /* regions in id order: ties keep the smaller id */
            best[k] = d;
            l2->rep[k] = r;
        }
    }
    free(sum);
    free(best);
    return true;
}

static uint32_t rep_octile(const Level2 *l2, const AbsIndex *ix, uint32_t a, uint32_t b)
{
    return abs_octile_units(ix->center[l2->rep[a]], ix->center[l2->rep[b]]);
}

/* Edges: node by node over its member regions' edges, each target node once
 * (`slot`, per node, holds where this source listed it). The cost of a -> b
 * is the cheapest crossing: octile from a's representative to the edge's
 * source center, the region edge's cost, octile on to b's representative.
 * A region edge costs at least its centers' octile distance, so this is at
 * least rep_octile(a, b): the octile heuristic stays consistent, and a
 * crossing far off the line between the representatives costs its detour. */
static bool link_nodes(Level2 *l2, const AbsIndex *ix, const uint32_t *first, const uint32_t *to, const uint32_t *cost,
                       size_t stride)
{
    uint32_t n = l2->nregions, m = l2->nnodes;
    uint32_t *start = calloc((size_t)m + 1, sizeof *start), *member = malloc(((size_t)n + 1) * sizeof *member);
    uint32_t *slot = malloc(((size_t)m + 1) * sizeof *slot);
    l2->adj = malloc(((size_t)first[n] + 1) * sizeof *l2->adj);
    bool ok = start && member && slot && l2->adj;
    if (ok) {
        for (uint32_t r = 0; r < n; r++)
            start[l2->node_of[r] + 1]++;
        for (uint32_t k = 0; k < m; k++)
            start[k + 1] += start[k];
        for (uint32_t r = 0; r < n; r++) /* regions in id order within each node */
            member[start[l2->node_of[r]]++] = r;
        for (uint32_t k = m; k > 0; k--)
            start[k] = start[k - 1];
        start[0] = 0;
        for (uint32_t k = 0; k < m; k++)
            slot[k] = UINT32_MAX;
        uint32_t e = 0;
        for (uint32_t k = 0; k < m; k++) {
            l2->first[k] = e;
            xyLoc rk = ix->center[l2->rep[k]];
            for (uint32_t j = start[k]; j < start[k + 1]; j++) {
                uint32_t u = member[j];
                for (uint32_t i = first[u]; i < first[u + 1]; i++) {
                    uint32_t v = TO(i), b = l2->node_of[v];
                    if (b == k)
                        continue;
                    uint32_t c = abs_octile_units(rk, ix->center[u]) + COST(i) +
                                 abs_octile_units(ix->center[v], ix->center[l2->rep[b]]);
                    if (slot[b] == UINT32_MAX || slot[b] < l2->first[k])
                        l2->adj[slot[b] = e++] = (L2Adj){b, c};
                    else if (c < l2->adj[slot[b]].cost)
                        l2->adj[slot[b]].cost = c;
                }
            }
        }
        l2->first[m] = l2->nadj = e;
    }
    free(start);
    free(member);
    free(slot);
    return ok;
}

bool l2_build(Level2 *l2, const AbsIndex *ix, int block, const uint32_t *first, const uint32_t *to,
              const uint32_t *cost, size_t stride, Err *err)
{
    memset(l2, 0, sizeof *l2);
    if (block <= 0 || ix->abs->nregions == 0)
        return true;
    l2->block = block;
    l2->nregions = ix->abs->nregions;
    size_t n = l2->nregions;
    l2->node_of = malloc(n * sizeof *l2->node_of);
    uint32_t *queue = malloc(n * sizeof *queue);
    bool ok = l2->node_of && queue;
    if (ok)
        l2->nnodes = label_nodes(l2, ix, first, to, stride, queue);
    free(queue);
    size_t m = l2->nnodes ? l2->nnodes : 1;
    if (ok) {
        l2->rep = malloc(m * sizeof *l2->rep);
        l2->first = malloc((m + 1) * sizeof *l2->first);
        l2->parent = malloc(m * sizeof *l2->parent);
        l2->path = malloc(m * sizeof *l2->path);
        l2->allow = calloc(m, sizeof *l2->allow);
        ok = l2->rep && l2->first && l2->parent && l2->path && l2->allow && bf_init(&l2->bf, m, (uint32_t)m) &&
             choose_reps(l2, ix) && link_nodes(l2, ix, first, to, cost, stride);
    }
    if (!ok) {
        l2_free(l2);
        return err_set(err, "out of memory for abstraction level 2 (%zu regions)", n);
    }
    return true;
}

void l2_free(Level2 *l2)
{
    free(l2->node_of);
    free(l2->rep);
    free(l2->first);
    free(l2->adj);
    free(l2->parent);
    free(l2->path);
    free(l2->allow);
    bf_free(&l2->bf);
    memset(l2, 0, sizeof *l2);
}

size_t l2_kept_bytes(const Level2 *l2)
{
    if (!l2->nnodes)
        return 0;
    return (size_t)l2->nregions * 4 + (size_t)l2->nnodes * (4 + 4) + 4 + (size_t)l2->nadj * sizeof(L2Adj);
}

size_t l2_bytes(const Level2 *l2)
{
    if (!l2->nnodes)
        return 0;
    return l2_kept_bytes(l2) + (size_t)l2->nnodes * (4 + 4 + 4 + sizeof(BfNode)) +
           (size_t)l2->bf.open.cap * sizeof(HeapItem);
}

/* The same A* loop as abs_search_run (refine/abstract_search.c) on the same
 * best-first core, over level-2 nodes with the octile heuristic only: a
 * few dozen nodes a query, where landmarks would not pay their memory. */
bool l2_search(Level2 *l2, const AbsIndex *ix, uint32_t from, uint32_t to, double weight)
{
    BestFirst *bf = &l2->bf;
    bool found = false;
    bf_start(bf, from, weight * rep_octile(l2, ix, from, to));
    l2->parent[from] = from;
    uint32_t cur;
    while (bf_pop(bf, &cur)) {
        if (cur == to) {
            found = true;
            break;
        }
        double g = bf->node[cur].g;
        for (uint32_t i = l2->first[cur]; i < l2->first[cur + 1]; i++) {
            uint32_t nb = l2->adj[i].to;
            double ng = g + l2->adj[i].cost;
            BfOffer o = bf_offer(bf, nb, ng);
            if (o) {
                l2->parent[nb] = cur;
                bf_queue(bf, nb, o, ng + weight * rep_octile(l2, ix, nb, to));
            }
        }
    }
    l2->path_len = 0;
    if (!found)
        return false;
    for (uint32_t k = to;; k = l2->parent[k]) {
        l2->path[l2->path_len++] = k;
        if (k == from)
            break;
    }
    for (int i = 0, j = l2->path_len - 1; i < j; i++, j--) {
        uint32_t t = l2->path[i];
        l2->path[i] = l2->path[j];
        l2->path[j] = t;
    }
    return true;
}

void l2_allow_range(Level2 *l2, int lo, int hi)
{
    StampArea area = STAMP_ARRAY(l2->allow, l2->nnodes);
    uint32_t st = stamp_next(&l2->allow_stamp, &area, 1);
    for (int i = lo; i <= hi && i < l2->path_len; i++)
        l2->allow[l2->path[i]] = st;
}

bool l2_equal(const Level2 *a, const Level2 *b)
{
    return a->nnodes == b->nnodes && a->nregions == b->nregions && a->nadj == b->nadj &&
           (!a->nnodes || (!memcmp(a->node_of, b->node_of, a->nregions * sizeof *a->node_of) &&
                           !memcmp(a->rep, b->rep, a->nnodes * sizeof *a->rep) &&
                           !memcmp(a->first, b->first, (a->nnodes + 1) * sizeof *a->first) &&
                           !memcmp(a->adj, b->adj, a->nadj * sizeof *a->adj)));
}
