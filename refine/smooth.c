#include "smooth.h"

#include <stdlib.h>

/* Walks the line from a to b, calling step(ctx, from, to) for each move;
 * stops early when step returns false. Returns whether every step passed. */
typedef bool (*LineStep)(void *ctx, xyLoc from, xyLoc to);

static bool walk_line(xyLoc a, xyLoc b, LineStep step, void *ctx)
{
    int dx = abs(b.x - a.x), dy = abs(b.y - a.y);
    int sx = b.x > a.x ? 1 : -1, sy = b.y > a.y ? 1 : -1;
    int major = dx > dy ? dx : dy, minor = dx > dy ? dy : dx;
    int err = major / 2;
    xyLoc cur = a;
    for (int i = 0; i < major; i++) {
        xyLoc next = cur;
        err -= minor;
        bool side = err < 0;
        if (side)
            err += major;
        if (dx >= dy) {
            next.x = (int16_t)(next.x + sx);
            if (side)
                next.y = (int16_t)(next.y + sy);
        } else {
            next.y = (int16_t)(next.y + sy);
            if (side)
                next.x = (int16_t)(next.x + sx);
        }
        if (!step(ctx, cur, next))
            return false;
        cur = next;
    }
    return true;
}

static bool legal_step(void *ctx, xyLoc from, xyLoc to)
{
    const Grid *g = ctx;
    if (!grid_passable(g, to.x, to.y))
        return false;
    if (from.x != to.x && from.y != to.y)
        return grid_passable(g, to.x, from.y) && grid_passable(g, from.x, to.y);
    return true;
}

bool line_legal(const Grid *g, xyLoc a, xyLoc b) { return walk_line(a, b, legal_step, (void *)g); }

typedef struct Collect {
    xyLoc *out;
    size_t n;
} Collect;

static bool collect_step(void *ctx, xyLoc from, xyLoc to)
{
    (void)from;
    Collect *c = ctx;
    c->out[c->n++] = to;
    return true;
}

size_t line_cells(xyLoc a, xyLoc b, xyLoc *out)
{
    Collect c = {out, 0};
    walk_line(a, b, collect_step, &c);
    return c.n;
}

size_t smooth_path(const Grid *g, xyLoc *cells, size_t n)
{
    if (n < 3)
        return n;
    /* The line from the anchor to cells[j] has at most j - anchor_index steps,
     * so writing it at `w` never overtakes the unread input at j + 1. */
    size_t w = 1, anchor_index = 0;
    xyLoc anchor = cells[0];
    while (anchor_index < n - 1) {
        size_t j = anchor_index + 1;
        while (j + 1 < n && line_legal(g, anchor, cells[j + 1]))
            j++;
        xyLoc end = cells[j];
        if (j == anchor_index + 1)
            cells[w++] = end; /* no shortcut: keep the step as it is */
        else
            w += line_cells(anchor, end, cells + w);
        anchor = end;
        anchor_index = j;
    }
    return w;
}
