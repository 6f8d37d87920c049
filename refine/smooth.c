#include "smooth.h"

#include <stdlib.h>
#include <string.h>

size_t smooth_cells(const Grid *g, xyLoc *cells, size_t n, xyLoc *way)
{
    if (n < 3)
        return n;
    size_t k = smooth_waypoints(g, way, cells_to_waypoints(g, cells, n, way)), w = 1;
    for (size_t i = 0; i + 1 < k; i++)
        w += line_cells(way[i], way[i + 1], cells + w);
    return w;
}

/* One forward pass of smooth_waypoints. */
static size_t smooth_waypoints_forward(const Grid *g, xyLoc *p, size_t n, bool first_illegal)
{
    size_t i = 0;
    while (i + 2 < n) {
        if (!(i == 0 && first_illegal) && line_legal(g, p[i], p[i + 2])) {
            memmove(&p[i + 1], &p[i + 2], (n - i - 2) * sizeof *p);
            n--;
            continue; /* p[i] may now see past its new neighbour too */
        }
        /* Slide p[i+1] along its line to p[i+2]: the furthest cell k (binary
         * search) whose lines from p[i] and to p[i+2] are both legal. */
        int lo = 0, hi = (int)line_moves(p[i + 1], p[i + 2]); /* lo: known good */
        /* A straight or purely diagonal line's tail is the same cells as the
         * line from q on, legal already: only the line from p[i] is walked. */
        int sdx = abs(p[i + 2].x - p[i + 1].x), sdy = abs(p[i + 2].y - p[i + 1].y);
        bool one_move = sdx == 0 || sdy == 0 || sdx == sdy;
        while (lo + 1 < hi) {
            int mid = (lo + hi) / 2;
            xyLoc q = line_cell(p[i + 1], p[i + 2], mid);
            if (line_legal(g, p[i], q) && (one_move || line_legal(g, q, p[i + 2])))
                lo = mid;
            else
                hi = mid;
        }
        /* q on the line p[i+1] -> p[i+2] splits it into two shortest pieces,
         * so |p[i] q| + |q p[i+2]| <= |p[i] p[i+1]| + |p[i+1] p[i+2]|. */
        if (lo) /* line_cell(a, b, 0) is a */
            p[i + 1] = line_cell(p[i + 1], p[i + 2], lo);
        i++;
    }
    return n;
}

size_t smooth_waypoints(const Grid *g, xyLoc *p, size_t n)
{
    size_t m = smooth_waypoints_forward(g, p, n, false);
    cells_reverse(p, m);
    /* Three waypoints that stayed three keep their two ends, whose line the
     * forward pass found illegal (lines are the same cells either way): the
     * backward pass need not walk it again (a joint's stretch is three
     * waypoints, refine/window.h). */
    m = smooth_waypoints_forward(g, p, m, n == 3 && m == 3);
    cells_reverse(p, m);
    return m;
}
