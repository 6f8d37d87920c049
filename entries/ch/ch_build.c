/* Building the hierarchy: node order by a lazily updated priority (edge
 * difference, contracted neighbours, depth), bounded witness searches,
 * shortcuts that remember their middle node (Geisberger et al. 2008, §3-4).
 *
 * Each node's contraction is simulated once per look: the simulation both
 * prices the node and records the shortcuts it needs, so when the node is
 * still the cheapest its recorded shortcuts are added as they are, without
 * a second round of witness searches (the old build searched twice, and
 * spent 40 % of its time in the indexed heap of search/heap.h, which the
 * exact integer keys of ch_open.h replace). A node is simulated for its
 * price only when its own arcs changed (price()), and witness searches are
 * pruned by the octile bound (may_witness): on combat these cut the
 * witness searches' settled nodes from 9.9 M to 1.5 M and the simulations
 * from 198 k to 178 k. */
#include <stdlib.h>
#include <string.h>

#include "../../common/stamp.h"
#include "../../search/heap.h"
#include "ch.h"
#include "ch_open.h"

typedef struct Arc {
    uint32_t to, mid;
    uint64_t cost;
} Arc;

typedef struct ArcList {
    Arc *a;
    uint32_t n, cap;
} ArcList;

typedef struct Shortcut {
    uint32_t u, w;
    uint64_t cost;
} Shortcut;

/* One open pair of a witness search: the far end's cell and the cost of
 * the path through the contracted node, which a witness may not exceed. */
typedef struct Target {
    int32_t x, y;
    uint64_t via;
} Target;

typedef struct NbSlot {
    uint32_t gen, k;
} NbSlot;

