/* JPS, JPS+, sub and CH: optimal (lengths equal the scenario optima) and
 * valid on the embedded maps and a sample of real ones; CH's graph choice,
 * hub labels and arc pool; the preprocessing files' round trip and
 * rejection. (The JPS+ jump table itself: test_jumptable.c.) */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../common/binio.h"
#include "../../entries/ch/ch_adj.h"
#include "../../grid/validate.h"
#include "test.h"

static const char *const EMBEDDED[] = {"random/random256-10-0", "random/random256-20-0", "random/random256-30-0",
                                       "random/random256-40-0", "rooms/8room256-0",      "rooms/16room256-0",
                                       "rooms/32room256-0",     "mazes/maze256-1-0",     "mazes/maze256-2-0",
                                       "mazes/maze256-4-0",     "mazes/maze256-8-0",     NULL};

/* Runs a sample of l's queries (t_sample_next: every t_thin(stride)-th and
 * the longest) on inst, an instance of e prepared as `spec` says, and checks
 * validity and optimality. */
static void check_optimal_on(T *t, const Entry *e, void *inst, const char *spec, const Loaded *l, const char *what,
                             int stride)
{
    xyPath p = {0};
    int bad = 0;
    for (int i = 0; inst && i < l->sc.count && bad < 3; i = t_sample_next(i, stride, l->sc.count)) {
        const ScenQuery *q = &l->sc.q[i];
        run_query(t, e, inst, q, &p);
        bool none = q->optimal == 0 && (q->start.x != q->goal.x || q->start.y != q->goal.y);
        double len = 0;
        char why[160] = "";
        bool ok = none ? p.len == 0
                       : path_validate(&l->g, q->start, q->goal, p.cells, p.len, &len, why, sizeof why) &&
                             fabs(len - q->optimal) <= q->optimal_tol + 1e-6 * q->optimal;
        bad += !ok;
        CHECKF(t, ok, "%s on %s line %d: length %.6f, optimum %.6f %s", spec, what, q->line, len, q->optimal, why);
    }
    path_free(&p);
}

/* Prepares `spec` on l (preprocessing into the temp dir), then check_optimal_on. */
static void check_optimal(T *t, const char *spec, const Loaded *l, const char *what, int stride)
{
    const Entry *e;
    EntryOpts o;
    Err err;
    char file[256];
    snprintf(file, sizeof file, "%s/opt.pre", temp_dir());
    if (!entry_parse_spec(spec, &e, &o, &err) || !entry_preprocess(e, &l->g, file, &o, &err)) {
        t_fail(t, __FILE__, __LINE__, "%s: %s", spec, err.msg);
        return;
    }
    void *inst = e->prepare(&l->g, file, &o, &err);
    CHECKF(t, inst != NULL, "%s: %s", spec, err.msg);
    check_optimal_on(t, e, inst, spec, l, what, stride);
    if (inst)
        e->destroy(inst);
}

static void test_jps_jpsplus_sub_optimal_on_embedded_maps(T *t)
{
    /* Each map in one build: under the sanitizers the odd ones, plain the
     * even ones (each family in both), preprocessing included. */
    for (int i = 0; EMBEDDED[i]; i++) {
        if (i % 2 != T_SANITIZED)
            continue;
        Loaded l;
        if (load_named(t, EMBEDDED[i], &l)) {
            /* A sample (run_suite.py --mode -check replays them all). */
            check_optimal(t, "jps", &l, EMBEDDED[i], 2);
            check_optimal(t, "jps+", &l, EMBEDDED[i], 4);
            check_optimal(t, "sub", &l, EMBEDDED[i], 4);
        }
        unload(&l);
    }
}

/* Contraction is most of this test's time, so a map or two of each family
 * (other ones under the sanitizers, several times slower there). */
