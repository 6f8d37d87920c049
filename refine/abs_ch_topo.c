#include "abs_ch_topo.h"

#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* A fill: upper neighbours (ranks) of rank v in head[first[v] .. first[v + 1]),
 * increasing. */
typedef struct Fill {
    uint32_t *first, *head;
    size_t m;
} Fill;

/* Symbolic elimination in rank order of the graph whose neighbours of rank v
 * (ranks, in either direction, repeats allowed) are adj[adj_first[v] ..
 * adj_first[v + 1]): U(v) = v's higher neighbours and its elimination-tree
 * children's U minus v; v's parent is min U(v). The result is the graph
 * made chordal with the rank order a perfect elimination order. */
static bool eliminate(Fill *f, uint32_t n, const uint32_t *adj_first, const uint32_t *adj)
{
    size_t cnt = n ? n : 1;
    uint32_t *child = malloc(cnt * sizeof *child), *sibling = malloc(cnt * sizeof *sibling);
    uint32_t *mark = malloc(cnt * sizeof *mark), *buf = NULL;
    size_t cap_head = 0, bufcap = 0;
    bool ok = child && sibling && mark && (f->first = malloc((cnt + 1) * sizeof *f->first));
    if (ok) {
        memset(child, 0xff, cnt * sizeof *child);
        memset(mark, 0xff, cnt * sizeof *mark);
    }
    f->m = 0;
    for (uint32_t v = 0; ok && v < n; v++) {
        uint32_t k = 0;
        f->first[v] = (uint32_t)f->m; /* before the children's lists are read: first[v] ends the last */
        if (!(ok = grow_room(&buf, &bufcap, (size_t)adj_first[v + 1] - adj_first[v] + 1, sizeof *buf, 64)))
            break;
        for (uint32_t i = adj_first[v]; i < adj_first[v + 1]; i++) {
            uint32_t u = adj[i];
            if (u > v && mark[u] != v) {
                mark[u] = v;
                buf[k++] = u;
            }
        }
        for (uint32_t c = child[v]; ok && c != UINT32_MAX; c = sibling[c])
            for (size_t i = f->first[c]; i < f->first[c + 1]; i++) {
                uint32_t u = f->head[i];
                if (u == v || mark[u] == v)
                    continue;
                if (!(ok = grow_room(&buf, &bufcap, (size_t)k + 1, sizeof *buf, 64)))
                    break;
                mark[u] = v;
                buf[k++] = u;
            }
        if (!ok || !(ok = grow_room(&f->head, &cap_head, f->m + k + 1, sizeof *f->head, 1024)))
            break;
        qsort(buf, k, sizeof *buf, cmp_u32);
        memcpy(f->head + f->m, buf, (size_t)k * sizeof *buf);
        f->m += k;
        if (f->m > UINT32_MAX - 1) {
            ok = false;
            break;
        }
        if (k) { /* the parent is the lowest upper neighbour */
            sibling[v] = child[buf[0]];
            child[buf[0]] = v;
        }
    }
    if (ok) {
        f->first[n] = (uint32_t)f->m;
        /* Exact fit once final: the doubling's slack would stay through
         * the customisation, the build's peak. */
        uint32_t *fit = realloc(f->head, (f->m ? f->m : 1) * sizeof *f->head);
        f->head = fit ? fit : f->head;
    }
    free(child);
    free(sibling);
    free(mark);
    free(buf);
    return ok;
}

/* The fill of the region graph in the order t->rank: each edge once, in
 * the list of its lower end (a counting sort), then eliminated. */
