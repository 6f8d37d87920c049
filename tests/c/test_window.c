/* The refinement window (refine/window.h): unwinding a walk back, whole
 * lines handed out while `keep` cells stay, truncation, joint smoothing;
 * every emitted step a legal move. */
#include <string.h>

#include "../../refine/window.h"
#include "test.h"

static bool steps_legal(const Grid *g, const xyLoc *c, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        int dx = c[i].x - c[i - 1].x, dy = c[i].y - c[i - 1].y;
        if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (!dx && !dy) || !grid_passable(g, c[i].x, c[i].y))
            return false;
        if (dx && dy && (!grid_passable(g, c[i].x, c[i - 1].y) || !grid_passable(g, c[i - 1].x, c[i].y)))
            return false;
    }
    return true;
}

static bool has(const xyPath *p, int x, int y)
{
    for (size_t i = 0; i < p->len; i++)
        if (p->cells[i].x == x && p->cells[i].y == y)
            return true;
    return false;
}

/* The legs the tests join: a run east along row y from (1, y); the walk
 * back from (8,2) that turns south at (5,2); a corner east along row 1 to
 * (6,1), then south to (6,6). */
static void east_run(xyLoc *a, int n, int y)
{
    for (int i = 0; i < n; i++)
        a[i] = (xyLoc){(int16_t)(1 + i), (int16_t)y};
}
static const xyLoc WALK_BACK[6] = {{8, 2}, {7, 2}, {6, 2}, {5, 3}, {5, 4}, {5, 5}};
static void corner_legs(xyLoc a[6], xyLoc b[6])
{
    east_run(a, 6, 1);
    for (int i = 0; i < 6; i++)
        b[i] = (xyLoc){6, (int16_t)(1 + i)};
}

static void open_grid(Grid *g, int w, int h)
{
    Err err;
    grid_init_blocked(g, w, h, &err);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            grid_set_passable(g, x, y, true);
}

/* The walk east along row 2 to (8,2) and WALK_BACK, added to a window on an
 * open 24 x 8 grid (smoothing per `smooth`); `out` holds the anchor (1,2). */
static void walk_there_and_back(Grid *g, Window *w, bool smooth, xyPath *out)
{
    xyLoc a[8];
    open_grid(g, 24, 8);
    win_init(w, g, smooth, smooth ? 256 : 0);
    east_run(a, 8, 2);
    path_push(out, a[0]);
    win_reset(w, a[0]);
    win_add(w, a, 8);
    win_add(w, WALK_BACK, 6);
}

/* Leg 1 runs east to a center at (8,2); leg 2 walks back west and turns
 * south: the walk to (8,2) and back leaves no trace. */
static void test_window_unwinds(T *t)
{
    Grid g;
    Window w;
    xyPath out = {0};
    walk_there_and_back(&g, &w, true, &out);
    CHECK(t, w.cut >= 4);
    win_smooth(&w, SIZE_MAX, SIZE_MAX);
    win_emit(&w, &out, 0);
    CHECK(t, steps_legal(&g, out.cells, out.len));
    CHECK(t, !has(&out, 8, 2) && !has(&out, 7, 2));
    CHECKF(t, out.len - 1 <= 5 && out.cells[out.len - 1].x == 5 && out.cells[out.len - 1].y == 5, "%zu cells", out.len);
    path_free(&out);
    win_free(&w);
    grid_free(&g);
}

/* A straight leg of 19 moves is one line: with keep 5 nothing goes out;
 * truncating 4 moves ends it at (16,2); keep 0 hands out the rest. */
static void test_window_emit_keep_truncate(T *t)
{
    Grid g;
    Window w;
    open_grid(&g, 24, 8);
    win_init(&w, &g, true, 256);
    xyLoc a[20];
    east_run(a, 20, 2);
    xyPath out = {0};
    win_reset(&w, a[0]);
    win_add(&w, a, 20);
    CHECK(t, w.moves == 19 && win_emit(&w, &out, 5) == 0 && out.len == 0);
    win_truncate(&w, 4);
    CHECK(t, w.moves == 15 && win_last(&w).x == 16);
    CHECK(t, win_emit(&w, &out, 0) == 15 && out.len == 15 && out.cells[14].x == 16 && w.moves == 0);
    CHECK(t, win_last(&w).x == 16 && w.way.len == 1);
    path_free(&out);
    win_free(&w);
    grid_free(&g);
}