static void test_ch_optimal_on_embedded_maps(T *t)
{
#ifdef __SANITIZE_ADDRESS__
    const char *const maps[] = {"random/random256-40-0", "rooms/32room256-0", "mazes/maze256-2-0", NULL};
#else
    /* 8room256-0: test_ch_hubs_and_search replays it whole. */
    const char *const maps[] = {"random/random256-20-0", "rooms/32room256-0", "mazes/maze256-8-0", NULL};
#endif
    Loaded l;
    for (int i = 0; load_nth(t, maps, i, &l); i++) {
        check_optimal(t, "ch", &l, maps[i], 1); /* graph=auto: the grid graph on the random maps */
#ifndef __SANITIZE_ADDRESS__ /* the grid graph's contraction under the sanitizers: test_stamps' corner */
        /* Not on the random map: graph=auto took the grid graph there already. */
        if (strncmp(maps[i], "random/", 7) != 0)
            check_optimal(t, "ch:graph=grid", &l, maps[i], 4);
#endif
        unload(&l);
    }
}

/* graph=auto takes the grid graph where subgoals are dense (scattered
 * obstacles) and the subgoal graph elsewhere; the subgoal graph stays
 * optimal on scattered obstacles too (random256-40-0 builds in 0.04 s). */
static void test_ch_graph_auto(T *t)
{
    const char *const maps[] = {"random/random256-10-0", "random/random256-40-0", "rooms/8room256-0",
                                "mazes/maze256-2-0", NULL};
    const int grid[] = {1, 1, 0, 0};
    /* Under the sanitizers not the open random map: its grid graph's contraction is the slowest there. */
    Loaded l;
    for (int i = T_SANITIZED; load_nth(t, maps, i, &l); i++) {
        const Entry *e;
        EntryOpts o;
        Err err;
        char file[256];
        snprintf(file, sizeof file, "%s/auto.pre", temp_dir());
        if (entry_parse_spec("ch", &e, &o, &err) && entry_preprocess(e, &l.g, file, &o, &err)) {
            void *inst = e->prepare(&l.g, file, &o, &err);
            CHECKF(t, inst != NULL, "ch on %s: %s", maps[i], err.msg);
            if (inst) {
                double g = entry_counter(e, inst, "graph");
                CHECKF(t, g == grid[i], "graph=auto on %s: graph %.0f, expected %d", maps[i], g, grid[i]);
                e->destroy(inst);
            }
        } else {
            t_fail(t, __FILE__, __LINE__, "ch on %s: %s", maps[i], err.msg);
        }
        if (i == 1)
            check_optimal(t, "ch:graph=subgoal", &l, maps[i], 2);
        unload(&l);
    }
}

/* On the subgoal graph ch answers from hub labels (entries/ch/ch_hub.h)
 * unless hubs=0; both ways must be optimal, and the labels must be in use
 * (labels that drop a needed hub give longer paths here: pruning entries
 * that another hub beats by less than a cardinal step failed on the maze,
 * 2026-11-24). */
static void test_ch_hubs_and_search(T *t)
{
    const char *const maps[] = {"rooms/8room256-0", "mazes/maze256-4-0", NULL};
    Loaded l;
    for (int i = 0; load_nth(t, maps, i, &l); i++) {
        const char *const specs[] = {"ch", "ch:hubs=0"};
        for (int k = 0; k < 2; k++) {
            const Entry *e;
            EntryOpts o;
            Err err;
            char file[256];
            snprintf(file, sizeof file, "%s/hubs.pre", temp_dir());
            void *inst = NULL;
            if (entry_parse_spec(specs[k], &e, &o, &err) && entry_preprocess(e, &l.g, file, &o, &err))
                inst = e->prepare(&l.g, file, &o, &err);
            CHECKF(t, inst != NULL, "%s on %s: %s", specs[k], maps[i], err.msg);
            if (!inst)
                continue;
            double hubs = entry_counter(e, inst, "hub_entries");
            CHECKF(t, k ? hubs == 0 : hubs > 0, "%s on %s: %.0f hub label entries", specs[k], maps[i], hubs);
            check_optimal_on(t, e, inst, specs[k], &l, maps[i], 1);
            e->destroy(inst);
        }
        unload(&l);
    }
}

