#include "path.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../common/grow.h"
#include "grid.h"

void path_reserve(xyPath *p, size_t extra)
{
    if (p->len + extra <= p->cap)
        return; /* the common case, without a call */
    if (!GROW(p->cells, p->cap, p->len + extra, 64)) {
        fprintf(stderr, "gppc: out of memory growing a path to %zu cells\n", p->len + extra);
        abort(); /* the contract (path.h): a path cannot be returned half */
    }
}

void path_free(xyPath *p)
{
    free(p->cells);
    p->cells = NULL;
    p->len = p->cap = 0;
}

void cells_reverse(xyLoc *cells, size_t n)
{
    for (size_t i = 0, j = n ? n - 1 : 0; i < j; i++, j--) {
        xyLoc t = cells[i];
        cells[i] = cells[j];
        cells[j] = t;
    }
}

double path_length(const xyLoc *path, size_t n)
{
    /* Counts of unit moves, so the sum does not depend on order; a waypoint
     * segment of k diagonal or k cardinal cells counts k. A segment that is
     * neither (an illegal path) adds its Euclidean length, as the kits do. */
    size_t straight = 0, diagonal = 0;
    double other = 0;
    for (size_t i = 1; i < n; i++) {
        int dx = abs(path[i].x - path[i - 1].x), dy = abs(path[i].y - path[i - 1].y);
        if (dx && dy && dx != dy)
            other += sqrt((double)dx * dx + (double)dy * dy);
        else if (dx && dy)
            diagonal += (size_t)dx;
        else
            straight += (size_t)(dx + dy);
    }
    return (double)straight + (double)diagonal * GRID_SQRT2 + other;
}
