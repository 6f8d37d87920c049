/* Grid A*: optimal on every embedded map and on several real Moving AI maps,
 * limits honoured, weighted bound kept, no allocation in the query loop. */
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/stamp.h"
#include "../../grid/scen.h"
#include "../../grid/validate.h"
#include "../../search/astar.h"
#include "test.h"

/* Runs a sample of a map's queries (t_sample_next: every t_thin(stride)-th and
 * the longest); returns the scenario's query count (0 on load failure). */
static int check_optima(T *t, const char *map_path, const char *scen_path, double weight, int stride)
{
    Grid g;
    Scenario sc;
    Err err;
    if (!grid_load_map(&g, map_path, &err)) {
        t_fail(t, __FILE__, __LINE__, "%s", err.msg);
        return 0;
    }
    if (!scen_load(&sc, scen_path, &err) || !scen_check_against(&sc, scen_path, &g, &err)) {
        t_fail(t, __FILE__, __LINE__, "%s", err.msg);
        grid_free(&g);
        return 0;
    }
    AStar a;
    CHECK(t, astar_init(&a, &g, &err));
    AStarLimits lim = {.weight = weight};
    xyPath path = {0};
    int bad = 0;
    for (int i = 0; i < sc.count && bad < 5; i = t_sample_next(i, stride, sc.count)) {
        const ScenQuery *q = &sc.q[i];
        path.len = 0;
        double len = astar_find(&a, q->start, q->goal, &lim, &path);
        bool none = q->optimal == 0 && (q->start.x != q->goal.x || q->start.y != q->goal.y);
        double tol = q->optimal_tol + 1e-6 * q->optimal;
        char why[160];
        double vlen;
        if (none) {
            bad += !(len < 0 && path.len == 0);
            CHECKF(t, len < 0 && path.len == 0, "%s:%d: found a path the scenario says is absent", scen_path, q->line);
            continue;
        }
        bool valid = path_validate(&g, q->start, q->goal, path.cells, path.len, &vlen, why, sizeof why);
        bool ok = valid && fabs(vlen - len) < 1e-9 &&
                  (weight == 1.0 ? fabs(len - q->optimal) <= tol : len <= weight * (q->optimal + tol));
        bad += !ok;
        CHECKF(t, ok, "%s:%d: length %.8f (path %.8f, %s) vs optimum %.8f", scen_path, q->line, len, vlen,
               valid ? "valid" : why, q->optimal);
    }
    path_free(&path);
    astar_free(&a);
    int n = sc.count;
    scen_free(&sc);
    grid_free(&g);
    return n;
}

static void test_astar_optimal_on_embedded_maps(T *t)
{
    const char *families[] = {"random", "rooms", "mazes"};
    int maps = 0;
    for (int f = 0; f < 3; f++) {
        char dir[256];
        snprintf(dir, sizeof dir, "maps/%s", families[f]);
        DIR *d = opendir(dir);
        CHECKF(t, d != NULL, "embedded maps missing: %s (run tests from the repo root)", dir);
        struct dirent *de;
        while (d && (de = readdir(d))) {
            size_t n = strlen(de->d_name);
            if (n < 5 || strcmp(de->d_name + n - 4, ".map") != 0)
                continue;
            char map[512], scen[512];
            snprintf(map, sizeof map, "maps/%s/%s", families[f], de->d_name);
            snprintf(scen, sizeof scen, "scenarios/%s/%s.scen", families[f], de->d_name);
            /* Every twelfth query and the longest (the differential test and
             * the entries' tests use A* as their reference too). */
            CHECKF(t, check_optima(t, map, scen, 1.0, 12) > 0, "%s: no queries", scen);
            maps++;
        }
        if (d)
            closedir(d);
    }
    CHECKF(t, maps >= 11, "only %d embedded maps", maps);
}

static void test_astar_optimal_on_real_maps(T *t)
{
    const char *dir = bench_dir(t);
    if (!dir)
        return;
    const char *names[] = {"dao/arena2", "dao/den312d", "dao/lak303d", "rooms/8room_000", "random/random512-20-0"};
    for (int i = 0; i < 5; i++) {
        char map[PATH_MAX], scen[PATH_MAX];
        map_scen_paths(dir, names[i], map, scen, sizeof map);
        /* Every twelfth query and the longest: the 512x512 maps' whole
         * scenarios would take a large share of make test's CPU budget. */
        CHECKF(t, check_optima(t, map, scen, 1.0, 12) > 300, "%s: too few queries", scen);
    }
}

