/* The refinement window's joint memo (refine/window.h, window_memo.c): a
 * stretch smoothed once is read back, forgotten after a map change, kept
 * in sets of four, packed, grown in pieces and held to what the budget
 * leaves. */
#include <string.h>

#include "window_legs.h"

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

/* Joint j of 200 (joint_four's shape moved about a 40 x 30 open map):
 * the joints that churn the memo in the tests below. */
static void joint_moved(Window *w, xyPath *out, int j)
{
    int dx = j % 20, dy = j / 20;
    const xyLoc a[] = {{1 + dx, 1 + dy}, {6 + dx, 1 + dy}},
                b[] = {{6 + dx, 1 + dy}, {6 + dx, 4 + dy}, {9 + dx, 4 + dy}, {9 + dx, 7 + dy}};
    join_two(w, out, a, 2, b, 4, true, 2);
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
            bool growing = w.grown != NULL;
            uint32_t zeroed = w.grown_zeroed, moved = w.grown_moved;
            joint_moved(&w, round ? &again : &first[j], j);
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
            joint_moved(&w, &out, j);
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

/* Reserved (win_memo_reserve: what mm's prepare does), the memo's blocks
 * are taken before any joint, each asked of its owner once, and its
 * doublings while joints run take none and ask nothing (a block taken
 * inside a query's call faulted on a fresh page there): the joints of
 * window_joint_memo_grows grow it 64 -> 256 into the same blocks, its bytes
 * its most from the start. A refused block stops the memo where it is. */
static int memo_asks;
static bool memo_ask_yes(void *ctx, size_t more)
{
    (void)more;
    memo_asks++;
    return ctx == NULL;
}

static void test_window_joint_memo_reserved(T *t)
{
    Grid g;
    Window w;
    xyPath out = {0};
    open_grid(&g, 40, 30);
    for (int refuse = 0; refuse < 2; refuse++) {
        win_init(&w, &g, true, 256);
        w.memo_gate = (GrowGate){memo_ask_yes, refuse ? &w : NULL};
        memo_asks = 0;
        win_memo_reserve(&w);
        JointMemo *taken[2] = {w.memo_more[0], w.memo_more[1]};
        int asked = memo_asks;
        size_t bytes = win_memo_bytes(&w);
        for (int round = 0; round < 2; round++)
            for (int j = 0; j < 200; j++) {
                joint_moved(&w, &out, j);
                CHECKF(t, w.memo_more[0] == taken[0] && w.memo_more[1] == taken[1] && win_memo_bytes(&w) == bytes,
                       "refuse %d, joint %d: a block taken as joints ran (%zu bytes, %zu reserved)", refuse, j,
                       win_memo_bytes(&w), bytes);
            }
        if (refuse)
            CHECKF(t, asked == 1 && memo_asks == 1 && !taken[0] && w.memo_n == WIN_MEMO_FIRST && w.memo_refused == 1,
                   "refused: %d asks, %u entries", memo_asks, w.memo_n);
        else
            CHECKF(t,
                   asked == 2 && memo_asks == 2 && taken[1] && w.memo_n == 256 && w.memo_grows == 2 &&
                       bytes == 256 * sizeof(JointMemo),
                   "%d asks at reserve, %d in all, %u entries, %zu bytes", asked, memo_asks, w.memo_n, bytes);
        win_free(&w);
    }
    path_free(&out);
    grid_free(&g);
}

const TestCase WINDOW_MEMO_TESTS[] = {
    {"window_joint_memo", test_window_joint_memo},
    {"window_joint_memo_four", test_window_joint_memo_four},
    {"window_joint_memo_packed", test_window_joint_memo_packed},
    {"window_joint_memo_grows", test_window_joint_memo_grows},
    {"window_joint_memo_held", test_window_joint_memo_held},
    {"window_joint_memo_reserved", test_window_joint_memo_reserved},
    {NULL, NULL},
};
