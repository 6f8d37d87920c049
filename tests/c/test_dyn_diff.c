/* Issue 32: mm's updates against a rebuild from scratch. Random batches of
 * changes (cells blocked and opened, whole sectors, the map's edges, cells
 * under a query in progress) go through update(); after every batch the
 * live abstraction must equal a fresh build of the changed map byte for byte
 * (regions, edges, edge costs), the live regions' hierarchy, once
 * refreshed, must hold the query arcs a build from scratch gives
 * (abs_ch_verify) and give the same abstract distance as a fresh hierarchy for random
 * region pairs, and paths must be valid. GPPC_DYN_DIFF_ROUNDS (default 10) sets the batches
 * per map for a longer run; GPPC_DYN_DIFF_MAPS="MAP=SCEN,MAP=SCEN" replays
 * those maps too (mm with its defaults). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../abstraction/abstraction.h"
#include "../../abstraction/index.h"
#include "../../entries/mm/mm.h"
#include "../../grid/validate.h"
#include "test.h"

#define MAX_BATCH 512

static uint32_t rnd(uint64_t *s, uint32_t n)
{
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)((*s >> 33) % n);
}

/* One batch of kind `kind` into ch[]; returns its size. */
static int make_batch(const Grid *g, int S, int kind, uint64_t *s, CellChange *ch)
{
    int n = 0;
    switch (kind) {
    case 0: /* scattered cells, both ways */
        for (int i = 1 + (int)rnd(s, 24); i > 0; i--) {
            int x = (int)rnd(s, (uint32_t)g->width), y = (int)rnd(s, (uint32_t)g->height);
            ch[n++] = (CellChange){(int16_t)x, (int16_t)y, !grid_passable(g, x, y), 0};
        }
        break;
    case 1: { /* a whole sector (and a bit of the next), blocked or opened */
        int x0 = (int)rnd(s, (uint32_t)g->width), y0 = (int)rnd(s, (uint32_t)g->height);
        x0 -= x0 % S;
        y0 -= y0 % S;
        bool open = rnd(s, 2);
        for (int y = y0; y < y0 + S + 1 && y < g->height; y++)
            for (int x = x0; x < x0 + S + 1 && x < g->width && n < MAX_BATCH; x++)
                ch[n++] = (CellChange){(int16_t)x, (int16_t)y, open, 0};
        break;
    }
    case 2: /* cells on the map's edges and corners */
        for (int i = 1 + (int)rnd(s, 16); i > 0; i--) {
            int side = (int)rnd(s, 4), along = (int)rnd(s, (uint32_t)(side < 2 ? g->width : g->height));
            int x = side < 2 ? along : side == 2 ? 0 : g->width - 1;
            int y = side >= 2 ? along : side == 0 ? 0 : g->height - 1;
            ch[n++] = (CellChange){(int16_t)x, (int16_t)y, !grid_passable(g, x, y), 0};
        }
        ch[n++] = (CellChange){0, 0, !grid_passable(g, 0, 0), 0};
        ch[n++] = (CellChange){(int16_t)(g->width - 1), (int16_t)(g->height - 1),
                               !grid_passable(g, g->width - 1, g->height - 1), 0};
        break;
    default: /* a wall segment, a door closing */
        for (int i = 0, x = (int)rnd(s, (uint32_t)g->width), y = (int)rnd(s, (uint32_t)g->height), d = (int)rnd(s, 2);
             i < 2 * S && x < g->width && y < g->height; i++, d ? x++ : y++)
            ch[n++] = (CellChange){(int16_t)x, (int16_t)y, false, 0};
        break;
    }
    return n;
}

/* The batch's neighbours along a row changing alike joined into runs (as
 * the dynamic kit's binding passes them): mm marks the sectors a run
 * crosses a stretch at a time. Returns the runs' count. */
static int join_runs(CellChange *ch, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (k && change_extends(&ch[k - 1], ch[i]))
            ch[k - 1].more++;
        else
            ch[k++] = ch[i];
    return k;
}

