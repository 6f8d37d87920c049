#include "abs_ch.h"

#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "../search/heap.h"
#include "abs_cost.h"

/* Settled regions per witness search: beyond it a shortcut is added without
 * proof that it is needed (never wrong, only a few more arcs; §3.1). */
#define WITNESS_SETTLE_LIMIT 256

/* The graph while it is contracted: per region its out- and in-arcs, grown
 * by shortcuts; build time only. */
typedef struct ArcVec {
    AbsChArc *a;
    uint32_t n, cap;
} ArcVec;

typedef struct Builder {
    uint32_t n;
    ArcVec *out, *in;
    bool *done;
    uint32_t *deleted; /* contracted neighbours, the priority's second term */
    BestFirst wit;
    bool oom;
} Builder;

static AbsChArc *vec_find(ArcVec *v, uint32_t to)
{
    for (uint32_t i = 0; i < v->n; i++)
        if (v->a[i].to == to)
            return &v->a[i];
    return NULL;
}

static bool vec_push(ArcVec *v, AbsChArc a)
{
    if (!GROW32(v->a, v->cap, (size_t)v->n + 1, 4))
        return false;
    v->a[v->n++] = a;
    return true;
}

/* u -> w at `cost` through `mid`, or a cheaper cost for an existing u -> w;
 * one arc per ordered pair, so unpacking finds a half by its ends. */
static void add_arc(Builder *b, uint32_t u, uint32_t w, uint32_t cost, uint32_t mid)
{
    AbsChArc *o = vec_find(&b->out[u], w);
    if (o) {
        if (cost < o->cost) {
            AbsChArc *i = vec_find(&b->in[w], u);
            o->cost = i->cost = cost;
            o->mid = i->mid = mid;
        }
        return;
    }
    if (!vec_push(&b->out[u], (AbsChArc){w, cost, mid}) || !vec_push(&b->in[w], (AbsChArc){u, cost, mid}))
        b->oom = true;
}

/* Dijkstra from u over live regions other than `skip`, up to cost `bound`. */
static void witness(Builder *b, uint32_t u, uint32_t skip, double bound)
{
    BestFirst *bf = &b->wit;
    bf_start(bf, u, 0);
    uint32_t cur, settled = 0;
    while (bf_pop(bf, &cur) && settled++ < WITNESS_SETTLE_LIMIT) {
        double g = bf->node[cur].g;
        if (g > bound)
            break;
        const ArcVec *o = &b->out[cur];
        for (uint32_t i = 0; i < o->n; i++) {
            uint32_t w = o->a[i].to;
            if (w == skip || b->done[w])
                continue;
            double ng = g + o->a[i].cost;
            BfOffer off = bf_offer(bf, w, ng);
            if (off)
                bf_queue(bf, w, off, ng);
        }
    }
}

/* The shortcuts contracting v needs; added unless `simulate`. */
static uint32_t contract(Builder *b, uint32_t v, bool simulate)
{
    uint32_t count = 0;
    const ArcVec *in = &b->in[v], *out = &b->out[v];
    for (uint32_t i = 0; i < in->n; i++) {
        uint32_t u = in->a[i].to, c1 = in->a[i].cost, max_out = 0;
        bool any = false;
        if (b->done[u])
            continue;
        for (uint32_t j = 0; j < out->n; j++)
            if (!b->done[out->a[j].to] && out->a[j].to != u) {
                any = true;
                if (out->a[j].cost > max_out)
                    max_out = out->a[j].cost;
            }
        if (!any)
            continue;
        witness(b, u, v, (double)c1 + max_out);
        for (uint32_t j = 0; j < out->n; j++) {
            uint32_t w = out->a[j].to;
            double via = (double)c1 + out->a[j].cost;
            if (b->done[w] || w == u || (bf_reached(&b->wit, w) && b->wit.node[w].g <= via))
                continue;
            count++;
            if (!simulate)
                add_arc(b, u, w, c1 + out->a[j].cost, v);
        }
    }
    return count;
}

static uint32_t live_degree(const Builder *b, uint32_t v)
{
    uint32_t d = 0;
    for (uint32_t i = 0; i < b->out[v].n; i++)
        d += !b->done[b->out[v].a[i].to];
    for (uint32_t i = 0; i < b->in[v].n; i++)
        d += !b->done[b->in[v].a[i].to];
    return d;
}

