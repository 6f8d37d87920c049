/* True abstract edge costs (abstraction.h, "Edge costs"): the length of the
 * center-to-center leg of every edge, measured once by A* inside the edge's
 * two sectors (the same search, so the same length, as refine/legplan.h's
 * center legs), kept as one byte of excess over the octile distance. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/stamp.h"
#include "../grid/line.h"
#include "../search/heap.h"
#include "plain.h"

/* Below 64 cells the code is the excess in half cells; above, 2 cells a
 * step up to 318 cells (a leg winding through two maze sectors). */
uint8_t abs_excess_code(double cells)
{
    if (cells <= 0)
        return 0;
    if (cells < 64.0)
        return (uint8_t)lround(cells * 2.0 > 127 ? 127 : cells * 2.0);
    long q = 128 + lround((cells - 64.0) / 2.0);
    return (uint8_t)(q > 255 ? 255 : q);
}

/* Where an edge's leg is searched: over a window of the 2 x 2 sectors
 * holding its two, the map's cells copied in, moves allowed only into the
 * two sectors. It sees the cells an A* over the whole map with the other
 * sectors barred would see (corner checks included: a diagonal step between
 * the two sectors of a diagonal edge checks cells of the other two), so it
 * finds the same length; its memory is four sectors', not the map's, and
 * its cells stay in cache. Only the length is wanted, and the window is
 * small and the same every time, so the search is this file's own A* (not
 * search/astar.h's, which pages, restricts by block lookups and keeps
 * parents): the window is a bit row per line (a cell's bit: open and inside
 * the two sectors, the only cells a move may enter or a corner check pass),
 * a cell's legal moves are one lookup of the 3 x 3 bits around it, the
 * nodes are the window's cells, indexed directly. Any exact search gives
 * the same length (the same excess code: a length a + b sqrt(2) never lies
 * within rounding of a code's boundary). */
#define LEG_STRIDE (2 * ABS_MAX_SECTOR + 2) /* the window with a blocked ring: at most 64 bits a row */
#define LEG_CELLS (LEG_STRIDE * LEG_STRIDE)

typedef struct LegNode {
    double g;
    uint32_t seen; /* the search's generation (common/stamp.h): reached (open, or closed: LegSearch.closed) */
    int32_t pos;   /* its place in the open list (search/heap.h) */
} LegNode;

struct LegSearch {
    const Grid *g;
    uint64_t expanded; /* cells the searches expanded (the measuring's work) */
    int S, sw;
    uint32_t stamp;
    Heap open;
    int offset[8];      /* a move's offset in the window */
    uint8_t moves[512]; /* by the 3 x 3 bits around a cell (bit (dy + 1) * 3 + dx + 1): its legal moves, bit d */
    uint8_t dirs[512];  /* by the same 3 x 3 bits: the directions of the set ones, bit d */
    uint64_t row[LEG_STRIDE];
    uint64_t closed[LEG_STRIDE]; /* the search's closed cells, as row */
    LegNode node[LEG_CELLS];
};

static void leg_search_free(LegSearch *ls)
{
    if (ls)
        heap_free(&ls->open);
    free(ls);
}

static LegSearch *leg_search_new(const Grid *g, int S, Err *err)
{
    LegSearch *ls = calloc(1, sizeof *ls);
    if (!ls || !heap_init(&ls->open, LEG_CELLS, &ls->node[0].pos, sizeof ls->node[0])) {
        free(ls);
        err_set(err, "out of memory measuring the abstract edge costs");
        return NULL;
    }
    ls->g = g;
    ls->S = S;
    ls->sw = (g->width + S - 1) / S;
    for (int d = 0; d < 8; d++)
        ls->offset[d] = GRID_DY[d] * LEG_STRIDE + GRID_DX[d];
    /* A move enters an open cell; a diagonal one also passes the two
     * cardinal cells beside it (no corner cutting). */
    for (unsigned around = 0; around < 512; around++)
        for (int d = 0; d < 8; d++) {
            bool ok = around >> ((GRID_DY[d] + 1) * 3 + GRID_DX[d] + 1) & 1;
            if (d >= 4)
                ok = ok && (around >> (3 + GRID_DX[d] + 1) & 1) && (around >> ((GRID_DY[d] + 1) * 3 + 1) & 1);
            ls->moves[around] |= (uint8_t)(ok << d);
            ls->dirs[around] |= (uint8_t)((around >> ((GRID_DY[d] + 1) * 3 + GRID_DX[d] + 1) & 1) << d);
        }
    return ls;
}