/* The cost in cells of route las->path over the held edges (each step its
 * cheapest edge), or -1 where two regions in a row share no edge. */
static double held_route_cost(const RegionSearch *las)
{
    double units = 0;
    for (int i = 0; i + 1 < las->path_len; i++) {
        uint32_t r = las->path[i], best = UINT32_MAX;
        for (uint32_t j = las->refresh_first[r]; j < las->refresh_first[r + 1]; j++)
            if (las->refresh_edges[j].to == las->path[i + 1] && las->refresh_edges[j].cost < best)
                best = las->refresh_edges[j].cost;
        if (best == UINT32_MAX)
            return -1;
        units += best;
    }
    return units / ABS_COST_SCALE;
}

/* The edges region_search_flat gave, region by region, against a cursor
 * over the layout that looks every excess up: the same targets and costs.
 * The count of those that differ. */
static int flat_against_cursor(const RegionSearch *as, const uint32_t *first, const RegionAdj *flat)
{
    int bad = 0;
    for (uint32_t r = 0; r < as->ix->abs->nregions; r++) {
        AbsAdj c;
        AbsAdjEdge e;
        uint32_t i = first[r];
        for (abs_adj_begin(as->ix, NULL, r, true, &c); abs_adj_next(as->ix, &c, &e); i++)
            bad += i >= first[r + 1] || flat[i].to != e.to ||
                   flat[i].cost != region_edge_cost(as, abs_center(as->ix, r), &e);
        bad += i != first[r + 1];
    }
    return bad;
}

/* While the hierarchy awaits its refresh, the A* reads the refresh's held
 * edges (RegionSearch.refresh_edges) and lowers an open region's key in
 * place, with the landmarks' heuristic, where the A* reading the layout
 * pushes it again with the octile's: the order differs, so the routes may,
 * but not their worth. At weight 1
 * the same (least) cost; above, a route no dearer than the weight times
 * it; either way a route of edges that sum to the cost given. */
static int held_searches; /* searches check_held_routes compared */
static void check_held_routes(T *t, const char *map, int round, RegionSearch *las, const AbsIndex *ix, uint64_t *s)
{
    RegionSearch astar;
    Err err;
    if (!las->ch.dyn.pending || !ix->abs->nregions)
        return;
    if (!region_search_init(&astar, ix, false, NULL, &err)) {
        t_fail(t, __FILE__, __LINE__, "%s: %s", map, err.msg);
        return;
    }
    /* The change's own query reads the layout (hold_wait): these searches
     * come after it, the arrays and landmarks made by the first. */
    las->hold_wait = false;
    bool paid = las->ch.dyn.carried.paid; /* nor due at once (abs_ch_due): the A* answers */
    las->ch.dyn.carried.paid = false;
    (void)region_search_run(las, 0, 0, 1.0); /* weight 1: the pending hierarchy's path, which holds them */
    CHECKF(t, las->refresh_edges && las->refresh_marks, "%s round %d: no landmarks held beside the refresh's edges",
           map, round);
    uint64_t rent = las->ch.dyn.rent;
    int bad = 0;
    for (int i = 0; i < 60; i++) {
        uint32_t a = rnd(s, ix->abs->nregions), b = rnd(s, ix->abs->nregions);
        double w = i % 3 ? 1.0 : 1.5;
        las->ch.dyn.rent = 0; /* the refresh not due: the A* answers */
        double dl = region_search_run(las, a, b, w), da = region_search_run(&astar, a, b, 1.0);
        double sum = held_route_cost(las);
        bad += (dl < 0) != (da < 0) || (w == 1.0 && dl != da) || (da >= 0 && dl > w * da * (1 + 1e-9)) ||
               (dl >= 0 && (las->path[0] != a || las->path[las->path_len - 1] != b || sum < 0 ||
                            fabs(sum - dl) > 1e-6 * (1 + dl)));
        held_searches++;
    }
    las->ch.dyn.rent = rent;
    las->ch.dyn.carried.paid = paid;
    CHECKF(t, bad == 0, "%s round %d: %d of 60 routes over the held edges are worse than the layout's", map, round,
           bad);
    region_search_free(&astar);
}

