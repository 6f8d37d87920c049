/* entries/mm: the minimal-memory abstraction entry with the DAO-1-level
 * enhancements (abstraction/, refine/, cache/).
 *
 * Options: mm_options.h.
 * File: the abstraction (abstraction/absfile.c), then u32 segment mode (0, 1
 * nosym, 2 sym) and, when set, the segment section (cache/segfile.h). A file
 * that does not match the map or the options is rejected on stderr and the
 * entry rebuilds in memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/binio.h"
#include "../../refine/mapkind.h"
#include "../../refine/refiner.h"
#include "../../refine/segbuild.h"
#include "../entry.h"
#include "mm.h"
#include "mm_options.h"

typedef struct MmEntry {
    MmConfig cfg;
    Grid grid;
    Abstraction abs;
    AbsIndex ix;
    AbsSearch as;
    LegPlanner legs;
    EdgeCache cache;
    SegStore segs;
    bool have_segs;
    Refiner refiner;
    /* Dynamic-map updates (mm_update). */
    size_t passable; /* cells of the map as it is now */
    uint64_t updates, touched_sectors, cache_dropped, segs_dropped;
} MmEntry;

static bool mm_check_options(const EntryOpts *opts, Err *err)
{
    MmConfig c;
    return mm_options_parse(opts, &c, err);
}

/* Level 2's block side, 0 without it. */
static int l2_block(const MmConfig *c) { return c->levels == 2 ? c->block : 0; }

/* The index, search and leg planner over e->abs, once it is built or loaded. */
static bool index_abs(MmEntry *e, Err *err)
{
    return abs_index_init(&e->ix, &e->abs, err) &&
           abs_search_init(&e->as, &e->ix, e->cfg.landmarks, l2_block(&e->cfg), e->cfg.ch, err) &&
           legs_init(&e->legs, &e->grid, &e->abs, err);
}

/* The abstraction and (with segfile) the segments, built from the grid. */
/* What build_all or load_file made, released. */
static void free_all(MmEntry *e)
{
    segs_free(&e->segs);
    e->have_segs = false;
    legs_free(&e->legs);
    abs_search_free(&e->as);
    abs_index_free(&e->ix);
    abs_free(&e->abs);
}

static bool build_at(MmEntry *e, int S, Err *err)
{
    return abs_build_centers(&e->abs, &e->grid, S, e->cfg.defaults, e->cfg.centers, e->cfg.costs, err) &&
           index_abs(e, err);
}

/* What the map is (refine/mapkind.h), over the abstraction as built. */
static MapKind mm_map_kind(const MmEntry *e) { return map_kind(&e->grid, &e->as); }

static bool build_all(MmEntry *e, Err *err)
{
    if (!build_at(e, e->cfg.sector ? e->cfg.sector : 16, err))
        return false;
    if (!e->cfg.sector && map_small_rooms(mm_map_kind(e))) {
        free_all(e);
        if (!build_at(e, 8, err))
            return false;
    }
    if (e->cfg.segfile) {
        if (!segs_build(&e->segs, (LegMode)e->cfg.segfile, &e->legs, &e->ix, err))
            return false;
        e->have_segs = true;
    }
    return true;
}

static void mm_destroy(void *inst)
{
    MmEntry *e = inst;
    if (!e)
        return;
    refiner_free(&e->refiner);
    edge_cache_free(&e->cache);
    free_all(e);
    grid_free(&e->grid);
    free(e);
}

static MmEntry *new_entry(const Grid *map, const EntryOpts *opts, Err *err)
{
    MmEntry *e = calloc(1, sizeof *e);
    if (!e) {
        err_set(err, "mm: out of memory");
        return NULL;
    }
    if (!mm_options_parse(opts, &e->cfg, err) || !grid_copy(&e->grid, map, err)) {
        mm_destroy(e);
        return NULL;
    }
    return e;
}