static void test_weighted_astar_within_bound(T *t)
{
    check_optima(t, "maps/rooms/16room256-0.map", "scenarios/rooms/16room256-0.map.scen", 2.0, 1);
}

/* A wall with one gap at the top, in a 9x7 open map:
 *   ....@....  the straight line from (0,6) to (8,6) must climb to row 0. */
static Grid wall_map(void)
{
    bool bits[63];
    for (int i = 0; i < 63; i++)
        bits[i] = !(i % 9 == 4 && i / 9 >= 1);
    Grid g;
    Err err;
    grid_from_bits(&g, bits, 9, 7, &err);
    return g;
}

static void test_astar_limits(T *t)
{
    Grid g = wall_map();
    AStar a;
    Err err;
    CHECK(t, astar_init(&a, &g, &err));
    xyLoc s = {0, 6}, goal = {8, 6};
    xyPath p = {0};
    double free_len = astar_find(&a, s, goal, NULL, &p);
    CHECK(t, free_len > 8 && p.len > 0);
    /* Blocks of 3x3: marking only the bottom row of blocks forbids the gap. */
    uint16_t col[9], row[7];
    for (int i = 0; i < 9; i++)
        col[i] = (uint16_t)(i / 3);
    for (int i = 0; i < 7; i++)
        row[i] = (uint16_t)(i / 3);
    uint8_t mark[9] = {0};
    AStarLimits corridor = {
        .weight = 1, .block_mark = mark, .mark = 7, .col_block = col, .row_block = row, .blocks_w = 3};
    for (int b = 6; b < 9; b++)
        mark[b] = 7;
    size_t before = p.len;
    CHECK(t, astar_find(&a, s, goal, &corridor, &p) < 0 && p.len == before); /* appends nothing */
    for (int b = 0; b < 9; b++)
        mark[b] = 7;
    CHECK(t, fabs(astar_distance(&a, s, goal, &corridor) - free_len) < 1e-12);
    mark[1] = 6; /* the block holding the gap (3..5, 0..2) closed again */
    CHECK(t, astar_distance(&a, s, goal, &corridor) < 0);
    path_free(&p);
    astar_free(&a);
    grid_free(&g);
}

static void test_astar_unreachable_and_trivial(T *t)
{
    bool bits[9] = {1, 0, 1, 0, 0, 0, 1, 0, 1};
    Grid g;
    Err err;
    grid_from_bits(&g, bits, 3, 3, &err);
    AStar a;
    CHECK(t, astar_init(&a, &g, &err));
    xyPath p = {0};
    CHECK(t, astar_find(&a, (xyLoc){0, 0}, (xyLoc){2, 2}, NULL, &p) < 0 && p.len == 0);
    CHECK(t, astar_find(&a, (xyLoc){0, 0}, (xyLoc){1, 1}, NULL, &p) < 0 && p.len == 0);
    CHECK(t, astar_find(&a, (xyLoc){2, 0}, (xyLoc){2, 0}, NULL, &p) == 0 && p.len == 1);
    path_free(&p);
    astar_free(&a);
    grid_free(&g);
}

/* A* over maze256-2-0 and its scenario (the tests below free all three). */
static void open_maze(T *t, Grid *g, Scenario *sc, AStar *a)
{
    Err err;
    CHECK(t, grid_load_map(g, "maps/mazes/maze256-2-0.map", &err));
    CHECK(t, scen_load(sc, "scenarios/mazes/maze256-2-0.map.scen", &err));
    CHECK(t, astar_init(a, g, &err));
}

static void test_astar_no_allocation_per_query(T *t)
{
    Grid g;
    Scenario sc;
    AStar a;
    open_maze(t, &g, &sc, &a);
    xyPath p = {0};
    path_reserve(&p, (size_t)g.width * g.height);
    long before = alloc_calls;
    for (int i = 0; i < sc.count; i++) {
        p.len = 0;
        astar_find(&a, sc.q[i].start, sc.q[i].goal, NULL, &p);
    }
    CHECKF(t, alloc_calls == before, "%ld allocations in %d queries", alloc_calls - before, sc.count);
    CHECK(t, a.expanded > (uint64_t)sc.count);
    path_free(&p);
    astar_free(&a);
    scen_free(&sc);
    grid_free(&g);
}