static bool exact_fill(const AbsChTopo *t, uint32_t n, const uint32_t *edge_first, const uint32_t *edge_to,
                       size_t stride, Fill *fill)
{
    uint32_t *adj_first = calloc((size_t)n + 2, sizeof *adj_first), *adj = NULL;
    bool ok = adj_first != NULL;
    for (uint32_t r = 0; ok && r < n; r++)
        for (uint32_t i = edge_first[r]; i < edge_first[r + 1]; i++) {
            uint32_t u = t->rank[r], v = t->rank[*(const uint32_t *)(const void *)((const char *)edge_to + i * stride)];
            if (u != v)
                adj_first[(u < v ? u : v) + 2]++;
        }
    for (size_t x = 0; ok && x < n; x++)
        adj_first[x + 2] += adj_first[x + 1];
    ok = ok && (adj = malloc(((size_t)adj_first[n + 1] + 1) * sizeof *adj)) != NULL;
    for (uint32_t r = 0; ok && r < n; r++)
        for (uint32_t i = edge_first[r]; i < edge_first[r + 1]; i++) {
            uint32_t u = t->rank[r], v = t->rank[*(const uint32_t *)(const void *)((const char *)edge_to + i * stride)];
            if (u != v)
                adj[adj_first[(u < v ? u : v) + 1]++] = u < v ? v : u;
        }
    *fill = (Fill){0};
    ok = ok && eliminate(fill, n, adj_first, adj);
    free(adj_first);
    free(adj);
    return ok;
}

/* The fill of the order in t->rank into t (its arcs replace any held). */
static bool topo_fill(AbsChTopo *t, uint32_t n, const uint32_t *edge_first, const uint32_t *edge_to, size_t stride)
{
    Fill fill = {0};
    bool ok = exact_fill(t, n, edge_first, edge_to, stride, &fill);
    free(t->first);
    free(t->head);
    t->first = fill.first;
    t->head = fill.head;
    t->m = ok ? (uint32_t)fill.m : 0;
    return ok;
}

/* Orders the placed regions (their ranks in `place`) by least degree or
 * least fill and makes that order's fill into t. */
static bool order_fill(AbsChTopo *t, const uint32_t *place, uint32_t n, const uint32_t *edge_first,
                       const uint32_t *edge_to, size_t stride, bool least_fill)
{
    memcpy(t->rank, place, (size_t)n * sizeof *t->rank);
    return abs_ch_topo_order(t, n, edge_first, edge_to, stride, least_fill) &&
           topo_fill(t, n, edge_first, edge_to, stride);
}

/* Region r takes the next slot of its sector, in id order (count[ns] is
 * scratch). */
static void place_regions(AbsChTopo *t, uint32_t ns, uint32_t n, const uint32_t *region_sector, uint32_t *count)
{
    memset(count, 0, (size_t)ns * sizeof *count);
    for (uint32_t x = 0; x < t->n; x++)
        t->node[x] = ABS_CH_TOPO_FREE;
    for (uint32_t r = 0; r < n; r++) { /* regions keep their id order inside a sector */
        uint32_t sec = region_sector[r];
        t->rank[r] = t->base[sec] + count[sec]++;
        t->node[t->rank[r]] = r;
    }
    t->nreg = n;
}

/* A slot for each region, its sector's slots consecutive in the sector
 * order (place_regions); false (some held: abs_ch_topo_free) when memory
 * ran out. */
static bool topo_place(AbsChTopo *t, const AbsChSectors *s, uint32_t n, const uint32_t *region_sector)
{
    memset(t, 0, sizeof *t);
    size_t ns = s->ns, cnt = n ? n : 1;
    uint32_t *count = malloc((ns ? ns : 1) * sizeof *count);
    t->cap = calloc(ns ? ns : 1, sizeof *t->cap);
    t->base = malloc((ns ? ns : 1) * sizeof *t->base);
    t->rank = malloc(cnt * sizeof *t->rank);
    t->node = malloc(cnt * sizeof *t->node);
    bool ok = count && t->cap && t->base && t->rank && t->node;
    if (ok) {
        for (uint32_t r = 0; r < n; r++)
            t->cap[region_sector[r]]++;
        uint32_t next = 0;
        for (size_t v = 0; v < ns; v++) {
            t->base[s->order[v]] = next;
            next += t->cap[s->order[v]];
        }
        t->n = n;
        place_regions(t, (uint32_t)ns, n, region_sector, count);
    }
    free(count);
    return ok;
}

