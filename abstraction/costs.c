/* True abstract edge costs (abstraction.h, "Edge costs"): the length of the
 * center-to-center leg of every edge, measured once by A* inside the edge's
 * two sectors (the same search, so the same length, as refine/legplan.h's
 * center legs), kept as one byte of excess over the octile distance. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/stamp.h"
#include "../grid/line.h"
#include "../search/astar.h"
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
 * holding its two, the map's cells copied in and only the two sectors
 * allowed. It sees the cells an A* over the whole map with the other
 * sectors barred would see (corner checks included: a diagonal step between
 * the two sectors of a diagonal edge checks cells of the other two), in the
 * same order, so it finds the same length; its memory is four sectors', not
 * the map's, and its cells stay in cache. */
typedef struct LegSearch {
    const Grid *g;
    int S, sw;
    AStar astar;
    AStarLimits lim;
    uint8_t stamp;
    uint8_t mark[4];     /* per sector of the window */
    uint16_t *col, *row; /* window column, row -> its sector's */
    Grid box;            /* 2S x 2S */
} LegSearch;

static void leg_search_free(LegSearch *ls)
{
    astar_free(&ls->astar);
    grid_free(&ls->box);
    free(ls->col);
    free(ls->row);
}

static bool leg_search_init(LegSearch *ls, const Grid *g, int S, Err *err)
{
    memset(ls, 0, sizeof *ls);
    ls->g = g;
    ls->S = S;
    ls->sw = (g->width + S - 1) / S;
    int side = 2 * S;
    ls->col = malloc((size_t)side * sizeof *ls->col);
    ls->row = malloc((size_t)side * sizeof *ls->row);
    if (!ls->col || !ls->row || !grid_init_blocked(&ls->box, side, side, err) ||
        !astar_init(&ls->astar, &ls->box, err) || !astar_reserve(&ls->astar, (size_t)side * side, err)) {
        leg_search_free(ls);
        return err_set(err, "out of memory measuring the abstract edge costs");
    }
    for (int i = 0; i < side; i++)
        ls->col[i] = ls->row[i] = (uint16_t)(i / S);
    ls->lim =
        (AStarLimits){.weight = 1, .block_mark = ls->mark, .col_block = ls->col, .row_block = ls->row, .blocks_w = 2};
    return true;
}

/* Cells i .. i + w - 1 of a packed grid into one byte each (0 or 1), eight
 * at a time: a window is copied for every leg searched (after a map change
 * the grid is packed), and cell by cell the copy was a sizeable part of a
 * leg's cost. */
static void bits_to_cells(const uint64_t *bits, size_t i, int w, uint8_t *out)
{
    int x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; x + 8 <= w; x += 8, i += 8) {
        uint64_t word = bits[i >> 6] >> (i & 63);
        if ((i & 63) > 56) /* the eight straddle two words; the next one exists, as cell i + 7 does */
            word |= bits[(i >> 6) + 1] << (64 - (i & 63));
        /* Bit k of the byte to bit 0 of byte 7 - k (no two partial
         * products overlap, so no carries), then the bytes reversed. */
        uint64_t spread = (word & 0xffu) * 0x8040201008040201ull >> 7 & 0x0101010101010101ull;
        spread = __builtin_bswap64(spread);
        memcpy(out + x, &spread, 8);
    }
#endif
    for (; x < w; x++, i++)
        out[x] = grid_bit_at(bits, i);
}

/* The length of a shortest path from ca (in sector s) to cb (in sector t)
 * inside the two sectors, its cells in *leg; -1 when there is none. */
static double leg_length(LegSearch *ls, int s, int t, xyLoc ca, xyLoc cb, xyPath *leg)
{
    int S = ls->S, sw = ls->sw;
    int c0 = s % sw < t % sw ? s % sw : t % sw, r0 = s / sw < t / sw ? s / sw : t / sw;
    ls->lim.mark = stamp_next_byte(&ls->stamp, ls->mark, 4);
    leg->len = 0;
    const Grid *g = ls->g;
    Grid *b = &ls->box;
    int x0 = c0 * S, y0 = r0 * S;
    int w = g->width - x0 < 2 * S ? g->width - x0 : 2 * S, h = g->height - y0 < 2 * S ? g->height - y0 : 2 * S;
    memset(b->cells, 0, (size_t)(b->height + 2) * b->stride);
    for (int y = 0; y < h; y++) {
        uint8_t *row = &b->cells[grid_index(b, 0, y)];
        size_t i = (size_t)grid_index(g, x0, y0 + y); /* the window lies inside the map */
        if (g->cells)
            memcpy(row, &g->cells[i], (size_t)w);
        else
            bits_to_cells(g->bits, i, w, row);
    }
    ls->mark[(s / sw - r0) * 2 + s % sw - c0] = ls->mark[(t / sw - r0) * 2 + t % sw - c0] = ls->lim.mark;
    xyLoc wa = {(int16_t)(ca.x - x0), (int16_t)(ca.y - y0)}, wb = {(int16_t)(cb.x - x0), (int16_t)(cb.y - y0)};
    return astar_find(&ls->astar, wa, wb, &ls->lim, leg);
}