/* The window's octile distance from (x, y) to (gx, gy). */
static inline double leg_octile(int x, int y, int gx, int gy)
{
    int dx = x > gx ? x - gx : gx - x, dy = y > gy ? y - gy : gy - y;
    return dx > dy ? (dx - dy) + dy * GRID_SQRT2 : (dy - dx) + dx * GRID_SQRT2;
}

/* Copies the window of the 2 x 2 sectors holding s and t in: the cells
 * of s and t, open ones open to moves; the other two sectors' stay blocked
 * (a search between s and t reads none of them: two sectors side by side
 * make a rectangle, which holds the corner cells of every diagonal step in
 * it, and leg_length steps over the corner of two diagonal ones itself).
 * Returns the window's top-left cell less its ring (so a cell's window
 * coordinates are its own minus it). */
static xyLoc leg_window(LegSearch *ls, int s, int t)
{
    int S = ls->S, sw = ls->sw;
    int c0 = s % sw < t % sw ? s % sw : t % sw, r0 = s / sw < t / sw ? s / sw : t / sw;
    const Grid *g = ls->g;
    memset(ls->row, 0, sizeof ls->row);
    for (int k = 0; k < 2; k++) {
        int x0, y0, w, h, sec = k ? t : s;
        abs_box(g->width, g->height, S, sw, sec, &x0, &y0, &w, &h);
        int shift = (sec % sw - c0) * S + 1;
        uint64_t *at = &ls->row[(sec / sw - r0) * S + 1];
        for (int y = 0; y < h; y++) {
            size_t i = (size_t)grid_index(g, x0, y0 + y);
            uint64_t run = 0;
            if (g->cells) {
                for (int x = 0; x < w; x++)
                    run |= (uint64_t)(g->cells[i + (size_t)x] != 0) << x;
            } else {
                run = grid_bits_run(g->bits, i, w);
            }
            at[y] |= run << shift;
        }
    }
    return (xyLoc){(int16_t)(c0 * S - 1), (int16_t)(r0 * S - 1)};
}

/* The length of a shortest path from window cell (sx, sy) to (gx, gy) over
 * the cells open to moves (leg_window); -1 when there is none. */
static double leg_search(LegSearch *ls, int sx, int sy, int gx, int gy)
{
    /* One generation a search marks the cells reached; the closed ones are
     * bits beside the window's, so a cell's moves into closed cells drop
     * out with one lookup and its others lead to open or new cells. */
    const StampArea marks = STAMP_FIELD(ls->node, seen, LEG_CELLS);
    const uint32_t open = stamp_next(&ls->stamp, &marks, 1);
    const int goal = gy * LEG_STRIDE + gx, start = sy * LEG_STRIDE + sx;
    LegNode *node = ls->node;
    const uint64_t *row = ls->row;
    uint64_t *closed = ls->closed;
    memset(closed, 0, sizeof ls->closed);
    Heap *heap = &ls->open;
    heap_clear(heap);
    node[start].g = 0;
    node[start].seen = open;
    /* A new cell whose f equals the expanded one's is a least f of the open
     * cells (the heuristic is consistent), so it is expanded next without
     * passing through the heap: in open ground most of a leg's cells do. */
    int next = start;
    double f = leg_octile(sx, sy, gx, gy);
    for (;;) {
        int cur = next;
        if (cur < 0) {
            if (heap_empty(heap))
                return -1;
            HeapItem top = heap_pop(heap);
            cur = (int)top.id;
            f = top.f;
        }
        next = -1;
        ls->expanded++;
        if (cur == goal)
            return node[cur].g;
        const double gc = node[cur].g;
        const int cx = cur % LEG_STRIDE, cy = cur / LEG_STRIDE;
        closed[cy] |= 1ull << cx;
        const unsigned around = (unsigned)(row[cy - 1] >> (cx - 1) & 7) | (unsigned)(row[cy] >> (cx - 1) & 7) << 3 |
                                (unsigned)(row[cy + 1] >> (cx - 1) & 7) << 6;
        const unsigned done = (unsigned)(closed[cy - 1] >> (cx - 1) & 7) | (unsigned)(closed[cy] >> (cx - 1) & 7) << 3 |
                              (unsigned)(closed[cy + 1] >> (cx - 1) & 7) << 6;
        for (unsigned m = ls->moves[around] & ~(unsigned)ls->dirs[done]; m; m &= m - 1) {
            const int d = __builtin_ctz(m), nb = cur + ls->offset[d];
            LegNode *n = &node[nb];
            const double ng = gc + (d >= 4 ? GRID_SQRT2 : 1.0);
            if (n->seen != open) {
                n->g = ng;
                n->seen = open;
                const double nf = ng + leg_octile(cx + GRID_DX[d], cy + GRID_DY[d], gx, gy);
                if (next < 0 && nf == f)
                    next = nb;
                else
                    heap_push(heap, (uint32_t)nb, nf, ng);
            } else if (ng < n->g) {
                n->g = ng;
                heap_decrease(heap, (uint32_t)nb, ng + leg_octile(cx + GRID_DX[d], cy + GRID_DY[d], gx, gy), ng);
            }
        }
    }
}