/* Two legs meeting at a corner (1,1) -> (6,1) -> (6,6): the joint is cut
 * diagonally, never longer, every step legal, anchor and end kept. */
static void test_window_smooths_joint(T *t)
{
    Grid g;
    Window w;
    open_grid(&g, 12, 12);
    win_init(&w, &g, true, 256);
    xyLoc a[6], b[6];
    corner_legs(a, b);
    xyPath out = {0};
    path_push(&out, a[0]);
    win_reset(&w, a[0]);
    win_add(&w, a, 6);
    win_add(&w, b, 6);
    CHECK(t, w.moves == 9); /* unwinding already cut the corner cell (6,1) */
    win_smooth(&w, SIZE_MAX, 2);
    CHECKF(t, w.moves == 5, "%zu moves", w.moves);
    win_emit(&w, &out, 0);
    CHECK(t, steps_legal(&g, out.cells, out.len) && out.len == 6 && out.cells[5].x == 6 && out.cells[5].y == 6);
    path_free(&out);
    win_free(&w);
    grid_free(&g);
}

/* A random legal walk of n cells from the end of `prev` on g that first
 * retraces `back` cells of `prev`, as a leg to a center and out of a dead
 * end does; `king`: any legal move, else cardinal moves only. */
static void wander(const Grid *g, uint64_t *seed, const xyPath *prev, size_t back, size_t n, bool king, xyPath *out)
{
    out->len = 0;
    path_push(out, prev->cells[prev->len - 1]);
    for (size_t i = 1; i <= back && i < prev->len; i++)
        path_push(out, prev->cells[prev->len - 1 - i]);
    for (int tries = 0; out->len < n && tries < 64;) {
        *seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
        int d = (int)(*seed >> (king ? 61 : 62));
        xyLoc c = out->cells[out->len - 1];
        if (grid_move_legal(g, c.x, c.y, d)) {
            path_push(out, (xyLoc){(int16_t)(c.x + GRID_DX[d]), (int16_t)(c.y + GRID_DY[d])});
            tries = 0;
        } else {
            tries++;
        }
    }
}

/* Does w->moves count the window's lines? */
static bool moves_right(const Window *w)
{
    size_t m = 0;
    for (size_t i = 1; i < w->way.len; i++)
        m += line_moves(w->way.cells[i - 1], w->way.cells[i]);
    return m == w->moves;
}

/* win_add_way (a leg as the waypoints of its lines, as the edge cache
 * gives it) on random legs that retrace the last one (so they unwind), on
 * a map with obstacles:
 *  - with cardinal moves only, a leg's waypoints are the same whichever
 *    way they are made, so it must join exactly as win_add on its cells:
 *    the same cells cut, moves, window and emitted path;
 *  - with king moves the unwinding may stop inside a line whose rest is
 *    not legal: every emitted step must still be legal, and the path must
 *    end at the last leg's end. */
