/* entries/mm: the minimal-memory abstraction entry with the DAO-1-level
 * enhancements (abstraction/, refine/, cache/).
 *
 * Options: mm_options.h. File: mm_file.c. */
#include <stdlib.h>
#include <string.h>

#include "../../common/clock.h"
#include "../../refine/segbuild.h"
#include "mm.h"
#include "mm_inst.h"

/* The options over the profile p's values. */
static bool parse_options(const EntryOpts *opts, const MmProfile *p, MmConfig *c, Err *err)
{
    MmConfig base;
    mm_profile_config(p, &base);
    return mm_options_parse(opts, &base, c, err);
}

static bool mm_check_options(const EntryOpts *opts, Err *err)
{
    MmConfig c;
    return parse_options(opts, mm_profile_default(), &c, err);
}

/* The abstraction of g at its profile's side (or the side given), and the
 * profile: built at the default profile's side (c: the options over it),
 * which the map is measured on (*kind, taken at c->sector), and built again
 * only when its profile builds at another side. */
static bool build_abstraction(const Grid *g, const MmConfig *c, bool sector_given, uint64_t started_ns, Abstraction *a,
                              const MmProfile **profile, MapKind *kind, Err *err)
{
    if (!abs_build_centers(a, g, c->sector, c->defaults, c->centers, true, err))
        return false;
    *profile = mm_profile_of_map(g, a, c->small, kind, err);
    if (*profile && !sector_given && (*profile)->sector != a->S) {
        abs_free(a);
        if (!abs_build_centers(a, g, (*profile)->sector, c->defaults, c->centers, true, err))
            return false;
    }
    if (*profile)
        mm_progress(g, started_ns, "abstraction built (regions, edges, costs)");
    return *profile != NULL;
}

/* segfile's segments, planned by the leg planner over the indexed abstraction. */
static bool plan_segments(SegStore *segs, int mode, LegPlanner *legs, const AbsIndex *ix, uint64_t started_ns, Err *err)
{
    if (!segbuild_plan_all(segs, (LegMode)mode, legs, ix, err))
        return false;
    mm_progress(legs->grid, started_ns, "segments planned");
    return true;
}

static void mm_destroy(void *inst)
{
    MmEntry *e = inst;
    if (!e)
        return;
    refiner_free(&e->refiner);
    edge_cache_free(&e->cache);
    segs_free(&e->segs);
    legplan_free(&e->legs);
    region_search_free(&e->as);
    abs_index_free(&e->ix);
    abs_free(&e->abs);
    abs_kept_free(&e->kept);
    mm_pending_free(e);
    grid_free(&e->grid);
    free(e);
}

/* An instance holding its copy of the map, packed (grid/grid.h: a bit a
 * cell; the leg planner's JPS scans it as its bit rows, search/bitrows.h),
 * and the options over the default profile (what the abstraction is first
 * built or checked with). */
static MmEntry *new_entry(const Grid *map, const EntryOpts *opts, Err *err)
{
    MmEntry *e = calloc(1, sizeof *e);
    if (!e) {
        err_set(err, "mm: out of memory");
        return NULL;
    }
    e->started_ns = clock_now_ns();
    e->sector_given = mm_options_sector_given(opts);
    if (!parse_options(opts, mm_profile_default(), &e->cfg, err) || !grid_pack(&e->grid, map, err)) {
        mm_destroy(e);
        return NULL;
    }
    return e;
}

/* The file holds the abstraction and, with segfile, the segments: nothing
 * else is built (the region search and its hierarchy are prepare's), and
 * the map is read where it lies, not copied. */
static bool mm_preprocess(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    uint64_t t0 = clock_now_ns();
    MmConfig c;
    const MmProfile *profile;
    MapKind kind;
    Abstraction a = {0};
    AbsIndex ix = {0};
    LegPlanner legs = {0};
    SegStore segs = {0};
    bool ok = parse_options(opts, mm_profile_default(), &c, err) &&
              build_abstraction(map, &c, mm_options_sector_given(opts), t0, &a, &profile, &kind, err) &&
              (!c.segfile || (abs_index_init(&ix, &a, err) && legplan_init(&legs, map, &a, err) &&
                              plan_segments(&segs, c.segfile, &legs, &ix, t0, err)));
    char options[OPTS_TEXT_MAX];
    ok = ok && mm_file_write(file, opts_canonical(opts, options, sizeof options), &a, map, c.sector, &kind, c.segfile,
                             &segs, err);
    if (ok)
        mm_progress(map, t0, "preprocessing file written");
    segs_free(&segs);
    legplan_free(&legs);
    abs_index_free(&ix);
    abs_free(&a);
    return ok;
}

/* The abstraction (loaded, or built), then what searches it: the region
 * search and its hierarchy, the leg planner, the caches and the refiner,
 * each built once, under the profile's values and the keys given. */
