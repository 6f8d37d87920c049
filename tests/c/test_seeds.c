/* The seed algorithms: Akers' 2-bit wavefront (and VRA* once it lands). */
#include <stdlib.h>
#include <string.h>

#include "../../entries/akers/akers.h"
#include "../../grid/validate.h"
#include "../../refine/smooth.h"
#include "test.h"

/* Lee's depths by a plain breadth-first search with whole integers (-1: unreached). */
static void lee_depths(const Grid *g, xyLoc s, int *depth)
{
    int n = g->width * g->height, *queue = malloc(sizeof(int) * (size_t)n), head = 0, tail = 0;
    for (int i = 0; i < n; i++)
        depth[i] = -1;
    depth[s.y * g->width + s.x] = 0;
    queue[tail++] = s.y * g->width + s.x;
    while (head < tail) {
        int c = queue[head++], x = c % g->width, y = c / g->width;
        for (int d = 0; d < 8; d++) {
            int nx = x + GRID_DX[d], ny = y + GRID_DY[d];
            if (grid_move_legal(g, x, y, d) && depth[ny * g->width + nx] < 0) {
                depth[ny * g->width + nx] = depth[c] + 1;
                queue[tail++] = ny * g->width + nx;
            }
        }
    }
    free(queue);
}

static void test_akers_labels_are_lee_depths_mod_3(T *t)
{
    int checked = 0;
    for (int k = 0; k < 6; k++) {
        Grid g = t_random_grid(23, 17, 10 + 7 * k, (uint64_t)k);
        Akers a;
        Err err;
        CHECK(t, akers_init(&a, &g, &err));
        int depth[23 * 17];
        xyLoc s = {0, 0};
        xyPath p = {0};
        /* An unreachable goal makes the wavefront cover s's whole component. */
        g.cells[grid_index(&g, 0, 0)] = g.cells[grid_index(&g, 22, 16)] = 1;
        g.cells[grid_index(&g, 21, 16)] = g.cells[grid_index(&g, 22, 15)] = g.cells[grid_index(&g, 21, 15)] = 0;
        lee_depths(&g, s, depth);
        CHECK(t, akers_find(&a, s, (xyLoc){22, 16}, &p, true) < 0 && p.len == 0);
        for (int y = 0; y < 17; y++)
            for (int x = 0; x < 23; x++) {
                int lab = akers_label(&a, grid_index(&g, x, y)), dep = depth[y * 23 + x];
                CHECKF(t, dep < 0 ? lab == AKERS_EMPTY : lab == 1 + dep % 3, "map %d cell (%d,%d): label %d, depth %d",
                       k, x, y, lab, dep);
                checked += dep >= 0;
            }
        akers_reset(&a);
        for (int i = 0; i < (g.height + 2) * g.stride; i++)
            CHECK(t, akers_label(&a, i) == AKERS_EMPTY);
        path_free(&p);
        akers_free(&a);
        grid_free(&g);
    }
    CHECKF(t, checked > 300, "only %d reached cells compared", checked);
}

/* Why three labels: on an open 8-connected grid some cell of odd depth d has a
 * neighbour of the same depth, and Akers' (d >> 1) & 1 gives that neighbour
 * the label a walk back looks for (that of d - 1); d mod 3 does not. */
static void test_akers_two_labels_would_be_ambiguous(T *t)
{
    bool bits[9 * 9];
    for (int i = 0; i < 81; i++)
        bits[i] = true;
    bits[3 * 9 + 1] = bits[3 * 9 + 2] = false; /* a wall makes same-depth neighbours */
    Grid g;
    Err err;
    grid_from_bits(&g, bits, 9, 9, &err);
    int depth[81];
    lee_depths(&g, (xyLoc){1, 1}, depth);
    int ambiguous = 0;
    for (int c = 0; c < 81; c++) {
        int d = depth[c], x = c % 9, y = c / 9;
        if (d < 1)
            continue;
        for (int k = 0; k < 8; k++) {
            if (!grid_move_legal(&g, x, y, k))
                continue;
            int n = (y + GRID_DY[k]) * 9 + x + GRID_DX[k];
            if (depth[n] != d)
                continue;
            bool akers_confused = ((depth[n] >> 1) & 1) == (((d - 1) >> 1) & 1);
            ambiguous += akers_confused;
            if (akers_confused)
                CHECK(t, depth[n] % 3 != (d - 1) % 3);
        }
    }
    CHECKF(t, ambiguous > 0, "expected a same-depth neighbour carrying the d-1 label");
    grid_free(&g);
}

