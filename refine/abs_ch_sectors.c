#include "abs_ch_sectors.h"

#include <stdlib.h>
#include <string.h>

/* Boxes at most this many sectors a side on both sides are ordered row by
 * row. Splitting down to single sectors keeps fewer arcs than ordering
 * 2 x 2 boxes row by row (the arcs' bytes, results/reference/mm-paper/ch38.md). */
#define ND_LEAF 1

/* How dissect chooses its lines: by the region counts (weight; NULL: the
 * middle lines), recording each choice into split[] when it fits a byte,
 * or by the choices recorded before (replay). */
typedef struct Lines {
    const uint32_t *weight;
    uint8_t *split;
    uint32_t n;  /* choices recorded or replayed so far */
    bool replay; /* read split[] instead of choosing */
    bool unfit;  /* a choice did not fit a byte: split[] is not kept */
} Lines;

/* The line (column when `vertical`, else row) of the box that holds the
 * fewest regions among those in its middle half, the nearest the middle on
 * a tie: walls and blocked sectors make some lines far cheaper separators
 * than the middle one. Recorded as its place in that middle half. */
static uint32_t cheapest_line(const AbsChSectors *s, Lines *l, uint32_t x0, uint32_t y0, uint32_t w, uint32_t h,
                              bool vertical)
{
    uint32_t lo = vertical ? x0 : y0, len = vertical ? w : h, mid = lo + len / 2, first = lo + len / 4;
    if (l->replay)
        return first + l->split[l->n++];
    uint32_t best = mid;
    uint64_t best_sum = UINT64_MAX, best_dist = UINT64_MAX;
    for (uint32_t c = first; l->weight && c < lo + len - len / 4; c++) {
        uint64_t sum = 0;
        for (uint32_t i = vertical ? y0 : x0; i < (vertical ? y0 + h : x0 + w); i++)
            sum += l->weight[vertical ? (size_t)i * s->sw + c : (size_t)c * s->sw + i];
        uint64_t dist = c > mid ? c - mid : mid - c;
        if (sum < best_sum || (sum == best_sum && dist < best_dist)) {
            best = c;
            best_sum = sum;
            best_dist = dist;
        }
    }
    if (best - first > UINT8_MAX)
        l->unfit = true;
    else if (l->split)
        l->split[l->n++] = (uint8_t)(best - first);
    return best;
}

/* Ranks a separating line's sectors (column `at` from row lo when
 * `vertical`, else row `at` from column lo; len of them) into
 * order[*next ...] as a nested dissection of the line itself: both halves
 * first, then the middle sector. The line becomes a clique in the shape
 * whatever its order, but the hierarchy keeps only the arcs whose exact
 * cost no route through a higher region matches (abs_ch_flatten): a route
 * along the line between two of its regions passes through its higher
 * middles, so most arcs between its far parts are left out. */
static void line_order(AbsChSectors *s, uint32_t at, uint32_t lo, uint32_t len, bool vertical, uint32_t *next)
{
    if (!len)
        return;
    uint32_t mid = lo + len / 2;
    line_order(s, at, lo, mid - lo, vertical, next);
    line_order(s, at, mid + 1, lo + len - mid - 1, vertical, next);
    s->order[(*next)++] = vertical ? mid * s->sw + at : at * s->sw + mid;
}

/* Ranks the sectors of the box (x0, y0, w, h) into order[*next ...]:
 * both halves first, then the separating line. The depth is about the log
 * of the grid's side (a line is chosen in the middle half of its box). */
static void dissect(AbsChSectors *s, Lines *l, uint32_t x0, uint32_t y0, uint32_t w, uint32_t h, uint32_t *next)
{
    if (!w || !h)
        return;
    if (w <= ND_LEAF && h <= ND_LEAF) {
        for (uint32_t y = y0; y < y0 + h; y++)
            for (uint32_t x = x0; x < x0 + w; x++)
                s->order[(*next)++] = y * s->sw + x;
        return;
    }
    if (w >= h) {
        uint32_t mid = cheapest_line(s, l, x0, y0, w, h, true);
        dissect(s, l, x0, y0, mid - x0, h, next);
        dissect(s, l, mid + 1, y0, x0 + w - mid - 1, h, next);
        line_order(s, mid, y0, h, true, next);
    } else {
        uint32_t mid = cheapest_line(s, l, x0, y0, w, h, false);
        dissect(s, l, x0, y0, w, mid - y0, next);
        dissect(s, l, x0, mid + 1, w, y0 + h - mid - 1, next);
        line_order(s, mid, x0, w, false, next);
    }
}

bool abs_ch_sectors_build(AbsChSectors *s, uint32_t sw, uint32_t sh, const uint32_t *weight)
{
    memset(s, 0, sizeof *s);
    s->sw = sw;
    s->sh = sh;
    s->ns = sw * sh;
    size_t cnt = s->ns ? s->ns : 1;
    /* a box is split only when it holds more than one sector, and its line
     * is ranked once: fewer choices than sectors */
    Lines l = {weight, malloc(cnt), 0, false, false};
    if (!(s->order = malloc(cnt * sizeof *s->order))) {
        free(l.split);
        return false;
    }
    uint32_t next = 0;
    dissect(s, &l, 0, 0, sw, sh, &next);
    if (l.split && !l.unfit) {
        uint8_t *fit = realloc(l.split, l.n ? l.n : 1);
        s->split = fit ? fit : l.split;
        s->nsplit = l.n;
    } else
        free(l.split);
    return true;
}

void abs_ch_sectors_free(AbsChSectors *s)
{
    free(s->order);
    free(s->split);
    memset(s, 0, sizeof *s);
}

bool abs_ch_sectors_copy(AbsChSectors *to, const AbsChSectors *from)
{
    *to = *from;
    size_t cnt = from->ns ? from->ns : 1;
    to->order = malloc(cnt * sizeof *to->order);
    to->split = from->split ? malloc(from->nsplit ? from->nsplit : 1) : NULL;
    if (!to->order || (from->split && !to->split)) {
        free(to->order);
        free(to->split);
        memset(to, 0, sizeof *to);
        return false;
    }
    if (from->split)
        memcpy(to->split, from->split, from->nsplit);
    if (from->order)
        memcpy(to->order, from->order, (size_t)from->ns * sizeof *to->order);
    else { /* compact: the order made again from its lines */
        Lines l = {NULL, to->split, 0, true, false};
        uint32_t next = 0;
        dissect(to, &l, 0, 0, to->sw, to->sh, &next);
    }
    return true;
}

void abs_ch_sectors_compact(AbsChSectors *s)
{
    if (!s->split)
        return;
    free(s->order);
    s->order = NULL;
}

size_t abs_ch_sectors_bytes(const AbsChSectors *s)
{
    return (s->order ? (size_t)s->ns * sizeof *s->order : 0) + (s->split ? s->nsplit : 0);
}
