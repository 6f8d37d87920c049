/* Hub labels from the hierarchy's upward search spaces (ch_hub.h). */
#include "ch_hub.h"

#include <stdlib.h>
#include <string.h>

#include "../../common/stamp.h"
#include "ch_open.h"

/* Build scratch: one upward Dijkstra at a time, and the label of its source
 * so far (kept[x] == stamp: x is in it at distance kdist[x]). */
typedef struct HubBuild {
    uint64_t *dist, *kdist;
    uint32_t *mark, *kept, *via, stamp;
    ChOpen open;
    ChHubEntry *e; /* all labels, in the order built */
    size_t n, cap;
    uint32_t *start, *len; /* node -> its label in e */
} HubBuild;

static bool push_entry(HubBuild *b, ChHubEntry x)
{
    if (b->n == b->cap) {
        /* Not grow.h's doubling: the labels are kept as built, so little slack. */
        size_t cap = b->cap + b->cap / 4 + 1024;
        ChHubEntry *more = realloc(b->e, cap * sizeof *more);
        if (!more)
            return false;
        b->e = more;
        b->cap = cap;
    }
    b->e[b->n++] = x;
    return true;
}

/* L(u): Dijkstra over u's upward edges; a settled node v whose distance some
 * hub x of L(u) so far and of L(v) (final: v ranks above u) beats is not a
 * shortest upward distance, so v is neither kept nor expanded (ch_hub.h).
 * False when out of memory or past max_entries. */
static bool label(HubBuild *b, const ChGraph *g, uint32_t u, size_t max_entries)
{
    StampArea areas[2] = {STAMP_ARRAY(b->mark, g->n), STAMP_ARRAY(b->kept, g->n)};
    uint32_t st = stamp_next(&b->stamp, areas, 2);
    b->start[u] = (uint32_t)b->n;
    b->open.n = 0;
    b->dist[u] = 0;
    b->mark[u] = st;
    b->via[u] = CH_NONE;
    ch_open_push(&b->open, 0, u);
    while (b->open.n) {
        ChOpenItem it = ch_open_pop(&b->open);
        uint32_t v = it.node;
        if (it.key != b->dist[v] || b->kept[v] == st)
            continue; /* stale */
        uint64_t via_other = UINT64_MAX;
        for (uint32_t k = b->start[v]; v != u && k < b->start[v] + b->len[v]; k++) {
            const ChHubEntry *x = &b->e[k];
            if (b->kept[x->hub] == st && b->kdist[x->hub] + x->dist < via_other)
                via_other = b->kdist[x->hub] + x->dist;
        }
        if (via_other < it.key)
            continue; /* pruned */
        if (b->n >= max_entries || !push_entry(b, (ChHubEntry){v, b->via[v], it.key}))
            return false;
        b->kept[v] = st;
        b->kdist[v] = it.key;
        for (uint32_t e = g->first[v]; e < g->first[v + 1]; e++) {
            uint32_t w = g->edge[e].target;
            uint64_t d = it.key + g->edge[e].cost;
            if (b->mark[w] == st && d >= b->dist[w])
                continue;
            b->dist[w] = d;
            b->mark[w] = st;
            b->via[w] = e;
            ch_open_push(&b->open, d, w);
        }
    }
    b->len[u] = (uint32_t)(b->n - b->start[u]);
    return true;
}

static void build_free(HubBuild *b)
{
    free(b->dist);
    free(b->kdist);
    free(b->mark);
    free(b->kept);
    free(b->via);
    ch_open_free(&b->open);
    free(b->e);
    free(b->start);
    free(b->len);
}

bool ch_hubs_build(ChHubs *h, const ChGraph *g, size_t max_entries, Err *err)
{
    memset(h, 0, sizeof *h);
    size_t n = (size_t)g->n + 1;
    HubBuild b = {0};
    uint32_t *order = malloc(n * sizeof *order); /* rank -> node */
    b.dist = malloc(n * sizeof *b.dist);
    b.kdist = malloc(n * sizeof *b.kdist);
    b.mark = calloc(n, sizeof *b.mark);
    b.kept = calloc(n, sizeof *b.kept);
    b.via = malloc(n * sizeof *b.via);
    b.start = calloc(n, sizeof *b.start);
    b.len = calloc(n, sizeof *b.len);
    bool ok = order && b.dist && b.kdist && b.mark && b.kept && b.via && b.start && b.len && ch_open_init(&b.open, 64);
    bool fits = true;
    if (ok) {
        for (uint32_t v = 0; v < g->n; v++)
            order[g->rank[v]] = v;
        /* Highest rank first: the labels a pruning test reads are final. */
        for (uint32_t r = g->n; fits && r-- > 0;)
            fits = label(&b, g, order[r], max_entries);
        ok = fits || b.n >= max_entries; /* a failed push is out of memory */
    }
    if (ok && fits) { /* kept where they were built, the slack given back (a shrink, not grow.h): no copy */
        ChHubEntry *exact = realloc(b.e, (b.n ? b.n : 1) * sizeof *exact);
        if (exact)
            b.e = exact;
        h->entry = b.e;
        h->first = b.start;
        h->count = b.len;
        h->entries = b.n;
        b.e = NULL;
        b.start = b.len = NULL;
        h->fdist = malloc(n * sizeof *h->fdist);
        h->fstamp = calloc(n, sizeof *h->fstamp);
        h->fseed = malloc(n * sizeof *h->fseed);
        ok = h->fdist && h->fstamp && h->fseed;
        h->n = ok ? g->n : 0;
    }
    free(order);
    build_free(&b);
    if (!ok) {
        ch_hubs_free(h);
        return err_set(err, "ch: out of memory for hub labels");
    }
    if (!h->n)
        ch_hubs_free(h);
    return true;
}

