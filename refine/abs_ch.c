#include "abs_ch.h"

#include <stdlib.h>
#include <string.h>

#include "../search/heap.h"
#include "abs_cost.h"

#define INF UINT32_MAX

static inline uint32_t add_sat(uint32_t a, uint32_t b) { return a == INF || b == INF || a > INF - 1 - b ? INF : a + b; }

/* The original edges' costs on the shape (INF where the shape's arc is no
 * edge); false when an edge joins regions the shape does not join (their
 * sectors are not neighbours: not an abstraction's edge). */
static bool set_metric(AbsCh *ch, const uint32_t *adj_first, const uint32_t *to, const uint32_t *cost, size_t stride)
{
    const AbsChTopo *t = &ch->topo;
    for (uint32_t i = 0; i < t->m; i++) {
        ch->w_up[i] = ch->w_dn[i] = INF;
        ch->mid_up[i] = ch->mid_dn[i] = ABS_CH_NONE;
    }
    for (uint32_t r = 0; r < t->n; r++)
        for (uint32_t i = adj_first[r]; i < adj_first[r + 1]; i++) {
            uint32_t w = *(const uint32_t *)(const void *)((const char *)to + i * stride);
            uint32_t c = *(const uint32_t *)(const void *)((const char *)cost + i * stride);
            uint32_t u = t->rank[r], v = t->rank[w];
            if (u == v)
                continue;
            uint32_t a = abs_ch_topo_arc(t, u < v ? u : v, u < v ? v : u);
            if (a == UINT32_MAX)
                return false;
            uint32_t *slot = u < v ? &ch->w_up[a] : &ch->w_dn[a];
            if (c < *slot)
                *slot = c;
        }
    return true;
}

/* Basic customisation (CCH §5): in rank order, every lower triangle
 * {x, a, b} (x < a < b) offers a -> x -> b for a -> b and b -> x -> a for
 * b -> a. x's arcs are final when x is reached, as all their triangles have
 * lower middles. U(x) above a lies in U(a) (a perfect elimination order), so
 * one forward scan of a's arcs finds every a -> b. */
static void customise(AbsCh *ch)
{
    const AbsChTopo *t = &ch->topo;
    for (uint32_t x = 0; x < t->n; x++)
        for (uint32_t i = t->first[x]; i < t->first[x + 1]; i++) {
            uint32_t a = t->head[i], xa = ch->w_up[i], ax = ch->w_dn[i];
            if (xa == INF && ax == INF)
                continue;
            uint32_t p = t->first[a];
            for (uint32_t j = i + 1; j < t->first[x + 1]; j++) {
                uint32_t b = t->head[j];
                while (t->head[p] < b)
                    p++;
                uint32_t ab = add_sat(ax, ch->w_up[j]), ba = add_sat(ch->w_dn[j], xa);
                if (ab < ch->w_up[p]) {
                    ch->w_up[p] = ab;
                    ch->mid_up[p] = x;
                }
                if (ba < ch->w_dn[p]) {
                    ch->w_dn[p] = ba;
                    ch->mid_dn[p] = x;
                }
            }
        }
}

/* Perfect customisation (CCH §6) into pu/pd: in falling rank order,
 * d(x -> y) = min(basic x -> y, min over z in U(x) of basic x -> z plus
 * d(z -> y)), where z -> y joins two ranks above x, already exact; and so
 * for y -> x. Only arcs with a finite basic cost can be kept, so only they
 * are made exact: an arc left at its basic cost (never below its distance)
 * can only make a lower arc look exact no more often, which keeps an arc
 * the query could do without, never drops one it needs. */
static void perfect(const AbsCh *ch, uint32_t *pu, uint32_t *pd)
{
    const AbsChTopo *t = &ch->topo;
    memcpy(pu, ch->w_up, (size_t)t->m * sizeof *pu);
    memcpy(pd, ch->w_dn, (size_t)t->m * sizeof *pd);
    for (uint32_t x = t->n; x-- > 0;) {
        uint32_t lo = t->first[x], hi = t->first[x + 1];
        for (uint32_t i = lo; i < hi; i++) {
            if (ch->w_up[i] == INF && ch->w_dn[i] == INF)
                continue; /* offers nothing through a and is never kept itself */
            uint32_t a = t->head[i], p = t->first[a];
            for (uint32_t j = i + 1; j < hi; j++) { /* z, y = a, b and b, a */
                uint32_t b = t->head[j];
                while (t->head[p] < b)
                    p++;
                /* x -> b via a, b -> x via a, x -> a via b, a -> x via b. */
                uint32_t v;
                if ((v = add_sat(ch->w_up[i], pu[p])) < pu[j])
                    pu[j] = v;
                if ((v = add_sat(pd[p], ch->w_dn[i])) < pd[j])
                    pd[j] = v;
                if ((v = add_sat(ch->w_up[j], pd[p])) < pu[i])
                    pu[i] = v;
                if ((v = add_sat(pu[p], ch->w_dn[j])) < pd[i])
                    pd[i] = v;
            }
        }
    }
}

