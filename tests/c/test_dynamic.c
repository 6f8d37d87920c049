/* Issue 8: the entries across a map change (mm's cache invalidation, a query
 * in progress, the baselines' updates), mm's per-call time budget and
 * optimised centers. The abstraction's own update: test_dyn_abs.c. */
#include <stdlib.h>
#include <string.h>

#include "../../entries/mm/mm.h"
#include "../../grid/validate.h"
#include "../../search/astar.h"
#include "test.h"

/* Crops for centers=opt (load_crop): a few rooms, sectors cut at two edges. */
enum { CROP_W = 100, CROP_H = 90 };

/* The cells of cache slot i's leg, canonical: from the lower region's center. */
static void cached_leg(const void *inst, uint32_t i, xyPath *out)
{
    const EdgeCache *c = mm_edge_cache(inst);
    uint32_t a = 0, b = 0, at = 0;
    edge_cache_slot(c, i, &a, &b, &at, NULL);
    const AbsIndex *ix = mm_abs_index(inst);
    xyLoc from = abs_center(ix, leg_first(a, b));
    out->len = 0;
    path_push(out, from);
    leg_decode(c->legs.p, at, from, abs_center(ix, a < b ? b : a), out);
}

/* How many cached legs step on or cut past one of the cells? */
static int legs_touching(const void *inst, const CellChange *ch, int n)
{
    const EdgeCache *c = mm_edge_cache(inst);
    xyPath leg = {0};
    int hits = 0;
    for (uint32_t i = 0; i < edge_cache_slots(c); i++) {
        if (!edge_cache_slot(c, i, NULL, NULL, NULL, NULL))
            continue;
        cached_leg(inst, i, &leg);
        bool touches = false;
        for (size_t k = 0; k < leg.len && !touches; k++) {
            xyLoc cur = leg.cells[k], prev = leg.cells[k ? k - 1 : 0];
            for (int j = 0; j < n; j++)
                touches |=
                    (cur.x == ch[j].x && cur.y == ch[j].y) ||
                    (k > 0 && ((prev.x == ch[j].x && cur.y == ch[j].y) || (cur.x == ch[j].x && prev.y == ch[j].y)));
        }
        hits += touches;
    }
    path_free(&leg);
    return hits;
}

static void check_mm_update(T *t, const char *spec)
{
    Loaded l;
    bool opt = strstr(spec, "centers=opt") != NULL; /* its preprocessing on a crop (test_dyn_centers_opt_file) */
    if (!(opt ? load_crop(t, "rooms/16room256-0", CROP_W, CROP_H, 800, &l) : load_named(t, "rooms/16room256-0", &l)))
        return;
    const Entry *e;
    EntryOpts opts;
    Err err;
    CHECK(t, entry_parse_spec(spec, &e, &opts, &err));
    char file[256];
    snprintf(file, sizeof file, "%s/dyn.pre", temp_dir());
    CHECKF(t, entry_preprocess(e, &l.g, file, &opts, &err), "%s", err.msg);
    void *inst = e->prepare(&l.g, file, &opts, &err);
    CHECK(t, inst != NULL);
    if (!inst) {
        unload(&l);
        return;
    }
    uint64_t seed = 5;
    /* Every query, sanitized too: the cache must hold legs for the rounds to cross. */
    CHECK(t, replay_valid(t, e, inst, &l, 0, 1, NULL) == 0);
    for (int round = 0; round < 3; round++) {
        /* Block cells on cached legs (so some legs must go) and toggle a few random ones. */
        CellChange ch[12];
        int n = 0;
        const EdgeCache *c = mm_edge_cache(inst);
        xyPath leg = {0};
        /* The cached legs of five cells or more, six of them spread over the cache. */
        uint32_t *used = malloc((edge_cache_slots(c) + 1) * sizeof *used), nused = 0;
        for (uint32_t i = 0; used && i < edge_cache_slots(c); i++)
            if (edge_cache_slot(c, i, NULL, NULL, NULL, NULL) && (cached_leg(inst, i, &leg), leg.len >= 5))
                used[nused++] = i;
        uint32_t step = nused / 6 + 1;
        for (uint32_t k = nused ? (uint32_t)(t_rng(&seed) % step) : 0; k < nused && n < 6; k += step) {
            cached_leg(inst, used[k], &leg);
            xyLoc mid = leg.cells[(leg.len - 1) / 2];
            ch[n++] = (CellChange){mid.x, mid.y, false, 0};
        }
        free(used);
        path_free(&leg);
        while (n < 12) {
            int x = (int)(t_rng(&seed) % (uint64_t)l.g.width), y = (int)(t_rng(&seed) % (uint64_t)l.g.height);
            ch[n++] = (CellChange){(int16_t)x, (int16_t)y, !grid_passable(&l.g, x, y), 0};
        }
        bool cache_on = !strstr(spec, "cache=off");
        int before = legs_touching(inst, ch, n);
        CHECKF(t, !cache_on || before > 0, "%s round %d: no cached leg crossed the chosen cells", spec, round);
        CHECKF(t, e->update(inst, ch, n, &err), "%s: %s", spec, err.msg);
        for (int i = 0; i < n; i++)
            grid_set_passable(&l.g, ch[i].x, ch[i].y, ch[i].passable);
        CHECKF(t, mm_sync(inst, &err), "%s: %s", spec, err.msg); /* the stores are re-indexed when the abstraction is */
        CHECKF(t, legs_touching(inst, ch, n) == 0, "%s round %d: %d cached legs still cross a changed cell", spec,
               round, legs_touching(inst, ch, n));
        CHECKF(t, replay_valid(t, e, inst, &l, 0, t_thin(6), NULL) == 0, "%s round %d", spec, round);
    }
    e->destroy(inst);
    unload(&l);
}

