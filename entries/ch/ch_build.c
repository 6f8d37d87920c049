/* Building the hierarchy: node order by a lazily updated priority (edge
 * difference plus contracted neighbours), bounded witness searches, shortcuts
 * that remember their middle node (Geisberger et al. 2008, §3-4). */
#include <stdlib.h>
#include <string.h>

#include "../../common/stamp.h"
#include "../../search/heap.h"
#include "ch.h"

typedef struct Arc {
    uint32_t to, mid;
    uint64_t cost;
} Arc;

typedef struct ArcList {
    Arc *a;
    uint32_t n, cap;
} ArcList;

typedef struct WNode {
    uint64_t dist;
    uint32_t stamp;
    int32_t heap_pos;
} WNode;

typedef struct Builder {
    uint32_t n;
    ArcList *adj; /* current graph over uncontracted nodes (both directions) */
    uint8_t *contracted;
    uint32_t *deleted_nb; /* contracted neighbours so far */
    uint32_t *level;      /* 1 + the highest level of a contracted neighbour */
    WNode *w;
    Heap wheap;
    uint32_t stamp;
    uint32_t *target_mark; /* == stamp: a neighbour the witness search must answer */
    int limit;
    /* result */
    ArcList *up; /* upward arcs of each contracted node */
    uint32_t shortcuts;
} Builder;

static bool push_arc(ArcList *l, Arc a)
{
    if (l->n == l->cap) {
        uint32_t cap = l->cap ? l->cap * 2 : 8;
        Arc *na = realloc(l->a, cap * sizeof *na);
        if (!na)
            return false;
        l->a = na;
        l->cap = cap;
    }
    l->a[l->n++] = a;
    return true;
}

/* Adds or improves the undirected arc u - w; false when out of memory. */
static bool add_edge(Builder *b, uint32_t u, uint32_t w, uint64_t cost, uint32_t mid)
{
    for (int side = 0; side < 2; side++) {
        uint32_t from = side ? w : u, to = side ? u : w;
        ArcList *l = &b->adj[from];
        uint32_t i = 0;
        while (i < l->n && l->a[i].to != to)
            i++;
        if (i < l->n) {
            if (cost < l->a[i].cost) {
                l->a[i].cost = cost;
                l->a[i].mid = mid;
            }
        } else if (!push_arc(l, (Arc){to, mid, cost})) {
            return false;
        }
    }
    return true;
}

/* Dijkstra from `src` over uncontracted nodes but `skip`, up to `max_cost`,
 * b->limit settled nodes, or until the `targets` nodes marked with the
 * current stamp are all settled; w[x].dist holds what it found (stamped).
 * Its own loop, not search/best_first.h: distances are exact 64-bit integers
 * (ch.h), which the core's double g cannot carry beyond 2^53. */
static void witness(Builder *b, uint32_t src, uint32_t skip, uint64_t max_cost, int targets)
{
    uint32_t stamp = b->stamp;
    heap_clear(&b->wheap);
    b->w[src] = (WNode){0, stamp, 0};
    heap_push(&b->wheap, src, 0, 0);
    int settled = 0;
    while (!heap_empty(&b->wheap) && settled < b->limit) {
        HeapItem it = heap_pop(&b->wheap);
        uint32_t x = it.id;
        b->w[x].heap_pos = -1;
        if (b->w[x].dist > max_cost)
            break;
        settled++;
        if (b->target_mark[x] == stamp && --targets == 0)
            break;
        ArcList *l = &b->adj[x];
        for (uint32_t i = 0; i < l->n; i++) {
            uint32_t y = l->a[i].to;
            if (y == skip)
                continue;
            uint64_t d = b->w[x].dist + l->a[i].cost;
            if (d > max_cost)
                continue;
            WNode *wy = &b->w[y];
            if (wy->stamp != stamp) {
                *wy = (WNode){d, stamp, 0};
                heap_push(&b->wheap, y, (double)d, 0);
            } else if (wy->heap_pos >= 0 && d < wy->dist) {
                wy->dist = d;
                heap_decrease(&b->wheap, y, (double)d, 0);
            }
        }
    }
}

/* Shortcuts contracting v needs; with `apply`, adds them. Returns the count,
 * or -1 when out of memory. */
static long contract(Builder *b, uint32_t v, bool apply)
{
    ArcList *l = &b->adj[v];
    long added = 0;
    for (uint32_t i = 0; i + 1 < l->n; i++) { /* the last neighbour has no pair left */
        uint32_t u = l->a[i].to;
        uint64_t max_cost = 0;
        /* One generation marks both the targets and the witness labels. */
        StampArea marks[2] = {STAMP_ARRAY(b->target_mark, (size_t)b->n + 1),
                              STAMP_FIELD(b->w, stamp, (size_t)b->n + 1)};
        uint32_t stamp = stamp_next(&b->stamp, marks, 2);
        for (uint32_t k = i + 1; k < l->n; k++) {
            b->target_mark[l->a[k].to] = stamp;
            if (l->a[i].cost + l->a[k].cost > max_cost)
                max_cost = l->a[i].cost + l->a[k].cost;
        }
        witness(b, u, v, max_cost, (int)(l->n - i - 1));
        /* Each unordered pair once: u's index below w's. */
        for (uint32_t k = i + 1; k < l->n; k++) {
            uint32_t w = l->a[k].to;
            uint64_t via = l->a[i].cost + l->a[k].cost;
            if (b->w[w].stamp == b->stamp && b->w[w].dist <= via)
                continue; /* a witness no longer than the path through v */
            added++;
            if (apply && !add_edge(b, u, w, via, v))
                return -1;
        }
    }
    return added;
}