/* The live abstraction and hierarchy against fresh ones built from the grid. */
static void check_against_rebuild(T *t, const char *map, int round, void *inst, const Grid *g, uint64_t *s)
{
    Err err;
    /* The batches since the last query that needed the abstraction, re-derived at once. */
    CHECKF(t, mm_sync(inst, &err), "%s round %d: %s", map, round, err.msg);
    const AbsIndex *live_ix = mm_abs_index(inst);
    const Abstraction *live = live_ix->abs;
    Abstraction fresh;
    AbsIndex fix;
    RegionSearch fas;
    if (!abs_build_centers(&fresh, g, live->S, live->defaults_on, live->centers_opt, live->costs_on, &err)) {
        t_fail(t, __FILE__, __LINE__, "%s: %s", map, err.msg);
        return;
    }
    char why[256];
    CHECKF(t, abs_same(live, &fresh, why, sizeof why), "%s round %d: update != rebuild: %s", map, round, why);
    RegionSearch *las = (RegionSearch *)mm_region_search(inst); /* queried only: the scratch is the search's own */
    bool ch = las->ch.n > 0; /* corridor steps' profiles build none (entries/mm/mm_entry.c) */
    if (abs_index_init(&fix, &fresh, &err) && region_search_init(&fas, &fix, ch, NULL, &err)) {
        /* The refreshed hierarchy against a customisation from
         * scratch on its own shape: every arc's costs, middles, distances. */
        /* The edges the search reads from the updated layout (ids, costs) as from a fresh one. */
        RegionAdj *flat = NULL, *fflat = NULL;
        uint32_t *first = NULL, *ffirst = NULL;
        CHECKF(t, region_search_flat(las, &first, &flat) && region_search_flat(&fas, &ffirst, &fflat),
               "%s round %d: out of memory", map, round);
        CHECKF(t,
               flat && fflat && fresh.nregions == live->nregions && fresh.nedges == live->nedges &&
                   !memcmp(first, ffirst, ((size_t)fresh.nregions + 1) * sizeof *first) &&
                   !memcmp(flat, fflat, (size_t)fresh.nedges * sizeof *flat) && las->local_bits == fas.local_bits,
               "%s round %d: the regions' edges differ from a fresh one's", map, round);
        CHECKF(t, !flat || flat_against_cursor(las, first, flat) == 0,
               "%s round %d: the edges' costs differ from the layout's", map, round);
        free(ffirst);
        free(fflat);
        check_held_routes(t, map, round, las, live_ix, s);
        do /* built again after the call that waits (AbsChDyn.piece) */
            CHECKF(t, region_search_refresh(las, &err), "%s", err.msg);
        while (las->ch.dyn.pending);
        AbsChEdges ge = {first, flat ? &flat[0].to : NULL, flat ? &flat[0].cost : NULL, sizeof *flat};
        uint32_t *sector = abs_region_sectors(live_ix);
        CHECKF(t, !ch || !flat || !sector || abs_ch_verify(&las->ch, &ge, sector, &err), "%s round %d: refresh: %s",
               map, round, err.msg);
        free(sector);
        free(first);
        free(flat);
        int bad = 0;
        for (int i = 0; i < 200 && fresh.nregions == live->nregions && fresh.nregions; i++) {
            uint32_t a = rnd(s, fresh.nregions), b = rnd(s, fresh.nregions);
            double dl = region_search_run(las, a, b, 1.0), df = region_search_run(&fas, a, b, 1.0);
            bad += dl != df;
        }
        CHECKF(t, bad == 0, "%s round %d: %d of 200 hierarchy distances differ from a fresh hierarchy", map, round,
               bad);
        region_search_free(&fas);
        abs_index_free(&fix);
    } else {
        t_fail(t, __FILE__, __LINE__, "%s: %s", map, err.msg);
    }
    abs_free(&fresh);
}