bool abs_ch_topo_build_exact(AbsChTopo *t, AbsChSectors *s, uint32_t n, const uint32_t *region_sector,
                             const uint32_t *edge_first, const uint32_t *edge_to, size_t stride)
{
    size_t cnt = n ? n : 1;
    uint32_t *place = malloc(cnt * sizeof *place);
    uint64_t *scratch = malloc(cnt * sizeof *scratch);
    bool ok = topo_place(t, s, n, region_sector) && place && scratch;
    if (ok)
        memcpy(place, t->rank, (size_t)n * sizeof *place);
    /* Both orders, one fill held at a time: least fill's is kept where its
     * queries scan less (maps of rooms), else least degree's made again. */
    uint64_t by_degree = 0;
    if (ok && s->region_order)
        ok = order_fill(t, place, n, edge_first, edge_to, stride, s->region_order == ABS_CH_ORDER_FILL);
    else {
        if (ok && (ok = order_fill(t, place, n, edge_first, edge_to, stride, false)))
            by_degree = abs_ch_topo_search_space(t->first, t->head, n, scratch);
        s->region_order = ABS_CH_ORDER_FILL;
        if (ok && (ok = order_fill(t, place, n, edge_first, edge_to, stride, true)) &&
            abs_ch_topo_search_space(t->first, t->head, n, scratch) >= by_degree) {
            ok = order_fill(t, place, n, edge_first, edge_to, stride, false);
            s->region_order = ABS_CH_ORDER_DEGREE;
        }
    }
    free(place);
    free(scratch);
    if (!ok)
        abs_ch_topo_free(t);
    return ok;
}

bool abs_ch_topo_ordered(AbsChTopo *t, const AbsChSectors *s, uint32_t n, const uint32_t *region_sector,
                         const uint32_t *edge_first, const uint32_t *edge_to, size_t stride)
{
    bool ok = topo_place(t, s, n, region_sector) &&
              (t->order =
                   abs_ch_order_begin(t, n, edge_first, edge_to, stride, s->region_order == ABS_CH_ORDER_FILL)) != NULL;
    if (!ok)
        abs_ch_topo_free(t);
    return ok;
}

int abs_ch_topo_order_steps(AbsChTopo *t, uint64_t work)
{
    int done = abs_ch_order_run(t->order, t, work);
    if (done < 0)
        abs_ch_topo_free(t);
    else if (done > 0) {
        abs_ch_order_end(t->order);
        t->order = NULL;
    }
    return done;
}

bool abs_ch_topo_fill(AbsChTopo *t, const uint32_t *edge_first, const uint32_t *edge_to, size_t stride)
{
    bool ok = topo_fill(t, t->nreg, edge_first, edge_to, stride);
    if (!ok)
        abs_ch_topo_free(t);
    return ok;
}

void abs_ch_topo_free(AbsChTopo *t)
{
    abs_ch_order_end(t->order);
    free(t->cap);
    free(t->base);
    free(t->rank);
    free(t->node);
    free(t->first);
    free(t->head);
    memset(t, 0, sizeof *t);
}

size_t abs_ch_topo_bytes(const AbsChTopo *t, uint32_t ns)
{
    /* the slots and sectors from the order on (abs_ch_topo_ordered), the arcs once filled */
    return ((t->rank ? (size_t)2 * t->n + 2 * (size_t)ns : 0) + (t->first ? (size_t)t->n + 1 + t->m : 0)) *
               sizeof(uint32_t) +
           abs_ch_order_bytes(t->order);
}

uint32_t abs_ch_topo_arc(const AbsChTopo *t, uint32_t lo, uint32_t hi)
{
    uint32_t a = t->first[lo], b = t->first[lo + 1];
    while (a < b) {
        uint32_t mid = a + (b - a) / 2;
        if (t->head[mid] < hi)
            a = mid + 1;
        else
            b = mid;
    }
    return a < t->first[lo + 1] && t->head[a] == hi ? a : UINT32_MAX;
}

uint32_t abs_ch_topo_depths(const AbsChTopo *t, uint32_t *depth)
{
    uint32_t height = 0;
    for (uint32_t x = t->n; x-- > 0;) { /* the parent, x's lowest upper neighbour, ranks above x */
        depth[x] = t->first[x] < t->first[x + 1] ? depth[t->head[t->first[x]]] + 1 : 0;
        if (depth[x] >= height)
            height = depth[x] + 1;
    }
    return height;
}
