/* window_memo.h: the window's joint memo (refine/window.h JointMemo), for
 * refine/window.c only (no other module includes it).
 *
 * A joint's stretch of 3..WIN_MEMO_WAY waypoints is smoothed the same way
 * every time it recurs: win_memo_find looks it up before its smoothing
 * begins, and win_memo_fill remembers the result when the smoothing ends.
 * The memo doubles in pieces (window.h `grown`), a piece at each lookup,
 * each set splitting into its place and the new upper half. */
#ifndef GPPC_REFINE_WINDOW_MEMO_H
#define GPPC_REFINE_WINDOW_MEMO_H

#include "window.h"

/* The stretch p[0..n) (3..WIN_MEMO_WAY waypoints), through the memo: true
 * when it is remembered (p smoothed, its count into *k); else the entry to
 * fill when its smoothing ends into w->slot (NULL without a memo, or when
 * the stretch does not pack), and what to fill it with so far into
 * w->fresh. */
bool win_memo_find(Window *w, xyLoc *p, size_t n, size_t *k);
/* The smoothing that win_memo_find gave w->slot for ended as p[0..k):
 * remembered (when it packs), the memo grown when joints churn it. */
void win_memo_fill(Window *w, const xyLoc *p, size_t k);
/* The map changed: every remembered joint is forgotten (a growth in
 * progress begins its pieces again: the memo keeps its room). */
void win_memo_forget(Window *w);
/* Frees the memo's blocks (win_free). */
void win_memo_free(Window *w);

#endif
