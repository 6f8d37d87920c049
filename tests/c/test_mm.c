/* The mm entry: every option gives valid paths, GetPath only appends, the
 * cache and segment file do not change paths (bad files: test_mm_file.c). */
#include <stdlib.h>
#include <string.h>

#include "../../Entry.h"
#include "../../grid/scen.h"
#include "../../grid/validate.h"
#include "../../refine/routes.h"
#include "test.h"

static void check_valid_paths(T *t, const char *spec, const char *map, int stride)
{
    Loaded l;
    /* centers=opt preprocesses on a crop (its optimiser's time grows with the
     * map): some sectors of any side mm picks, the right and bottom partial. */
    if (!(strstr(spec, "centers=opt") ? load_crop(t, map, 58, 46, 300, &l) : load_named(t, map, &l)))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, spec, &l, &e);
    xyPath p = {0};
    int bad = 0;
    for (int i = 0; inst && i < l.sc.count && bad < 3; i += t_thin(stride)) {
        const ScenQuery *q = &l.sc.q[i];
        run_query(t, e, inst, q, &p);
        char why[160];
        double len;
        bool ok = path_validate(&l.g, q->start, q->goal, p.cells, p.len, &len, why, sizeof why);
        bad += !ok;
        CHECKF(t, ok, "%s on %s line %d: %s", spec, map, q->line, why);
        CHECKF(t, !ok || len >= q->optimal - q->optimal_tol - 1e-6, "%s: shorter than optimal", spec);
    }
    path_free(&p);
    if (inst)
        e->destroy(inst);
    unload(&l);
}

/* Every key of mm's, each with a value its profile does not give (and
 * mixed), on three kinds of map; test_mm_every_key_tried checks the list
 * names them all. */
static const char *const EVERY_OPTION_SPECS[] = {
    "mm",
    "mm:sector=4,jps=0",
    "mm:sector=8,jps=0",
    "mm:sector=12,defaults=0,jps=0",
    "mm:w=2,jps=0",
    "mm:w=15,jps=0",
    "mm:n=3,jps=0",
    "mm:n=1000,jps=0",
    "mm:budget_us=50,jps=0",
    "mm:smooth=0,jps=0",
    "mm:smooth=1,hold=64,joint=1,back=1,jps=0",
    "mm:hold=0,joint=0,back=all,jps=0",
    "mm:cache=off,jps=0",
    "mm:cache=nosym,jps=0",
    "mm:segfile=sym,jps=0",
    "mm:segfile=nosym,jps=0",
    "mm:centers=opt,jps=0",
    "mm:jps=0,small=0,near=0,direct=0",
    "mm:jps=1,near=8,reach=24",
    "mm:reach=16,far=8,small=0",
    "mm:phases=1",
    "mm:refine=corridor,jps=0",
    "mm:refine=corridor,ahead=2,n=3,sector=8,jps=0",
    "mm:refine=centers,sector=auto",
    "mm:sector=5,w=4,n=2,smooth=0,cache=nosym,segfile=nosym,defaults=0,jps=0",
    "mm:cache_kb=8,jps=0",
    "mm:cache_kb=0,jps=0",
    "mm:work=1",
    "mm:work=7,n=2,jps=0",
    "mm:coarse=1,work=3",
    "mm:coarse=0",
};

static void test_mm_every_option_valid(T *t)
{
    const char *maps[] = {"rooms/8room256-0", "random/random256-40-0", "mazes/maze256-2-0"};
    for (size_t s = 0; s < sizeof EVERY_OPTION_SPECS / sizeof *EVERY_OPTION_SPECS; s++)
        for (int m = 0; m < 3; m++)
            /* Each spec on each map once over the two builds: under the
             * sanitizers on one map, the maps in turn; plain on the other two. */
            if (T_SANITIZED ? (size_t)m == s % 3 : (size_t)m != s % 3)
                check_valid_paths(t, EVERY_OPTION_SPECS[s], maps[m], 14);
}

/* Every key mm accepts is in EVERY_OPTION_SPECS, so no key goes untried. */
static void test_mm_every_key_tried(T *t)
{
    const Entry *mm = entry_find("mm");
    for (const char *const *k = mm->option_keys; *k; k++) {
        char with[64];
        snprintf(with, sizeof with, "%s=", *k);
        bool found = false;
        for (size_t s = 0; !found && s < sizeof EVERY_OPTION_SPECS / sizeof *EVERY_OPTION_SPECS; s++) {
            const char *at = EVERY_OPTION_SPECS[s];
            while (!found && (at = strstr(at, with)) != NULL) {
                found = at[-1] == ':' || at[-1] == ',';
                at++;
            }
        }
        CHECKF(t, found, "mm key %s is in no spec of EVERY_OPTION_SPECS", *k);
    }
}