static void test_akers_paths_valid_fewest_moves(T *t)
{
    const char *const maps[] = {"random/random256-30-0", "rooms/16room256-0", "mazes/maze256-1-0", "mazes/maze256-8-0",
                                NULL};
    Loaded l;
    for (int m = 0; load_nth(t, maps, m, &l); m++) {
        Akers a;
        Err err;
        CHECK(t, akers_init(&a, &l.g, &err));
        xyPath p = {0};
        int bad = 0;
        for (int i = 0; i < l.sc.count && bad < 3; i += t_thin(3)) {
            const ScenQuery *q = &l.sc.q[i];
            p.len = 0;
            long moves = akers_find(&a, q->start, q->goal, &p, false);
            double len;
            char why[160];
            bool ok = path_validate(&l.g, q->start, q->goal, p.cells, p.len, &len, why, sizeof why) &&
                      (long)p.len == moves + 1 && len >= q->optimal - q->optimal_tol - 1e-6;
            /* A path needs at least max(|dx|, |dy|) moves. */
            int kd = abs(q->goal.x - q->start.x) > abs(q->goal.y - q->start.y) ? abs(q->goal.x - q->start.x)
                                                                               : abs(q->goal.y - q->start.y);
            ok = ok && moves >= kd;
            bad += !ok;
            CHECKF(t, ok, "%s line %d: %s", maps[m], q->line, why);
        }
        path_free(&p);
        akers_free(&a);
        unload(&l);
    }
}

/* Prepares entry `spec` on g; NULL (with a failure) on error. */
static void *prepare_on(T *t, const char *spec, const Grid *g, const Entry **e)
{
    EntryOpts o;
    Err err;
    if (!entry_parse_spec(spec, e, &o, &err)) {
        t_fail(t, __FILE__, __LINE__, "%s: %s", spec, err.msg);
        return NULL;
    }
    void *inst = (*e)->prepare(g, NULL, &o, &err);
    CHECKF(t, inst != NULL, "%s: %s", spec, err.msg);
    return inst;
}

static void test_vra_paths_valid(T *t)
{
    const char *maps[] = {"mazes/maze256-2-0", "rooms/32room256-0", "mazes/maze256-8-0"};
    const char *specs[] = {"vra", "vra:split=first"};
    for (int s = 0; s < 2; s++)
        for (int m = 0; m < (s ? 1 : 3); m++) { /* split=first: one maze, it is slow */
            Loaded l;
            if (!load_named(t, maps[m], &l))
                continue;
            const Entry *e;
            void *inst = prepare_on(t, specs[s], &l.g, &e);
            xyPath p = {0};
            int bad = 0;
            /* split=first needs thousands of searches per long path: a sparser
             * sample of the first half of the buckets (paths up to ~400 cells
             * on the maze: the longer half took nine tenths of its time). */
            int end = s ? l.sc.count / 2 : l.sc.count;
            for (int i = 0; inst && i < end && bad < 3; i += t_thin(s ? 197 : 178)) {
                const ScenQuery *q = &l.sc.q[i];
                run_query(t, e, inst, q, &p);
                double len;
                char why[160] = "";
                bool ok = path_validate(&l.g, q->start, q->goal, p.cells, p.len, &len, why, sizeof why) &&
                          len >= q->optimal - q->optimal_tol - 1e-6;
                bad += !ok;
                CHECKF(t, ok, "%s on %s line %d: %s", specs[s], maps[m], q->line, why);
            }
            path_free(&p);
            if (inst)
                e->destroy(inst);
            unload(&l);
        }
}

/* Cells of the path with a blocked 8-neighbour: how much it hugs walls. */
static int hugging(const Grid *g, const xyPath *p)
{
    int n = 0;
    for (size_t i = 0; i < p->len; i++) {
        bool near = false;
        for (int d = 0; d < 8; d++)
            near |= !grid_passable(g, p->cells[i].x + GRID_DX[d], p->cells[i].y + GRID_DY[d]);
        n += near;
    }
    return n;
}

/* The paper's "H" (Walsh & Banerjee, Fig. 3 and Table 1: 29 cells expanded
 * against A*'s 316): start and goal in the two pockets of an H. */
static void test_vra_h_map_far_fewer_expansions(T *t)
{
    bool bits[40 * 30];
    for (int y = 0; y < 30; y++)
        for (int x = 0; x < 40; x++) {
            bool bar = (x == 12 || x == 13 || x == 26 || x == 27) && y >= 4 && y <= 25;
            bool cross = x >= 12 && x <= 27 && (y == 14 || y == 15);
            bits[y * 40 + x] = !(bar || cross);
        }
    Grid g;
    Err err;
    grid_from_bits(&g, bits, 40, 30, &err);
    ScenQuery q = {.start = {19, 10}, .goal = {19, 20}};
    const Entry *ea, *ev;
    void *a = prepare_on(t, "astar", &g, &ea), *v = prepare_on(t, "vra", &g, &ev);
    xyPath pa = {0}, pv = {0};
    run_query(t, ea, a, &q, &pa);
    run_query(t, ev, v, &q, &pv);
    Counters ca = {0}, cv = {0};
    ea->counters(a, &ca, false);
    ev->counters(v, &cv, false);
    CHECK(t, path_validate(&g, q.start, q.goal, pa.cells, pa.len, NULL, NULL, 0));
    CHECK(t, path_validate(&g, q.start, q.goal, pv.cells, pv.len, NULL, NULL, 0));
    CHECKF(t, cv.expanded * 10 < ca.expanded, "VRA* expanded %llu cells, A* %llu", (unsigned long long)cv.expanded,
           (unsigned long long)ca.expanded);
    CHECKF(t, hugging(&g, &pv) < hugging(&g, &pa), "VRA* path touches walls at %d cells, A* at %d", hugging(&g, &pv),
           hugging(&g, &pa));
    path_free(&pa);
    path_free(&pv);
    ea->destroy(a);
    ev->destroy(v);
    grid_free(&g);
}