/* What a paged A*'s grow gate (AStar.gate) saw: asks, the bytes asked
 * for, and asks at which the A* held other than what it held at first and
 * the growths asked before (a growth not asked first). */
typedef struct PagesAsked {
    const AStar *a;
    size_t asks, asked, start, wrong;
} PagesAsked;

static bool note_ask(void *ctx, size_t more)
{
    PagesAsked *k = ctx;
    k->wrong += astar_bytes(k->a) != k->start + k->asked;
    k->asks++;
    k->asked += more;
    return true;
}

/* The paged form is the same search as the whole one: the same cells,
 * lengths and expansions, over the whole map and confined to a box of
 * blocks; confined, it holds the pages of the blocks it reached, not the map;
 * traced, the same events. Both forms on the map packed as bits (grid.h)
 * are the same search again, and the paged form's open list, starting at a
 * page, grows as a search fills it, each growth (pages, slots, open list)
 * asked of its owner's gate first with the bytes it adds. */
static void test_astar_paged_is_the_same_search(T *t)
{
    Grid g, packed;
    Scenario sc;
    AStar whole, paged, whole_bits, paged_bits;
    Err err;
    open_maze(t, &g, &sc, &whole);
    CHECK(t, astar_init_paged(&paged, &g, 16, &err));
    CHECK(t, grid_pack(&packed, &g, &err));
    CHECK(t, astar_init(&whole_bits, &packed, &err) && astar_init_paged(&paged_bits, &packed, 16, &err));
    int bw = (g.width + 15) / 16, bh = (g.height + 15) / 16;
    uint16_t *col = malloc((size_t)g.width * sizeof *col), *row = malloc((size_t)g.height * sizeof *row);
    uint8_t *mark = calloc((size_t)bw * bh, sizeof *mark), gen = 0;
    for (int x = 0; x < g.width; x++)
        col[x] = (uint16_t)(x / 16);
    for (int y = 0; y < g.height; y++)
        row[y] = (uint16_t)(y / 16);
    xyPath pw = {0}, pp = {0}, pb = {0};
    int differ = 0, differ_bits = 0;
    size_t box_bytes = 0;
    for (int i = 0; i < sc.count; i += t_thin(7)) {
        const ScenQuery *q = &sc.q[i];
        for (int boxed = 0; boxed < 2; boxed++) {
            AStarLimits lim = {.weight = 1,
                               .block_mark = mark,
                               .mark = stamp_next_byte(&gen, mark, (size_t)bw * bh),
                               .col_block = col,
                               .row_block = row,
                               .blocks_w = bw};
            for (int by = row[q->start.y] - 1; boxed && by <= row[q->start.y] + 1; by++)
                for (int bx = col[q->start.x] - 1; bx <= col[q->start.x] + 1; bx++)
                    if (bx >= 0 && by >= 0 && bx < bw && by < bh)
                        mark[by * bw + bx] = lim.mark;
            pw.len = pp.len = 0;
            double lw = astar_find(&whole, q->start, q->goal, boxed ? &lim : NULL, &pw);
            double lp = astar_find(&paged, q->start, q->goal, boxed ? &lim : NULL, &pp);
            differ += lw != lp || whole.last_expanded != paged.last_expanded || pw.len != pp.len ||
                      memcmp(pw.cells, pp.cells, pw.len * sizeof *pw.cells);
            for (int form = 0; form < 2; form++) {
                AStar *b = form ? &paged_bits : &whole_bits;
                pb.len = 0;
                double lb = astar_find(b, q->start, q->goal, boxed ? &lim : NULL, &pb);
                differ_bits += lw != lb || whole.last_expanded != b->last_expanded || pw.len != pb.len ||
                               memcmp(pw.cells, pb.cells, pw.len * sizeof *pw.cells);
            }
            if (boxed && paged.pg.blocks > 10)
                t_fail(t, __FILE__, __LINE__, "query %d: %u blocks reached in a box of 9 blocks and the goal's", i,
                       paged.pg.blocks);
        }
    }
    CHECKF(t, differ == 0, "%d searches differ between the whole and the paged form", differ);
    CHECKF(t, differ_bits == 0, "%d searches differ on the packed map", differ_bits);
    /* An open map flooded around a walled-in goal: a frontier of hundreds
     * of cells, every one of them expanded as the whole form does. */
    enum { SIDE = 128 };
    bool *open = malloc(SIDE * SIDE * sizeof *open);
    for (int i = 0; i < SIDE * SIDE; i++)
        open[i] = i % SIDE < SIDE - 3 || i % SIDE == SIDE - 1; /* a wall two columns wide before the last */
    Grid flat;
    AStar flood, flood_whole;
    CHECK(t, grid_from_bits(&flat, open, SIDE, SIDE, &err) && astar_init_paged(&flood, &flat, 16, &err) &&
                 astar_init(&flood_whole, &flat, &err));
    /* The owner's budget weighs the first search's pages before it runs
     * (entries/mm): the forecast is what a first search takes at once. */
    size_t before = astar_bytes(&flood), first = astar_first_bytes(&flood);
    PagesAsked seen = {.a = &flood, .start = before};
    flood.gate = (GrowGate){note_ask, &seen};
    astar_find(&flood, (xyLoc){0, 0}, (xyLoc){1, 1}, NULL, NULL);
    CHECKF(t, first > 0 && astar_bytes(&flood) - before == first && astar_first_bytes(&flood) == 0,
           "first search took %zu bytes, forecast %zu", astar_bytes(&flood) - before, first);
    double lf = astar_find(&flood, (xyLoc){0, 0}, (xyLoc){SIDE - 1, SIDE - 1}, NULL, NULL);
    double lw = astar_find(&flood_whole, (xyLoc){0, 0}, (xyLoc){SIDE - 1, SIDE - 1}, NULL, NULL);
    CHECKF(t, lf < 0 && lw < 0 && flood.last_expanded == flood_whole.last_expanded,
           "flooded: paged %.3f in %llu expansions, whole %.3f in %llu", lf, (unsigned long long)flood.last_expanded,
           lw, (unsigned long long)flood_whole.last_expanded);
    CHECKF(t, flood.pg.open_grows > 0 && flood.bf.open.cap < flood.bf.count,
           "paged open list: %llu grows, %u slots for %zu nodes", (unsigned long long)flood.pg.open_grows,
           flood.bf.open.cap, flood.bf.count);
    CHECKF(t,
           seen.asks >= flood.pg.grows + flood.pg.open_grows + 1 && seen.wrong == 0 &&
               astar_bytes(&flood) == before + seen.asked,
           "gate: %zu asks (%zu after an unasked growth) for %zu bytes; grew %zu", seen.asks, seen.wrong, seen.asked,
           astar_bytes(&flood) - before);
    astar_free(&flood);
    astar_free(&flood_whole);
    grid_free(&flat);
    free(open);
    /* A fresh paged search confined to its start's blocks holds a few pages. */
    AStar small;
    CHECK(t, astar_init_paged(&small, &g, 16, &err));
    AStarLimits lim = {.weight = 1, .block_mark = mark, .mark = 99, .col_block = col, .row_block = row, .blocks_w = bw};
    mark[0] = mark[1] = lim.mark;
    pp.len = 0;
    size_t unsearched = astar_bytes(&small);
    CHECKF(t, !small.pg.block_slot && unsearched == 0, "a paged A* that never searched holds %zu bytes", unsearched);
    astar_find(&small, (xyLoc){0, 0}, (xyLoc){20, 5}, &lim, &pp);
    box_bytes = astar_bytes(&small);
    CHECKF(t, box_bytes * 20 < astar_bytes(&whole), "paged A* holds %zu bytes, the whole form %zu", box_bytes,
           astar_bytes(&whole));
    astar_free(&small);
    path_free(&pw);
    path_free(&pp);
    path_free(&pb);
    astar_free(&whole_bits);
    astar_free(&paged_bits);
    grid_free(&packed);
    free(col);
    free(row);
    free(mark);
    astar_free(&paged);
    astar_free(&whole);
    scen_free(&sc);
    grid_free(&g);
}

