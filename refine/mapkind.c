#include "mapkind.h"

#include <stdlib.h>

#include "abs_cost.h"

bool map_detour(const Abstraction *a, double *detour, Err *err)
{
    /* Regions in global id order and each one's edges in abs_edges order,
     * the order abs_edge_excess gives the excess codes in (and the region
     * search decodes its adjacency in, so the sums are the same). */
    uint8_t *excess = NULL;
    if (!abs_edge_excess(a, &excess, err))
        return false;
    double cost = 0, octile = 0;
    uint32_t m = 0;
    for (int s = 0; s < (int)a->nsectors; s++)
        for (int r = 0; r < abs_region_count(a, s); r++) {
            xyLoc c = abs_region_center(a, s, r);
            AbsEdgeIter it;
            AbsEdge e;
            abs_edges(a, s, r, &it);
            while (abs_edge_next(a, &it, &e) && m < a->nedges) {
                xyLoc d = abs_region_center(a, e.sector, e.region);
                double extra = excess ? abs_excess_cells(excess[m]) * ABS_COST_SCALE : 0;
                octile += grid_octile(c.x, c.y, d.x, d.y);
                cost += (double)(abs_octile_units(c, d) + (uint32_t)extra) / ABS_COST_SCALE;
                m++;
            }
        }
    free(excess);
    *detour = octile > 0 ? cost / octile : 1.0;
    return true;
}

bool map_open_block(const Grid *g, int k, bool *found_out, Err *err)
{
    /* run: passable cells ending at (x, y) along its row; rows: how many
     * rows in a row, ending at y, have such a run of k at x. */
    int *rows = calloc((size_t)g->width, sizeof *rows);
    if (!rows)
        return err_set(err, "mm: out of memory measuring a %dx%d map's open blocks", g->width, g->height);
    bool found = false;
    for (int y = 0; y < g->height && !found; y++) {
        size_t row = (size_t)grid_index(g, 0, y);
        for (int x = 0, run = 0; x < g->width && !found; x++) {
            run = grid_open_at(g, row + (size_t)x) ? run + 1 : 0;
            rows[x] = run >= k ? rows[x] + 1 : 0;
            found = rows[x] >= k;
        }
    }
    free(rows);
    *found_out = found;
    return true;
}

bool map_kind(const Grid *g, const Abstraction *a, MapKind *k, Err *err)
{
    uint32_t stored = a->nsectors - a->ndefault;
    *k = (MapKind){.scattered = grid_scattered(g),
                   .regions_per_sector = stored ? (double)a->nregions / stored : 0.0,
                   .nsectors = a->nsectors};
    return map_open_block(g, 2, &k->diagonals, err) && map_open_block(g, 3, &k->wide, err) &&
           map_detour(a, &k->detour, err);
}