/* The length of a shortest path from ca (in sector s) to cb (in sector t,
 * a neighbour in direction dir) inside the two sectors; -1 when there is
 * none. Between two sectors that meet at a corner every such path takes
 * the one diagonal step from s's corner cell p to t's q (corner_leg), so
 * it is a shortest path from ca to p inside s, that step and one from q to
 * cb inside t: two searches, each towards the cell it must reach (an A*
 * towards cb alone strays along s's far side of the corner), and no
 * search for a half a straight line covers. */
static double leg_length(LegSearch *ls, int s, int t, int dir, xyLoc ca, xyLoc cb)
{
    const xyLoc o = leg_window(ls, s, t);
    if (!GRID_DIR_IS_DIAGONAL(dir))
        return leg_search(ls, ca.x - o.x, ca.y - o.y, cb.x - o.x, cb.y - o.y);
    int x0, y0, w, h;
    const Grid *g = ls->g;
    abs_box(g->width, g->height, ls->S, ls->sw, s, &x0, &y0, &w, &h);
    xyLoc p = {(int16_t)(GRID_DX[dir] > 0 ? x0 + w - 1 : x0), (int16_t)(GRID_DY[dir] > 0 ? y0 + h - 1 : y0)};
    xyLoc q = {(int16_t)(p.x + GRID_DX[dir]), (int16_t)(p.y + GRID_DY[dir])};
    if (!grid_passable(g, p.x, p.y) || !grid_move_legal(g, p.x, p.y, dir))
        return -1;
    double first = line_legal(g, ca, p) ? grid_octile(ca.x, ca.y, p.x, p.y)
                                        : leg_search(ls, ca.x - o.x, ca.y - o.y, p.x - o.x, p.y - o.y);
    if (first < 0)
        return -1;
    double last = line_legal(g, q, cb) ? grid_octile(q.x, q.y, cb.x, cb.y)
                                       : leg_search(ls, q.x - o.x, q.y - o.y, cb.x - o.x, cb.y - o.y);
    return last < 0 ? -1 : first + GRID_SQRT2 + last;
}

/* Is the line between a and b legal with every cell in sector s or t? It is then a shortest leg (its length
 * is the octile distance, which no path beats) that the two sectors' A*
 * would find as short: no search. */
static bool straight_leg(const Grid *g, int S, int sw, int s, int t, xyLoc a, xyLoc b)
{
    /* Two sectors side by side make a rectangle, which holds the box of
     * any two cells in it and so the line's cells and corner checks; only
     * two sectors meeting at a corner leave room for a line outside them. */
    if (s / sw == t / sw || s % sw == t % sw)
        return line_legal(g, a, b);
    int sa = a.y / S * sw + a.x / S, sb = b.y / S * sw + b.x / S;
    if ((sa != s && sa != t) || (sb != s && sb != t)) /* a is, as the callers pass it; b may not be */
        return false;
    if (sa == sb) /* a box inside one sector */
        return line_legal(g, a, b);
    if (sa == t) { /* the same cells from either end */
        xyLoc c = a;
        a = b;
        b = c;
    }
    /* From s to t, meeting at a corner: the line's columns and rows change
     * by at most one a step and never turn back, so it crosses from s's
     * columns to t's in one step and from s's rows to t's in one step; it
     * stays in the two sectors exactly when that is the same step, from s's
     * corner cell p to t's. Along the line's major axis each step moves one,
     * so the step leaving p's column (or row) is step k below. */
    int dir = grid_dir_of((t % sw > s % sw) - (t % sw < s % sw), (t / sw > s / sw) - (t / sw < s / sw));
    int x0, y0, w, h;
    abs_box(g->width, g->height, S, sw, s, &x0, &y0, &w, &h);
    xyLoc p = {(int16_t)(GRID_DX[dir] > 0 ? x0 + w - 1 : x0), (int16_t)(GRID_DY[dir] > 0 ? y0 + h - 1 : y0)};
    int ax = b.x > a.x ? b.x - a.x : a.x - b.x, ay = b.y > a.y ? b.y - a.y : a.y - b.y;
    int k = ax >= ay ? (p.x > a.x ? p.x - a.x : a.x - p.x) : (p.y > a.y ? p.y - a.y : a.y - p.y);
    xyLoc at = line_cell(a, b, k), next = line_cell(a, b, k + 1);
    if (at.x != p.x || at.y != p.y || next.x != p.x + GRID_DX[dir] || next.y != p.y + GRID_DY[dir])
        return false;
    return line_legal(g, a, b);
}