static void test_dyn_mm_update_drops_crossing_legs(T *t)
{
    const char *specs[] = {"mm", "mm:cache=nosym", "mm:segfile=sym", "mm:cache=off,segfile=nosym",
                           "mm:centers=opt,jps=0,small=0,near=0,direct=0"};
    for (int i = 0; i < 5; i++)
        check_mm_update(t, specs[i]);
}

/* A query in progress when the map changes goes on from where it stands. */
static void test_dyn_update_mid_query(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/8room256-0", &l))
        return;
    const Entry *e;
    EntryOpts opts;
    Err err;
    CHECK(t, entry_parse_spec("mm:n=1", &e, &opts, &err));
    char said[512];
    void *inst = prepare_capturing(e, &l.g, "/nonexistent/none.pre", &opts, said, sizeof said);
    CHECK(t, inst != NULL);
    CHECKF(t, contains(said, "rebuilding in memory"), "prepare without a file said: %s", said);
    if (!inst) {
        unload(&l);
        return;
    }
    /* The longest query of the scenario, so it takes many calls. */
    const ScenQuery *q = &l.sc.q[0];
    for (int i = 0; i < l.sc.count; i++)
        if (l.sc.q[i].optimal > q->optimal)
            q = &l.sc.q[i];
    xyPath p = {0}, opt = {0};
    CHECK(t, !e->get_path(inst, q->start, q->goal, &p));
    /* Block a cell of the optimal path well past what was emitted, keeping the goal open. */
    AStar a;
    CHECK(t, astar_init(&a, &l.g, &err));
    astar_find(&a, q->start, q->goal, NULL, &opt);
    xyLoc block = opt.cells[opt.len * 2 / 3];
    CellChange ch = {block.x, block.y, false, 0};
    CHECK(t, e->update(inst, &ch, 1, &err));
    grid_set_passable(&l.g, block.x, block.y, false);
    int calls = 0;
    while (!e->get_path(inst, q->start, q->goal, &p) && calls < 100000)
        calls++;
    double len;
    char why[200];
    bool reachable = astar_distance(&a, q->start, q->goal, NULL) >= 0;
    CHECKF(t, !reachable || path_validate(&l.g, q->start, q->goal, p.cells, p.len, &len, why, sizeof why),
           "path across an update: %s", why);
    astar_free(&a);
    path_free(&p);
    path_free(&opt);
    e->destroy(inst);
    unload(&l);
}

