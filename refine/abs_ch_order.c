/* abs_ch_order.c: the least shape's region orders (abs_ch_topo_order,
 * refine/abs_ch_topo.h), the elimination simulated on adjacency lists that
 * grow as it joins each eliminated region's neighbours, and the measure
 * that chooses between them (abs_ch_topo_search_space). Least degree takes
 * first the region with the fewest neighbours; least fill the one whose
 * elimination joins the fewest pairs of its neighbours not yet joined (the
 * fewer neighbours on a tie); both then the lower sector-order rank. On a
 * map of rooms, among the many regions of equal degree least fill takes
 * first those whose neighbours are already joined (a room's inside), so
 * fewer shortcuts are made and the ancestors a query scans hold fewer
 * arcs; on open dao maps least degree keeps the elimination tree lower
 * (results/reference/mm-paper/rooms49.md). A region's key changes when a
 * neighbour is eliminated (its neighbours change): it is weighed again at
 * once and lowered in the queue where it fell; a rise is seen when the
 * region comes out of the queue (it goes back in with its key, the lazy
 * update entries/ch uses for its own order), and a fall of its fill as two
 * of its neighbours are joined only then. */
#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "../common/stamp.h"
#include "../search/heap.h"
#include "abs_ch_topo.h"

typedef struct Elim {
    uint32_t **adj; /* per region: its neighbours not eliminated yet */
    uint32_t *len, *cap;
    double *key;           /* in the queue, elim_key as it was last weighed */
    uint32_t *mark, stamp; /* generations (common/stamp.h) over n marks */
    uint32_t n;
    bool least_fill;
} Elim;

static uint32_t elim_stamp(Elim *e)
{
    StampArea area = STAMP_ARRAY(e->mark, e->n);
    return stamp_next(&e->stamp, &area, 1);
}

static bool elim_add(Elim *e, uint32_t a, uint32_t b)
{
    if (!grow_room32(&e->adj[a], &e->cap[a], (size_t)e->len[a] + 1, sizeof **e->adj, 4))
        return false;
    e->adj[a][e->len[a]++] = b;
    return true;
}

/* The region graph's edges both ways, each once (the edges may be listed
 * from one end only, or from both). */
static bool elim_graph(Elim *e, uint32_t n, const uint32_t *edge_first, const uint32_t *edge_to, size_t stride)
{
    for (uint32_t r = 0; r < n; r++)
        for (uint32_t i = edge_first[r]; i < edge_first[r + 1]; i++) {
            uint32_t w = *(const uint32_t *)(const void *)((const char *)edge_to + i * stride);
            if (w != r && (!elim_add(e, r, w) || !elim_add(e, w, r)))
                return false;
        }
    for (uint32_t r = 0; r < n; r++) {
        uint32_t k = 0, gen = elim_stamp(e);
        for (uint32_t i = 0; i < e->len[r]; i++)
            if (e->mark[e->adj[r][i]] != gen) {
                e->mark[e->adj[r][i]] = gen;
                e->adj[r][k++] = e->adj[r][i];
            }
        e->len[r] = k;
    }
    return true;
}

/* The pairs of v's neighbours not joined yet: what eliminating v adds. The
 * pairs that are joined are counted once from each end, over the
 * neighbours' own lists (an adjacency is symmetric and holds no region
 * twice). */
static uint64_t elim_fill(Elim *e, uint32_t v)
{
    const uint32_t *nb = e->adj[v];
    uint64_t d = e->len[v], joined = 0;
    uint32_t gen = elim_stamp(e);
    for (uint32_t i = 0; i < d; i++)
        e->mark[nb[i]] = gen;
    for (uint32_t i = 0; i < d; i++)
        for (uint32_t j = 0; j < e->len[nb[i]]; j++)
            joined += e->mark[e->adj[nb[i]][j]] == gen;
    return d * (d - 1) / 2 - joined / 2;
}

/* The queue's key of v: its degree, or its fill first and its degree on a
 * tie (both exact in a double while the fill times the regions stays below
 * 2^53; past that only ties move). */
