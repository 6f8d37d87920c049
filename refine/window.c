#include "window.h"

#include <stdlib.h>
#include <string.h>

#include "smooth.h"

static void smooth_stop(Window *w);

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
     * window holds, as the cells form's tail does when first used */
    path_reserve(&w->way, 16);
}

void win_free(Window *w)
{
    path_free(&w->way);
    path_free(&w->tail);
    free(w->memo);
    memset(w, 0, sizeof *w);
}

size_t win_bytes(const Window *w)
{
    return (w->way.cap + w->tail.cap) * sizeof(xyLoc) + (w->memo ? w->memo_n * sizeof *w->memo : 0);
}

void win_forget(Window *w)
{
    smooth_stop(w); /* its memo entry would be the old map's */
    if (w->memo)
        memset(w->memo, 0, w->memo_n * sizeof *w->memo);
}

/* The set of WIN_MEMO_WAYS entries for the stretch p[0..n) in a table of
 * memo_n entries: where it is or would be remembered. */
static JointMemo *memo_set_in(JointMemo *memo, uint32_t memo_n, const xyLoc *p, size_t n)
{
    static const uint32_t MIX[WIN_MEMO_WAY][2] = {{0x9e3779b1u, 0x85ebca6bu},
                                                  {0xc2b2ae35u, 0x27d4eb2fu},
                                                  {0x165667b1u, 0xd3a2646cu},
                                                  {0xfd7046c5u, 0xb55a4f09u},
                                                  {0x7feb352du, 0x846ca68bu}};
    uint32_t h = (uint32_t)n;
    for (size_t i = 0; i < n; i++)
        h ^= (uint32_t)(uint16_t)p[i].x * MIX[i][0] ^ (uint32_t)(uint16_t)p[i].y * MIX[i][1];
    return &memo[(h ^ h >> 15) & (memo_n - WIN_MEMO_WAYS)];
}

static JointMemo *memo_set(const Window *w, const xyLoc *p, size_t n) { return memo_set_in(w->memo, w->memo_n, p, n); }

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

/* The memo twice as large, each entry in its set there (a set's entries
 * go to one of two sets, in the order they were: the most recently used
 * stay first); as it was when memory ran out (it grows no more). Once per
 * doubling, at most memo_max entries moved. */
static void memo_grow(Window *w)
{
    uint32_t n = w->memo_n * 2;
    JointMemo *grown = calloc(n, sizeof *grown);
    if (!grown) {
        w->memo_max = w->memo_n;
        return;
    }
    for (uint32_t set = 0; set < w->memo_n; set += WIN_MEMO_WAYS)
        for (int i = WIN_MEMO_WAYS - 1; i >= 0; i--) { /* the least recently used first: each goes in front */
            const JointMemo *m = &w->memo[set + (uint32_t)i];
            if ((m->dp[0] | m->dp[1]) == 0)
                continue; /* empty */
            xyLoc p[WIN_MEMO_WAY] = {{m->x0, m->y0}};
            size_t k = memo_unpack(p[0], m->dp, m->sign & 0xffu, WIN_MEMO_WAY - 1, p) + 1;
            JointMemo *to = memo_set_in(grown, n, p, k);
            memmove(to + 1, to, (WIN_MEMO_WAYS - 1) * sizeof *to);
            to[0] = *m;
        }
    free(w->memo);
    w->memo = grown;
    w->memo_n = n;
    w->memo_fills = 0;
    w->memo_grows++;
}

/* A short stretch p[0..n) (3..WIN_MEMO_WAY waypoints), through the memo:
 * its smoothing is a function of its cells and the map alone. True when it
 * is remembered (p smoothed, its count into *k); else the entry to fill
 * when its smoothing ends into w->slot (NULL without a memo, or when the
 * stretch does not pack), and what to fill it with so far into w->fresh. */