/* Edge difference plus deleted neighbours (§3.1's simplest good order). */
static double priority(Builder *b, uint32_t v)
{
    return (double)contract(b, v, true) - (double)live_degree(b, v) + (double)b->deleted[v];
}

static void builder_free(Builder *b)
{
    for (uint32_t v = 0; b->out && v < b->n; v++)
        free(b->out[v].a);
    for (uint32_t v = 0; b->in && v < b->n; v++)
        free(b->in[v].a);
    free(b->out);
    free(b->in);
    free(b->done);
    free(b->deleted);
    bf_free(&b->wit);
}

/* Arcs of `lists` whose other end ranks above their owner, as CSR. */
static bool flatten(const ArcVec *lists, const uint32_t *rank, uint32_t n, uint32_t **first, AbsChArc **arcs,
                    uint32_t *count)
{
    uint32_t m = 0;
    for (uint32_t v = 0; v < n; v++)
        for (uint32_t i = 0; i < lists[v].n; i++)
            m += rank[lists[v].a[i].to] > rank[v];
    *first = malloc(((size_t)n + 1) * sizeof **first);
    *arcs = malloc(((size_t)m + 1) * sizeof **arcs);
    if (!*first || !*arcs)
        return false;
    m = 0;
    for (uint32_t v = 0; v < n; v++) {
        (*first)[v] = m;
        for (uint32_t i = 0; i < lists[v].n; i++)
            if (rank[lists[v].a[i].to] > rank[v])
                (*arcs)[m++] = lists[v].a[i];
    }
    (*first)[n] = m;
    *count = m;
    return true;
}

static bool contract_all(Builder *b, uint32_t *rank)
{
    uint32_t n = b->n;
    int32_t *pos = malloc((size_t)n * sizeof *pos);
    Heap h;
    if (!pos || !heap_init(&h, n, pos, sizeof *pos)) {
        free(pos);
        return false;
    }
    for (uint32_t v = 0; v < n; v++)
        heap_push(&h, v, priority(b, v), 0);
    uint32_t next = 0;
    while (!heap_empty(&h) && !b->oom) {
        HeapItem it = heap_pop(&h);
        double p = priority(b, it.id);
        if (!heap_empty(&h) && p > heap_top(&h)->f) { /* lazy update (§3.1) */
            heap_push(&h, it.id, p, 0);
            continue;
        }
        contract(b, it.id, false);
        b->done[it.id] = true;
        rank[it.id] = next++;
        for (uint32_t i = 0; i < b->out[it.id].n; i++)
            b->deleted[b->out[it.id].a[i].to]++;
        for (uint32_t i = 0; i < b->in[it.id].n; i++)
            b->deleted[b->in[it.id].a[i].to]++;
    }
    heap_free(&h);
    free(pos);
    return !b->oom;
}

bool abs_ch_build(AbsCh *ch, uint32_t n, const uint32_t *adj_first, const uint32_t *to, const uint32_t *cost,
                  size_t stride, Err *err)
{
    memset(ch, 0, sizeof *ch);
    ch->n = n;
    size_t cnt = n ? n : 1;
    Builder b = {.n = n};
    b.out = calloc(cnt, sizeof *b.out);
    b.in = calloc(cnt, sizeof *b.in);
    b.done = calloc(cnt, sizeof *b.done);
    b.deleted = calloc(cnt, sizeof *b.deleted);
    uint32_t *rank = malloc(cnt * sizeof *rank);
    bool ok = b.out && b.in && b.done && b.deleted && rank && bf_init(&b.wit, cnt, (uint32_t)cnt);
    for (uint32_t v = 0; ok && v < n; v++)
        for (uint32_t i = adj_first[v]; i < adj_first[v + 1]; i++) {
            uint32_t w = *(const uint32_t *)(const void *)((const char *)to + i * stride);
            uint32_t c = *(const uint32_t *)(const void *)((const char *)cost + i * stride);
            if (w != v)
                add_arc(&b, v, w, c, ABS_CH_NONE);
        }
    ok = ok && !b.oom && contract_all(&b, rank) && flatten(b.out, rank, n, &ch->up_first, &ch->up, &ch->nup) &&
         flatten(b.in, rank, n, &ch->dn_first, &ch->dn, &ch->ndn);
    builder_free(&b);
    free(rank);
    if (ok) {
        for (uint32_t i = 0; i < ch->nup; i++)
            ch->shortcuts += ch->up[i].mid != ABS_CH_NONE;
        ch->shared = ch->nup == ch->ndn &&
                     !memcmp(ch->up_first, ch->dn_first, ((size_t)n + 1) * sizeof *ch->up_first) &&
                     !memcmp(ch->up, ch->dn, (size_t)ch->nup * sizeof *ch->up);
        if (ch->shared) { /* symmetric costs: one copy serves both directions */
            free(ch->dn_first);
            free(ch->dn);
            ch->dn_first = ch->up_first;
            ch->dn = ch->up;
        }
        ch->fpar = malloc(cnt * sizeof *ch->fpar);
        ch->bpar = malloc(cnt * sizeof *ch->bpar);
        ch->fnode = malloc(cnt * sizeof *ch->fnode);
        ch->bnode = malloc(cnt * sizeof *ch->bnode);
        ch->chain = malloc(cnt * sizeof *ch->chain);
        ok = ch->chain && ch->fpar && ch->bpar && ch->fnode && ch->bnode && bf_init(&ch->fw, cnt, (uint32_t)cnt) &&
             bf_init(&ch->bw, cnt, (uint32_t)cnt);
    }
    if (!ok) {
        abs_ch_free(ch);
        return err_set(err, "out of memory for the abstract contraction hierarchy (%u regions)", n);
    }
    return true;
}

