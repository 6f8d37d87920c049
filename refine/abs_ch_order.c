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
    size_t adj_bytes;      /* what the lists hold now, kept as they grow and are freed */
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
    if (e->len[a] == e->cap[a]) { /* full: grows, and the count with it */
        uint32_t was = e->cap[a];
        if (!grow_room32(&e->adj[a], &e->cap[a], (size_t)e->len[a] + 1, sizeof **e->adj, 4))
            return false;
        e->adj_bytes += (size_t)(e->cap[a] - was) * sizeof **e->adj;
    }
    e->adj[a][e->len[a]++] = b;
    return true;
}

/* Region r's edges into the lists, both ways (the edges may be listed
 * from one end only, or from both): the region graph, made a region at a
 * time (AbsChOrderRun's first stage). */
static bool elim_add_edges(Elim *e, uint32_t r, const uint32_t *edge_first, const uint32_t *edge_to, size_t stride)
{
    for (uint32_t i = edge_first[r]; i < edge_first[r + 1]; i++) {
        uint32_t w = *(const uint32_t *)(const void *)((const char *)edge_to + i * stride);
        if (w != r && (!elim_add(e, r, w) || !elim_add(e, w, r)))
            return false;
    }
    return true;
}

/* Region r's list with each neighbour once (the second stage). */
static void elim_dedup(Elim *e, uint32_t r)
{
    uint32_t k = 0, gen = elim_stamp(e);
    for (uint32_t i = 0; i < e->len[r]; i++)
        if (e->mark[e->adj[r][i]] != gen) {
            e->mark[e->adj[r][i]] = gen;
            e->adj[r][k++] = e->adj[r][i];
        }
    e->len[r] = k;
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

/* The order under way between its pauses (abs_ch_order_begin). Its bytes
 * are asked inside calls while it is under way (mm_bytes, by the grow gate
 * in entries/mm/mm_gate.c), so the lists' share is a running count, not
 * a walk over the regions. */
struct AbsChOrderRun {
    Elim e;
    int32_t *pos;  /* the queue's places */
    uint32_t *tie; /* the sector order's ranks */
    Heap h;
    uint32_t k; /* regions ranked so far */
    /* The elimination readied in stages, paused between regions like the
     * elimination itself (the region graph's lists were most of a refresh's
     * first piece): 0 the edges added, 1 the lists made unique, 2 the
     * regions queued, 3 done; `at` the next region of the stage. */
    const uint32_t *edge_first, *edge_to;
    size_t stride;
    uint32_t stage, at;
};

void abs_ch_order_end(AbsChOrderRun *o)
{
    if (!o)
        return;
    for (uint32_t r = 0; o->e.adj && r < o->e.n; r++)
        free(o->e.adj[r]);
    free(o->e.adj);
    free(o->e.len);
    free(o->e.cap);
    free(o->e.key);
    free(o->e.mark);
    free(o->pos);
    free(o->tie);
    heap_free(&o->h);
    free(o);
}

AbsChOrderRun *abs_ch_order_begin(const AbsChTopo *t, uint32_t n, const uint32_t *edge_first, const uint32_t *edge_to,
                                  size_t stride, bool least_fill)
{
    size_t cnt = n ? n : 1;
    AbsChOrderRun *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    o->e = (Elim){.adj = calloc(cnt, sizeof *o->e.adj),
                  .len = calloc(cnt, sizeof *o->e.len),
                  .cap = calloc(cnt, sizeof *o->e.cap),
                  .key = malloc(cnt * sizeof *o->e.key),
                  .mark = calloc(cnt, sizeof *o->e.mark),
                  .n = n,
                  .least_fill = least_fill};
    o->pos = malloc(cnt * sizeof *o->pos);
    o->tie = malloc(cnt * sizeof *o->tie);
    Elim *e = &o->e;
    bool ok = e->adj && e->len && e->cap && e->key && e->mark && o->pos && o->tie &&
              heap_init(&o->h, (uint32_t)cnt, o->pos, sizeof *o->pos);
    if (!ok) {
        abs_ch_order_end(o);
        return NULL;
    }
    memcpy(o->tie, t->rank, (size_t)n * sizeof *o->tie);
    o->edge_first = edge_first;
    o->edge_to = edge_to;
    o->stride = stride;
    return o;
}

/* The stages before the elimination (AbsChOrderRun.stage), a unit a
 * region and a unit a list entry it reads: 1 done, 0 paused, -1 memory
 * ran out. */
static int ready_steps(AbsChOrderRun *o, uint64_t work, uint64_t *spent)
{
    Elim *e = &o->e;
    for (; o->stage < 3; o->stage++, o->at = 0)
        for (; o->at < e->n; o->at++) {
            if (*spent >= work)
                return 0;
            uint32_t r = o->at;
            if (o->stage == 0) {
                if (!elim_add_edges(e, r, o->edge_first, o->edge_to, o->stride))
                    return -1;
                *spent += 1 + (uint64_t)(o->edge_first[r + 1] - o->edge_first[r]);
            } else if (o->stage == 1) {
                elim_dedup(e, r);
                *spent += 1 + (uint64_t)e->len[r];
            } else {
                e->key[r] = elim_key(e, r);
                heap_push(&o->h, r, e->key[r], -(double)o->tie[r]);
                *spent += 1 + (e->least_fill ? (uint64_t)e->len[r] * e->len[r] : 0);
            }
        }
    return 1;
}

int abs_ch_order_run(AbsChOrderRun *o, AbsChTopo *t, uint64_t work)
{
    Elim *e = &o->e;
    uint64_t spent = 0;
    int ready = ready_steps(o, work, &spent);
    if (ready <= 0)
        return ready;
    while (!heap_empty(&o->h)) {
        if (spent >= work) /* a pause point: between two eliminations */
            return 0;
        uint32_t v = heap_pop(&o->h).id;
        double key = elim_key(e, v);
        if (key > e->key[v]) { /* it rose since it was queued */
            e->key[v] = key;
            heap_push(&o->h, v, key, -(double)o->tie[v]);
            continue;
        }
        spent += 1 + (uint64_t)e->len[v] * e->len[v]; /* each neighbour reads v's list */
        bool ok = elim_one(e, &o->h, v, o->tie);
        free(e->adj[v]);
        e->adj[v] = NULL;
        e->adj_bytes -= (size_t)e->cap[v] * sizeof **e->adj;
        e->cap[v] = 0;
        t->rank[v] = o->k;
        t->node[o->k++] = v;
        if (!ok)
            return -1;
    }
    return 1;
}

size_t abs_ch_order_bytes(const AbsChOrderRun *o)
{
    if (!o)
        return 0;
    size_t b = sizeof *o + (size_t)o->e.n * (sizeof *o->e.adj + 3 * sizeof(uint32_t) + sizeof(double) + sizeof *o->pos +
                                             sizeof *o->tie + sizeof(HeapItem));
    return b + o->e.adj_bytes;
}

bool abs_ch_topo_order(AbsChTopo *t, uint32_t n, const uint32_t *edge_first, const uint32_t *edge_to, size_t stride,
                       bool least_fill)
{
    AbsChOrderRun *o = abs_ch_order_begin(t, n, edge_first, edge_to, stride, least_fill);
    int done = o ? abs_ch_order_run(o, t, UINT64_MAX) : -1;
    abs_ch_order_end(o);
    return done > 0;
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
