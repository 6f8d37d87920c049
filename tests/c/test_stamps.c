/* Generation stamps at the wrap (common/stamp.h): every stamped search runs
 * the same queries from a fresh state, and again in a second instance whose
 * marks all hold the generation the first search after the wrap will get
 * (as a search 2^32 generations ago would have left them) and whose counters
 * stand at the last generation before the wrap, so its first search wraps.
 * The paths must be identical, cell for cell. Without the clearing in
 * stamp_wrap the old marks would pass for this search's, and the second run
 * goes wrong (checked: with the clearing removed, the grid A*, JPS, VRA* and
 * MM refiner tests fail and the CH query crashes). */
#include <stdlib.h>
#include <string.h>

#include "../../abstraction/index.h"
#include "../../entries/ch/ch_hub.h"
#include "../../entries/ch/ch_query.h"
#include "../../entries/vra/vra.h"
#include "../../refine/refiner.h"
#include "../../search/astar.h"
#include "../../search/jps.h"
#include "test.h"

/* The last generation before the wrap: the next search wraps. */
#define NEAR_WRAP UINT32_MAX
#define QUERIES 40

/* The top-left w x h corner of an embedded map: small enough that CH
 * contracts it twice in well under a second. */
static bool corner(T *t, const char *name, int w, int h, Grid *out)
{
    Loaded l;
    if (!load_named(t, name, &l))
        return false;
    Err err;
    bool ok = grid_init_blocked(out, w, h, &err);
    for (int y = 0; ok && y < h; y++)
        for (int x = 0; x < w; x++)
            grid_set_passable(out, x, y, grid_passable(&l.g, x, y));
    unload(&l);
    CHECK(t, ok);
    return ok;
}

