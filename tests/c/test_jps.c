/* The JPS's node state (search/jps.h): it grows in pieces of bounded work,
 * a grown search is traced once, turn bits are given back before the
 * node state outgrows the room left for them, its owner's gate is asked
 * before it grows, a found path waits for a run with the work for it, a
 * paused search's JPS may be tiled, two JPS may share it, a batch of
 * changes counts the cells it flips, and a warm-up's searches run from
 * the middle and leave no trace in the answers. */
#include <string.h>

#include "../../grid/grid.h"
#include "../../search/jps.h"
#include "test.h"

static void count_trace_type(void *sink, const TraceEvent *e) { ((long *)sink)[e->type]++; }

/* rooms/16room256-0 and a JPS on it whose node state grows (JPS_NODES_GROW),
 * two when `second` is not NULL. */
static bool load_growing_jps(T *t, Loaded *l, Jps *j, Jps *second)
{
    if (!load_named(t, "rooms/16room256-0", l))
        return false;
    Err err;
    CHECK(t, jps_init_bounded(j, &l->g, false, JPS_NODES_GROW, &err));
    CHECK(t, !second || jps_init_bounded(second, &l->g, false, JPS_NODES_GROW, &err));
    return true;
}

/* A traced search that grows its node state and begins again reports one
 * source, one destination and one end: the restart is the same search. */
static void test_jps_grown_search_traced_once(T *t)
{
    Loaded l;
    Jps j;
    if (!load_growing_jps(t, &l, &j, NULL))
        return;
    long n[TRACE_END + 1];
    Tracer tr = {count_trace_type, n, "test"};
    j.tracer = &tr;
    xyPath p = {0};
    int wrong = 0, grew = 0;
    for (int k = 0; k < l.sc.count; k += 7 * t_thin(1)) {
        memset(n, 0, sizeof n);
        uint64_t grown = j.grown;
        p.len = 0;
        jps_find_capped(&j, l.sc.q[k].start, l.sc.q[k].goal, UINT64_MAX, &p);
        grew += j.grown > grown;
        wrong += n[TRACE_SOURCE] != 1 || n[TRACE_DESTINATION] != 1 || n[TRACE_END] != 1;
    }
    CHECKF(t, grew > 0 && wrong == 0, "%d searches grew, %d of them with other than one source, destination, end", grew,
           wrong);
    path_free(&p);
    jps_free(&j);
    unload(&l);
}

/* A growing JPS (jps_init_bounded, JPS_NODES_GROW) run in pieces of one
 * unit of work finds what a whole run finds, and a search that outgrows its
 * node slots zeroes the grown ones a bounded piece per run
 * (JPS_ZERO_SLOTS_PER_WORK) before it begins again: no run pays for them
 * whole. */
static void test_jps_grows_in_pieces(T *t)
{
    Loaded l;
    Jps whole, parts;
    if (!load_growing_jps(t, &l, &whole, &parts))
        return;
    xyPath p = {0}, q = {0};
    int differ = 0, zeroing = 0;
    uint32_t most = 0;
    for (int k = 0; k < l.sc.count; k += 7 * t_thin(1)) {
        xyLoc s = l.sc.q[k].start, g = l.sc.q[k].goal;
        p.len = q.len = 0;
        JpsResult a = jps_find_capped(&whole, s, g, UINT64_MAX, &p), b = JPS_NONE;
        if (jps_begin(&parts, s, g, UINT64_MAX)) {
            do {
                uint64_t work = 1;
                uint32_t zeroed = parts.open.zeroed;
                b = jps_run(&parts, &work, &q);
                if (parts.open.zeroed < parts.open.count)
                    zeroing++;
                if (parts.open.zeroed > zeroed && parts.open.zeroed - zeroed > most)
                    most = parts.open.zeroed - zeroed;
            } while (b == JPS_PAUSED);
        }
        differ += a != b || !t_same_path(&p, &q);
    }
    CHECKF(t,
           differ == 0 && parts.grown > 2 && parts.grown == whole.grown && zeroing > 20 &&
               most <= JPS_ZERO_SLOTS_PER_WORK,
           "%d differ; grown %llu and %llu times, %d runs zeroing, at most %u slots a run", differ,
           (unsigned long long)parts.grown, (unsigned long long)whole.grown, zeroing, most);
    path_free(&p);
    path_free(&q);
    jps_free(&whole);
    jps_free(&parts);
    unload(&l);
}

