#include "smooth.h"

#include <stdlib.h>
#include <string.h>

#include "../common/work.h"

size_t smooth_cells(const Grid *g, xyLoc *cells, size_t n, xyLoc *way)
{
    if (n < 3)
        return n;
    size_t k = smooth_waypoints(g, way, cells_to_waypoints(g, cells, n, way)), w = 1;
    for (size_t i = 0; i + 1 < k; i++)
        w += line_cells(way[i], way[i + 1], cells + w);
    return w;
}

/* What smooth_run charges a line test: the cells it walks at most
 * (line_legal stops at the first illegal move), and its setup, about as
 * much as four cells. */
static inline uint64_t test_cost(xyLoc a, xyLoc b) { return 4 + line_moves(a, b); }

void smooth_begin(SmoothRun *s, size_t n)
{
    *s = (SmoothRun){.n = n, .n0 = n};
    if (n < 3)
        s->pass = SMOOTH_DONE;
}

/* One pass (forward over p as it lies), from where s stands, while *units
 * lasts: drop p[i+1] when the line p[i] -> p[i+2] is legal, else slide
 * p[i+1] along its line to p[i+2] to the furthest cell k (binary search,
 * lo..hi) whose lines from p[i] and to p[i+2] are both legal. True at the
 * pass's end. */
static bool pass_run(const Grid *g, xyLoc *p, SmoothRun *s, uint64_t *units)
{
    while (s->i + 2 < s->n) {
        size_t i = s->i;
        if (!s->sliding) {
            if (!*units)
                return false;
            bool known = i == 0 && s->first_illegal;
            bool legal = !known && line_legal(g, p[i], p[i + 2]);
            if (!known)
                work_take(units, test_cost(p[i], p[i + 2]));
            s->last_illegal = !legal;
            if (legal) {
                memmove(&p[i + 1], &p[i + 2], (s->n - i - 2) * sizeof *p);
                s->n--;
                continue; /* p[i] may now see past its new neighbour too */
            }
            s->sliding = true;
            s->lo = 0; /* known good */
            s->hi = (int)line_moves(p[i + 1], p[i + 2]);
        }
        /* A straight or purely diagonal line's tail is the same cells as the
         * line from q on, legal already: only the line from p[i] is walked. */
        int sdx = abs(p[i + 2].x - p[i + 1].x), sdy = abs(p[i + 2].y - p[i + 1].y);
        bool one_move = sdx == 0 || sdy == 0 || sdx == sdy;
        LineWalk slide = line_walk_begin(p[i + 1], p[i + 2]);
        while (s->lo + 1 < s->hi) {
            if (!*units)
                return false;
            int mid = (s->lo + s->hi) / 2;
            xyLoc q = line_walk_at(&slide, mid);
            bool legal = line_legal(g, p[i], q);
            work_take(units, test_cost(p[i], q));
            if (legal && !one_move) {
                legal = line_legal(g, q, p[i + 2]);
                work_take(units, test_cost(q, p[i + 2]));
            }
            if (legal)
                s->lo = mid;
            else
                s->hi = mid;
        }
        /* q on the line p[i+1] -> p[i+2] splits it into two shortest pieces,
         * so |p[i] q| + |q p[i+2]| <= |p[i] p[i+1]| + |p[i+1] p[i+2]|. */
        if (s->lo) /* cell 0 is p[i + 1] itself */
            p[i + 1] = line_walk_at(&slide, s->lo);
        s->sliding = false;
        s->i++;
    }
    return true;
}

/* Does the path turn back at p[i] (its two lines at more than a right
 * angle)? */
static inline bool folds(const xyLoc *p, size_t i)
{
    int ax = p[i].x - p[i - 1].x, ay = p[i].y - p[i - 1].y, bx = p[i + 1].x - p[i].x, by = p[i + 1].y - p[i].y;
    return ax * bx + ay * by < 0;
}

/* The folds pass, from where s stands (s->i, from 1), while *units lasts:
 * where the path turns back at p[i] and p[i-1] sees p[i+1], p[i] goes,
 * and the pass steps back one, as the waypoint before may now fold and
 * see past. The two passes above never test p[i-1] -> p[i+1] again once
 * they have moved past p[i-1], so a loop (the path running out and back
 * beside itself, as where a leg leaves a dead end by another row than the
 * one it came in by) can outlast them as such a fold. Only folds are
 * tested: a line test where the path turns back, none elsewhere. True at
 * the pass's end. */
static bool folds_run(const Grid *g, xyLoc *p, SmoothRun *s, uint64_t *units)
{
    while (s->i + 1 < s->n) {
        size_t i = s->i;
        if (!folds(p, i)) {
            s->i++;
            continue;
        }
        if (!*units)
            return false;
        bool legal = line_legal(g, p[i - 1], p[i + 1]);
        work_take(units, test_cost(p[i - 1], p[i + 1]));
        if (!legal) {
            s->i++;
            continue;
        }
        memmove(&p[i], &p[i + 1], (s->n - i - 1) * sizeof *p);
        s->n--;
        s->i = i > 1 ? i - 1 : 1;
    }
    return true;
}

bool smooth_run(const Grid *g, xyLoc *p, SmoothRun *s, uint64_t *units)
{
    if (s->pass == SMOOTH_FORWARD) {
        if (!pass_run(g, p, s, units))
            return false;
        cells_reverse(p, s->n);
        /* Where the forward pass's last test found p[n-3] -> p[n-1]
         * illegal, it then only slid p[n-2]: that line joins the backward
         * pass's p[0] and p[2] (p reversed; a line is the same cells either
         * way), whose test is its first, so it is neither walked again
         * nor charged (a joint's stretch of three waypoints is one such). */
        s->first_illegal = s->n >= 3 && s->last_illegal;
        s->i = 0;
        s->pass = SMOOTH_BACKWARD;
    }
    if (s->pass == SMOOTH_BACKWARD) {
        if (!pass_run(g, p, s, units))
            return false;
        cells_reverse(p, s->n);
        s->i = 1;
        s->pass = SMOOTH_FOLDS;
    }
    if (s->pass == SMOOTH_FOLDS) {
        if (!folds_run(g, p, s, units))
            return false;
        s->pass = SMOOTH_DONE;
    }
    return true;
}

void smooth_abort(SmoothRun *s, xyLoc *p)
{
    if (s->pass == SMOOTH_BACKWARD)
        cells_reverse(p, s->n);
    s->pass = SMOOTH_DONE;
}

bool smooth_steps(const Grid *g, xyLoc *p, SmoothRun *s, uint64_t *work)
{
    uint64_t units = *work > UINT64_MAX / SMOOTH_CELLS_PER_WORK ? UINT64_MAX : *work * SMOOTH_CELLS_PER_WORK;
    uint64_t before = units;
    bool ended = smooth_run(g, p, s, &units);
    work_take(work, (before - units + SMOOTH_CELLS_PER_WORK - 1) / SMOOTH_CELLS_PER_WORK);
    return ended;
}

size_t smooth_waypoints(const Grid *g, xyLoc *p, size_t n)
{
    SmoothRun s;
    uint64_t units = UINT64_MAX;
    smooth_begin(&s, n);
    smooth_run(g, p, &s, &units);
    return s.n;
}
