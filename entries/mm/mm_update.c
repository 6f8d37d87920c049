/* entries/mm: map changes (Entry.update), deferred to the query that needs them.
 *
 * update() changes the cells at once in everything that reads cells: the
 * instance's map and the leg planner's JPS rows (legplan_map_changed); the
 * routes that answer a query whole (refine/routes.h: direct line, JPS, A*
 * in a box of sectors) read nothing else. The sectors the changes touch are
 * marked; the abstraction over them (abstraction/update.c: only those
 * sectors flooded again, their edges and edge costs), the index, the region
 * search and its hierarchy (region_search_follow), and the two leg stores
 * (re-indexed by the survival rule, cache/leg.h) are re-derived only when a
 * query reaches the abstract route (Refiner.abs_ready), for every batch
 * marked since the last time at once. That work runs in that query's
 * GetPath calls, a piece each (abs_update_run: the ring's flood fills, its
 * plain form, its edge costs a work budget at a time, the packing with
 * what stands on it), and is charged there, as the dynamic kit charges an
 * update; each such call ends after its piece, the query moving a cell
 * meanwhile once its ends are known connected (connected below,
 * refine/refiner_wait.c), and a change between pieces lets the pieces done
 * go (the next query that asks begins again over every mark). SUMMARY says how much of it
 * there was (mm_pending_counters). Batches whose queries
 * the routes answer whole cost only their cells.
 * Meanwhile the JPS route is not capped (Routes.abs_waiting): a query JPS
 * gives up on at the cap would pay the whole backlog's re-derivation before
 * its abstract route, which costs more than most such searches run to their
 * end. The routes' credit still judges JPS at the cap, so once queries that
 * JPS answers only past it come often, a query goes the abstract route and
 * the abstraction follows; but on a map small enough for turn bits (taken
 * at the first change, refine/routes.h) JPS tries every query meanwhile,
 * and only one that runs out of its node slots goes the abstract route
 * and re-derives. The backlog has no bound of its own: re-deriving
 * every sector costs about what building the abstraction does. The
 * regions' hierarchy, deferred further (refine/abs_ch.h), is refreshed
 * in calls of its own, a piece of its build each (ABS_CH_PIECES), never
 * the one that re-derived (AbsChCarried.own_call), asked for here too
 * (abs_ready: region_search_prepare), the query moving meanwhile as it
 * does while the abstraction is re-derived. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/clock.h"
#include "mm_inst.h"

/* The edge costs' work units a call (abs_update_run): about as long as
 * the piece that labels the ring and scans its edges on a map change that
 * touches many sectors. */
#define REDERIVE_COST_WORK 16000u

/* What stands on the abstraction, for the fresh one: the index, the region
 * search (its hierarchy deferred), the two leg stores re-indexed. On
 * failure nothing moved but the kept labels of the marked sectors, dropped
 * (a later try floods them). */
static bool swap_in(MmEntry *e, Abstraction *fresh, Err *err)
{
    const uint8_t *touched = e->pending.touched;
    AbsIndex fresh_ix = {0};
    RegionSearch fresh_as = {0};
    bool followed = false;
    bool ok = abs_index_init(&fresh_ix, fresh, err) &&
              (followed = region_search_follow(&fresh_as, &fresh_ix, &e->as, touched, err));
    long segs = ok && e->have_segs ? segs_remap(&e->segs, &e->ix, &fresh_ix, touched, err) : 0;
    if (segs < 0)
        ok = false;
    if (!ok) {
        if (followed)
            region_search_unfollow(&fresh_as, &e->as);
        region_search_free(&fresh_as);
        abs_index_free(&fresh_ix);
        abs_free(fresh);
        abs_kept_undo(&e->kept, e->abs.nsectors, touched);
        return false;
    }
    e->cache_dropped += edge_cache_remap(&e->cache, &e->ix, &fresh_ix, touched);
    e->segs_dropped += (uint64_t)segs;
    region_search_free(&e->as);
    abs_index_free(&e->ix);
    abs_free(&e->abs);
    /* Everything else points at e->abs, e->ix and e->as, which keep their addresses. */
    e->abs = *fresh;
    e->ix = fresh_ix;
    e->ix.abs = &e->abs;
    fresh_as.tracer = e->as.tracer; /* set_tracer holds until set again */
    e->as = fresh_as;
    e->as.ix = &e->ix;
    return true;
}

