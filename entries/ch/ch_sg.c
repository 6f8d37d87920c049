/* The hierarchy over the simple subgoal graph (ch.h, "Subgoal graph"): the
 * CH-SG idea of Uras & Koenig ("Identifying Hierarchies for Fast Optimal
 * Search", AAAI 2014, and the CH entry over subgoals of GPPC 2014): the
 * nodes are the subgoals of search/subgoal.h, the edges their
 * direct-h-reachable pairs at octile cost, contracted as in Geisberger et
 * al. 2008 §3-4 (node order by a lazily updated priority: edge difference,
 * contracted neighbours, depth; bounded witness Dijkstra searches;
 * shortcuts that remember their middle node and its two arcs).
 *
 * A subgoal graph has one node per obstacle corner instead of one per cell
 * (a few to a dozen per hundred passable cells on DAO maps), and its edges
 * already span the open areas whose many equal shortest paths made the
 * grid graph's hierarchy dense at the top; the whole graph fits in cache.
 *
 * Nodes are numbered by contraction order (rank = id): a node's upward arcs
 * are final when it is contracted, so appending them in that order is
 * already the CSR edge array, and a shortcut names its halves by their
 * index in it. The query's top nodes, which every query reaches, share the
 * last cache lines. */
#include <stdlib.h>
#include <string.h>

#include "../../common/grow.h"
#include "../../common/stamp.h"
#include "ch.h"
#include "ch_open.h"

typedef struct SgArc {
    uint32_t to, mid; /* mid: CH_NONE for a direct edge */
    uint32_t ha, hb;  /* a shortcut's halves: mid's upward arcs to this arc's owner, then to `to` */
    uint64_t cost;
} SgArc;

typedef struct SgList {
    SgArc *a;
    uint32_t n, cap;
} SgList;

typedef struct SgBuild {
    uint32_t n;
    SgList *adj; /* the current graph over uncontracted nodes, both directions */
    uint32_t *deleted, *level;
    uint8_t *done;
    int64_t *prio;
    uint64_t *dist;                /* witness labels, valid where mark == stamp */
    uint32_t *mark, *tmark, stamp; /* tmark: the running search's targets */
    ChOpen wopen, order_open;
    int limit;
    SgArc *up; /* upward arcs in contraction order */
    size_t nup, upcap;
    uint32_t *first; /* rank -> its first arc in up (n + 1) */
    uint32_t *rank;  /* subgoal id -> rank */
    uint32_t *order; /* rank -> subgoal id */
    uint32_t contracted, shortcuts;
} SgBuild;

static bool list_push(SgList *l, SgArc a)
{
    if (!GROW32(l->a, l->cap, (size_t)l->n + 1, 8))
        return false;
    l->a[l->n++] = a;
    return true;
}

static SgArc *list_find(SgList *l, uint32_t to)
{
    for (uint32_t k = 0; k < l->n; k++)
        if (l->a[k].to == to)
            return &l->a[k];
    return NULL;
}

/* Dijkstra from src over uncontracted nodes, never through `skip`, settling
 * at most `limit` nodes and nothing beyond `bound`; it stops once the
 * `ntarget` targets (skip's arcs `target`) are settled. */
static void witness(SgBuild *b, uint32_t src, uint32_t skip, uint64_t bound, const SgArc *target, uint32_t ntarget)
{
    StampArea area[2] = {STAMP_ARRAY(b->mark, b->n), STAMP_ARRAY(b->tmark, b->n)};
    uint32_t st = stamp_next(&b->stamp, area, 2);
    for (uint32_t k = 0; k < ntarget; k++)
        b->tmark[target[k].to] = st;
    b->wopen.n = 0;
    b->dist[src] = 0;
    b->mark[src] = st;
    ch_open_push(&b->wopen, 0, src);
    for (int settled = 0; b->wopen.n;) {
        ChOpenItem it = ch_open_pop(&b->wopen);
        uint32_t y = it.node;
        if (it.key != b->dist[y])
            continue; /* stale */
        if (it.key > bound || ++settled > b->limit || (b->tmark[y] == st && --ntarget == 0))
            break;
        const SgList *l = &b->adj[y];
        for (uint32_t k = 0; k < l->n; k++) {
            uint32_t w = l->a[k].to;
            uint64_t d = it.key + l->a[k].cost;
            if (w == skip || d > bound || (b->mark[w] == st && d >= b->dist[w]))
                continue;
            b->dist[w] = d;
            b->mark[w] = st;
            ch_open_push(&b->wopen, d, w);
        }
    }
}

/* Adds or improves the shortcut u - w over v (hu, hw: v's upward arcs to u
 * and w); false when out of memory. */
