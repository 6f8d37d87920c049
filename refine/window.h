/* window.h: the part of a path a query has planned but not yet handed out,
 * and the shortening it gets before it goes: the joints between legs.
 *
 * Each leg of a refined path is a good path between its own ends, but the
 * ends are region centers, and where two legs meet the path turns, or walks
 * into a dead end to reach a center and comes back. Smoothing each leg alone
 * cannot see that; smoothing the finished path can, but a GetPath call must hand cells out
 * before the path is finished. So the refiner keeps a window over the end of
 * the path, as waypoints joined by legal lines (grid/line.h): the first
 * is the last cell already handed out (the anchor, which never moves).
 *
 * A new leg (cells, or the waypoints of a cached leg) joins in three steps:
 *  - unwinding: while the leg walks back over the window's last cells (or
 *    beside them, one legal move away), both ends are cut, so a walk into a
 *    dead end to reach a center and back leaves no trace;
 *  - its waypoints (a cell leg's from cells_to_waypoints) are appended to
 *    the window;
 *  - the window's waypoints are smoothed (smooth_waypoints: drop a waypoint
 *    whose neighbours see each other, else slide it), anchor and last fixed.
 * win_emit then hands out whole lines from the front while at least `keep`
 * cells stay behind for the next joint: those cells are final (the
 * incremental contract: out early, never taken back). Every step only
 * shortens the path and keeps each move legal.
 *
 * Work per leg: a cell leg (an A* leg) is linear in its cells; a cached
 * leg's (win_add_way) is its few waypoints plus the cells the unwinding
 * walks back over; then a few line walks at the joint: the window holds a
 * handful of waypoints, not cells. Cells are made only when lines go out
 * (win_emit).
 *
 * Without smoothing (win_init's `smooth` false) waypoints buy nothing: the
 * window then holds every cell (each a waypoint one move from the last),
 * unwinds over them directly and hands them out by copying; turning each
 * leg into waypoints and back into cells would dominate on mazes, whose
 * corridors turn every few cells.
 * Owns its buffers (grown by doubling, so no allocation once the longest
 * window has been seen); borrows the grid. */
#ifndef GPPC_REFINE_WINDOW_H
#define GPPC_REFINE_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

#include "../common/grow.h"
#include "../grid/grid.h"
#include "smooth.h"

/* The longest joint stretch remembered (win_smooth): `back` and `joint`
 * up to 2 each. */
#define WIN_MEMO_WAY 5
/* The entries a stretch may be remembered in: a set of them, most recently
 * used first (win_smooth). */
#define WIN_MEMO_WAYS 4
/* The entries the memo starts with (fewer where win_init's memo is fewer):
 * it doubles, up to win_init's memo, each time as many joints were
 * remembered since it last began to grow as it has entries (win_smooth), so
 * a map whose joints are few holds few. */
#define WIN_MEMO_FIRST 64u
/* A growth's pieces (Window.grown), one at the start of each joint's
 * lookup: so many entries of the new upper half zeroed, then so many sets
 * split between their place and the upper half; no GetPath call pays for
 * a whole doubling. */
#define WIN_MEMO_GROW_ZERO 128u
#define WIN_MEMO_GROW_SETS 2
/* The memo's blocks past its first WIN_MEMO_FIRST entries (Window.memo_more):
 * so it grows to at most WIN_MEMO_FIRST << WIN_MEMO_MORE entries. */
#define WIN_MEMO_MORE 6

/* One remembered joint (win_smooth): the n (3..WIN_MEMO_WAY) waypoints p of a
 * joint's stretch and what smoothing made of them: k waypoints, the first
 * and last as they were, q the ones between. Packed (the table is most of
 * the refiner's memory): p[0] whole, then each waypoint as its step from
 * the one before (p[1..n), then q[0..k-2) from p[0] on), a coordinate's
 * size in a byte and its sign in `sign`. Waypoints next to each other
 * differ, so a step is never zero and the zero steps past the last say n
 * and k; an entry of zeros holds nothing (no stamp: the table is cleared
 * when the map changes, win_forget, which is rare beside the joints read).
 * A stretch with a step longer than a byte holds is smoothed every time,
 * not remembered (a joint's waypoints are a few legs' turns apart). */
typedef struct JointMemo {
    int16_t x0, y0;
    uint8_t dp[2 * (WIN_MEMO_WAY - 1)], dq[2 * (WIN_MEMO_WAY - 2)];
    uint16_t sign; /* bit i: dp[i] is negative; bit 8 + i: dq[i] */
} JointMemo;

