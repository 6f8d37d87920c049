#include "line.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Lines are walked from their lexicographically smaller end, so the line from
 * a to b and the one from b to a are the same cells: legality and
 * rasterisation then agree whichever way a link or leg is used. */
static bool canonical(xyLoc a, xyLoc b) { return a.x < b.x || (a.x == b.x && a.y <= b.y); }

/* A line line_legal tests, as its walks take it: from its canonical end
 * (padded index `at`), dx columns right (x never decreases from there) and
 * dy rows up or `down`. Worked out once a call, not by each walk. */
typedef struct LineShape {
    size_t at;
    int dx, dy;
    bool down;
} LineShape;

/* walk_line's steps on a byte grid's padded indices from the canonical end
 * to the other, both inside the map: every cell of the walk lies in the
 * box of its ends, so the padding is never reached. It tests the first
 * cell, then each cell entered (the other end the last of them); a
 * diagonal step also tests its two side cells. */
static bool walk_legal(const Grid *g, LineShape l)
{
    int dx = l.dx, dy = l.dy, sy = l.down ? g->stride : -g->stride;
    int major = dx > dy ? dx : dy, minor = dx > dy ? dy : dx;
    int step_major = dx >= dy ? 1 : sy, step_minor = dx >= dy ? sy : 1;
    const uint8_t *cells = g->cells;
    int err = major / 2;
    size_t at = l.at;
    if (!cells[at])
        return false;
    for (int i = 0; i < major; i++) {
        err -= minor;
        if (err < 0) {
            err += major;
            if (!cells[at + step_major] || !cells[at + step_minor])
                return false;
            at += step_major + step_minor;
        } else {
            at += step_major;
        }
        if (!cells[at])
            return false;
    }
    return true;
}

/* One column right in a packed grid: the cell's word and its bit in it. */
static inline __attribute__((always_inline)) void column_right(const uint64_t **w, uint64_t *m)
{
    *m <<= 1;
    if (!*m) {
        *m = 1;
        ++*w;
    }
}

/* The same walk on a packed grid, the cell held as its word and its bit, so a
 * step is a shift (a column) or a row's words (a row), not an index split
 * into word and bit; `wide` (|dx| >= |dy|: the major steps are columns) a
 * constant at each call. Walked from the canonical end, x never decreases:
 * a column step is always to the right. */
static inline __attribute__((always_inline)) bool walk_bits(const Grid *g, LineShape l, bool wide)
{
    int major = wide ? l.dx : l.dy, minor = wide ? l.dy : l.dx;
    ptrdiff_t words = (ptrdiff_t)((unsigned)g->stride >> 6), row = l.down ? words : -words;
    const uint64_t *w = g->bits + (l.at >> 6);
    uint64_t m = 1ull << (l.at & 63);
    int err = major / 2;
    if (!(*w & m))
        return false;
    for (int i = 0; i < major; i++) {
        err -= minor;
        if (err < 0) {
            err += major;
            if (__builtin_expect(!(m >> 63), 1)) {
                /* The side cell a column on in this row, then the other
                 * side cell and the cell entered in one test: the next
                 * row's two bits, in one word */
                uint64_t mc = m << 1, two = m | mc;
                if (!(*w & mc) || (w[row] & two) != two)
                    return false;
                w += row;
                m = mc;
                continue;
            }
            const uint64_t *wc = w; /* the cell a column on, in this row: the next word's bit 0 */
            uint64_t mc = m;
            column_right(&wc, &mc);
            if (!(*wc & mc) || !(w[row] & m))
                return false;
            w = wc + row;
            m = mc;
        } else if (wide) {
            column_right(&w, &m);
        } else {
            w += row;
        }
        if (!(*w & m))
            return false;
    }
    return true;
}

/* The same walk on a packed grid, a run at a time (line_legal takes it
 * when a run averages RUNS_MIN cells or more: its setup for each row or
 * column costs about what that many cells of walk_bits cost, in callgrind's
 * instructions). */