static void *mm_prepare(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    char options[OPTS_TEXT_MAX];
    MapKind kind;
    MmEntry *e = new_entry(map, opts, err);
    bool ok = e && (file ? mm_file_load(e, map, file, opts_canonical(opts, options, sizeof options), err)
                         : build_abstraction(&e->grid, &e->cfg, e->sector_given, e->started_ns, &e->abs, &e->profile,
                                             &kind, err) &&
                               abs_index_init(&e->ix, &e->abs, err));
    /* The keys were parsed before, so they cannot fail now. */
    /* Corridor steps cost their route from s and g by an A* over the regions
     * (refine/abstract_search.h region_search_ends), never by the hierarchy;
     * on a map the small route answers whole (refine/routes.h) a region
     * search runs only if its JPS ran out of memory, and the A* answers it:
     * the hierarchy would be a tenth of the instance, never queried. */
    ok = ok && parse_options(opts, e->profile, &e->cfg, err) &&
         region_search_init(&e->as, &e->ix, e->cfg.refine.ahead == 0 && !e->cfg.refine.routes.whole, NULL, err);
    if (ok && e->cfg.refine.ahead == 0 && e->cfg.refine.weight == 1.0)
        region_search_lean(&e->as); /* the hierarchy answers every search (none built: nothing to drop) */
    if (ok)
        mm_progress(&e->grid, e->started_ns, "region search and regions' hierarchy");
    ok = ok && legplan_init(&e->legs, &e->grid, &e->abs, err);
    if (ok && !file && e->cfg.segfile)
        ok = e->have_segs = plan_segments(&e->segs, e->cfg.segfile, &e->legs, &e->ix, e->started_ns, err);
    if (ok)
        e->cfg.refine.memo = mm_profile_memo(e->profile, (size_t)e->grid.width * (size_t)e->grid.height);
    /* The refiner first: the cache's cap weighs its joint memo (mm_budget.c). */
    ok = ok &&
         refiner_init(&e->refiner, &e->cfg.refine, &e->grid, &e->ix, &e->as, &e->legs, &e->cache,
                      e->have_segs ? &e->segs : NULL, err) &&
         edge_cache_init(&e->cache, (LegMode)e->cfg.cache, mm_fit_cache(e), e->abs.nregions, e->abs.nedges, err) &&
         mm_take_turns(e, err);
    if (!ok) {
        mm_destroy(e);
        return NULL;
    }
    e->passable = grid_count_passable(&e->grid);
    /* Coarse turn bits before the tiles are chosen: a JPS that has them
     * scans its columns down the rows and takes the fewest tiles
     * (mm_budget.c mm_tile_jps), and its bytes count in what is weighed. */
    if (e->legs.have_jps && e->cfg.coarse && !jps_enable_coarse(&e->legs.jps, mm_profile_coarse_busy(&e->cfg), err)) {
        mm_destroy(e);
        return NULL;
    }
    e->tile_watch = e->legs.have_jps && !e->legs.jps.tiled; /* whole at first: tiled here or as the instance grows */
    /* With what the legs' first search takes at once, its pages (a query
     * cannot tile before it): weighed without them, a map just under the
     * line at prepare kept its whole copy and was past its budget after
     * its first query, before the check could tile it. Not where the small
     * route answers whole: its A* runs only where its JPS ran out of
     * memory, and counted, the 32-wide mazes tiled for pages never taken. */
    size_t first = e->cfg.refine.routes.whole ? 0 : legplan_first_bytes(&e->legs);
    mm_tile_jps(e, mm_held_with_memo_grown(e) + first, err);
    /* ... and taken now where center legs are refined, by that A* (not
     * where the small route answers whole, nor where corridor steps refine,
     * by JPS, and its near box seldom runs): the call whose search took
     * them paid their allocation (a rooms map's longest call). */
    if (!e->cfg.refine.routes.whole && e->cfg.refine.ahead == 0)
        (void)astar_take_first(&e->legs.astar); /* out of memory: the first search tries again */
    /* The turn bits are held whole from here: derived whole here too, so
     * that no query's call pays for the first reads of its lines (they were
     * a small map's longest calls). */
    if (e->legs.have_jps)
        jps_turns_all_fresh(&e->legs.jps.turns, &e->legs.jps.rows, &e->legs.jps.cols);
    mm_gate_parts(e); /* each growth as queries run weighed against the budget first */
    mm_pending_attach(e);
    mm_warm_up(e);
    mm_gate_ready(e);
    /* The memo's doublings take their blocks here, what the budget allows:
     * taken inside a call, a block on a fresh page faulted there. Not with
     * corridor steps: they plan no center leg, whose joints the memo
     * remembers, so it seldom doubles there and would hold its most for
     * nothing. */
    if (e->cfg.refine.ahead == 0)
        win_memo_reserve(&e->refiner.win);
    mm_cache_reserve(e);  /* the same for the edge cache's slots and stream, after the memo */
    mm_gate_warm_room(e); /* last: the heap what grows as queries run may take, written here */
    mm_progress(&e->grid, e->started_ns, "prepared");
    return e;
}

