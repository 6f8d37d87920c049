/* line.h: straight lines between cells, the shape every waypoint path is
 * made of (the kits' waypoint segments, the smoothing's shortcuts, the leg
 * codec's records).
 *
 * A "line" from a to b is the Bresenham walk of max(|dx|,|dy|) steps, each
 * one cell along the major axis and, when the error term says so, one along
 * the minor axis: min(|dx|,|dy|) diagonal steps in all, so its length is the
 * octile distance from a to b, the least any path can have. It is walked from
 * its lexicographically smaller end, so a -> b and b -> a are the same cells.
 * A line is legal when every step is a legal grid move (passable, no corner
 * cutting), so replacing a stretch of path by a legal line never makes it
 * longer. Pure functions of their arguments; nothing is allocated. */
#ifndef GPPC_GRID_LINE_H
#define GPPC_GRID_LINE_H

#include <stdbool.h>
#include <stddef.h>

#include "grid.h"

/* Is the line from a to b a legal grid path (both ends passable too)? */
bool line_legal(const Grid *g, xyLoc a, xyLoc b);
/* A line's cells one at a time, for a caller that asks one line for
 * several (the smoothing's binary search along it, the window's unwinding
 * and cuts, a test that cells are a line): its shape worked out once
 * (line_walk_begin), then line_walk_at reads cell k in closed form (a
 * multiply and a division) and line_walk_step goes one cell on towards b
 * from the last one given (a few additions). Both give line_cells' cells.
 * The Bresenham error of the walk from the canonical end starts at
 * major / 2 and is major / 2 again at the other end (its minor side steps
 * each gain back major), and a step is undone exactly: it was a side step
 * when the error it left is at least major - minor (a side step leaves it
 * in [major - minor, major), a straight one in [0, major - minor)). So a
 * walk from the other end is the canonical walk undone, from the same
 * error. */
typedef struct LineWalk {
    int x, y;         /* the cell last given: a, before the first step */
    int err;          /* its error, of the walk from the canonical end */
    int major, minor; /* max and min of |dx|, |dy| */
    int mx, my;       /* the canonical walk's move along the major axis */
    int nx, ny;       /* what a side step adds to it */
    int cx, cy;       /* the canonical end */
    bool back;        /* b is the canonical end: steps undo its walk */
} LineWalk;
static inline LineWalk line_walk_begin(xyLoc a, xyLoc b)
{
    bool fwd = a.x < b.x || (a.x == b.x && a.y <= b.y);
    xyLoc c = fwd ? a : b, d = fwd ? b : a;
    int dx = d.x - c.x, dy = d.y - c.y, ady = dy < 0 ? -dy : dy; /* dx >= 0 from the canonical end */
    int sy = (dy > 0) - (dy < 0);
    bool wide = dx >= ady;
    int major = wide ? dx : ady;
    return (LineWalk){.x = a.x,
                      .y = a.y,
                      .err = major / 2,
                      .major = major,
                      .minor = wide ? ady : dx,
                      .mx = wide ? (dx > 0) : 0,
                      .my = wide ? 0 : sy,
                      .nx = wide ? 0 : (dx > 0),
                      .ny = wide ? sy : 0,
                      .cx = c.x,
                      .cy = c.y,
                      .back = !fwd};
}
/* Cell k moves from a (0 <= k <= major; k = 0 is a). After t moves from
 * the canonical end the side steps number ceil((t * minor - major / 2) /
 * major). Reads nothing of the walk's position. */
static inline xyLoc line_walk_at(const LineWalk *l, int k)
{
    if (l->major == 0)
        return (xyLoc){(int16_t)l->cx, (int16_t)l->cy};
    int t = l->back ? l->major - k : k;
    int side = (t * l->minor - l->major / 2 + l->major - 1) / l->major;
    return (xyLoc){(int16_t)(l->cx + l->mx * t + l->nx * side), (int16_t)(l->cy + l->my * t + l->ny * side)};
}
/* The next cell towards b (at most major steps in all). */
static inline xyLoc line_walk_step(LineWalk *l)
{
    bool side;
    if (!l->back) {
        l->err -= l->minor;
        side = l->err < 0;
        l->err += side ? l->major : 0;
        l->x += l->mx + (side ? l->nx : 0);
        l->y += l->my + (side ? l->ny : 0);
    } else {
        side = l->err >= l->major - l->minor;
        l->err += l->minor - (side ? l->major : 0);
        l->x -= l->mx + (side ? l->nx : 0);
        l->y -= l->my + (side ? l->ny : 0);
    }
    return (xyLoc){(int16_t)l->x, (int16_t)l->y};
}
/* The cell k moves from a along the line from a to b (0 <= k <= its
 * Chebyshev length; k = 0 is a): line_cells' out[k - 1], without walking
 * the cells before it. */
