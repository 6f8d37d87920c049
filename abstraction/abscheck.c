/* abs_check_derived (abstraction.h): a loaded abstraction against what this
 * build derives from the map, for a preprocessing file another build wrote.
 *
 * Regions and edges come from a fresh plain build (linear in the map): the
 * same counts, edges and order, or queries would go through walls (make fuzz
 * found a path for an unreachable goal). Plain centers must be the build's
 * cells exactly; optimised ones (centers.c) cost more to re-derive than the
 * whole file saves, so they need only lie in their region. Edge costs are
 * one A* per edge, most of a rooms map's preprocessing: measured again only
 * on the sampled sectors (from the file's own centers), where a build with
 * other cost rules shows on almost every sector. */
#include <stdio.h>
#include <stdlib.h>

#include "edges.h"
#include "plain.h"

/* The first difference between a and p (centers, regions, edges), in err. */
static bool same_layout(const Abstraction *a, const AbsPlain *p, const uint8_t *labels, Err *err)
{
    for (int s = 0; s < (int)a->nsectors; s++) {
        int n = abs_region_count(a, s), x0 = s % a->sw * a->S, y0 = s / a->sw * a->S;
        if (n != p->reg_first[s + 1] - p->reg_first[s])
            return err_set(err, "sector %d has %d regions, the map %d", s, n, p->reg_first[s + 1] - p->reg_first[s]);
        for (int r = 0; r < n; r++) {
            int gid = p->reg_first[s] + r;
            xyLoc c = abs_region_center(a, s, r), want = abs_center_cell(x0, y0, p->center[gid]);
            if (a->centers_opt && labels[(size_t)c.y * (size_t)a->width + (size_t)c.x] != r)
                return err_set(err, "sector %d region %d: center (%d,%d) lies outside the region", s, r, c.x, c.y);
            if (!a->centers_opt && (c.x != want.x || c.y != want.y))
                return err_set(err, "sector %d region %d: center (%d,%d), this build's (%d,%d)", s, r, c.x, c.y, want.x,
                               want.y);
            AbsEdgeIter it;
            AbsEdge e;
            abs_edges(a, s, r, &it);
            int k = p->edge_first[gid];
            for (; abs_edge_next(a, &it, &e); k++) {
                int d = k < p->edge_first[gid + 1] ? p->edge_dir[k] : -1;
                if (d != e.dir || e.sector != s + GRID_DY[d] * a->sw + GRID_DX[d] || e.region != p->edge_target[k])
                    return err_set(err,
                                   "sector %d region %d: edge %d (direction %d to sector %d region %d) differs "
                                   "from the map's",
                                   s, r, k - p->edge_first[gid], e.dir, e.sector, e.region);
            }
            if (k != p->edge_first[gid + 1])
                return err_set(err, "sector %d region %d: %d edges, the map %d", s, r, k - p->edge_first[gid],
                               p->edge_first[gid + 1] - p->edge_first[gid]);
        }
    }
    return true;
}

/* The sampled sectors' edge costs measured again from a's centers (p takes
 * them) against those a's layout gives (ix: its index; read edge by edge,
 * for the sampled sectors only, not decoded whole). */
static bool same_costs(const AbsIndex *ix, AbsPlain *p, const Grid *g, const uint8_t *sample, Err *err)
{
    const Abstraction *a = ix->abs;
    for (int s = 0; s < (int)a->nsectors; s++)
        for (int r = 0; r < abs_region_count(a, s); r++) {
            xyLoc c = abs_region_center(a, s, r);
            p->center[p->reg_first[s] + r] = (uint8_t)((c.y - s / a->sw * a->S) << 4 | (c.x - s % a->sw * a->S));
        }
    if (!abs_plain_costs(p, g, a->S, sample, NULL, err))
        return false;
    for (int s = 0; s < (int)a->nsectors; s++)
        for (int gid = p->reg_first[s]; sample[s] && gid < p->reg_first[s + 1]; gid++) {
            AbsAdj c;
            AbsAdjEdge e;
            abs_adj_begin(ix, NULL, (uint32_t)gid, true, &c);
            /* the same edges in the same order: same_layout compared them */
            for (int k = p->edge_first[gid]; k < p->edge_first[gid + 1] && abs_adj_next(ix, &c, &e); k++)
                if (e.excess != p->edge_excess[k]) /* two default sectors' too: abs_encode keeps them 0 */
                    return err_set(err,
                                   "sector %d region %d: edge %d (direction %d) costs excess code %u, this build "
                                   "measures %u",
                                   s, gid - p->reg_first[s], k - p->edge_first[gid], p->edge_dir[k], e.excess,
                                   p->edge_excess[k]);
        }
    return true;
}

bool abs_check_derived(const AbsIndex *ix, const Grid *g, const uint8_t *sample, Err *err)
{
    const Abstraction *a = ix->abs;
    uint8_t *labels = malloc((size_t)g->width * (size_t)g->height);
    AbsPlain p;
    if (!labels || !abs_plain_build(&p, g, a->S, labels, err)) {
        free(labels);
        return labels ? false : err_set(err, "out of memory checking the abstraction");
    }
    bool ok = same_layout(a, &p, labels, err);
    free(labels);
    ok = ok && (!sample || !a->costs_on || same_costs(ix, &p, g, sample, err));
    abs_plain_free(&p);
    return ok;
}