static bool mm_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    MmEntry *e = inst;
    bool done = refiner_step(&e->refiner, s, g, path);
    e->pending.first_call = false;
    /* Every TILE_CHECK_EVERY-th query: summing the parts costs about as
     * much as a short query's scans. While turn bits are held only the grow
     * gate tiles, when an ask would cross the line (mm_gate.c). */
    if (done && e->tile_watch && !e->legs.jps.turns.block && ++e->tile_check % TILE_CHECK_EVERY == 0)
        mm_tile_check(e);
    return done;
}

static void mm_counters(void *inst, Counters *out, bool detail)
{
    MmEntry *e = inst;
    const RefineStats *st = &e->refiner.stats;
    uint64_t refine_expanded = refiner_refine_expanded(&e->refiner); /* the query in progress's too */
    out->expanded = st->abs_expanded + refine_expanded;
    if (!detail)
        return;
    double q = st->queries ? (double)st->queries : 1.0;
    counters_add(out, "abs_bytes", (double)abs_bytes(&e->abs));
    counters_add(out, "sectors", e->abs.nsectors);
    counters_add(out, "regions", e->abs.nregions);
    counters_add(out, "edges", e->abs.nedges);
    if (!out->per_call) { /* whole-map measures (map_detour allocates) */
        double detour = 0;
        counters_add(out, "detour", map_detour(&e->abs, &detour, NULL) ? detour : 0);
        counters_add(out, "scattered", grid_scattered(&e->grid));
        counters_add(out, "corners", map_corners(&e->grid));
    }
    counters_add_text(out, "profile", e->profile->name);
    counters_add(out, "jps_cap", e->refiner.cfg.routes.jps_cap);
    counters_add(out, "hold", e->refiner.cfg.hold);
    counters_add(out, "ahead", e->refiner.cfg.ahead);
    counters_add(out, "ch_bytes", (double)abs_ch_kept_bytes(&e->as.ch));
    counters_add(out, "ch_shortcuts", e->as.ch.shortcuts);
    counters_add(out, "default_sectors", e->abs.ndefault);
    counters_add(out, "wide_sectors", e->abs.nwide);
    counters_add(out, "abs_expanded_mean", (double)st->abs_expanded / q);
    counters_add(out, "refine_expanded_mean", (double)refine_expanded / q);
    counters_add(out, "abs_expanded", (double)st->abs_expanded); /* `expanded` told apart, for a call's share */
    counters_add(out, "refine_expanded", (double)refine_expanded);
    if (!out->per_call)
        counters_add(out, "refine_max_p95", refiner_max_p95(&e->refiner));
    counters_add(out, "legs_mean", (double)st->legs / q);
    counters_add(out, "center_legs", (double)st->center_legs);
    counters_add(out, "seg_hits", (double)st->seg_hits);
    counters_add(out, "seg_bytes", e->have_segs ? (double)segs_bytes(&e->segs) : 0);
    counters_add(out, "corridor_fallbacks", (double)e->legs.fallbacks);
    counters_add(out, "leg_page_grows", (double)e->legs.astar.pg.grows); /* searches that outgrew what prepare took */
    counters_add(out, "leg_open_grows", (double)e->legs.astar.pg.open_grows); /* the legs' open list filled */
    counters_add(out, "region_open_grows", (double)e->as.open_grows);         /* the regions' A* open list filled */
    const RoutesStats *rs = &e->refiner.routes.stats;
    counters_add(out, "direct", (double)rs->direct);
    counters_add(out, "guarded", (double)rs->guarded);
    counters_add(out, "guard_skipped", (double)rs->guard_skipped);
    counters_add(out, "box_skipped", (double)rs->box_skipped); /* near boxes whose regions do not connect s and g */
    counters_add(out, "box_vain", (double)rs->box_vain);       /* box A*s that found nothing uncapped */
    counters_add(out, "near", (double)rs->near);
    counters_add(out, "box_capped", (double)rs->box_capped);
    counters_add(out, "jps", (double)rs->jps);
    counters_add(out, "jps_capped", (double)rs->jps_capped);
    counters_add(out, "jps_skipped", (double)rs->jps_skipped);
    counters_add(out, "jps_forgiven", (double)rs->jps_forgiven);
    counters_add(out, "jps_far", (double)rs->jps_far);
    counters_add(out, "jps_bytes", (double)legplan_jps_bytes(&e->legs));
    counters_add(out, "jps_grown", (double)e->legs.jps.grown); /* searches begun again with more node state */
    counters_add(out, "jps_turn_bytes", (double)jps_turns_bytes(&e->legs.jps.turns));    /* 0: none (mm_take_turns) */
    counters_add(out, "jps_coarse_bytes", (double)jps_coarse_bytes(e->legs.jps.coarse)); /* 0: none (coarse=) */
    const Jps *jps =
        &e->legs.jps; /* its transposed rows as tiles (mm_budget.c mm_tile_jps): their slots, 0 a whole copy */
    counters_add(out, "jps_tiles", jps->tiled ? (double)jps->tiles.mask + 1 : 0);
    counters_add(out, "jps_tile_fills", (double)jps->tiles.fills); /* tiles transposed: each a miss */
    counters_add(out, "loop_cut_cells", (double)e->refiner.win.cut);
    const Window *win = &e->refiner.win; /* its joint memo: entries, and doublings the budget refused (mm_budget.c) */
    counters_add(out, "memo_entries", win->memo ? (double)win->memo_n : 0);
    counters_add(out, "memo_refused", (double)win->memo_refused);
    counters_add(out, "gate_walks", (double)e->gate_walks); /* grow gate asks answered by summing the parts */
    if (e->cfg.refine.phases) {
        static const char *const PHASE_KEY[PHASE_COUNT] = {"locate_us_mean", "abstract_us_mean", "legs_us_mean",
                                                           "join_us_mean", "jps_us_mean"};
        for (int p = 0; p < PHASE_COUNT; p++)
            counters_add(out, PHASE_KEY[p], (double)st->phase_ns[p] / q * 1e-3);
    }
    if (e->updates) { /* their count is the driver's own `updates` */
        counters_add(out, "touched_sectors_mean", (double)e->touched_sectors / (double)e->updates);
        counters_add(out, "cache_dropped", (double)e->cache_dropped);
        counters_add(out, "segs_dropped", (double)e->segs_dropped);
        const AbsChDyn *d = &e->as.ch.dyn; /* the hierarchy's refreshes (refine/abs_ch.h) */
        counters_add(out, "ch_arcs_redone_mean", (double)d->carried.redone / (double)e->updates);
        counters_add(out, "ch_rows_exact_mean", (double)d->carried.rows / (double)e->updates);
        counters_add(out, "ch_refreshes", (double)d->carried.refreshes);
        counters_add(out, "ch_work", (double)d->carried.work);
        counters_add(out, "ch_rent", (double)(d->carried.rent_total + d->rent));
        counters_add(out, "update_bytes",
                     (double)abs_kept_bytes(&e->kept, e->grid.width, e->grid.height, e->abs.nsectors));
        mm_pending_counters(e, out);
    }
    counters_add(out, "search_bytes",
                 (double)(abs_index_bytes(&e->ix) + region_search_bytes(&e->as) + legplan_bytes(&e->legs) +
                          refiner_bytes(&e->refiner)));
    edge_cache_report(&e->cache, &e->ix, out);
    size_t part[MM_PARTS];
    counters_add(out, "mm_bytes", (double)mm_bytes(e, part));
    for (int i = 0; i < MM_PARTS; i++)
        counters_add(out, MM_PART_KEY[i], (double)part[i]);
}

