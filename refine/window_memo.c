/* refine/window_memo.c: the window's joint memo (refine/window.h JointMemo):
 * where a joint's stretch is remembered, its packing, and the table's
 * growth. */
#include "window_memo.h"

#include <stdlib.h>
#include <string.h>

/* The hash of the stretch p[0..n): its set in a table of n entries is
 * hash & (n - WIN_MEMO_WAYS). */
static uint32_t memo_hash(const xyLoc *p, size_t n)
{
    static const uint32_t MIX[WIN_MEMO_WAY][2] = {{0x9e3779b1u, 0x85ebca6bu},
                                                  {0xc2b2ae35u, 0x27d4eb2fu},
                                                  {0x165667b1u, 0xd3a2646cu},
                                                  {0xfd7046c5u, 0xb55a4f09u},
                                                  {0x7feb352du, 0x846ca68bu}};
    uint32_t h = (uint32_t)n;
    for (size_t i = 0; i < n; i++)
        h ^= (uint32_t)(uint16_t)p[i].x * MIX[i][0] ^ (uint32_t)(uint16_t)p[i].y * MIX[i][1];
    return h ^ h >> 15;
}

/* Entry `at` of the memo: the first WIN_MEMO_FIRST in `memo`, then block k
 * of memo_more from WIN_MEMO_FIRST << k (window.h). A set's entries are in
 * one block: blocks are whole sets. */
static inline JointMemo *memo_entry(const Window *w, uint32_t at)
{
    if (at < WIN_MEMO_FIRST)
        return &w->memo[at];
    int k = 31 - __builtin_clz(at / WIN_MEMO_FIRST);
    return &w->memo_more[k][at - (WIN_MEMO_FIRST << k)];
}

/* Where the stretch p[0..n) is or would be remembered: its set in the memo,
 * by the doubled mask once its set has split (window.h `grown`). */
static JointMemo *memo_set(const Window *w, const xyLoc *p, size_t n)
{
    uint32_t h = memo_hash(p, n), at = h & (w->memo_n - WIN_MEMO_WAYS);
    if (w->grown && at < w->grown_moved)
        at = h & (2 * w->memo_n - WIN_MEMO_WAYS);
    return memo_entry(w, at);
}

/* Steps from `from` through p[0..n) into d (a byte a coordinate's size,
 * its sign into *sign from bit `at` on); false when one is zero or longer
 * than a byte holds. */
static bool memo_steps(xyLoc from, const xyLoc *p, size_t n, uint8_t *d, uint16_t *sign, int at)
{
    for (size_t i = 0; i < n; i++) {
        int dx = p[i].x - from.x, dy = p[i].y - from.y, ax = abs(dx), ay = abs(dy);
        if (ax > UINT8_MAX || ay > UINT8_MAX || (ax | ay) == 0)
            return false;
        d[2 * i] = (uint8_t)ax;
        d[2 * i + 1] = (uint8_t)ay;
        *sign |= (uint16_t)((dx < 0) << (at + 2 * (int)i) | (dy < 0) << (at + 2 * (int)i + 1));
        from = p[i];
    }
    return true;
}

/* Coordinate `bit` of an entry's steps: its size, negated by its sign bit
 * (a branch: fewer instructions than the arithmetic select). */
static inline int memo_step(const uint8_t *d, unsigned sign, int bit)
{
    return sign >> bit & 1u ? -(int)d[bit] : (int)d[bit];
}

/* Waypoints p + 1.. from an entry's steps d after `from`; how many (the
 * steps up to the first zero one, at most `most`). */
static size_t memo_unpack(xyLoc from, const uint8_t *d, unsigned sign, size_t most, xyLoc *p)
{
    size_t i = 0;
    for (; i < most && (d[2 * i] | d[2 * i + 1]); i++) {
        from.x = (int16_t)(from.x + memo_step(d, sign, 2 * (int)i));
        from.y = (int16_t)(from.y + memo_step(d, sign, 2 * (int)i + 1));
        p[i + 1] = from;
    }
    return i;
}

/* Does entry m hold the stretch p[0..n)? Decoded step by step, so a miss
 * usually stops at the first coordinate. */