static bool mm_preprocess(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    MmEntry *e = new_entry(map, opts, err);
    if (!e || !build_all(e, err)) {
        mm_destroy(e);
        return false;
    }
    char options[OPTS_TEXT_MAX];
    BinFile f;
    bool ok = bin_create(&f, file, err);
    if (ok) {
        f.options = opts_canonical(opts, options, sizeof options);
        abs_write(&f, &e->abs, &e->grid);
        bin_put_u32(&f, (uint32_t)e->cfg.segfile);
        if (e->have_segs)
            segs_write(&f, &e->segs);
        ok = bin_commit(&f, err);
    }
    mm_destroy(e);
    return ok;
}

/* Does the loaded abstraction describe this grid? abs_validate checks the
 * encoding; only a fresh build shows an edge or a center moved into another
 * component, which would send queries through walls (make fuzz found one:
 * a path for an unreachable goal, issue 19). Same regions (each loaded center
 * lies in the fresh region of its number; centers may be optimised) and the
 * same edges. The build is linear in the map; centers are not optimised. */
static bool abs_matches_grid(const Abstraction *a, const Grid *g, const char *file, Err *err)
{
    Abstraction fresh;
    AbsLocator *loc = calloc(1, sizeof *loc);
    if (!loc || !abs_build(&fresh, g, a->S, a->defaults_on, err)) {
        free(loc);
        return loc ? false : err_set(err, "%s: out of memory checking the abstraction", file);
    }
    bool ok = true;
    for (int s = 0; ok && s < (int)a->nsectors; s++) {
        int n = abs_region_count(a, s);
        ok = n == abs_region_count(&fresh, s);
        for (int r = 0; ok && r < n; r++) {
            xyLoc c = abs_region_center(a, s, r);
            AbsEdgeIter it, fit;
            AbsEdge e, fe;
            ok = abs_region_of(&fresh, g, loc, c.x, c.y) == r;
            abs_edges(a, s, r, &it);
            abs_edges(&fresh, s, r, &fit);
            bool more = true;
            while (ok && more) {
                more = abs_edge_next(a, &it, &e);
                ok = more == abs_edge_next(&fresh, &fit, &fe) &&
                     (!more || (e.dir == fe.dir && e.sector == fe.sector && e.region == fe.region));
            }
            if (!ok)
                err_set(err, "%s: sector %d region %d differs from the map (regions, center or edges)", file, s, r);
        }
        if (!ok && n != abs_region_count(&fresh, s))
            err_set(err, "%s: sector %d has %d regions, the map %d", file, s, n, abs_region_count(&fresh, s));
    }
    abs_free(&fresh);
    free(loc);
    return ok;
}

/* Loads the file into e; false (with the reason) when it must not be trusted. */
static bool load_file(MmEntry *e, const char *file, const char *options, Err *err)
{
    BinFile f;
    if (!bin_open(&f, file, options, err))
        return false;
    FILE *fp = f.fp;
    bool ok = abs_read(&f, &e->abs, &e->grid, err);
    if (ok && ((e->cfg.sector ? e->abs.S != e->cfg.sector : e->abs.S != 16 && e->abs.S != 8) ||
               e->abs.defaults_on != (bool)e->cfg.defaults || e->abs.centers_opt != (bool)e->cfg.centers ||
               e->abs.costs_on != (bool)e->cfg.costs))
        ok = err_set(err,
                     "%s: built with sector=%d defaults=%d centers=%s costs=%d, asked for sector=%d defaults=%d "
                     "centers=%s costs=%d",
                     file, e->abs.S, e->abs.defaults_on, MM_CENTER_MODES[e->abs.centers_opt], e->abs.costs_on,
                     e->cfg.sector, e->cfg.defaults, MM_CENTER_MODES[e->cfg.centers], e->cfg.costs);
    ok = ok && abs_matches_grid(&e->abs, &e->grid, file, err) && index_abs(e, err);
    if (ok) {
        uint32_t mode = bin_get_u32(&f);
        if (f.failed)
            ok = err_set(err, "%s: truncated file (no segment mode)", file);
        else if (mode != (uint32_t)e->cfg.segfile)
            ok = err_set(err, "%s: built with segfile=%s, asked for segfile=%s", file,
                         mode < 3 ? MM_SEG_MODES[mode] : "?", MM_SEG_MODES[e->cfg.segfile]);
        else if (mode)
            ok = e->have_segs = segs_read(&f, &e->segs, (LegMode)mode, &e->ix, &e->grid, err);
    }
    if (ok && fgetc(fp) != EOF)
        ok = err_set(err, "%s: trailing bytes after the data", file);
    fclose(fp);
    return ok;
}

