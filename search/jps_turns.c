#include "jps_turns.h"

#include <stdlib.h>
#include <string.h>

/* A line's words: its cells alone (bitrows.h). */
static int line_words(const BitRows *b) { return (b->cols + 63) >> 6; }

/* The bytes of line l of b from its first passable cell's to its last's:
 * false where it has none. */
static bool line_bytes(const BitRows *b, int l, int *lo, int *hi)
{
    const uint64_t *cur = bitrows_row(b, l);
    int words = line_words(b), first = 0, last = words - 1;
    while (first < words && !cur[first])
        first++;
    if (first == words)
        return false;
    while (!cur[last])
        last--;
    *lo = (64 * first + __builtin_ctzll(cur[first])) >> 3;
    *hi = (64 * last + 63 - __builtin_clzll(cur[last])) >> 3;
    return true;
}

/* Bytes before the first line of a plane, at least: a window reads up to
 * 7 before a line's bytes (jps_turns_quiet_run). */
#define FRONT 8

/* One orientation's planes laid out: each line's offset (in `at` unless
 * NULL, every line stale), and the bytes of a plane: those of the lines
 * and a front that keeps every offset at least 0 and the bytes a window
 * reads before the first line inside the plane. */
static size_t lay_out(const BitRows *b, uint16_t *at)
{
    size_t sum = 0, front = FRONT;
    int lo, hi;
    for (int l = 0; l < b->rows; l++)
        if (line_bytes(b, l, &lo, &hi)) {
            front = (size_t)lo > sum + front ? (size_t)lo - sum : front;
            sum += (size_t)(hi - lo + 1);
        }
    for (size_t l = 0, done = 0; at && l < (size_t)b->rows; l++) {
        bool any = line_bytes(b, (int)l, &lo, &hi);
        /* no bytes: an offset no read uses (no passable cell) */
        at[l] = (uint16_t)((front + done - (any ? (size_t)lo : 0)) | JPS_TURNS_STALE);
        done += any ? (size_t)(hi - lo + 1) : 0;
    }
    return front + sum;
}

/* The block: a line's two planes as words (the derivation's scratch), the
 * two planes of each orientation, the offsets, and a window's bytes past
 * the last plane. */
static size_t block_bytes(size_t row_plane, size_t col_plane, int nrows, int ncols, int words)
{
    return 16 * (size_t)words + 2 * row_plane + 2 * col_plane + 2 * ((size_t)nrows + (size_t)ncols) + 8;
}

static size_t max_size(size_t a, size_t b) { return a > b ? a : b; }

size_t jps_turns_bytes_for(const BitRows *rows, const BitRows *cols)
{
    size_t row_plane = lay_out(rows, NULL), col_plane = lay_out(cols, NULL);
    if (max_size(row_plane, col_plane) >= JPS_TURNS_STALE)
        return SIZE_MAX;
    int words = line_words(rows) > line_words(cols) ? line_words(rows) : line_words(cols);
    return (block_bytes(row_plane, col_plane, rows->rows, cols->rows, words) + 7) & ~(size_t)7;
}

bool jps_turns_init(JpsTurns *t, const BitRows *rows, const BitRows *cols, Err *err)
{
    memset(t, 0, sizeof *t);
    t->row_words = line_words(rows);
    t->col_words = line_words(cols);
    size_t row_plane = lay_out(rows, NULL), col_plane = lay_out(cols, NULL);
    if (max_size(row_plane, col_plane) >= JPS_TURNS_STALE)
        return true; /* 15 bits of offset do not reach: none held */
    int words = t->row_words > t->col_words ? t->row_words : t->col_words;
    t->bytes = (block_bytes(row_plane, col_plane, rows->rows, cols->rows, words) + 7) & ~(size_t)7;
    t->block = calloc(t->bytes / 8, sizeof *t->block);
    if (!t->block)
        return err_set(err, "jps: out of memory for turn bits");
    t->scratch = t->block;
    t->row_bits[0] = (uint8_t *)(t->block + 2 * (size_t)words);
    t->row_bits[1] = t->row_bits[0] + row_plane;
    t->col_bits[0] = t->row_bits[1] + row_plane;
    t->col_bits[1] = t->col_bits[0] + col_plane;
    t->row_at = (uint16_t *)(void *)(t->col_bits[1] + col_plane);
    t->col_at = t->row_at + rows->rows;
    (void)lay_out(rows, t->row_at);
    (void)lay_out(cols, t->col_at);
    t->nrows = rows->rows;
    t->ncols = cols->rows;
    t->stale = (rows->rows > 2 ? rows->rows - 2 : 0) + (cols->rows > 2 ? cols->rows - 2 : 0);
    return true;
}

void jps_turns_free(JpsTurns *t)
{
    free(t->block);
    memset(t, 0, sizeof *t);
}

size_t jps_turns_bytes(const JpsTurns *t) { return t->block ? t->bytes : 0; }