static void add_way_run(T *t, bool king)
{
    Grid g;
    Err err;
    grid_init_blocked(&g, 40, 40, &err);
    uint64_t seed = 7;
    for (int y = 0; y < 40; y++)
        for (int x = 0; x < 40; x++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            grid_set_passable(&g, x, y, (seed >> 59) > 5 || (x == 20 && y == 20));
        }
    Window wc, ww;
    win_init(&wc, &g, true, 256);
    win_init(&ww, &g, true, 256);
    xyPath leg = {0}, way = {0}, prev = {0}, outc = {0}, outw = {0};
    path_push(&prev, (xyLoc){20, 20});
    win_reset(&wc, prev.cells[0]);
    win_reset(&ww, prev.cells[0]);
    path_push(&outc, prev.cells[0]);
    path_push(&outw, prev.cells[0]);
    int differ = 0, unwound = 0, bad_moves = 0;
    for (int k = 0; k < 400; k++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        wander(&g, &seed, &prev, (size_t)(seed >> 60), 4 + (size_t)((seed >> 40) % 24), king, &leg);
        path_reserve(&way, leg.len);
        way.len = cells_to_waypoints(NULL, leg.cells, leg.len, way.cells);
        uint64_t cut = ww.cut;
        if (!king)
            win_add(&wc, leg.cells, leg.len);
        win_add_way(&ww, way.cells, way.len);
        unwound += ww.cut > cut;
        bad_moves += !moves_right(&ww);
        if (!king) {
            differ += wc.cut != ww.cut || wc.way.len != ww.way.len ||
                      memcmp(wc.way.cells, ww.way.cells, ww.way.len * sizeof(xyLoc));
            win_emit(&wc, &outc, 8);
        }
        win_emit(&ww, &outw, 8);
        prev.len = 0; /* what the next leg may retrace; it ends at win_last() */
        for (size_t i = 0; i < leg.len; i++)
            path_push(&prev, leg.cells[i]);
    }
    win_emit(&wc, &outc, 0);
    win_emit(&ww, &outw, 0);
    xyLoc end = outw.cells[outw.len - 1];
    CHECKF(t, differ == 0, "king %d: %d legs joined differently", king, differ);
    CHECKF(t, unwound > 50 && bad_moves == 0, "king %d: %d legs unwound, %d miscounted", king, unwound, bad_moves);
    CHECKF(t, steps_legal(&g, outw.cells, outw.len), "king %d: an illegal step", king);
    CHECK(t, end.x == leg.cells[leg.len - 1].x && end.y == leg.cells[leg.len - 1].y);
    if (!king)
        CHECK(t, outw.len == outc.len && !memcmp(outw.cells, outc.cells, outw.len * sizeof(xyLoc)));
    path_free(&leg);
    path_free(&way);
    path_free(&prev);
    path_free(&outc);
    path_free(&outw);
    win_free(&wc);
    win_free(&ww);
    grid_free(&g);
}

static void test_window_add_way(T *t)
{
    add_way_run(t, false);
    add_way_run(t, true);
    /* A repeated waypoint (a line of no move) changes nothing. */
    Grid g;
    Window a, b;
    open_grid(&g, 12, 12);
    win_init(&a, &g, true, 256);
    win_init(&b, &g, true, 256);
    const xyLoc first[2] = {{1, 1}, {6, 1}}, plain[3] = {{6, 1}, {3, 1}, {3, 5}};
    const xyLoc doubled[6] = {{6, 1}, {6, 1}, {3, 1}, {3, 1}, {3, 5}, {3, 5}};
    win_reset(&a, first[0]);
    win_reset(&b, first[0]);
    win_add_way(&a, first, 2);
    win_add_way(&b, first, 2);
    win_add_way(&a, plain, 3);
    win_add_way(&b, doubled, 6);
    CHECK(t, a.cut >= 6 && b.cut == a.cut && a.moves == b.moves && a.way.len == b.way.len &&
                 !memcmp(a.way.cells, b.way.cells, a.way.len * sizeof(xyLoc)));
    win_free(&a);
    win_free(&b);
    grid_free(&g);
}

/* The cells form (no smoothing): the walk east to (8,2) and back unwinds
 * over the window's cells, down to (5,2) where the leg steps south; keep
 * holds back cells, not lines; a walk back past the anchor unwinds to it. */
static void test_window_cells(T *t)
{
    Grid g;
    Window w;
    xyPath out = {0};
    walk_there_and_back(&g, &w, false, &out);
    CHECKF(t, w.cut == 6 && w.moves == 7 && w.way.len == 8, "cut %llu, %zu moves", (unsigned long long)w.cut, w.moves);
    CHECK(t, win_emit(&w, &out, 2) == 5 && out.len == 6 && out.cells[5].x == 5 && out.cells[5].y == 3);
    win_truncate(&w, 1);
    CHECK(t, win_last(&w).y == 4 && win_emit(&w, &out, 0) == 1 && out.cells[6].y == 4);
    CHECK(t, steps_legal(&g, out.cells, out.len) && !has(&out, 6, 2));
    /* Back over the anchor: (1,2) (2,2) (3,2), then (3,2) (2,2) (1,2) (0,2). */
    const xyLoc c[3] = {{1, 2}, {2, 2}, {3, 2}}, d[4] = {{3, 2}, {2, 2}, {1, 2}, {0, 2}};
    out.len = 0;
    win_reset(&w, c[0]);
    win_add(&w, c, 3);
    win_add(&w, d, 4);
    CHECK(t, win_emit(&w, &out, 0) == 1 && out.cells[0].x == 0 && out.cells[0].y == 2);
    path_free(&out);
    win_free(&w);
    grid_free(&g);
}