/* One piece of the re-derivation of the sectors marked since the last
 * time (abs_update_run; the last one packs it and swaps it in): 1 done, 0
 * a piece ran and more are left, -1 out of memory (the marks stay). */
static int rederive(MmEntry *e, Err *err)
{
    MmPending *p = &e->pending;
    if (!p->upd && !(p->upd = abs_update_begin(&e->abs, &e->grid, p->touched, &e->kept, err))) {
        abs_kept_undo(&e->kept, e->abs.nsectors, p->touched);
        return -1;
    }
    Abstraction fresh;
    int done = abs_update_run(p->upd, &fresh, REDERIVE_COST_WORK, err);
    if (done == 0)
        return 0;
    abs_update_end(p->upd, done < 0);
    p->upd = NULL;
    if (done < 0) {
        abs_kept_undo(&e->kept, e->abs.nsectors, p->touched);
        return -1;
    }
    return swap_in(e, &fresh, err) ? 1 : -1;
}

/* A piece of the pending batches' re-derivation, timed and counted. */
static int rederive_pending(MmEntry *e, Err *err)
{
    MmPending *p = &e->pending;
    uint64_t t0 = clock_now_ns();
    int done = rederive(e, err);
    uint64_t dt = clock_now_ns() - t0;
    p->rederive_ns += dt;
    p->pieces++;
    if (dt > p->rederive_max_ns)
        p->rederive_max_ns = dt;
    if (done <= 0) {
        p->failed += done < 0;
        return done;
    }
    p->rederived++;
    p->batches_in += p->batches;
    p->sectors_in += p->sectors;
    p->batches = 0;
    p->sectors = 0;
    memset(p->touched, 0, e->abs.nsectors);
    e->refiner.routes.abs_waiting = false;
    return 1;
}

/* Brings the pending batches into the abstraction, a piece a call
 * (RefinerAbsReady): the call that runs the last piece ends there too, so
 * no call both re-derives and searches. Then, while the regions' hierarchy
 * awaits its refresh, a piece of that (or of the landmarks that guide the
 * searches meanwhile: region_search_prepare) likewise in a call of its
 * own, the query moving meanwhile; memory out for it, the searches go on
 * without it. */
static int abs_ready(void *ctx)
{
    MmEntry *e = ctx;
    Err err;
    if (!e->pending.batches)
        return region_search_prepare(&e->as, &err) > 0 ? 0 : 1;
    if (e->pending.first_call) /* it carries the update already: the query moves, the pieces begin next call */
        return 0;
    int done = rederive_pending(e, &err);
    if (done >= 0)
        return 0;
    fprintf(stderr, "mm: the abstraction could not follow the map's changes (%s); this query goes by A*\n", err.msg);
    return -1;
}

/* The walk over the abstraction made before the change visits at most this
 * many regions: it can only say yes, and one that finds no way round the
 * changed sectors floods the start's whole part inside the call that takes
 * the change, while one that finds it runs at the goal and visits few. */
#define REACH_BEFORE_MOST 1024u

/* The expansions of the A* that leads an end lying in a marked sector out
 * of them (lead_out): a change's cells are mostly a few sectors across,
 * and the A* heads for the other end. Its weight makes it greedy: only a
 * way out matters, not its length, and an A* of weight 1 spends the
 * expansions filling the pocket the end stands in. */
#define LEAD_OUT_EXPANSIONS 128u
#define LEAD_OUT_WEIGHT 1.5

static bool marked(const MmEntry *e, xyLoc c) { return e->pending.touched[abs_sector_of(&e->abs, c.x, c.y)] != 0; }

