/* mm_warm.c: prepare's warm-up (mm_inst.h mm_warm_up). The first call to
 * run a part of mm's code, or to touch a page of its scratch, pays the
 * process for fetching and mapping them: on a small map that was several
 * times the call's own work, and the run's longest call. So prepare runs
 * the paths the first queries take, and leaves the instance as any query
 * would, or exactly as it found it. */
#include <string.h>

#include "mm_inst.h"

/* The first and the last passable cell in row order (false: none), each
 * found by a walk that stops at it: the JPS's warm-up below scans the map
 * whole for its own ends, and one whole scan at prepare is enough. */
static bool passable_ends(const Grid *m, xyLoc *first, xyLoc *last)
{
    bool found = false;
    for (int y = 0; y < m->height && !found; y++)
        for (int x = 0; x < m->width && !found; x++)
            if ((found = grid_passable(m, x, y)))
                *first = (xyLoc){(int16_t)x, (int16_t)y};
    if (!found)
        return false;
    for (int y = m->height - 1;; y--)
        for (int x = m->width - 1; x >= 0; x--)
            if (grid_passable(m, x, y)) {
                *last = (xyLoc){(int16_t)x, (int16_t)y};
                return true;
            }
}

/* r's query s -> g to its end, its cells dropped (a query left paused
 * would be taken for the first real one if its ends were the same). */
static void run_query(Refiner *r, xyLoc s, xyLoc g, xyPath *cells)
{
    cells->len = 0;
    while (!refiner_step(r, s, g, cells))
        cells->len = 0;
    cells->len = 0;
}

/* One query from the map's first passable cell to its last, through the
 * instance's own refiner: its counts do not count it and the routes forget
 * what it taught them of JPS's tries (a corner-to-corner query is no sample
 * of the queries to come); what it leaves is what any query leaves, a
 * cached leg, remembered joints, node state grown through the grow gate. A
 * corner-to-corner query runs few of the branches of the JPS's sweeps, so
 * where the small route answers with its JPS (refine/routes.h `whole`)
 * that JPS searches from the map's middle to its far cells and back
 * besides (jps_warm_up), each held to MM_WARM_EXPANSIONS, which on such a
 * map reaches most of it. Elsewhere the JPS is a capped try whose node
 * state the budget weighs, and a first call's longest part is its work. */
#define MM_WARM_EXPANSIONS 4096
static void warm_query(MmEntry *e, xyPath *cells)
{
    xyLoc s, g;
    if (!passable_ends(&e->grid, &s, &g))
        return;
    RefineStats kept = e->refiner.stats;
    Routes learnt = e->refiner.routes; /* its counts and what it learnt of JPS's tries */
    uint64_t hits = e->cache.hits, misses = e->cache.misses;
    run_query(&e->refiner, s, g, cells);
    /* A corner-to-corner query lies past a JPS reach (refine/routes.h
     * jps_reach), so it never ran the JPS tried first: its code and its
     * tiles' first fills waited for the first near query, whose call they
     * made the run's longest. The warm-up's JPS runs there too, held to
     * what one try may expand. */
    const RoutesConfig *rc = &e->cfg.refine.routes;
    if (e->legs.have_jps && (rc->whole || (rc->jps_reach > 0 && rc->jps_cap > 0)))
        jps_warm_up(&e->legs.jps, rc->whole ? MM_WARM_EXPANSIONS : (uint64_t)rc->jps_cap);
    e->refiner.stats = kept;
    Routes *rt = &e->refiner.routes;
    rt->stats = learnt.stats;
    memcpy(rt->credit, learnt.credit, sizeof rt->credit);
    memcpy(rt->probe, learnt.probe, sizeof rt->probe);
    memcpy(rt->reach2, learnt.reach2, sizeof rt->reach2);
    rt->capped = learnt.capped; /* a try it gave up on is not charged to the queries to come */
    e->cache.hits = hits;
    e->cache.misses = misses;
}

/* The first passable cell of sector (sx, sy) in row order, or with `last`
 * the last: false when the sector is off the grid of sectors or blocked. */
static bool sector_cell(const Grid *m, const Abstraction *a, int sx, int sy, bool last, xyLoc *c)
{
    if (sx < 0 || sy < 0 || sx >= a->sw || sy >= a->sh)
        return false;
    int x0 = sx * a->S, y0 = sy * a->S;
    int w = m->width - x0 < a->S ? m->width - x0 : a->S, h = m->height - y0 < a->S ? m->height - y0 : a->S;
    for (int i = 0; i < w * h; i++) {
        int k = last ? w * h - 1 - i : i, x = x0 + k % w, y = y0 + k / w;
        if (grid_passable(m, x, y)) {
            *c = (xyLoc){(int16_t)x, (int16_t)y};
            return true;
        }
    }
    return false;
}