/* The defaults on maps of corridors (refine/mapkind.h, mazes), for each
 * option not given:
 *  - near=0: the box A* and the guard do not pay there (a box floods every
 *    corridor in it);
 *  - jps=0: JPS tried first answered most queries of the embedded 256x256
 *    mazes at JPS's own cost (97 % on maze256-8-0), so mm was never faster
 *    than jps there;
 *  - hold=64: the walk into a dead end to reach a center and back out is
 *    unwound only while its cells are still in the window (16 held back let
 *    maze256-1-0 reach 4.6x optimal without JPS first; 64: 1.003; 128: 1.0);
 *  - joint=1, back=1: the cached legs are smoothed already and so is the
 *    window before the joint, so only the waypoints beside the joint are
 *    (smoothing from the anchor was two thirds of mm's time on the wider
 *    mazes). Numbers: results/reference/maze-window/. */
static void corridor_defaults(MmConfig *c)
{
    if (c->near_auto)
        c->refine.near = 0;
    if (c->jps_auto)
        c->refine.jps_cap = 0;
    if (c->hold_auto)
        c->refine.hold = 64;
    if (c->joint_auto)
        c->refine.joint = 1;
    if (c->back_auto)
        c->refine.back = 1;
}

/* refine=auto: refine/mapkind.h, map_wants_corridor. */
static bool use_corridor(const MmEntry *e)
{
    if (e->cfg.refine_mode != REFINE_AUTO)
        return e->cfg.refine_mode == REFINE_CORRIDOR;
    return map_wants_corridor(mm_map_kind(e));
}

static void *mm_prepare(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    MmEntry *e = new_entry(map, opts, err);
    if (!e)
        return NULL;
    char options[OPTS_TEXT_MAX];
    if (file ? !load_file(e, file, opts_canonical(opts, options, sizeof options), err) : !build_all(e, err)) {
        mm_destroy(e);
        return NULL;
    }
    e->cfg.refine.ahead = use_corridor(e) ? e->cfg.ahead : 0;
    /* On maps of scattered obstacles (random maps: scattered >= 0.017, dao at
     * most 0.0078, refine/mapkind.h) a capped JPS try that fails sends a short
     * query to the abstract route, whose worst paths there are long
     * (random512-40-3: subopt max 1.40 with cap 512, 1.74 with 256;
     * random512-15-1: 1.40, 1.61), so there the cap stays 512
     * (results/reference/issue17/ch/). */
    MapKind kind = mm_map_kind(e);
    if (e->cfg.jps_auto && kind.scattered > 0.01)
        e->cfg.refine.jps_cap = 512;
    if (map_of_corridors(kind))
        corridor_defaults(&e->cfg);
    if (e->cfg.smooth_auto && (!kind.diagonals || (map_of_corridors(kind) && !kind.wide)))
        e->cfg.refine.smooth = false; /* refine/mapkind.h: nothing (worth it) to cut */
    if ((e->cfg.labels && !abs_make_labels(&e->abs, &e->grid, err)) ||
        !edge_cache_init(&e->cache, (LegMode)e->cfg.cache, err) ||
        !refiner_init(&e->refiner, &e->cfg.refine, &e->grid, &e->ix, &e->as, &e->legs, &e->cache,
                      e->have_segs ? &e->segs : NULL, err)) {
        mm_destroy(e);
        return NULL;
    }
    e->passable = grid_count_passable(&e->grid);
    return e;
}

