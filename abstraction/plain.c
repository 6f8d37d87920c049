/* The plain form's memory: growing its arrays while building, freeing them. */
#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "plain.h"

bool abs_grow(Growable *v, size_t need) { return grow_room(&v->p, &v->cap, need, v->elem, 1024); }

void abs_plain_free(AbsPlain *p)
{
    free(p->reg_first);
    free(p->center);
    free(p->edge_first);
    free(p->edge_dir);
    free(p->edge_target);
    free(p->edge_excess);
    memset(p, 0, sizeof *p);
}

int abs_plain_reverse_edge(const AbsPlain *p, int sector, int region, int dir, int target_sector, int target)
{
    int b = p->reg_first[target_sector] + target, back = abs_opposite_dir(dir);
    for (int e = p->edge_first[b]; e < p->edge_first[b + 1]; e++)
        if (p->edge_dir[e] == back && p->edge_target[e] == region - p->reg_first[sector])
            return e;
    return -1; /* edges are symmetric in a well-formed abstraction */
}

bool abs_corner_marked(int sw, int sh, int s, int d, const uint8_t *marked)
{
    int sx = s % sw, sy = s / sw, x = sx + GRID_DX[d], y = sy + GRID_DY[d];
    return (x >= 0 && x < sw && marked[sy * sw + x]) || (y >= 0 && y < sh && marked[y * sw + sx]);
}

void abs_dilate(int sw, int sh, const uint8_t *marked, int steps, uint8_t *out)
{
    memset(out, 0, (size_t)sw * sh);
    for (int y = 0; y < sh; y++)
        for (int x = 0; x < sw; x++) {
            if (!marked[y * sw + x])
                continue;
            int xa = x - steps < 0 ? 0 : x - steps, xb = x + steps >= sw ? sw - 1 : x + steps;
            for (int v = y - steps < 0 ? 0 : y - steps; v <= y + steps && v < sh; v++)
                memset(out + v * sw + xa, 1, (size_t)(xb - xa + 1));
        }
}
