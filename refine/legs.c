#include "legs.h"

#include <stdlib.h>
#include <string.h>

#include "../common/stamp.h"

bool legs_init(LegPlanner *lp, const Grid *g, const Abstraction *a, Err *err)
{
    memset(lp, 0, sizeof *lp);
    lp->grid = g;
    lp->abs = a;
    lp->sector_mark = calloc(a->nsectors ? a->nsectors : 1, sizeof *lp->sector_mark);
    lp->pair_mark = calloc(a->nsectors ? a->nsectors : 1, sizeof *lp->pair_mark);
    lp->col_block = malloc((size_t)g->width * sizeof *lp->col_block);
    lp->row_block = malloc((size_t)g->height * sizeof *lp->row_block);
    if (!lp->sector_mark || !lp->pair_mark || !lp->col_block || !lp->row_block || !astar_init(&lp->astar, g, err)) {
        legs_free(lp);
        return err_set(err, "out of memory for leg planning");
    }
    for (int x = 0; x < g->width; x++)
        lp->col_block[x] = (uint16_t)(x / a->S);
    for (int y = 0; y < g->height; y++)
        lp->row_block[y] = (uint16_t)(y / a->S);
    return true;
}

void legs_free(LegPlanner *lp)
{
    free(lp->sector_mark);
    free(lp->pair_mark);
    free(lp->col_block);
    free(lp->row_block);
    astar_free(&lp->astar);
    if (lp->have_jps)
        jps_free(&lp->jps);
    memset(lp, 0, sizeof *lp);
}

bool legs_enable_jps(LegPlanner *lp, Err *err)
{
    if (lp->have_jps)
        return true;
    lp->have_jps = jps_init(&lp->jps, lp->grid, NULL, err);
    return lp->have_jps;
}

bool legs_update_jps(LegPlanner *lp, const CellChange *changes, int n, Err *err)
{
    return !lp->have_jps || jps_update(&lp->jps, changes, n, err);
}

JpsResult legs_jps(LegPlanner *lp, xyLoc from, xyLoc to, uint64_t max_expanded, xyPath *out)
{
    uint64_t before = lp->jps.expanded;
    JpsResult r = jps_find_capped(&lp->jps, from, to, max_expanded, out);
    lp->last_expanded = lp->jps.expanded - before;
    return r;
}

size_t legs_bytes(const LegPlanner *lp)
{
    const Grid *g = lp->grid;
    return (size_t)lp->abs->nsectors * 8 + ((size_t)g->width + g->height) * 2 + astar_bytes(&lp->astar) +
           legs_jps_bytes(lp);
}

size_t legs_jps_bytes(const LegPlanner *lp) { return lp->have_jps ? jps_bytes(&lp->jps) : 0; }

uint32_t legs_new_mark(LegPlanner *lp)
{
    StampArea marks = STAMP_ARRAY(lp->sector_mark, lp->abs->nsectors);
    return stamp_next(&lp->mark, &marks, 1);
}

static AStarLimits corridor_limits(const LegPlanner *lp, const uint32_t *marks, uint32_t mark, double weight)
{
    AStarLimits lim = {.weight = weight,
                       .block_mark = marks,
                       .mark = mark,
                       .col_block = lp->col_block,
                       .row_block = lp->row_block,
                       .blocks_w = lp->abs->sw};
    return lim;
}

void legs_center(LegPlanner *lp, const AbsIndex *ix, uint32_t a, uint32_t b, xyPath *out)
{
    uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
    StampArea marks = STAMP_ARRAY(lp->pair_mark, lp->abs->nsectors);
    uint32_t pair = stamp_next(&lp->pair, &marks, 1);
    lp->pair_mark[ix->region_sector[lo]] = pair;
    lp->pair_mark[ix->region_sector[hi]] = pair;
    AStarLimits lim = corridor_limits(lp, lp->pair_mark, pair, 1.0);
    double len = astar_find(&lp->astar, ix->center[lo], ix->center[hi], &lim, out);
    lp->last_expanded = lp->astar.last_expanded;
    if (len < 0) { /* cannot happen for an abstract edge of a valid abstraction */
        lp->fallbacks++;
        astar_find(&lp->astar, ix->center[lo], ix->center[hi], NULL, out);
        lp->last_expanded += lp->astar.last_expanded;
    }
}

bool legs_within(LegPlanner *lp, xyLoc from, xyLoc to, uint32_t mark, double weight, xyPath *out)
{
    AStarLimits lim = corridor_limits(lp, lp->sector_mark, mark, weight);
    double len = astar_find(&lp->astar, from, to, &lim, out);
    lp->last_expanded = lp->astar.last_expanded;
    return len >= 0;
}

bool legs_corridor(LegPlanner *lp, xyLoc from, xyLoc to, uint32_t mark, bool use_corridor, double weight, xyPath *out)
{
    lp->last_expanded = 0;
    if (use_corridor) {
        if (legs_within(lp, from, to, mark, weight, out))
            return true;
        lp->fallbacks++;
    }
    AStarLimits open = {.weight = weight};
    double len = astar_find(&lp->astar, from, to, &open, out);
    lp->last_expanded += lp->astar.last_expanded;
    return len >= 0;
}