/* Does a shortest leg of octile length bend once? The diagonal run first
 * and the straight run after it, or the other way round: when either pair
 * of lines is legal inside the two sectors, the leg is as short as the
 * straight line between the centers would be, no search. */
static bool bent_leg(const Grid *g, int S, int sw, int s, int t, xyLoc a, xyLoc b)
{
    int dx = b.x - a.x, dy = b.y - a.y, ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    int k = ax < ay ? ax : ay, sx = dx < 0 ? -1 : 1, sy = dy < 0 ? -1 : 1;
    if (k == 0 || k == (ax > ay ? ax : ay))
        return false; /* one straight or diagonal run: the line itself */
    xyLoc diag_first = {(int16_t)(a.x + sx * k), (int16_t)(a.y + sy * k)};
    xyLoc diag_last = {(int16_t)(b.x - sx * k), (int16_t)(b.y - sy * k)};
    return (straight_leg(g, S, sw, s, t, a, diag_first) && straight_leg(g, S, sw, s, t, diag_first, b)) ||
           (straight_leg(g, S, sw, s, t, a, diag_last) && straight_leg(g, S, sw, s, t, diag_last, b));
}

/* A diagonal edge's two sectors meet at one corner, so every path between
 * them inside the two takes the one diagonal move from s's corner cell p to
 * t's corner cell q (dir: from s to t). When straight lines join a to p
 * inside s and q to b inside t, they and that move are a shortest leg: its
 * length into *len, no search. (A line's cells and corner checks lie in the
 * box of its ends, so each line stays in its sector.) */
static bool corner_leg(const Grid *g, int S, int sw, int s, int dir, xyLoc a, xyLoc b, double *len)
{
    int x0, y0, w, h;
    abs_box(g->width, g->height, S, sw, s, &x0, &y0, &w, &h);
    xyLoc p = {(int16_t)(GRID_DX[dir] > 0 ? x0 + w - 1 : x0), (int16_t)(GRID_DY[dir] > 0 ? y0 + h - 1 : y0)};
    xyLoc q = {(int16_t)(p.x + GRID_DX[dir]), (int16_t)(p.y + GRID_DY[dir])};
    if (!grid_passable(g, p.x, p.y) || !grid_move_legal(g, p.x, p.y, dir) || !line_legal(g, a, p) ||
        !line_legal(g, q, b))
        return false;
    *len = grid_octile(a.x, a.y, p.x, p.y) + GRID_SQRT2 + grid_octile(q.x, q.y, b.x, b.y);
    return true;
}

/* A window search's expansions are the measuring's work units; an edge
 * that lines settle costs a few, as its line checks read a few dozen cells. */
#define LINE_WORK 4u

bool abs_costs_begin(AbsCostRun *c, AbsPlain *p, const Grid *g, int S, const uint8_t *redo, const uint8_t *placeholder,
                     Err *err)
{
    *c = (AbsCostRun){.p = p, .g = g, .S = S, .redo = redo, .placeholder = placeholder};
    c->sw = (g->width + S - 1) / S;
    c->sh = (g->height + S - 1) / S;
    if (!p->edge_excess)
        p->edge_excess = calloc((size_t)p->nedges + 1, 1);
    /* Every edge measured again has its source within two sectors of a
     * marked one (a diagonal edge past a marked corner, or one held by
     * two default sectors beside the change): the rest is not looked at. */
    c->near = redo ? malloc((size_t)p->nsectors) : NULL;
    if (!p->edge_excess || (redo && !c->near)) {
        free(c->near);
        c->near = NULL;
        return err_set(err, "out of memory measuring the abstract edge costs");
    }
    if (c->near)
        abs_dilate(c->sw, c->sh, redo, 2, c->near);
    return true;
}