/* A found path waits for a run of its own where the run that found it had
 * expanded nodes and has less work left than the path takes
 * (JPS_UNWIND_POINTS, JPS_UNWIND_CELLS): run in pieces of 24 units, no run
 * both expands and appends a path it had not the work for, some paths wait,
 * and every answer is the whole search's. */
static void test_jps_path_waits_for_its_run(T *t)
{
    Loaded l;
    Jps whole, parts;
    if (!load_growing_jps(t, &l, &whole, &parts))
        return;
    xyPath p = {0}, q = {0};
    int differ = 0, waited = 0, stacked = 0, found = 0;
    for (int k = 0; k < l.sc.count; k += 3 * t_thin(1)) {
        xyLoc s = l.sc.q[k].start, g = l.sc.q[k].goal;
        p.len = q.len = 0;
        JpsResult a = jps_find_capped(&whole, s, g, UINT64_MAX, &p), b = JPS_NONE;
        if (jps_begin(&parts, s, g, UINT64_MAX)) {
            do {
                uint64_t work = 24, expanded = parts.expanded;
                size_t len = q.len;
                b = jps_run(&parts, &work, &q);
                bool grew = parts.expanded > expanded;
                waited += b == JPS_PAUSED && parts.unwind_n > 0;
                /* at least what the path appended cost: its cells' share, without its points' */
                uint64_t cost = (q.len - len) / JPS_UNWIND_CELLS;
                stacked += grew && b == JPS_FOUND && cost > 24;
            } while (b == JPS_PAUSED);
        }
        found += b == JPS_FOUND;
        differ += a != b || !t_same_path(&p, &q);
    }
    CHECKF(
        t, differ == 0 && waited > 0 && stacked == 0 && found > 20,
        "%d differ, %d paths waited for a run of their own, %d appended after expanding past the run's work, %d found",
        differ, waited, stacked, found);
    path_free(&p);
    path_free(&q);
    jps_free(&whole);
    jps_free(&parts);
    unload(&l);
}

/* Map `name` packed (rooms/16room256-0 where NULL), and three JPS
 * borrowing it whose node state grows (JPS_NODES_GROW), each appending
 * waypoints. */
static bool load_packed_three(T *t, const char *name, Loaded *l, Grid *packed, Jps j[3])
{
    if (!load_named(t, name ? name : "rooms/16room256-0", l))
        return false;
    Err err;
    CHECK(t, grid_pack(packed, &l->g, &err));
    for (int i = 0; i < 3; i++) {
        CHECK(t, jps_init_bounded(&j[i], packed, true, JPS_NODES_GROW, &err));
        j[i].waypoints = true;
    }
    return true;
}

/* 1 when three answers differ (their results or their paths), else 0. */
static int three_differ(const JpsResult r[3], const xyPath p[3])
{
    for (int i = 1; i < 3; i++)
        if (r[i] != r[0] || !t_same_path(&p[i], &p[0]))
            return 1;
    return 0;
}

static void free_packed_three(Loaded *l, Grid *packed, Jps j[3], xyPath p[3])
{
    for (int i = 0; i < 3; i++) {
        path_free(&p[i]);
        jps_free(&j[i]);
    }
    grid_free(packed);
    unload(l);
}

/* A JPS on a packed map whose node state outgrows its room with turn bits
 * (Jps.turns_room) gives them back before it grows: its answers are those of
 * the JPS that keeps them and of one that never took them, jps_bytes never
 * drops below what it held, and jps_enable_turns does not take them again. */
static void test_jps_gives_turns_back(T *t)
{
    Loaded l;
    Grid packed;
    Jps j[3], *keep = &j[0], *give = &j[1];
    if (!load_packed_three(t, NULL, &l, &packed, j))
        return;
    Err err;
    CHECK(t, jps_enable_turns(keep, &err) && jps_enable_turns(give, &err) && give->turns.block && keep->turns.block);
    size_t held = jps_bytes(give);
    give->turns_room = held + 1; /* the first growth passes it */
    xyPath p[3] = {{0}};
    int differ = 0, kept_before_growing = 1;
    for (int k = 0; k < l.sc.count; k += 11 * t_thin(1)) {
        JpsResult r[3];
        for (int i = 0; i < 3; i++) {
            p[i].len = 0;
            r[i] = jps_find_capped(&j[i], l.sc.q[k].start, l.sc.q[k].goal, UINT64_MAX, &p[i]);
        }
        differ += three_differ(r, p);
        kept_before_growing &= give->grown > 0 || give->turns.block != NULL;
    }
    CHECK(t, jps_enable_turns(give, &err));
    CHECKF(t,
           differ == 0 && kept_before_growing && give->grown > 0 && give->turns_given_back && !give->turns.block &&
               keep->turns.block && give->held_peak >= held && jps_bytes(give) >= give->held_peak,
           "%d differ; grown %llu times, given back %d, held %zu then %zu", differ, (unsigned long long)give->grown,
           give->turns_given_back, held, jps_bytes(give));
    free_packed_three(&l, &packed, j, p);
}

