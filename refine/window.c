/* refine/window.c: the window (refine/window.h): its life, its smoothing at
 * the joints, handing cells out. A leg joining it: window_join.c; the
 * joint memo: window_memo.c. */
#include "window.h"

#include <stdlib.h>
#include <string.h>

#include "smooth.h"
#include "window_memo.h"

static void smooth_stop(Window *w);

/* The waypoints a window takes room for at first (win_init). */
#define WIN_WAYS_FIRST 64

void win_init(Window *w, const Grid *g, bool smooth, uint32_t memo)
{
    memset(w, 0, sizeof *w);
    w->grid = g;
    w->cells = !smooth;
    w->memo_max = WIN_MEMO_WAYS;
    while (w->memo_max <= memo / 2) /* a power of two: the hash's mask */
        w->memo_max *= 2;
    w->memo_n = w->memo_max < WIN_MEMO_FIRST ? w->memo_max : WIN_MEMO_FIRST;
    if (smooth && memo)
        w->memo = calloc(w->memo_n, sizeof *w->memo); /* zeros: nothing remembered */
    /* win_drop keeps its anchor; the waypoints grow (doubling) to the most a
     * window holds, as the cells form's tail does when first used. Room for
     * WIN_WAYS_FIRST at once: a window seldom holds more, and grown inside
     * a call its block could land on a fresh page, whose fault cost more
     * than the call. */
    path_reserve(&w->way, WIN_WAYS_FIRST);
}

void win_memo_hold(Window *w, uint32_t memo)
{
    while (w->memo_max > memo && w->memo_max / 2 >= w->memo_n && !w->grown)
        w->memo_max /= 2;
}

void win_free(Window *w)
{
    path_free(&w->way);
    path_free(&w->tail);
    win_memo_free(w);
    memset(w, 0, sizeof *w);
}

size_t win_bytes(const Window *w) { return (w->way.cap + w->tail.cap) * sizeof(xyLoc) + win_memo_bytes(w); }

void win_forget(Window *w)
{
    smooth_stop(w); /* its memo entry would be the old map's */
    win_memo_forget(w);
}

/* A paused smoothing (win_smooth_run) is dropped: the stretch is left as
 * legal waypoints in order, the moves counted again. */
static void smooth_stop(Window *w)
{
    if (!w->smoothing)
        return;
    w->smoothing = false;
    smooth_abort(&w->run, w->way.cells + w->sm_from);
    size_t n = w->sm_end, k = w->sm_from + w->run.n;
    for (size_t i = w->sm_from + 1; i < k; i++)
        w->moves += line_moves(w->way.cells[i - 1], w->way.cells[i]);
    memmove(w->way.cells + k, w->way.cells + n, (w->way.len - n) * sizeof *w->way.cells);
    w->way.len -= n - k;
}

void win_drop(Window *w)
{
    smooth_stop(w);
    w->add.on = false;
    w->way.len = 1;
    w->moves = 0;
}

void win_reset(Window *w, xyLoc anchor)
{
    w->smoothing = false;
    w->add.on = false;
    w->way.len = 0;
    path_push(&w->way, anchor);
    w->moves = w->joint = 0;
}

void win_smooth_begin(Window *w, size_t back, size_t reach)
{
    size_t n = reach < w->way.len - w->joint ? w->joint + reach + 1 : w->way.len;
    size_t from = back < w->joint ? w->joint - back : 0;
    if (n - from < 3)
        return;
    /* Only the stretch's lines change: the moves are counted again there. */
    for (size_t i = from + 1; i < n; i++)
        w->moves -= line_moves(w->way.cells[i - 1], w->way.cells[i]);
    w->sm_from = from;
    w->sm_end = n;
    w->slot = NULL;
    size_t k;
    if (n - from <= WIN_MEMO_WAY && win_memo_find(w, w->way.cells + from, n - from, &k)) {
        smooth_begin(&w->run, k); /* nothing to do: the stretch is k waypoints now */
        w->run.pass = SMOOTH_DONE;
    } else {
        smooth_begin(&w->run, n - from);
    }
    w->smoothing = true;
}

bool win_smooth_run(Window *w, uint64_t *work)
{
    if (!w->smoothing)
        return true;
    xyLoc *p = w->way.cells + w->sm_from;
    if (!smooth_steps(w->grid, p, &w->run, work))
        return false;
    win_memo_fill(w, p, w->run.n);
    smooth_stop(w); /* ended: nothing to undo, the moves and the rest follow */
    return true;
}

void win_smooth(Window *w, size_t back, size_t reach)
{
    uint64_t work = UINT64_MAX;
    win_smooth_begin(w, back, reach);
    win_smooth_run(w, &work);
}

size_t win_emit(Window *w, xyPath *out, size_t keep)
{
    if (w->cells) {
        size_t k = w->moves > keep ? w->moves - keep : 0; /* cells way[1..k] */
        if (k) {
            path_reserve(out, k);
            memcpy(out->cells + out->len, w->way.cells + 1, k * sizeof *out->cells);
            out->len += k;
            memmove(w->way.cells, w->way.cells + k, (w->way.len - k) * sizeof *w->way.cells);
            w->way.len -= k;
            w->moves -= k;
        }
        return k;
    }
    size_t k = 0, emitted = 0; /* waypoints way[1..k] handed out */
    while (k + 1 < w->way.len) {
        size_t m = line_moves(w->way.cells[k], w->way.cells[k + 1]);
        if (w->moves - emitted - m < keep)
            break;
        path_reserve(out, m);
        out->len += line_cells(w->way.cells[k], w->way.cells[k + 1], out->cells + out->len);
        emitted += m;
        k++;
    }
    if (k) {
        memmove(w->way.cells, w->way.cells + k, (w->way.len - k) * sizeof *w->way.cells);
        w->way.len -= k;
        w->moves -= emitted;
    }
    return emitted;
}
