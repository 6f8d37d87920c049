#include "smooth.h"

#include <stdlib.h>
#include <string.h>

/* Walks the Bresenham line from a to b, calling step(ctx, from, to) for each move;
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

/* Lines are walked from their lexicographically smaller end, so the line from
 * a to b and the one from b to a are the same cells: legality and
 * rasterisation then agree whichever way a link or leg is used. */
static bool canonical(xyLoc a, xyLoc b) { return a.x < b.x || (a.x == b.x && a.y <= b.y); }

bool line_legal(const Grid *g, xyLoc a, xyLoc b)
{
    xyLoc first = canonical(a, b) ? a : b, last = canonical(a, b) ? b : a;
    if (!grid_passable(g, first.x, first.y) || !grid_passable(g, last.x, last.y))
        return false;
    /* walk_line's steps on the padded grid's indices: every cell of the
     * walk lies in the box of its ends, so inside the map, and the padding
     * is never reached; a diagonal step also tests its two side cells. */
    int dx = abs(last.x - first.x), dy = abs(last.y - first.y);
    int sx = last.x > first.x ? 1 : -1, sy = last.y > first.y ? g->stride : -g->stride;
    int major = dx > dy ? dx : dy, minor = dx > dy ? dy : dx;
    int step_major = dx >= dy ? sx : sy, step_minor = dx >= dy ? sy : sx;
    const uint8_t *cells = g->cells;
    int err = major / 2, at = grid_index(g, first.x, first.y);
    for (int i = 0; i < major; i++) {
        err -= minor;
        if (err < 0) {
            err += major;
            if (!cells[at + step_major] || !cells[at + step_minor])
                return false;
            at += step_major + step_minor;
        } else {
            at += step_major;
        }
        if (!cells[at])
            return false;
    }
    return true;
}

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
    if (canonical(a, b)) {
        walk_line(a, b, collect_step, &c);
        return c.n;
    }
    /* Walked from b: cells after b up to a; reversed that is a .. just after b,
     * so drop a and end at b. */
    walk_line(b, a, collect_step, &c);
    cells_reverse(out, c.n);
    memmove(out, out + 1, (c.n - 1) * sizeof *out);
    out[c.n - 1] = b;
    return c.n;
}

/* Do moves d and e (grid.h numbering) make one line's moves, a cardinal
 * direction and a diagonal beside it? */
static bool line_pair(int d, int e)
{
    int c = d < 4 ? d : e, diag = d < 4 ? e : d;
    if ((d < 4) == (e < 4))
        return d == e;
    /* diagonal 4..7 is NE, SE, SW, NW: beside N/E, E/S, S/W, W/N */
    return c == diag - 4 || c == (diag - 3) % 4;
}

static int move_dir(xyLoc a, xyLoc b) { return grid_dir_of(b.x - a.x, b.y - a.y); }

size_t cells_to_waypoints(const Grid *g, const xyLoc *cells, size_t n, xyLoc *way)
{
    if (n < 2) {
        memcpy(way, cells, n * sizeof *way);
        return n;
    }
    size_t k = 0, start = 0;
    way[k++] = cells[0];
    while (start + 1 < n) {
        /* The longest run from `start` using one line's two moves. */
        int d1 = move_dir(cells[start], cells[start + 1]), d2 = d1;
        size_t end = start + 1;
        while (end + 1 < n) {
            int d = move_dir(cells[end], cells[end + 1]);
            if (d != d1 && d != d2) {
                if (d1 != d2 || !line_pair(d1, d))
                    break;
                d2 = d;
            }
            end++;
        }
        if (line_legal(g, cells[start], cells[end])) {
            way[k++] = cells[end];
        } else { /* not one line: every turn is a waypoint (straight pieces are lines) */
            for (size_t i = start + 1; i <= end; i++)
                if (i == end || move_dir(cells[i - 1], cells[i]) != move_dir(cells[i], cells[i + 1]))
                    way[k++] = cells[i];
        }
        start = end;
    }
    return k;
}

size_t smooth_cells(const Grid *g, xyLoc *cells, size_t n, xyLoc *way, xyLoc *scratch)
{
    if (n < 3)
        return n;
    size_t k = smooth_waypoints(g, way, cells_to_waypoints(g, cells, n, way), scratch), w = 1;
    for (size_t i = 0; i + 1 < k; i++)
        w += line_cells(way[i], way[i + 1], cells + w);
    return w;
}

/* One forward pass of smooth_waypoints. */
static size_t smooth_waypoints_forward(const Grid *g, xyLoc *p, size_t n, xyLoc *scratch)
{
    size_t i = 0;
    while (i + 2 < n) {
        if (line_legal(g, p[i], p[i + 2])) {
            memmove(&p[i + 1], &p[i + 2], (n - i - 2) * sizeof *p);
            n--;
            continue; /* p[i] may now see past its new neighbour too */
        }
        /* Slide p[i+1] along its line to p[i+2]: the furthest cell k (binary
         * search) whose lines from p[i] and to p[i+2] are both legal. */
        scratch[0] = p[i + 1];
        size_t len = 1 + line_cells(p[i + 1], p[i + 2], scratch + 1);
        size_t lo = 0, hi = len - 1; /* lo: known good */
        while (lo + 1 < hi) {
            size_t mid = (lo + hi) / 2;
            if (line_legal(g, p[i], scratch[mid]) && line_legal(g, scratch[mid], p[i + 2]))
                lo = mid;
            else
                hi = mid;
        }
        /* q on the line p[i+1] -> p[i+2] splits it into two shortest pieces,
         * so |p[i] q| + |q p[i+2]| <= |p[i] p[i+1]| + |p[i+1] p[i+2]|. */
        p[i + 1] = scratch[lo];
        i++;
    }
    return n;
}

size_t smooth_waypoints(const Grid *g, xyLoc *p, size_t n, xyLoc *scratch)
{
    n = smooth_waypoints_forward(g, p, n, scratch);
    cells_reverse(p, n);
    n = smooth_waypoints_forward(g, p, n, scratch);
    cells_reverse(p, n);
    return n;
}