static double elim_key(Elim *e, uint32_t v)
{
    return e->least_fill ? (double)elim_fill(e, v) * ((double)e->n + 1) + e->len[v] : e->len[v];
}

/* Eliminates v: each neighbour u loses v and gains v's other neighbours. */
static bool elim_one(Elim *e, Heap *h, uint32_t v, const uint32_t *tie)
{
    const uint32_t *nb = e->adj[v];
    for (uint32_t i = 0; i < e->len[v]; i++) {
        uint32_t u = nb[i], k = 0, gen = elim_stamp(e);
        e->mark[u] = gen;
        for (uint32_t j = 0; j < e->len[u]; j++)
            if (e->adj[u][j] != v) {
                e->mark[e->adj[u][j]] = gen;
                e->adj[u][k++] = e->adj[u][j];
            }
        e->len[u] = k;
        for (uint32_t j = 0; j < e->len[v]; j++)
            if (e->mark[nb[j]] != gen) {
                e->mark[nb[j]] = gen;
                if (!elim_add(e, u, nb[j]))
                    return false;
            }
    }
    for (uint32_t i = 0; i < e->len[v]; i++) {
        uint32_t u = nb[i];
        double key = elim_key(e, u);
        if (key < e->key[u]) {
            e->key[u] = key;
            heap_decrease(h, u, key, -(double)tie[u]);
        }
    }
    return true;
}

bool abs_ch_topo_order(AbsChTopo *t, uint32_t n, const uint32_t *edge_first, const uint32_t *edge_to, size_t stride,
                       bool least_fill)
{
    size_t cnt = n ? n : 1;
    Elim e = {calloc(cnt, sizeof *e.adj),
              calloc(cnt, sizeof *e.len),
              calloc(cnt, sizeof *e.cap),
              malloc(cnt * sizeof *e.key),
              calloc(cnt, sizeof *e.mark),
              0,
              n,
              least_fill};
    int32_t *pos = malloc(cnt * sizeof *pos);
    uint32_t *tie = malloc(cnt * sizeof *tie); /* the sector order's ranks */
    Heap h = {0};
    bool ok =
        e.adj && e.len && e.cap && e.key && e.mark && pos && tie && heap_init(&h, (uint32_t)cnt, pos, sizeof *pos);
    if (ok) {
        memcpy(tie, t->rank, (size_t)n * sizeof *tie);
        ok = elim_graph(&e, n, edge_first, edge_to, stride);
    }
    for (uint32_t r = 0; ok && r < n; r++) {
        e.key[r] = elim_key(&e, r);
        heap_push(&h, r, e.key[r], -(double)tie[r]);
    }
    for (uint32_t k = 0; ok && !heap_empty(&h);) {
        uint32_t v = heap_pop(&h).id;
        double key = elim_key(&e, v);
        if (key > e.key[v]) { /* it rose since it was queued */
            e.key[v] = key;
            heap_push(&h, v, key, -(double)tie[v]);
            continue;
        }
        ok = elim_one(&e, &h, v, tie);
        free(e.adj[v]);
        e.adj[v] = NULL;
        t->rank[v] = k;
        t->node[k++] = v;
    }
    for (uint32_t r = 0; e.adj && r < n; r++)
        free(e.adj[r]);
    free(e.adj);
    free(e.len);
    free(e.cap);
    free(e.key);
    free(e.mark);
    free(pos);
    free(tie);
    heap_free(&h);
    return ok;
}

/* What a settled region costs the query beside its arcs, in arcs scanned:
 * the query's loop visits each depth of both searches, and reads the
 * region's offsets and distance (abs_ch_query.c). */
#define SETTLE_ARCS 3u

uint64_t abs_ch_topo_search_space(const uint32_t *first, const uint32_t *head, uint32_t n, uint64_t *scratch)
{
    uint64_t sum = 0;
    for (uint32_t x = n; x-- > 0;) { /* the parent, x's lowest upper neighbour, ranks above x */
        uint64_t own = SETTLE_ARCS + first[x + 1] - first[x];
        scratch[x] = own + (first[x] < first[x + 1] ? scratch[head[first[x]]] : 0);
        sum += scratch[x];
    }
    return sum;
}
