/* A query on the subgoal graph: scans of s and g, bidirectional A*, refinement (sub.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sub.h"

bool sub_query_init(SubQuery *q, SubGraph *g, Err *err)
{
    memset(q, 0, sizeof *q);
    q->g = g;
    size_t nodes = (size_t)g->n + 2;
    q->parent = malloc(nodes * sizeof *q->parent);
    q->pmid = malloc(nodes * sizeof *q->pmid);
    q->bnext = malloc(nodes * sizeof *q->bnext);
    q->bmid = malloc(nodes * sizeof *q->bmid);
    q->scan = malloc(2 * sub_scan_cap(g) * sizeof *q->scan); /* s's scan, then g's */
    q->trace = malloc(nodes * sizeof *q->trace);
    if (!q->parent || !q->pmid || !q->bnext || !q->bmid || !q->scan || !q->trace ||
        !bf_init(&q->bf, nodes, (uint32_t)nodes) || !bf_init(&q->back, nodes, (uint32_t)nodes)) {
        sub_query_free(q);
        return err_set(err, "sub: out of memory for the query state");
    }
    return true;
}

void sub_query_free(SubQuery *q)
{
    bf_free(&q->bf);
    bf_free(&q->back);
    free(q->parent);
    free(q->pmid);
    free(q->bnext);
    free(q->bmid);
    free(q->scan);
    free(q->trace);
    memset(q, 0, sizeof *q);
}

/* Offers node `to` the path through `from` (at from_g, from at pos fp) along
 * an edge with middle `mid`. A closed node is skipped before any arithmetic:
 * in a subgoal graph most edges of an expanded node lead to nodes already
 * closed. */
static inline void offer(SubQuery *q, uint32_t from, double from_g, xyLoc fp, uint32_t to, uint32_t mid, xyLoc goal)
{
    const BfNode *nd = &q->bf.node[to];
    if (nd->stamp == q->bf.stamp && nd->heap_pos == BF_CLOSED)
        return;
    const xyLoc *pos = q->g->pos;
    double g = from_g + sub_octile(fp, pos[to]);
    BfOffer o = bf_offer(&q->bf, to, g);
    if (o) {
        q->parent[to] = from;
        q->pmid[to] = mid;
        bf_queue(&q->bf, to, o, g + sub_octile(pos[to], goal));
    }
}

/* The backward twin of offer: `to` reaches g through `from`, at cost c
 * more; its priority aims at s. */
static inline void offer_back(SubQuery *q, uint32_t from, double from_g, double c, uint32_t to, uint32_t mid, xyLoc s)
{
    const BfNode *nd = &q->back.node[to];
    if (nd->stamp == q->back.stamp && nd->heap_pos == BF_CLOSED)
        return;
    double g = from_g + c;
    BfOffer o = bf_offer(&q->back, to, g);
    if (o) {
        q->bnext[to] = from;
        q->bmid[to] = mid;
        bf_queue(&q->back, to, o, g + sub_octile(q->g->pos[to], s));
    }
}

/* Appends the cells after a up to b: diagonal first, then straight
 * (`diagonal_first`), or the mirror image: straight first. */
static void refine(xyLoc a, xyLoc b, bool diagonal_first, xyPath *path)
{
    int dx = (b.x > a.x) - (b.x < a.x), dy = (b.y > a.y) - (b.y < a.y);
    int ex = abs(b.x - a.x), ey = abs(b.y - a.y), diag = ex < ey ? ex : ey, straight = (ex > ey ? ex : ey) - diag;
    int sx = ex > ey ? dx : 0, sy = ex > ey ? 0 : dy;
    path_reserve(path, (size_t)(diag + straight));
    int x = a.x, y = a.y;
    for (int leg = 0; leg < 2; leg++) {
        bool diagonal = (leg == 0) == diagonal_first;
        int n = diagonal ? diag : straight, mx = diagonal ? dx : sx, my = diagonal ? dy : sy;
        for (int k = 0; k < n; k++) {
            x += mx;
            y += my;
            path->cells[path->len++] = (xyLoc){(int16_t)x, (int16_t)y};
        }
    }
}