/* Is (x, y) on or beside a cell of p (a diagonal step also checks its
 * corner cells)? */
static bool near_path(const xyPath *p, int x, int y)
{
    for (size_t i = 0; i < p->len; i++)
        if (abs(p->cells[i].x - x) <= 1 && abs(p->cells[i].y - y) <= 1)
            return true;
    return false;
}

/* Starts a query, changes cells near the goal side of its route mid-way
 * (never beside a cell already handed out), finishes it: the path must be
 * valid on the changed map, or, when the change cut the goal off, the query
 * must still end. */
static void change_under_query(T *t, const Entry *e, void *inst, Loaded *l, uint64_t *s)
{
    const ScenQuery *q = &l->sc.q[rnd(s, (uint32_t)l->sc.count)];
    xyPath p = {0};
    if (e->get_path(inst, q->start, q->goal, &p)) {
        path_free(&p);
        return; /* answered in one call: nothing in progress */
    }
    CellChange ch[16];
    int n = 0;
    for (int i = 0; i < 16; i++) {
        int x = q->goal.x + (int)rnd(s, 9) - 4 - (q->goal.x - q->start.x) / 3;
        int y = q->goal.y + (int)rnd(s, 9) - 4 - (q->goal.y - q->start.y) / 3;
        if (x >= 0 && y >= 0 && x < l->g.width && y < l->g.height && (x != q->goal.x || y != q->goal.y) &&
            !near_path(&p, x, y))
            ch[n++] = (CellChange){(int16_t)x, (int16_t)y, !grid_passable(&l->g, x, y), 0};
    }
    change_cells(t, e, inst, l, ch, n);
    int calls = 0;
    bool done = false;
    while (!(done = e->get_path(inst, q->start, q->goal, &p)) && ++calls < 100000) {
    }
    CHECKF(t, done, "a query across an update did not end in %d calls", calls);
    int *comp = grid_components(&l->g);
    if (comp && done) {
        int cs = comp[grid_index(&l->g, q->start.x, q->start.y)], cg = comp[grid_index(&l->g, q->goal.x, q->goal.y)];
        double len;
        char why[200] = "";
        CHECKF(t, cs != cg || path_validate(&l->g, q->start, q->goal, p.cells, p.len, &len, why, sizeof why),
               "path across an update: %s", why);
    }
    free(comp);
    path_free(&p);
}