enum { RUNS_MIN = 3 };
/* From the canonical end, x never decreases. A wide line (dx >= dy > 0)
 * keeps to a row for the k moves up to its next diagonal one (k from the
 * Bresenham error, below);
 * that diagonal move's side cells are the next column in this row and this
 * column in the next row, so each row's cells tested are one run: from the
 * column before the one the line enters it at (the first row: the line's
 * first cell) to the column after the one it leaves it from (the last row:
 * the line's last cell). One masked word test a row (grid_bits_span_open).
 * A steep line (dy > dx) is the same with columns for rows: one run of a
 * column's bits, a word per row. The runs hold exactly the cells
 * walk_legal tests (the first cell, the cells entered and each diagonal
 * move's two side cells): the same answer. */
static bool runs_legal(const Grid *g, LineShape l)
{
    int dx = l.dx, dy = l.dy;
    ptrdiff_t step = l.down ? g->stride : -g->stride; /* a row on */
    const uint64_t *bits = g->bits;
    size_t at = l.at, end = (size_t)((ptrdiff_t)at + dx + dy * step), lo = at;
    if (dx >= dy) {
        /* at: the cell the line entered this row at; lo: the row's run's start */
        for (int err = dx / 2, n = 0; n < dy; n++) {
            int k = err / dy + 1; /* moves in this row, the diagonal one last */
            err += dx - k * dy;
            if (!grid_bits_span_open(bits, lo, at + (size_t)k))
                return false;
            at = (size_t)((ptrdiff_t)at + k + step);
            lo = at - 1;
        }
        return grid_bits_span_open(bits, lo, end);
    }
    /* Steep: the same by columns; a column's run (cells from lo, a row on
     * each) is one bit of a word per row. */
    ptrdiff_t words = step / 64;
    int cells = 1; /* in the run so far: at and, after a diagonal move, its side cell before */
    for (int err = dy / 2, n = 0; n <= dx; n++) {
        int k = n < dx ? err / dx + 1 : 0; /* rows on in this column; the last column runs to its end */
        if (n < dx)
            err += dy - k * dx;
        int run = n < dx ? cells + k : cells + (int)(((ptrdiff_t)end - (ptrdiff_t)at) / step);
        const uint64_t *w = bits + (lo >> 6);
        uint64_t m = 1ull << (lo & 63);
        for (int i = 0; i < run; i++, w += words)
            if (!(*w & m))
                return false;
        at = (size_t)((ptrdiff_t)at + k * step + 1);
        lo = (size_t)((ptrdiff_t)at - step);
        cells = 2;
    }
    return true;
}

bool line_legal(const Grid *g, xyLoc a, xyLoc b)
{
    /* Both ends inside the map (an unsigned compare a coordinate), so every
     * cell of the line is (the box of its ends). Each walk tests the cells
     * it reaches from the first on, both ends included: no end is tested
     * apart (two bit reads and four bounds tests more a call, a third of a
     * smoothing shortcut's test). */
    int ax = a.x, ay = a.y, bx = b.x, by = b.y;
    if ((unsigned)ax >= (unsigned)g->width || (unsigned)bx >= (unsigned)g->width ||
        (unsigned)ay >= (unsigned)g->height || (unsigned)by >= (unsigned)g->height)
        return false;
    int dx = bx - ax, dy = by - ay;
    if (dx < 0 || (dx == 0 && dy < 0)) { /* from b, the canonical end */
        ax = bx;
        ay = by;
        dx = -dx;
        dy = -dy;
    }
    LineShape l = {(size_t)grid_index(g, ax, ay), dx, dy < 0 ? -dy : dy, dy > 0};
    if (g->cells)
        return walk_legal(g, l);
    /* Runs pay where they are long; most smoothing shortcuts are nearer the
     * diagonal, one or two cells a row. */
    if (l.dx >= l.dy ? l.dx >= RUNS_MIN * l.dy : l.dy >= RUNS_MIN * l.dx)
        return runs_legal(g, l);
    return l.dx >= l.dy ? walk_bits(g, l, true) : walk_bits(g, l, false);
}

