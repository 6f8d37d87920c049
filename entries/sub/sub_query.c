/* A query on the simple subgoal graph: connect s and g, A*, refine (sub.h). */
#include <stdlib.h>
#include <string.h>

#include "sub.h"

bool sub_query_init(SubQuery *q, SubGraph *g, Err *err)
{
    memset(q, 0, sizeof *q);
    q->g = g;
    size_t nodes = (size_t)g->n + 2;
    q->parent = malloc(nodes * sizeof *q->parent);
    q->goal_mark = calloc(nodes, sizeof *q->goal_mark);
    q->scan = malloc(sub_scan_cap(g) * sizeof *q->scan);
    q->trace = malloc(nodes * sizeof *q->trace);
    if (!q->parent || !q->goal_mark || !q->scan || !q->trace || !bf_init(&q->bf, nodes, (uint32_t)nodes)) {
        sub_query_free(q);
        return err_set(err, "sub: out of memory for the query state");
    }
    return true;
}

void sub_query_free(SubQuery *q)
{
    bf_free(&q->bf);
    free(q->parent);
    free(q->goal_mark);
    free(q->scan);
    free(q->trace);
    memset(q, 0, sizeof *q);
}

/* Costs in units of 2^-32 cells, integers held exactly in a double (below
 * 2^53 for any map): a cardinal step 2^32, a diagonal round(sqrt(2) 2^32)
 * (as in entries/ch). Sums of them are exact, so paths of equal length tie
 * exactly and the open list's tie-break (deeper first) works; with
 * 1 + sqrt(2) sums in plain doubles, rounding broke the ties at random and
 * the search expanded many more nodes. The rounding of sqrt(2) is below 1e-10 per step. */
#define SUB_CARD 4294967296.0
#define SUB_DIAG 6074001000.0
static inline double octile(xyLoc a, xyLoc b)
{
    int dx = abs(a.x - b.x), dy = abs(a.y - b.y), lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return (double)(hi - lo) * SUB_CARD + (double)lo * SUB_DIAG;
}

/* Offers node `to` the path through `from` (at from_g, from at pos fp). A
 * closed node is skipped before any arithmetic: in a subgoal graph most
 * edges of an expanded node lead to nodes already closed. */
static inline void offer(SubQuery *q, uint32_t from, double from_g, xyLoc fp, uint32_t to, uint32_t goal)
{
    const BfNode *nd = &q->bf.node[to];
    if (nd->stamp == q->bf.stamp && nd->heap_pos == BF_CLOSED)
        return;
    const xyLoc *pos = q->g->pos;
    double g = from_g + octile(fp, pos[to]);
    BfOffer o = bf_offer(&q->bf, to, g);
    if (o) {
        q->parent[to] = from;
        bf_queue(&q->bf, to, o, g + octile(pos[to], pos[goal]));
    }
}

/* The node of a scanned cell: the goal (marked as a subgoal during the
 * scan), or the subgoal's id. */
static inline uint32_t node_of(const SubGraph *g, uint32_t cell, uint32_t goal_cell)
{
    return cell == goal_cell ? g->n + 1 : sub_id(g, cell);
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

void sub_query_path(SubQuery *q, xyLoc s, xyLoc goal, xyPath *path)
{
    SubGraph *g = q->g;
    const uint32_t n = g->n;
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
    /* A cell that is no subgoal joins the graph as node n (s) or n + 1 (g). */
    uint32_t start = sub_is_goal(g, sc) ? sub_id(g, sc) : n, target = sub_is_goal(g, gc) ? sub_id(g, gc) : n + 1;
    uint32_t virtual_goal = target == n + 1 ? gc : UINT32_MAX;
    g->pos[n] = s;
    g->pos[n + 1] = goal;
    StampArea marks = STAMP_ARRAY(q->goal_mark, (size_t)n + 2);
    uint32_t stamp = stamp_next(&q->goal_stamp, &marks, 1);
    size_t from_s = 0;
    if (target == n + 1) { /* the subgoals that reach g: its own scan, read backwards */
        size_t k = sub_scan(g, gc, q->scan);
        for (size_t i = 0; i < k; i++)
            q->goal_mark[sub_id(g, q->scan[i])] = stamp;
        q->connect_cells += k;
    }
    if (start == n) { /* g counts as a subgoal while s is scanned: a direct s-g path is an edge */
        g->cell[gc] |= SUB_GOAL;
        from_s = sub_scan(g, sc, q->scan);
        if (target == n + 1)
            g->cell[gc] &= (uint8_t)~SUB_GOAL;
        q->connect_cells += from_s;
    }
    bf_start(&q->bf, start, octile(s, goal));
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
            for (size_t i = 0; i < from_s; i++)
                offer(q, u, ug, up, node_of(g, q->scan[i], virtual_goal), target);
            continue;
        }
        for (uint32_t e = g->first[u], end = g->first[u + 1]; e < end; e++)
            offer(q, u, ug, up, g->edge[e], target);
        if (q->goal_mark[u] == stamp)
            offer(q, u, ug, up, n + 1, target);
    }
    if (!found)
        return;
    size_t hops = 0;
    for (uint32_t v = target; v != start; v = q->parent[v])
        q->trace[hops++] = v;
    q->trace[hops] = start;
    path_push(path, s);
    for (size_t i = hops; i > 0; i--) {
        uint32_t a = q->trace[i], b = q->trace[i - 1];
        /* Only an edge into g from a subgoal was found from its far end. */
        refine(g->pos[a], g->pos[b], !(b == n + 1 && a != n), path);
    }
}
