#include "legplan.h"

#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "../common/stamp.h"

bool legplan_init(LegPlanner *lp, const Grid *g, const Abstraction *a, Err *err)
{
    memset(lp, 0, sizeof *lp);
    lp->grid = g;
    lp->abs = a;
    legplan_call(lp, UINT64_MAX);
    lp->sector_mark = calloc(a->nsectors ? a->nsectors : 1, sizeof *lp->sector_mark);
    if (!lp->sector_mark || !astar_init_paged(&lp->astar, g, a->S, err)) {
        legplan_free(lp);
        return err_set(err, "out of memory for leg planning");
    }
    return true;
}

void legplan_free(LegPlanner *lp)
{
    free(lp->sector_mark);
    astar_free(&lp->astar);
    if (lp->have_jps)
        jps_free(&lp->jps);
    if (lp->have_cjps)
        jps_free(lp->cjps);
    free(lp->cjps);
    free(lp->painted);
    memset(lp, 0, sizeof *lp);
}

bool legplan_enable_jps(LegPlanner *lp, uint64_t max_nodes, Err *err)
{
    if (lp->have_jps)
        return true;
    lp->have_jps = jps_init_bounded(&lp->jps, lp->grid, true, max_nodes, err); /* the instance's own map */
    lp->jps.waypoints = true; /* legplan_jps: a route's whole answer, handed out as it is */
    return lp->have_jps;
}

/* The JPS copies follow changes (cells as they are after them). */
static bool update_jps(LegPlanner *lp, const CellChange *changes, int n, size_t opening, Err *err)
{
    if (!lp->have_jps)
        return true;
    /* The painted copy is a window no change reaches: it stays blank
     * between searches and paints from the changed map. */
    return jps_update(&lp->jps, changes, n, opening, err);
}

bool legplan_map_changed(LegPlanner *lp, const CellChange *changes, int n, size_t passable, Err *err)
{
    if (lp->have_cjps)
        legplan_corridor_jps_drop(lp); /* painted from the map before the change */
    /* A leg search that falls back to the whole grid may hold every passable
     * cell in its open list. */
    size_t opening = changes_opening(changes, n);
    return astar_reserve(&lp->astar, passable + opening, err) && update_jps(lp, changes, n, opening, err);
}

JpsResult legplan_jps(LegPlanner *lp, xyLoc from, xyLoc to, uint64_t max_expanded, xyPath *out)
{
    lp->jps_before = lp->jps.expanded;
    lp->last_expanded = 0;
    if (!jps_begin(&lp->jps, from, to, max_expanded))
        return JPS_NONE;
    return legplan_jps_resume(lp, out);
}

JpsResult legplan_run_jps(LegPlanner *lp, Jps *j, xyPath *out)
{
    bool unbounded = lp->work >= UINT64_MAX / LEG_JPS_WORK;
    uint64_t left = unbounded ? UINT64_MAX : lp->work * LEG_JPS_WORK, had = left;
    JpsResult r = jps_run(j, &left, out);
    if (!unbounded)
        legplan_charge(lp, (had - left + LEG_JPS_WORK - 1) / LEG_JPS_WORK);
    lp->last_expanded = j->expanded - lp->jps_before;
    return r;
}

JpsResult legplan_jps_resume(LegPlanner *lp, xyPath *out) { return legplan_run_jps(lp, &lp->jps, out); }

size_t legplan_first_bytes(const LegPlanner *lp) { return astar_first_bytes(&lp->astar); }

size_t legplan_bytes(const LegPlanner *lp)
{
    return (size_t)lp->abs->nsectors * sizeof *lp->sector_mark + astar_bytes(&lp->astar) + legplan_jps_bytes(lp);
}

size_t legplan_jps_bytes(const LegPlanner *lp)
{
    return (lp->have_jps ? jps_bytes(&lp->jps) : 0) +
           (lp->have_cjps ? sizeof *lp->cjps + jps_bytes(lp->cjps) + lp->painted_cap * sizeof *lp->painted : 0);
}

bool legplan_grow_painted(LegPlanner *lp)
{
    size_t cap = grow_cap(lp->painted_cap, lp->painted_cap + 1, 1);
    grow_gate_ask(&lp->cjps->gate, (cap - lp->painted_cap) * sizeof *lp->painted); /* it grows whatever the answer */
    return GROW(lp->painted, lp->painted_cap, lp->painted_cap + 1, 1);
}

/* Blocks the window's lines across the painted box again (rows, or cols):
 * the words paint_lines may have written, the window blank around them. */
static void blank_lines(LegPlanner *lp, bool cols)
{
    int a0 = cols ? lp->cjps_lo.y : lp->cjps_lo.x, a1 = cols ? lp->cjps_hi.y : lp->cjps_hi.x;
    int b0 = cols ? lp->cjps_lo.x : lp->cjps_lo.y, b1 = cols ? lp->cjps_hi.x : lp->cjps_hi.y;
    int ao = cols ? lp->cjps_oy : lp->cjps_ox, bo = cols ? lp->cjps_ox : lp->cjps_oy;
    BitRows *dst = cols ? &lp->cjps->cols : &lp->cjps->rows;
    int w0 = (a0 - ao + 1) >> 6, w1 = (a1 - ao) >> 6;
    uint64_t *d = dst->bits + (size_t)(b0 - bo + 1) * dst->words;
    for (int l = b0; l < b1; l++, d += dst->words)
        for (int w = w0; w <= w1; w++)
            d[w] = 0;
}