/* Joints remembered: a table of sets of WIN_MEMO_WAYS entries, so no
 * allocation per query, of a power of two entries, as many as win_init's
 * caller gives (its policy: joints recur per pair of legs, and a larger map
 * has more). A stretch hashes to a set; a hit moves its entry to the
 * set's front and a new one replaces the set's least recently used: joints
 * that recur stay while one-off ones pass through, where a direct-mapped
 * table let each one-off evict a recurring joint, and so held the same hits
 * only in about twice the entries. */

typedef struct Window {
    const Grid *grid;
    xyPath way;   /* way[0] is the anchor; consecutive waypoints see each other */
    xyPath tail;  /* scratch: the cells form's leg cells (win_add_way) */
    size_t joint; /* win_add: the waypoint the last leg starts from */
    size_t moves; /* cells after the anchor (sum of the lines' lengths) */
    bool cells;   /* no smoothing: way holds every cell (see above) */
    uint64_t cut; /* cells removed by unwinding (cumulative) */
    /* A joint's stretch of three to WIN_MEMO_WAY waypoints (a smoothed
     * center leg's joint with `back` and `joint` 1 or 2) is smoothed the same way every
     * time it recurs, and it recurs whenever a route passes the same two
     * legs: the result is remembered (memo_n entries, NULL when smoothing
     * is off or memory ran out) until the map changes (win_forget): on mazes
     * smoothing those joints was much of mm's time; a remembered joint reads
     * one entry. */
    JointMemo *memo;
    uint32_t memo_n;     /* its entries */
    uint32_t memo_max;   /* the most it grows to (win_memo_most: no more than WIN_MEMO_FIRST << WIN_MEMO_MORE) */
    uint32_t memo_fills; /* joints remembered since it last began to grow */
    uint64_t memo_hits, memo_grows;
    uint64_t memo_refused; /* doublings its owner refused (memo_gate) */
    /* Its entries from WIN_MEMO_FIRST on, in blocks: memo_more[k] holds
     * [WIN_MEMO_FIRST << k, WIN_MEMO_FIRST << (k + 1)), taken when the memo
     * doubles to that. A set splits between its place and the new upper
     * half, so a growth adds the upper half and never holds an old table
     * beside a new one: the memo holds its most, win_memo_bytes_most, only
     * once grown to it (refine/window_memo.c). */
    JointMemo *memo_more[WIN_MEMO_MORE];
    /* A growth in progress (NULL: none): the new upper half (the last of
     * memo_more), its entries [0, grown_zeroed) zeroed, then the memo's
     * sets [0, grown_moved) (in entries) split into it and looked up with
     * the doubled mask; memo_n doubles when all are split. */
    JointMemo *grown;
    uint32_t grown_zeroed, grown_moved;
    /* Entries whose blocks are taken (win_memo_reserve: taken and written
     * at prepare, so that no doubling allocates inside a query's call);
     * 0: taken as the memo doubles. */
    uint32_t memo_room;
    /* The owner's say before the memo begins to double (common/grow.h;
     * zero: it grows): `more`, the bytes the growth takes; false, it stays
     * as it is until as many joints again were remembered (only time: a
     * joint not remembered is smoothed again, to the same waypoints). */
    GrowGate memo_gate;
    /* A smoothing in progress (win_smooth_begin .. win_smooth_run): the
     * stretch way[sm_from .. sm_end) as it began (run.n waypoints now),
     * and the memo entry to fill at its end (slot NULL: none). */
    bool smoothing;
    SmoothRun run;
    size_t sm_from, sm_end;
    JointMemo *slot, fresh;
    /* A cell leg joining in pieces (win_add_begin .. win_add_run; `on`
     * false: none): `cells`, the leg's from where the unwinding stopped
     * (`at` of its `leg_n`; the caller's, as they are until the join
     * ends), `n` of them, their waypoints written from way[base] on. */
    struct {
        bool on, joined;
        const xyLoc *cells;
        size_t n, leg_n, at, base;
        WayConv conv;
    } add;
} Window;

/* Cannot fail: its buffers grow through path_reserve (grid/path.h).
 * `smooth`: whether win_smooth will be called (else the cells form);
 * `memo`: the most joints it may remember (rounded down to a power of two,
 * at least WIN_MEMO_WAYS; it starts at WIN_MEMO_FIRST of them and grows
 * while joints churn it; 0, or out of memory: none; out of memory growing:
 * it stays as it is). */
void win_init(Window *w, const Grid *g, bool smooth, uint32_t memo);
/* From now on the memo grows to at most `memo` joints (rounded down to a
 * power of two), never below what it holds: its owner's choice once it
 * knows what the rest of its memory holds (entries/mm/mm_budget.c). */
void win_memo_hold(Window *w, uint32_t memo);
/* Takes and writes the memo's blocks up to its most now, each asked of
 * its owner first (memo_gate; a block refused and those after it are not
 * taken, and the memo grows no further), so that its doublings while
 * queries run take no memory and touch no page for the first time. A
 * window never reserved takes each block as it doubles. */
