/* The mm entry: every option gives valid paths, GetPath only appends, the
 * cache and segment file do not change paths, bad files are rebuilt. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../Entry.h"
#include "../../cache/edge_cache.h"
#include "../../entries/mm/mm_profile.h"
#include "../../grid/scen.h"
#include "../../grid/validate.h"
#include "../../refine/smooth.h"
#include "test.h"

/* Prepares mm with `spec` options on l's map (preprocessing into the temp dir). */
static void *prepare(T *t, const Loaded *l, const char *spec, const Entry **e)
{
    EntryOpts opts;
    Err err;
    if (!entry_parse_spec(spec, e, &opts, &err)) {
        t_fail(t, __FILE__, __LINE__, "%s: %s", spec, err.msg);
        return NULL;
    }
    char file[256];
    snprintf(file, sizeof file, "%s/mm.pre", temp_dir());
    CHECKF(t, entry_preprocess(*e, &l->g, file, &opts, &err), "%s: %s", spec, err.msg);
    void *inst = (*e)->prepare(&l->g, file, &opts, &err);
    CHECKF(t, inst != NULL, "%s: %s", spec, err.msg);
    return inst;
}

static void check_valid_paths(T *t, const char *spec, const char *map, int stride)
{
    Loaded l;
    /* centers=opt preprocesses on a crop (its optimiser's time grows with the map). */
    if (!(strstr(spec, "centers=opt") ? load_crop(t, map, 100, 90, 300, &l) : load_named(t, map, &l)))
        return;
    const Entry *e;
    void *inst = prepare(t, &l, spec, &e);
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
    "mm:jps=1,near=8",
    "mm:phases=1",
    "mm:refine=corridor,jps=0",
    "mm:refine=corridor,ahead=2,n=3,sector=8,jps=0",
    "mm:refine=centers,sector=auto",
    "mm:sector=5,w=4,n=2,smooth=0,cache=nosym,segfile=nosym,defaults=0,jps=0",
    "mm:cache_kb=8,jps=0",
    "mm:cache_kb=0,jps=0",
    "mm:work=1",
    "mm:work=7,n=2,jps=0",
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
 * queries). */