/* Whether refine(a, b, diagonal_first) walks only legal moves: every cell
 * free, and a diagonal step only between two free cells beside it (the
 * no-corner-cutting rule, entries/entry.h). The padded ring is never free,
 * so the walk needs no bounds checks. */
static bool shape_free(const SubGraph *g, xyLoc a, xyLoc b, bool diagonal_first)
{
    int dx = (b.x > a.x) - (b.x < a.x), dy = (b.y > a.y) - (b.y < a.y);
    int ex = abs(b.x - a.x), ey = abs(b.y - a.y), diag = ex < ey ? ex : ey, straight = (ex > ey ? ex : ey) - diag;
    int sx = ex > ey ? dx : 0, sy = ex > ey ? 0 : dy;
    int64_t c = sub_cell(g, a);
    for (int leg = 0; leg < 2; leg++) {
        bool diagonal = (leg == 0) == diagonal_first;
        int n = diagonal ? diag : straight, mx = diagonal ? dx : sx, my = diagonal ? dy : sy;
        int64_t step = (int64_t)my * g->stride + mx;
        for (int k = 0; k < n; k++) {
            if (diagonal && (!g->cell[c + mx] || !g->cell[c + (int64_t)my * g->stride]))
                return false;
            c += step;
            if (!g->cell[c])
                return false;
        }
    }
    return true;
}

/* The middle of the edge m-t, from m's list (where sub_graph_read proved it is). */
static uint32_t mid_of(const SubGraph *g, uint32_t m, uint32_t t)
{
    for (uint32_t e = g->first[m]; e < g->first[m + 1]; e++)
        if (g->edge[e] == t)
            return g->mid[e];
    return SUB_DIRECT;
}

/* Appends the cells after node a up to node b along an edge with middle
 * `mid`: an added edge is its two halves (each a shorter chain of middles,
 * as a middle was removed before the edge existed); a scan's edge is
 * whichever shape is free (the scan found it diagonal-first from one end). */
static void refine_edge(const SubGraph *g, uint32_t a, uint32_t b, uint32_t mid, xyPath *path)
{
    if (mid != SUB_DIRECT) {
        refine_edge(g, a, mid, mid_of(g, mid, a), path);
        refine_edge(g, mid, b, mid_of(g, mid, b), path);
        return;
    }
    xyLoc pa = g->pos[a], pb = g->pos[b];
    refine(pa, pb, shape_free(g, pa, pb, true), path);
}

/* One side's step: pops its best node, and when the other side has reached
 * it, a path through it may be the best so far (*mu, *meet). */
static uint32_t pop_side(BestFirst *self, const BestFirst *other, double *mu, uint32_t *meet)
{
    uint32_t u = 0;
    bf_pop(self, &u); /* the caller saw the list non-empty */
    if (bf_reached(other, u) && self->node[u].g + other->node[u].g < *mu) {
        *mu = self->node[u].g + other->node[u].g;
        *meet = u;
    }
    return u;
}

static inline double top_f(const BestFirst *b) { return heap_empty(&b->open) ? INFINITY : heap_top(&b->open)->f; }

