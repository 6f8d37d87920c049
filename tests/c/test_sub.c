/* The two-level subgoal graph (entries/sub/sub_tl.c): locals lead only up
 * (to subgoals removed later, or global ones), distances between global
 * subgoals are those of the simple graph, added edges stand for h-reachable
 * paths through their middles, and the simple graph stays available
 * (levels=1) and optimal. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../entries/sub/sub.h"
#include "../../grid/validate.h"
#include "test.h"

static bool is_local(const SubGraph *g, uint32_t v) { return g->cell[sub_cell(g, g->pos[v])] & SUB_LOCAL; }

/* Dijkstra from `src` over the edges of `g` among nodes accepted by
 * `globals_only` (then locals are neither entered nor left); distances into d. */
static void distances(const SubGraph *g, BestFirst *bf, uint32_t src, bool globals_only, double *d)
{
    for (uint32_t v = 0; v < g->n; v++)
        d[v] = INFINITY;
    bf_start(bf, src, 0.0);
    uint32_t u;
    while (bf_pop(bf, &u)) {
        d[u] = bf->node[u].g;
        for (uint32_t e = g->first[u]; e < g->first[u + 1]; e++) {
            uint32_t w = g->edge[e];
            if (globals_only && is_local(g, w))
                continue;
            double c = bf->node[u].g + sub_octile(g->pos[u], g->pos[w]);
            BfOffer o = bf_offer(bf, w, c);
            if (o)
                bf_queue(bf, w, o, c);
        }
    }
}

static void test_two_level_graph_keeps_global_distances(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/16room256-0", &l))
        return;
    Err err;
    SubGraph one, two;
    CHECK(t, sub_graph_build(&one, &l.g, 1, &err) && sub_graph_build(&two, &l.g, 2, &err));
    CHECKF(t, two.locals > two.n / 4 && one.locals == 0, "%u of %u subgoals local", two.locals, two.n);
    /* Every local's list leads up: to a later local or a global subgoal. */
    uint32_t down = 0, added = 0;
    for (uint32_t v = 0; v < two.n; v++)
        for (uint32_t e = two.first[v]; e < two.first[v + 1]; e++) {
            uint32_t w = two.edge[e];
            down += is_local(&two, v) ? is_local(&two, w) && w < v : is_local(&two, w);
            if (two.mid[e] != SUB_DIRECT) {
                uint32_t m = two.mid[e];
                added++;
                CHECKF(t,
                       is_local(&two, m) && sub_octile(two.pos[v], two.pos[m]) + sub_octile(two.pos[m], two.pos[w]) ==
                                                sub_octile(two.pos[v], two.pos[w]),
                       "added edge %u-%u: middle %u is no local on an octile path", v, w, m);
            }
        }
    CHECKF(t, down == 0 && added > 0, "%u edges lead down, %u added edges", down, added);
    /* Between global subgoals, the global graph alone keeps the simple graph's distances. */
    BestFirst bf;
    double *d1 = malloc(one.n * sizeof *d1), *d2 = malloc(one.n * sizeof *d2);
    CHECK(t, d1 && d2 && bf_init(&bf, one.n, one.n));
    int sources = 0, wrong = 0;
    for (uint32_t s = 0; s < two.n && sources < 12; s += two.n / 12 + 1) {
        if (is_local(&two, s))
            continue;
        sources++;
        distances(&one, &bf, s, false, d1);
        distances(&two, &bf, s, true, d2);
        for (uint32_t v = 0; v < two.n; v++)
            if (!is_local(&two, v) && d1[v] != d2[v] && wrong++ < 3)
                CHECKF(t, false, "global %u -> %u: %.0f in the simple graph, %.0f in the global one", s, v, d1[v],
                       d2[v]);
    }
    CHECK(t, sources > 0 && wrong == 0);
    bf_free(&bf);
    free(d1);
    free(d2);
    sub_graph_free(&one);
    sub_graph_free(&two);
    unload(&l);
}

/* Loads `map` and parses sub:levels=1 into o1, sub (two levels) into o2. */
static bool both_levels(T *t, const char *map, Loaded *l, const Entry **e, EntryOpts *o1, EntryOpts *o2)
{
    Err err;
    if (!load_named(t, map, l))
        return false;
    CHECK(t, entry_parse_spec("sub:levels=1", e, o1, &err) && entry_parse_spec("sub", e, o2, &err));
    return true;
}

/* The simple graph (levels=1) answers optimally too, every path equal to
 * the two-level graph's length. */
static void test_simple_and_two_level_agree(T *t)
{
    Loaded l;
    const Entry *e;
    EntryOpts o1, o2;
    if (!both_levels(t, "random/random256-30-0", &l, &e, &o1, &o2))
        return;
    char file[256], msg[1024];
    snprintf(file, sizeof file, "%s/nofile.pre", temp_dir()); /* absent: both rebuild in memory */
    void *a = prepare_capturing(e, &l.g, file, &o1, msg, sizeof msg),
         *b = prepare_capturing(e, &l.g, file, &o2, msg, sizeof msg);
    CHECK(t, a && b);
    xyPath pa = {0}, pb = {0};
    int bad = 0;
    for (int i = 0; a && b && i < l.sc.count && bad < 3; i += 3) {
        const ScenQuery *q = &l.sc.q[i];
        run_query(t, e, a, q, &pa);
        run_query(t, e, b, q, &pb);
        double la = 0, lb = 0;
        bool ok = path_validate(&l.g, q->start, q->goal, pa.cells, pa.len, &la, NULL, 0) &&
                  path_validate(&l.g, q->start, q->goal, pb.cells, pb.len, &lb, NULL, 0) &&
                  fabs(la - q->optimal) <= q->optimal_tol + 1e-6 * q->optimal && fabs(la - lb) < 1e-9 * (1 + la);
        bad += !ok;
        CHECKF(t, ok, "line %d: simple %.6f, two-level %.6f, optimum %.6f", q->line, la, lb, q->optimal);
    }
    path_free(&pa);
    path_free(&pb);
    if (a)
        e->destroy(a);
    if (b)
        e->destroy(b);
    unload(&l);
}

/* A file made with one level count is rejected when the other is asked for
 * (the file name is the same for both): the header's options differ. */
static void test_levels_mismatch_rejected(T *t)
{
    Loaded l;
    const Entry *e;
    EntryOpts o1, o2;
    Err err;
    if (!both_levels(t, "mazes/maze256-2-0", &l, &e, &o1, &o2))
        return;
    char file[256], msg[1024];
    snprintf(file, sizeof file, "%s/sub-levels.pre", temp_dir());
    CHECK(t, entry_preprocess(e, &l.g, file, &o1, &err));
    void *inst = prepare_capturing(e, &l.g, file, &o2, msg, sizeof msg);
    CHECKF(t, inst && contains(msg, "rejected") && contains(msg, "built with options 'levels=1'"), "'%s'", msg);
    if (inst)
        e->destroy(inst);
    CHECK(t, !entry_parse_spec("sub:levels=3", &e, &o1, &err) && contains(err.msg, "levels"));
    unload(&l);
}

const TestCase SUB_TESTS[] = {
    {"two_level_graph_keeps_global_distances", test_two_level_graph_keeps_global_distances},
    {"simple_and_two_level_agree", test_simple_and_two_level_agree},
    {"levels_mismatch_rejected", test_levels_mismatch_rejected},
    {NULL, NULL},
};