/* Counts a traced search's events by type and checks each parent was generated. */
typedef struct EventCount {
    long n[TRACE_END + 1];
    long orphans;
    const Grid *g;
    uint8_t *generated;
} EventCount;

static void count_event(void *sink, const TraceEvent *e)
{
    EventCount *c = sink;
    c->n[e->type]++;
    if (e->has_parent && !c->generated[e->parent.y * c->g->width + e->parent.x])
        c->orphans++;
    if (e->type == TRACE_GENERATING)
        c->generated[e->cell.y * c->g->width + e->cell.x] = 1;
}

/* A traced search finds what the untraced one finds, and reports one
 * expanding and one closing event per expansion, parents generated first. */
/* A paged search that reaches more than 2^16 blocks (blocks of one cell on
 * an open map) keeps telling its blocks apart: a block's slot is stored in
 * 16 bits (search/astar.h), so the slots past 2^16 share low bits. */
static void test_astar_paged_past_2_16_blocks(T *t)
{
    enum { SIDE = 300 };
    bool *open = malloc(SIDE * SIDE * sizeof *open);
    for (int i = 0; i < SIDE * SIDE; i++)
        open[i] = !(i / SIDE == SIDE / 2 && i % SIDE > 0); /* a wall with a gap at x 0 */
    Grid g;
    AStar paged, whole;
    Err err;
    CHECK(t, grid_from_bits(&g, open, SIDE, SIDE, &err) && astar_init_paged(&paged, &g, 1, &err) &&
                 astar_init(&whole, &g, &err));
    xyLoc s = {SIDE - 1, 0}, goal = {SIDE - 1, SIDE - 1};
    double lp = astar_find(&paged, s, goal, NULL, NULL), lw = astar_find(&whole, s, goal, NULL, NULL);
    CHECKF(t, lp == lw && lp > 0 && paged.last_expanded == whole.last_expanded && paged.pg.blocks > 1u << 16,
           "paged %.3f in %llu expansions over %u blocks, whole %.3f in %llu", lp,
           (unsigned long long)paged.last_expanded, paged.pg.blocks, lw, (unsigned long long)whole.last_expanded);
    astar_free(&paged);
    astar_free(&whole);
    grid_free(&g);
    free(open);
}