static void test_smooth_waypoints_keeps_legal_and_short(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/16room256-0", &l))
        return;
    const Entry *e;
    void *inst = prepare_on(t, "astar", &l.g, &e);
    xyPath p = {0};
    for (int i = 0; i < l.sc.count; i += 11) {
        const ScenQuery *q = &l.sc.q[i];
        run_query(t, e, inst, q, &p);
        double before = path_length(p.cells, p.len);
        /* Every cell is a waypoint: consecutive ones are joined by legal lines. */
        size_t n = smooth_waypoints(&l.g, p.cells, p.len);
        xyPath r = {0};
        path_push(&r, p.cells[0]);
        for (size_t k = 1; k < n; k++) {
            CHECKF(t, line_legal(&l.g, p.cells[k - 1], p.cells[k]), "line %d: segment %zu illegal", q->line, k);
            path_reserve(&r, 600);
            r.len += line_cells(p.cells[k - 1], p.cells[k], r.cells + r.len);
        }
        double after;
        CHECK(t, path_validate(&l.g, q->start, q->goal, r.cells, r.len, &after, NULL, 0));
        CHECKF(t, after <= before + 1e-9, "line %d: %f -> %f", q->line, before, after);
        path_free(&r);
    }
    path_free(&p);
    e->destroy(inst);
    unload(&l);
}

/* smooth_run in pieces of one cell (what a bounded GetPath call runs, with
 * its state between calls) gives smooth_waypoints' waypoints; stopped
 * halfway (smooth_abort, a new query or a map change) it leaves legal
 * waypoints from the first cell to the last. */
static void test_smooth_in_pieces(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/16room256-0", &l))
        return;
    const Entry *e;
    void *inst = prepare_on(t, "astar", &l.g, &e);
    xyPath p = {0}, whole = {0}, cut = {0};
    int differ = 0, paused = 0, broken = 0;
    for (int i = 0; i < l.sc.count; i += 11) {
        const ScenQuery *q = &l.sc.q[i];
        run_query(t, e, inst, q, &p);
        path_reserve(&whole, p.len);
        path_reserve(&cut, p.len);
        memcpy(whole.cells, p.cells, p.len * sizeof *p.cells);
        uint64_t all = UINT64_MAX; /* the whole smoothing, and the units it took */
        SmoothRun s;
        smooth_begin(&s, p.len);
        smooth_run(&l.g, whole.cells, &s, &all);
        size_t n = s.n;
        uint64_t units_all = UINT64_MAX - all;
        for (int f = 1; f < 8; f++) { /* stopped at f/8 of its units */
            memcpy(cut.cells, p.cells, p.len * sizeof *p.cells);
            uint64_t u = units_all * (uint64_t)f / 8;
            smooth_begin(&s, p.len);
            if (!smooth_run(&l.g, cut.cells, &s, &u))
                smooth_abort(&s, cut.cells);
            for (size_t k = 1; k < s.n; k++)
                broken += !line_legal(&l.g, cut.cells[k - 1], cut.cells[k]);
            broken += !xy_same(cut.cells[0], q->start) || !xy_same(cut.cells[s.n - 1], q->goal);
        }
        smooth_begin(&s, p.len);
        int pieces = 0;
        /* Bounded: a resume that lost its place would loop. */
        for (uint64_t units = 1; pieces < 1000000 && !smooth_run(&l.g, p.cells, &s, &units); units = 1)
            pieces++;
        paused += pieces > 1;
        differ += s.n != n || memcmp(p.cells, whole.cells, n * sizeof *p.cells);
    }
    CHECKF(t, differ == 0 && broken == 0 && paused > 5,
           "%d smoothings differ in pieces, %d stopped ones broken (%d paused)", differ, broken, paused);
    path_free(&p);
    path_free(&whole);
    path_free(&cut);
    e->destroy(inst);
    unload(&l);
}

const TestCase SEED_TESTS[] = {
    {"smooth_in_pieces", test_smooth_in_pieces},
    {"vra_paths_valid", test_vra_paths_valid},
    {"vra_h_map_far_fewer_expansions", test_vra_h_map_far_fewer_expansions},
    {"smooth_waypoints_keeps_legal_and_short", test_smooth_waypoints_keeps_legal_and_short},
    {"akers_labels_are_lee_depths_mod_3", test_akers_labels_are_lee_depths_mod_3},
    {"akers_two_labels_would_be_ambiguous", test_akers_two_labels_would_be_ambiguous},
    {"akers_paths_valid_fewest_moves", test_akers_paths_valid_fewest_moves},
    {NULL, NULL},
};