static void replay_map(T *t, const char *map, const char *scen, const char *spec, int rounds, uint64_t seed)
{
    Loaded l;
    if (scen ? !load_paths(t, map, scen, &l) : !load_named(t, map, &l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, spec, &l, &e);
    if (!inst) {
        unload(&l);
        return;
    }
    CellChange *ch = malloc(MAX_BATCH * sizeof *ch);
    int S = mm_abs_index(inst)->abs->S;
    for (int round = 0; ch && round < rounds; round++) {
        int kind = round % 5;
        if (kind == 4) {
            change_under_query(t, e, inst, &l, &seed);
        } else {
            int n = make_batch(&l.g, S, kind, &seed, ch);
            change_cells(t, e, inst, &l, ch, round % 2 ? join_runs(ch, n) : n);
        }
        /* Every third batch is left pending (no check, no query), so the
         * next check re-derives two batches at once. */
        if (round % 3 == 1)
            continue;
        check_against_rebuild(t, map, round, inst, &l.g, &seed);
        int ran = 0, bad = replay_valid(t, e, inst, &l, round % 7, 97, &ran);
        CHECKF(t, bad == 0, "%s round %d: %d of %d paths invalid", map, round, bad, ran);
    }
    free(ch);
    e->destroy(inst);
    unload(&l);
}

static void test_dyn_diff_replay(T *t)
{
    const char *env = getenv("GPPC_DYN_DIFF_ROUNDS");
    int rounds = env ? atoi(env) : 10;
    if (rounds < 1)
        rounds = 1;
    held_searches = 0;
    replay_map(t, "rooms/16room256-0", NULL, "mm", rounds, 11);
    replay_map(t, "mazes/maze256-4-0", NULL, "mm", rounds, 12);
    /* refine=centers: the hierarchy of a random map (corridor steps build none) */
    replay_map(t, "random/random256-20-0", NULL, "mm:sector=8,refine=centers", rounds, 13);
    replay_map(t, "random/random256-30-0", NULL, "mm", rounds, 14);
    const char *more = getenv("GPPC_DYN_DIFF_MAPS");
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", more ? more : "");
    uint64_t seed = 14;
    for (char *save = NULL, *pair = strtok_r(buf, ",", &save); pair; pair = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(pair, '=');
        if (!eq) {
            t_fail(t, __FILE__, __LINE__, "GPPC_DYN_DIFF_MAPS: '%s' is not MAP=SCEN", pair);
            continue;
        }
        *eq = 0;
        replay_map(t, pair, eq + 1, "mm", rounds, seed++);
    }
    CHECKF(t, held_searches > 0, "no A* read the refresh's held edges: they went untested");
}

/* Batches that no query needs pile up, with no bound (40 batches, 40
 * marked sectors on a map of 256): update() never re-derives them; the
 * first call that needs the abstraction (here mm_sync) re-derives all 40 at
 * once, and the abstraction is then a rebuild's. (S 16 given: this map's
 * profile builds at 8.) */
static void test_dyn_diff_backlog(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/16room256-0", &l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, "mm:sector=16", &l, &e);
    if (!inst) {
        unload(&l);
        return;
    }
    uint64_t seed = 21;
    int S = mm_abs_index(inst)->abs->S, sw = (l.g.width + S - 1) / S;
    Err err;
    /* One cell a batch, each in a sector of its own, along the sectors' diagonal and beyond. */
    for (int i = 0; i < 40; i++) {
        int sec = (i * 7) % 256, x = sec % sw * S + (int)rnd(&seed, (uint32_t)S),
            y = sec / sw * S + (int)rnd(&seed, (uint32_t)S);
        CellChange ch = {(int16_t)x, (int16_t)y, !grid_passable(&l.g, x, y), 0};
        CHECKF(t, e->update(inst, &ch, 1, &err), "%s", err.msg);
        grid_set_passable(&l.g, x, y, ch.passable);
        double done = entry_counter(e, inst, "rederivations");
        CHECKF(t, done == 0, "after %d batches: %g re-derivations, expected none", i + 1, done);
    }
    CHECK(t, entry_counter(e, inst, "updates_pending_at_end") == 40);
    check_against_rebuild(t, "rooms/16room256-0 backlog", 40, inst, &l.g, &seed);
    CHECK(t, entry_counter(e, inst, "rederivations") == 1 && entry_counter(e, inst, "rederive_batches_mean") == 40);
    int ran = 0, bad = replay_valid(t, e, inst, &l, 0, 7, &ran);
    CHECKF(t, bad == 0, "backlog: %d of %d paths invalid", bad, ran);
    e->destroy(inst);
    unload(&l);
}

/* A DAO map of the benchmark (skipped without it): default sectors beside
 * walls, whose diagonal edges the layout stores no cost for, and long runs
 * of updates between re-customisations. */
static void test_dyn_diff_dao(T *t)
{
    const char *dir = bench_dir(t);
    if (!dir)
        return;
    char map[PATH_MAX], scen[PATH_MAX];
    map_scen_paths(dir, "dao/arena2", map, scen, sizeof map);
    replay_map(t, map, scen, "mm", 8, 14);
}

const TestCase DYN_DIFF_TESTS[] = {
    {"dyn_diff_replay", test_dyn_diff_replay},
    {"dyn_diff_dao", test_dyn_diff_dao},
    {"dyn_diff_backlog", test_dyn_diff_backlog},
    {NULL, NULL},
};
