/* The JPS tried first (refine/routes.h): where three capped tries gave up
 * heading one way out of a sector, the next query so heading is not tried,
 * nor one heading that way into the sector they went to, while one heading
 * another way out of the first sector still is; credit kept by bands
 * of distance; and queries past the reach (RoutesConfig.jps_reach), tried
 * to the far cap only, whose failures spend no credit. */
#include "../../Entry.h"
#include "../../abstraction/abstraction.h"
#include "../../entries/mm/mm_inst.h"
#include "../../grid/validate.h"
#include "../../refine/legplan.h"
#include "../../refine/routes.h"
#include "test.h"

/* The JPS route (ROUTES, by name). */
static const Route *jps_route(void)
{
    for (int i = 0; i < ROUTE_COUNT; i++)
        if (ROUTES[i].name[0] == 'j')
            return &ROUTES[i];
    return NULL;
}

/* 64x64: pillars every third cell (many jump points) and a cup around
 * (30, 21) open to the west only, so a search from it heading east goes
 * round its walls and gives up at a small cap. */
static bool cup_map(Grid *g, Err *err)
{
    if (!grid_init_blocked(g, 64, 64, err))
        return false;
    for (int y = 0; y < 64; y++)
        for (int x = 0; x < 64; x++) {
            bool pillar = x % 3 == 1 && y % 3 == 1;
            bool cup = (x == 40 && y >= 12 && y <= 30) || ((y == 12 || y == 30) && x >= 22 && x <= 40);
            grid_set_passable(g, x, y, !pillar && !cup);
        }
    return true;
}

static void test_try_gave_up_heading(T *t)
{
    Grid g;
    Abstraction a;
    LegPlanner lp;
    Routes rt;
    Err err;
    RoutesConfig cfg = {.jps_cap = 16, .skip_gave_up = true};
    CHECK(t, cup_map(&g, &err) && abs_build(&a, &g, 16, true, &err) && legplan_init(&lp, &g, &a, &err) &&
                 routes_init(&rt, &cfg, &g, &a, &lp, &err));
    const Route *jps = jps_route();
    CHECK(t, jps != NULL);
    xyPath out = {0};
    uint64_t expanded;
    xyLoc in = {30, 21}, east = {60, 21}, west = {3, 21}; /* sectors (1, 1), (3, 1), (0, 1) */
    xyLoc near_s = {40, 42}, near_g = {42, 42};           /* answered in a few expansions, elsewhere */
    RouteResult res[3];
    for (int k = 0; k < 3; k++) {
        res[k] = jps->run(&rt, in, east, &out, &expanded, false);
        for (int n = 0; n < 4; n++) /* the credit the try lost, earned back */
            CHECK(t, jps->run(&rt, near_s, near_g, &out, &expanded, false) == ROUTE_ANSWERED);
    }
    CHECKF(t, res[0] == ROUTE_TRIED && res[1] == ROUTE_TRIED && res[2] == ROUTE_TRIED,
           "the cup's tries east: %d %d %d, not all gave up", res[0], res[1], res[2]);
    uint64_t skipped = rt.stats.jps_skipped, capped = rt.stats.jps_capped;
    CHECK(t, jps->run(&rt, in, east, &out, &expanded, false) == ROUTE_PASS);
    CHECK(t, rt.stats.jps_skipped == skipped + 1 && rt.stats.jps_capped == capped);
    /* Into g's sector heading east from elsewhere: not tried either. */
    CHECK(t, jps->run(&rt, (xyLoc){44, 21}, east, &out, &expanded, false) == ROUTE_PASS);
    /* Out of the cup's sector heading west: tried (and answered). */
    CHECK(t, jps->run(&rt, in, west, &out, &expanded, false) == ROUTE_ANSWERED);
    CHECK(t, rt.stats.jps_skipped == skipped + 2 && rt.stats.jps_capped == capped);
    path_free(&out);
    routes_free(&rt);
    legplan_free(&lp);
    abs_free(&a);
    grid_free(&g);
}

/* Credit by bands of distance (RoutesConfig.bands): two capped tries of
 * one band spend its credit, and a query of that band is then not tried,
 * while one a band farther still is (and answers). With one credit for
 * all far queries (bands 0) the second is not tried either. */
static void test_try_bands_apart(T *t)
{
    Grid g;
    Abstraction a;
    LegPlanner lp;
    Routes rt;
    Err err;
    RoutesConfig cfg = {.jps_cap = 16, .bands = 32};
    CHECK(t, cup_map(&g, &err) && abs_build(&a, &g, 16, true, &err) && legplan_init(&lp, &g, &a, &err) &&
                 routes_init(&rt, &cfg, &g, &a, &lp, &err));
    const Route *jps = jps_route();
    xyPath out = {0};
    uint64_t expanded;
    xyLoc in = {30, 21}, east = {60, 21}; /* octile2 60: band 1, gives up at the cap */
    for (int k = 0; k < 2; k++)
        CHECK(t, jps->run(&rt, in, east, &out, &expanded, false) == ROUTE_TRIED);
    /* band 1 again: out of credit, not tried */
    CHECK(t, jps->run(&rt, (xyLoc){10, 42}, (xyLoc){40, 42}, &out, &expanded, false) == ROUTE_PASS);
    /* band 2 (octile2 74), along an open row: tried, answered */
    RouteResult far = jps->run(&rt, (xyLoc){3, 42}, (xyLoc){40, 42}, &out, &expanded, false);
    CHECKF(t, far == ROUTE_ANSWERED, "a query a band farther: %d, not answered", far);
    CHECK(t, rt.stats.jps_skipped == 1 && rt.stats.jps_capped == 2 && rt.stats.jps == 1);
    path_free(&out);
    routes_free(&rt);
    legplan_free(&lp);
    abs_free(&a);
    grid_free(&g);
}