/* The query's arcs by region id: those whose basic cost is exact (CCH §6:
 * an arc another route beats is on no shortest up-down path, and the halves
 * of a kept shortcut are kept, so unpacking finds them here). */
static bool flatten(AbsCh *ch, const uint32_t *exact, const uint32_t *w, const uint32_t *mid, uint32_t **first,
                    AbsChArc **arcs, uint32_t *count)
{
    const AbsChTopo *t = &ch->topo;
    uint32_t m = 0;
    for (uint32_t i = 0; i < t->m; i++)
        m += w[i] != INF && exact[i] == w[i];
    *first = malloc(((size_t)t->n + 1) * sizeof **first);
    *arcs = malloc(((size_t)m + 1) * sizeof **arcs);
    if (!*first || !*arcs)
        return false;
    m = 0;
    for (uint32_t r = 0; r < t->n; r++) {
        uint32_t x = t->rank[r];
        (*first)[r] = m;
        for (uint32_t i = t->first[x]; i < t->first[x + 1]; i++)
            if (w[i] != INF && exact[i] == w[i])
                (*arcs)[m++] =
                    (AbsChArc){t->node[t->head[i]], w[i], mid[i] == ABS_CH_NONE ? ABS_CH_NONE : t->node[mid[i]]};
    }
    (*first)[t->n] = m;
    *count = m;
    return true;
}

bool abs_ch_build(AbsCh *ch, uint32_t n, const uint32_t *adj_first, const uint32_t *to, const uint32_t *cost,
                  size_t stride, const uint32_t *region_sector, uint32_t sw, uint32_t sh, const AbsChSectors *keep,
                  Err *err)
{
    memset(ch, 0, sizeof *ch);
    ch->n = n;
    size_t cnt = n ? n : 1;
    bool ok;
    if (keep && keep->order && keep->sw == sw && keep->sh == sh) {
        ok = abs_ch_sectors_copy(&ch->sec, keep);
    } else {
        uint32_t *weight = calloc((size_t)sw * sh + 1, sizeof *weight);
        for (uint32_t r = 0; weight && r < n; r++)
            weight[region_sector[r]]++;
        ok = weight && abs_ch_sectors_build(&ch->sec, sw, sh, weight);
        free(weight);
    }
    ok = ok && abs_ch_topo_build(&ch->topo, &ch->sec, n, region_sector);
    size_t m = ch->topo.m ? ch->topo.m : 1;
    uint32_t *pu = NULL, *pd = NULL;
    if (ok) {
        ch->w_up = malloc(m * sizeof *ch->w_up);
        ch->w_dn = malloc(m * sizeof *ch->w_dn);
        ch->mid_up = malloc(m * sizeof *ch->mid_up);
        ch->mid_dn = malloc(m * sizeof *ch->mid_dn);
        pu = malloc(m * sizeof *pu);
        pd = malloc(m * sizeof *pd);
        ok = ch->w_up && ch->w_dn && ch->mid_up && ch->mid_dn && pu && pd;
    }
    if (ok && !set_metric(ch, adj_first, to, cost, stride)) {
        free(pu);
        free(pd);
        abs_ch_free(ch);
        return err_set(err, "abstract contraction hierarchy: an edge between sectors that do not touch");
    }
    if (ok) {
        customise(ch);
        perfect(ch, pu, pd);
        ok = flatten(ch, pu, ch->w_up, ch->mid_up, &ch->up_first, &ch->up, &ch->nup) &&
             flatten(ch, pd, ch->w_dn, ch->mid_dn, &ch->dn_first, &ch->dn, &ch->ndn);
    }
    free(pu);
    free(pd);
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
    free(ch->w_up);
    free(ch->w_dn);
    free(ch->mid_up);
    free(ch->mid_dn);
    abs_ch_topo_free(&ch->topo);
    abs_ch_sectors_free(&ch->sec);
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
    size_t custom = abs_ch_sectors_bytes(&ch->sec) + abs_ch_topo_bytes(&ch->topo) + (size_t)ch->topo.m * 16;
    return custom + (ch->shared ? up : up + offs + (size_t)ch->ndn * sizeof *ch->dn);
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