size_t legplan_blank_window(LegPlanner *lp)
{
    blank_lines(lp, false);
    blank_lines(lp, true);
    return legplan_box_lines(lp);
}

void legplan_corridor_jps_drop(LegPlanner *lp)
{
    if (lp->cjps_stage == CJPS_PAINT || lp->cjps_stage == CJPS_SEARCH || lp->cjps_stage == CJPS_BLANK)
        legplan_blank_window(lp);
    if (lp->cjps_stage == CJPS_WIDE_JPS)
        lp->jps.waypoints = true;
    lp->cjps->running = false;
    lp->cjps_stage = CJPS_IDLE;
}

uint32_t legplan_new_mark(LegPlanner *lp)
{
    if (lp->have_cjps)
        legplan_corridor_jps_drop(lp); /* a paused corridor search's paint follows the marks it was painted by */
    lp->npainted = 0;
    return stamp_next_byte(&lp->mark, lp->sector_mark, lp->abs->nsectors);
}

static AStarLimits corridor_limits(const uint8_t *marks, uint32_t mark, double weight)
{
    AStarLimits lim = {.weight = weight,
                       .block_mark = marks,
                       .mark = (uint8_t)mark,
                       .own_blocks = true}; /* the A*'s pages are the sectors: its blocks are the corridors' */
    return lim;
}

/* Runs the begun A* with the call's work (LEG_ASTAR_WORK units an
 * expansion, the last one on what is left; paused, the call's work is
 * spent); when it finds nothing and
 * the leg may widen, the same ends again over the whole map (same weight). */
static LegResult run_astar(LegPlanner *lp, xyPath *out)
{
    for (;;) {
        bool unbounded = lp->work == UINT64_MAX;
        /* rounded up: a call with any work left expands (work=1 still goes on) */
        uint64_t left = unbounded ? UINT64_MAX : lp->work / LEG_ASTAR_WORK + (lp->work % LEG_ASTAR_WORK != 0),
                 had = left;
        AStarResult r = astar_run(&lp->astar, &left, out);
        if (!unbounded)
            legplan_charge(lp, r == ASTAR_PAUSED ? lp->work : (had - left) * LEG_ASTAR_WORK);
        lp->last_expanded = lp->spent + lp->astar.last_expanded;
        if (r == ASTAR_PAUSED)
            return LEG_PAUSED;
        if (r == ASTAR_FOUND)
            return LEG_FOUND;
        if (!lp->widen)
            return LEG_NONE;
        lp->widen = false;
        lp->fallbacks++;
        lp->spent = lp->last_expanded;
        AStarLimits open = {.weight = lp->astar.q.lim.weight};
        if (!astar_begin(&lp->astar, lp->astar.q.s, lp->astar.q.g, &open))
            return LEG_NONE;
    }
}

/* Begins the leg's A* from -> to within `lim` (NULL: the whole map), then
 * runs it (run_astar); `widen`: on failure, the whole map. */
static LegResult start_astar(LegPlanner *lp, xyLoc from, xyLoc to, const AStarLimits *lim, bool widen, xyPath *out)
{
    lp->spent = 0;
    lp->widen = widen;
    lp->last_expanded = 0;
    if (!astar_begin(&lp->astar, from, to, lim)) {
        if (!widen)
            return LEG_NONE;
        lp->widen = false;
        lp->fallbacks++;
        AStarLimits open = {.weight = lim ? lim->weight : 1.0};
        if (!astar_begin(&lp->astar, from, to, &open))
            return LEG_NONE;
    }
    return run_astar(lp, out);
}

LegResult legplan_resume(LegPlanner *lp, xyPath *out) { return run_astar(lp, out); }

LegResult legplan_center(LegPlanner *lp, const AbsIndex *ix, uint32_t a, uint32_t b, xyPath *out)
{
    uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
    AStarLimits lim = corridor_limits(NULL, 0, 1.0);
    lim.two = true; /* the two sectors, no marks: a center leg never disturbs the query's corridor */
    lim.blocks[0] = abs_region_sector(ix, lo);
    lim.blocks[1] = abs_region_sector(ix, hi);
    /* the whole map on failure: cannot happen for an abstract edge of a valid abstraction */
    return start_astar(lp, abs_center(ix, lo), abs_center(ix, hi), &lim, true, out);
}

LegResult legplan_within(LegPlanner *lp, xyLoc from, xyLoc to, uint32_t mark, double weight, uint32_t max_sectors,
                         xyPath *out)
{
    AStarLimits lim = corridor_limits(lp->sector_mark, mark, weight);
    lim.max_blocks = max_sectors;
    return start_astar(lp, from, to, &lim, false, out);
}

LegResult legplan_corridor(LegPlanner *lp, xyLoc from, xyLoc to, uint32_t mark, bool use_corridor, double weight,
                           xyPath *out)
{
    if (use_corridor) {
        AStarLimits lim = corridor_limits(lp->sector_mark, mark, weight);
        return start_astar(lp, from, to, &lim, true, out);
    }
    AStarLimits open = {.weight = weight};
    return start_astar(lp, from, to, &open, false, out);
}