/* Past the reach (octile distance 20 here): the cup's query east (octile2
 * 60) is tried to the far cap and gives up, twice, which spends the credit
 * of such queries, so the third is not tried; the credit of the queries
 * within the reach is what it was, and one along an open row is tried to
 * the full cap and answered. Without a far cap the cup's query is not tried
 * at all. */
static void test_try_past_the_reach(T *t)
{
    Grid g;
    Abstraction a;
    LegPlanner lp;
    Routes rt;
    Err err;
    RoutesConfig cfg = {.jps_cap = 64, .jps_reach = 20, .far_cap = 4, .skip_gave_up = true};
    CHECK(t, cup_map(&g, &err) && abs_build(&a, &g, 16, true, &err) && legplan_init(&lp, &g, &a, &err) &&
                 routes_init(&rt, &cfg, &g, &a, &lp, &err));
    const Route *jps = jps_route();
    xyPath out = {0};
    uint64_t expanded;
    xyLoc in = {30, 21}, east = {60, 21};
    for (int k = 0; k < 2; k++)
        CHECK(t, jps->run(&rt, in, east, &out, &expanded, false) == ROUTE_TRIED && expanded <= 4);
    CHECK(t, jps->run(&rt, in, east, &out, &expanded, false) == ROUTE_PASS);
    CHECKF(t, rt.credit[0] == rt.credit[1] && rt.credit[1] > 0 && rt.stats.jps_far == 3 && rt.stats.jps_capped == 2,
           "credit near %d far %d, jps_far %llu", rt.credit[0], rt.credit[1], (unsigned long long)rt.stats.jps_far);
    CHECK(t, jps->run(&rt, (xyLoc){10, 42}, (xyLoc){26, 42}, &out, &expanded, false) == ROUTE_ANSWERED);
    routes_free(&rt);
    cfg.far_cap = 0;
    CHECK(t, routes_init(&rt, &cfg, &g, &a, &lp, &err));
    CHECK(t, jps->run(&rt, in, east, &out, &expanded, false) == ROUTE_PASS && rt.stats.jps_far == 1 &&
                 rt.stats.jps_capped == 0);
    path_free(&out);
    routes_free(&rt);
    legplan_free(&lp);
    abs_free(&a);
    grid_free(&g);
}

/* 64x64: pillars every third cell and a wall down column 32, so a
 * search from the west half to the east one meets many jump points and
 * finds no path. */
static bool split_map(Grid *g, Err *err)
{
    if (!grid_init_blocked(g, 64, 64, err))
        return false;
    for (int y = 0; y < 64; y++)
        for (int x = 0; x < 64; x++)
            grid_set_passable(g, x, y, x != 32 && !(x % 3 == 1 && y % 3 == 1));
    return true;
}

/* A capped try whose query had no path (routes_forgive_try) spends no
 * credit: after three such tries across the wall a query along an open
 * row is still tried and answered; three tries left charged spend the
 * credit, and the same query is then not tried. */
static void test_try_unreachable_forgiven(T *t)
{
    Grid g;
    Abstraction a;
    LegPlanner lp;
    Routes rt;
    Err err;
    RoutesConfig cfg = {.jps_cap = 16};
    CHECK(t, split_map(&g, &err) && abs_build(&a, &g, 16, true, &err) && legplan_init(&lp, &g, &a, &err) &&
                 routes_init(&rt, &cfg, &g, &a, &lp, &err));
    const Route *jps = jps_route();
    xyPath out = {0};
    uint64_t expanded;
    xyLoc west = {3, 21}, east = {60, 21}, row_s = {3, 42}, row_g = {30, 42};
    for (int forgive = 1; forgive >= 0; forgive--) {
        for (int k = 0; k < 3; k++) {
            RouteResult res = jps->run(&rt, west, east, &out, &expanded, false);
            CHECKF(t, res == ROUTE_TRIED, "a try across the wall: %d, not capped", res);
            if (forgive)
                routes_forgive_try(&rt);
        }
        RouteResult res = jps->run(&rt, row_s, row_g, &out, &expanded, false);
        CHECKF(t, res == (forgive ? ROUTE_ANSWERED : ROUTE_PASS), "%s: the open row's query %d",
               forgive ? "forgiven" : "charged", res);
    }
    CHECK(t, rt.stats.jps_forgiven == 3 && rt.stats.jps_capped == 6 && rt.stats.jps_skipped == 1);
    path_free(&out);
    routes_free(&rt);
    legplan_free(&lp);
    abs_free(&a);
    grid_free(&g);
}

