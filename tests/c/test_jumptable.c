/* The JPS+ jump table (search/jumptable.h): an update equals a fresh build
 * byte for byte, and every decoded value (JT_FAR chains included) equals a
 * cell-by-cell walk. */
#include <stdlib.h>
#include <string.h>

#include "../../search/jumptable.h"
#include "test.h"

/* jt_update after random batches of changes leaves exactly the table a fresh
 * build of the changed map gives (byte for byte); the same changes without
 * jt_update leave a different table, so the comparison can fail. */
static void test_jumptable_update_equals_fresh_build(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/16room256-0", &l))
        return;
    Err err;
    JumpTable kept, fresh, stale;
    CHECK(t, jt_build(&kept, &l.g, &err) && jt_build(&stale, &l.g, &err));
    uint32_t seed = 12345;
    size_t bytes = (size_t)(l.g.width + 2) * (size_t)(l.g.height + 2) * JT_BYTES_PER_CELL;
    /* Under the sanitizers each batch size (1 to 8 changes) once. */
    for (int round = 0; round < (T_SANITIZED ? 8 : 40); round++) {
        CellChange c[8];
        int n = 1 + round % 8;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            int x = (int)((seed >> 8) % (uint32_t)l.g.width);
            seed = seed * 1103515245u + 12345u;
            int y = (int)((seed >> 8) % (uint32_t)l.g.height);
            c[i] = (CellChange){(int16_t)x, (int16_t)y, !grid_passable(&l.g, x, y), 0};
            l.g.cells[grid_index(&l.g, x, y)] = c[i].passable;
        }
        jt_update(&kept, &l.g, c, n);
        CHECK(t, jt_build(&fresh, &l.g, &err));
        int bx, by, bd;
        CHECKF(t, memcmp(kept.d, fresh.d, bytes) == 0 && jt_verify(&kept, &l.g, &bx, &by, &bd) == 0,
               "round %d: the updated table differs from a fresh build", round);
        jt_free(&fresh);
    }
    int bx0, by0, bd0;
    CHECK(t, memcmp(stale.d, kept.d, bytes) != 0 && jt_verify(&stale, &l.g, &bx0, &by0, &bd0) > 0);
    jt_free(&kept);
    jt_free(&stale);
    unload(&l);
}

/* The straight jump value of (x, y) in direction dir (0..3) walked cell by
 * cell (jumptable.h's definition, independent of the table's one-step
 * recurrence and its encoding). */
static int walked_straight(const Grid *g, int x, int y, int dir)
{
    int dx = GRID_DX[dir], dy = GRID_DY[dir];
    for (int steps = 0;; steps++) {
        if (!grid_passable(g, x, y) || !grid_move_legal(g, x, y, dir))
            return -steps;
        x += dx;
        y += dy;
        for (int side = -1; side <= 1; side += 2) {
            int sx = dy ? side : 0, sy = dx ? side : 0;
            if (grid_passable(g, x + sx, y + sy) && !grid_passable(g, x - dx + sx, y - dy + sy))
                return steps + 1;
        }
    }
}

/* How many decoded values differ from the walk (diagonals walk over the
 * walked straight values in `st`, 4 per cell); *far counts JT_FAR bytes. */
static size_t walk_errors(const JumpTable *jt, const Grid *g, int *st, size_t *far)
{
    int w = g->width, h = g->height;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (int dir = 0; dir < 4; dir++)
                st[(y * w + x) * 4 + dir] = walked_straight(g, x, y, dir);
    size_t bad = 0;
    *far = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (int dir = 0; dir < 8; dir++) {
                int want;
                if (dir < 4) {
                    want = st[(y * w + x) * 4 + dir];
                } else {
                    int dx = GRID_DX[dir], dy = GRID_DY[dir], cx = x, cy = y, steps = 0;
                    for (;; steps++) {
                        if (!grid_passable(g, cx, cy) || !grid_move_legal(g, cx, cy, dir)) {
                            want = -steps;
                            break;
                        }
                        cx += dx;
                        cy += dy;
                        const int *n = &st[(cy * w + cx) * 4];
                        if (n[dy < 0 ? 0 : 2] > 0 || n[dx > 0 ? 1 : 3] > 0) {
                            want = steps + 1;
                            break;
                        }
                    }
                }
                uint32_t cell = (uint32_t)((y + 1) * g->stride + x + 1);
                *far += jt->d[cell * 8 + (uint32_t)dir] == JT_FAR;
                bad += jt_value(jt, cell, dir) != want;
            }
    return bad;
}

/* On an open 300x160 map with sparse blocks, runs longer than JT_REACH are
 * stored as JT_FAR chains: every decoded value equals a cell-by-cell walk,
 * before and after updates (which equal a fresh build); a table with one
 * JT_FAR byte broken fails the walk. */
static void test_jumptable_far_values_equal_walk(T *t)
{
    Err err;
    Grid g;
    int w = 300, h = 160;
    bool *bits = malloc((size_t)w * (size_t)h * sizeof *bits);
    uint32_t seed = 777;
    for (int i = 0; i < w * h; i++) {
        seed = seed * 1103515245u + 12345u;
        bits[i] = (seed >> 8) % 1000 >= 3; /* 0.3 % blocked */
    }
    CHECK(t, bits && grid_from_bits(&g, bits, w, h, &err));
    free(bits);
    JumpTable jt, fresh;
    CHECK(t, jt_build(&jt, &g, &err));
    int *st = malloc((size_t)w * (size_t)h * 4 * sizeof *st);
    size_t far, bad = walk_errors(&jt, &g, st, &far);
    CHECKF(t, bad == 0, "build: %zu values differ from the walk", bad);
    CHECKF(t, far > 0, "no value beyond JT_REACH: the test map does not exercise JT_FAR");
    size_t bytes = (size_t)(w + 2) * (size_t)(h + 2) * JT_BYTES_PER_CELL;
    for (int round = 0; round < 6; round++) {
        CellChange c[4];
        for (int i = 0; i < 4; i++) {
            seed = seed * 1103515245u + 12345u;
            int x = (int)((seed >> 8) % (uint32_t)w), y = (int)((seed >> 20) % (uint32_t)h);
            c[i] = (CellChange){(int16_t)x, (int16_t)y, !grid_passable(&g, x, y), 0};
            g.cells[grid_index(&g, x, y)] = c[i].passable;
        }
        jt_update(&jt, &g, c, 4);
        CHECK(t, jt_build(&fresh, &g, &err));
        CHECKF(t, memcmp(jt.d, fresh.d, bytes) == 0, "round %d: the updated table differs from a fresh build", round);
        jt_free(&fresh);
    }
    bad = walk_errors(&jt, &g, st, &far);
    CHECKF(t, bad == 0, "updates: %zu values differ from the walk", bad);
    for (size_t i = 0; i < bytes; i++) /* break one chain: the walk must see it */
        if (jt.d[i] == JT_FAR) {
            long ahead = (long)(i / 8) + JT_REACH * (long)jt.step[i % 8];
            jt.d[(size_t)ahead * 8 + i % 8] = 5;
            break;
        }
    CHECKF(t, walk_errors(&jt, &g, st, &far) > 0, "a broken JT_FAR chain passed the walk");
    free(st);
    jt_free(&jt);
    grid_free(&g);
}

const TestCase JUMPTABLE_TESTS[] = {
    {"jumptable_update_equals_fresh_build", test_jumptable_update_equals_fresh_build},
    {"jumptable_far_values_equal_walk", test_jumptable_far_values_equal_walk},
    {NULL, NULL},
};