/* The JPS routes (refine/refiner.c, try_jps): with `small` above the map's
 * sector count every query is JPS's, so optimal; with a cap of one expansion
 * tries give up, the abstract route answers (still valid), and after a few
 * such tries most queries are not tried at all; with a cap of 16 the short
 * queries are JPS's, and once the longer ones give up, a probe goes only to
 * a query within the reach of the tries that answered (refine/routes.c
 * jps_tries), so few more tries give up (12 with a probe every TRY_PROBE
 * queries). This map's rooms profile keeps that credit per band of
 * distance (RoutesConfig.bands): each band past the cap's reach spends its
 * own, two tries of it, before its queries go untried (ROUTE_BANDS of them,
 * and a probe now and then beside a band in credit); and a query past the
 * profile's JPS reach is not tried either (jps_far). */
static void test_mm_jps_routes(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/8room256-0", &l))
        return;
    const char *specs[] = {"mm:small=100000", "mm:small=0,jps=1,near=4096", "mm:small=0,jps=16,near=0"};
    for (int k = 0; k < 3; k++) {
        const Entry *e;
        void *inst = prepare_spec(t, specs[k], &l, &e);
        if (!inst)
            continue;
        xyPath p = {0};
        int n = 0, longer = 0;
        for (int i = 0; i < l.sc.count; i += 5, n++) {
            const ScenQuery *q = &l.sc.q[i];
            run_query(t, e, inst, q, &p);
            double len;
            CHECKF(t, path_validate(&l.g, q->start, q->goal, p.cells, p.len, &len, NULL, 0), "%s line %d", specs[k],
                   q->line);
            longer += len > q->optimal + q->optimal_tol;
        }
        double answered = entry_counter(e, inst, "jps"), capped = entry_counter(e, inst, "jps_capped"),
               skipped = entry_counter(e, inst, "jps_skipped") + entry_counter(e, inst, "jps_far");
        if (k == 0)
            CHECKF(t, longer == 0 && answered + entry_counter(e, inst, "direct") == n,
                   "%s: %d of %d paths above optimal, %.0f by JPS", specs[k], longer, n, answered);
        else if (k == 2)
            CHECKF(t, answered > 0 && capped >= 2 && capped <= 2 * ROUTE_BANDS + 6,
                   "%s: %.0f answered, %.0f tries capped", specs[k], answered, capped);
        else
            CHECKF(t, capped >= 2 && skipped > n / 2 && longer > 0,
                   "%s: %.0f tries capped, %.0f of %d not tried, %d paths above optimal", specs[k], capped, skipped, n,
                   longer);
        path_free(&p);
        e->destroy(inst);
    }
    unload(&l);
}

/* Corridor steps (refine/corridor.h) against legs through centers on a
 * random map (no JPS, no near box: every query refined): near-optimal paths
 * (the cut short of the target and the ring of sectors around the route
 * are what make them so), and refine=auto picks them on the random map,
 * not on the maze. */
static void test_mm_corridor(T *t)
{
    const char *const maps[] = {"random/random256-40-0", "mazes/maze256-2-0", NULL};
    Loaded l;
    for (int m = 0; load_nth(t, maps, m, &l); m++) {
        const char *specs[] = {"mm:refine=centers,jps=0,near=0,direct=0", "mm:refine=corridor,jps=0,near=0,direct=0",
                               "mm"};
        double sum[2] = {0, 0};
        int n = 0;
        for (int k = 0; k < 3; k++) {
            const Entry *e;
            void *inst = prepare_spec(t, specs[k], &l, &e);
            if (!inst)
                continue;
            xyPath p = {0};
            for (int i = 0; k < 2 && i < l.sc.count; i += 3) {
                const ScenQuery *q = &l.sc.q[i];
                run_query(t, e, inst, q, &p);
                double len;
                CHECKF(t, path_validate(&l.g, q->start, q->goal, p.cells, p.len, &len, NULL, 0), "%s line %d", specs[k],
                       q->line);
                sum[k] += q->optimal > 0 ? len / q->optimal : 1.0;
                n += k == 0;
            }
            if (k == 2)
                CHECKF(t, (entry_counter(e, inst, "ahead") > 0) == (m == 0), "refine=auto on %s: ahead %.0f", maps[m],
                       entry_counter(e, inst, "ahead"));
            path_free(&p);
            e->destroy(inst);
        }
        if (m == 0)
            /* Measured: corridor steps 1.0021; without the sectors around
             * the route's on every step (only on the last) 1.0079; steps
             * that went through every fourth center instead of cutting
             * short of it gave 1.033. */
            CHECKF(t, n > 0 && sum[1] / n <= 1.004 && sum[1] < sum[0], "%s: subopt mean corridor %.4f, centers %.4f",
                   maps[m], n ? sum[1] / n : 0, n ? sum[0] / n : 0);
        unload(&l);
    }
}