/* The joint memo (window.h): a stretch of three waypoints smoothed once is
 * read back the second time; after the map changes, win_forget makes the
 * window smooth it again (else it would cut through the new wall). */
static void join_two(Window *w, xyPath *out, const xyLoc *a, size_t na, const xyLoc *b, size_t nb, bool way,
                     size_t reach)
{
    out->len = 0;
    path_push(out, a[0]);
    win_reset(w, a[0]);
    (way ? win_add_way : win_add)(w, a, na);
    (way ? win_add_way : win_add)(w, b, nb);
    win_smooth(w, 1, reach);
    win_emit(w, out, 0);
}

static void joint_three(Window *w, xyPath *out)
{
    xyLoc a[6], b[6];
    corner_legs(a, b);
    join_two(w, out, a, 6, b, 6, false, 1); /* the stretch (1,1) (6,1)... (6,6): three waypoints */
}

static void test_window_joint_memo(T *t)
{
    Grid g;
    Window w;
    open_grid(&g, 12, 12);
    win_init(&w, &g, true, 256);
    xyPath out = {0};
    /* Unwinding cuts (6,1); the stretch (1,1) (5,1) (6,2) drops (5,1). */
    joint_three(&w, &out);
    CHECKF(t, w.memo_hits == 0 && steps_legal(&g, out.cells, out.len) && out.len == 10 && !has(&out, 5, 1),
           "hits %llu, %zu cells", (unsigned long long)w.memo_hits, out.len);
    joint_three(&w, &out);
    CHECK(t, w.memo_hits == 1 && steps_legal(&g, out.cells, out.len) && out.len == 10 && !has(&out, 5, 1));
    /* A wall on that line's second row: remembered, the joint would cross it. */
    xyLoc wall = {0, 0};
    for (int k = 1; k < 5; k++) {
        xyLoc q = line_cell((xyLoc){1, 1}, (xyLoc){6, 2}, k);
        if (q.y == 2 && wall.y != 2)
            wall = q; /* the first: the cells beside the unwinding's diagonal stay open */
    }
    CHECK(t, wall.y == 2);
    grid_set_passable(&g, wall.x, wall.y, false);
    win_forget(&w);
    joint_three(&w, &out);
    CHECKF(t, w.memo_hits == 1 && steps_legal(&g, out.cells, out.len) && !has(&out, wall.x, wall.y), "%zu cells",
           out.len);
    path_free(&out);
    win_free(&w);
    grid_free(&g);
}

/* A joint's stretch of four waypoints (back 1, joint 2) is remembered too:
 * the second time it reads the memo and hands out the same cells. The
 * unwinding cuts the corner (6,1), so the stretch is (1,1) (5,1) (6,2)
 * (6,4): both waypoints between its ends go (joint 1 would keep (6,2)). */
static void joint_four(Window *w, xyPath *out)
{
    static const xyLoc a[] = {{1, 1}, {6, 1}}, b[] = {{6, 1}, {6, 4}, {9, 4}, {9, 7}};
    join_two(w, out, a, 2, b, 4, true, 2);
}

static void test_window_joint_memo_four(T *t)
{
    Grid g;
    Window w;
    open_grid(&g, 12, 12);
    win_init(&w, &g, true, 256);
    xyPath first = {0}, again = {0};
    joint_four(&w, &first);
    CHECKF(t, w.memo_hits == 0 && steps_legal(&g, first.cells, first.len) && !has(&first, 5, 1) && !has(&first, 6, 2),
           "hits %llu, %zu cells", (unsigned long long)w.memo_hits, first.len);
    joint_four(&w, &again);
    CHECK(t, w.memo_hits == 1 && again.len == first.len &&
                 !memcmp(again.cells, first.cells, first.len * sizeof *first.cells));
    path_free(&first);
    path_free(&again);
    win_free(&w);
    grid_free(&g);
}

