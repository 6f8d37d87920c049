/* Two-level subgoal graph (sub.h; Uras, Koenig & Hernández, ICAPS 2013, §4):
 * subgoals that no shortest path between other subgoals needs become local.
 *
 * Subgoals are visited in id order. A subgoal v becomes local when, for every
 * pair p, q of its current (global) neighbours, either a witness search in
 * the global graph without v finds a p-q path no longer than c(p,v) + c(v,q),
 * or p and q are h-reachable through v (octile(p,q) = c(p,v) + c(v,q)): then
 * the edge p-q is added, remembering v as its middle (§4: added edges are
 * h-reachable, so the octile heuristic stays consistent). Otherwise v stays
 * global. Distances between the remaining global subgoals never change, and
 * the local v keeps the neighbours it had when it was removed: its edges
 * lead only to subgoals removed later or never. A shortest path between any
 * two cells therefore climbs from s through locals of rising removal order,
 * crosses the global graph and descends to g (the argument of contraction
 * hierarchies, one level deep); sub_query.c searches exactly that.
 *
 * A witness search gives up after WITNESS_SETTLE nodes (then no witness: v
 * stays global or gets the added edge), which keeps the build near linear;
 * a subgoal with more than MAX_DEGREE neighbours is not tried. Both only
 * make fewer subgoals local, never a wrong graph. */
#include <stdlib.h>
#include <string.h>

#include "../../common/grow.h"
#include "sub.h"

#define WITNESS_SETTLE 1000
#define MAX_DEGREE 40
#define PIN_DEPTH 250

typedef struct Adj {
    uint32_t *t, *mid, len, cap;
} Adj;

static bool adj_add(Adj *a, uint32_t t, uint32_t mid)
{
    if (a->len == a->cap) { /* two arrays side by side: one new capacity */
        size_t cap = grow_cap(a->cap, (size_t)a->len + 1, 8);
        if (cap > UINT32_MAX || !grow_to(&a->t, cap, sizeof *a->t) || !grow_to(&a->mid, cap, sizeof *a->mid))
            return false;
        a->cap = (uint32_t)cap;
    }
    a->t[a->len] = t;
    a->mid[a->len++] = mid;
    return true;
}

static bool adj_has(const Adj *a, uint32_t t)
{
    for (uint32_t i = 0; i < a->len; i++)
        if (a->t[i] == t)
            return true;
    return false;
}

static void adj_drop(Adj *a, uint32_t t)
{
    for (uint32_t i = 0; i < a->len; i++)
        if (a->t[i] == t) {
            a->len--;
            a->t[i] = a->t[a->len];
            a->mid[i] = a->mid[a->len];
            return;
        }
}

typedef struct Contract {
    SubGraph *sg;
    Adj *adj;
    uint8_t *pinned; /* a neighbour of a local: stays global */
    BestFirst bf;
    uint32_t *want, want_stamp; /* == want_stamp: a target of the current witness search */
} Contract;

/* Settles nodes from p in the global graph without v until every target is
 * settled, the distance passes `bound` or the budget runs out. */
static void witness(Contract *c, uint32_t p, uint32_t v, uint32_t targets, double bound)
{
    const xyLoc *pos = c->sg->pos;
    bf_start(&c->bf, p, 0.0);
    uint32_t u, settled = 0;
    while (targets && settled < WITNESS_SETTLE && bf_pop(&c->bf, &u)) {
        double ug = c->bf.node[u].g;
        if (ug > bound)
            break;
        settled++;
        targets -= c->want[u] == c->want_stamp;
        const Adj *a = &c->adj[u];
        for (uint32_t i = 0; i < a->len; i++) {
            uint32_t w = a->t[i];
            if (w == v)
                continue;
            double g = ug + sub_octile(pos[u], pos[w]);
            BfOffer o = bf_offer(&c->bf, w, g);
            if (o)
                bf_queue(&c->bf, w, o, g);
        }
    }
}

/* Whether p and q are h-reachable through v: then an added edge can stand for p-v-q. */
static bool through(const xyLoc *pos, uint32_t p, uint32_t v, uint32_t q)
{
    return sub_octile(pos[p], pos[v]) + sub_octile(pos[v], pos[q]) == sub_octile(pos[p], pos[q]);
}

/* Tries to make v local; false when some pair of neighbours needs it. The
 * edges to add are collected in `add` (pairs) first, so a failure leaves
 * the graph as it was. The pairs that cannot get an added edge are searched
 * first: most subgoals that stay global fail there, after one search. */
