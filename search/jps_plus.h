/* jps_plus.h (search floor, private: included by jps.c alone): JPS+'s
 * expansion, its successors from the jump table (jps.h). Static functions
 * in jps.c's unit, as before the file was split off: expand_plus is called
 * once an expansion from jps_run, and a call across units cost JPS+ about
 * 1.6 % of its instructions (callgrind, dao/den504d). */
#ifndef GPPC_SEARCH_JPS_PLUS_H
#define GPPC_SEARCH_JPS_PLUS_H

#include <string.h>

#include "jps_node.h"

/* JPS+ straight jump from q = (qx, qy), padded cell index `cell`, in
 * direction dir; q is the node being expanded (Jps.from_idx, every
 * successor's parent) or a cell its diagonal sweep passed, `base` away.
 * The goal on this ray, within reach, comes before any jump point. */
static inline void plus_straight_v(Jps *j, int qx, int qy, int dir, uint64_t base, int v)
{
    int dx = GRID_DX[dir], dy = GRID_DY[dir];
    if (__builtin_expect(dx ? qy == j->gy : qx == j->gx, 0)) {
        int to_goal = dx ? (j->gx - qx) * dx : (j->gy - qy) * dy;
        if (to_goal > 0 && to_goal <= (v > 0 ? v : -v)) {
            relax_plus(j, j->gx, j->gy, base + (uint64_t)to_goal * j->open.card, dir);
            return;
        }
    }
    if (v > 0)
        relax_plus(j, qx + v * dx, qy + v * dy, base + (uint64_t)v * j->open.card, dir);
}

static inline void plus_straight(Jps *j, uint32_t cell, int qx, int qy, int dir, uint64_t base)
{
    plus_straight_v(j, qx, qy, dir, base, jt_value(&j->table, cell, dir));
}

/* A cell k diagonal steps from `from` where the sweep turns: the goal
 * itself, or the origin of two straight jumps. */
static inline void sweep_stop(Jps *j, uint32_t cell, int x, int y, int dir, int k)
{
    uint64_t base = (uint64_t)k * j->open.diag;
    if (__builtin_expect(x == j->gx && y == j->gy, 0)) {
        relax_plus(j, x, y, base, dir);
        return;
    }
    plus_straight(j, cell, x, y, DIR_OF[1][GRID_DX[dir] + 1], base);
    plus_straight(j, cell, x, y, DIR_OF[GRID_DY[dir] + 1][1], base);
}

/* JPS+'s diagonal sweep from `from` = (px, py), whose value in dir is v != 0. */
static void plus_diagonal(Jps *j, uint32_t from, int px, int py, int dir, int v)
{
    int dx = GRID_DX[dir], dy = GRID_DY[dir];
    int ax = (j->gx - px) * dx, ay = (j->gy - py) * dy, m = ax < ay ? ax : ay; /* steps to the goal's line */
    int step = j->table.step[dir];
    if (!j->prune_diag) { /* the first stop is a node, as online JPS's */
        int k = m > 0 && m <= (v > 0 ? v : -v) ? m : v;
        if (k > 0)
            relax_plus(j, px + k * dx, py + k * dy, (uint64_t)k * j->open.diag, dir);
        return;
    }
    for (int k = 0;;) { /* k: steps swept so far, v: the value k steps out */
        if (m > k && m - k <= (v > 0 ? v : -v) && m - k != v)
            sweep_stop(j, (uint32_t)((int)from + m * step), px + m * dx, py + m * dy, dir, m);
        if (v <= 0)
            return;
        k += v;
        sweep_stop(j, (uint32_t)((int)from + k * step), px + k * dx, py + k * dy, dir, k);
        v = jt_value(&j->table, (uint32_t)((int)from + k * step), dir);
    }
}

/* The byte lanes of w that are not zero, as bits 0-7 (lane i, byte i in
 * memory, to bit i): the high bit of each lane is set by adding 0x7f to its
 * low seven bits or by its own high bit, then a multiply gathers the eight
 * high bits into the top byte (no two partial products meet). */
static inline unsigned high_bits(uint64_t high) { return (unsigned)((high >> 7) * 0x0102040810204080ull >> 56); }
static inline uint64_t lanes_in_order(uint64_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}
static inline unsigned nonzero_lanes(uint64_t w)
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7full;
    return high_bits((((w & low7) + low7) | w) & ~low7);
}
/* The lanes that are negative (int8). */
static inline unsigned negative_lanes(uint64_t w) { return high_bits(w & 0x8080808080808080ull); }

/* JPS+ expansion: all 8 values of the cell are one 8-byte load, its
 * successor set one more (fill_succ); one pass over the set bits instead of
 * a test per candidate direction. A straight direction whose value is
 * negative (no jump point before the wall) generates something only when
 * the goal is on that line (plus_straight_v), so it is dropped unless the
 * cell shares the goal's row (E, W) or column (N, S). */
static void expand_plus(Jps *j, uint32_t id, int px, int py, int in)
{
    uint64_t w;
    memcpy(&w, &j->table.d[(size_t)id * 8], sizeof w);
    w = lanes_in_order(w);
    unsigned on_goal_line = (-(unsigned)(py == j->gy) & 0x0au) | (-(unsigned)(px == j->gx) & 0x05u);
    unsigned keep = ~(negative_lanes(w) & 0x0fu) | on_goal_line;
    for (unsigned succ = j->succ[in + 1][nonzero_lanes(w)] & keep; succ; succ &= succ - 1) {
        int d = __builtin_ctz(succ), v = (int8_t)(w >> 8 * d);
        if (__builtin_expect(v == JT_FAR, 0))
            v = jt_value_far(&j->table, id, d);
        if (d < 4)
            plus_straight_v(j, px, py, d, 0, v);
        else
            plus_diagonal(j, id, px, py, d, v);
    }
}

#endif