/* Is cell c of line l between two passable cells of it? */
static bool inside_line(const BitRows *b, int l, int c)
{
    const uint64_t *cur = bitrows_row(b, l);
    int w = c >> 6, words = line_words(b);
    uint64_t below = cur[w] & ((1ull << (c & 63)) - 1), above = cur[w] & (~1ull << (c & 63));
    for (int v = w - 1; !below && v >= 0; v--)
        below = cur[v];
    for (int v = w + 1; !above && v < words; v++)
        above = cur[v];
    return below && above;
}

bool jps_turns_covers(const BitRows *rows, const BitRows *cols, int px, int py)
{
    /* A line's bytes hold every cell that has been passable since they
     * were laid out (a cell opened outside them lays them out again), so
     * a cell between two such cells is inside them, whether the lines
     * say how the cells are or how they were before this change. */
    return inside_line(rows, py, px) && inside_line(cols, px, py);
}

bool jps_turns_follow(JpsTurns *t, const BitRows *rows, const BitRows *cols, Err *err)
{
    if (!t->block || !t->outside)
        return true;
    jps_turns_free(t);
    return jps_turns_init(t, rows, cols, err);
}

/* The cells from which a run of `pass` cells (towards lower columns, fill
 * down; higher, fill up) reaches a `gen` cell, gen cells included: a
 * Kogge-Stone fill in six shifts. */
static inline uint64_t fill_down(uint64_t gen, uint64_t pass)
{
    for (int k = 1; k < 64; k <<= 1) {
        gen |= pass & (gen >> k);
        pass &= pass >> k;
    }
    return gen;
}
static inline uint64_t fill_up(uint64_t gen, uint64_t pass)
{
    for (int k = 1; k < 64; k <<= 1) {
        gen |= pass & (gen << k);
        pass &= pass << k;
    }
    return gen;
}

/* bitrows_jump's stops, a word at a time: a scan stops at a blocked cell or
 * at one where the row above or below turns from blocked (the cell before,
 * in the direction of travel) to passable; the stop is a jump point when it
 * is passable. A cell's bit is whether the first stop after it is one: the
 * verdict at or after each cell (v: a jump point stop there, or no stop and
 * the next cell's verdict) is filled against the direction of travel
 * through the cells that are not stops, and carried across words. */
void jps_turns_words(const uint64_t *up, const uint64_t *cur, const uint64_t *dn, int lo, int hi, uint64_t *f,
                     uint64_t *k)
{
    uint64_t carry = 0;              /* the verdict at the first cell of the word after: blocked past hi */
    for (int w = hi; w >= lo; w--) { /* towards higher columns */
        uint64_t up_prev = up[w] << 1 | (w ? up[w - 1] >> 63 : 0), dn_prev = dn[w] << 1 | (w ? dn[w - 1] >> 63 : 0);
        uint64_t stop = ~cur[w] | (up[w] & ~up_prev) | (dn[w] & ~dn_prev);
        uint64_t top = stop ? ~0ull << (63 - __builtin_clzll(stop)) << 1 : ~0ull; /* no stop from here up */
        uint64_t v = fill_down(stop & cur[w], ~stop) | (carry ? top : 0);
        f[w - lo] = v >> 1 | carry << 63;
        carry = v & 1;
    }
    carry = 0;
    for (int w = lo; w <= hi; w++) { /* towards lower columns */
        uint64_t up_next = up[w] >> 1 | up[w + 1] << 63, dn_next = dn[w] >> 1 | dn[w + 1] << 63;
        uint64_t stop = ~cur[w] | (up[w] & ~up_next) | (dn[w] & ~dn_next);
        uint64_t bottom = stop ? (1ull << __builtin_ctzll(stop)) - 1 : ~0ull; /* no stop from here down */
        uint64_t v = fill_up(stop & cur[w], ~stop) | (carry ? bottom : 0);
        k[w - lo] = v << 1 | carry;
        carry = v >> 63;
    }
}

void jps_turns_line(const BitRows *b, uint8_t *fwd, uint8_t *back, uint16_t *at, uint64_t *scratch, int l)
{
    /* The line's passable cells now: inside its bytes (jps_turns_follow). */
    int lo, hi;
    at[l] &= (uint16_t)~JPS_TURNS_STALE;
    if (!line_bytes(b, l, &lo, &hi))
        return;
    int wlo = lo >> 3, whi = hi >> 3, n = whi - wlo + 1;
    jps_turns_words(bitrows_row(b, l - 1), bitrows_row(b, l), bitrows_row(b, l + 1), wlo, whi, scratch, scratch + n);
    size_t skip = (size_t)(lo - 8 * wlo), len = (size_t)(hi - lo + 1);
    memcpy(fwd + at[l] + lo, (const uint8_t *)scratch + skip, len);
    memcpy(back + at[l] + lo, (const uint8_t *)(scratch + n) + skip, len);
}

void jps_turns_all_fresh(JpsTurns *t, const BitRows *rows, const BitRows *cols)
{
    /* the padded lines' inner ones: a search reads only those (a passable cell's) */
    for (int r = 1; t->block && r < t->nrows - 1; r++)
        jps_turns_fresh_row(t, rows, r);
    for (int c = 1; t->block && c < t->ncols - 1; c++)
        jps_turns_fresh_col(t, cols, c);
}
