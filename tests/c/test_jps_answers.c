/* The JPS's variants answer alike (search/jps.h): a JPS that gives its
 * turn bits back, coarse turn bits, diagonal runs and rows marked done, on
 * maps whose cells flip, and the transposed rows' column scans
 * (search/bitrows.h) against the map's cells. */
#include <string.h>

#include "../../grid/grid.h"
#include "../../search/bitrows.h"
#include "../../search/jps.h"
#include "jps_three.h"
#include "test.h"

/* A JPS on a packed map whose node state outgrows its room with turn bits
 * (Jps.turns_room) gives them back before it grows: its answers are those of
 * the JPS that keeps them and of one that never took them, jps_bytes never
 * drops below what it held, and jps_enable_turns does not take them again. */
static void test_jps_gives_turns_back(T *t)
{
    JpsThree f;
    if (!jps_three_open(t, NULL, &f))
        return;
    Jps *keep = &f.j[0], *give = &f.j[1];
    Err err;
    CHECK(t, jps_enable_turns(keep, &err) && jps_enable_turns(give, &err) && give->turns.block && keep->turns.block);
    size_t held = jps_bytes(give);
    give->turns_room = held + 1; /* the first growth passes it */
    int differ = 0, kept_before_growing = 1;
    for (int k = 0; k < f.l.sc.count; k += 11 * t_thin(1)) {
        JpsResult r[3];
        for (int i = 0; i < 3; i++) {
            f.p[i].len = 0;
            r[i] = jps_find_capped(&f.j[i], f.l.sc.q[k].start, f.l.sc.q[k].goal, UINT64_MAX, &f.p[i]);
        }
        differ += three_differ(r, f.p);
        kept_before_growing &= give->grown > 0 || give->turns.block != NULL;
    }
    CHECK(t, jps_enable_turns(give, &err));
    CHECKF(t,
           differ == 0 && kept_before_growing && give->grown > 0 && give->turns_given_back && !give->turns.block &&
               keep->turns.block && give->held_peak >= held && jps_bytes(give) >= give->held_peak,
           "%d differ; grown %llu times, given back %d, held %zu then %zu", differ, (unsigned long long)give->grown,
           give->turns_given_back, held, jps_bytes(give));
    jps_three_close(&f);
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

/* jps_three_open on the rooms map the answer comparisons below use, the
 * third JPS's columns then tiled with the largest power of two of slots
 * that is at most a quarter of the tiles it could hold, so that its scans
 * evict tiles. False (nothing held) where the map is absent. */
static bool load_rooms_three_tiled(T *t, JpsThree *f)
{
    if (!jps_three_open(t, "rooms/32room256-0", f))
        return false;
    Err err;
    uint32_t slots = 2;
    while (slots * 2 <= jps_tile_slots_most(&f->j[2]) / 4)
        slots *= 2;
    CHECK(t, jps_tile_cols(&f->j[2], slots, &err) && f->j[2].tiled);
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
    JpsThree f;
    if (!load_rooms_three_tiled(t, &f))
        return;
    Err err;
    CHECK(t, jps_enable_coarse(&f.j[1], 1.0, &err) && jps_enable_coarse(&f.j[2], 1.0, &err) && f.j[1].coarse &&
                 f.j[2].coarse && !f.j[0].coarse);
    CHECKF(t, f.j[1].coarse->busy * 4 < f.j[1].coarse->open, "%zu of %zu bits set", f.j[1].coarse->busy,
           f.j[1].coarse->open);
    int every = 3 * t_thin(1);
    int before = answers_differ(&f.l, &f.j[0], &f.j[1], every) + answers_differ(&f.l, &f.j[0], &f.j[2], every);
    flip_cells(t, &f.packed, f.j, 0, 300);
    int after = answers_differ(&f.l, &f.j[0], &f.j[1], every) + answers_differ(&f.l, &f.j[0], &f.j[2], every);
    flip_cells(t, &f.packed, f.j, 300, 300);
    f.j[1].coarse->stale = false; /* the changed lines not derived again */
    int stale = answers_differ(&f.l, &f.j[0], &f.j[1], every);
    CHECKF(t, before == 0 && after == 0 && stale > 0,
           "differ: %d before changes, %d after, %d with stale bits (expected > 0)", before, after, stale);
    CHECK(t, jps_enable_coarse(&f.j[0], 0.0, &err) && !f.j[0].coarse); /* a bit set: more than none, not kept */
    jps_three_close(&f);
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
    JpsThree f;
    if (!load_rooms_three_tiled(t, &f))
        return;
    Err err;
    CHECK(t, !f.j[0].tiled);
    CHECK(t, jps_enable_turns(&f.j[1], &err) && f.j[1].turns.block && f.j[1].turns.stale > 0);
    jps_turns_all_fresh(&f.j[1].turns, &f.j[1].rows, &f.j[1].cols);
    int fresh = f.j[1].turns.stale, every = 3 * t_thin(1);
    int before = answers_differ(&f.l, &f.j[2], &f.j[1], every) + answers_differ(&f.l, &f.j[2], &f.j[0], every);
    for (int y = 60; y < 150; y++)
        for (int x = 70; x < 160; x++)
            if (!grid_passable(&f.packed, x, y)) {
                CellChange c = {(int16_t)x, (int16_t)y, true, 0};
                for (int k = 0; k < 3; k++) /* as flip_cells: each JPS told first */
                    CHECK(t, jps_update(&f.j[k], &c, 1, c.passable, &err));
                grid_set_passable(&f.packed, x, y, true);
            }
    int changed = f.j[1].turns.stale;
    jps_turns_all_fresh(&f.j[1].turns, &f.j[1].rows, &f.j[1].cols);
    int again = f.j[1].turns.stale,
        open = answers_differ(&f.l, &f.j[2], &f.j[1], every) + answers_differ(&f.l, &f.j[2], &f.j[0], every);
    flip_cells(t, &f.packed, f.j, 0, 200);
    int stale = f.j[1].turns.stale,
        after = answers_differ(&f.l, &f.j[2], &f.j[1], every) + answers_differ(&f.l, &f.j[2], &f.j[0], every);
    CHECKF(t, fresh == 0 && changed > 0 && again == 0 && stale > 0 && before == 0 && open == 0 && after == 0,
           "stale lines %d, %d after opening, %d, %d after changes; differ %d, %d opened, %d after changes", fresh,
           changed, again, stale, before, open, after);
    jps_three_close(&f);
}

/* A diagonal stop queued with its row scan done (jps_node.h
 * PARENT_ROW_DONE: packed bits, no turn bits) is expanded without that
 * scan and changes no answer: the packed JPS, whole transposed rows or
 * tiles, answers as the byte grid's (which never marks a stop), and its
 * searches do mark some. */
static void test_jps_row_done_same_answers(T *t)
{
    JpsThree f;
    Jps bytes;
    if (!load_rooms_three_tiled(t, &f))
        return;
    Err err;
    CHECK(t, jps_init(&bytes, &f.l.g, NULL, &err));
    bytes.waypoints = true;
    int every = 3 * t_thin(1), marked = 0;
    int differ = answers_differ(&f.l, &bytes, &f.j[0], every) + answers_differ(&f.l, &bytes, &f.j[2], every);
    for (int k = 0; k < f.l.sc.count; k += every) {
        jps_find(&f.j[0], f.l.sc.q[k].start, f.l.sc.q[k].goal, &f.p[0]);
        for (size_t i = 0; i < f.j[0].open.count; i++) /* 9-12: a direction plus PARENT_ROW_DONE */
            marked += f.j[0].open.node[i].stamp == f.j[0].open.stamp && f.j[0].open.node[i].parent >> 28 > 8;
    }
    CHECKF(t, differ == 0 && marked > 0, "differ %d; stops marked %d (expected > 0)", differ, marked);
    jps_free(&bytes);
    jps_three_close(&f);
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

const TestCase JPS_ANSWER_TESTS[] = {
    {"jps_gives_turns_back", test_jps_gives_turns_back},
    {"jps_coarse_same_answers", test_jps_coarse_same_answers},
    {"jps_diag_runs_same_answers", test_jps_diag_runs_same_answers},
    {"jps_row_done_same_answers", test_jps_row_done_same_answers},
    {"bitrows_row_scans", test_bitrows_row_scans},
    {NULL, NULL},
};
