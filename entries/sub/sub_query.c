/* A query on the subgoal graph: g's side backwards, s's scan, A*, refine (sub.h). */
#include <stdlib.h>
#include <string.h>

#include "sub.h"

/* pmid of g: the path goes on along the backward search's chain. */
#define SUB_VIA_BACK (UINT32_MAX - 1)

bool sub_query_init(SubQuery *q, SubGraph *g, Err *err)
{
    memset(q, 0, sizeof *q);
    q->g = g;
    size_t nodes = (size_t)g->n + 2;
    q->parent = malloc(nodes * sizeof *q->parent);
    q->pmid = malloc(nodes * sizeof *q->pmid);
    q->bnext = malloc(nodes * sizeof *q->bnext);
    q->bmid = malloc(nodes * sizeof *q->bmid);
    q->scan = malloc(sub_scan_cap(g) * sizeof *q->scan);
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

/* The backward twin of offer: `to` reaches g through `from`, at cost c more. */
static inline void offer_back(SubQuery *q, uint32_t from, double from_g, double c, uint32_t to, uint32_t mid)
{
    double g = from_g + c;
    BfOffer o = bf_offer(&q->back, to, g);
    if (o) {
        q->bnext[to] = from;
        q->bmid[to] = mid;
        bf_queue(&q->back, to, o, g);
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

/* Settles g's side: the subgoals that reach g directly (or g itself), then
 * along the lists of locals, whose edges lead up to the global graph. */
static void search_back(SubQuery *q, uint32_t gc)
{
    SubGraph *g = q->g;
    const uint32_t n = g->n, target = n + 1;
    const xyLoc goal = g->pos[target];
    bf_start(&q->back, target, 0.0);
    q->bnext[target] = target;
    uint32_t u;
    while (bf_pop(&q->back, &u)) {
        double ug = q->back.node[u].g;
        if (u == target) {
            if (sub_is_goal(g, gc)) {
                offer_back(q, u, ug, 0.0, sub_id(g, gc), SUB_DIRECT);
                continue;
            }
            size_t k = sub_scan(g, gc, q->scan);
            q->connect_cells += k;
            for (size_t i = 0; i < k; i++) {
                uint32_t v = sub_id(g, q->scan[i]);
                offer_back(q, u, ug, sub_octile(g->pos[v], goal), v, SUB_DIRECT);
            }
            continue;
        }
        if (!(g->cell[sub_cell(g, g->pos[u])] & SUB_LOCAL))
            continue;
        xyLoc up = g->pos[u];
        for (uint32_t e = g->first[u], end = g->first[u + 1]; e < end; e++)
            offer_back(q, u, ug, sub_octile(up, g->pos[g->edge[e]]), g->edge[e], g->mid[e]);
    }
}

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
     * node n + 1 (a subgoal goal reaches it at cost 0). */
    g->pos[n] = s;
    g->pos[target] = goal;
    search_back(q, gc);
    uint32_t start = sub_is_goal(g, sc) ? sub_id(g, sc) : n;
    size_t from_s = 0;
    if (start == n) { /* g counts as a subgoal while s is scanned: a direct s-g path is an edge */
        bool mark = !sub_is_goal(g, gc);
        g->cell[gc] |= SUB_GOAL;
        from_s = sub_scan(g, sc, q->scan);
        if (mark)
            g->cell[gc] &= (uint8_t)~SUB_GOAL;
        q->connect_cells += from_s;
    }
    bf_start(&q->bf, start, sub_octile(s, goal));
    q->parent[start] = start;
    bool found = false;
    uint32_t u;
    while (bf_pop(&q->bf, &u)) {
        if (u == target) {
            found = true;
            break;
        }
        q->expanded++;
        double ug = q->bf.node[u].g;
        xyLoc up = g->pos[u];
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
        /* Settled backwards: g at the backward distance (refined below). */
        if (bf_reached(&q->back, u)) {
            double gg = ug + q->back.node[u].g;
            BfOffer o = bf_offer(&q->bf, target, gg);
            if (o) {
                q->parent[target] = u;
                q->pmid[target] = SUB_VIA_BACK;
                bf_queue(&q->bf, target, o, gg);
            }
        }
    }
    if (!found)
        return;
    /* The forward nodes up to the last one before g's backward chain. */
    uint32_t last = q->pmid[target] == SUB_VIA_BACK ? q->parent[target] : target;
    size_t hops = 0;
    for (uint32_t v = last; v != start; v = q->parent[v])
        q->trace[hops++] = v;
    path_push(path, s);
    uint32_t a = start;
    for (size_t i = hops; i > 0; i--) {
        uint32_t b = q->trace[i - 1];
        refine_edge(g, a, b, q->pmid[b], path);
        a = b;
    }
    for (; a != target && q->pmid[target] == SUB_VIA_BACK; a = q->bnext[a])
        refine_edge(g, a, q->bnext[a], q->bmid[a], path);
}