static bool memo_find(Window *w, xyLoc *p, size_t n, size_t *k)
{
    if (!w->memo)
        return false;
    JointMemo *set = memo_set(w, p, n), *m = set, *f = &w->fresh;
    for (int i = 1; i < WIN_MEMO_WAYS && !memo_holds(m, p, n); i++)
        if (memo_holds(&set[i], p, n)) { /* the most recently used first: a hit moves to the front */
            JointMemo t = set[i];
            memmove(set + 1, set, (size_t)i * sizeof *set);
            set[0] = t;
        }
    if (memo_holds(m, p, n)) { /* an entry of zeros holds no stretch: its first step is zero */
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
    w->way.len = 1;
    w->moves = 0;
}

void win_reset(Window *w, xyLoc anchor)
{
    w->smoothing = false;
    w->way.len = 0;
    path_push(&w->way, anchor);
    w->moves = w->joint = 0;
}

/* The window's cells walked back from win_last() to the anchor, one at a
 * time, each made only when the walk reaches it (line_cell): unwinding
 * mostly stops within a few cells, and so the window holds no copy of the
 * cells an unwinding passes, which would grow to its longest. On the line
 * way[k - 1] -> way[k], t of its m moves back from way[k]. */
typedef struct BackWalk {
    size_t k, t, m;
} BackWalk;

static inline BackWalk back_start(const Window *w)
{
    size_t k = w->way.len - 1;
    return (BackWalk){k, 0, k ? line_moves(w->way.cells[k - 1], w->way.cells[k]) : 0};
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
    }
    xyLoc from = w->way.cells[b->k], to = w->way.cells[b->k - 1];
    b->t++;
    *c = b->t == b->m ? to : b->t == 1 ? line_next(from, to) : line_cell(from, to, (int)b->t);
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
        xyLoc cut = line_cell(a, b, (int)keep);
        if (line_legal(w->grid, a, cut)) {
            path_push(&w->way, cut);
        } else {
            for (size_t i = 1; i <= keep; i++) /* rare: each cell by itself, no buffer for the line's */
                path_push(&w->way, line_cell(a, b, (int)i));
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
 * (line_cell), so a leg that joins without unwinding costs no cell. */
typedef struct LegWalk {
    const xyLoc *p; /* the cells, or the waypoints */
    size_t n;       /* cells (moves + 1) */
    size_t k;       /* lines: waypoints */
    bool lines;     /* p holds waypoints */
    size_t q;       /* lines: the walk is on the line p[q] -> p[q + 1] */
    size_t off, m;  /* lines: `off` of its m moves along it (off < m) */
} LegWalk;

/* The cell after cell i (where the walk stands). */
static inline xyLoc walk_next(const LegWalk *l, size_t i)
{
    if (!l->lines)
        return l->p[i + 1];
    if (l->off + 1 >= l->m)
        return l->p[l->q + 1];
    return l->off ? line_cell(l->p[l->q], l->p[l->q + 1], (int)l->off + 1) : line_next(l->p[l->q], l->p[l->q + 1]);
}

/* Onto the first line from p[q] on with a move (a repeated waypoint is a
 * line of none), or the end. */
static inline void walk_line(LegWalk *l)
{
    l->off = 0;
    l->m = 0;
    while (l->q + 1 < l->k && !(l->m = line_moves(l->p[l->q], l->p[l->q + 1])))
        l->q++;
}

static inline void walk_step(LegWalk *l)
{
    if (l->lines && ++l->off == l->m) {
        l->q++;
        walk_line(l);
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

void win_add(Window *w, const xyLoc *cells, size_t n)
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
    xyLoc last = win_last(w);
    bool joined = xy_same(cells[i], last);
    path_reserve(&w->way, n - i);
    w->way.len += cells_to_waypoints(w->grid, cells + i, n - i, w->way.cells + w->way.len - joined) - joined;
    add_moves(w, n, i, joined);
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
    xyLoc last = win_last(w), c = l.off ? line_cell(way[l.q], way[l.q + 1], (int)l.off) : way[l.q];
    bool joined = xy_same(c, last);
    path_reserve(&w->way, k - l.q + l.m + 1);
    if (!joined)
        w->way.cells[w->way.len++] = c;
    if (l.off && !line_legal(w->grid, c, way[l.q + 1]))
        for (size_t t = l.off + 1; t < l.m; t++)
            w->way.cells[w->way.len++] = line_cell(way[l.q], way[l.q + 1], (int)t);
    for (size_t q = l.q + 1; q < k; q++) {
        xyLoc prev = w->way.cells[w->way.len - 1];
        if (!xy_same(way[q], prev))
            w->way.cells[w->way.len++] = way[q];
    }
    add_moves(w, n, i, joined);
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
    if (n - from <= WIN_MEMO_WAY && memo_find(w, w->way.cells + from, n - from, &k)) {
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
    size_t k = w->run.n;
    if (w->slot && memo_steps(p[0], p + 1, k - 2, w->fresh.dq, &w->fresh.sign, 8)) {
        memmove(w->slot + 1, w->slot, (WIN_MEMO_WAYS - 1) * sizeof *w->slot); /* the least recently used goes */
        w->slot[0] = w->fresh;
        w->slot = NULL;
        if (++w->memo_fills >= w->memo_n && w->memo_n < w->memo_max)
            memo_grow(w);
    }
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