/* The memo starts small and doubles as joints churn it (WIN_MEMO_FIRST,
 * then each time as many were remembered since it last began to grow as it
 * holds), up to win_init's memo, keeping what it remembered, and grows in
 * pieces (Window.grown): no joint zeroes more than WIN_MEMO_GROW_ZERO entries
 * or moves more than WIN_MEMO_GROW_SETS sets. Its bytes, growths included,
 * never pass win_memo_bytes_most, and reach it once grown to its most (a
 * growth takes the upper half, no old table beside a new one: holding both
 * was half as much again, and uncounted once the growth was done). 200
 * joints (joint_four moved
 * about an open map) begin two growths, 64 -> 256 entries, the second ending
 * in the joints read again; read again they hand out the same cells, and
 * those the smaller tables had not evicted yet hit (83; a growth that
 * dropped the entries leaves 4). */
static void test_window_joint_memo_grows(T *t)
{
    enum { JOINTS = 200 };
    Grid g;
    Window w;
    open_grid(&g, 40, 30);
    win_init(&w, &g, true, 256);
    CHECK(t, w.memo_n == WIN_MEMO_FIRST && w.memo_max == 256);
    xyPath first[JOINTS] = {{0}}, again = {0};
    size_t most = win_memo_bytes(&w);
    for (int round = 0; round < 2; round++)
        for (int j = 0; j < JOINTS; j++) {
            int dx = j % 20, dy = j / 20;
            const xyLoc a[] = {{1 + dx, 1 + dy}, {6 + dx, 1 + dy}},
                        b[] = {{6 + dx, 1 + dy}, {6 + dx, 4 + dy}, {9 + dx, 4 + dy}, {9 + dx, 7 + dy}};
            bool growing = w.grown != NULL;
            uint32_t zeroed = w.grown_zeroed, moved = w.grown_moved;
            join_two(&w, round ? &again : &first[j], a, 2, b, 4, true, 2);
            most = win_memo_bytes(&w) > most ? win_memo_bytes(&w) : most;
            if (growing && w.grown)
                CHECKF(t,
                       w.grown_zeroed - zeroed <= WIN_MEMO_GROW_ZERO &&
                           w.grown_moved - moved <= WIN_MEMO_GROW_SETS * WIN_MEMO_WAYS,
                       "joint %d: %u entries zeroed, %u moved", j, w.grown_zeroed - zeroed, w.grown_moved - moved);
            if (round)
                CHECKF(t,
                       again.len == first[j].len &&
                           !memcmp(again.cells, first[j].cells, again.len * sizeof *again.cells),
                       "joint %d: other cells the second time", j);
            else if (j == JOINTS - 1)
                CHECKF(t, w.memo_hits == 0 && w.memo_grows == 1 && w.memo_n == 128 && w.grown,
                       "hits %llu, %llu growths, %u entries", (unsigned long long)w.memo_hits,
                       (unsigned long long)w.memo_grows, w.memo_n);
        }
    CHECKF(t, w.memo_hits >= JOINTS * 3 / 10 && w.memo_grows == 2 && w.memo_n == 256 && !w.grown,
           "hits %llu of %d, %llu growths", (unsigned long long)w.memo_hits, JOINTS, (unsigned long long)w.memo_grows);
    CHECKF(t, most == win_memo_bytes_most(&w) && win_memo_bytes(&w) == most && most == 256 * sizeof(JointMemo),
           "the memo held %zu bytes at its most, now %zu, its most %zu", most, win_memo_bytes(&w),
           win_memo_bytes_most(&w));
    for (int j = 0; j < JOINTS; j++)
        path_free(&first[j]);
    path_free(&again);
    win_free(&w);
    grid_free(&g);
}

/* Held to fewer joints after its init (win_memo_hold, rounded down to a
 * power of two, never below what it holds), the memo grows no further: the
 * joints that took 64 -> 256 above stop at 128, and its most is counted so. */
