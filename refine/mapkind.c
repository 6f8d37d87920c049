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

uint32_t map_corners(const Grid *g)
{
    uint32_t n = 0;
    size_t up = (size_t)g->stride;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++) {
            size_t i = (size_t)grid_index(g, x, y);
            if (!grid_open_at(g, i))
                continue;
            bool corner = false;
            for (int dx = -1; dx <= 1 && !corner; dx += 2) {
                size_t side = dx < 0 ? i - 1 : i + 1;
                corner = grid_open_at(g, side) && ((grid_open_at(g, i - up) && !grid_open_at(g, side - up)) ||
                                                   (grid_open_at(g, i + up) && !grid_open_at(g, side + up)));
            }
            n += corner;
        }
    return n;
}

bool map_open_side(const Grid *g, int *side_out, Err *err)
{
    /* side[x]: the side of the largest open square whose lower right
     * corner is (x, y); the row before's until this row overwrites it.
     * diag: the row before's side[x - 1], kept before it was overwritten. */
    int *side = calloc((size_t)g->width, sizeof *side);
    if (!side)
        return err_set(err, "mm: out of memory measuring a %dx%d map's open squares", g->width, g->height);
    int best = 0;
    for (int y = 0; y < g->height; y++) {
        size_t row = (size_t)grid_index(g, 0, y);
        for (int x = 0, diag = 0, left = 0; x < g->width; x++) {
            int up = side[x], s = 0;
            if (grid_open_at(g, row + (size_t)x)) {
                s = up < left ? up : left;
                s = (s < diag ? s : diag) + 1;
            }
            diag = up;
            left = s;
            side[x] = s;
            best = s > best ? s : best;
        }
    }
    free(side);
    *side_out = best;
    return true;
}

double map_regions_per_sector(const Abstraction *a)
{
    uint32_t stored = a->nsectors - a->ndefault;
    return stored ? (double)a->nregions / stored : 0.0;
}

void map_kind_open_side(MapKind *k, int open_side)
{
    k->open_side = open_side;
    k->diagonals = open_side >= 2;
    k->wide = open_side >= 3;
}

void map_kind_across(MapKind *k, const Grid *g)
{
    int most = g->width > g->height ? g->width : g->height, least = g->width + g->height - most;
    k->across2 = most > 0 ? 2 * (most - 1) + least - 1 : 0;
}

bool map_kind(const Grid *g, const Abstraction *a, MapKind *k, Err *err)
{
    *k = (MapKind){.scattered = grid_scattered(g),
                   .regions_per_sector = map_regions_per_sector(a),
                   .nsectors = a->nsectors,
                   .corners = map_corners(g)};
    int side;
    if (!map_open_side(g, &side, err))
        return false;
    map_kind_open_side(k, side);
    map_kind_across(k, g);
    return map_detour(a, &k->detour, err);
}

bool map_kind_fits(const MapKind *k, const Grid *g, int side, const Abstraction *a, Err *err)
{
    int least = g->width < g->height ? g->width : g->height;
    uint32_t nsec = side > 0 ? (uint32_t)((g->width + side - 1) / side * ((g->height + side - 1) / side)) : 0;
    if (k->nsectors != nsec || (a && a->S == side && k->nsectors != a->nsectors))
        return err_set(err, "map measures for %u sectors, the map has %u at sector=%d", k->nsectors, nsec, side);
    if (k->open_side < 0 || k->open_side > least || k->corners > (uint32_t)g->width * (uint32_t)g->height)
        return err_set(err, "map measures out of range (open side %d, corners %u)", k->open_side, k->corners);
    /* written as `!(in range)` so that a NaN is out */
    if (!(k->scattered >= 0 && k->scattered <= 1) || !(k->detour > 0 && k->detour < 1e9) ||
        !(k->regions_per_sector >= 0 && k->regions_per_sector <= (double)(side * side)))
        return err_set(err, "map measures out of range (scattered %g, detour %g, regions per sector %g)", k->scattered,
                       k->detour, k->regions_per_sector);
    if (a && a->S == side && k->regions_per_sector != map_regions_per_sector(a))
        return err_set(err, "map measures %g regions per sector, the abstraction %g", k->regions_per_sector,
                       map_regions_per_sector(a));
    return true;
}