static bool add_shortcut(SgBuild *b, uint32_t u, uint32_t w, uint64_t cost, uint32_t v, uint32_t hu, uint32_t hw)
{
    SgArc *e = list_find(&b->adj[u], w);
    if (e) {
        if (e->cost > cost) {
            *e = (SgArc){w, v, hu, hw, cost};
            *list_find(&b->adj[w], u) = (SgArc){u, v, hw, hu, cost};
        }
        return true;
    }
    b->shortcuts++;
    return list_push(&b->adj[u], (SgArc){w, v, hu, hw, cost}) && list_push(&b->adj[w], (SgArc){u, v, hw, hu, cost});
}

/* The pairs of v's neighbours that need a shortcut over v (no witness of at
 * most their cost through the rest of the graph): counted, and with
 * `base` != CH_NONE added (v's arcs already copied to up[base ..]).
 * Returns the count, -1 when out of memory. */
static int64_t pairs(SgBuild *b, uint32_t v, uint32_t base)
{
    const SgList *l = &b->adj[v];
    int64_t count = 0;
    for (uint32_t i = 0; i + 1 < l->n; i++) {
        uint32_t u = l->a[i].to;
        uint64_t cu = l->a[i].cost, bound = 0;
        for (uint32_t j = i + 1; j < l->n; j++)
            if (cu + l->a[j].cost > bound)
                bound = cu + l->a[j].cost;
        witness(b, u, v, bound, l->a + i + 1, l->n - i - 1);
        for (uint32_t j = i + 1; j < l->n; j++) {
            uint32_t w = l->a[j].to;
            uint64_t need = cu + l->a[j].cost;
            if (b->mark[w] == b->stamp && b->dist[w] <= need)
                continue; /* a path of equal or lower cost avoids v */
            count++;
            if (base != CH_NONE && !add_shortcut(b, u, w, need, v, base + i, base + j))
                return -1;
        }
    }
    return count;
}

/* Edge difference, contracted neighbours and depth, weighted as in
 * Geisberger et al. 2008 §3.1 (the difference counted twice). */
static int64_t price(SgBuild *b, uint32_t v)
{
    int64_t sc = pairs(b, v, CH_NONE);
    return 2 * (sc - (int64_t)b->adj[v].n) + b->deleted[v] + b->level[v];
}

static uint64_t prio_key(int64_t p) { return (uint64_t)(p + ((int64_t)1 << 40)); }

/* Contracts v: its arcs become its upward arcs, the shortcuts go in, and v
 * leaves its neighbours' lists. */
static bool contract(SgBuild *b, uint32_t v)
{
    SgList *l = &b->adj[v];
    if (!GROW(b->up, b->upcap, b->nup + l->n, 1024))
        return false;
    uint32_t base = (uint32_t)b->nup;
    if (l->n) /* an isolated subgoal has no list yet */
        memcpy(b->up + base, l->a, l->n * sizeof *l->a);
    b->nup += l->n;
    if (pairs(b, v, base) < 0)
        return false;
    for (uint32_t k = 0; k < l->n; k++) {
        SgList *lu = &b->adj[l->a[k].to];
        SgArc *e = list_find(lu, v);
        *e = lu->a[--lu->n];
        b->deleted[l->a[k].to]++;
        if (b->level[l->a[k].to] < b->level[v] + 1)
            b->level[l->a[k].to] = b->level[v] + 1;
    }
    b->done[v] = 1;
    b->rank[v] = b->contracted;
    b->order[b->contracted++] = v;
    b->first[b->contracted] = (uint32_t)b->nup;
    return true;
}

static bool order_and_contract(SgBuild *b)
{
    for (uint32_t v = 0; v < b->n; v++) {
        b->prio[v] = price(b, v);
        ch_open_push(&b->order_open, prio_key(b->prio[v]), v);
    }
    while (b->order_open.n) {
        ChOpenItem it = ch_open_pop(&b->order_open);
        uint32_t v = it.node;
        if (b->done[v] || it.key != prio_key(b->prio[v]))
            continue;
        /* Lazy update (§3.1): neighbours' contractions may have raised v's
         * price; while it is still no higher than the next node's, v goes. */
        int64_t p = price(b, v);
        if (p != b->prio[v] && b->order_open.n && prio_key(p) > b->order_open.item[0].key) {
            b->prio[v] = p;
            ch_open_push(&b->order_open, prio_key(p), v);
            continue;
        }
        if (!contract(b, v))
            return false;
    }
    return true;
}

/* The subgoal graph's edges, made symmetric (a scan may find a pair from
 * one end only), at octile cost. */