void win_memo_reserve(Window *w);
void win_free(Window *w);
size_t win_bytes(const Window *w);
/* The joint memo's bytes now (a growth's upper half included), and at its
 * most: grown to memo_max, which no growth passes, so what the memo holds
 * at its peak, the figure the owner weighs against its budget (blocks
 * taken ahead, win_memo_reserve, count from when they are taken). The memo
 * only grows (win_forget keeps its entries' room), so now is its peak so
 * far. */
static inline size_t win_memo_bytes(const Window *w)
{
    size_t n = (size_t)w->memo_n + (w->grown ? w->memo_n : 0);
    return w->memo ? (n > w->memo_room ? n : w->memo_room) * sizeof(JointMemo) : 0;
}
static inline uint32_t win_memo_most(const Window *w)
{
    const uint32_t most = WIN_MEMO_FIRST << WIN_MEMO_MORE;
    return w->memo_max < most ? w->memo_max : most;
}
static inline size_t win_memo_bytes_most(const Window *w)
{
    return w->memo ? (size_t)win_memo_most(w) * sizeof(JointMemo) : 0;
}
/* The map changed: the remembered joints are forgotten. */
void win_forget(Window *w);

/* Starts a window at `anchor` (a cell already handed out). */
void win_reset(Window *w, xyLoc anchor);
/* The window's last cell: where the next leg starts. */
static inline xyLoc win_last(const Window *w) { return w->way.cells[w->way.len - 1]; }
/* Drops the planned part: the window is its anchor again (a paused
 * smoothing is dropped too). */
void win_drop(Window *w);
/* Appends a leg (cells[0] == win_last(), every step a legal move): unwinds,
 * then adds its waypoints (cells_to_waypoints). */
void win_add(Window *w, const xyLoc *cells, size_t n);
/* win_add in pieces, for a caller whose calls are bounded: win_add_begin
 * unwinds (the cells form: joins whole, a copy), win_add_run makes the
 * waypoints on `work` (JOIN_CELLS_PER_WORK cells a unit, whole runs: see
 * cells_to_waypoints_part) and returns whether the leg has joined (true at
 * once with no join begun); the window is the same as after win_add. The
 * leg's cells stay as they are until then. win_drop and win_reset drop a
 * join begun. */
void win_add_begin(Window *w, const xyLoc *cells, size_t n);
bool win_add_run(Window *w, uint64_t *work);
static inline bool win_adding(const Window *w) { return w->add.on; }
/* Cells of such a leg one unit of a bounded caller's work joins
 * (refine/smooth.h SMOOTH_CELLS_PER_WORK's unit): cells_to_waypoints reads
 * each cell's move and tests the runs' lines, about three times a smoothing
 * test's instructions a cell (callgrind of the longest calls on random maps,
 * results/reference/mm-paper/stages63.md). */
#define JOIN_CELLS_PER_WORK 12u
/* The same for a leg given as waypoints (way[0] == win_last(), consecutive
 * ones joined by legal lines, as the edge cache keeps a leg): the unwinding
 * makes the few cells it walks back over from the lines, and the waypoints
 * join the window as they are, so a leg costs no work per cell. */
void win_add_way(Window *w, const xyLoc *way, size_t k);
/* Removes the window's last `k` cells (never the anchor). */
void win_truncate(Window *w, size_t k);
/* Smooths the window's waypoints from `back` waypoints before the last
 * joint (the last waypoint before win_add's leg) to `reach` waypoints past
 * it (SIZE_MAX for either: from the anchor, to the end), the two ends of
 * that stretch fixed: a leg that is smooth already needs only its joint
 * done, and the part before the joint was smoothed at earlier joints. */
void win_smooth(Window *w, size_t back, size_t reach);
/* The same in pieces, for a caller that bounds the work of each of its
 * calls (refine/refiner.h): win_smooth_begin, then win_smooth_run until it
 * returns true; each spends at most about *work units (smooth_steps,
 * refine/smooth.h) and pauses when they are spent (false: call again
 * with fresh work; the result is win_smooth's whatever the
 * pieces). While it is paused the window is read by nothing but
 * win_smooth_run; win_drop, win_reset and win_forget drop the smoothing. */
void win_smooth_begin(Window *w, size_t back, size_t reach);
bool win_smooth_run(Window *w, uint64_t *work);
/* Hands out whole lines from the front, appending their cells to `out`,
 * while at least `keep` cells (moves) stay in the window; the last cell
 * handed out becomes the anchor. Returns the cells appended. */
size_t win_emit(Window *w, xyPath *out, size_t keep);

#endif