/* Queries (every `every`-th) whose answers by a and b differ. */
static int answers_differ(const Loaded *l, Jps *a, Jps *b, int every)
{
    int differ = 0;
    xyPath p = {0}, q = {0};
    for (int k = 0; k < l->sc.count; k += every) {
        p.len = q.len = 0;
        JpsResult ra = jps_find_capped(a, l->sc.q[k].start, l->sc.q[k].goal, UINT64_MAX, &p);
        JpsResult rb = jps_find_capped(b, l->sc.q[k].start, l->sc.q[k].goal, UINT64_MAX, &q);
        differ += ra != rb || !t_same_path(&p, &q);
    }
    path_free(&p);
    path_free(&q);
    return differ;
}

/* `n` cells of the packed map all three JPS borrow flipped, from the
 * `from`-th of a spread of cells on: each JPS told first (jps_update), as
 * an owner does, then the map's cells. */
static void flip_cells(T *t, Grid *packed, Jps j[3], int from, int n)
{
    Err err;
    for (int i = from; i < from + n; i++) {
        CellChange c = {(int16_t)((i * 37) % packed->width), (int16_t)((i * 91 + i / 7) % packed->height), false, 0};
        c.passable = !grid_passable(packed, c.x, c.y);
        for (int k = 0; k < 3; k++)
            CHECK(t, jps_update(&j[k], &c, 1, c.passable, &err));
        grid_set_passable(packed, c.x, c.y, c.passable);
    }
}

/* load_packed_three on the rooms map the answer comparisons below use,
 * the third JPS's columns then tiled with the largest power of two of
 * slots that is at most a quarter of the tiles it could hold, so that its
 * scans evict tiles. False (nothing held) where the map is absent. */
static bool load_rooms_three_tiled(T *t, Loaded *l, Grid *packed, Jps *j)
{
    if (!load_packed_three(t, "rooms/32room256-0", l, packed, j))
        return false;
    Err err;
    uint32_t slots = 2;
    while (slots * 2 <= jps_tile_slots_most(&j[2]) / 4)
        slots *= 2;
    CHECK(t, jps_tile_cols(&j[2], slots, &err) && j[2].tiled);
    return true;
}

/* Coarse turn bits (jps_enable_coarse) change no answer: a JPS with them,
 * whole transposed rows or tiles, answers as one without, on a map of
 * rooms larger than a segment, before and after cells change (the changed
 * lines derived again as a search begins). And the comparison sees wrong
 * bits: where the lines through changed cells are left stale, answers
 * differ. */
static void test_jps_coarse_same_answers(T *t)
{
    Loaded l;
    Grid packed;
    Jps j[3];
    if (!load_rooms_three_tiled(t, &l, &packed, j))
        return;
    Err err;
    CHECK(t, jps_enable_coarse(&j[1], 1.0, &err) && jps_enable_coarse(&j[2], 1.0, &err) && j[1].coarse && j[2].coarse &&
                 !j[0].coarse);
    CHECKF(t, j[1].coarse->busy * 4 < j[1].coarse->open, "%zu of %zu bits set", j[1].coarse->busy, j[1].coarse->open);
    int every = 3 * t_thin(1);
    xyPath p[3] = {{0}};
    int before = answers_differ(&l, &j[0], &j[1], every) + answers_differ(&l, &j[0], &j[2], every);
    flip_cells(t, &packed, j, 0, 300);
    int after = answers_differ(&l, &j[0], &j[1], every) + answers_differ(&l, &j[0], &j[2], every);
    flip_cells(t, &packed, j, 300, 300);
    j[1].coarse->stale = false; /* the changed lines not derived again */
    int stale = answers_differ(&l, &j[0], &j[1], every);
    CHECKF(t, before == 0 && after == 0 && stale > 0,
           "differ: %d before changes, %d after, %d with stale bits (expected > 0)", before, after, stale);
    CHECK(t, jps_enable_coarse(&j[0], 0.0, &err) && !j[0].coarse); /* a bit set: more than none, not kept */
    free_packed_three(&l, &packed, j, p);
}