/* Is the line between a and b (cells of sector s or t) legal with every cell in sector s or t?
 * It is then a shortest leg (its length is the octile distance, which no
 * path beats) that the two sectors' A* would find as short: no search. */
static bool straight_leg(const Grid *g, int S, int sw, int s, int t, xyLoc a, xyLoc b)
{
    /* Two sectors side by side make a rectangle, which holds the box of
     * any two cells in it and so the line's cells and corner checks; only
     * two sectors meeting at a corner leave room for a line outside them. */
    if (s / sw == t / sw || s % sw == t % sw)
        return line_legal(g, a, b);
    xyLoc cells[2 * ABS_MAX_SECTOR];
    size_t n = line_moves(a, b);
    if (n > sizeof cells / sizeof *cells)
        return false;
    n = line_cells(a, b, cells);
    for (size_t i = 0; i < n; i++) {
        int c = cells[i].y / S * sw + cells[i].x / S;
        if (c != s && c != t)
            return false;
    }
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

bool abs_plain_costs(AbsPlain *p, const Grid *g, int S, const uint8_t *redo, const uint8_t *placeholder, Err *err)
{
    int sw = (g->width + S - 1) / S, sh = (g->height + S - 1) / S;
    LegSearch ls;
    xyPath leg = {0};
    if (!p->edge_excess)
        p->edge_excess = calloc((size_t)p->nedges + 1, 1);
    if (!p->edge_excess)
        return err_set(err, "out of memory measuring the abstract edge costs");
    /* Every edge measured again has its source within two sectors of a
     * marked one (a diagonal edge past a marked corner, or one held by
     * two default sectors beside the change): the rest is not looked at. */
    uint8_t *near = redo ? malloc((size_t)p->nsectors) : NULL;
    if (redo && !near)
        return err_set(err, "out of memory measuring the abstract edge costs");
    if (near)
        abs_dilate(sw, sh, redo, 2, near);
    /* The window search is set up at the first leg that needs it: a
     * re-derivation whose legs are all lines needs none. */
    memset(&ls, 0, sizeof ls);
    bool ls_ready = false;
    for (int s = 0; s < p->nsectors; s++)
        for (int a = near && !near[s] ? p->reg_first[s + 1] : p->reg_first[s]; a < p->reg_first[s + 1]; a++)
            for (int e = p->edge_first[a]; e < p->edge_first[a + 1]; e++) {
                int t = (s % sw + GRID_DX[p->edge_dir[e]]) + (s / sw + GRID_DY[p->edge_dir[e]]) * sw;
                int b = p->reg_first[t] + p->edge_target[e];
                bool held =
                    placeholder && (placeholder[s] & placeholder[t] & 1) && ((placeholder[s] | placeholder[t]) & 2);
                if (b < a || (redo && !redo[s] && !redo[t] &&
                              (p->edge_dir[e] < 4 || (!abs_corner_marked(sw, sh, s, p->edge_dir[e], redo) && !held))))
                    continue; /* measured from b's side, or kept from before */
                xyLoc ca = abs_center_cell(s % sw * S, s / sw * S, p->center[a]);
                xyLoc cb = abs_center_cell(t % sw * S, t / sw * S, p->center[b]);
                double len;
                if (straight_leg(g, S, sw, s, t, ca, cb) || bent_leg(g, S, sw, s, t, ca, cb))
                    len = grid_octile(ca.x, ca.y, cb.x, cb.y);
                else if (!GRID_DIR_IS_DIAGONAL(p->edge_dir[e]) ||
                         !corner_leg(g, S, sw, s, p->edge_dir[e], ca, cb, &len)) {
                    if (!ls_ready && !(ls_ready = leg_search_init(&ls, g, S, err))) {
                        free(near);
                        return false;
                    }
                    len = leg_length(&ls, s, t, ca, cb, &leg);
                }
                /* No path inside the two sectors cannot happen for an edge of a
                 * valid abstraction; the longest code keeps such an edge last. */
                uint8_t q = len < 0 ? 255 : abs_excess_code(len - grid_octile(ca.x, ca.y, cb.x, cb.y));
                p->edge_excess[e] = q;
                int r = abs_plain_reverse_edge(p, s, a, p->edge_dir[e], t, p->edge_target[e]);
                if (r >= 0)
                    p->edge_excess[r] = q;
            }
    path_free(&leg);
    leg_search_free(&ls);
    free(near);
    return true;
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