static bool try_local(Contract *c, uint32_t v, uint32_t *add, uint32_t *nadd)
{
    const Adj *a = &c->adj[v];
    const xyLoc *pos = c->sg->pos;
    *nadd = 0;
    if (a->len > MAX_DEGREE || c->pinned[v] > PIN_DEPTH)
        return false;
    for (int addable = 0; addable < 2; addable++)
        for (uint32_t i = 0; i + 1 < a->len; i++) {
            uint32_t p = a->t[i], targets = 0;
            double cp = sub_octile(pos[p], pos[v]), bound = 0;
            StampArea marks = STAMP_ARRAY(c->want, (size_t)c->sg->n);
            c->want_stamp = stamp_next(&c->want_stamp, &marks, 1);
            for (uint32_t j = i + 1; j < a->len; j++) {
                uint32_t q = a->t[j];
                if (through(pos, p, v, q) != addable)
                    continue;
                c->want[q] = c->want_stamp;
                targets++;
                double b = cp + sub_octile(pos[v], pos[q]);
                bound = b > bound ? b : bound;
            }
            if (!targets)
                continue;
            witness(c, p, v, targets, bound);
            for (uint32_t j = i + 1; j < a->len; j++) {
                uint32_t q = a->t[j];
                if (c->want[q] != c->want_stamp)
                    continue;
                if (bf_reached(&c->bf, q) && c->bf.node[q].g <= cp + sub_octile(pos[v], pos[q]))
                    continue;
                if (!addable)
                    return false;
                add[2 * *nadd] = p;
                add[2 * *nadd + 1] = q;
                ++*nadd;
            }
        }
    return true;
}

bool sub_tl_contract(SubGraph *sg, Err *err)
{
    const uint32_t n = sg->n;
    Contract c = {.sg = sg};
    c.adj = calloc(n ? n : 1, sizeof *c.adj);
    c.want = calloc(n ? n : 1, sizeof *c.want);
    c.pinned = calloc(n ? n : 1, 1);
    uint32_t *add = malloc(MAX_DEGREE * MAX_DEGREE * sizeof *add);
    bool ok = c.adj && c.want && c.pinned && add && bf_init(&c.bf, n ? n : 1, n ? n : 1);
    /* The scan's edges, made symmetric (either end's scan may find a pair). */
    for (uint32_t v = 0; ok && v < n; v++)
        for (uint32_t e = sg->first[v]; ok && e < sg->first[v + 1]; e++) {
            uint32_t w = sg->edge[e];
            if (!adj_has(&c.adj[v], w))
                ok = adj_add(&c.adj[v], w, SUB_DIRECT);
            if (ok && !adj_has(&c.adj[w], v))
                ok = adj_add(&c.adj[w], v, SUB_DIRECT);
        }
    uint32_t nadd;
    for (uint32_t v = 0; ok && v < n; v++) {
        if (!try_local(&c, v, add, &nadd))
            continue;
        /* v's own list is kept as it is now: nothing edits it again. */
        const Adj *a = &c.adj[v];
        for (uint32_t i = 0; i < a->len; i++) {
            adj_drop(&c.adj[a->t[i]], v);
            if (c.pinned[a->t[i]] < c.pinned[v] + 1)
                c.pinned[a->t[i]] = (uint8_t)(c.pinned[v] + 1);
        }
        for (uint32_t k = 0; ok && k < nadd; k++)
            ok = adj_add(&c.adj[add[2 * k]], add[2 * k + 1], v) && adj_add(&c.adj[add[2 * k + 1]], add[2 * k], v);
        sg->cell[sub_cell(sg, sg->pos[v])] |= SUB_LOCAL;
        sg->locals++;
    }
    /* The final lists: a local's as it was removed, a global's current one. */
    size_t m = 0;
    for (uint32_t v = 0; ok && v < n; v++)
        m += c.adj[v].len;
    uint32_t *edge = ok ? malloc((m + 1) * sizeof *edge) : NULL, *mid = ok ? malloc((m + 1) * sizeof *mid) : NULL;
    ok = ok && edge && mid;
    for (uint32_t v = 0, e = 0; ok && v < n; v++) {
        const Adj *a = &c.adj[v];
        if (a->len) {
            memcpy(edge + e, a->t, a->len * sizeof *edge);
            memcpy(mid + e, a->mid, a->len * sizeof *mid);
        }
        e += a->len;
        sg->first[v + 1] = e;
    }
    for (uint32_t v = 0; c.adj && v < n; v++) {
        free(c.adj[v].t);
        free(c.adj[v].mid);
    }
    free(c.adj);
    free(c.want);
    free(c.pinned);
    free(add);
    bf_free(&c.bf);
    if (!ok) {
        free(edge);
        free(mid);
        return err_set(err, "sub: out of memory building the two-level graph (%u subgoals)", n);
    }
    free(sg->edge);
    free(sg->mid);
    sg->edge = edge;
    sg->mid = mid;
    sg->m = (uint32_t)m;
    return true;
}