/* The search over regions and each leg's search, told apart by layer. */
static void mm_set_tracer(void *inst, const Tracer *t)
{
    MmEntry *e = inst;
    e->as.tracer = trace_layer(&e->trace_layers[0], t, "abstract");
    e->legs.astar.tracer = trace_layer(&e->trace_layers[1], t, "leg");
    e->legs.jps.tracer = trace_layer(&e->trace_layers[2], t, "jps");
    const Tracer *corridor = trace_layer(&e->trace_layers[3], t, "corridor");
    if (e->legs.cjps)
        e->legs.cjps->tracer = corridor;
}

const EdgeCache *mm_edge_cache(const void *inst) { return &((const MmEntry *)inst)->cache; }
const AbsIndex *mm_abs_index(const void *inst) { return &((const MmEntry *)inst)->ix; }
const RegionSearch *mm_region_search(const void *inst) { return &((const MmEntry *)inst)->as; }

const Entry ENTRY_MM = {
    .name = "mm",
    .summary = "MM sector abstraction + DAO-1-level refinement; a profile per kind of map sets every default "
               "(docs/entries/mm.md)",
    .subopt_bound = 0,
    .option_keys = MM_OPTION_KEYS,
    .option_help = MM_OPTION_HELP,
    .check_options = mm_check_options,
    .preprocess = mm_preprocess,
    .prepare = mm_prepare,
    .get_path = mm_get_path,
    .update = mm_update,
    .counters = mm_counters,
    .destroy = mm_destroy,
    .set_tracer = mm_set_tracer,
};
