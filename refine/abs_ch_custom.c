/* The customisation of the regions' hierarchy (refine/abs_ch.h) on its
 * shape (CCH §5, §6). */
#include "abs_ch_custom.h"

#include <stdlib.h>
#include <string.h>

#define INF ABS_CH_INF

/* Does every edge join regions of the same or 8-neighbouring sectors? */
bool abs_ch_edges_fit(const AbsChSectors *sec, const AbsChEdges *g, uint32_t n, const uint32_t *region_sector)
{
    for (uint32_t r = 0; r < n; r++)
        for (uint32_t i = g->first[r]; i < g->first[r + 1]; i++) {
            uint32_t a = region_sector[r], b = region_sector[abs_ch_edge_to(g, i)];
            int64_t dx = (int64_t)(a % sec->sw) - (int64_t)(b % sec->sw),
                    dy = (int64_t)(a / sec->sw) - (int64_t)(b / sec->sw);
            if (dx < -1 || dx > 1 || dy < -1 || dy > 1)
                return false;
        }
    return true;
}

/* The cheapest edge from region a to region b, INF when there is none. */
static uint32_t cheapest_edge(const AbsChEdges *g, uint32_t a, uint32_t b)
{
    uint32_t best = INF;
    for (uint32_t i = g->first[a]; i < g->first[a + 1]; i++)
        if (abs_ch_edge_to(g, i) == b && abs_ch_edge_cost(g, i) < best)
            best = abs_ch_edge_cost(g, i);
    return best;
}

bool abs_ch_symmetric(const AbsChEdges *g, uint32_t n)
{
    for (uint32_t r = 0; r < n; r++)
        for (uint32_t i = g->first[r]; i < g->first[r + 1]; i++) {
            uint32_t s = abs_ch_edge_to(g, i);
            if (cheapest_edge(g, r, s) != cheapest_edge(g, s, r))
                return false;
        }
    return true;
}