void abs_ch_free(AbsCh *ch)
{
    if (!ch->shared) {
        free(ch->dn_first);
        free(ch->dn);
    }
    free(ch->up_first);
    free(ch->up);
    free(ch->fpar);
    free(ch->bpar);
    free(ch->fnode);
    free(ch->bnode);
    free(ch->chain);
    bf_free(&ch->fw);
    bf_free(&ch->bw);
    memset(ch, 0, sizeof *ch);
}

size_t abs_ch_kept_bytes(const AbsCh *ch)
{
    if (!ch->up_first)
        return 0;
    size_t offs = ((size_t)ch->n + 1) * sizeof *ch->up_first;
    size_t up = offs + (size_t)ch->nup * sizeof *ch->up;
    return ch->shared ? up : up + offs + (size_t)ch->ndn * sizeof *ch->dn;
}

size_t abs_ch_scratch_bytes(const AbsCh *ch)
{
    return ch->fw.count * (2 * sizeof(BfNode) + 20) + ((size_t)ch->fw.open.cap + ch->bw.open.cap) * sizeof(HeapItem);
}

/* The arc from->to among `arcs[first[v] .. first[v + 1])` with the given other end. */
static const AbsChArc *find_arc(const uint32_t *first, const AbsChArc *arcs, uint32_t v, uint32_t other)
{
    for (uint32_t i = first[v]; i < first[v + 1]; i++)
        if (arcs[i].to == other)
            return &arcs[i];
    return NULL;
}

/* Appends the regions after a on the arc a -> b (shortcuts unpacked, §4.2):
 * a shortcut's middle ranks below both ends, so a -> mid is a down arc of
 * mid and mid -> b an up arc of mid. Depth is bounded by the hierarchy's height. */
static void unpack(const AbsCh *ch, uint32_t a, uint32_t b, uint32_t mid, uint32_t *path, int *len)
{
    if (mid == ABS_CH_NONE) {
        path[(*len)++] = b;
        return;
    }
    const AbsChArc *l = find_arc(ch->dn_first, ch->dn, mid, a), *r = find_arc(ch->up_first, ch->up, mid, b);
    unpack(ch, a, mid, l ? l->mid : ABS_CH_NONE, path, len);
    unpack(ch, mid, b, r ? r->mid : ABS_CH_NONE, path, len);
}

/* Is v reached more cheaply from above (stall-on-demand, §4.1)? `down` are
 * the arcs into v from higher regions in this search's direction. */
static bool stalled(const BestFirst *bf, const uint32_t *first, const AbsChArc *down, uint32_t v, double g)
{
    for (uint32_t i = first[v]; i < first[v + 1]; i++) {
        uint32_t u = down[i].to;
        if (bf_reached(bf, u) && bf->node[u].g + down[i].cost < g)
            return true;
    }
    return false;
}

/* A traced event about region v of one direction's search (from: the
 * region it was reached from, ABS_CH_NONE at that search's root). */