static void test_astar_traced_search_is_the_same_search(T *t)
{
    Grid g;
    Scenario sc;
    AStar a;
    open_maze(t, &g, &sc, &a);
    xyPath plain = {0}, traced = {0};
    EventCount c = {.g = &g};
    Tracer tr = {count_event, &c, "test"};
    for (int i = 0; i < sc.count; i += 97) {
        plain.len = traced.len = 0;
        a.tracer = NULL;
        double len = astar_find(&a, sc.q[i].start, sc.q[i].goal, NULL, &plain);
        uint64_t expanded = a.last_expanded;
        memset(c.n, 0, sizeof c.n);
        c.generated = calloc((size_t)g.width * g.height, 1);
        a.tracer = &tr;
        CHECK(t, astar_find(&a, sc.q[i].start, sc.q[i].goal, NULL, &traced) == len);
        CHECK(t, traced.len == plain.len && !memcmp(traced.cells, plain.cells, plain.len * sizeof *plain.cells));
        CHECKF(t, c.n[TRACE_EXPANDING] == (long)expanded && c.n[TRACE_CLOSING] == (long)expanded,
               "query %d: %ld expanding, %ld closing events for %llu expansions", i, c.n[TRACE_EXPANDING],
               c.n[TRACE_CLOSING], (unsigned long long)expanded);
        CHECK(t, c.n[TRACE_SOURCE] == 1 && c.n[TRACE_DESTINATION] == 1 && c.n[TRACE_END] == 1);
        CHECK(t, c.n[TRACE_GENERATING] > 0 && c.orphans == 0);
        free(c.generated);
    }
    path_free(&plain);
    path_free(&traced);
    astar_free(&a);
    scen_free(&sc);
    grid_free(&g);
}

const TestCase ASTAR_TESTS[] = {
    {"astar_optimal_on_embedded_maps", test_astar_optimal_on_embedded_maps},
    {"astar_optimal_on_real_maps", test_astar_optimal_on_real_maps},
    {"weighted_astar_within_bound", test_weighted_astar_within_bound},
    {"astar_limits", test_astar_limits},
    {"astar_paged_is_the_same_search", test_astar_paged_is_the_same_search},
    {"astar_paged_past_2_16_blocks", test_astar_paged_past_2_16_blocks},
    {"astar_unreachable_and_trivial", test_astar_unreachable_and_trivial},
    {"astar_no_allocation_per_query", test_astar_no_allocation_per_query},
    {"astar_traced_search_is_the_same_search", test_astar_traced_search_is_the_same_search},
    {NULL, NULL},
};