bool abs_ch_metric(AbsCh *ch, const AbsChEdges *g)
{
    const AbsChTopo *t = &ch->topo;
    for (uint32_t i = 0; i < t->m; i++) {
        ch->w_up[i] = ch->w_dn[i] = INF;
        ch->mid_up[i] = ch->mid_dn[i] = ABS_CH_NONE;
    }
    for (uint32_t r = 0; r < t->nreg; r++)
        for (uint32_t i = g->first[r]; i < g->first[r + 1]; i++) {
            uint32_t u = t->rank[r], v = t->rank[abs_ch_edge_to(g, i)], c = abs_ch_edge_cost(g, i);
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
void abs_ch_customise(AbsCh *ch)
{
    for (uint32_t x = 0; x < ch->topo.n; x++)
        abs_ch_customise_row(ch, x);
}

void abs_ch_customise_row(AbsCh *ch, uint32_t x)
{
    const AbsChTopo *t = &ch->topo;
    for (uint32_t i = t->first[x]; i < t->first[x + 1]; i++) {
        uint32_t a = t->head[i], xa = ch->w_up[i], ax = ch->w_dn[i];
        if (xa == INF && ax == INF)
            continue;
        uint32_t p = t->first[a];
        for (uint32_t j = i + 1; j < t->first[x + 1]; j++) {
            uint32_t b = t->head[j];
            while (t->head[p] < b)
                p++;
            uint32_t ab = abs_ch_add(ax, ch->w_up[j]), ba = abs_ch_add(ch->w_dn[j], xa);
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

/* Row x of the perfect customisation (CCH §6): d(x -> y) = min(basic
 * x -> y, min over z in U(x) of basic x -> z plus d(z -> y)), where z -> y
 * joins two ranks above x, already exact; and so for y -> x. It reads the
 * exact distances of rows above x only and writes x's own. Only arcs with a
 * finite basic cost can be kept, so only they are made exact: an arc left
 * at its basic cost (never below its distance) can only make a lower arc
 * look exact no more often, which keeps an arc the query could do without,
 * never drops one it needs. */
/* Row x's kernel: its basic costs are bu[k], bd[k] for arc first[x] + k
 * (the shape's own, or a copy of them when pu, pd are the shape's costs
 * themselves). */
static void perfect_row(const AbsChTopo *t, uint32_t x, const uint32_t *bu, const uint32_t *bd, uint32_t *pu,
                        uint32_t *pd)
{
    uint32_t lo = t->first[x], hi = t->first[x + 1];
    memcpy(pu + lo, bu, (size_t)(hi - lo) * sizeof *pu);
    memcpy(pd + lo, bd, (size_t)(hi - lo) * sizeof *pd);
    for (uint32_t i = lo; i < hi; i++) {
        uint32_t xa = bu[i - lo], ax = bd[i - lo];
        if (xa == INF && ax == INF)
            continue; /* offers nothing through a and is never kept itself */
        uint32_t a = t->head[i], p = t->first[a];
        for (uint32_t j = i + 1; j < hi; j++) { /* z, y = a, b and b, a */
            uint32_t b = t->head[j];
            while (t->head[p] < b)
                p++;
            /* x -> b via a, b -> x via a, x -> a via b, a -> x via b. */
            uint32_t v;
            if ((v = abs_ch_add(xa, pu[p])) < pu[j])
                pu[j] = v;
            if ((v = abs_ch_add(pd[p], ax)) < pd[j])
                pd[j] = v;
            if ((v = abs_ch_add(bu[j - lo], pd[p])) < pu[i])
                pu[i] = v;
            if ((v = abs_ch_add(pu[p], bd[j - lo])) < pd[i])
                pd[i] = v;
        }
    }
}

/* A middle marking an arc its row found not kept, until the pass ends
 * (rows below still read its exact distance). */
#define DROPPED (ABS_CH_NONE - 1)

bool abs_ch_perfect_rows(AbsCh *ch, uint32_t hi, uint32_t lo)
{
    const AbsChTopo *t = &ch->topo;
    uint32_t longest = 1;
    for (uint32_t x = lo; x < hi; x++)
        longest = t->first[x + 1] - t->first[x] > longest ? t->first[x + 1] - t->first[x] : longest;
    uint32_t *bu = malloc(2 * (size_t)longest * sizeof *bu), *bd = bu + longest;
    if (!bu)
        return false;
    for (uint32_t x = hi; x-- > lo;) {
        uint32_t lo = t->first[x], len = t->first[x + 1] - lo;
        memcpy(bu, ch->w_up + lo, (size_t)len * sizeof *bu);
        memcpy(bd, ch->w_dn + lo, (size_t)len * sizeof *bd);
        perfect_row(t, x, bu, bd, ch->w_up, ch->w_dn);
        for (uint32_t k = 0; k < len; k++) { /* kept: finite and exact (abs_ch_flatten) */
            if (bu[k] == INF || ch->w_up[lo + k] != bu[k])
                ch->mid_up[lo + k] = DROPPED;
            if (bd[k] == INF || ch->w_dn[lo + k] != bd[k])
                ch->mid_dn[lo + k] = DROPPED;
        }
    }
    free(bu);
    return true;
}

void abs_ch_perfect_end(AbsCh *ch)
{
    for (uint32_t i = 0; i < ch->topo.m; i++) {
        if (ch->mid_up[i] == DROPPED)
            ch->w_up[i] = INF;
        if (ch->mid_dn[i] == DROPPED)
            ch->w_dn[i] = INF;
    }
}

bool abs_ch_perfect_over(AbsCh *ch)
{
    if (!abs_ch_perfect_rows(ch, ch->topo.n, 0))
        return false;
    abs_ch_perfect_end(ch);
    return true;
}

void abs_ch_drop_unkept(AbsCh *ch)
{
    AbsChTopo *t = &ch->topo;
    uint32_t m = 0;
    for (uint32_t x = 0; x < t->n; x++) {
        uint32_t lo = t->first[x], hi = t->first[x + 1];
        t->first[x] = m;
        for (uint32_t i = lo; i < hi; i++)
            if (ch->w_up[i] != INF || ch->w_dn[i] != INF) {
                t->head[m] = t->head[i];
                ch->w_up[m] = ch->w_up[i];
                ch->w_dn[m] = ch->w_dn[i];
                ch->mid_up[m] = ch->mid_up[i];
                ch->mid_dn[m] = ch->mid_dn[i];
                m++;
            }
    }
    t->first[t->n] = m;
    t->m = m;
    /* Exact fit: the query arcs are made next, beside these (a shrink
     * that fails leaves the larger array, as good). */
    bool one_w = ch->w_dn == ch->w_up, one_mid = ch->mid_dn == ch->mid_up;
    uint32_t **arr[] = {&t->head, &ch->w_up, &ch->mid_up, one_w ? NULL : &ch->w_dn, one_mid ? NULL : &ch->mid_dn};
    for (size_t k = 0; k < sizeof arr / sizeof *arr; k++) {
        uint32_t *p = arr[k] ? realloc(*arr[k], (m ? m : 1) * sizeof *p) : NULL;
        if (p)
            *arr[k] = p;
    }
    if (one_w)
        ch->w_dn = ch->w_up;
    if (one_mid)
        ch->mid_dn = ch->mid_up;
}

/* An arc is kept for queries when its basic cost is finite and exact (CCH
 * §6: an arc another route beats is on no shortest up-down path, and the
 * halves of a kept shortcut are kept, so unpacking finds them). */
uint32_t abs_ch_flat_count(const AbsCh *ch, const uint32_t *exact, const uint32_t *w)
{
    uint32_t m = 0;
    for (uint32_t i = 0; i < ch->topo.m; i++)
        m += w[i] != INF && exact[i] == w[i];
    return m;
}

uint32_t abs_ch_flatten(const AbsCh *ch, const uint32_t *exact, const uint32_t *w, const uint32_t *mid, uint32_t *first,
                        AbsChArc *arcs)
{
    const AbsChTopo *t = &ch->topo;
    uint32_t m = 0;
    for (uint32_t r = 0; r < t->nreg; r++) {
        uint32_t x = t->rank[r];
        first[r] = m;
        for (uint32_t i = t->first[x]; i < t->first[x + 1]; i++)
            if (w[i] != INF && exact[i] == w[i])
                arcs[m++] =
                    (AbsChArc){t->node[t->head[i]], w[i], mid[i] == ABS_CH_NONE ? ABS_CH_NONE : t->node[mid[i]]};
    }
    first[t->nreg] = m;
    return m;
}
