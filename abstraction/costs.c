/* True abstract edge costs (abstraction.h, "Edge costs"): the length of the
 * center-to-center leg of every edge, measured once by A* inside the edge's
 * two sectors (the same search, so the same length, as refine/legplan.h's
 * center legs), kept as one byte of excess over the octile distance. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/stamp.h"
#include "../search/astar.h"
#include "plain.h"

/* Below 64 cells the code is the excess in half cells; above, 2 cells a
 * step up to 318 cells (a leg winding through two maze sectors). */
double abs_excess_cells(uint8_t q) { return q < 128 ? q * 0.5 : 64.0 + (q - 128) * 2.0; }

uint8_t abs_excess_code(double cells)
{
    if (cells <= 0)
        return 0;
    if (cells < 64.0)
        return (uint8_t)lround(cells * 2.0 > 127 ? 127 : cells * 2.0);
    long q = 128 + lround((cells - 64.0) / 2.0);
    return (uint8_t)(q > 255 ? 255 : q);
}

bool abs_plain_costs(AbsPlain *p, const Grid *g, int S, const uint8_t *redo, const uint8_t *redo_diag, AStar *borrowed,
                     Err *err)
{
    int sw = (g->width + S - 1) / S, sh = (g->height + S - 1) / S;
    AStar own, *astar = borrowed ? borrowed : &own;
    uint32_t *mark = calloc((size_t)sw * sh, sizeof *mark);
    uint16_t *col = malloc((size_t)g->width * sizeof *col), *row = malloc((size_t)g->height * sizeof *row);
    xyPath leg = {0};
    if (!p->edge_excess)
        p->edge_excess = calloc((size_t)p->nedges + 1, 1);
    bool ok = mark && col && row && p->edge_excess && (borrowed || astar_init_paged(&own, g, S, err));
    if (!ok) {
        free(mark);
        free(col);
        free(row);
        return err_set(err, "out of memory measuring the abstract edge costs");
    }
    for (int x = 0; x < g->width; x++)
        col[x] = (uint16_t)(x / S);
    for (int y = 0; y < g->height; y++)
        row[y] = (uint16_t)(y / S);
    AStarLimits lim = {.weight = 1, .block_mark = mark, .col_block = col, .row_block = row, .blocks_w = sw};
    StampArea marks = STAMP_ARRAY(mark, (size_t)sw * sh);
    uint32_t stamp = 0;
    for (int s = 0; s < p->nsectors; s++)
        for (int a = p->reg_first[s]; a < p->reg_first[s + 1]; a++)
            for (int e = p->edge_first[a]; e < p->edge_first[a + 1]; e++) {
                int t = (s % sw + GRID_DX[p->edge_dir[e]]) + (s / sw + GRID_DY[p->edge_dir[e]]) * sw;
                int b = p->reg_first[t] + p->edge_target[e];
                const uint8_t *mine = redo_diag && p->edge_dir[e] >= 4 ? redo_diag : redo;
                if (b < a || (mine && !mine[s] && !mine[t]))
                    continue; /* measured from b's side, or kept from before */
                xyLoc ca = {(int16_t)(s % sw * S + (p->center[a] & 15)), (int16_t)(s / sw * S + (p->center[a] >> 4))};
                xyLoc cb = {(int16_t)(t % sw * S + (p->center[b] & 15)), (int16_t)(t / sw * S + (p->center[b] >> 4))};
                lim.mark = stamp_next(&stamp, &marks, 1);
                mark[s] = mark[t] = lim.mark;
                leg.len = 0;
                double len = astar_find(astar, ca, cb, &lim, &leg);
                /* No path inside the two sectors cannot happen for an edge of a
                 * valid abstraction; the longest code keeps such an edge last. */
                uint8_t q = len < 0 ? 255 : abs_excess_code(len - grid_octile(ca.x, ca.y, cb.x, cb.y));
                p->edge_excess[e] = q;
                int r = abs_plain_reverse_edge(p, s, a, p->edge_dir[e], t, p->edge_target[e]);
                if (r >= 0)
                    p->edge_excess[r] = q;
            }
    path_free(&leg);
    if (!borrowed)
        astar_free(&own);
    free(mark);
    free(col);
    free(row);
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