/* From `from`, in a marked sector, the first cell of an unmarked one on
 * the map's way as it is toward `to` (the legs' A*, bounded, toward its
 * best open node): the walk over the abstraction before the change may
 * start there, the cells up to it being a path. 1: found (*out); 2: the
 * A* reached `to` (connected); 0: neither. */
static int lead_out(MmEntry *e, xyLoc from, xyLoc to, xyLoc *out)
{
    AStar *a = &e->legs.astar;
    const AStarLimits greedy = {.weight = LEAD_OUT_WEIGHT};
    if (!astar_begin(a, from, to, &greedy))
        return 0;
    uint64_t work = LEAD_OUT_EXPANSIONS;
    AStarResult res = astar_run(a, &work, NULL);
    legplan_charge(&e->legs, (LEAD_OUT_EXPANSIONS - work) * LEG_ASTAR_WORK);
    if (res != ASTAR_PAUSED)
        return res == ASTAR_FOUND ? 2 : 0;
    xyPath *way = &e->pending.lead;
    way->len = 0;
    astar_toward_best(a, LEAD_OUT_EXPANSIONS + 1, way);
    for (size_t i = 0; i < way->len; i++)
        if (!marked(e, way->cells[i])) {
            *out = way->cells[i];
            return 1;
        }
    return 0;
}

/* Are s and g connected on the map as it is (RefinerConnected)? Exact once
 * the re-derivation has its new regions and edges, and once the
 * abstraction is current (no batch marked: a walk that avoids nothing);
 * before that, yes where the abstraction before the change connects them
 * around every marked sector, an end in a marked sector first led out of
 * them on the map (the one walk a query may take), else not known. */
static int connected(void *ctx, AbsLocator *loc, xyLoc s, xyLoc g, bool walk, uint64_t *visited)
{
    MmEntry *e = ctx;
    MmPending *p = &e->pending;
    uint64_t before = p->reach.visited;
    int known = p->upd ? abs_reach_update(&p->reach, p->upd, &e->grid, loc, s, g) : -2;
    if (known == -2 && walk && p->batches) {
        xyLoc from = s, to = g;
        int led = marked(e, s) ? lead_out(e, s, g, &from) : 1;
        if (led == 1 && marked(e, g))
            led = lead_out(e, g, s, &to);
        known = led == 2 || (led == 1 &&
                             abs_reach(&p->reach, &e->ix, &e->grid, loc, from, to, p->touched, REACH_BEFORE_MOST) > 0)
                    ? 1
                    : -2;
    } else if (known == -2 && !p->batches && p->touched) /* touched all 0 since the last re-derivation */
        known = abs_reach(&p->reach, &e->ix, &e->grid, loc, s, g, p->touched, UINT64_MAX);
    *visited = p->reach.visited - before;
    return known < 0 ? -1 : known;
}

void mm_pending_attach(MmEntry *e)
{
    e->refiner.abs_ready = abs_ready;
    e->refiner.connected = connected;
    e->refiner.abs_ready_ctx = e;
}

void mm_pending_free(MmEntry *e)
{
    abs_update_end(e->pending.upd, false);
    e->pending.upd = NULL;
    abs_reach_free(&e->pending.reach);
    path_free(&e->pending.lead);
    free(e->pending.touched);
    free(e->pending.batch);
    e->pending.touched = NULL;
    e->pending.batch = NULL;
}

bool mm_sync(void *inst, Err *err)
{
    MmEntry *e = inst;
    int done = 1;
    while (e->pending.batches && (done = rederive_pending(e, err)) >= 0)
        ;
    return done >= 0;
}