static bool memo_holds(const JointMemo *m, const xyLoc *p, size_t n)
{
    if (m->x0 != p[0].x || m->y0 != p[0].y)
        return false;
    int x = p[0].x, y = p[0].y;
    for (size_t i = 0; i + 1 < n; i++) {
        x += memo_step(m->dp, m->sign, 2 * (int)i);
        y += memo_step(m->dp, m->sign, 2 * (int)i + 1);
        if (x != p[i + 1].x || y != p[i + 1].y || (m->dp[2 * i] | m->dp[2 * i + 1]) == 0)
            return false;
    }
    return n == WIN_MEMO_WAY || (m->dp[2 * (n - 1)] | m->dp[2 * (n - 1) + 1]) == 0;
}

/* Block k of memo_more, where the memo doubles from WIN_MEMO_FIRST << k. */
static inline int memo_block(uint32_t memo_n) { return 31 - __builtin_clz(memo_n / WIN_MEMO_FIRST); }

/* The memo's upper half (`grown`, the next block of memo_more), begun
 * when joints churn it: taken whole unless reserved, zeroed and filled in
 * pieces (memo_grow_step); as it was when memory ran out (it grows no
 * more). */
static void memo_grow_begin(Window *w)
{
    int k = memo_block(w->memo_n);
    if (!w->memo_more[k])
        w->memo_more[k] = malloc((size_t)w->memo_n * sizeof *w->grown);
    w->grown = w->memo_more[k];
    if (!w->grown) {
        w->memo_max = w->memo_n;
        return;
    }
    w->grown_zeroed = w->grown_moved = 0;
}

/* One piece of the growth, at the start of a joint's lookup (so no lookup
 * spends more than a piece): WIN_MEMO_GROW_ZERO entries of `grown` zeroed
 * while it is not all zero, then WIN_MEMO_GROW_SETS of the memo's sets
 * split, each entry into its set by the doubled mask, its place or the
 * same place in the upper half (in the order they were: the most recently
 * used stay first); the lookups read a set by the doubled mask once it has
 * split (memo_set). The last piece doubles memo_n. */
static void memo_grow_step(Window *w)
{
    uint32_t n = 2 * w->memo_n;
    if (w->grown_zeroed < w->memo_n) {
        uint32_t k =
            w->memo_n - w->grown_zeroed < WIN_MEMO_GROW_ZERO ? w->memo_n - w->grown_zeroed : WIN_MEMO_GROW_ZERO;
        memset(w->grown + w->grown_zeroed, 0, k * sizeof *w->grown);
        w->grown_zeroed += k;
        return;
    }
    for (int s = 0; s < WIN_MEMO_GROW_SETS && w->grown_moved < w->memo_n; s++, w->grown_moved += WIN_MEMO_WAYS) {
        JointMemo *set = memo_entry(w, w->grown_moved), was[WIN_MEMO_WAYS];
        memcpy(was, set, sizeof was);
        memset(set, 0, sizeof was);
        for (int i = WIN_MEMO_WAYS - 1; i >= 0; i--) { /* the least recently used first: each goes in front */
            const JointMemo *m = &was[i];
            if ((m->dp[0] | m->dp[1]) == 0)
                continue; /* empty */
            xyLoc p[WIN_MEMO_WAY] = {{m->x0, m->y0}};
            size_t k = memo_unpack(p[0], m->dp, m->sign & 0xffu, WIN_MEMO_WAY - 1, p) + 1;
            JointMemo *to = memo_entry(w, memo_hash(p, k) & (n - WIN_MEMO_WAYS));
            memmove(to + 1, to, (WIN_MEMO_WAYS - 1) * sizeof *to);
            to[0] = *m;
        }
    }
    if (w->grown_moved < w->memo_n)
        return;
    w->grown = NULL;
    w->memo_n = n;
    w->memo_grows++;
}