/* The runs of diagonal steps over windows of the lines change no answer:
 * a JPS with turn bits (search/jps_turns.h jps_turns_quiet_run, taken
 * where no line is stale; a step at a time where lines are stale after
 * changes) and one without on whole transposed rows (bitrows_tiles.h
 * bitrows_scan_run) answer as one on tiles (the same runs through the
 * tiles' windows, BitTilesWindow), on a map
 * of rooms, then with a block of 90 x 90 cells opened (diagonals longer
 * than a run's windows, scans that end beyond them), the turn bits' lines
 * all derived again, and after a spread of changes that leaves lines
 * stale. The count of stale lines follows: 0 once all are derived, more
 * after a change. */
static void test_jps_diag_runs_same_answers(T *t)
{
    Loaded l;
    Grid packed;
    Jps j[3];
    if (!load_rooms_three_tiled(t, &l, &packed, j))
        return;
    Err err;
    CHECK(t, !j[0].tiled);
    CHECK(t, jps_enable_turns(&j[1], &err) && j[1].turns.block && j[1].turns.stale > 0);
    jps_turns_all_fresh(&j[1].turns, &j[1].rows, &j[1].cols);
    int fresh = j[1].turns.stale, every = 3 * t_thin(1);
    int before = answers_differ(&l, &j[2], &j[1], every) + answers_differ(&l, &j[2], &j[0], every);
    for (int y = 60; y < 150; y++)
        for (int x = 70; x < 160; x++)
            if (!grid_passable(&packed, x, y)) {
                CellChange c = {(int16_t)x, (int16_t)y, true, 0};
                for (int k = 0; k < 3; k++) /* as flip_cells: each JPS told first */
                    CHECK(t, jps_update(&j[k], &c, 1, c.passable, &err));
                grid_set_passable(&packed, x, y, true);
            }
    int changed = j[1].turns.stale;
    jps_turns_all_fresh(&j[1].turns, &j[1].rows, &j[1].cols);
    int again = j[1].turns.stale,
        open = answers_differ(&l, &j[2], &j[1], every) + answers_differ(&l, &j[2], &j[0], every);
    flip_cells(t, &packed, j, 0, 200);
    int stale = j[1].turns.stale,
        after = answers_differ(&l, &j[2], &j[1], every) + answers_differ(&l, &j[2], &j[0], every);
    CHECKF(t, fresh == 0 && changed > 0 && again == 0 && stale > 0 && before == 0 && open == 0 && after == 0,
           "stale lines %d, %d after opening, %d, %d after changes; differ %d, %d opened, %d after changes", fresh,
           changed, again, stale, before, open, after);
    xyPath p[3] = {{0}};
    free_packed_three(&l, &packed, j, p);
}

/* A diagonal stop queued with its row scan done (jps_node.h
 * PARENT_ROW_DONE: packed bits, no turn bits) is expanded without that
 * scan and changes no answer: the packed JPS, whole transposed rows or
 * tiles, answers as the byte grid's (which never marks a stop), and its
 * searches do mark some. */
static void test_jps_row_done_same_answers(T *t)
{
    Loaded l;
    Grid packed;
    Jps j[3], bytes;
    if (!load_rooms_three_tiled(t, &l, &packed, j))
        return;
    Err err;
    CHECK(t, jps_init(&bytes, &l.g, NULL, &err));
    bytes.waypoints = true;
    int every = 3 * t_thin(1), marked = 0;
    int differ = answers_differ(&l, &bytes, &j[0], every) + answers_differ(&l, &bytes, &j[2], every);
    xyPath p[3] = {{0}};
    for (int k = 0; k < l.sc.count; k += every) {
        jps_find(&j[0], l.sc.q[k].start, l.sc.q[k].goal, &p[0]);
        for (size_t i = 0; i < j[0].open.count; i++) /* 9-12: a direction plus PARENT_ROW_DONE */
            marked += j[0].open.node[i].stamp == j[0].open.stamp && j[0].open.node[i].parent >> 28 > 8;
    }
    CHECKF(t, differ == 0 && marked > 0, "differ %d; stops marked %d (expected > 0)", differ, marked);
    jps_free(&bytes);
    free_packed_three(&l, &packed, j, p);
}