/* QUERIES pairs of passable cells, the same every run (splitmix64). */
static void pick_pairs(const Grid *g, xyLoc s[QUERIES], xyLoc goal[QUERIES])
{
    uint64_t seed = 77;
    for (int i = 0; i < 2 * QUERIES;) {
        uint64_t z = (seed += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
        xyLoc c = {(int16_t)(z % (uint64_t)g->width), (int16_t)((z >> 32) % (uint64_t)g->height)};
        if (!grid_passable(g, c.x, c.y))
            continue;
        if (i % 2)
            goal[i / 2] = c;
        else
            s[i / 2] = c;
        i++;
    }
}

/* Marks as a search 2^32 generations ago leaves them: generation 1, the
 * one the first search after the wrap gets, on every node, closed. */
static void poison_nodes(BestFirst *bf)
{
    for (size_t i = 0; i < bf->count; i++)
        bf->node[i] = (BfNode){0.0, 1, BF_CLOSED};
}
static void poison_regions(RegionSearch *as)
{
    uint32_t nb = (as->ix->abs->nregions + REGION_BLOCK - 1) / REGION_BLOCK;
    for (uint32_t b = 0; b < nb; b++)
        as->blocks[b] = (RegionBlock){1, UINT32_MAX, UINT32_MAX}; /* every region closed */
}
static void poison_marks(uint32_t *marks, size_t n)
{
    for (size_t i = 0; i < n; i++)
        marks[i] = 1;
}

/* Every path of a run, one after another, each ended by a (-1, -1) cell. */
static void end_path(xyPath *all) { path_push(all, (xyLoc){-1, -1}); }

static void check_same(T *t, const char *what, const xyPath *fresh, const xyPath *wrapped)
{
    CHECKF(t, fresh->len > 2 * QUERIES, "%s: the queries found no paths", what);
    CHECKF(t, fresh->len == wrapped->len && memcmp(fresh->cells, wrapped->cells, fresh->len * sizeof(xyLoc)) == 0,
           "%s: paths differ across the stamp wrap (%zu cells vs %zu)", what, fresh->len, wrapped->len);
}

static void test_stamp_wrap_astar_jps_vra(T *t)
{
    Grid g;
    if (!corner(t, "rooms/8room256-0", 96, 96, &g))
        return;
    xyLoc s[QUERIES], goal[QUERIES];
    pick_pairs(&g, s, goal);
    Err err;
    xyPath out[4][2] = {{{0}}};
    for (int run = 0; run < 2; run++) {
        AStar a;
        Jps j, jp;
        Vra v;
        JumpTable table;
        CHECK(t, astar_init(&a, &g, &err) && jps_init(&j, &g, NULL, &err) && vra_init(&v, &g, true, &err) &&
                     jt_build(&table, &g, &err) && jps_init(&jp, &g, &table, &err));
        if (run) {
            poison_nodes(&a.bf);
            poison_nodes(&v.bf);
            poison_marks(v.mark, v.cap);
            for (size_t i = 0; i < jp.open.count; i++) { /* JPS's open list (jps_open.h) */
                jp.open.node[i] = (JoNode){.stamp = 1, .pos = JO_CLOSED};
                j.open.node[i] = (JoNode){.stamp = 1, .pos = JO_CLOSED};
            }
            a.bf.stamp = j.open.stamp = v.bf.stamp = v.mark_gen = jp.open.stamp = NEAR_WRAP;
        }
        for (int i = 0; i < QUERIES; i++) {
            astar_find(&a, s[i], goal[i], NULL, &out[0][run]);
            end_path(&out[0][run]);
            jps_find(&j, s[i], goal[i], &out[1][run]);
            end_path(&out[1][run]);
            vra_find(&v, s[i], goal[i], &out[2][run]);
            end_path(&out[2][run]);
            jps_find(&jp, s[i], goal[i], &out[3][run]);
            end_path(&out[3][run]);
        }
        CHECKF(t, !run || (a.bf.stamp < 100 && j.open.stamp < 100 && v.bf.stamp < 100000), "no wrap: %u %u %u",
               a.bf.stamp, j.open.stamp, v.bf.stamp); /* they did wrap */
        CHECKF(t, !run || jp.open.stamp < 100, "jps+: no wrap: %u", jp.open.stamp);
        astar_free(&a);
        jps_free(&j);
        jps_free(&jp);
        vra_free(&v);
    }
    const char *names[4] = {"grid A*", "jps", "vra", "jps+"};
    for (int k = 0; k < 4; k++) {
        check_same(t, names[k], &out[k][0], &out[k][1]);
        path_free(&out[k][0]);
        path_free(&out[k][1]);
    }
    grid_free(&g);
}

static bool same_graph(const ChGraph *a, const ChGraph *b)
{
    return a->n == b->n && a->m == b->m && a->shortcuts == b->shortcuts &&
           !memcmp(a->cell, b->cell, a->n * sizeof *a->cell) && !memcmp(a->rank, b->rank, a->n * sizeof *a->rank) &&
           !memcmp(a->first, b->first, (a->n + 1) * sizeof *a->first) &&
           !memcmp(a->edge, b->edge, a->m * sizeof *a->edge);
}

/* The build's witness searches and the query's labels each cross the wrap.
 * The build's marks cannot be poisoned from outside, so its half of the test
 * catches a missing wrap (a generation of 0 would match every node never
 * touched), not a wrap that forgets to clear. */
static void test_stamp_wrap_ch(T *t)
{
    Grid g;
    if (!corner(t, "random/random256-20-0", 48, 48, &g))
        return;
    xyLoc s[QUERIES], goal[QUERIES];
    pick_pairs(&g, s, goal);
    Err err;
    ChGraph graph[2];
    xyPath out[2] = {{0}};
    for (int run = 0; run < 2; run++) {
        ChBuildConfig cfg = {.witness_limit = 500, .first_stamp = run ? UINT32_MAX - 500 : 0};
        CHECK(t, ch_build(&graph[run], &g, &cfg, &err));
        int32_t *node_of = malloc((size_t)(g.height + 2) * g.stride * sizeof *node_of);
        for (uint32_t v = 0; v < graph[run].n; v++)
            node_of[graph[run].cell[v]] = (int32_t)v;
        ChQuery q;
        CHECK(t, ch_query_init(&q, &graph[run], &g, &err));
        if (run) {
            for (int side = 0; side < 2; side++)
                for (uint32_t i = 0; i < graph[run].n; i++)
                    q.label[side][i] = (ChLabel){0, 1, CH_NONE};
            q.stamp = NEAR_WRAP;
        }
        for (int i = 0; i < QUERIES; i++) {
            ch_query_path(&q, (uint32_t)node_of[grid_index(&g, s[i].x, s[i].y)],
                          (uint32_t)node_of[grid_index(&g, goal[i].x, goal[i].y)], &out[run]);
            end_path(&out[run]);
        }
        CHECK(t, !run || q.stamp < 100);
        ch_query_free(&q);
        free(node_of);
    }
    CHECKF(t, same_graph(&graph[0], &graph[1]), "ch: the hierarchy differs across the witness stamp wrap");
    check_same(t, "ch query", &out[0], &out[1]);
    for (int run = 0; run < 2; run++) {
        ch_free(&graph[run]);
        path_free(&out[run]);
    }
    grid_free(&g);
}

/* The same for the hierarchy over the subgoal graph (ch_sg.c): the build's
 * witness searches cross the wrap, and the queries between subgoals give
 * the same paths. Only the query half is known to fail on a missing wrap
 * (stamp_next replaced by ++: paths differ); in the build a generation of 0
 * spoils one witness search, which on this map changes no shortcut. */
static void test_stamp_wrap_ch_subgoal(T *t)
{
    Grid g;
    if (!corner(t, "random/random256-20-0", 48, 48, &g))
        return;
    Err err;
    SubGraph sg;
    CHECK(t, sub_graph_mark(&sg, &g, &err) && sub_graph_link(&sg, &err));
    ChGraph graph[2];
    xyPath out[2] = {{0}};
    for (int run = 0; run < 2; run++) {
        ChBuildConfig cfg = {.witness_limit = 500, .first_stamp = run ? UINT32_MAX - 500 : 0};
        CHECK(t, ch_sg_build(&graph[run], &sg, &g, &cfg, &err));
        ChQuery q;
        CHECK(t, ch_query_init(&q, &graph[run], &g, &err));
        if (run) { /* labels of generation 1 left over: a wrap that does not clear would trust them */
            for (int side = 0; side < 2; side++)
                for (uint32_t i = 0; i < graph[run].n; i++)
                    q.label[side][i] = (ChLabel){0, 1, CH_NONE};
            q.stamp = NEAR_WRAP;
        }
        for (uint32_t i = 0; i < QUERIES && graph[run].n; i++) {
            ch_query_path(&q, i % graph[run].n, (i * 7 + 3) % graph[run].n, &out[run]);
            end_path(&out[run]);
        }
        CHECK(t, !run || q.stamp < 100);
        ch_query_free(&q);
    }
    CHECK(t, graph[0].n > 20);
    CHECKF(t, same_graph(&graph[0], &graph[1]), "ch subgoal: the hierarchy differs across the witness stamp wrap");
    check_same(t, "ch subgoal query", &out[0], &out[1]);
    for (int run = 0; run < 2; run++) {
        ch_free(&graph[run]);
        path_free(&out[run]);
    }
    sub_graph_free(&sg);
    grid_free(&g);
}

/* CH's hub labels (ch_hub.h): the query's forward marks start just below
 * the wrap, with marks of generation 1 left over (a wrap that does not
 * clear would trust them: paths differ when stamp_next is replaced by ++). */
static void test_stamp_wrap_ch_hubs(T *t)
{
    Grid g;
    if (!corner(t, "rooms/8room256-0", 96, 96, &g))
        return;
    Err err;
    SubGraph sg;
    ChGraph graph;
    ChBuildConfig cfg = {.witness_limit = 500};
    CHECK(t, sub_graph_mark(&sg, &g, &err) && sub_graph_link(&sg, &err) && ch_sg_build(&graph, &sg, &g, &cfg, &err));
    ChQuery q;
    CHECK(t, ch_query_init(&q, &graph, &g, &err));
    xyPath out[2] = {{0}};
    for (int run = 0; run < 2; run++) {
        ChHubs h;
        CHECK(t, ch_hubs_build(&h, &graph, (size_t)1 << 24, &err) && h.n == graph.n);
        if (run) {
            for (uint32_t i = 0; i < h.n; i++) {
                h.fstamp[i] = 1;
                h.fdist[i] = 0;
                h.fseed[i] = 0;
            }
            h.stamp = NEAR_WRAP;
        }
        for (uint32_t i = 0; i < QUERIES && graph.n; i++) {
            ChSeed a = {i % graph.n, 0}, b = {(i * 7 + 3) % graph.n, 0};
            const ChSeed *seed[2] = {&a, &b};
            const uint32_t count[2] = {1, 1};
            uint32_t pick[2];
            ch_query_aim(&q, q.xy[a.node], q.xy[b.node]);
            uint32_t hub = ch_hubs_meet(&h, &q, seed, count, pick);
            if (hub != CH_NONE)
                ch_hubs_unpack(&h, &q, hub, a.node, b.node, &out[run]);
            end_path(&out[run]);
        }
        CHECK(t, !run || h.stamp < 100);
        ch_hubs_free(&h);
    }
    CHECK(t, graph.n > 20);
    check_same(t, "ch hub query", &out[0], &out[1]);
    for (int run = 0; run < 2; run++)
        path_free(&out[run]);
    ch_query_free(&q);
    ch_free(&graph);
    sub_graph_free(&sg);
    grid_free(&g);
}

/* The MM refiner: its abstract search, leg planner (corridor marks,
 * its grid A*) and region locator all start just below the wrap. */
static void test_stamp_wrap_mm_refiner(T *t)
{
    Grid g;
    if (!corner(t, "rooms/16room256-0", 128, 128, &g))
        return;
    xyLoc s[QUERIES], goal[QUERIES];
    pick_pairs(&g, s, goal);
    Err err;
    Abstraction abs;
    AbsIndex ix;
    CHECK(t, abs_build(&abs, &g, 16, true, &err) && abs_index_init(&ix, &abs, &err));
    xyPath out[2] = {{0}};
    for (int run = 0; run < 2; run++) {
        RegionSearch as;
        LegPlanner legs;
        EdgeCache cache;
        Refiner r;
        RefineConfig cfg = {.weight = 1, .legs_per_call = 1000, .smooth = true};
        CHECK(t, region_search_init(&as, &ix, false, NULL, &err) && legplan_init(&legs, &g, &abs, &err) &&
                     edge_cache_init(&cache, LEGS_OFF, 0, 0, 0, &err) &&
                     refiner_init(&r, &cfg, &g, &ix, &as, &legs, &cache, NULL, &err));
        if (run) {
            poison_regions(&as);
            poison_nodes(&legs.astar.bf);
            memset(legs.sector_mark, 1, abs.nsectors); /* byte stamps (common/stamp.h stamp_next_byte) */
            legs.mark = UINT8_MAX;
            as.stamp = legs.astar.bf.stamp = NEAR_WRAP;
        }
        for (int i = 0; i < QUERIES; i++) {
            while (!refiner_step(&r, s[i], goal[i], &out[run]))
                ;
            end_path(&out[run]);
        }
        CHECK(t, !run || (as.stamp < 100 && legs.mark < UINT8_MAX && legs.astar.bf.stamp < 1000));
        refiner_free(&r);
        edge_cache_free(&cache);
        legplan_free(&legs);
        region_search_free(&as);
    }
    check_same(t, "mm refiner", &out[0], &out[1]);
    path_free(&out[0]);
    path_free(&out[1]);
    abs_index_free(&ix);
    abs_free(&abs);
    grid_free(&g);
}

/* The helper itself: marks cleared on the wrap, and only then. */
static void test_stamp_next_clears_on_wrap(T *t)
{
    struct {
        double pad;
        uint32_t mark;
    } rec[5] = {{0, 7}, {0, 8}, {0, UINT32_MAX}, {0, 3}, {0, 1}};
    uint32_t plain[3] = {9, 9, 9}, gen = UINT32_MAX - 1;
    StampArea areas[2] = {STAMP_FIELD(rec, mark, 5), STAMP_ARRAY(plain, 3)};
    CHECK(t, stamp_next(&gen, areas, 2) == UINT32_MAX && rec[0].mark == 7 && plain[2] == 9);
    CHECK(t, stamp_next(&gen, areas, 2) == 1 && gen == 1);
    for (int i = 0; i < 5; i++)
        CHECK(t, rec[i].mark == 0);
    CHECK(t, plain[0] == 0 && plain[1] == 0 && plain[2] == 0);
    CHECK(t, stamp_next(&gen, areas, 2) == 2);
}

const TestCase STAMP_TESTS[] = {
    {"stamp_next_clears_on_wrap", test_stamp_next_clears_on_wrap},
    {"stamp_wrap_astar_jps_vra", test_stamp_wrap_astar_jps_vra},
    {"stamp_wrap_ch", test_stamp_wrap_ch},
    {"stamp_wrap_ch_subgoal", test_stamp_wrap_ch_subgoal},
    {"stamp_wrap_ch_hubs", test_stamp_wrap_ch_hubs},
    {"stamp_wrap_mm_refiner", test_stamp_wrap_mm_refiner},
    {NULL, NULL},
};