static double priority(Builder *b, uint32_t v)
{
    long sc = contract(b, v, false);
    /* Edge difference, contracted neighbours and hierarchy depth (Geisberger
     * et al. 2008 §3.1): the depth term spreads contraction evenly over the map,
     * which keeps upward search spaces small. */
    return (double)(2 * sc - (long)b->adj[v].n) + b->deleted_nb[v] + b->level[v];
}

static void builder_free(Builder *b)
{
    for (uint32_t i = 0; b->adj && i < b->n; i++)
        free(b->adj[i].a);
    for (uint32_t i = 0; b->up && i < b->n; i++)
        free(b->up[i].a);
    free(b->adj);
    free(b->up);
    free(b->contracted);
    free(b->deleted_nb);
    free(b->level);
    free(b->target_mark);
    free(b->w);
    heap_free(&b->wheap);
}

static uint64_t spread_bits(uint32_t v)
{
    uint64_t x = v;
    x = (x | (x << 16)) & 0x0000FFFF0000FFFFull;
    x = (x | (x << 8)) & 0x00FF00FF00FF00FFull;
    x = (x | (x << 4)) & 0x0F0F0F0F0F0F0F0Full;
    x = (x | (x << 2)) & 0x3333333333333333ull;
    x = (x | (x << 1)) & 0x5555555555555555ull;
    return x;
}

typedef struct SortKey {
    uint64_t key;
    uint32_t node;
} SortKey;

static int by_key(const void *a, const void *b)
{
    const SortKey *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key;
}

/* Node numbering (§ layout in ch.h): the top 1/CH_TOP_SHARE of the order by
 * rank, then the rest along a Z-order curve of their cells. */
#define CH_TOP_SHARE 20

/* Packs the upward arcs into CSR under the final node numbering. */
static bool pack(ChGraph *ch, Builder *b, const Grid *g, const uint32_t *rank)
{
    uint32_t n = b->n;
    SortKey *keys = malloc(((size_t)n + 1) * sizeof *keys);
    uint32_t *id_of = malloc(((size_t)n + 1) * sizeof *id_of);
    ch->first = malloc(((size_t)n + 1) * sizeof *ch->first);
    ch->rank = malloc(((size_t)n + 1) * sizeof *ch->rank);
    uint32_t *cell_of = malloc(((size_t)n + 1) * sizeof *cell_of);
    bool ok = keys && id_of && ch->first && ch->rank && cell_of;
    uint32_t top = n / CH_TOP_SHARE;
    for (uint32_t v = 0; ok && v < n; v++) {
        uint32_t x = (uint32_t)grid_index_x(g, (int)ch->cell[v]), y = (uint32_t)grid_index_y(g, (int)ch->cell[v]);
        uint64_t from_top = n - 1 - rank[v];
        uint64_t key = from_top < top ? from_top : (1ull << 62) | spread_bits(x) | spread_bits(y) << 1;
        keys[v] = (SortKey){key, v};
    }
    if (ok) {
        qsort(keys, n, sizeof *keys, by_key);
        for (uint32_t i = 0; i < n; i++)
            id_of[keys[i].node] = i;
    }
    uint64_t m = 0;
    for (uint32_t i = 0; ok && i < n; i++) {
        uint32_t v = keys[i].node;
        ch->first[i] = (uint32_t)m;
        m += b->up[v].n;
        cell_of[i] = ch->cell[v];
        ch->rank[i] = rank[v];
    }
    if (ok) {
        ch->first[n] = (uint32_t)m;
        ch->m = (uint32_t)m;
        ch->edge = malloc((m + 1) * sizeof *ch->edge);
        ok = ch->edge != NULL;
    }
    for (uint32_t i = 0; ok && i < n; i++) {
        uint32_t v = keys[i].node;
        for (uint32_t k = 0; k < b->up[v].n; k++) {
            const Arc *a = &b->up[v].a[k];
            ch->edge[ch->first[i] + k] = (ChEdge){id_of[a->to], a->mid == CH_NONE ? CH_NONE : id_of[a->mid], a->cost};
        }
    }
    if (ok) {
        free(ch->cell);
        ch->cell = cell_of;
        cell_of = NULL;
    }
    free(cell_of);
    free(keys);
    free(id_of);
    return ok;
}