/* The row-read scans of coarse turn bits' JPS answer as their references,
 * at every passable cell of a packed map (its rows a view, its columns a
 * transposed copy), whatever the cell's place in its word: a column scan
 * (bitrows_col_jump) as bitrows_jump on the transposed rows, with no goal
 * and with one ahead or behind; a run of diagonal steps (bitrows_diag_run,
 * up to 70: past its 56-step windows, in an open block) as
 * bitrows_diag_step one at a time. */
static void test_bitrows_row_scans(T *t)
{
    Loaded l;
    Grid packed;
    if (!load_named(t, "random/random256-20-0", &l))
        return;
    for (int y = 0; y < 130; y++) /* an open block: diagonal runs past a window's 56 steps */
        for (int x = 0; x < 130; x++)
            grid_set_passable(&l.g, x, y, true);
    Err err;
    BitRows rows, cols;
    CHECK(t, grid_pack(&packed, &l.g, &err) && bitrows_init(&cols, &packed, true, &err));
    bitrows_view(&rows, &packed);
    int wrong_col = 0, wrong_diag = 0, cells = 0;
    for (int py = 1; py + 1 < rows.rows; py++)
        for (int px = 1; px + 1 < rows.cols; px++) {
            if (!bitrows_get(&rows, py, px) || (px * 7 + py * 3) % (5 * t_thin(1)))
                continue;
            cells++;
            for (int d = 0; d < 4; d++) {
                int dx = d & 1 ? 1 : -1, dy = d & 2 ? 1 : -1, goal = d < 2 ? -1 : py + dy * (px % 40 - 10);
                wrong_col += bitrows_col_jump(&rows, px, py, dy, goal) != bitrows_jump(&cols, px, py, dy, goal);
                const uint64_t *w = packed.bits + (((size_t)py * (size_t)packed.stride + (size_t)px) >> 6);
                int b = px & 63, legal = 0;
                while (legal < 70 && bitrows_diag_step(&w, &b, (ptrdiff_t)dy * (packed.stride >> 6), dx))
                    legal++;
                for (int n = 1; n <= 70; n += n < 8 ? 1 : 9)
                    wrong_diag += bitrows_diag_run(&rows, px, py, dx, dy, n) != (legal < n ? legal : n);
            }
        }
    CHECKF(t, cells > 1000 && wrong_col == 0 && wrong_diag == 0, "%d cells: %d column scans, %d runs differ", cells,
           wrong_col, wrong_diag);
    bitrows_free(&cols);
    grid_free(&packed);
    unload(&l);
}

/* The owner's grow gate (Jps.gate, common/grow.h): asked before every
 * growth of the node state (its bypass stack in the trace included, not the
 * trace's growth for a found path's chain: jps_grow_trace) with the bytes
 * it adds (what the JPS held at each ask, the trace apart, is what it held
 * after the growths asked before), so an owner may tile the transposed
 * rows there (entries/mm/mm_budget.c); and tiling a JPS whose search is
 * paused between runs changes no search: a JPS tiled by its gate and one
 * tiled between two runs of a paused search answer as one that keeps its
 * whole rows, each run in pieces of a few units of work. */
typedef struct GateSeen {
    Jps *j;
    size_t asks, asked, start, wrong;
} GateSeen;

/* What j holds but its trace. */
static size_t untraced(const Jps *j) { return jps_bytes(j) - j->trace_cap * sizeof *j->trace; }

static bool tile_at_ask(void *ctx, size_t more)
{
    GateSeen *g = ctx;
    Err err;
    g->wrong += untraced(g->j) != g->start + g->asked; /* every growth so far asked first */
    if (!g->j->tiled) {
        g->wrong += !jps_tile_cols(g->j, 4, &err) || !g->j->tiled;
        g->start = untraced(g->j) - g->asked; /* the rows' saving apart */
    }
    g->asks++;
    g->asked += more - (g->j->nbypass >= g->j->trace_cap ? g->j->trace_cap * sizeof *g->j->trace : 0);
    return true;
}

