/* Building the hierarchy: node order by a lazily updated priority (edge
 * difference, contracted neighbours, depth), bounded witness searches,
 * shortcuts that remember their middle node (Geisberger et al. 2008, §3-4).
 *
 * Each node's contraction is simulated once per look: the simulation both
 * prices the node and records the shortcuts it needs, so when the node is
 * still the cheapest its recorded shortcuts are added as they are, without
 * a second round of witness searches (an older build searched twice, and
 * spent much of its time in the indexed heap of search/heap.h, which the
 * exact integer keys of ch_open.h replace). Where the time went, and what
 * cut it (the measurements: docs/entries/ch.md):
 *  - witness Dijkstra searches: a pair whose only shortest path is the
 *    straight line through v flooded the disc of radius `via` around u;
 *    pruned by the octile bound (may_witness) they settle far fewer nodes;
 *  - two-arc witnesses: one pass per neighbour over its neighbours' lists
 *    was cubic in the degree and most of the time; now all pairs at once
 *    through buckets per middle node (two_hops);
 *  - pricing: a node is simulated again only when its own arcs changed
 *    (price()).
 * Memory: grid moves are bits and the current graph's shortcuts one
 * compacted pool (ch_adj.h); upward shortcuts one block (ch_up.h), streamed
 * into the file by ch_pack.c. */
#include <stdlib.h>
#include <string.h>

#include "../../common/grow.h"
#include "../../common/stamp.h"
#include "../../search/heap.h"
#include "ch.h"
#include "ch_adj.h"
#include "ch_open.h"
#include "ch_up.h"

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

/* A bucket entry of two_hops: v's neighbour i reaches the bucket's node
 * at `cost`; `next` links the bucket's entries. */
typedef struct Ent {
    uint32_t i, next;
    uint64_t cost;
} Ent;

typedef struct Builder {
    uint32_t n;
    ChAdj adj;            /* current graph over uncontracted nodes (both directions) */
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
    ChArc *la, *lu; /* arc lists read out of adj (ch_adj_get), adj.maxdeg each */
    uint32_t bufcap;
    uint32_t opencap;
    NbSlot *nb;     /* node -> its index among v's neighbours, where gen == nbgen */
    NbSlot *bucket; /* node -> its two_hops bucket (first entry), where gen == nbgen */
    uint32_t nbgen;
    uint64_t *pair; /* two_hops' distances, opencap^2 */
    Ent *ent;       /* two_hops' bucket entries, opencap * bufcap */
    uint32_t *touched, nent;
    size_t entcap;
    int32_t *x, *y; /* node -> cell coordinates, for the witness bound */
    Target *target; /* the open pairs of the running witness search (opencap) */
    uint32_t ntarget;
    Shortcut *sc; /* the last simulation's shortcuts */
    uint32_t nsc, sccap;
    ChUp *up; /* result: upward arcs of each contracted node */
    uint32_t shortcuts;
} Builder;