/* The refinement's warm-up query runs from a sector that holds regions,
 * that of the region with the middle global id or, failing that, of the
 * one a quarter or three quarters in (WARM_FROM eighths of the ids), to a
 * sector WARM_STEP from it: far enough apart for a route through centers,
 * so for center legs. Tried in turn, at most WARM_TRIES queries, until one
 * refines a center leg (a blocked sector is skipped, an unreachable end
 * costs the hierarchy's query). */
static const int8_t WARM_FROM[] = {4, 2, 6};
static const int8_t WARM_STEP[][2] = {{2, 2}, {-2, -2}, {2, -2}, {-2, 2}, {2, 0}, {0, 2}, {1, 1}, {-1, -1}};
enum { WARM_FROMS = sizeof WARM_FROM, WARM_STEPS = sizeof WARM_STEP / sizeof *WARM_STEP, WARM_TRIES = 12 };

/* Where the abstract route refines legs through centers, the routes (JPS
 * tried first) may answer every query of a run's first thousands: the
 * warm-up query above was one of them, and the first query past them ran
 * locating, the hierarchy's query, the legs' A*, a leg made waypoints and
 * smoothed, its first edge-cache put, the window's joins, each for the
 * first time in the process, its calls several times their work. So one
 * query runs that route here, and again, which takes the leg from the cache
 * and the joints from the window's memo. It runs on a refiner of its own
 * with no route tried first and an edge cache of its own, both let go
 * after: the instance's refiner, routes, window and cache are untouched.
 * What it shares with the queries is what any query reuses and no answer
 * depends on: the regions' search scratch, the leg planner's search state
 * (its A* pages taken at prepare) and their marks. */
bool mm_warm_refine(MmEntry *e)
{
    const RefineConfig *real = &e->cfg.refine;
    if (real->routes.whole || real->ahead > 0)
        return false; /* no center legs: JPS answers every query, or corridor steps refine */
    RefineConfig c = *real;
    c.routes = (RoutesConfig){0}; /* no route but the same cell: the abstract route */
    c.phases = false;
    EdgeCache cache;
    Refiner r;
    Err err;
    if (!edge_cache_init(&cache, (LegMode)e->cfg.cache, EDGE_CACHE_MIN_BYTES, e->abs.nregions, e->abs.nedges, &err))
        return false; /* out of memory: the first query pays, as before */
    if (!refiner_init(&r, &c, &e->grid, &e->ix, &e->as, &e->legs, &cache, e->have_segs ? &e->segs : NULL, &err)) {
        edge_cache_free(&cache);
        return false;
    }
    uint64_t fallbacks = e->legs.fallbacks;
    const Abstraction *a = &e->abs;
    xyPath cells = {0};
    int tries = 0;
    for (int f = 0; f < WARM_FROMS && a->nregions && tries < WARM_TRIES && !r.stats.center_legs; f++) {
        uint32_t sec = abs_region_sector(&e->ix, (uint32_t)((uint64_t)a->nregions * (uint64_t)WARM_FROM[f] / 8));
        int sx = (int)sec % a->sw, sy = (int)sec / a->sw;
        xyLoc s, g;
        if (!sector_cell(&e->grid, a, sx, sy, false, &s))
            continue;
        for (int i = 0; i < WARM_STEPS && tries < WARM_TRIES && !r.stats.center_legs; i++) {
            if (!sector_cell(&e->grid, a, sx + WARM_STEP[i][0], sy + WARM_STEP[i][1], true, &g))
                continue;
            tries++;
            run_query(&r, s, g, &cells);
            if (r.stats.center_legs > 0)
                run_query(&r, s, g, &cells); /* again: its legs from the cache, its joints from the memo */
        }
    }
    bool warmed = r.stats.cache_hits > 0;
    e->legs.fallbacks = fallbacks;
    path_free(&cells);
    refiner_free(&r);
    edge_cache_free(&cache);
    return warmed;
}

void mm_warm_up(MmEntry *e)
{
    xyPath cells = {0};
    warm_query(e, &cells);
    path_free(&cells);
    (void)mm_warm_refine(e);
}