/* Runs j's search s -> g in pieces of `piece` work; `tile_at` > 0: tiles j
 * (4 slots) after that many pauses, with the search paused. */
static JpsResult run_in_pieces(Jps *j, xyLoc s, xyLoc g, uint64_t piece, int tile_at, xyPath *p)
{
    Err err;
    if (!jps_begin(j, s, g, UINT64_MAX))
        return JPS_NONE;
    JpsResult r;
    for (int pauses = 0; (r = jps_run(j, &(uint64_t){piece}, p)) == JPS_PAUSED;)
        if (++pauses == tile_at && !jps_tile_cols(j, 4, &err))
            return JPS_CAPPED;
    return r;
}

static void test_jps_gate_and_paused_tiling(T *t)
{
    Loaded l;
    Grid packed;
    Jps j[3], *whole = &j[0], *gated = &j[1], *paused = &j[2];
    if (!load_packed_three(t, NULL, &l, &packed, j))
        return;
    CHECK(t, !whole->tiled && jps_tile_saving(whole, 4) > 0); /* a whole copy, which tiles would shrink */
    GateSeen seen = {.j = gated, .start = untraced(gated)};
    gated->gate = (GrowGate){tile_at_ask, &seen};
    xyPath p[3] = {{0}};
    int differ = 0;
    for (int k = 0; k < l.sc.count; k += 7 * t_thin(1)) {
        xyLoc s = l.sc.q[k].start, g = l.sc.q[k].goal;
        p[0].len = p[1].len = p[2].len = 0;
        JpsResult r[3] = {jps_find_capped(whole, s, g, UINT64_MAX, &p[0]), run_in_pieces(gated, s, g, 5, 0, &p[1]),
                          run_in_pieces(paused, s, g, 5, paused->tiled ? 0 : 3, &p[2])};
        differ += three_differ(r, p);
    }
    CHECKF(t,
           differ == 0 && gated->grown > 0 && seen.asks >= gated->grown && seen.wrong == 0 &&
               untraced(gated) == seen.start + seen.asked && gated->tiled && paused->tiled && !whole->tiled,
           "%d differ; grown %llu times, %zu asks (%zu wrong), asked %zu bytes from %zu, holds %zu; tiled %d %d",
           differ, (unsigned long long)gated->grown, seen.asks, seen.wrong, seen.asked, seen.start, untraced(gated),
           gated->tiled, paused->tiled);
    free_packed_three(&l, &packed, j, p);
}

/* Two JPS sharing one node state (jps_share_nodes), searching in turn,
 * answer as a JPS with its own; the pair counts the state once; a begun
 * search another's begin overtook is given up (JPS_CAPPED, never a wrong
 * "no path"); freeing one leaves the state to the other. */
static void test_jps_shared_nodes(T *t)
{
    Loaded l;
    Jps alone, a, b;
    if (!load_growing_jps(t, &l, &alone, &a))
        return;
    Err err;
    CHECK(t, jps_init_bounded(&b, &l.g, false, JPS_NODES_GROW, &err));
    CHECK(t, jps_share_nodes(&b, &a) && !jps_share_nodes(&b, &a) && a.share == &b && !b.open.node);
    xyPath p = {0}, q = {0};
    int differ = 0, n = 0;
    for (int k = 0; k < l.sc.count; k += 7 * t_thin(1), n++) {
        xyLoc s = l.sc.q[k].start, g = l.sc.q[k].goal;
        p.len = q.len = 0;
        JpsResult want = jps_find_capped(&alone, s, g, UINT64_MAX, &p);
        JpsResult got = jps_find_capped(n % 3 ? &a : &b, s, g, UINT64_MAX, &q);
        differ += want != got || !t_same_path(&p, &q);
    }
    size_t own = jps_bytes(&alone), pair = jps_bytes(&a) + jps_bytes(&b), map = jps_bytes(&b);
    xyLoc s = l.sc.q[0].start, g = l.sc.q[0].goal;
    uint64_t work = 0;
    q.len = 0;
    CHECK(t, jps_begin(&a, s, g, UINT64_MAX) && jps_run(&a, &work, &q) == JPS_PAUSED);
    CHECK(t, jps_begin(&b, s, g, UINT64_MAX));
    work = UINT64_MAX;
    JpsResult overtaken = jps_run(&a, &work, &q);
    jps_free(&a);
    p.len = q.len = 0;
    JpsResult want = jps_find_capped(&alone, s, g, UINT64_MAX, &p), got = jps_find_capped(&b, s, g, UINT64_MAX, &q);
    CHECKF(t,
           differ == 0 && overtaken == JPS_CAPPED && want == got && p.len == q.len && !b.share && pair <= own + map &&
               jps_bytes(&b) > map,
           "%d of %d differ; the pair %zu bytes, alone %zu (its map part %zu); overtaken %d", differ, n, pair, own, map,
           (int)overtaken);
    path_free(&p);
    path_free(&q);
    jps_free(&alone);
    jps_free(&b);
    unload(&l);
}