/* Through mm on a dao map whose scenario opens with ten pairs that do not
 * connect (lak519d's bucket 0): the tries that gave up on them are
 * forgiven once the abstract search finds no route, so the reachable
 * queries after them are all tried (charged, they spent the credit and
 * many of the next queries were not tried). */
static void test_unreachable_queries_keep_tries(T *t)
{
    Loaded l;
    if (!load_bench(t, "dao/lak519d", &l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, "mm", &l, &e);
    xyPath p = {0};
    int unreachable = 0;
    for (int i = 0; inst && i < 130 && i < l.sc.count; i++) {
        p.len = 0;
        run_query(t, e, inst, &l.sc.q[i], &p);
        unreachable += p.len == 0;
    }
    double forgiven = inst ? entry_counter(e, inst, "jps_forgiven") : -1;
    double skipped = inst ? entry_counter(e, inst, "jps_skipped") : -1;
    CHECKF(t, unreachable == 10 && forgiven >= 1 && skipped == 0,
           "lak519d's first 130 queries: %d without a path, %g tries forgiven, %g not tried", unreachable, forgiven,
           skipped);
    if (inst)
        e->destroy(inst);
    path_free(&p);
    unload(&l);
}

/* prepare's warm-up query (entries/mm/mm_warm.c) teaches the routes
 * nothing of JPS's tries: on brc202d its corner-to-corner try gives up at
 * the far cap, and after prepare no try is held to be charged to the first
 * query, whose credits are those the routes began with. */
static void test_warm_up_holds_no_try(T *t)
{
    Loaded l;
    if (!load_bench(t, "dao/brc202d", &l))
        return;
    const Entry *e;
    MmEntry *mm = prepare_spec(t, "mm", &l, &e);
    if (mm) {
        const Routes *rt = &mm->refiner.routes;
        CHECKF(t, !rt->capped.held && rt->credit[0] == rt->credit[2] && rt->credit[1] == rt->credit[2],
               "after the warm-up: a try held %d, credits %d %d %d", rt->capped.held, rt->credit[0], rt->credit[1],
               rt->credit[2]);
        e->destroy(mm);
    }
    unload(&l);
}

/* Benchmark map `name`'s query `qi` on a fresh instance (its route does
 * not hang on the credit of the queries before it): the path checked
 * valid, and whether its first cells went out in a call before its last.
 * False, said, where they did not; skipped without the benchmarks. */
static void first_cells_early(T *t, const char *name, int qi)
{
    Loaded l;
    if (!load_bench(t, name, &l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, "mm", &l, &e);
    const ScenQuery *q = l.sc.count > qi ? &l.sc.q[qi] : NULL;
    xyPath p = {0};
    int calls = 0, first = -1;
    for (bool done = false; inst && q && !done && calls < 100000; calls++) {
        done = e->get_path(inst, q->start, q->goal, &p);
        if (first < 0 && p.len > 0)
            first = calls;
    }
    CHECKF(t, inst && q && path_validate(&l.g, q->start, q->goal, p.cells, p.len, NULL, NULL, 0),
           "%s's query %d: no valid path", name, qi);
    CHECKF(t, first >= 0 && first < calls - 1, "%s's query %d: first cells in call %d of %d", name, qi, first + 1,
           calls);
    if (inst)
        e->destroy(inst);
    path_free(&p);
    unload(&l);
}

/* On a dao map of the default profile, a query past its JPS reach whose
 * JPS runs past the far cap (brc000d's query 650: a capped try, within
 * the default cap, answered it whole in its last call) takes the abstract
 * route: its first cells go out in a call before its last. */
static void test_past_reach_first_cells_early(T *t) { first_cells_early(t, "dao/brc000d", 650); }

/* A small dao map of many corners a sector whose queries reach past the
 * default profile's JPS reach (ost002d) takes the default profile, not
 * small-map (entries/mm/mm_profile.c SMALL_MAP_DENSE): a query past the
 * reach (its query 541) hands out its first cells before its last call,
 * where the small route's JPS searched the whole path first. */
static void test_dense_small_map_first_cells_early(T *t) { first_cells_early(t, "dao/ost002d", 541); }

const TestCase MM_TRY_TESTS[] = {
    {"try_gave_up_heading", test_try_gave_up_heading},
    {"try_bands_apart", test_try_bands_apart},
    {"try_past_the_reach", test_try_past_the_reach},
    {"try_unreachable_forgiven", test_try_unreachable_forgiven},
    {"unreachable_queries_keep_tries", test_unreachable_queries_keep_tries},
    {"warm_up_holds_no_try", test_warm_up_holds_no_try},
    {"past_reach_first_cells_early", test_past_reach_first_cells_early},
    {"dense_small_map_first_cells_early", test_dense_small_map_first_cells_early},
    {NULL, NULL},
};