/* Puts the JPS copy back to the cells `was` before changes ch. Cannot run
 * out of memory: its open list already holds the map before ch. */
static void undo_jps(MmEntry *e, const CellChange *ch, const bool *was, int n)
{
    if (!e->legs.have_jps)
        return;
    for (int i = n; i-- > 0;) {
        CellChange back = {ch[i].x, ch[i].y, was[i]};
        Err unused;
        legs_update_jps(&e->legs, &back, 1, &unused);
    }
}

/* Paper §"Dynamic Maps": rebuild only the touched sectors (abstraction/
 * update.c), then keep the cached and precomputed legs that the leg store's
 * survival rule keeps (leg_survives, cache/leg.h), re-keyed to the new
 * region ids, and drop the others. */
static bool mm_update(void *inst, const CellChange *ch, int n, Err *err)
{
    MmEntry *e = inst;
    /* A leg search that falls back to the whole grid may hold every passable
     * cell in its open list. */
    if (!astar_reserve(&e->legs.astar, e->passable + changes_opening(ch, n), err))
        return false;
    /* The JPS copy of the map changes first (it only fails before changing
     * anything) and is put back below when the abstraction cannot follow. */
    if (!legs_update_jps(&e->legs, ch, n, err))
        return false;
    uint8_t *touched = calloc(e->abs.nsectors ? e->abs.nsectors : 1, 1);
    bool *was = malloc((size_t)(n ? n : 1) * sizeof *was);
    if (!touched || !was) {
        free(touched);
        free(was);
        return err_set(err, "mm: out of memory for an update");
    }
    int changed = 0, ntouched = 0;
    for (int i = 0; i < n; i++) {
        was[i] = grid_passable(&e->grid, ch[i].x, ch[i].y);
        if (was[i] == ch[i].passable)
            continue;
        e->passable += (size_t)grid_set_passable(&e->grid, ch[i].x, ch[i].y, ch[i].passable); /* -1 wraps */
        uint8_t *t = &touched[abs_sector_of(&e->abs, ch[i].x, ch[i].y)];
        ntouched += !*t;
        *t = 1;
        changed++;
    }
    /* The fresh abstraction is built beside the old one; the stores are
     * re-indexed from old to fresh; then fresh takes the old one's place. */
    Abstraction fresh = {0};
    AbsIndex fresh_ix = {0};
    AbsSearch fresh_as = {0};
    bool ok = changed == 0 ||
              (abs_update(&fresh, &e->abs, &e->grid, touched, err) && abs_index_init(&fresh_ix, &fresh, err) &&
               abs_search_init(&fresh_as, &fresh_ix, e->cfg.landmarks, l2_block(&e->cfg), e->cfg.ch, err));
    long segs = ok && changed && e->have_segs ? segs_remap(&e->segs, &e->ix, &fresh_ix, touched, err) : 0;
    if (segs < 0)
        ok = false;
    if (ok && changed) {
        e->cache_dropped += edge_cache_remap(&e->cache, &e->ix, &fresh_ix, touched);
        e->segs_dropped += (uint64_t)segs;
        abs_search_free(&e->as);
        abs_index_free(&e->ix);
        abs_free(&e->abs);
        /* Everything else points at e->abs, e->ix and e->as, which keep their addresses. */
        e->abs = fresh;
        e->ix = fresh_ix;
        e->ix.abs = &e->abs;
        e->as = fresh_as;
        e->as.ix = &e->ix;
        refiner_invalidate(&e->refiner);
        e->updates++;
        e->touched_sectors += (uint64_t)ntouched;
    } else if (changed) {
        abs_search_free(&fresh_as);
        abs_index_free(&fresh_ix);
        abs_free(&fresh);
    }
    if (!ok) { /* keep the map the abstraction describes */
        for (int i = n; i-- > 0;)
            e->passable += (size_t)grid_set_passable(&e->grid, ch[i].x, ch[i].y, was[i]);
        undo_jps(e, ch, was, n);
    }
    free(touched);
    free(was);
    return ok;
}

