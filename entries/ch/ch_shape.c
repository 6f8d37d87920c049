/* Octile shapes of shortcuts (ch.h): walking or emitting the two shapes a
 * straight-line shortcut can take. */
#include <stddef.h>
#include <stdlib.h>

#include "ch.h"

int ch_shape_of(const Grid *g, uint32_t a, uint32_t b, uint64_t cost)
{
    if (cost != ch_octile(g, a, b))
        return CH_SHAPE_NONE;
    ChXY pa = ch_xy(g, a), pb = ch_xy(g, b);
    return ch_shape_walks(g, pa, pb, CH_SHAPE_DIAG_FIRST)       ? CH_SHAPE_DIAG_FIRST
           : ch_shape_walks(g, pa, pb, CH_SHAPE_STRAIGHT_FIRST) ? CH_SHAPE_STRAIGHT_FIRST
                                                                : CH_SHAPE_NONE;
}

/* One tight loop per leg over the padded cells (the ring is blocked, so
 * no bounds tests): every query on the subgoal graph first tries its free
 * octile path this way, and through grid_move_legal per step that test
 * was most of a query on small DAO maps. A diagonal step
 * needs its two cardinal cells free (no corner cutting). */
bool ch_shape_walks(const Grid *g, ChXY a, ChXY b, int shape)
{
    if (shape != CH_SHAPE_DIAG_FIRST && shape != CH_SHAPE_STRAIGHT_FIRST)
        return false;
    int x = a.x, y = a.y, bx = b.x, by = b.y;
    int dx = (bx > x) - (bx < x), dy = (by > y) - (by < y), ex = abs(bx - x), ey = abs(by - y);
    int diag = ex < ey ? ex : ey, straight = (ex > ey ? ex : ey) - diag;
    ptrdiff_t sx = dx, sy = (ptrdiff_t)dy * g->stride, sd = sx + sy, ss = ex > ey ? sx : sy;
    const uint8_t *p = g->cells + grid_index(g, x, y);
    for (int leg = 0; leg < 2; leg++) {
        if ((leg == 0) == (shape == CH_SHAPE_DIAG_FIRST)) {
            for (int k = 0; k < diag; k++, p += sd)
                if (!p[sd] || !p[sx] || !p[sy])
                    return false;
        } else {
            for (int k = 0; k < straight; k++)
                if (!*(p += ss))
                    return false;
        }
    }
    return true;
}

/* ch_shape_walks' twin over coordinates, unchecked: unpacking emits most
 * of a path's cells here. */
void ch_shape_emit(ChXY a, ChXY b, int shape, xyPath *out)
{
    int x = a.x, y = a.y, bx = b.x, by = b.y;
    int dx = (bx > x) - (bx < x), dy = (by > y) - (by < y), ex = abs(bx - x), ey = abs(by - y);
    int diag = ex < ey ? ex : ey, straight = (ex > ey ? ex : ey) - diag;
    int sx = ex > ey ? dx : 0, sy = ex > ey ? 0 : dy;
    path_reserve(out, (size_t)(diag + straight));
    xyLoc *c = out->cells + out->len;
    for (int leg = 0; leg < 2; leg++) {
        bool diagonal = (leg == 0) == (shape == CH_SHAPE_DIAG_FIRST);
        int n = diagonal ? diag : straight, mx = diagonal ? dx : sx, my = diagonal ? dy : sy;
        for (int k = 0; k < n; k++) {
            x += mx;
            y += my;
            *c++ = (xyLoc){(int16_t)x, (int16_t)y};
        }
    }
    out->len += (size_t)(diag + straight);
}