static void test_baselines_optimal_on_real_maps(T *t)
{
    if (!bench_dir(t))
        return;
    const char *names[] = {"dao/arena2", "dao/den312d", "rooms/8room_000", "mazes/maze512-4-0"};
    for (int i = 0; i < 4; i++) {
        Loaded l;
        if (!load_bench(t, names[i], &l))
            continue;
        /* A sample of each: every 10th or 6th query and the longest. */
        check_optimal(t, "jps", &l, names[i], 10);
        if (i < 3) { /* the maze's 4,000 long queries would take most of the test */
            check_optimal(t, "jps+", &l, names[i], 6);
            check_optimal(t, "sub", &l, names[i], 6);
        }
        if (i < 2) /* the two small DAO maps: contraction stays quick */
            check_optimal(t, "ch", &l, names[i], 6);
        unload(&l);
    }
}

/* The common header rules (common/binio.h) for `spec`'s file: a good file is
 * taken as it is; a truncated, bit-flipped, header-only or foreign file is
 * rejected with a message naming why and the map still answers (the entry
 * rebuilds in memory); a file for the map before one cell changed is stale.
 * Leaves a fresh file of l's map in `file` and its size in *size. */
/* `file` now holds the `size` bytes at `bytes`. */
static bool put_bytes(const char *file, const unsigned char *bytes, long size)
{
    FILE *fp = fopen(file, "wb");
    if (!fp)
        return false;
    bool ok = fwrite(bytes, 1, (size_t)size, fp) == (size_t)size;
    return fclose(fp) == 0 && ok;
}

static void check_file_rejects(T *t, const char *spec, const Loaded *l, char *file, size_t file_size, long *size_out)
{
    const Entry *e;
    EntryOpts o;
    Err err;
    char msg[1024];
    *size_out = 0;
    CHECK(t, entry_parse_spec(spec, &e, &o, &err));
    snprintf(file, file_size, "%s/%s.pre", temp_dir(), e->name);
    CHECK(t, entry_preprocess(e, &l->g, file, &o, &err));
    void *inst = prepare_capturing(e, &l->g, file, &o, msg, sizeof msg);
    CHECKF(t, inst && msg[0] == '\0', "%s: a good file was not taken as it is: %s", spec, msg);
    if (inst)
        e->destroy(inst);
    /* The good file, kept: each case below starts from its bytes, not from
     * a preprocessing again (the same bytes, a contraction less). */
    FILE *fp = fopen(file, "rb");
    fseek(fp, 0, SEEK_END);
    long size = ftell(fp);
    unsigned char *good = malloc(size > 0 ? (size_t)size : 1);
    rewind(fp);
    CHECK(t, good && fread(good, 1, (size_t)size, fp) == (size_t)size);
    fclose(fp);
    struct {
        const char *what;
        long cut, flip;
        const char *expect;
    } cases[] = {{"truncated", size / 2, -1, "truncated"},
                 {"flipped", -1, size / 3, "checksum"},
                 {"header only", BIN_HEADER_BYTES(0), -1, "truncated"},
                 {"foreign", 0, -1, "truncated"}};
    for (size_t i = 0; good && i < sizeof cases / sizeof *cases; i++) {
        CHECK(t, put_bytes(file, good, size));
        fp = fopen(file, "r+b");
        if (cases[i].cut >= 0)
            CHECK(t, ftruncate(fileno(fp), cases[i].cut) == 0);
        if (cases[i].flip >= 0) {
            fseek(fp, cases[i].flip, SEEK_SET);
            int c = fgetc(fp);
            fseek(fp, cases[i].flip, SEEK_SET);
            fputc(c ^ 0x10, fp);
        }
        fclose(fp);
        inst = prepare_capturing(e, &l->g, file, &o, msg, sizeof msg);
        CHECKF(t, inst && contains(msg, "rejected") && contains(msg, cases[i].expect), "%s %s: '%s'", spec,
               cases[i].what, msg);
        if (inst) {
            xyPath p = {0};
            const ScenQuery *q = &l->sc.q[l->sc.count / 2];
            run_query(t, e, inst, q, &p);
            CHECK(t, path_validate(&l->g, q->start, q->goal, p.cells, p.len, NULL, NULL, 0));
            path_free(&p);
            e->destroy(inst);
        }
    }
    /* Stale: a file for the map before one cell changed. */
    CHECK(t, good && put_bytes(file, good, size));
    Grid other;
    CHECK(t, grid_copy(&other, &l->g, &err));
    for (int y = 0; y < other.height; y++) /* block one passable cell */
        for (int x = 0; x < other.width; x++)
            if (grid_passable(&other, x, y) && x > 200 && y > 200) {
                other.cells[grid_index(&other, x, y)] = 0;
                y = other.height;
                break;
            }
    inst = prepare_capturing(e, &other, file, &o, msg, sizeof msg);
    CHECKF(t, inst && contains(msg, "checksum"), "%s stale file: '%s'", spec, msg);
    if (inst)
        e->destroy(inst);
    grid_free(&other);
    CHECK(t, good && put_bytes(file, good, size));
    free(good);
    *size_out = size;
}