void sub_query_path(SubQuery *q, xyLoc s, xyLoc goal, xyPath *path)
{
    SubGraph *g = q->g;
    const uint32_t n = g->n, target = n + 1;
    if (!grid_in_bounds(&(Grid){.width = g->width, .height = g->height}, s.x, s.y) ||
        !grid_in_bounds(&(Grid){.width = g->width, .height = g->height}, goal.x, goal.y))
        return;
    uint32_t sc = sub_cell(g, s), gc = sub_cell(g, goal);
    if (!g->cell[sc] || !g->cell[gc])
        return;
    if (sc == gc) {
        path_push(path, s);
        return;
    }
    /* An octile-length path is a shortest one: when either shape is free
     * (often, on open maps), it needs neither the scans nor the search. */
    for (int k = 0; k < 2; k++)
        if (shape_free(g, s, goal, k == 0)) {
            path_push(path, s);
            refine(s, goal, k == 0, path);
            return;
        }
    /* A start cell that is no subgoal joins the graph as node n; g is always
     * node n + 1, the backward search's root (a subgoal goal is its only
     * successor, at cost 0). */
    g->pos[n] = s;
    g->pos[target] = goal;
    uint32_t start = sub_is_goal(g, sc) ? sub_id(g, sc) : n;
    size_t from_s = 0, from_g = 0;
    uint32_t *gscan = q->scan + sub_scan_cap(g);
    if (start == n) /* g counts as a subgoal while s is scanned: a direct s-g path is an edge */
        from_s = sub_scan(g, sc, sub_is_goal(g, gc) ? UINT32_MAX : gc, q->scan);
    if (!sub_is_goal(g, gc))
        from_g = sub_scan(g, gc, UINT32_MAX, gscan);
    q->connect_cells += from_s + from_g;
    /* Bidirectional A*: forwards from s along s's scan, then each node's
     * own list (up through locals, then the global graph); backwards from g
     * along g's scan, then the lists of locals only (g's side of a shortest
     * path climbs them, sub_tl.c). Both heuristics are octile distances, so
     * consistent; a side stops once its best f reaches the best path found
     * (mu), and then every node of a shorter path would have been settled on
     * its side, and the path found where both sides met. */
    bf_start(&q->bf, start, sub_octile(s, goal));
    q->parent[start] = start;
    bf_start(&q->back, target, sub_octile(goal, s));
    q->bnext[target] = target;
    double mu = INFINITY;
    uint32_t meet = UINT32_MAX;
    for (;;) {
        double ff = top_f(&q->bf), fb = top_f(&q->back);
        if (ff >= mu && fb >= mu)
            break;
        if (ff <= fb) {
            uint32_t u = pop_side(&q->bf, &q->back, &mu, &meet);
            q->expanded++;
            double ug = q->bf.node[u].g;
            xyLoc up = g->pos[u];
            if (u == target)
                continue;
            if (u == n) {
                for (size_t i = 0; i < from_s; i++) {
                    uint32_t c = q->scan[i];
                    offer(q, u, ug, up, c == gc ? target : sub_id(g, c), SUB_DIRECT, goal);
                }
                continue;
            }
            const uint32_t *mid = g->mid;
            for (uint32_t e = g->first[u], end = g->first[u + 1]; e < end; e++)
                offer(q, u, ug, up, g->edge[e], mid ? mid[e] : SUB_DIRECT, goal);
        } else {
            uint32_t u = pop_side(&q->back, &q->bf, &mu, &meet);
            q->expanded++;
            q->back_settled++;
            double ug = q->back.node[u].g;
            if (u == target) {
                if (sub_is_goal(g, gc))
                    offer_back(q, u, ug, 0.0, sub_id(g, gc), SUB_DIRECT, s);
                for (size_t i = 0; i < from_g; i++) {
                    uint32_t v = sub_id(g, gscan[i]);
                    offer_back(q, u, ug, sub_octile(g->pos[v], goal), v, SUB_DIRECT, s);
                }
                continue;
            }
            if (!(g->cell[sub_cell(g, g->pos[u])] & SUB_LOCAL))
                continue;
            xyLoc up = g->pos[u];
            for (uint32_t e = g->first[u], end = g->first[u + 1]; e < end; e++)
                offer_back(q, u, ug, sub_octile(up, g->pos[g->edge[e]]), g->edge[e], g->mid[e], s);
        }
    }
    if (meet == UINT32_MAX)
        return;
    /* The forward nodes up to the meeting node, then the backward chain. */
    size_t hops = 0;
    for (uint32_t v = meet; v != start; v = q->parent[v])
        q->trace[hops++] = v;
    path_push(path, s);
    uint32_t a = start;
    for (size_t i = hops; i > 0; i--) {
        uint32_t b = q->trace[i - 1];
        refine_edge(g, a, b, q->pmid[b], path);
        a = b;
    }
    for (; a != target; a = q->bnext[a])
        refine_edge(g, a, q->bnext[a], q->bmid[a], path);
}