void ch_hubs_free(ChHubs *h)
{
    free(h->first);
    free(h->count);
    free(h->entry);
    free(h->fdist);
    free(h->fstamp);
    free(h->fseed);
    memset(h, 0, sizeof *h);
}

size_t ch_hubs_bytes(const ChHubs *h)
{
    if (!h->n)
        return 0;
    return h->entries * sizeof *h->entry + ((size_t)h->n + 1) * (2 * sizeof *h->first + sizeof *h->fdist + 8);
}

/* A hub the forward side never reached reads as this (no overflow when
 * distances of two labels and a seed are added to it). */
#define HUB_FAR (UINT64_MAX / 4)

/* Forward: seed i's label into the per-hub best distances. Conditional
 * moves, not branches: which seed wins a hub is unpredictable. */
static void merge(ChHubs *h, const ChSeed *s, uint32_t i, uint32_t st)
{
    uint32_t u = s->node;
    for (uint32_t k = h->first[u]; k < h->first[u] + h->count[u]; k++) {
        uint32_t x = h->entry[k].hub;
        uint64_t d = s->dist + h->entry[k].dist, cur = h->fstamp[x] == st ? h->fdist[x] : HUB_FAR;
        bool better = d < cur;
        h->fdist[x] = better ? d : cur;
        h->fseed[x] = better ? i : h->fseed[x];
        h->fstamp[x] = st;
    }
    h->scanned += h->count[u];
}

/* Backward: seed j's label against the forward distances; improves best. */
static void probe(ChHubs *h, const ChSeed *s, uint32_t j, uint32_t st, uint64_t *best, uint32_t *hub, uint32_t *back)
{
    uint32_t w = s->node;
    for (uint32_t k = h->first[w]; k < h->first[w] + h->count[w]; k++) {
        uint32_t x = h->entry[k].hub;
        uint64_t c = (h->fstamp[x] == st ? h->fdist[x] : HUB_FAR) + s->dist + h->entry[k].dist;
        bool better = c < *best;
        *best = better ? c : *best;
        *hub = better ? x : *hub;
        *back = better ? j : *back;
    }
    h->scanned += h->count[w];
}

/* A seed's key: its distance plus the octile distance to the far end, a
 * lower bound of any path through it (ch_query.h, goal direction). */
static inline uint64_t seed_key(const ChQuery *q, int side, const ChSeed *s)
{
    return s->dist + ch_octile_xy(q->xy[s->node], q->aim[side]);
}

static uint32_t nearest(const ChQuery *q, int side, const ChSeed *s, uint32_t count)
{
    uint32_t at = 0;
    for (uint32_t i = 1; i < count; i++)
        at = seed_key(q, side, &s[i]) < seed_key(q, side, &s[at]) ? i : at;
    return at;
}

/* First the pair of seeds of smallest keys, for a bound; then every seed
 * whose key is below the bound (on open maps an end has dozens of seeds,
 * most of them behind it). */
uint32_t ch_hubs_meet(ChHubs *h, const ChQuery *q, const ChSeed *const seed[2], const uint32_t count[2],
                      uint32_t pick[2])
{
    StampArea area = STAMP_ARRAY(h->fstamp, h->n);
    uint32_t st = stamp_next(&h->stamp, &area, 1), hub = CH_NONE, back = 0;
    uint64_t best = HUB_FAR;
    h->queries++;
    if (!count[0] || !count[1])
        return CH_NONE;
    uint32_t i0 = nearest(q, 0, seed[0], count[0]), j0 = nearest(q, 1, seed[1], count[1]);
    merge(h, &seed[0][i0], i0, st);
    probe(h, &seed[1][j0], j0, st, &best, &hub, &back);
    for (uint32_t i = 0; i < count[0]; i++)
        if (i != i0 && seed_key(q, 0, &seed[0][i]) < best)
            merge(h, &seed[0][i], i, st);
    for (uint32_t j = 0; j < count[1]; j++)
        if (seed_key(q, 1, &seed[1][j]) < best)
            probe(h, &seed[1][j], j, st, &best, &hub, &back);
    if (hub != CH_NONE) {
        pick[0] = h->fseed[hub];
        pick[1] = back;
    }
    return hub;
}

/* The edge L(u)'s entry for hub x came by (x is in L(u)). */
static uint32_t via_of(const ChHubs *h, uint32_t u, uint32_t x)
{
    uint32_t k = h->first[u];
    while (h->entry[k].hub != x)
        k++;
    return h->entry[k].via;
}

void ch_hubs_unpack(const ChHubs *h, ChQuery *q, uint32_t hub, uint32_t u, uint32_t w, xyPath *out)
{
    const ChGraph *g = q->g;
    size_t n = 0; /* u's upward path, from the hub down: its edges in q->chain */
    for (uint32_t v = hub; v != u;) {
        uint32_t e = via_of(h, u, v);
        q->chain[n++] = e;
        v = ch_edge_owner(g, e);
    }
    while (n > 0) {
        uint32_t e = q->chain[--n];
        ch_query_unpack_edge(q, ch_edge_owner(g, e), g->edge[e].target, e, out);
    }
    for (uint32_t v = hub; v != w;) {
        uint32_t e = via_of(h, w, v), below = ch_edge_owner(g, e);
        ch_query_unpack_edge(q, v, below, e, out);
        v = below;
    }
}
