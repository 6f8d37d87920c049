/* The refinement window (refine/window.h): unwinding a walk back, whole
 * lines handed out while `keep` cells stay, truncation, joint smoothing;
 * every emitted step a legal move. */
#include <string.h>

#include "window_legs.h"

/* The walk back from (8,2) that turns south at (5,2). */
static const xyLoc WALK_BACK[6] = {{8, 2}, {7, 2}, {6, 2}, {5, 3}, {5, 4}, {5, 5}};

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

/* 40 x 40 cells, about a fifth blocked at random, (20,20) open; returns
 * the seed the random legs go on from. */
static uint64_t speckled_grid(Grid *g)
{
    Err err;
    grid_init_blocked(g, 40, 40, &err);
    uint64_t seed = 7;
    for (int y = 0; y < 40; y++)
        for (int x = 0; x < 40; x++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            grid_set_passable(g, x, y, (seed >> 59) > 5 || (x == 20 && y == 20));
        }
    return seed;
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
    uint64_t seed = speckled_grid(&g);
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

/* win_add_begin and win_add_run on a unit of work a call join each leg
 * as win_add does (the same cells cut, waypoints and moves), the long ones
 * in several pieces, each passing cells; with no work a run passes none
 * (it may find the join already whole). */
static void test_window_adds_in_pieces(T *t)
{
    Grid g;
    uint64_t seed = speckled_grid(&g);
    Window whole, parts;
    win_init(&whole, &g, true, 256);
    win_init(&parts, &g, true, 256);
    xyPath leg = {0}, prev = {0};
    path_push(&prev, (xyLoc){20, 20});
    win_reset(&whole, prev.cells[0]);
    win_reset(&parts, prev.cells[0]);
    int differ = 0, split = 0, idle = 0, stalled = 0;
    for (int k = 0; k < 300; k++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        wander(&g, &seed, &prev, (size_t)(seed >> 60), 4 + (size_t)((seed >> 40) % 60), true, &leg);
        win_add(&whole, leg.cells, leg.len);
        win_add_begin(&parts, leg.cells, leg.len);
        uint64_t none = 0;
        size_t at = parts.add.conv.start;
        win_add_run(&parts, &none);
        stalled += parts.add.conv.start != at;
        int pieces = 0;
        for (bool ended = !win_adding(&parts); !ended; pieces++) {
            uint64_t work = 1;
            at = parts.add.conv.start;
            ended = win_add_run(&parts, &work);
            idle += parts.add.conv.start == at;
        }
        split += pieces > 1;
        differ += whole.cut != parts.cut || whole.moves != parts.moves || whole.way.len != parts.way.len ||
                  memcmp(whole.way.cells, parts.way.cells, whole.way.len * sizeof(xyLoc));
        xyPath sink = {0};
        win_emit(&whole, &sink, 8);
        win_emit(&parts, &sink, 8);
        path_free(&sink);
        prev.len = 0;
        for (size_t i = 0; i < leg.len; i++)
            path_push(&prev, leg.cells[i]);
    }
    CHECKF(t, differ == 0, "%d legs joined otherwise in pieces", differ);
    CHECKF(t, split > 30 && idle == 0 && stalled == 0, "%d legs in pieces, %d pieces passed no cell, %d ran on no work",
           split, idle, stalled);
    path_free(&leg);
    path_free(&prev);
    win_free(&whole);
    win_free(&parts);
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

const TestCase WINDOW_TESTS[] = {
    {"window_unwinds", test_window_unwinds},
    {"window_emit_keep_truncate", test_window_emit_keep_truncate},
    {"window_smooths_joint", test_window_smooths_joint},
    {"window_cells", test_window_cells},
    {"window_add_way", test_window_add_way},
    {"window_adds_in_pieces", test_window_adds_in_pieces},
    {NULL, NULL},
};