/* Measures the edges of sector s that are its to measure. */
static bool measure_sector(AbsCostRun *c, int s, uint64_t *spent, Err *err)
{
    AbsPlain *p = c->p;
    const Grid *g = c->g;
    const int S = c->S, sw = c->sw;
    for (int a = p->reg_first[s]; a < p->reg_first[s + 1]; a++)
        for (int e = p->edge_first[a]; e < p->edge_first[a + 1]; e++) {
            int t = (s % sw + GRID_DX[p->edge_dir[e]]) + (s / sw + GRID_DY[p->edge_dir[e]]) * sw;
            int b = p->reg_first[t] + p->edge_target[e];
            bool held = c->placeholder && (c->placeholder[s] & c->placeholder[t] & 1) &&
                        ((c->placeholder[s] | c->placeholder[t]) & 2);
            if (b < a || (c->redo && !c->redo[s] && !c->redo[t] &&
                          (p->edge_dir[e] < 4 || (!abs_corner_marked(sw, c->sh, s, p->edge_dir[e], c->redo) && !held))))
                continue; /* measured from b's side, or kept from before */
            xyLoc ca = abs_center_cell(s % sw * S, s / sw * S, p->center[a]);
            xyLoc cb = abs_center_cell(t % sw * S, t / sw * S, p->center[b]);
            double len;
            *spent += LINE_WORK;
            if (straight_leg(g, S, sw, s, t, ca, cb) || bent_leg(g, S, sw, s, t, ca, cb))
                len = grid_octile(ca.x, ca.y, cb.x, cb.y);
            else if (!GRID_DIR_IS_DIAGONAL(p->edge_dir[e]) || !corner_leg(g, S, sw, s, p->edge_dir[e], ca, cb, &len)) {
                /* The window search is set up at the first leg that needs
                 * it: a re-derivation whose legs are all lines needs none. */
                if (!c->ls && !(c->ls = leg_search_new(g, S, err)))
                    return false;
                c->ls->expanded = 0;
                len = leg_length(c->ls, s, t, p->edge_dir[e], ca, cb);
                *spent += c->ls->expanded;
            }
            /* No path inside the two sectors cannot happen for an edge of a
             * valid abstraction; the longest code keeps such an edge last. */
            uint8_t q = len < 0 ? 255 : abs_excess_code(len - grid_octile(ca.x, ca.y, cb.x, cb.y));
            p->edge_excess[e] = q;
            int r = abs_plain_reverse_edge(p, s, a, p->edge_dir[e], t, p->edge_target[e]);
            if (r >= 0)
                p->edge_excess[r] = q;
        }
    return true;
}

int abs_costs_run(AbsCostRun *c, uint64_t work, Err *err)
{
    uint64_t spent = 0;
    for (; c->s < c->p->nsectors; c->s++) {
        if (spent >= work)
            return 0;
        if (c->near && !c->near[c->s])
            continue;
        if (!measure_sector(c, c->s, &spent, err))
            return -1;
    }
    return 1;
}

void abs_costs_end(AbsCostRun *c)
{
    leg_search_free(c->ls);
    free(c->near);
    c->ls = NULL;
    c->near = NULL;
}

size_t abs_costs_bytes(const AbsCostRun *c)
{
    return (c->near ? (size_t)c->p->nsectors : 0) +
           (c->ls ? sizeof *c->ls + (size_t)c->ls->open.cap * sizeof(HeapItem) : 0);
}

bool abs_plain_costs(AbsPlain *p, const Grid *g, int S, const uint8_t *redo, const uint8_t *placeholder, Err *err)
{
    AbsCostRun c;
    if (!abs_costs_begin(&c, p, g, S, redo, placeholder, err))
        return false;
    int done = abs_costs_run(&c, UINT64_MAX, err);
    abs_costs_end(&c);
    return done > 0;
}

bool abs_edge_excess(const Abstraction *a, uint8_t **out, Err *err)
{
    *out = NULL;
    if (!a->costs_on)
        return true;
    AbsPlain p;
    if (!abs_decode(a, &p, err))
        return false;
    *out = p.edge_excess;
    p.edge_excess = NULL;
    abs_plain_free(&p);
    return true;
}