size_t line_cells_walk(xyLoc a, xyLoc b, xyLoc *out)
{
    /* The Bresenham walk from the canonical end. Walked from b (a is the
     * larger end), its cells after b are the line's cells from a back to
     * b's successor, so they are written from the back: out[major - 2] down
     * to out[0], a itself dropped and b put last. Written in place, this is
     * far cheaper than collecting and reversing; the steps
     * along the two axes are set once, so a cell costs no test of the
     * line's shape (the window's emission is one line_cells a line). */
    bool fwd = canonical(a, b);
    xyLoc cur = fwd ? a : b, end = fwd ? b : a;
    int dx = abs(end.x - cur.x), dy = abs(end.y - cur.y);
    int sx = end.x > cur.x ? 1 : -1, sy = end.y > cur.y ? 1 : -1;
    int major = dx > dy ? dx : dy, minor = dx > dy ? dy : dx;
    int mx = dx >= dy ? sx : 0, my = dx >= dy ? 0 : sy, nx = sx - mx, ny = sy - my;
    int err = major / 2, x = cur.x, y = cur.y;
    xyLoc *o = fwd ? out : out + major - 2;
    ptrdiff_t step = fwd ? 1 : -1;
    for (int i = 0; i < major - !fwd; i++, o += step) {
        err -= minor;
        int side = err < 0;
        err += side ? major : 0;
        x += mx + (side ? nx : 0);
        y += my + (side ? ny : 0);
        *o = (xyLoc){(int16_t)x, (int16_t)y};
    }
    if (!fwd && major > 0)
        out[major - 1] = b;
    return (size_t)major;
}

/* Do moves d and e (grid.h numbering) make one line's moves, a cardinal
 * direction and a diagonal beside it? */
static bool line_pair(int d, int e)
{
    int c = d < 4 ? d : e, diag = d < 4 ? e : d;
    if ((d < 4) == (e < 4))
        return d == e;
    /* diagonal 4..7 is NE, SE, SW, NW: beside N/E, E/S, S/W, W/N */
    return c == diag - 4 || c == (diag - 3) % 4;
}

static int move_dir(xyLoc a, xyLoc b) { return grid_dir_of(b.x - a.x, b.y - a.y); }

/* Are cells[0..m] the line from cells[0] to cells[m], cell for cell? */
static bool line_is(const xyLoc *cells, size_t m)
{
    LineWalk l = line_walk_begin(cells[0], cells[m]);
    for (size_t k = 1; k < m; k++) {
        xyLoc c = line_walk_step(&l);
        if (c.x != cells[k].x || c.y != cells[k].y)
            return false;
    }
    return true;
}

bool cells_to_waypoints_part(const Grid *g, const xyLoc *cells, size_t n, xyLoc *way, WayConv *c, size_t most)
{
    if (c->k == 0 && n > 0)
        way[c->k++] = cells[0];
    size_t from = c->start;
    while (c->start + 1 < n) {
        if (c->start - from >= most)
            return false;
        /* The longest run from `start` using one line's two moves. */
        size_t start = c->start, end = start + 1;
        int d1 = move_dir(cells[start], cells[start + 1]), d2 = d1;
        while (end + 1 < n) {
            int d = move_dir(cells[end], cells[end + 1]);
            if (d != d1 && d != d2) {
                if (d1 != d2 || !line_pair(d1, d))
                    break;
                d2 = d;
            }
            end++;
        }
        /* One move repeated is its own line (Bresenham's walk of a straight
         * or pure diagonal run is the run), legal as the path's moves are:
         * no walk needed. */
        if (d1 == d2 || (g ? line_legal(g, cells[start], cells[end]) : line_is(cells + start, end - start))) {
            way[c->k++] = cells[end];
        } else { /* not one line: every turn is a waypoint (straight pieces are lines) */
            for (size_t i = start + 1; i <= end; i++)
                if (i == end || move_dir(cells[i - 1], cells[i]) != move_dir(cells[i], cells[i + 1]))
                    way[c->k++] = cells[i];
        }
        c->start = end;
    }
    return true;
}

size_t cells_to_waypoints(const Grid *g, const xyLoc *cells, size_t n, xyLoc *way)
{
    WayConv c = {0};
    cells_to_waypoints_part(g, cells, n, way, &c, SIZE_MAX);
    return c.k;
}