/* Adds or improves the undirected arc u - w; false when out of memory. */
static bool add_edge(Builder *b, uint32_t u, uint32_t w, uint64_t cost, uint32_t mid)
{
    int d = ch_adj_dir(&b->adj, u, w);
    if (d >= 0 && (b->adj.moves[u] >> d & 1))
        return true; /* a move is the shortest path between its ends (ch_adj.h) */
    for (int side = 0; side < 2; side++) {
        uint32_t from = side ? w : u, to = side ? u : w;
        ChArc *l = ch_adj_arcs(&b->adj, from);
        uint32_t n = b->adj.len[from], i = 0;
        b->stale[from] = 1;
        while (i < n && l[i].to != to)
            i++;
        if (i < n) {
            if (cost < l[i].cost) {
                l[i].cost = cost;
                l[i].mid = mid;
            }
        } else if (!ch_adj_push(&b->adj, from, (ChArc){to, mid, cost})) {
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
        const ChArc *l = b->lu;
        for (uint32_t i = 0, n = ch_adj_get(&b->adj, x, b->lu); i < n; i++) {
            uint32_t y = l[i].to;
            uint64_t d = it.key + l[i].cost;
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

/* For every pair (i < k) of v's ln neighbours (b->la), the shortest path
 * of one or two arcs between them that avoids v, into b->pair[i * ln + k].
 * On a grid most witnesses are that short (the cells around v are joined
 * to each other around it), and reading adjacency lists costs far less than
 * a Dijkstra search, which every pair would otherwise start: the
 * "hop-limited" witness search of Geisberger et al. 2008 §4.1, run before
 * the settled-node-limited one instead of in its place. All pairs at once:
 * each middle node x collects the neighbours of v it touches (a bucket),
 * and only pairs within a bucket are joined, so the work is the arcs of v's
 * neighbours plus the (small) bucket pairs, where one search per neighbour
 * read its neighbours' lists again (cubic in the degree, most of the
 * contraction's time). */
static void two_hops(Builder *b, uint32_t v, uint32_t ln)
{
    uint32_t gen = b->nbgen, nt = 0;
    uint64_t *pair = b->pair;
    for (size_t k = 0; k < (size_t)ln * ln; k++)
        pair[k] = UINT64_MAX;
    for (uint32_t i = 0; i < ln; i++) {
        uint32_t u = b->la[i].to;
        for (uint32_t j = 0, nu = ch_adj_get(&b->adj, u, b->lu); j < nu; j++) {
            uint32_t x = b->lu[j].to;
            uint64_t cx = b->lu[j].cost;
            if (x == v)
                continue;
            NbSlot sx = b->nb[x];
            if (sx.gen == gen && sx.k > i && cx < pair[i * ln + sx.k])
                pair[i * ln + sx.k] = cx; /* one arc: u - x, x a neighbour of v */
            if (b->bucket[x].gen != gen) {
                b->bucket[x] = (NbSlot){gen, CH_NONE};
                b->touched[nt++] = x;
            }
            b->ent[b->nent] = (Ent){i, b->bucket[x].k, cx};
            b->bucket[x].k = b->nent++;
        }
    }
    for (uint32_t t = 0; t < nt; t++) /* two arcs: u - x - w */
        for (uint32_t e = b->bucket[b->touched[t]].k; e != CH_NONE; e = b->ent[e].next)
            for (uint32_t f = b->ent[e].next; f != CH_NONE; f = b->ent[f].next) {
                uint32_t lo = b->ent[e].i < b->ent[f].i ? b->ent[e].i : b->ent[f].i;
                uint32_t hi = b->ent[e].i ^ b->ent[f].i ^ lo;
                uint64_t d = b->ent[e].cost + b->ent[f].cost;
                if (d < pair[lo * ln + hi])
                    pair[lo * ln + hi] = d;
            }
    b->nent = 0;
}

/* The shortcuts contracting v needs, into b->sc; false when out of memory.
 * A pair (u, w) of v's neighbours needs one unless a path from u to w that
 * avoids v is no longer than the one through v: looked for within two arcs
 * first, then (`full`) by a bounded Dijkstra search for the pairs still
 * open. Without `full` the count is an upper bound, used to price v. */
static bool simulate(Builder *b, uint32_t v, bool full)
{
    if (b->bufcap < b->adj.maxdeg) { /* exactly the largest degree: a bound, so no doubling */
        uint32_t cap = b->adj.maxdeg;
        if (!grow_to(&b->la, cap, sizeof *b->la) || !grow_to(&b->lu, cap, sizeof *b->lu))
            return false;
        b->bufcap = cap;
    }
    const ChArc *la = b->la;
    uint32_t ln = ch_adj_get(&b->adj, v, b->la);
    b->nsc = 0;
    if (b->opencap < ln) {
        if (!grow_to(&b->open, ln, sizeof *b->open) || !grow_to(&b->target, ln, sizeof *b->target) ||
            !grow_to(&b->pair, (size_t)ln * ln, sizeof *b->pair))
            return false;
        b->opencap = ln;
    }
    if (b->entcap < (size_t)ln * b->bufcap) {
        size_t cap = (size_t)b->opencap * b->bufcap;
        if (!grow_to(&b->ent, cap, sizeof *b->ent) || !grow_to(&b->touched, cap, sizeof *b->touched))
            return false;
        b->entcap = cap;
    }
    uint8_t *open = b->open; /* open[k]: the pair (u, k-th neighbour) has no witness yet */
    StampArea area[2] = {STAMP_FIELD(b->nb, gen, (size_t)b->n + 1)};
    area[1] = STAMP_FIELD(b->bucket, gen, (size_t)b->n + 1);
    uint32_t gen = stamp_next(&b->nbgen, area, 2);
    for (uint32_t k = 0; k < ln; k++)
        b->nb[la[k].to] = (NbSlot){gen, k};
    two_hops(b, v, ln);
    for (uint32_t i = 0; i + 1 < ln; i++) { /* the last neighbour has no pair left */
        uint32_t u = la[i].to;
        uint32_t stamp = 0;
        const uint64_t *best = b->pair + (size_t)i * ln;
        uint64_t max_cost = 0;
        int targets = 0;
        for (uint32_t k = i + 1; k < ln; k++) {
            uint64_t via = la[i].cost + la[k].cost;
            open[k] = best[k] > via;
            targets += open[k];
            if (open[k] && via > max_cost)
                max_cost = via;
        }
        if (targets && full) {
            stamp = next_stamp(b);
            b->ntarget = 0;
            for (uint32_t k = i + 1; k < ln; k++)
                if (open[k]) {
                    uint32_t w = la[k].to;
                    b->target_mark[w] = stamp;
                    b->target[b->ntarget++] = (Target){b->x[w], b->y[w], la[i].cost + la[k].cost};
                }
            witness(b, u, v, max_cost, targets);
        }
        /* Each unordered pair once: u's index below w's. */
        for (uint32_t k = i + 1; k < ln; k++) {
            uint32_t w = la[k].to;
            uint64_t via = la[i].cost + la[k].cost;
            if (!open[k] || (targets && full && b->wstamp[w] == stamp && b->wdist[w] <= via))
                continue; /* a witness no longer than the path through v */
            if (!GROW32(b->sc, b->sccap, (size_t)b->nsc + 1, 64))
                return false;
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
    return (double)(2 * (long)nsc - (long)ch_adj_degree(&b->adj, v)) + b->deleted_nb[v] + b->level[v];
}

/* Adds the simulated shortcuts and moves v's arcs up: v leaves the graph. */
static bool contract(Builder *b, uint32_t v)
{
    for (uint32_t i = 0; i < b->nsc; i++)
        if (!add_edge(b, b->sc[i].u, b->sc[i].w, b->sc[i].cost, v))
            return false;
    b->shortcuts += b->nsc;
    ChUp *up = b->up;
    uint32_t n = b->adj.len[v], deg = ch_adj_get(&b->adj, v, b->la), moves = deg - n;
    up->moves[v] = b->adj.moves[v];
    if (!GROW(up->arc, up->cap, up->narc + n, 1024))
        return false;
    up->start[v] = (uint32_t)up->narc;
    up->count[v] = n;
    memcpy(up->arc + up->narc, ch_adj_arcs(&b->adj, v), n * sizeof *up->arc);
    up->narc += n;
    if (!ch_adj_drop(&b->adj, v))
        return false;
    for (uint32_t i = 0; i < deg; i++) {
        uint32_t u = b->la[i].to;
        const ChArc *lu = ch_adj_arcs(&b->adj, u);
        for (uint32_t j = 0; i >= moves && j < b->adj.len[u]; j++) /* a move went with ch_adj_drop */
            if (lu[j].to == v) {
                ch_adj_remove(&b->adj, u, j);
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
    ch_adj_free(&b->adj);
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
    free(b->pair);
    free(b->ent);
    free(b->touched);
    free(b->bucket);
    free(b->la);
    free(b->lu);
    free(b->nb);
    free(b->x);
    free(b->y);
    ch_open_free(&b->wopen);
}

typedef struct PrioSlot {
    int32_t pos;
} PrioSlot;

void ch_up_free(ChUp *up)
{
    free(up->cell);
    free(up->node_of);
    free(up->rank);
    free(up->moves);
    free(up->start);
    free(up->count);
    free(up->arc);
    memset(up, 0, sizeof *up);
}

bool ch_contract(ChUp *up, const Grid *g, const ChBuildConfig *cfg, Err *err)
{
    memset(up, 0, sizeof *up);
    Builder b = {0};
    Heap order = {0};
    PrioSlot *slot = NULL;
    int32_t *node_of = NULL;
    bool ok = true;
    size_t cells = (size_t)(g->height + 2) * g->stride;
    b.n = (uint32_t)grid_count_passable(g);
    b.limit = cfg->witness_limit;
    b.exact = cfg->exact_order;
    b.stamp = cfg->first_stamp;
    b.nbgen = cfg->first_stamp;
    b.up = up;
    up->n = b.n;
    size_t n1 = (size_t)b.n + 1;
    up->cell = malloc(n1 * sizeof *up->cell);
    up->rank = malloc(n1 * sizeof *up->rank);
    up->start = calloc(n1, sizeof *up->start);
    up->count = calloc(n1, sizeof *up->count);
    up->cap = 1024; /* never NULL, so an empty range of it is a real pointer */
    up->arc = malloc(up->cap * sizeof *up->arc);
    node_of = up->node_of = malloc(cells * sizeof *node_of);
    up->moves = calloc(n1, 1);
    b.deleted_nb = calloc(n1, sizeof *b.deleted_nb);
    b.priced = calloc(n1, sizeof *b.priced);
    b.stale = malloc(n1);
    b.level = calloc(n1, sizeof *b.level);
    b.wdist = calloc(n1, sizeof *b.wdist);
    b.wstamp = calloc(n1, sizeof *b.wstamp);
    b.target_mark = calloc(n1, sizeof *b.target_mark);
    b.x = malloc(n1 * sizeof *b.x);
    b.y = malloc(n1 * sizeof *b.y);
    b.nb = calloc(n1, sizeof *b.nb);
    b.bucket = calloc(n1, sizeof *b.bucket);
    slot = calloc(n1, sizeof *slot);
    if (!up->cell || !up->rank || !up->moves || !up->start || !up->count || !up->arc || !node_of || !b.deleted_nb ||
        !b.priced || !b.stale || !b.level || !b.wdist || !b.wstamp || !b.target_mark || !b.x || !b.y || !b.nb ||
        !b.bucket || !slot || !ch_open_init(&b.wopen, 1024) || !heap_init(&order, b.n + 1, &slot[0].pos, sizeof *slot))
        goto oom;
    uint32_t k = 0;
    for (size_t c = 0; c < cells; c++)
        node_of[c] = g->cells[c] ? (int32_t)k++ : -1;
    for (size_t c = 0; c < cells; c++)
        if (node_of[c] >= 0)
            up->cell[node_of[c]] = (uint32_t)c;
    if (!ch_adj_init(&b.adj, g, b.n, node_of, up->cell))
        goto oom;
    for (uint32_t v = 0; v < b.n; v++) {
        b.x[v] = grid_index_x(g, (int)up->cell[v]);
        b.y[v] = grid_index_y(g, (int)up->cell[v]);
    }
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
        up->rank[v] = contracted++;
    }
    if (up->narc < up->cap) { /* the arcs are final: give back the doubling's slack (a shrink: not grow.h) */
        ChArc *fit = realloc(up->arc, (up->narc ? up->narc : 1) * sizeof *fit);
        if (fit) {
            up->arc = fit;
            up->cap = up->narc;
        }
    }
    goto done;
oom:
    ch_up_free(up);
    ok = err_set(err, "ch: out of memory contracting a %dx%d map", g->width, g->height);
done:
    builder_free(&b);
    heap_free(&order);
    free(slot);
    return ok;
}