/* What jps_warm_up's searches reported: their ends, their expansions. */
typedef struct WarmSeen {
    int searches, expanding;
    xyLoc source[16], destination[16];
} WarmSeen;

static void see_warm(void *sink, const TraceEvent *e)
{
    WarmSeen *w = sink;
    if (e->type == TRACE_SOURCE && w->searches < 16)
        w->source[w->searches] = e->cell;
    if (e->type == TRACE_DESTINATION && w->searches < 16)
        w->destination[w->searches++] = e->cell;
    w->expanding += e->type == TRACE_EXPANDING;
}

/* jps_warm_up: sixteen searches, each between the cell nearest the middle
 * and one of eight far cells, each way, all of them run (expansions seen),
 * none counted in `expanded`, and the JPS answers afterwards as a fresh
 * one does. */
static void test_jps_warm_up_from_the_middle(T *t)
{
    Loaded l;
    Jps j, fresh;
    if (!load_growing_jps(t, &l, &j, &fresh))
        return;
    WarmSeen w = {0};
    Tracer tr = {see_warm, &w, "test"};
    j.tracer = &tr;
    uint64_t expanded = j.expanded;
    jps_warm_up(&j, 256);
    j.tracer = NULL;
    /* Search 2i from far cell i to the middle, 2i + 1 back. */
    xyLoc mid = w.destination[0];
    int through_middle = 0, far = 0;
    for (int i = 0; i < w.searches; i++) {
        xyLoc m = i % 2 ? w.source[i] : w.destination[i], o = i % 2 ? w.destination[i] : w.source[i];
        through_middle += m.x == mid.x && m.y == mid.y;
        far += i % 2 == 0 && (o.x != mid.x || o.y != mid.y);
    }
    CHECKF(t,
           w.searches == 16 && through_middle == 16 && far == 8 && w.expanding > 16 && j.expanded == expanded &&
               !j.running,
           "%d searches, %d through the middle, %d far, %d expansions, expanded %llu -> %llu", w.searches,
           through_middle, far, w.expanding, (unsigned long long)expanded, (unsigned long long)j.expanded);
    xyPath p = {0}, q = {0};
    int differ = 0;
    for (int k = 0; k < l.sc.count; k += 13 * t_thin(1)) {
        p.len = q.len = 0;
        JpsResult a = jps_find_capped(&j, l.sc.q[k].start, l.sc.q[k].goal, UINT64_MAX, &p);
        JpsResult b = jps_find_capped(&fresh, l.sc.q[k].start, l.sc.q[k].goal, UINT64_MAX, &q);
        differ += a != b || !t_same_path(&p, &q);
    }
    CHECKF(t, differ == 0, "%d answers differ from a fresh JPS's", differ);
    path_free(&p);
    path_free(&q);
    jps_free(&j);
    jps_free(&fresh);
    unload(&l);
}

const TestCase JPS_TESTS[] = {
    {"jps_shared_nodes", test_jps_shared_nodes},
    {"jps_grows_in_pieces", test_jps_grows_in_pieces},
    {"jps_path_waits_for_its_run", test_jps_path_waits_for_its_run},
    {"jps_grown_search_traced_once", test_jps_grown_search_traced_once},
    {"jps_gives_turns_back", test_jps_gives_turns_back},
    {"jps_coarse_same_answers", test_jps_coarse_same_answers},
    {"jps_diag_runs_same_answers", test_jps_diag_runs_same_answers},
    {"jps_row_done_same_answers", test_jps_row_done_same_answers},
    {"bitrows_row_scans", test_bitrows_row_scans},
    {"jps_gate_and_paused_tiling", test_jps_gate_and_paused_tiling},
    {"jps_warm_up_from_the_middle", test_jps_warm_up_from_the_middle},
    {NULL, NULL},
};