static bool mm_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    MmEntry *e = inst;
    return refiner_step(&e->refiner, s, g, path);
}

static void mm_counters(void *inst, Counters *out, bool detail)
{
    MmEntry *e = inst;
    const RefineStats *st = &e->refiner.stats;
    out->expanded = st->abs_expanded + st->refine_expanded;
    if (!detail)
        return;
    double q = st->queries ? (double)st->queries : 1.0;
    counters_add(out, "abs_bytes", (double)abs_bytes(&e->abs));
    counters_add(out, "sectors", e->abs.nsectors);
    counters_add(out, "regions", e->abs.nregions);
    counters_add(out, "edges", e->abs.nedges);
    counters_add(out, "detour", map_detour(&e->as));
    counters_add(out, "scattered", grid_scattered(&e->grid));
    counters_add(out, "corridors", map_of_corridors(mm_map_kind(e)));
    counters_add(out, "jps_cap", e->refiner.cfg.jps_cap);
    counters_add(out, "hold", e->refiner.cfg.hold);
    counters_add(out, "ahead", e->refiner.cfg.ahead);
    counters_add(out, "l2_nodes", e->as.l2.nnodes);
    counters_add(out, "l2_bytes", (double)l2_bytes(&e->as.l2));
    counters_add(out, "l2_kept_bytes", (double)l2_kept_bytes(&e->as.l2));
    counters_add(out, "ch_bytes", (double)abs_ch_kept_bytes(&e->as.ch));
    counters_add(out, "ch_shortcuts", e->as.ch.shortcuts);
    counters_add(out, "default_sectors", e->abs.ndefault);
    counters_add(out, "wide_sectors", e->abs.nwide);
    counters_add(out, "label_bytes", e->abs.labels ? (double)e->abs.width * e->abs.height : 0);
    counters_add(out, "abs_expanded_mean", (double)st->abs_expanded / q);
    counters_add(out, "refine_expanded_mean", (double)st->refine_expanded / q);
    counters_add(out, "refine_max_p95", refiner_max_p95(&e->refiner));
    counters_add(out, "legs_mean", (double)st->legs / q);
    counters_add(out, "center_legs", (double)st->center_legs);
    counters_add(out, "seg_hits", (double)st->seg_hits);
    counters_add(out, "seg_bytes", e->have_segs ? (double)segs_bytes(&e->segs) : 0);
    counters_add(out, "corridor_fallbacks", (double)e->legs.fallbacks);
    counters_add(out, "direct", (double)st->direct);
    counters_add(out, "guarded", (double)st->guarded);
    counters_add(out, "near", (double)e->refiner.stats.near);
    counters_add(out, "jps", (double)st->jps);
    counters_add(out, "jps_capped", (double)st->jps_capped);
    counters_add(out, "jps_skipped", (double)st->jps_skipped);
    counters_add(out, "jps_bytes", (double)legs_jps_bytes(&e->legs));
    counters_add(out, "loop_cut_cells", (double)e->refiner.win.cut);
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
    }
    counters_add(out, "search_bytes",
                 (double)(abs_index_bytes(&e->ix) + abs_search_bytes(&e->as) + legs_bytes(&e->legs) +
                          refiner_bytes(&e->refiner)));
    edge_cache_report(&e->cache, out);
}

const EdgeCache *mm_edge_cache(const void *inst) { return &((const MmEntry *)inst)->cache; }
const AbsIndex *mm_abs_index(const void *inst) { return &((const MmEntry *)inst)->ix; }
const AbsSearch *mm_abs_search(const void *inst) { return &((const MmEntry *)inst)->as; }

const Entry ENTRY_MM = {
    .name = "mm",
    .summary =
        "MM sector abstraction + DAO-1-level refinement "
        "(sector=,w=,n=,trim=,corridor=,smooth=,cache=,segfile=,small=,jps=,near=,far=,joint=,hold=,ends=,phases=)",
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
};
