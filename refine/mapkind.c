#include "mapkind.h"

#include <stdlib.h>

double map_detour(const RegionSearch *as)
{
    const AbsIndex *ix = as->ix;
    double cost = 0, octile = 0;
    for (uint32_t r = 0; r < ix->abs->nregions; r++) {
        xyLoc c = ix->center[r];
        for (uint32_t i = as->adj_first[r]; i < as->adj_first[r + 1]; i++) {
            xyLoc d = ix->center[as->adj[i].to];
            octile += grid_octile(c.x, c.y, d.x, d.y);
            cost += (double)as->adj[i].cost / ABS_COST_SCALE;
        }
    }
    return octile > 0 ? cost / octile : 1.0;
}

bool map_open_block(const Grid *g, int k)
{
    /* run: passable cells ending at (x, y) along its row; rows: how many
     * rows in a row, ending at y, have such a run of k at x. */
    int *rows = calloc((size_t)g->width, sizeof *rows);
    if (!rows)
        return true; /* no memory: the cautious answer (smoothing stays on) */
    bool found = false;
    for (int y = 0; y < g->height && !found; y++) {
        const uint8_t *c = &g->cells[grid_index(g, 0, y)];
        for (int x = 0, run = 0; x < g->width && !found; x++) {
            run = c[x] ? run + 1 : 0;
            rows[x] = run >= k ? rows[x] + 1 : 0;
            found = rows[x] >= k;
        }
    }
    free(rows);
    return found;
}

MapKind map_kind(const Grid *g, const RegionSearch *as)
{
    const Abstraction *a = as->ix->abs;
    uint32_t stored = a->nsectors - a->ndefault;
    return (MapKind){map_detour(as), grid_scattered(g),    stored ? (double)a->nregions / stored : 0.0,
                     a->nsectors,    map_open_block(g, 2), map_open_block(g, 3)};
}