typedef struct PrioSlot {
    int32_t pos;
} PrioSlot;

bool ch_build(ChGraph *ch, const Grid *g, const ChBuildConfig *cfg, Err *err)
{
    memset(ch, 0, sizeof *ch);
    Builder b = {0};
    Heap order = {0};
    PrioSlot *slot = NULL;
    int32_t *node_of = NULL;
    uint32_t *rank = NULL;
    bool ok = true;
    size_t cells = (size_t)(g->height + 2) * g->stride;
    b.n = (uint32_t)grid_count_passable(g);
    b.limit = cfg->witness_limit;
    b.stamp = cfg->first_stamp;
    ch->n = b.n;
    ch->cell = malloc(((size_t)b.n + 1) * sizeof *ch->cell);
    node_of = malloc(cells * sizeof *node_of);
    b.adj = calloc((size_t)b.n + 1, sizeof *b.adj);
    b.up = calloc((size_t)b.n + 1, sizeof *b.up);
    b.contracted = calloc((size_t)b.n + 1, 1);
    b.deleted_nb = calloc((size_t)b.n + 1, sizeof *b.deleted_nb);
    b.level = calloc((size_t)b.n + 1, sizeof *b.level);
    b.target_mark = calloc((size_t)b.n + 1, sizeof *b.target_mark);
    b.w = calloc((size_t)b.n + 1, sizeof *b.w);
    slot = calloc((size_t)b.n + 1, sizeof *slot);
    rank = malloc(((size_t)b.n + 1) * sizeof *rank);
    if (!rank || !ch->cell || !node_of || !b.adj || !b.up || !b.contracted || !b.deleted_nb || !b.level ||
        !b.target_mark || !b.w || !slot || !heap_init(&b.wheap, b.n + 1, &b.w[0].heap_pos, sizeof *b.w) ||
        !heap_init(&order, b.n + 1, &slot[0].pos, sizeof *slot))
        goto oom;
    uint32_t k = 0;
    for (size_t c = 0; c < cells; c++)
        node_of[c] = g->cells[c] ? (int32_t)k++ : -1;
    for (size_t c = 0; c < cells; c++)
        if (node_of[c] >= 0)
            ch->cell[node_of[c]] = (uint32_t)c;
    for (uint32_t v = 0; v < b.n; v++) {
        int x = grid_index_x(g, (int)ch->cell[v]), y = grid_index_y(g, (int)ch->cell[v]);
        for (int d = 0; d < 8; d++)
            if (grid_move_legal(g, x, y, d) &&
                !push_arc(&b.adj[v], (Arc){(uint32_t)node_of[grid_index(g, x + GRID_DX[d], y + GRID_DY[d])], CH_NONE,
                                           GRID_DIR_IS_DIAGONAL(d) ? CH_DIAG : CH_CARD}))
                goto oom;
    }
    for (uint32_t v = 0; v < b.n; v++)
        heap_push(&order, v, priority(&b, v), 0);
    uint32_t contracted_so_far = 0;
    while (!heap_empty(&order)) {
        HeapItem top = heap_pop(&order);
        uint32_t v = top.id;
        double p = priority(&b, v);
        if (!heap_empty(&order) && p > heap_top(&order)->f) { /* lazy update */
            heap_push(&order, v, p, 0);
            continue;
        }
        long sc = contract(&b, v, true);
        if (sc < 0)
            goto oom;
        b.shortcuts += (uint32_t)sc;
        /* v's remaining arcs are its upward arcs; detach v from its neighbours. */
        b.up[v] = b.adj[v];
        b.adj[v] = (ArcList){0};
        b.contracted[v] = 1;
        rank[v] = contracted_so_far++;
        for (uint32_t i = 0; i < b.up[v].n; i++) {
            ArcList *l = &b.adj[b.up[v].a[i].to];
            for (uint32_t j = 0; j < l->n; j++)
                if (l->a[j].to == v) {
                    l->a[j] = l->a[--l->n];
                    break;
                }
            uint32_t u = b.up[v].a[i].to;
            b.deleted_nb[u]++;
            if (b.level[u] < b.level[v] + 1)
                b.level[u] = b.level[v] + 1;
        }
    }
    if (!pack(ch, &b, g, rank))
        goto oom;
    ch->shortcuts = b.shortcuts;
    goto done;
oom:
    ch_free(ch);
    ok = err_set(err, "ch: out of memory contracting a %dx%d map", g->width, g->height);
done:
    builder_free(&b);
    heap_free(&order);
    free(slot);
    free(node_of);
    free(rank);
    return ok;
}

void ch_free(ChGraph *ch)
{
    free(ch->cell);
    free(ch->rank);
    free(ch->first);
    free(ch->edge);
    memset(ch, 0, sizeof *ch);
}

size_t ch_bytes(const ChGraph *ch)
{
    return (size_t)ch->n * 8 + ((size_t)ch->n + 1) * 4 + (size_t)ch->m * sizeof(ChEdge);
}