static bool initial_graph(SgBuild *b, const SubGraph *sg, const Grid *g)
{
    for (uint32_t v = 0; v < sg->n; v++)
        for (uint32_t e = sg->first[v]; e < sg->first[v + 1]; e++) {
            uint32_t w = sg->edge[e];
            if (w == v || list_find(&b->adj[v], w))
                continue;
            uint64_t c = ch_octile(g, sub_cell(sg, sg->pos[v]), sub_cell(sg, sg->pos[w]));
            if (!list_push(&b->adj[v], (SgArc){w, CH_NONE, 0, 0, c}) ||
                !list_push(&b->adj[w], (SgArc){v, CH_NONE, 0, 0, c}))
                return false;
        }
    return true;
}

/* The ChGraph in rank numbering; false when out of memory or (never
 * expected) a direct edge walks neither shape. */
static bool pack(const SgBuild *b, const SubGraph *sg, const Grid *g, ChGraph *ch, Err *err)
{
    uint32_t n = b->n;
    ch->n = n;
    ch->m = (uint32_t)b->nup;
    ch->shortcuts = 0;
    ch->cell = malloc(((size_t)n + 1) * sizeof *ch->cell);
    ch->rank = malloc(((size_t)n + 1) * sizeof *ch->rank);
    ch->first = malloc(((size_t)n + 1) * sizeof *ch->first);
    ch->edge = malloc(((size_t)ch->m + 1) * sizeof *ch->edge);
    ch->sc = malloc(((size_t)b->shortcuts + 1) * sizeof *ch->sc);
    if (!ch->cell || !ch->rank || !ch->first || !ch->edge || !ch->sc)
        return err_set(err, "ch: out of memory packing the subgoal hierarchy");
    for (uint32_t r = 0; r < n; r++) {
        ch->cell[r] = sub_cell(sg, sg->pos[b->order[r]]);
        ch->rank[r] = r;
    }
    memcpy(ch->first, b->first, ((size_t)n + 1) * sizeof *ch->first);
    for (uint32_t r = 0; r < n; r++)
        for (uint32_t e = ch->first[r]; e < ch->first[r + 1]; e++) {
            const SgArc *a = &b->up[e];
            uint32_t t = b->rank[a->to];
            uint32_t shape = (uint32_t)ch_shape_of(g, ch->cell[r], ch->cell[t], a->cost);
            uint32_t aux = CH_SC_DIRECT;
            if (a->mid == CH_NONE && shape == CH_SHAPE_NONE)
                return err_set(err, "ch: a subgoal edge walks neither octile shape");
            if (a->mid != CH_NONE) {
                aux = ch->shortcuts;
                ch->sc[ch->shortcuts++] = (ChShortcut){b->rank[a->mid], a->ha, a->hb};
            }
            ch->edge[e] = (ChEdge){t, aux | shape << 30, a->cost};
        }
    return true;
}

static void sg_build_free(SgBuild *b)
{
    for (uint32_t v = 0; b->adj && v < b->n; v++)
        free(b->adj[v].a);
    free(b->adj);
    free(b->deleted);
    free(b->level);
    free(b->done);
    free(b->prio);
    free(b->dist);
    free(b->mark);
    free(b->tmark);
    ch_open_free(&b->wopen);
    ch_open_free(&b->order_open);
    free(b->up);
    free(b->first);
    free(b->rank);
    free(b->order);
}

bool ch_sg_build(ChGraph *ch, const SubGraph *sg, const Grid *g, const ChBuildConfig *cfg, Err *err)
{
    memset(ch, 0, sizeof *ch);
    SgBuild b = {0};
    size_t n = (size_t)sg->n + 1;
    b.n = sg->n;
    b.limit = cfg->witness_limit;
    b.stamp = cfg->first_stamp;
    b.adj = calloc(n, sizeof *b.adj);
    b.deleted = calloc(n, sizeof *b.deleted);
    b.level = calloc(n, sizeof *b.level);
    b.done = calloc(n, 1);
    b.prio = calloc(n, sizeof *b.prio);
    b.dist = calloc(n, sizeof *b.dist);
    b.mark = calloc(n, sizeof *b.mark);
    b.tmark = calloc(n, sizeof *b.tmark);
    b.first = calloc(n, sizeof *b.first);
    b.rank = calloc(n, sizeof *b.rank);
    b.order = calloc(n, sizeof *b.order);
    bool ok = b.adj && b.deleted && b.level && b.done && b.prio && b.dist && b.mark && b.tmark && b.first && b.rank &&
              b.order && ch_open_init(&b.wopen, 64) && ch_open_init(&b.order_open, (uint32_t)n);
    ok = ok && initial_graph(&b, sg, g) && order_and_contract(&b);
    if (!ok)
        err_set(err, "ch: out of memory contracting the subgoal graph of a %dx%d map", g->width, g->height);
    ok = ok && pack(&b, sg, g, ch, err);
    sg_build_free(&b);
    if (!ok)
        ch_free(ch);
    return ok;
}