/* A small-map instance whose JPS gave its turn bits back as its node state
 * grew (arena2, in its first queries: search/jps.h turns_room) takes them
 * again at the map's first change and keeps them, as the default profile's
 * JPS takes them there (refine/routes.h routes_enable_turns): from then on
 * its JPS answers every query, each diagonal step scanned without them;
 * the queries after the change stay valid (benchmark map; skipped without
 * it). */
static void test_dyn_small_map_takes_turns(T *t)
{
    Loaded l;
    if (!load_bench(t, "dao/arena2", &l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, "mm", &l, &e);
    xyPath p = {0};
    for (int i = 0; inst && i < l.sc.count; i += t_thin(1))
        run_query(t, e, inst, &l.sc.q[i], &p);
    if (inst) {
        uint64_t seed = 31;
        flip_random_cells(t, e, inst, &l, 8, &seed);
        int replayed = 0;
        CHECK(t, replay_valid(t, e, inst, &l, 0, t_thin(7), &replayed) == 0 && replayed > 0);
        double turns = entry_counter(e, inst, "jps_turn_bytes");
        CHECKF(t, turns > 0, "arena2 after a change: jps_turn_bytes %.0f", turns);
        e->destroy(inst);
    }
    path_free(&p);
    unload(&l);
}

/* budget_us: a huge budget finishes in one call; a tiny one refines one leg per call. */
static void test_dyn_budget(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/8room256-0", &l))
        return;
    const char *specs[] = {"mm:budget_us=10000000,work=0", "mm:budget_us=1,work=0",
                           "mm:n=1,work=0"}; /* no work bound: the legs decide */
    int calls[3] = {0};
    for (int s = 0; s < 3; s++) {
        const Entry *e;
        EntryOpts opts;
        Err err;
        CHECK(t, entry_parse_spec(specs[s], &e, &opts, &err));
        char said[512];
        void *inst = prepare_capturing(e, &l.g, "/nonexistent/none.pre", &opts, said, sizeof said);
        CHECKF(t, contains(said, "rebuilding in memory"), "prepare without a file said: %s", said);
        if (!inst)
            continue;
        xyPath p = {0};
        for (int i = 0; i < l.sc.count; i += 10) {
            p.len = 0;
            calls[s] += run_query(t, e, inst, &l.sc.q[i], &p);
        }
        path_free(&p);
        e->destroy(inst);
    }
    int queries = (l.sc.count + 9) / 10;
    CHECKF(t, calls[0] == queries, "budget 10 s: %d calls for %d queries", calls[0], queries);
    /* After 1 µs a call stops at the next leg boundary: never more calls than
     * n=1 (cache hits can fit several legs in 1 µs), and queries split up. */
    CHECKF(t, calls[1] <= calls[2] && calls[1] > queries, "budget 1 µs: %d calls, n=1: %d, queries %d", calls[1],
           calls[2], queries);
    CHECK(t, calls[2] > 2 * queries);
    const Entry *e;
    EntryOpts opts;
    Err err;
    CHECK(t, !entry_parse_spec("mm:n=2,budget_us=5", &e, &opts, &err) && contains(err.msg, "budget_us"));
    CHECK(t, !entry_parse_spec("mm:budget_us=-1", &e, &opts, &err));
    unload(&l);
}

/* centers=opt: stored in the file, rejected under centers=plain, valid
 * abstraction and paths. On a crop of a rooms map: the optimiser's time
 * grows with the map (a whole 256x256 one is most of make test's mm time). */
static void test_dyn_centers_opt_file(T *t)
{
    Loaded l;
    if (!load_crop(t, "rooms/8room256-0", CROP_W, CROP_H, 300, &l))
        return;
    Err err;
    char file[256];
    snprintf(file, sizeof file, "%s/opt.pre", temp_dir());
    const Entry *e;
    EntryOpts o_opt, o_plain;
    CHECK(t, entry_parse_spec("mm:centers=opt", &e, &o_opt, &err) &&
                 entry_parse_spec("mm:centers=plain", &e, &o_plain, &err));
    CHECK(t, entry_preprocess(e, &l.g, file, &o_opt, &err));
    char msg[1024];
    void *inst = prepare_capturing(e, &l.g, file, &o_plain, msg, sizeof msg);
    CHECKF(t, inst && contains(msg, "centers=opt"), "stderr: %s", msg);
    if (inst)
        e->destroy(inst);
    inst = prepare_capturing(e, &l.g, file, &o_opt, msg, sizeof msg);
    CHECKF(t, inst && msg[0] == '\0', "stderr: %s", msg);
    if (inst) {
        /* The file's abstraction: valid, the plain one's regions and edges, centers moved. */
        const Abstraction *opt = mm_abs_index(inst)->abs;
        Abstraction plain;
        CHECKF(t, abs_validate(opt, &l.g, &err), "%s", err.msg);
        bool built = opt->centers_opt && abs_build_centers(&plain, &l.g, opt->S, opt->defaults_on, false, false, &err);
        CHECKF(t, built, "centers_opt %d: %s", opt->centers_opt, opt->centers_opt ? err.msg : "not set");
        if (built) {
            CHECK(t, opt->nregions == plain.nregions && opt->nedges == plain.nedges);
            int moved = 0;
            for (uint32_t s = 0; s < opt->nsectors; s++)
                for (int r = 0; r < abs_region_count(opt, (int)s); r++) {
                    xyLoc a = abs_region_center(&plain, (int)s, r), b = abs_region_center(opt, (int)s, r);
                    moved += a.x != b.x || a.y != b.y;
                }
            CHECKF(t, moved > 0, "no center moved on a rooms map");
            abs_free(&plain);
        }
        CHECK(t, replay_valid(t, e, inst, &l, 0, t_thin(1), NULL) == 0);
        e->destroy(inst);
    }
    unload(&l);
}

/* astar, jps and mm update their map in place: after each batch every path is
 * valid on the changed map and (astar, jps, and mm answering every query by
 * its JPS) exactly as long as a fresh A*'s.
 * The batches open thousands of cells, so astar's and jps's open lists,
 * sized to the passable cells at prepare time, must grow (seen in
 * search_bytes). mm holds no list sized to the map (its A* takes pages of
 * the sectors it searches, its JPS slots for the nodes it reaches). */
static void test_dyn_baselines_update(T *t)
{
    Loaded l;
    if (!load_named(t, "mazes/maze256-2-0", &l))
        return;
    const char *specs[] = {"astar", "jps", "mm:near=4096,jps=100000000", "mm"};
    enum { NSPECS = sizeof specs / sizeof *specs, NOPTIMAL = 3 };
    Grid original;
    Err err;
    CHECK(t, grid_copy(&original, &l.g, &err));
    for (int k = 0; k < NSPECS; k++) {
        const Entry *e;
        EntryOpts opts;
        CHECK(t, entry_parse_spec(specs[k], &e, &opts, &err));
        CHECK(t, e->update != NULL);
        char file[256];
        snprintf(file, sizeof file, "%s/dynb.pre", temp_dir());
        memcpy(l.g.cells, original.cells, (size_t)(original.height + 2) * original.stride);
        CHECKF(t, entry_preprocess(e, &l.g, file, &opts, &err), "%s", err.msg);
        void *inst = e->prepare(&l.g, file, &opts, &err);
        AStar ref;
        CHECK(t, inst && astar_init(&ref, &l.g, &err));
        if (!inst)
            continue;
        bool sized_to_map = strncmp(specs[k], "mm", 2) != 0;
        double bytes_before = entry_counter(e, inst, "search_bytes");
        size_t passable_before = grid_count_passable(&l.g);
        uint64_t seed = 11 + (uint64_t)k;
        xyPath p = {0};
        for (int round = 0; round < 3; round++) {
            CellChange ch[2000];
            int n = 0;
            while (n < 2000) { /* mostly openings; every 8th a random toggle */
                int x = (int)(t_rng(&seed) % (uint64_t)l.g.width), y = (int)(t_rng(&seed) % (uint64_t)l.g.height);
                bool open = n % 8 ? true : !grid_passable(&l.g, x, y);
                ch[n++] = (CellChange){(int16_t)x, (int16_t)y, open, 0};
            }
            CHECKF(t, e->update(inst, ch, n, &err), "%s: %s", specs[k], err.msg);
            size_t opening = changes_opening(ch, n);
            CHECK(t, astar_reserve(&ref, grid_count_passable(&l.g) + opening, &err));
            for (int i = 0; i < n; i++)
                grid_set_passable(&l.g, ch[i].x, ch[i].y, ch[i].passable);
            int bad = 0;
            for (int i = round; i < l.sc.count && bad < 3; i += t_thin(7)) {
                const ScenQuery *q = &l.sc.q[i];
                double best = grid_passable(&l.g, q->start.x, q->start.y) && grid_passable(&l.g, q->goal.x, q->goal.y)
                                  ? astar_distance(&ref, q->start, q->goal, NULL)
                                  : -1;
                if (best < 0)
                    continue;
                p.len = 0;
                run_query(t, e, inst, q, &p);
                double len;
                char why[200];
                bool ok = path_validate(&l.g, q->start, q->goal, p.cells, p.len, &len, why, sizeof why);
                if (ok && k < NOPTIMAL && len > best + 1e-6)
                    snprintf(why, sizeof why, "length %.6f, optimum %.6f", len, best), ok = false;
                if (!ok && bad++ < 3)
                    t_fail(t, __FILE__, __LINE__, "%s round %d query %d: %s", specs[k], round, i, why);
            }
        }
        CHECKF(t, grid_count_passable(&l.g) > passable_before + 1000, "%s: the batches opened too few cells", specs[k]);
        if (k < NOPTIMAL && sized_to_map)
            CHECKF(t, entry_counter(e, inst, "search_bytes") > bytes_before,
                   "%s: open list did not grow (%.0f -> %.0f)", specs[k], bytes_before,
                   entry_counter(e, inst, "search_bytes"));
        path_free(&p);
        astar_free(&ref);
        e->destroy(inst);
    }
    memcpy(l.g.cells, original.cells, (size_t)(original.height + 2) * original.stride);
    grid_free(&original);
    unload(&l);
}

/* The query, call by call: how many of its calls ran a piece of the
 * re-derivation, how many of those (but its last) handed out no cell, and
 * the most pieces one call ran. */
static void run_counting_pieces(const Entry *e, void *inst, const ScenQuery *q, xyPath *p, int *with_piece, int *idle,
                                int *most)
{
    *with_piece = *idle = *most = 0;
    double pieces = entry_counter(e, inst, "rederive_pieces");
    bool done = false;
    for (int calls = 0; !done && calls < 100000; calls++) {
        size_t before = p->len;
        done = e->get_path(inst, q->start, q->goal, p);
        double now = entry_counter(e, inst, "rederive_pieces");
        if (now > pieces) {
            (*with_piece)++;
            *most = now - pieces > *most ? (int)(now - pieces) : *most;
            *idle += !done && p->len == before;
        }
        pieces = now;
    }
}

/* A map change's re-derivation runs a piece a call (abs_update_run: the
 * ring, its edge costs, the packing), never two in one call, and the query
 * that waits for it moves in each of those calls (refine/refiner_wait.c) once its ends are
 * known connected (here by the abstraction before the change, around the
 * changed sector, or from the start led out of its changed sector on the
 * map first, in the change's first call too): a host that joins calls
 * handing out nothing (the dynamic track) then sees no step as long as the
 * whole re-derivation. A query with
 * no path must get an empty one: across a wall it hands out nothing, and
 * ends, empty, once the update's new regions show the wall, before the
 * re-derivation's last piece. */
static void test_dyn_wait_moves_only_when_connected(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/8room256-0", &l))
        return;
    /* The longest query whose ends are at least two rooms apart across. */
    const ScenQuery *q = NULL;
    for (int i = 0; i < l.sc.count; i++) {
        const ScenQuery *c = &l.sc.q[i];
        if (abs(c->goal.x - c->start.x) >= 96 && (!q || c->optimal > q->optimal))
            q = c;
    }
    CHECK(t, q != NULL);
    for (int part = 0; q && part < 3; part++) {
        const Entry *e;
        void *inst = prepare_spec(t, "mm:jps=0", &l, &e);
        if (!inst)
            break;
        const Abstraction *a = mm_abs_index(inst)->abs;
        CellChange ch[256];
        int n = 0;
        if (part == 0) { /* a few cells of the sector farthest from both ends */
            int best = -1, far = -1;
            for (int s = 0; s < (int)a->nsectors; s++) {
                int cx = abs_sector_x0(a, s) + a->S / 2, cy = abs_sector_y0(a, s) + a->S / 2;
                int ds = abs(cx - q->start.x) + abs(cy - q->start.y), dg = abs(cx - q->goal.x) + abs(cy - q->goal.y);
                int d = ds < dg ? ds : dg;
                if (d > far) {
                    far = d;
                    best = s;
                }
            }
            for (int y = abs_sector_y0(a, best); y < abs_sector_y0(a, best) + a->S && n < 4; y++)
                for (int x = abs_sector_x0(a, best); x < abs_sector_x0(a, best) + a->S && n < 4; x++)
                    if (grid_passable(&l.g, x, y))
                        ch[n++] = (CellChange){(int16_t)x, (int16_t)y, false, 0};
        } else if (part == 2) { /* two lone blocks in the start's sector: its cells at least two from s
                                   * and from each other, every neighbour open (no way is cut) */
            int s = abs_sector_of(a, q->start.x, q->start.y);
            for (int y = abs_sector_y0(a, s); y < abs_sector_y0(a, s) + a->S && y < l.g.height && n < 2; y++)
                for (int x = abs_sector_x0(a, s); x < abs_sector_x0(a, s) + a->S && x < l.g.width && n < 2; x++) {
                    bool lone = abs(x - q->start.x) >= 2 || abs(y - q->start.y) >= 2;
                    for (int k = 0; k < n; k++)
                        lone = lone && (abs(x - ch[k].x) >= 2 || abs(y - ch[k].y) >= 2);
                    for (int dy = -1; dy <= 1; dy++)
                        for (int dx = -1; dx <= 1; dx++)
                            lone = lone && grid_passable(&l.g, x + dx, y + dy);
                    if (lone)
                        ch[n++] = (CellChange){(int16_t)x, (int16_t)y, false, 0};
                }
            CHECK(t, n == 2);
        } else { /* a wall down the whole map between the ends: no path */
            int x = (q->start.x + q->goal.x) / 2;
            for (int y = 0; y < l.g.height && n < 256; y++)
                if (grid_passable(&l.g, x, y))
                    ch[n++] = (CellChange){(int16_t)x, (int16_t)y, false, 0};
        }
        change_cells(t, e, inst, &l, ch, n);
        xyPath p = {0};
        /* The change's first call runs no piece: a query whose start lies in
         * a changed sector is led out of it on the map before the walk, and
         * moves in that call. */
        bool first_moved = !e->get_path(inst, q->start, q->goal, &p) && p.len >= 2;
        CHECKF(t, part == 1 || first_moved, "part %d: the first call after the change handed out %zu cells", part,
               p.len);
        int with_piece, idle, most;
        run_counting_pieces(e, inst, q, &p, &with_piece, &idle, &most);
        double shown = entry_counter(e, inst, "wait_connected"), none = entry_counter(e, inst, "wait_no_path"),
               moves = entry_counter(e, inst, "wait_moves");
        if (part != 1) {
            double len;
            char why[200];
            CHECKF(t, path_validate(&l.g, q->start, q->goal, p.cells, p.len, &len, why, sizeof why), "%s", why);
            CHECKF(t, most == 1 && entry_counter(e, inst, "rederivations") == 1, "%d pieces in one call", most);
            CHECKF(t, shown == 1 && with_piece >= 3 && idle == 0 && moves >= 2,
                   "a change away from the ends: shown %.0f, %d calls with a piece, %d of them idle, %.0f moves", shown,
                   with_piece, idle, moves);
        } else {
            /* known with the update's new regions, before its last piece */
            double rederived = entry_counter(e, inst, "rederivations");
            CHECKF(t, p.len == 0 && shown == 0 && moves == 0 && none == 1 && rederived == 0,
                   "a wall between the ends: %zu cells out, connected %.0f, no path %.0f, %.0f moves, %.0f "
                   "re-derivations done",
                   p.len, shown, none, moves, rederived);
        }
        path_free(&p);
        e->destroy(inst);
        for (int i = 0; i < n; i++) /* the map as it was (each cell changed was open), for the next part */
            grid_set_passable(&l.g, ch[i].x, ch[i].y, true);
    }
    unload(&l);
}

/* While the hierarchy awaits its refresh, the region search's A* is guided
 * by landmarks whose whole searches run one a call of their own
 * (region_search_prepare, asked by mm's RefinerAbsReady): all five in one
 * call were a dynamic rooms map's longest calls, and one beside an A* made
 * a call twice as long, as did the held arrays' making beside the first.
 * After a change (re-derived at once, mm_sync), a call runs at most one,
 * neither a region A* nor the arrays' making beside it, and moves the
 * query a cell; they all run in time, and the paths stay valid. */
static void test_dyn_landmarks_one_a_call(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/16room256-0", &l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, "mm:jps=0", &l, &e);
    if (!inst) {
        unload(&l);
        return;
    }
    uint64_t seed = 58;
    flip_random_cells(t, e, inst, &l, 16, &seed);
    Err err;
    CHECKF(t, mm_sync(inst, &err), "%s", err.msg);
    const RegionSearch *as = mm_region_search(inst);
    int *comp = grid_components(&l.g);
    xyPath p = {0};
    uint32_t most = 0, seen = as->marks_done, run = 0; /* run: the most done at once (a refresh lets them go) */
    int bad = 0, beside = 0, idle = 0;
    for (int i = 0; i < l.sc.count && comp; i++) {
        const ScenQuery *q = &l.sc.q[i];
        p.len = 0;
        for (bool done = false; !done;) {
            uint64_t searched = as->expanded;
            size_t had = p.len;
            bool held = as->refresh_edges != NULL;
            done = e->get_path(inst, q->start, q->goal, &p);
            uint32_t now = as->refresh_marks ? as->marks_done : 0;
            if (now > seen) {
                beside += as->expanded != searched || !held;
                idle += !done && p.len == had;
            }
            most = now > seen && now - seen > most ? now - seen : most;
            seen = now;
            run = now > run ? now : run;
        }
        int cs = comp[grid_index(&l.g, q->start.x, q->start.y)], cg = comp[grid_index(&l.g, q->goal.x, q->goal.y)];
        double len;
        char why[160];
        bad += cs && cs == cg && !path_validate(&l.g, q->start, q->goal, p.cells, p.len, &len, why, sizeof why);
    }
    CHECKF(t, most == 1 && run == REGION_LANDMARKS + 1 && beside == 0 && idle == 0 && bad == 0,
           "at most %u landmark searches in one call, %u run, %d beside an A* or the arrays' making, %d handing out "
           "no cell; %d invalid paths",
           most, run, beside, idle, bad);
    free(comp);
    path_free(&p);
    e->destroy(inst);
    unload(&l);
}

const TestCase DYNAMIC_TESTS[] = {
    {"dyn_baselines_update", test_dyn_baselines_update},
    {"dyn_mm_update_drops_crossing_legs", test_dyn_mm_update_drops_crossing_legs},
    {"dyn_update_mid_query", test_dyn_update_mid_query},
    {"dyn_budget", test_dyn_budget},
    {"dyn_small_map_takes_turns", test_dyn_small_map_takes_turns},
    {"dyn_centers_opt_file", test_dyn_centers_opt_file},
    {"dyn_wait_moves_only_when_connected", test_dyn_wait_moves_only_when_connected},
    {"dyn_landmarks_one_a_call", test_dyn_landmarks_one_a_call},
    {NULL, NULL},
};