typedef struct Builder {
    uint32_t n;
    ArcList *adj;         /* current graph over uncontracted nodes (both directions) */
    uint32_t *deleted_nb; /* contracted neighbours so far */
    uint32_t *priced;     /* shortcut count of the node's last pricing simulation */
    uint8_t *stale;       /* the node's arcs changed since that simulation */
    uint32_t *level;      /* 1 + the highest level of a contracted neighbour */
    uint64_t *wdist;      /* witness labels, valid where wstamp == stamp */
    uint32_t *wstamp, *target_mark, stamp;
    ChOpen wopen;
    int limit;
    bool exact;     /* ChBuildConfig.exact_order */
    uint8_t *open;  /* simulate's per-neighbour flags */
    uint64_t *best; /* two_hops' distances to v's neighbours (opencap) */
    uint32_t opencap;
    NbSlot *nb; /* node -> its index among v's neighbours, where gen == nbgen */
    uint32_t nbgen;
    int32_t *x, *y; /* node -> cell coordinates, for the witness bound */
    Target *target; /* the open pairs of the running witness search (opencap) */
    uint32_t ntarget;
    Shortcut *sc; /* the last simulation's shortcuts */
    uint32_t nsc, sccap;
    ArcList *up; /* result: upward arcs of each contracted node */
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
        b->stale[from] = 1;
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

static uint64_t octile_cost(int32_t dx, int32_t dy)
{
    uint64_t ax = (uint64_t)(dx < 0 ? -(int64_t)dx : dx), ay = (uint64_t)(dy < 0 ? -(int64_t)dy : dy);
    return ax < ay ? (ay - ax) * CH_CARD + ax * CH_DIAG : (ax - ay) * CH_CARD + ay * CH_DIAG;
}

/* Can a path through node y, d from the source, still be a witness for
 * one of the open pairs? Every arc costs at least the octile distance of its
 * ends, so d + octile(y, w) is a lower bound on any path through y to w
 * (the A* bound used as a pruning rule, as in goal-directed witness
 * searches): in open areas a pair whose only shortest path is the straight
 * line through v no longer floods the disc of radius via around u. */
static bool may_witness(const Builder *b, uint32_t y, uint64_t d)
{
    for (uint32_t k = 0; k < b->ntarget; k++)
        if (d + octile_cost(b->x[y] - b->target[k].x, b->y[y] - b->target[k].y) <= b->target[k].via)
            return true;
    return false;
}

/* Dijkstra from `src` over uncontracted nodes but `skip`, up to `max_cost`,
 * b->limit settled nodes, or until the `targets` nodes marked with the
 * current stamp are all settled, pruned to nodes that may_witness; wdist
 * holds what it found (stamped). */
static void witness(Builder *b, uint32_t src, uint32_t skip, uint64_t max_cost, int targets)
{
    uint32_t stamp = b->stamp;
    b->wopen.n = 0;
    b->wdist[src] = 0;
    b->wstamp[src] = stamp;
    ch_open_push(&b->wopen, 0, src);
    for (int settled = 0; b->wopen.n && settled < b->limit;) {
        ChOpenItem it = ch_open_pop(&b->wopen);
        uint32_t x = it.node;
        if (it.key != b->wdist[x])
            continue; /* stale: x was pushed again with a smaller key */
        if (it.key > max_cost)
            break;
        settled++;
        if (b->target_mark[x] == stamp && --targets == 0)
            break;
        const ArcList *l = &b->adj[x];
        for (uint32_t i = 0; i < l->n; i++) {
            uint32_t y = l->a[i].to;
            uint64_t d = it.key + l->a[i].cost;
            if (y == skip || d > max_cost || (b->wstamp[y] == stamp && d >= b->wdist[y]) || !may_witness(b, y, d))
                continue;
            b->wdist[y] = d;
            b->wstamp[y] = stamp;
            ch_open_push(&b->wopen, d, y);
        }
    }
}

/* A new generation for both the witness labels and the target marks. */
static uint32_t next_stamp(Builder *b)
{
    StampArea marks[2] = {STAMP_ARRAY(b->target_mark, (size_t)b->n + 1), STAMP_ARRAY(b->wstamp, (size_t)b->n + 1)};
    return stamp_next(&b->stamp, marks, 2);
}

/* The shortest path of one or two arcs from v's i-th neighbour u to each
 * later neighbour (not through v), into b->best. On a grid most witnesses
 * are that short (the cells around v are joined to each other around it),
 * and reading two adjacency lists costs far less than a Dijkstra search,
 * which every pair would otherwise start: the "hop-limited" witness search
 * of Geisberger et al. 2008 §4.1, run before the settled-node-limited one
 * instead of in its place. Only v's neighbours are looked up (NbSlot, one
 * read per arc, no label written), as they are the only targets. */
static void two_hops(Builder *b, uint32_t i, uint32_t v)
{
    const ArcList *lv = &b->adj[v], *lu = &b->adj[lv->a[i].to];
    uint32_t gen = b->nbgen;
    for (uint32_t k = i + 1; k < lv->n; k++)
        b->best[k] = UINT64_MAX;
    for (uint32_t j = 0; j < lu->n; j++) {
        uint32_t x = lu->a[j].to;
        uint64_t cx = lu->a[j].cost;
        if (x == v)
            continue;
        NbSlot sx = b->nb[x];
        if (sx.gen == gen && sx.k > i && cx < b->best[sx.k])
            b->best[sx.k] = cx;
        const ArcList *lx = &b->adj[x];
        for (uint32_t t = 0; t < lx->n; t++) {
            NbSlot sy = b->nb[lx->a[t].to];
            uint64_t d = cx + lx->a[t].cost;
            if (sy.gen == gen && sy.k > i && d < b->best[sy.k])
                b->best[sy.k] = d;
        }
    }
}

/* The shortcuts contracting v needs, into b->sc; false when out of memory.
 * A pair (u, w) of v's neighbours needs one unless a path from u to w that
 * avoids v is no longer than the one through v: looked for within two arcs
 * first, then (`full`) by a bounded Dijkstra search for the pairs still
 * open. Without `full` the count is an upper bound, used to price v. */
static bool simulate(Builder *b, uint32_t v, bool full)
{
    const ArcList *l = &b->adj[v];
    b->nsc = 0;
    if (b->opencap < l->n) {
        uint8_t *more = realloc(b->open, l->n);
        if (!more)
            return false;
        b->open = more;
        Target *tmore = realloc(b->target, l->n * sizeof *tmore);
        if (!tmore)
            return false;
        b->target = tmore;
        uint64_t *bmore = realloc(b->best, l->n * sizeof *bmore);
        if (!bmore)
            return false;
        b->best = bmore;
        b->opencap = l->n;
    }
    uint8_t *open = b->open; /* open[k]: the pair (u, k-th neighbour) has no witness yet */
    StampArea area = STAMP_FIELD(b->nb, gen, (size_t)b->n + 1);
    uint32_t gen = stamp_next(&b->nbgen, &area, 1);
    for (uint32_t k = 0; k < l->n; k++)
        b->nb[l->a[k].to] = (NbSlot){gen, k};
    for (uint32_t i = 0; i + 1 < l->n; i++) { /* the last neighbour has no pair left */
        uint32_t u = l->a[i].to;
        uint32_t stamp = 0;
        two_hops(b, i, v);
        uint64_t max_cost = 0;
        int targets = 0;
        for (uint32_t k = i + 1; k < l->n; k++) {
            uint64_t via = l->a[i].cost + l->a[k].cost;
            open[k] = b->best[k] > via;
            targets += open[k];
            if (open[k] && via > max_cost)
                max_cost = via;
        }
        if (targets && full) {
            stamp = next_stamp(b);
            b->ntarget = 0;
            for (uint32_t k = i + 1; k < l->n; k++)
                if (open[k]) {
                    uint32_t w = l->a[k].to;
                    b->target_mark[w] = stamp;
                    b->target[b->ntarget++] = (Target){b->x[w], b->y[w], l->a[i].cost + l->a[k].cost};
                }
            witness(b, u, v, max_cost, targets);
        }
        /* Each unordered pair once: u's index below w's. */
        for (uint32_t k = i + 1; k < l->n; k++) {
            uint32_t w = l->a[k].to;
            uint64_t via = l->a[i].cost + l->a[k].cost;
            if (!open[k] || (targets && full && b->wstamp[w] == stamp && b->wdist[w] <= via))
                continue; /* a witness no longer than the path through v */
            if (b->nsc == b->sccap) {
                uint32_t cap = b->sccap ? b->sccap * 2 : 64;
                Shortcut *more = realloc(b->sc, cap * sizeof *more);
                if (!more)
                    return false;
                b->sc = more;
                b->sccap = cap;
            }
            b->sc[b->nsc++] = (Shortcut){u, w, via};
        }
    }
    return true;
}

/* Prices v by a simulation when its arcs changed since the last one; the
 * count is kept, so a node popped again with the same arcs costs nothing
 * (its other terms, contracted neighbours and depth, are counters). A
 * change two arcs away can also change the count; leaving that stale only
 * blurs the order, never the correctness, as the shortcuts added on
 * contraction come from a fresh full simulation. */
static bool price(Builder *b, uint32_t v)
{
    if (!b->stale[v])
        return true;
    if (!simulate(b, v, b->exact))
        return false;
    b->priced[v] = b->nsc;
    b->stale[v] = 0;
    return true;
}

/* Edge difference, contracted neighbours and hierarchy depth (Geisberger et
 * al. 2008 §3.1): the depth term spreads contraction evenly over the map,
 * which keeps upward search spaces small. */
static double priority(const Builder *b, uint32_t v)
{
    uint32_t nsc = b->priced[v];
    return (double)(2 * (long)nsc - (long)b->adj[v].n) + b->deleted_nb[v] + b->level[v];
}

/* Adds the simulated shortcuts and moves v's arcs up: v leaves the graph. */
static bool contract(Builder *b, uint32_t v)
{
    for (uint32_t i = 0; i < b->nsc; i++)
        if (!add_edge(b, b->sc[i].u, b->sc[i].w, b->sc[i].cost, v))
            return false;
    b->shortcuts += b->nsc;
    b->up[v] = b->adj[v];
    b->adj[v] = (ArcList){0};
    if (b->up[v].n && b->up[v].n < b->up[v].cap) { /* v's arcs are final: give back the doubling's slack */
        Arc *fit = realloc(b->up[v].a, b->up[v].n * sizeof *fit);
        if (fit) {
            b->up[v].a = fit;
            b->up[v].cap = b->up[v].n;
        }
    }
    for (uint32_t i = 0; i < b->up[v].n; i++) {
        uint32_t u = b->up[v].a[i].to;
        ArcList *l = &b->adj[u];
        for (uint32_t j = 0; j < l->n; j++)
            if (l->a[j].to == v) {
                l->a[j] = l->a[--l->n];
                break;
            }
        b->deleted_nb[u]++;
        b->stale[u] = 1;
        if (b->level[u] < b->level[v] + 1)
            b->level[u] = b->level[v] + 1;
    }
    return true;
}

static void builder_free(Builder *b)
{
    for (uint32_t i = 0; b->adj && i < b->n; i++)
        free(b->adj[i].a);
    for (uint32_t i = 0; b->up && i < b->n; i++)
        free(b->up[i].a);
    free(b->adj);
    free(b->up);
    free(b->deleted_nb);
    free(b->priced);
    free(b->stale);
    free(b->level);
    free(b->wdist);
    free(b->wstamp);
    free(b->target_mark);
    free(b->sc);
    free(b->open);
    free(b->target);
    free(b->best);
    free(b->nb);
    free(b->x);
    free(b->y);
    ch_open_free(&b->wopen);
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

/* The index of the arc of up[from] to `to` in the final edge array. */
static uint32_t edge_to(const ChGraph *ch, const Builder *b, const uint32_t *id_of, uint32_t from, uint32_t to)
{
    const ArcList *l = &b->up[from];
    for (uint32_t k = 0; k < l->n; k++)
        if (l->a[k].to == to)
            return ch->first[id_of[from]] + k;
    return CH_NONE; /* cannot happen: the middle node's arcs made the shortcut */
}

/* Packs the upward arcs into CSR under the final node numbering, with a
 * record and a shape for every shortcut. */
static bool pack(ChGraph *ch, Builder *b, const Grid *g, const uint32_t *rank)
{
    uint32_t n = b->n;
    SortKey *keys = malloc(((size_t)n + 1) * sizeof *keys);
    uint32_t *id_of = malloc(((size_t)n + 1) * sizeof *id_of);
    uint32_t *cell_of = malloc(((size_t)n + 1) * sizeof *cell_of);
    ch->first = malloc(((size_t)n + 1) * sizeof *ch->first);
    ch->rank = malloc(((size_t)n + 1) * sizeof *ch->rank);
    ch->sc = malloc(((size_t)b->shortcuts + 1) * sizeof *ch->sc);
    bool ok = keys && id_of && ch->first && ch->rank && cell_of && ch->sc;
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
    /* ch->first is final, so a middle node's edge ids are known. */
    ch->shortcuts = 0;
    for (uint32_t i = 0; ok && i < n; i++) {
        uint32_t v = keys[i].node;
        for (uint32_t k = 0; k < b->up[v].n; k++) {
            const Arc *a = &b->up[v].a[k];
            uint32_t aux = CH_ORIGINAL;
            if (a->mid != CH_NONE) {
                uint32_t s = ch->shortcuts++;
                ch->sc[s] =
                    (ChShortcut){id_of[a->mid], edge_to(ch, b, id_of, a->mid, v), edge_to(ch, b, id_of, a->mid, a->to)};
                int shape = CH_SHAPE_NONE;
                if (a->cost == ch_octile(g, cell_of[i], ch->cell[a->to]))
                    shape = ch_shape_walks(g, cell_of[i], ch->cell[a->to], CH_SHAPE_DIAG_FIRST) ? CH_SHAPE_DIAG_FIRST
                            : ch_shape_walks(g, cell_of[i], ch->cell[a->to], CH_SHAPE_STRAIGHT_FIRST)
                                ? CH_SHAPE_STRAIGHT_FIRST
                                : CH_SHAPE_NONE;
                aux = s | (uint32_t)shape << 30;
            }
            ch->edge[ch->first[i] + k] = (ChEdge){id_of[a->to], aux, a->cost};
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
    b.exact = cfg->exact_order;
    b.stamp = cfg->first_stamp;
    ch->n = b.n;
    size_t n1 = (size_t)b.n + 1;
    ch->cell = malloc(n1 * sizeof *ch->cell);
    node_of = malloc(cells * sizeof *node_of);
    b.adj = calloc(n1, sizeof *b.adj);
    b.up = calloc(n1, sizeof *b.up);
    b.deleted_nb = calloc(n1, sizeof *b.deleted_nb);
    b.priced = calloc(n1, sizeof *b.priced);
    b.stale = malloc(n1);
    b.level = calloc(n1, sizeof *b.level);
    b.wdist = calloc(n1, sizeof *b.wdist);
    b.wstamp = calloc(n1, sizeof *b.wstamp);
    b.target_mark = calloc(n1, sizeof *b.target_mark);
    b.x = malloc(n1 * sizeof *b.x);
    b.nb = calloc(n1, sizeof *b.nb);
    b.nbgen = cfg->first_stamp;
    b.y = malloc(n1 * sizeof *b.y);
    slot = calloc(n1, sizeof *slot);
    rank = malloc(n1 * sizeof *rank);
    if (!rank || !ch->cell || !node_of || !b.adj || !b.up || !b.deleted_nb || !b.priced || !b.stale || !b.level ||
        !b.wdist || !b.wstamp || !b.target_mark || !b.x || !b.y || !b.nb || !slot || !ch_open_init(&b.wopen, 1024) ||
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
        b.x[v] = x;
        b.y[v] = y;
        for (int d = 0; d < 8; d++)
            if (grid_move_legal(g, x, y, d) &&
                !push_arc(&b.adj[v], (Arc){(uint32_t)node_of[grid_index(g, x + GRID_DX[d], y + GRID_DY[d])], CH_NONE,
                                           GRID_DIR_IS_DIAGONAL(d) ? CH_DIAG : CH_CARD}))
                goto oom;
    }
    free(node_of);
    node_of = NULL;
    memset(b.stale, 1, n1);
    for (uint32_t v = 0; v < b.n; v++) {
        if (!price(&b, v))
            goto oom;
        heap_push(&order, v, priority(&b, v), 0);
    }
    for (uint32_t contracted = 0; !heap_empty(&order);) {
        uint32_t v = heap_pop(&order).id;
        bool fresh = b.stale[v]; /* price() simulates v now, so b.sc is v's */
        if (!price(&b, v))
            goto oom;
        double p = priority(&b, v);
        if (!heap_empty(&order) && p > heap_top(&order)->f) { /* lazy update */
            heap_push(&order, v, p, 0);
            continue;
        }
        if (!(fresh && b.exact) && !simulate(&b, v, true))
            goto oom;
        if (!contract(&b, v))
            goto oom;
        rank[v] = contracted++;
    }
    if (!pack(ch, &b, g, rank))
        goto oom;
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
    free(ch->sc);
    memset(ch, 0, sizeof *ch);
}

size_t ch_bytes(const ChGraph *ch)
{
    return (size_t)ch->n * 8 + ((size_t)ch->n + 1) * 4 + (size_t)ch->m * sizeof(ChEdge) +
           (size_t)ch->shortcuts * sizeof(ChShortcut);
}