static void test_ch_file_round_trip_and_rejects(T *t)
{
    Loaded l;
    if (!load_named(t, "mazes/maze256-1-0", &l)) /* contracts in a tenth of a second */
        return;
    const Entry *e;
    EntryOpts o;
    Err err;
    char file[256], msg[1024];
    long size;
    CHECK(t, entry_parse_spec("ch", &e, &o, &err));
    check_file_rejects(t, "ch", &l, file, sizeof file, &size);
    void *inst;
    FILE *fp;
    /* Consistent checksum, wrong content: the ranks reversed, so every edge
     * points down the hierarchy. The checksum is recomputed, so only the
     * structural check can catch it. */
    fp = fopen(file, "r+b");
    unsigned char *bytes = malloc((size_t)size);
    CHECK(t, bytes && fread(bytes, 1, (size_t)size, fp) == (size_t)size);
    if (bytes) {
        const long header = BIN_HEADER_BYTES(0), payload_end = size - 8; /* after the header: graph, n, m, shortcuts */
        uint32_t n;
        memcpy(&n, bytes + header + 4, 4);
        for (uint32_t v = 0; v < n; v++) {
            unsigned char *r = bytes + header + 16 + 4 * (long)n + 4 * (long)v;
            uint32_t rank;
            memcpy(&rank, r, 4);
            rank = n - 1 - rank;
            memcpy(r, &rank, 4);
        }
        uint64_t sum = bin_fnv1a(BIN_FNV_SEED, bytes + header, (size_t)(payload_end - header));
        memcpy(bytes + payload_end, &sum, 8);
        rewind(fp);
        CHECK(t, fwrite(bytes, 1, (size_t)size, fp) == (size_t)size);
    }
    fclose(fp);
    free(bytes);
    inst = prepare_capturing(e, &l.g, file, &o, msg, sizeof msg);
    CHECKF(t, inst && contains(msg, "rejected") && contains(msg, "not upward"), "reversed ranks: '%s'", msg);
    if (inst)
        e->destroy(inst);
    unload(&l);
}

/* jps+ and sub files follow the same rules as ch's. */
static void test_jpsplus_sub_file_rejects(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/16room256-0", &l))
        return;
    char file[256];
    long size;
    check_file_rejects(t, "jps+", &l, file, sizeof file, &size);
    check_file_rejects(t, "sub", &l, file, sizeof file, &size);
    unload(&l);
}

/* CH's arc pool (entries/ch/ch_adj.h) against plain lists: random pushes,
 * removals and drops on a 5x5 grid's nodes, enough to move lists and compact
 * the pool many times; every list must keep its arcs in order, and a dropped
 * node's moves must leave its neighbours. */