bool mm_update(void *inst, const CellChange *ch, int n, Err *err)
{
    MmEntry *e = inst;
    uint64_t t0 = clock_now_ns();
    MmPending *p = &e->pending;
    if (!p->touched && !(p->touched = calloc(e->abs.nsectors ? e->abs.nsectors : 1, 1)))
        return err_set(err, "mm: out of memory for an update");
    if (!p->batch && !(p->batch = malloc((e->abs.nsectors ? e->abs.nsectors : 1) * sizeof *p->batch)))
        return err_set(err, "mm: out of memory for an update");
    if (!routes_enable_turns(&e->refiner.routes, err)) /* once, at the first change (refine/routes.h) */
        return false;
    /* The hierarchy's refresh waits for the call after the one that took a
     * change, which usually re-derived the abstraction. */
    e->as.ch.dyn.carried.own_call = true;
    /* The leg planner's JPS rows follow first: it only fails before changing anything. */
    if (!legplan_map_changed(&e->legs, ch, n, e->passable, err))
        return false;
    int ntouched = 0, S = e->abs.S;
    for (int i = 0; i < n; i++)
        /* A run a sector's stretch at a time, set whatever it was: the
         * count's change says whether any cell of the stretch changed. */
        for (int x = ch[i].x, y = ch[i].y, end = ch[i].x + ch[i].more; x <= end;) {
            uint32_t s = (uint32_t)abs_sector_of(&e->abs, x, y);
            int last = abs_sector_x0(&e->abs, (int)s) + S - 1, stop = last < end ? last : end;
            int delta = grid_set_run(&e->grid, x, y, stop - x + 1, ch[i].passable);
            x = stop + 1;
            if (!delta)
                continue;
            e->passable += (size_t)delta; /* a drop wraps */
            if (p->touched[s] != 2) {     /* 2: touched by this batch, counted */
                p->sectors += !p->touched[s];
                p->touched[s] = 2;
                p->batch[ntouched++] = s;
            }
        }
    for (int k = 0; k < ntouched; k++) /* back to 1: marked, whichever batch it was */
        p->touched[p->batch[k]] = 1;
    /* The leg planner's JPS reads this map's bits, and its open list is
     * sized by the count its owner keeps (search/jps.h): this one, exact
     * where a cell is named twice in one batch. */
    e->legs.jps.passable = e->passable;
    if (ntouched) { /* a cell changed: its sector is this batch's first mark there */
        /* A re-derivation under way covers the marks as they were: let it
         * go (the labels it made are its sectors' as the grid was, and any
         * sector changed since is marked, so flooded again). */
        abs_update_end(p->upd, false);
        p->upd = NULL;
        p->batches++;
        /* A query in progress re-plans from where it stands (and so asks
         * for the abstraction); remembered joints were smoothed on the old map. */
        refiner_invalidate(&e->refiner);
        e->refiner.routes.abs_waiting = true;
        p->first_call = true;
        e->updates++;
        e->touched_sectors += (uint64_t)ntouched;
    }
    p->update_ns += clock_now_ns() - t0;
    return true;
}

void mm_pending_counters(const MmEntry *e, Counters *out)
{
    const MmPending *p = &e->pending;
    double u = e->updates ? (double)e->updates : 1.0, r = p->rederived ? (double)p->rederived : 1.0;
    counters_add(out, "rederivations", (double)p->rederived);
    counters_add(out, "rederive_batches_mean", (double)p->batches_in / r);
    counters_add(out, "rederive_sectors_mean", (double)p->sectors_in / r);
    counters_add(out, "rederive_us_mean", (double)p->rederive_ns / r * 1e-3);
    counters_add(out, "rederive_pieces", (double)p->pieces);
    counters_add(out, "rederive_us_max", (double)p->rederive_max_ns * 1e-3); /* the longest piece */
    counters_add(out, "rederive_failed", (double)p->failed);
    /* The queries that waited for it (refine/refiner_wait.c). */
    const RefineStats *st = &e->refiner.stats;
    counters_add(out, "wait_connected", (double)st->wait_connected);
    counters_add(out, "wait_no_path", (double)st->wait_no_path);
    counters_add(out, "wait_moves", (double)st->wait_moves);
    counters_add(out, "wait_answered", (double)st->wait_answered);
    counters_add(out, "updates_pending_at_end", (double)p->batches);
    /* Per update, its own call and its share of the re-derivations: what an
     * update costs in all, wherever it is charged. */
    counters_add(out, "update_work_us_mean", (double)(p->update_ns + p->rederive_ns) / u * 1e-3);
}