static void test_window_joint_memo_held(T *t)
{
    Grid g;
    Window w;
    xyPath out = {0};
    open_grid(&g, 40, 30);
    win_init(&w, &g, true, 1024);
    win_memo_hold(&w, 200);
    CHECKF(t, w.memo_max == 128 && win_memo_bytes_most(&w) == 128 * sizeof(JointMemo), "held to %u", w.memo_max);
    win_memo_hold(&w, 4);
    CHECKF(t, w.memo_max == WIN_MEMO_FIRST && w.memo_n == WIN_MEMO_FIRST, "held to %u, holding %u", w.memo_max,
           w.memo_n);
    win_free(&w);
    win_init(&w, &g, true, 1024);
    win_memo_hold(&w, 128);
    for (int round = 0; round < 2; round++)
        for (int j = 0; j < 200; j++) {
            int dx = j % 20, dy = j / 20;
            const xyLoc a[] = {{1 + dx, 1 + dy}, {6 + dx, 1 + dy}},
                        b[] = {{6 + dx, 1 + dy}, {6 + dx, 4 + dy}, {9 + dx, 4 + dy}, {9 + dx, 7 + dy}};
            join_two(&w, &out, a, 2, b, 4, true, 2);
            CHECKF(t, win_memo_bytes(&w) <= win_memo_bytes_most(&w), "joint %d: %zu bytes", j, win_memo_bytes(&w));
        }
    CHECKF(t, w.memo_n == 128 && !w.grown, "%u entries", w.memo_n);
    path_free(&out);
    win_free(&w);
    grid_free(&g);
}

/* The memo packs a stretch as steps of a byte and a sign (window.h
 * JointMemo): the same four-waypoint joint mirrored (its steps west) reads
 * back the same cells; one whose first step is longer than a byte holds is
 * smoothed again each time, to the same cells, never remembered. */
static void joint_west(Window *w, xyPath *out)
{
    static const xyLoc a[] = {{10, 1}, {5, 1}}, b[] = {{5, 1}, {5, 6}, {2, 6}, {2, 9}};
    join_two(w, out, a, 2, b, 4, true, 2);
}

static void joint_far(Window *w, xyPath *out)
{
    static const xyLoc a[] = {{1, 1}, {290, 1}}, b[] = {{290, 1}, {290, 4}, {293, 4}, {293, 7}};
    join_two(w, out, a, 2, b, 4, true, 2);
}

static void test_window_joint_memo_packed(T *t)
{
    void (*joints[2])(Window *, xyPath *) = {joint_west, joint_far};
    for (int i = 0; i < 2; i++) {
        Grid g;
        Window w;
        open_grid(&g, i ? 300 : 12, 12);
        for (int y = 2; y <= 5 && !i; y++) /* a block the west joint turns round: a waypoint stays */
            for (int x = 6; x <= 9; x++)
                grid_set_passable(&g, x, y, false);
        win_init(&w, &g, true, 256);
        xyPath first = {0}, again = {0};
        joints[i](&w, &first);
        joints[i](&w, &again);
        CHECKF(t,
               w.memo_hits == (i ? 0u : 1u) && steps_legal(&g, first.cells, first.len) && again.len == first.len &&
                   !memcmp(again.cells, first.cells, first.len * sizeof *first.cells),
               "joint %d: hits %llu, %zu then %zu cells", i, (unsigned long long)w.memo_hits, first.len, again.len);
        path_free(&first);
        path_free(&again);
        win_free(&w);
        grid_free(&g);
    }
}

const TestCase WINDOW_TESTS[] = {
    {"window_unwinds", test_window_unwinds},
    {"window_emit_keep_truncate", test_window_emit_keep_truncate},
    {"window_smooths_joint", test_window_smooths_joint},
    {"window_cells", test_window_cells},
    {"window_joint_memo", test_window_joint_memo},
    {"window_joint_memo_four", test_window_joint_memo_four},
    {"window_joint_memo_packed", test_window_joint_memo_packed},
    {"window_joint_memo_grows", test_window_joint_memo_grows},
    {"window_joint_memo_held", test_window_joint_memo_held},
    {"window_add_way", test_window_add_way},
    {NULL, NULL},
};
