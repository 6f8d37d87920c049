/* abs_ch_order.c: the least shape's region order (abs_ch_topo_min_degree,
 * refine/abs_ch_topo.h): minimum degree on the region graph itself, the
 * elimination simulated on adjacency lists that grow as it joins each
 * eliminated region's neighbours. A region's degree only changes when a
 * neighbour is eliminated: a smaller one is lowered in the queue at once,
 * a larger one when the region comes out of it (it goes back in with its
 * degree, the lazy update entries/ch uses for its own order). */
#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "../common/stamp.h"
#include "../search/heap.h"
#include "abs_ch_topo.h"

typedef struct Elim {
    uint32_t **adj; /* per region: its neighbours not eliminated yet */
    uint32_t *len, *cap, *key;
    uint32_t *mark, stamp; /* generations (common/stamp.h) over n marks */
    uint32_t n;
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
        if (e->len[u] < e->key[u]) {
            e->key[u] = e->len[u];
            heap_decrease(h, u, e->key[u], -(double)tie[u]);
        }
    }
    return true;
}

bool abs_ch_topo_min_degree(AbsChTopo *t, uint32_t n, const uint32_t *edge_first, const uint32_t *edge_to,
                            size_t stride)
{
    size_t cnt = n ? n : 1;
    Elim e = {calloc(cnt, sizeof *e.adj),
              calloc(cnt, sizeof *e.len),
              calloc(cnt, sizeof *e.cap),
              malloc(cnt * sizeof *e.key),
              calloc(cnt, sizeof *e.mark),
              0,
              n};
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
        e.key[r] = e.len[r];
        heap_push(&h, r, e.key[r], -(double)tie[r]);
    }
    for (uint32_t k = 0; ok && !heap_empty(&h);) {
        uint32_t v = heap_pop(&h).id;
        if (e.len[v] > e.key[v]) { /* its degree grew since it was queued */
            e.key[v] = e.len[v];
            heap_push(&h, v, e.key[v], -(double)tie[v]);
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