static void test_mm_jps_routes(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/8room256-0", &l))
        return;
    const char *specs[] = {"mm:small=100000", "mm:small=0,jps=1,near=4096", "mm:small=0,jps=16,near=0"};
    for (int k = 0; k < 3; k++) {
        const Entry *e;
        void *inst = prepare(t, &l, specs[k], &e);
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
               skipped = entry_counter(e, inst, "jps_skipped");
        if (k == 0)
            CHECKF(t, longer == 0 && answered + entry_counter(e, inst, "direct") == n,
                   "%s: %d of %d paths above optimal, %.0f by JPS", specs[k], longer, n, answered);
        else if (k == 2)
            CHECKF(t, answered > 0 && capped >= 2 && capped <= 6, "%s: %.0f answered, %.0f tries capped", specs[k],
                   answered, capped);
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
    const char *maps[] = {"random/random256-40-0", "mazes/maze256-2-0"};
    for (int m = 0; m < 2; m++) {
        Loaded l;
        if (!load_named(t, maps[m], &l))
            return;
        const char *specs[] = {"mm:refine=centers,jps=0,near=0,direct=0", "mm:refine=corridor,jps=0,near=0,direct=0",
                               "mm"};
        double sum[2] = {0, 0};
        int n = 0;
        for (int k = 0; k < 3; k++) {
            const Entry *e;
            void *inst = prepare(t, &l, specs[k], &e);
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
    void *inst = prepare(t, &l, "mm:n=1,jps=0,work=0", &e); /* the abstract route, a leg a call (no work bound) */
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
    const char *maps[] = {"rooms/16room256-0", "random/random256-20-0"};
    for (int m = 0; m < 2; m++) {
        Loaded l;
        if (!load_named(t, maps[m], &l))
            return;
        xyPath ref[400] = {{0}};
        int nq = l.sc.count < 400 ? l.sc.count : 400;
        for (size_t s = 0; s < sizeof specs / sizeof *specs; s++) {
            const Entry *e;
            void *inst = prepare(t, &l, specs[s], &e);
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

/* A call's work (work=N) splits the searches between calls, never changes
 * them: the same cells with no bound, one expansion a call and the default,
 * on the routes (JPS, box, guard), the abstract route's legs and the small
 * route's whole-map JPS; a bound makes more calls, some returning false
 * with nothing appended. */
static void test_mm_work_keeps_paths(T *t)
{
    const char *specs[] = {"mm:work=0", "mm:work=1", "mm", "mm:small=100000,work=0", "mm:small=100000,work=1"};
    const char *maps[] = {"rooms/32room256-0", "random/random256-10-0"};
    for (int m = 0; m < 2; m++) {
        Loaded l;
        if (!load_named(t, maps[m], &l))
            return;
        enum { NQ = 300 };
        xyPath ref[NQ] = {{0}};
        int nq = l.sc.count < NQ ? l.sc.count : NQ, step = t_thin(1);
        long calls[5] = {0};
        for (size_t s = 0; s < sizeof specs / sizeof *specs; s++) {
            const Entry *e;
            void *inst = prepare(t, &l, specs[s], &e);
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

/* mm_bytes is the sum of its parts, and grows with the edge cache. */
static void test_mm_bytes_parts(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/16room256-0", &l))
        return;
    const Entry *e;
    void *inst = prepare(t, &l, "mm:jps=0,small=0,near=0", &e);
    xyPath p = {0};
    Counters before = {0}, after = {0};
    for (int i = 0; inst && i < l.sc.count && i < 400; i++) {
        run_query(t, e, inst, &l.sc.q[i], &p);
        if (i == 3)
            e->counters(inst, &before, true);
    }
    if (inst) {
        e->counters(inst, &after, true);
        e->destroy(inst);
    }
    const Counters *cs[2] = {&before, &after};
    for (int i = 0; i < 2; i++) {
        double sum = 0;
        int parts = 0;
        for (int k = 0; k < cs[i]->n; k++)
            if (!strncmp(cs[i]->extra[k].key, "mm_bytes_", 9)) {
                sum += cs[i]->extra[k].value;
                parts++;
            }
        double total = counter_of(cs[i], "mm_bytes");
        CHECKF(t, parts >= 10 && total > 0 && sum == total, "mm_bytes=%.0f, its %d parts sum to %.0f", total, parts,
               sum);
        CHECKF(t, counter_of(cs[i], "mm_bytes_map") >= (double)(l.g.width * l.g.height) / 8, "map part too small");
    }
    CHECKF(t,
           counter_of(&after, "mm_bytes_cache") > counter_of(&before, "mm_bytes_cache") &&
               counter_of(&after, "mm_bytes") > counter_of(&before, "mm_bytes"),
           "the edge cache filled but mm_bytes_cache stayed %.0f -> %.0f", counter_of(&before, "mm_bytes_cache"),
           counter_of(&after, "mm_bytes_cache"));
    path_free(&p);
    unload(&l);
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
    void *inst = prepare(t, &l, "mm:sector=8", &e);
    xyPath p = {0};
    ScenQuery far = {.start = {0, 0}, .goal = {39, 0}}, same = {.start = {3, 3}, .goal = {3, 3}};
    CHECK(t, run_query(t, e, inst, &far, &p) == 1 && p.len == 0);
    CHECK(t, run_query(t, e, inst, &same, &p) == 1 && p.len == 1 && p.cells[0].x == 3);
    path_free(&p);
    e->destroy(inst);
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
    void *inst = prepare(t, &l, "mm:small=0,jps=0,near=32", &e);
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

static void test_mm_bad_file_rebuilt(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/32room256-0", &l))
        return;
    const Entry *e;
    EntryOpts o16, o8, oseg;
    Err err;
    CHECK(t, entry_parse_spec("mm:sector=16", &e, &o16, &err) && entry_parse_spec("mm:sector=8", &e, &o8, &err) &&
                 entry_parse_spec("mm:segfile=sym", &e, &oseg, &err));
    char file[256], msg[2048];
    snprintf(file, sizeof file, "%s/mm-bad.pre", temp_dir());
    struct {
        const char *what;
        long cut, flip;
        const EntryOpts *pre, *run;
        const char *expect;
    } cases[] = {
        {"missing", -2, -1, &o16, &o16, "cannot open"},
        {"truncated", 100, -1, &o16, &o16, "truncated"},
        {"flipped", -1, 300, &o16, &o16, "checksum"},
        {"other sector size", -1, -1, &o8, &o16, "sector=8"},
        {"segments asked, none stored", -1, -1, &o16, &oseg, "segfile"},
        {"segments truncated", -3, -1, &oseg, &oseg, "truncated"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        unlink(file);
        if (cases[i].cut != -2)
            CHECK(t, entry_preprocess(e, &l.g, file, cases[i].pre, &err));
        FILE *fp = fopen(file, "r+b");
        if (fp && cases[i].cut == -3) {
            fseek(fp, 0, SEEK_END);
            cases[i].cut = ftell(fp) - 20;
        }
        if (fp && cases[i].cut >= 0)
            CHECK(t, ftruncate(fileno(fp), cases[i].cut) == 0);
        if (fp && cases[i].flip >= 0) {
            fseek(fp, cases[i].flip, SEEK_SET);
            int c = fgetc(fp);
            fseek(fp, cases[i].flip, SEEK_SET);
            fputc(c ^ 1, fp);
        }
        if (fp)
            fclose(fp);
        void *inst = prepare_capturing(e, &l.g, file, cases[i].run, msg, sizeof msg);
        CHECKF(t, inst != NULL, "%s: no instance", cases[i].what);
        CHECKF(t, contains(msg, "rejected") && contains(msg, "rebuilding") && contains(msg, cases[i].expect),
               "%s: stderr was '%s'", cases[i].what, msg);
        if (!inst)
            continue;
        xyPath p = {0};
        run_query(t, e, inst, &l.sc.q[l.sc.count - 1], &p);
        CHECK(t, path_validate(&l.g, l.sc.q[l.sc.count - 1].start, l.sc.q[l.sc.count - 1].goal, p.cells, p.len, NULL,
                               NULL, 0));
        path_free(&p);
        e->destroy(inst);
    }
    unload(&l);
}

static void test_smooth_never_longer_and_legal(T *t)
{
    Loaded l;
    if (!load_named(t, "random/random256-20-0", &l))
        return;
    const Entry *e = entry_find("astar");
    EntryOpts none = {0};
    Err err;
    void *inst = e->prepare(&l.g, "", &none, &err);
    xyPath p = {0}, way = {0};
    int shorter = 0;
    for (int i = 0; i < l.sc.count; i += 5) {
        const ScenQuery *q = &l.sc.q[i];
        run_query(t, e, inst, q, &p);
        /* Make a detour-rich path: A* path with every 7th cell duplicated
         * sideways is not needed; smoothing an optimal path must keep it optimal. */
        double before = path_length(p.cells, p.len);
        path_reserve(&way, p.len);
        size_t n = smooth_cells(&l.g, p.cells, p.len, way.cells);
        double after;
        char why[160];
        CHECKF(t, path_validate(&l.g, q->start, q->goal, p.cells, n, &after, why, sizeof why), "line %d: %s", q->line,
               why);
        CHECKF(t, after <= before + 1e-9, "line %d: %f -> %f", q->line, before, after);
        shorter += after < before - 1e-9;
    }
    CHECK(t, shorter == 0); /* an optimal path cannot get shorter */
    /* A staircase shortens to a straight diagonal-first line. */
    bool open[100];
    for (int i = 0; i < 100; i++)
        open[i] = true;
    Grid g;
    grid_from_bits(&g, open, 10, 10, &err);
    xyLoc stair[] = {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {3, 2}, {3, 3}};
    xyLoc stair_way[7];
    size_t n = smooth_cells(&g, stair, 7, stair_way);
    CHECK(t, n == 4 && fabs(path_length(stair, n) - 3 * GRID_SQRT2) < 1e-12);
    CHECK(t, line_legal(&g, (xyLoc){0, 0}, (xyLoc){9, 4}));
    g.cells[grid_index(&g, 1, 0)] = 0; /* (0,0)->(1,1) would cut this corner */
    CHECK(t, !line_legal(&g, (xyLoc){0, 0}, (xyLoc){3, 3}));
    grid_free(&g);
    path_free(&p);
    path_free(&way);
    e->destroy(inst);
    unload(&l);
}

/* What an edge-cache test bounded in CPU time says when stopped. */
#define EDGE_CACHE_LOOPS "a put or get probes a full table for ever: its flush left the slots live (epoch not moved on)"

/* Legs go in and come out canonical (from the lower id's center), as
 * waypoints (here five one-move lines); sym
 * serves 9 -> 3 from the record of 3 -> 9, nosym does not; leg_orient turns
 * a canonical leg for travel from the higher id. */
static void test_edge_cache_sym_and_nosym(T *t)
{
    t_cpu_bound(t, 5, EDGE_CACHE_LOOPS);
    xyLoc leg[] = {{5, 5}, {6, 5}, {7, 6}, {7, 7}, {8, 8}};
    for (int mode = LEGS_NOSYM; mode <= LEGS_SYM; mode++) {
        EdgeCache c;
        Err err;
        CHECK(t, edge_cache_init(&c, (LegMode)mode, 0, &err));
        xyPath p = {0};
        CHECK(t, !edge_cache_get(&c, 3, 9, leg[0], &p) && c.misses == 1);
        CHECK(t, edge_cache_put(&c, 3, 9, leg, 5));
        CHECK(t, edge_cache_get(&c, 3, 9, leg[0], &p) && p.len == 4);
        CHECK(t, memcmp(p.cells, leg + 1, 4 * sizeof *leg) == 0);
        p.len = 0;
        path_push(&p, leg[0]);
        bool back = edge_cache_get(&c, 9, 3, leg[0], &p);
        CHECK(t, back == (mode == LEGS_SYM));
        if (back) {
            CHECK(t, p.len == 5 && memcmp(p.cells, leg, 5 * sizeof *leg) == 0);
            leg_orient(p.cells, p.len, 9, 3);
            for (int i = 0; i < 5; i++)
                CHECK(t, p.cells[i].x == leg[4 - i].x && p.cells[i].y == leg[4 - i].y);
        }
        /* As cells: the waypoints of a leg of three lines (3, 2 and 1 moves) drawn. */
        const xyLoc way3[] = {{5, 5}, {8, 5}, {10, 7}, {11, 7}};
        const xyLoc drawn[] = {{6, 5}, {7, 5}, {8, 5}, {9, 6}, {10, 7}, {11, 7}};
        CHECK(t, edge_cache_put(&c, 4, 11, way3, 4));
        p.len = 0;
        CHECK(t,
              edge_cache_get_cells(&c, 4, 11, way3[0], &p) && p.len == 6 && memcmp(p.cells, drawn, sizeof drawn) == 0);
        CHECK(t, !edge_cache_get_cells(&c, 4, 12, way3[0], &p) && p.len == 6);
        for (uint32_t k = 0; k < 5000; k++) /* growth keeps old entries */
            CHECK(t, edge_cache_put(&c, 100 + k, 7, leg, 5));
        p.len = 0;
        CHECK(t, edge_cache_get(&c, 3, 9, leg[0], &p) && p.len == 4);
        Counters out = {0};
        edge_cache_report(&c, &out);
        CHECK(t, out.n >= 5 && !strcmp(out.extra[0].key, "cache_hits"));
        path_free(&p);
        edge_cache_free(&c);
    }
}

/* A capped cache never keeps more than its cap (growing, it holds the old
 * slot array besides, until it is moved over), and grows to most of it
 * (slots and stream take what the other leaves): past it, it is emptied
 * (counted), and the legs put after that are served; the same puts in the
 * same order leave the same entries. */
static void test_edge_cache_cap(T *t)
{
    t_cpu_bound(t, 5, EDGE_CACHE_LOOPS);
    xyLoc leg[] = {{5, 5}, {6, 5}, {7, 6}, {7, 7}, {8, 8}};
    EdgeCache c[2];
    Err err;
    size_t most = 0;
    for (int r = 0; r < 2; r++) {
        CHECK(t, edge_cache_init(&c[r], LEGS_SYM, 30000, &err));
        for (uint32_t k = 0; k < 5000; k++) {
            CHECK(t, edge_cache_put(&c[r], 100 + k, 7, leg, 5));
            size_t old =
                c[r].grown.slot ? c[r].cur.n * EDGE_CACHE_SLOT_BYTES + (c[r].cur.n / EDGE_CACHE_BLOCK + 1) * 2 : 0;
            size_t kept = edge_cache_bytes(&c[r]) - old;
            CHECKF(t, kept <= 30000, "%zu bytes past a cap of 30000", kept);
            most = kept > most ? kept : most;
        }
    }
    CHECKF(t, most >= 28500, "a cap of 30000 bytes, of which the cache took only %zu", most);
    xyPath p = {0};
    CHECKF(t, c[0].flushes > 0 && c[0].flushes == c[1].flushes && c[0].used == c[1].used, "flushes %llu, %u entries",
           (unsigned long long)c[0].flushes, c[0].used);
    CHECK(t, edge_cache_get(&c[0], 5099, 7, leg[0], &p) && p.len == 4); /* the last put is kept */
    CHECK(t, !edge_cache_get(&c[0], 100, 7, leg[0], &p));               /* the first was evicted */
    path_free(&p);
    for (int r = 0; r < 2; r++)
        edge_cache_free(&c[r]);
}

/* Is every leg 100 + k -> 7, k in [from, to), served? */
static bool cache_serves(EdgeCache *c, uint32_t from, uint32_t to, xyPath *p)
{
    bool all = true;
    for (uint32_t k = from; k < to; k++) {
        p->len = 0;
        all &= edge_cache_get(c, 100 + k, 7, (xyLoc){5, 5}, p) && p->len == 4;
    }
    return all;
}

/* No get or put grows the cache whole: its slots double a bounded piece
 * per get or put, every leg served throughout (from the old array or the
 * doubled one); emptying it (past a cap) mid-growth and across the epoch's
 * wrap serves no leg put before. */
static void test_edge_cache_grows_in_pieces(T *t)
{
    t_cpu_bound(t, 5, EDGE_CACHE_LOOPS);
    xyLoc leg[] = {{5, 5}, {6, 5}, {7, 6}, {7, 7}, {8, 8}};
    const uint32_t piece = EDGE_CACHE_GROW_MOVE;
    EdgeCache c;
    Err err;
    xyPath p = {0};
    CHECK(t, edge_cache_init(&c, LEGS_SYM, 0, &err));
    uint32_t growing = 0, moving = 0, doublings = 0, n0 = c.cur.n;
    for (uint32_t k = 0; k < 20000; k++) {
        CHECK(t, edge_cache_put(&c, 100 + k, 7, leg, 5));
        growing += c.grown.slot != NULL;
        moving += c.grown.slot && c.moved > 0 && c.grown.n == 2 * c.cur.n;
        if (k % 1999 == 0 || (c.grown.slot && c.moved == c.cur.n / 2))
            CHECKF(t, cache_serves(&c, 0, k + 1, &p), "put %u: a leg put before is not served", k);
    }
    for (uint32_t s = c.cur.n; s > n0; s /= 2)
        doublings++;
    CHECKF(t, doublings >= 5 && growing > 0 && moving > 0, "%u doublings, %u puts growing", doublings, growing);
    CHECKF(t, c.grow_max <= piece, "one get or put zeroed or moved %u slots (the piece: %u)", c.grow_max, piece);
    CHECK(t, cache_serves(&c, 0, 20000, &p) && c.used == 20000);
    edge_cache_free(&c);

    /* Under a cap it is emptied, now and then while growing, and once with the epoch wrapping. */
    CHECK(t, edge_cache_init(&c, LEGS_SYM, 40000, &err));
    c.epoch = UINT16_MAX - 2;
    uint64_t last_flushes = 0;
    uint32_t since = 0, flushed_growing = 0;
    for (uint32_t k = 0; k < 30000; k++) {
        bool was_growing = c.grown.slot != NULL;
        CHECK(t, edge_cache_put(&c, 100 + k, 7, leg, 5));
        if (c.flushes != last_flushes) {
            CHECKF(t, !cache_serves(&c, since, since + 1, &p), "put %u: a leg put before the flush is served", k);
            flushed_growing += was_growing;
            last_flushes = c.flushes;
            since = k;
        }
        if (k % 997 == 0)
            CHECKF(t, cache_serves(&c, since, k + 1, &p), "put %u: a leg put since the flush is not served", k);
    }
    CHECKF(t, c.flushes > 3 && c.epoch < 100, "%llu flushes, epoch %u", (unsigned long long)c.flushes, c.epoch);
    CHECK(t, c.grow_max <= piece);
    path_free(&p);
    edge_cache_free(&c);
}

/* The profile rules (entries/mm/mm_profile.c) on the kinds of the maps
 * they were drawn from: each lands where its measurements put it, and each
 * profile's values are what it says it changes. */
static void test_mm_profiles(T *t)
{
    static const struct {
        MapKind k;
        const char *profile;
    } cases[] = {
        {{1.50, 0.0, 1.54, 1024, true, true}, "corridors"},          /* a maze of 32-wide corridors */
        {{1.90, 0.0, 4.00, 1024, true, false}, "narrow-corridors"},  /* 2-wide corridors */
        {{1.90, 0.0, 7.00, 1024, false, false}, "narrow-corridors"}, /* 1-wide corridors */
        {{1.02, 0.0045, 1.72, 1024, true, true}, "default"},         /* lone pillars: not a maze */
        {{1.40, 0.0, 1.39, 1024, true, true}, "small-rooms"},        /* 8room */
        {{1.20, 0.0, 1.10, 1024, true, true}, "sector-rooms"},       /* 16room */
        {{1.30, 0.30, 1.20, 1024, true, true}, "cluttered"},         /* random 30 % */
        {{1.08, 0.02, 1.05, 1024, true, true}, "scattered"},         /* random 10 % */
        {{1.08, 0.0, 1.05, 1024, false, false}, "no-diagonals"},     /* open, but no 2 x 2 block */
        {{1.40, 0.0, 7.00, 192, false, false}, "small-map"},         /* anything of at most `small` sectors */
        {{1.13, 0.0, 1.10, 1024, true, true}, "default"},            /* the dao map that detours most */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const MmProfile *p = mm_profile_choose(&cases[i].k, 192);
        CHECKF(t, !strcmp(p->name, cases[i].profile), "case %zu: %s, not %s", i, p->name, cases[i].profile);
    }
    MapKind maze = cases[0].k;
    CHECK(t, !strcmp(mm_profile_choose(&maze, 2000)->name, "small-map"));
    MmConfig c, d;
    mm_profile_config(mm_profile_default(), &d);
    mm_profile_config(mm_profile_choose(&cases[1].k, 192), &c);
    CHECK(t, d.sector == 16 && d.refine.hold == 16 && d.refine.smooth && d.refine.routes.near == 32 &&
                 !d.refine.ahead && d.refine.weight == 1.0 && d.refine.first_hold == d.refine.hold);
    CHECK(t, c.refine.hold == 64 && c.refine.joint == 1 && c.refine.back == 1 && c.refine.routes.near == 0 &&
                 c.refine.routes.jps_cap == 0 && !c.refine.smooth);
    mm_profile_config(mm_profile_choose(&cases[6].k, 192), &c);
    CHECK(t, c.refine.ahead == 5 && c.ahead == 5 && c.refine.routes.jps_cap == 1024 && c.refine.weight > 1.0 &&
                 c.refine.first_hold < c.refine.hold); /* corridor steps: the first cells go out sooner */
    mm_profile_config(mm_profile_choose(&cases[7].k, 192), &c);
    CHECK(t, c.refine.ahead == 3 && c.refine.routes.jps_cap == 512 && c.refine.weight == 1.0 &&
                 c.refine.first_ahead > c.refine.ahead); /* the first step looks further */
    CHECK(t, mm_profile_of_side(8) && !strcmp(mm_profile_of_side(8)->name, "sector-rooms") && mm_profile_of_side(6) &&
                 !strcmp(mm_profile_of_side(6)->name, "small-rooms") && !mm_profile_of_side(16));
    mm_profile_config(mm_profile_choose(&cases[0].k, 192), &c);
    CHECK(t, c.refine.joint == 2 && c.refine.back == 2 && c.refine.smooth);
    /* A key given overrides the profile; `auto` keeps its value. */
    EntryOpts o;
    Err err;
    const Entry *e;
    CHECK(t, entry_parse_spec("mm:hold=5,sector=auto,refine=auto", &e, &o, &err));
    mm_profile_config(mm_profile_choose(&cases[1].k, 192), &d);
    CHECK(t, mm_options_parse(&o, &d, &c, &err) && c.refine.hold == 5 && c.refine.joint == 1 && c.sector == 16 &&
                 c.refine.ahead == 0);
}

/* Prepare takes what every search may need (refine/routes.h) but the A*'s
 * pages and the JPS's node state: the A* takes a center leg's pages at its
 * first search and doubles them a few times at most, when a search (a
 * box's) reaches more sectors (refine/legplan.h), and the JPS's hashed
 * state only when a search
 * found it full and began again (search/jps.h jps_grow: jps_grown, a few
 * doublings), on a map that tries JPS capped and takes the box and the
 * guard, and on one that takes corridor steps; and the capped JPS's state
 * follows what its cap lets a search reach, not the map. */
static void test_mm_searches_sized_at_prepare(T *t)
{
    const char *maps[] = {"rooms/16room256-0", "random/random256-40-0"};
    for (int m = 0; m < 2; m++) {
        Loaded l;
        if (!load_named(t, maps[m], &l))
            return;
        const Entry *e;
        void *inst = prepare(t, &l, "mm", &e);
        double legs = inst ? entry_counter(e, inst, "mm_bytes_legs") : 0;
        double jps = inst ? entry_counter(e, inst, "mm_bytes_jps") : 0;
        xyPath p = {0};
        for (int i = 0; inst && i < l.sc.count; i += t_thin(3))
            run_query(t, e, inst, &l.sc.q[i], &p);
        if (inst) {
            bool boxed = entry_counter(e, inst, "guarded") + entry_counter(e, inst, "near") > 0;
            double legs_after = entry_counter(e, inst, "mm_bytes_legs");
            double grown = entry_counter(e, inst, "jps_grown"), jps_after = entry_counter(e, inst, "mm_bytes_jps");
            CHECKF(t,
                   (boxed ? legs_after > legs : legs_after >= legs) &&
                       (grown > 0 ? jps_after > jps : jps_after == jps) && grown <= 16 &&
                       entry_counter(e, inst, "leg_page_grows") <= 5,
                   "%s: legs %.0f -> %.0f bytes, jps %.0f -> %.0f (grown %.0f), %.0f page grows", maps[m], legs,
                   legs_after, jps, jps_after, grown, entry_counter(e, inst, "leg_page_grows"));
            e->destroy(inst);
        }
        path_free(&p);
        unload(&l);
    }
    Loaded l;
    if (!load_named(t, "rooms/16room256-0", &l))
        return;
    const Entry *e;
    void *small = prepare(t, &l, "mm:jps=16", &e), *big = prepare(t, &l, "mm:jps=4096", &e);
    double small_first = small ? entry_counter(e, small, "mm_bytes_jps") : 0;
    xyPath p = {0};
    for (int i = 0; small && big && i < l.sc.count; i += t_thin(3)) {
        run_query(t, e, small, &l.sc.q[i], &p);
        run_query(t, e, big, &l.sc.q[i], &p);
    }
    path_free(&p);
    if (small && big) /* jps=16's bound is what it starts with: it never grows */
        CHECKF(t,
               entry_counter(e, small, "mm_bytes_jps") == small_first &&
                   entry_counter(e, small, "mm_bytes_jps") < entry_counter(e, big, "mm_bytes_jps"),
               "JPS state %.0f -> %.0f bytes at jps=16, %.0f at jps=4096", small_first,
               entry_counter(e, small, "mm_bytes_jps"), entry_counter(e, big, "mm_bytes_jps"));
    if (small)
        e->destroy(small);
    if (big)
        e->destroy(big);
    unload(&l);
}

const TestCase MM_TESTS[] = {
    {"mm_every_option_valid", test_mm_every_option_valid},
    {"mm_every_key_tried", test_mm_every_key_tried},
    {"mm_profiles", test_mm_profiles},
    {"mm_jps_routes", test_mm_jps_routes},
    {"mm_corridor", test_mm_corridor},
    {"mm_bad_options", test_mm_bad_options},
    {"mm_incremental_calls", test_mm_incremental_calls},
    {"mm_work_keeps_paths", test_mm_work_keeps_paths},
    {"mm_cache_and_segfile_keep_paths", test_mm_cache_and_segfile_keep_paths},
    {"mm_unreachable_and_trivial", test_mm_unreachable_and_trivial},
    {"mm_near_box_checks_regions", test_mm_near_box_checks_regions},
    {"mm_bytes_parts", test_mm_bytes_parts},
    {"mm_searches_sized_at_prepare", test_mm_searches_sized_at_prepare},
    {"mm_bad_file_rebuilt", test_mm_bad_file_rebuilt},
    {"smooth_never_longer_and_legal", test_smooth_never_longer_and_legal},
    {"edge_cache_sym_and_nosym", test_edge_cache_sym_and_nosym},
    {"edge_cache_cap", test_edge_cache_cap},
    {"edge_cache_grows_in_pieces", test_edge_cache_grows_in_pieces},
    {NULL, NULL},
};
