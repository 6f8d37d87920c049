/* refine/window_join.c: a leg joining the window (refine/window.h win_add,
 * in pieces win_add_begin and win_add_run, win_add_way): the unwinding
 * over the window's last cells, then its waypoints appended; and
 * win_truncate, which the unwinding cuts with. */
#include "window.h"

#include "../common/work.h"

#include <string.h>

/* The window's cells walked back from win_last() to the anchor, one at a
 * time, each made only when the walk reaches it (grid/line.h LineWalk):
 * unwinding mostly stops within a few cells, and so the window holds no
 * copy of the cells an unwinding passes, which would grow to its longest.
 * On the line way[k - 1] -> way[k], t of its m moves back from way[k]. */
typedef struct BackWalk {
    size_t k, t, m;
    LineWalk line;
} BackWalk;

static inline BackWalk back_start(const Window *w)
{
    size_t k = w->way.len - 1;
    BackWalk b = {.k = k};
    if (k) {
        b.m = line_moves(w->way.cells[k - 1], w->way.cells[k]);
        b.line = line_walk_begin(w->way.cells[k], w->way.cells[k - 1]);
    }
    return b;
}

/* The cell before the one the walk stands on, into *c, and the walk onto
 * it; false at the anchor. */
static inline bool back_step(const Window *w, BackWalk *b, xyLoc *c)
{
    while (b->t == b->m) { /* onto the line before (a repeated waypoint is a line of none) */
        if (b->k <= 1)
            return false;
        b->k--;
        b->t = 0;
        b->m = line_moves(w->way.cells[b->k - 1], w->way.cells[b->k]);
        b->line = line_walk_begin(w->way.cells[b->k], w->way.cells[b->k - 1]);
    }
    b->t++;
    *c = line_walk_step(&b->line);
    return true;
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
        size_t keep = m - k;
        LineWalk l = line_walk_begin(a, b);
        xyLoc cut = line_walk_at(&l, (int)keep);
        if (line_legal(w->grid, a, cut)) {
            path_push(&w->way, cut);
        } else {
            for (size_t i = 1; i <= keep; i++) /* rare: each cell by itself, no buffer for the line's */
                path_push(&w->way, line_walk_step(&l));
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

/* A leg being joined, walked one cell at a time: its cells, or its
 * waypoints with each line's cells made only when the walk reaches them
 * (LineWalk), so a leg that joins without unwinding costs no cell. */
typedef struct LegWalk {
    const xyLoc *p; /* the cells, or the waypoints */
    size_t n;       /* cells (moves + 1) */
    size_t k;       /* lines: waypoints */
    bool lines;     /* p holds waypoints */
    size_t q;       /* lines: the walk is on the line p[q] -> p[q + 1] */
    size_t off, m;  /* lines: `off` of its m moves along it (off < m) */
    LineWalk line;  /* lines: standing on that cell */
} LegWalk;

/* The cell after cell i (where the walk stands). */
static inline xyLoc walk_next(const LegWalk *l, size_t i)
{
    if (!l->lines)
        return l->p[i + 1];
    if (l->off + 1 >= l->m)
        return l->p[l->q + 1];
    LineWalk on = l->line;
    return line_walk_step(&on);
}

/* Onto the first line from p[q] on with a move (a repeated waypoint is a
 * line of none), or the end. */
static inline void walk_line(LegWalk *l)
{
    l->off = 0;
    l->m = 0;
    while (l->q + 1 < l->k && !(l->m = line_moves(l->p[l->q], l->p[l->q + 1])))
        l->q++;
    if (l->m)
        l->line = line_walk_begin(l->p[l->q], l->p[l->q + 1]);
}

static inline void walk_step(LegWalk *l)
{
    if (!l->lines)
        return;
    if (++l->off == l->m) {
        l->q++;
        walk_line(l);
    } else {
        line_walk_step(&l->line);
    }
}

/* The end of an unwinding: the window's last j cells go (each with the
 * leg's cell that retraced it), and the next leg joins at the new end. */
static void cut_back(Window *w, size_t j)
{
    if (j) {
        win_truncate(w, j);
        w->cut += 2 * j;
    }
    w->joint = w->way.len - 1;
}

/* Unwinding: the window ends at tail[j], the leg goes on from its cell i,
 * and the two are one cell or one legal move apart. While the leg's next
 * cell is at (or one legal move from) the window's cell before tail[j],
 * both step back: two moves become at most one, so the path only
 * shortens. Cuts the window's j cells and returns i (the walk stands on
 * it). */
static size_t unwind(Window *w, LegWalk *l)
{
    size_t i = 0, j = 0, n = l->n;
    BackWalk back = back_start(w);
    xyLoc before;
    while (i + 1 < n && back_step(w, &back, &before) && near_legal(w->grid, before, walk_next(l, i))) {
        walk_step(l);
        i++;
        j++;
    }
    cut_back(w, j);
    return i;
}

/* After the leg from its cell i on has joined: its lines are pieces of one
 * line's moves each (monotone), so their Chebyshev lengths add up to the
 * leg's n - 1 - i moves, and one more reaches cell i when it is not the
 * window's last cell already. */
static inline void add_moves(Window *w, size_t n, size_t i, bool joined) { w->moves += n - 1 - i + !joined; }

/* win_add in the cells form: the same unwinding, over the window's cells. */
static void add_cells(Window *w, const xyLoc *cells, size_t n)
{
    const xyLoc *way = w->way.cells;
    size_t i = 0, j = 0, len = w->way.len;
    while (i + 1 < n && j + 1 < len && near_legal(w->grid, way[len - 2 - j], cells[i + 1])) {
        i++;
        j++;
    }
    cut_back(w, j);
    xyLoc last = win_last(w);
    size_t from = xy_same(cells[i], last) ? i + 1 : i;
    path_reserve(&w->way, n - from);
    memcpy(w->way.cells + w->way.len, cells + from, (n - from) * sizeof *cells);
    w->way.len += n - from;
    w->moves += n - from;
}

void win_add_begin(Window *w, const xyLoc *cells, size_t n)
{
    if (n < 2)
        return;
    if (w->cells) {
        add_cells(w, cells, n);
        return;
    }
    LegWalk l = {.p = cells, .n = n};
    size_t i = unwind(w, &l);
    /* The leg from cells[i]: when that is win_last() its first waypoint is
     * already there, else it is one legal move on (a line of one step). */
    bool joined = xy_same(cells[i], win_last(w));
    path_reserve(&w->way, n - i);
    w->add.on = true;
    w->add.joined = joined;
    w->add.cells = cells + i;
    w->add.n = n - i;
    w->add.leg_n = n;
    w->add.at = i;
    w->add.base = w->way.len - joined;
    w->add.conv = (WayConv){0};
}

bool win_add_run(Window *w, uint64_t *work)
{
    if (!w->add.on)
        return true;
    size_t most = *work > SIZE_MAX / JOIN_CELLS_PER_WORK ? SIZE_MAX : (size_t)*work * JOIN_CELLS_PER_WORK;
    size_t from = w->add.conv.start;
    bool ended =
        cells_to_waypoints_part(w->grid, w->add.cells, w->add.n, w->way.cells + w->add.base, &w->add.conv, most);
    w->way.len = w->add.base + w->add.conv.k;
    work_take(work, (w->add.conv.start - from + JOIN_CELLS_PER_WORK - 1) / JOIN_CELLS_PER_WORK);
    if (ended) {
        add_moves(w, w->add.leg_n, w->add.at, w->add.joined);
        w->add.on = false;
    }
    return ended;
}

void win_add(Window *w, const xyLoc *cells, size_t n)
{
    uint64_t all = UINT64_MAX;
    win_add_begin(w, cells, n);
    win_add_run(w, &all);
}

void win_add_way(Window *w, const xyLoc *way, size_t k)
{
    if (k < 2)
        return;
    size_t n = 1;
    for (size_t q = 1; q < k; q++)
        n += line_moves(way[q - 1], way[q]);
    if (w->cells) { /* the cells form: the leg's cells, made in the tail's buffer */
        w->tail.len = 0;
        path_push(&w->tail, way[0]);
        for (size_t q = 1; q < k; q++)
            path_push_line(&w->tail, way[q - 1], way[q]);
        add_cells(w, w->tail.cells, n);
        return;
    }
    LegWalk l = {.p = way, .n = n, .k = k, .lines = true};
    walk_line(&l);
    size_t i = unwind(w, &l);
    /* The leg goes on from the walk's cell c: a waypoint, or a cell inside
     * the line p[q] -> p[q + 1], whose rest is one line only when legal (a
     * piece of a legal line may rasterise otherwise, as in win_truncate),
     * else its cells are waypoints (each one legal move from the last). */
    xyLoc last = win_last(w), c = l.off ? (xyLoc){(int16_t)l.line.x, (int16_t)l.line.y} : way[l.q];
    bool joined = xy_same(c, last);
    path_reserve(&w->way, k - l.q + l.m + 1);
    if (!joined)
        w->way.cells[w->way.len++] = c;
    if (l.off && !line_legal(w->grid, c, way[l.q + 1]))
        for (size_t t = l.off + 1; t < l.m; t++)
            w->way.cells[w->way.len++] = line_walk_step(&l.line);
    for (size_t q = l.q + 1; q < k; q++) {
        xyLoc prev = w->way.cells[w->way.len - 1];
        if (!xy_same(way[q], prev))
            w->way.cells[w->way.len++] = way[q];
    }
    add_moves(w, n, i, joined);
}