void win_memo_forget(Window *w)
{
    if (!w->memo)
        return;
    memset(w->memo, 0, (w->memo_n < WIN_MEMO_FIRST ? w->memo_n : WIN_MEMO_FIRST) * sizeof *w->memo);
    for (int k = 0; (WIN_MEMO_FIRST << k) < w->memo_n; k++)
        memset(w->memo_more[k], 0, ((size_t)WIN_MEMO_FIRST << k) * sizeof *w->memo);
    w->grown_zeroed = w->grown_moved = 0; /* a growth in progress begins again: its upper half is all there is */
    w->memo_fills = 0;
}

void win_memo_reserve(Window *w)
{
    if (!w->memo)
        return;
    for (uint32_t n = w->memo_n; n < win_memo_most(w); n *= 2) {
        int k = memo_block(n);
        if (w->memo_more[k])
            continue;
        if (!grow_gate_ask(&w->memo_gate, (size_t)n * sizeof *w->memo) ||
            !(w->memo_more[k] = malloc((size_t)n * sizeof *w->memo))) {
            w->memo_max = n; /* refused or out of memory: the memo keeps what is taken */
            w->memo_refused++;
            return;
        }
        /* written, not only taken: a fresh page's first write would be a
         * fault inside the call that doubles into it */
        memset(w->memo_more[k], 0, (size_t)n * sizeof *w->memo);
        w->memo_room = 2 * n;
    }
}

void win_memo_free(Window *w)
{
    free(w->memo);
    for (int k = 0; k < WIN_MEMO_MORE; k++)
        free(w->memo_more[k]);
}

/* A short stretch p[0..n) (3..WIN_MEMO_WAY waypoints), through the memo:
 * its smoothing is a function of its cells and the map alone. True when it
 * is remembered (p smoothed, its count into *k); else the entry to fill
 * when its smoothing ends into w->slot (NULL without a memo, or when the
 * stretch does not pack), and what to fill it with so far into w->fresh. */
bool win_memo_find(Window *w, xyLoc *p, size_t n, size_t *k)
{
    if (!w->memo)
        return false;
    if (w->grown)
        memo_grow_step(w);
    JointMemo *set = memo_set(w, p, n), *m = set, *f = &w->fresh;
    int hit = 0; /* an entry of zeros holds no stretch: its first step is zero */
    while (hit < WIN_MEMO_WAYS && !memo_holds(&set[hit], p, n))
        hit++;
    if (hit < WIN_MEMO_WAYS) {
        if (hit > 0) { /* the most recently used first: a hit moves to the front */
            JointMemo t = set[hit];
            memmove(set + 1, set, (size_t)hit * sizeof *set);
            set[0] = t;
        }
        w->memo_hits++;
        xyLoc last = p[n - 1];
        *k = memo_unpack(p[0], m->dq, (unsigned)m->sign >> 8, WIN_MEMO_WAY - 2, p) + 2;
        p[*k - 1] = last;
        return true;
    }
    *f = (JointMemo){.x0 = p[0].x, .y0 = p[0].y};
    if (memo_steps(p[0], p + 1, n - 1, f->dp, &f->sign, 0))
        w->slot = set;
    return false;
}

/* A smoothing that win_memo_find gave an entry to fill (w->slot) ended with
 * the stretch p[0..k): its result goes in front of the set (the least
 * recently used goes), unless it does not pack; the memo begins to grow
 * once as many joints were remembered since it last began (or was refused
 * by its owner, memo_gate) as it has entries. */
void win_memo_fill(Window *w, const xyLoc *p, size_t k)
{
    if (!w->slot || !memo_steps(p[0], p + 1, k - 2, w->fresh.dq, &w->fresh.sign, 8))
        return;
    memmove(w->slot + 1, w->slot, (WIN_MEMO_WAYS - 1) * sizeof *w->slot);
    w->slot[0] = w->fresh;
    w->slot = NULL;
    if (++w->memo_fills >= w->memo_n && w->memo_n < win_memo_most(w) && !w->grown) {
        w->memo_fills = 0;
        /* a reserved block was asked for and is counted already */
        if (w->memo_more[memo_block(w->memo_n)] || grow_gate_ask(&w->memo_gate, (size_t)w->memo_n * sizeof *w->memo))
            memo_grow_begin(w);
        else
            w->memo_refused++;
    }
}
