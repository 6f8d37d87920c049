/* window_legs.h: what the refinement window's tests share (test_window.c,
 * test_window_memo.c): an open grid, the legs they join, and checks on
 * what a window emitted. */
#ifndef GPPC_TESTS_WINDOW_LEGS_H
#define GPPC_TESTS_WINDOW_LEGS_H

#include "../../refine/window.h"
#include "test.h"

/* Every step of c a legal move on g (no corner cut). */
static inline bool steps_legal(const Grid *g, const xyLoc *c, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        int dx = c[i].x - c[i - 1].x, dy = c[i].y - c[i - 1].y;
        if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (!dx && !dy) || !grid_passable(g, c[i].x, c[i].y))
            return false;
        if (dx && dy && (!grid_passable(g, c[i].x, c[i - 1].y) || !grid_passable(g, c[i - 1].x, c[i].y)))
            return false;
    }
    return true;
}

static inline bool has(const xyPath *p, int x, int y)
{
    for (size_t i = 0; i < p->len; i++)
        if (p->cells[i].x == x && p->cells[i].y == y)
            return true;
    return false;
}

/* A run east along row y from (1, y); a corner east along row 1 to (6,1),
 * then south to (6,6). */
static inline void east_run(xyLoc *a, int n, int y)
{
    for (int i = 0; i < n; i++)
        a[i] = (xyLoc){(int16_t)(1 + i), (int16_t)y};
}
static inline void corner_legs(xyLoc a[6], xyLoc b[6])
{
    east_run(a, 6, 1);
    for (int i = 0; i < 6; i++)
        b[i] = (xyLoc){6, (int16_t)(1 + i)};
}

static inline void open_grid(Grid *g, int w, int h)
{
    Err err;
    grid_init_blocked(g, w, h, &err);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            grid_set_passable(g, x, y, true);
}

#endif