static void test_ch_adj_pool_keeps_lists(T *t)
{
    enum { W = 5, N = W * W, MAX = 300 };
    bool bits[N];
    for (int i = 0; i < N; i++)
        bits[i] = true;
    Grid g;
    Err err;
    CHECK(t, grid_from_bits(&g, bits, W, W, &err));
    int32_t *node_of = malloc((size_t)(W + 2) * (size_t)g.stride * sizeof *node_of);
    uint32_t cell[N];
    for (int i = 0; i < (W + 2) * g.stride; i++)
        node_of[i] = -1;
    for (int v = 0; v < N; v++) {
        cell[v] = (uint32_t)grid_index(&g, v % W, v / W);
        node_of[cell[v]] = v;
    }
    ChAdj a;
    CHECK(t, ch_adj_init(&a, &g, N, node_of, cell));
    static ChArc model[N][MAX];
    uint32_t len[N] = {0}, seed = 12345, compactions = 0;
    bool dead[N] = {false};
    for (int op = 0; op < 40000 && !t->failures; op++) {
        seed = seed * 1103515245u + 12345u;
        uint32_t v = (seed >> 8) % N, r = seed >> 20;
        if (dead[v])
            continue;
        size_t garbage = a.garbage;
        if (r % 100 == 0 && op > 20000) { /* late drops, so lists are long first */
            CHECK(t, ch_adj_drop(&a, v));
            dead[v] = true;
            len[v] = 0;
            CHECKF(t, a.moves[v] == 0, "node %u keeps moves after its drop", v);
            for (int d = 0; d < 8; d++)
                if (grid_move_legal(&g, (int)v % W, (int)v / W, d)) {
                    uint32_t u = ch_adj_move(&a, v, d);
                    int back = d < 4 ? (d + 2) % 4 : 4 + (d - 2) % 4;
                    CHECKF(t, node_of[cell[u]] == (int32_t)u && !(a.moves[u] >> back & 1),
                           "node %u keeps its move to dropped node %u", u, v);
                }
        } else if (r % 4 == 0 && len[v]) {
            uint32_t i = r / 4 % len[v];
            ch_adj_remove(&a, v, i);
            model[v][i] = model[v][--len[v]];
        } else if (len[v] < MAX) {
            ChArc arc = {r % N, seed % 97, seed};
            CHECK(t, ch_adj_push(&a, v, arc));
            model[v][len[v]++] = arc;
        }
        compactions += a.garbage < garbage;
        for (uint32_t w = 0; w < N; w++) {
            CHECKF(t, a.len[w] == len[w], "op %d: node %u has %u arcs, not %u", op, w, a.len[w], len[w]);
            CHECKF(t, !len[w] || memcmp(ch_adj_arcs(&a, w), model[w], len[w] * sizeof(ChArc)) == 0,
                   "op %d: node %u's arcs differ", op, w);
        }
    }
    CHECKF(t, compactions > 3, "the pool was compacted %u times", compactions);
    ch_adj_free(&a);
    free(node_of);
    grid_free(&g);
}

const TestCase BASELINE_TESTS[] = {
    {"jps_jpsplus_sub_optimal_on_embedded_maps", test_jps_jpsplus_sub_optimal_on_embedded_maps},
    {"ch_optimal_on_embedded_maps", test_ch_optimal_on_embedded_maps},
    {"ch_graph_auto", test_ch_graph_auto},
    {"ch_hubs_and_search", test_ch_hubs_and_search},
    {"baselines_optimal_on_real_maps", test_baselines_optimal_on_real_maps},
    {"ch_file_round_trip_and_rejects", test_ch_file_round_trip_and_rejects},
    {"ch_adj_pool_keeps_lists", test_ch_adj_pool_keeps_lists},
    {"jpsplus_sub_file_rejects", test_jpsplus_sub_file_rejects},
    {NULL, NULL},
};