static void test_mm_bad_options(T *t)
{
    const Entry *e;
    EntryOpts o;
    Err err;
    const char *bad[] = {"mm:sector=3",  "mm:sector=17", "mm:w=0.9",           "mm:n=0",
                         "mm:back=some", "mm:hold=-1",   "mm:refine=yes",      "mm:cache=yes",
                         "mm:segfile=1", "mm:smooth=2",  "mm:speed=1",         "mm:jps=-1",
                         "mm:trim=3",    "mm:small=-1",  "mm:n=2,budget_us=5", "mm:work=-1"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECKF(t, !entry_parse_spec(bad[i], &e, &o, &err) && contains(err.msg, "mm"), "accepted %s", bad[i]);
}

static void test_mm_incremental_calls(T *t)
{
    Loaded l;
    if (!load_named(t, "mazes/maze256-4-0", &l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, "mm:n=1,jps=0,work=0", &l, &e); /* the abstract route, a leg a call (no work bound) */
    xyPath p = {0};
    const ScenQuery *q = &l.sc.q[l.sc.count - 1]; /* the longest bucket */
    int calls = run_query(t, e, inst, q, &p);
    CHECKF(t, calls > 5, "a long path took only %d calls with n=1", calls);
    CHECK(t, path_validate(&l.g, q->start, q->goal, p.cells, p.len, NULL, NULL, 0));
    /* Asking again after the goal starts a fresh query. */
    int again = run_query(t, e, inst, q, &p);
    CHECK(t, again == calls);
    path_free(&p);
    e->destroy(inst);
    unload(&l);
}

/* The same query set through specs[] must give the same cells. */
static void test_mm_cache_and_segfile_keep_paths(T *t)
{
    /* jps=0: the abstract route for every query (JPS would answer these). */
    /* refine=centers: the cache and segment file hold center legs, which
     * refine=auto does not use on the random map. */
    const char *specs[] = {"mm:cache=off,jps=0,refine=centers",     "mm:cache=nosym,jps=0,refine=centers",
                           "mm:cache=sym,jps=0,refine=centers",     "mm:segfile=sym,jps=0,refine=centers",
                           "mm:segfile=nosym,jps=0,refine=centers", "mm:segfile=sym,cache=off,jps=0,refine=centers"};
    const char *const maps[] = {"rooms/16room256-0", "random/random256-20-0", NULL};
    Loaded l;
    for (int m = 0; load_nth(t, maps, m, &l); m++) {
        xyPath ref[400] = {{0}};
        int nq = l.sc.count < 400 ? l.sc.count : 400;
        for (size_t s = 0; s < sizeof specs / sizeof *specs; s++) {
            const Entry *e;
            void *inst = prepare_spec(t, specs[s], &l, &e);
            xyPath p = {0};
            int differ = 0;
            for (int i = 0; inst && i < nq; i++) {
                run_query(t, e, inst, &l.sc.q[i], &p);
                if (s == 0) {
                    path_reserve(&ref[i], p.len);
                    memcpy(ref[i].cells, p.cells, p.len * sizeof *p.cells);
                    ref[i].len = p.len;
                } else if (p.len != ref[i].len || memcmp(p.cells, ref[i].cells, p.len * sizeof *p.cells)) {
                    differ++;
                }
            }
            CHECKF(t, differ == 0, "%s on %s: %d of %d paths differ from cache=off", specs[s], maps[m], differ, nq);
            Counters c = {0};
            if (inst) {
                e->counters(inst, &c, true);
                e->destroy(inst);
            }
            for (int k = 0; k < c.n; k++) {
                if (s == 2 && !strcmp(c.extra[k].key, "cache_hits"))
                    CHECKF(t, c.extra[k].value > 0, "cache=sym never hit");
                if (s == 3 && !strcmp(c.extra[k].key, "seg_hits"))
                    CHECKF(t, c.extra[k].value > 0, "segfile=sym never used");
            }
            path_free(&p);
        }
        for (int i = 0; i < nq; i++)
            path_free(&ref[i]);
        unload(&l);
    }
}

/* Prepare ends with a query of mm's own (mm_entry.c warm_up), so that no
 * real call pays for mapping code and scratch first used: it leaves a
 * cached leg, but no query's count counts it. */
static void test_mm_warm_up_not_counted(T *t)
{
    const char *const maps[] = {"rooms/16room256-0", NULL};
    static const char *const ZERO[] = {"center_legs", "legs_mean",  "direct",      "near",
                                       "jps",         "cache_hits", "cache_misses"};
    Loaded l;
    for (int m = 0; load_nth(t, maps, m, &l); m++) {
        const Entry *e;
        void *inst = prepare_spec(t, "mm", &l, &e);
        if (!inst) {
            unload(&l);
            continue;
        }
        CHECKF(t, entry_counter(e, inst, "cache_entries") > 0, "%s: prepare cached no leg", maps[m]);
        for (size_t k = 0; k < sizeof ZERO / sizeof *ZERO; k++)
            CHECKF(t, entry_counter(e, inst, ZERO[k]) == 0, "%s: %s %.0f before any query", maps[m], ZERO[k],
                   entry_counter(e, inst, ZERO[k]));
        e->destroy(inst);
        unload(&l);
    }
}

/* A call's work (work=N) splits the searches between calls, never changes
 * them: the same cells with no bound, one expansion a call and the default,
 * on the routes (JPS, box, guard), the abstract route's legs and the small
 * route's whole-map JPS; a bound makes more calls, some returning false
 * with nothing appended. */
static void test_mm_work_keeps_paths(T *t)
{
    const char *specs[] = {"mm:work=0", "mm:work=1", "mm", "mm:small=100000,work=0", "mm:small=100000,work=1"};
    const char *const maps[] = {"rooms/32room256-0", "random/random256-10-0", NULL};
    Loaded l;
    for (int m = 0; load_nth(t, maps, m, &l); m++) {
        enum { NQ = 300 };
        xyPath ref[NQ] = {{0}};
        int nq = l.sc.count < NQ ? l.sc.count : NQ, step = t_thin(1);
        long calls[5] = {0};
        for (size_t s = 0; s < sizeof specs / sizeof *specs; s++) {
            const Entry *e;
            void *inst = prepare_spec(t, specs[s], &l, &e);
            xyPath p = {0};
            int differ = 0, idle = 0;
            for (int i = 0; inst && i < nq; i += step) {
                const ScenQuery *q = &l.sc.q[i];
                p.len = 0;
                for (bool done = false; !done && calls[s] < 10000000;) {
                    size_t before = p.len;
                    done = e->get_path(inst, q->start, q->goal, &p);
                    idle += !done && p.len == before;
                    calls[s]++;
                }
                if (s == 0 || s == 3) {
                    path_reserve(&ref[i], p.len);
                    memcpy(ref[i].cells, p.cells, p.len * sizeof *p.cells);
                    ref[i].len = p.len;
                } else if (p.len != ref[i].len || memcmp(p.cells, ref[i].cells, p.len * sizeof *p.cells)) {
                    differ++;
                }
            }
            CHECKF(t, differ == 0, "%s on %s: %d paths differ from work=0", specs[s], maps[m], differ);
            CHECKF(t, s == 0 || s == 3 || idle > 0, "%s on %s: no call returned false empty-handed", specs[s], maps[m]);
            if (inst)
                e->destroy(inst);
            path_free(&p);
        }
        CHECKF(t, calls[1] > 4 * calls[0] && calls[4] > 4 * calls[3], "%s: calls %ld with work=1, %ld without", maps[m],
               calls[1], calls[0]);
        for (int i = 0; i < nq; i++)
            path_free(&ref[i]);
        unload(&l);
    }
}

static void test_mm_unreachable_and_trivial(T *t)
{
    /* Two open halves split by a wall: (0,0) cannot reach (39,0). */
    bool bits[40 * 20];
    for (int i = 0; i < 40 * 20; i++)
        bits[i] = i % 40 != 20;
    Loaded l = {0};
    Err err;
    grid_from_bits(&l.g, bits, 40, 20, &err);
    const Entry *e;
    void *inst = prepare_spec(t, "mm:sector=8", &l, &e);
    xyPath p = {0};
    ScenQuery far = {.start = {0, 0}, .goal = {39, 0}}, same = {.start = {3, 3}, .goal = {3, 3}};
    CHECK(t, run_query(t, e, inst, &far, &p) == 1 && p.len == 0);
    CHECK(t, run_query(t, e, inst, &same, &p) == 1 && p.len == 1 && p.cells[0].x == 3);
    path_free(&p);
    e->destroy(inst);
    grid_free(&l.g);
}

/* A small map of scattered obstacles takes corridor steps (the cluttered
 * profile, small-map off: a map this small takes small-map by default),
 * whose JPS shares the route JPS's node state: where the route's was per
 * cell, prepare had failed ("no node state to share"), and where the two
 * cannot share the corridor's JPS keeps its own. */
static void test_mm_small_cluttered_map(T *t)
{
    Loaded l;
    if (!load_small_cluttered(&l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, "mm:small=0", &l, &e);
    CHECKF(t, inst != NULL, "mm did not prepare a 64 x 64 map with a fifth of its cells blocked");
    CHECKF(t, !inst || entry_counter(e, inst, "ahead") > 0, "no corridor steps with small=0");
    if (inst) {
        run_mirrored_queries(t, e, inst, &l, 13, 9);
        e->destroy(inst);
    }
    grid_free(&l.g);
}

/* A near box whose regions do not connect s and g is not searched
 * (refine/routes.h): a wall splits the map but for a gap far below, so the
 * box of a query straddling it holds no path, and its A* would flood the
 * side of s (box_vain); a query whose box reaches the gap takes the box. */
static void test_mm_near_box_checks_regions(T *t)
{
    enum { W = 128, H = 64, WALL_X = 64, GAP_Y = 56 };
    bool bits[W * H];
    for (int i = 0; i < W * H; i++)
        bits[i] = i % W != WALL_X || i / W >= GAP_Y;
    Loaded l = {0};
    Err err;
    CHECK(t, grid_from_bits(&l.g, bits, W, H, &err));
    const Entry *e;
    void *inst = prepare_spec(t, "mm:small=0,jps=0,near=32", &l, &e);
    ScenQuery qs[] = {{.start = {60, 8}, .goal = {68, 8}}, {.start = {60, 40}, .goal = {68, 40}}};
    xyPath p = {0};
    for (int i = 0; inst && i < 2; i++) {
        run_query(t, e, inst, &qs[i], &p);
        CHECKF(t, path_validate(&l.g, qs[i].start, qs[i].goal, p.cells, p.len, NULL, NULL, 0), "query %d invalid", i);
    }
    if (inst) {
        double vain = entry_counter(e, inst, "box_vain"), skipped = entry_counter(e, inst, "box_skipped");
        double near = entry_counter(e, inst, "near");
        CHECKF(t, vain == 0 && skipped == 1 && near == 1, "%.0f boxes flooded in vain, %.0f skipped, %.0f answered",
               vain, skipped, near);
        e->destroy(inst);
    }
    path_free(&p);
    grid_free(&l.g);
}

const TestCase MM_TESTS[] = {
    {"mm_every_option_valid", test_mm_every_option_valid},
    {"mm_every_key_tried", test_mm_every_key_tried},
    {"mm_jps_routes", test_mm_jps_routes},
    {"mm_corridor", test_mm_corridor},
    {"mm_bad_options", test_mm_bad_options},
    {"mm_incremental_calls", test_mm_incremental_calls},
    {"mm_work_keeps_paths", test_mm_work_keeps_paths},
    {"mm_warm_up_not_counted", test_mm_warm_up_not_counted},
    {"mm_cache_and_segfile_keep_paths", test_mm_cache_and_segfile_keep_paths},
    {"mm_unreachable_and_trivial", test_mm_unreachable_and_trivial},
    {"mm_small_cluttered_map", test_mm_small_cluttered_map},
    {"mm_near_box_checks_regions", test_mm_near_box_checks_regions},
    {NULL, NULL},
};