static inline xyLoc line_cell(xyLoc a, xyLoc b, int k)
{
    LineWalk l = line_walk_begin(a, b);
    return line_walk_at(&l, k);
}
/* line_cells for a line of more than one kind of move: the Bresenham walk. */
size_t line_cells_walk(xyLoc a, xyLoc b, xyLoc *out);
/* Appends the line's cells after a (b last) to out; out must have room for
 * max(|dx|,|dy|) cells. Returns the count written. Inline for the lines of
 * one move repeated (straight or purely diagonal: the same cells from
 * either end, so no Bresenham error and no canonical end), which most lines
 * of a maze's legs are: the call and the walk's set-up cost more than their
 * two or three cells (a narrow maze's legs turn every few cells). */
static inline size_t line_cells(xyLoc a, xyLoc b, xyLoc *out)
{
    int dx = b.x - a.x, dy = b.y - a.y;
    if (dx != 0 && dy != 0 && dx != dy && dx != -dy)
        return line_cells_walk(a, b, out);
    int ux = (dx > 0) - (dx < 0), uy = (dy > 0) - (dy < 0), m = dx * ux > dy * uy ? dx * ux : dy * uy;
    for (int i = 0; i < m; i++) {
        a.x = (int16_t)(a.x + ux);
        a.y = (int16_t)(a.y + uy);
        out[i] = a;
    }
    return (size_t)m;
}
/* A line's move count: the Chebyshev distance of its ends. */
static inline size_t line_moves(xyLoc a, xyLoc b)
{
    int dx = b.x > a.x ? b.x - a.x : a.x - b.x, dy = b.y > a.y ? b.y - a.y : a.y - b.y;
    return (size_t)(dx > dy ? dx : dy);
}
/* Appends the line's cells after a (b last) to p, growing it. */
static inline void path_push_line(xyPath *p, xyLoc a, xyLoc b)
{
    path_reserve(p, line_moves(a, b));
    p->len += line_cells(a, b, p->cells + p->len);
}

/* Waypoints of a cell path (every step a legal move): the path is cut into
 * maximal runs made of one line's moves (one cardinal direction and a
 * diagonal beside it); a run is one line when
 *  - g given: that line (from the run's first cell to its last) is legal on
 *    g; the polyline is then never longer than the path (a line is the
 *    shortest path between its ends) but may pass other cells
 *    (smooth_waypoints' input, refine/smooth.h);
 *  - g NULL: the line's cells are the run's cells, so the waypoints'
 *    lines rasterise back to `cells` exactly (the leg codec, cache/leg.h);
 * else each of the run's turns is a waypoint (straight pieces are lines).
 * Linear time but for one line walk per run. Returns the count written to
 * `way` (n at most; first and last kept). */
size_t cells_to_waypoints(const Grid *g, const xyLoc *cells, size_t n, xyLoc *way);
/* The same in pieces, for a caller whose time is bounded (a leg joining
 * the window, refine/window.h win_add_run): `c` says where the conversion
 * stands (zeroed to begin: the waypoints written to way[0..c->k), the
 * cells' run from c->start next). A call converts whole runs until at
 * least `most` cells passed (one run may pass the mark: a run is never
 * split, so the waypoints are cells_to_waypoints' own) and returns whether
 * it reached the last cell. */
typedef struct WayConv {
    size_t start, k;
} WayConv;
bool cells_to_waypoints_part(const Grid *g, const xyLoc *cells, size_t n, xyLoc *way, WayConv *c, size_t most);

#endif
