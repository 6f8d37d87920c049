#include "window.h"

#include <stdlib.h>
#include <string.h>

#include "smooth.h"

/* A line's cell count (its moves): the Chebyshev distance of its ends. */
static size_t line_moves(xyLoc a, xyLoc b)
{
    int dx = abs(b.x - a.x), dy = abs(b.y - a.y);
    return (size_t)(dx > dy ? dx : dy);
}

static size_t side(const Grid *g) { return (size_t)(g->width > g->height ? g->width : g->height) + 1; }

void win_init(Window *w, const Grid *g, bool smooth)
{
    memset(w, 0, sizeof *w);
    w->grid = g;
    w->cells = !smooth;
    path_reserve(&w->way, 256);
    path_reserve(&w->tail, 256);
    path_reserve(&w->line, side(g));
}

void win_free(Window *w)
{
    path_free(&w->way);
    path_free(&w->tail);
    path_free(&w->line);
    memset(w, 0, sizeof *w);
}

size_t win_bytes(const Window *w) { return (w->way.cap + w->tail.cap + w->line.cap) * sizeof(xyLoc); }

void win_reset(Window *w, xyLoc anchor)
{
    w->way.len = 0;
    path_push(&w->way, anchor);
    w->moves = w->joint = 0;
}

/* Unwinding mostly stops within a few cells: the tail is walked out that
 * far first and further only when the unwinding reaches its end (walking
 * the whole leg's length back each time was a fifth of mm's time on
 * orz900d). */
#define TAIL_FIRST 1

/* The window's last `n` cells (at most all of them), newest first, into
 * w->tail; tail[0] is win_last(), the anchor ends it when reached. */
static void fill_tail(Window *w, size_t n)
{
    xyPath *t = &w->tail;
    t->len = 0;
    path_reserve(t, n + 1);
    t->cells[t->len++] = win_last(w);
    for (size_t k = w->way.len - 1; k > 0 && t->len <= n; k--) {
        xyLoc a = w->way.cells[k - 1], b = w->way.cells[k];
        int m = (int)line_moves(a, b);
        for (int i = m - 1; i >= 0 && t->len <= n; i--) /* b's predecessor .. a */
            t->cells[t->len++] = line_cell(a, b, i);
    }
}

void win_truncate(Window *w, size_t k)
{
    if (k > w->moves)
        k = w->moves;
    w->moves -= k;
    if (w->cells) {
        w->way.len -= k;
        return;
    }
    while (k > 0) {
        size_t last = w->way.len - 1;
        xyLoc a = w->way.cells[last - 1], b = w->way.cells[last];
        size_t m = line_moves(a, b);
        w->way.len--;
        if (k >= m) {
            k -= m;
            continue;
        }
        /* The cut falls inside the line a -> b: its first m - k cells stay.
         * A sub-line of a legal line may rasterise otherwise, so the cut
         * cell is one waypoint only when its own line is legal, else the
         * kept cells are (each one legal move from the one before). */
        path_reserve(&w->line, m);
        line_cells(a, b, w->line.cells);
        size_t keep = m - k;
        if (line_legal(w->grid, a, w->line.cells[keep - 1])) {
            path_push(&w->way, w->line.cells[keep - 1]);
        } else {
            for (size_t i = 0; i < keep; i++)
                path_push(&w->way, w->line.cells[i]);
        }
        k = 0;
    }
}

/* Is c one legal move from a (or a itself)? a is passable. */
static bool near_legal(const Grid *g, xyLoc a, xyLoc c)
{
    int dx = c.x - a.x, dy = c.y - a.y;
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1)
        return false;
    if (!dx && !dy)
        return true;
    return grid_passable(g, c.x, c.y) && (!dx || !dy || (grid_passable(g, c.x, a.y) && grid_passable(g, a.x, c.y)));
}

/* win_add in the cells form: the same unwinding, over the window's cells. */
static void add_cells(Window *w, const xyLoc *cells, size_t n)
{
    const xyLoc *way = w->way.cells;
    size_t i = 0, j = 0, len = w->way.len;
    while (i + 1 < n && j + 1 < len && near_legal(w->grid, way[len - 2 - j], cells[i + 1])) {
        i++;
        j++;
    }
    if (j) {
        win_truncate(w, j);
        w->cut += 2 * j;
    }
    xyLoc last = win_last(w);
    size_t from = cells[i].x == last.x && cells[i].y == last.y ? i + 1 : i;
    path_reserve(&w->way, n - from);
    memcpy(w->way.cells + w->way.len, cells + from, (n - from) * sizeof *cells);
    w->way.len += n - from;
    w->moves += n - from;
}

void win_add(Window *w, const xyLoc *cells, size_t n)
{
    if (n < 2)
        return;
    if (w->cells) {
        add_cells(w, cells, n);
        return;
    }
    /* Unwinding: the window ends at tail[j], the leg goes on from cells[i],
     * and the two are one cell or one legal move apart. While the leg's next
     * cell is at (or one legal move from) the window's cell before tail[j],
     * both step back: two moves become at most one, so the path only
     * shortens. */
    size_t i = 0, j = 0, lim = n < TAIL_FIRST ? n : TAIL_FIRST;
    fill_tail(w, lim);
    for (;;) {
        while (i + 1 < n && j + 1 < w->tail.len && near_legal(w->grid, w->tail.cells[j + 1], cells[i + 1])) {
            i++;
            j++;
        }
        /* The unwinding ran into the end of a tail cut short: a longer one
         * (the same cells first, so the result is as with all n at once). */
        if (i + 1 >= n || j + 1 < w->tail.len || w->tail.len <= lim || lim >= n)
            break;
        lim = 4 * lim < n ? 4 * lim : n;
        fill_tail(w, lim);
    }
    if (j) {
        win_truncate(w, j);
        w->cut += 2 * j;
    }
    /* The leg from cells[i]: when that is win_last() its first waypoint is
     * already there, else it is one legal move on (a line of one step). */
    xyLoc last = win_last(w);
    w->joint = w->way.len - 1;
    bool joined = cells[i].x == last.x && cells[i].y == last.y;
    path_reserve(&w->way, n - i);
    size_t k = cells_to_waypoints(w->grid, cells + i, n - i, w->way.cells + w->way.len - joined);
    for (size_t q = 0; q < k - joined; q++) {
        xyLoc b = w->way.cells[w->way.len + q];
        w->moves += line_moves(q ? w->way.cells[w->way.len + q - 1] : last, b);
    }
    w->way.len += k - joined;
}

void win_smooth(Window *w, size_t back, size_t reach)
{
    size_t n = reach < w->way.len - w->joint ? w->joint + reach + 1 : w->way.len;
    size_t from = back < w->joint ? w->joint - back : 0;
    if (n - from < 3)
        return;
    /* Only the stretch's lines change: the moves are counted again there. */
    for (size_t i = from + 1; i < n; i++)
        w->moves -= line_moves(w->way.cells[i - 1], w->way.cells[i]);
    size_t k = from + smooth_waypoints(w->grid, w->way.cells + from, n - from);
    for (size_t i = from + 1; i < k; i++)
        w->moves += line_moves(w->way.cells[i - 1], w->way.cells[i]);
    memmove(w->way.cells + k, w->way.cells + n, (w->way.len - n) * sizeof *w->way.cells);
    w->way.len -= n - k;
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
