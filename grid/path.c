#include "path.h"

#include <stdio.h>
#include <stdlib.h>

#include "grid.h"

void path_reserve(xyPath *p, size_t extra)
{
    if (p->len + extra <= p->cap)
        return;
    size_t cap = p->cap ? p->cap : 64;
    while (cap < p->len + extra)
        cap *= 2;
    xyLoc *cells = realloc(p->cells, cap * sizeof *cells);
    if (!cells) {
        fprintf(stderr, "gppc: out of memory growing a path to %zu cells\n", cap);
        abort();
    }
    p->cells = cells;
    p->cap = cap;
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
    size_t straight = 0, diagonal = 0;
    for (size_t i = 1; i < n; i++) {
        int dx = path[i].x - path[i - 1].x, dy = path[i].y - path[i - 1].y;
        if (dx && dy)
            diagonal++;
        else if (dx || dy)
            straight++;
    }
    return (double)straight + (double)diagonal * GRID_SQRT2;
}