static void trace_region(const AbsCh *ch, TraceType type, const BestFirst *bf, uint32_t v, uint32_t from)
{
    double g = bf && bf_reached(bf, v) ? bf->node[v].g / ABS_COST_SCALE : 0;
    const xyLoc *parent = from == ABS_CH_NONE ? NULL : &ch->center[from];
    trace_emit(ch->tracer, type, ch->center[v], parent, g, g);
}

double abs_ch_query(AbsCh *ch, uint32_t s, uint32_t t, uint32_t *path, int *len)
{
    *len = 0;
    if (s == t) {
        path[(*len)++] = s;
        return 0;
    }
    BestFirst *side[2] = {&ch->fw, &ch->bw};
    const uint32_t *first[2] = {ch->up_first, ch->dn_first};
    const AbsChArc *arcs[2] = {ch->up, ch->dn};
    uint32_t *par[2] = {ch->fpar, ch->bpar}, *node[2] = {ch->fnode, ch->bnode};
    bf_start(side[0], s, 0);
    bf_start(side[1], t, 0);
    ch->fpar[s] = ch->bpar[t] = ABS_CH_NONE;
    if (ch->tracer) {
        trace_region(ch, TRACE_SOURCE, NULL, s, ABS_CH_NONE);
        trace_region(ch, TRACE_DESTINATION, NULL, t, ABS_CH_NONE);
        trace_region(ch, TRACE_GENERATING, side[0], s, ABS_CH_NONE);
        trace_region(ch, TRACE_GENERATING, side[1], t, ABS_CH_NONE);
    }
    double best = -1;
    uint32_t meet = ABS_CH_NONE, settled = 0;
    for (;;) {
        double key[2];
        for (int d = 0; d < 2; d++)
            key[d] = heap_empty(&side[d]->open) ? -1 : heap_top(&side[d]->open)->f;
        int d = key[0] < 0 ? 1 : key[1] < 0 ? 0 : key[1] < key[0];
        if (key[d] < 0 || (best >= 0 && key[d] >= best))
            break; /* both lists empty, or neither can improve on `best` (§4) */
        BestFirst *bf = side[d], *other = side[1 - d];
        uint32_t v = 0;
        bf_pop(bf, &v);
        settled++;
        double g = bf->node[v].g;
        if (bf_reached(other, v) && (best < 0 || g + other->node[v].g < best)) {
            best = g + other->node[v].g;
            meet = v;
        }
        /* The arcs into v from above in this direction are the other
         * direction's upward arcs of v. */
        if (stalled(bf, first[1 - d], arcs[1 - d], v, g))
            continue;
        uint32_t from = par[d][v] == ABS_CH_NONE ? ABS_CH_NONE : node[d][v];
        if (ch->tracer)
            trace_region(ch, TRACE_EXPANDING, bf, v, from);
        for (uint32_t i = first[d][v]; i < first[d][v + 1]; i++) {
            uint32_t w = arcs[d][i].to;
            double ng = g + arcs[d][i].cost;
            BfOffer o = bf_offer(bf, w, ng);
            if (o) {
                par[d][w] = i;
                node[d][w] = v;
                bf_queue(bf, w, o, ng);
                if (ch->tracer)
                    trace_region(ch, TRACE_GENERATING, bf, w, v);
            }
        }
        if (ch->tracer)
            trace_region(ch, TRACE_CLOSING, bf, v, from);
    }
    ch->last_settled = settled;
    if (ch->tracer)
        trace_region(ch, TRACE_END, NULL, best < 0 ? s : meet, ABS_CH_NONE);
    if (best < 0)
        return -1;
    /* s .. meet: the forward chain, collected backwards then unpacked in order. */
    int top = 0;
    for (uint32_t v = meet; ch->fpar[v] != ABS_CH_NONE; v = ch->fnode[v])
        ch->chain[top++] = v; /* the chain's heads, meet first */
    path[(*len)++] = s;
    for (int i = top - 1; i >= 0; i--) {
        uint32_t b = ch->chain[i];
        unpack(ch, ch->fnode[b], b, ch->up[ch->fpar[b]].mid, path, len);
    }
    /* meet .. t: the backward chain, each arc b -> node[b] a down arc of node[b]. */
    for (uint32_t v = meet; ch->bpar[v] != ABS_CH_NONE; v = ch->bnode[v])
        unpack(ch, v, ch->bnode[v], ch->dn[ch->bpar[v]].mid, path, len);
    return best;
}
