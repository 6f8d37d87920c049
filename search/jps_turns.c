#include "jps_turns.h"

#include <stdlib.h>
#include <string.h>

/* A line's words: its cells alone (bitrows.h). */
static int line_words(const BitRows *b) { return (b->cols + 63) >> 6; }

/* The one allocation's words: the two planes of each direction's lines and
 * a flag byte per row and per column, rounded up to words. */
static size_t block_words(int nrows, int row_words, int ncols, int col_words)
{
    return 2 * (size_t)nrows * (size_t)row_words + 2 * (size_t)ncols * (size_t)col_words +
           ((size_t)nrows + (size_t)ncols + 7) / 8;
}

bool jps_turns_init(JpsTurns *t, const BitRows *rows, const BitRows *cols, Err *err)
{
    memset(t, 0, sizeof *t);
    t->row_words = line_words(rows);
    t->col_words = line_words(cols);
    size_t row_plane = (size_t)rows->rows * (size_t)t->row_words, col_plane = (size_t)cols->rows * (size_t)t->col_words;
    t->block = calloc(block_words(rows->rows, t->row_words, cols->rows, t->col_words), sizeof *t->block);
    if (!t->block)
        return err_set(err, "jps: out of memory for turn bits");
    t->row_bits[0] = t->block;
    t->row_bits[1] = t->row_bits[0] + row_plane;
    t->col_bits[0] = t->row_bits[1] + row_plane;
    t->col_bits[1] = t->col_bits[0] + col_plane;
    t->row_ok = (uint8_t *)(t->col_bits[1] + col_plane); /* calloc: every line stale */
    t->col_ok = t->row_ok + rows->rows;
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

size_t jps_turns_bytes(const JpsTurns *t)
{
    if (!t->block)
        return 0;
    return block_words(t->nrows, t->row_words, t->ncols, t->col_words) * sizeof *t->block;
}

size_t jps_turns_bytes_for(const BitRows *rows, const BitRows *cols)
{
    return block_words(rows->rows, line_words(rows), cols->rows, line_words(cols)) * sizeof(uint64_t);
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
void jps_turns_words(const uint64_t *up, const uint64_t *cur, const uint64_t *dn, int words, uint64_t *f, uint64_t *k)
{
    uint64_t carry = 0;                    /* the verdict at the first cell of the word after */
    for (int w = words - 1; w >= 0; w--) { /* towards higher columns */
        uint64_t up_prev = up[w] << 1 | (w ? up[w - 1] >> 63 : 0), dn_prev = dn[w] << 1 | (w ? dn[w - 1] >> 63 : 0);
        uint64_t stop = ~cur[w] | (up[w] & ~up_prev) | (dn[w] & ~dn_prev);
        uint64_t top = stop ? ~0ull << (63 - __builtin_clzll(stop)) << 1 : ~0ull; /* no stop from here up */
        uint64_t v = fill_down(stop & cur[w], ~stop) | (carry ? top : 0);
        f[w] = v >> 1 | carry << 63;
        carry = v & 1;
    }
    carry = 0;
    for (int w = 0; w < words; w++) { /* towards lower columns */
        uint64_t up_next = up[w] >> 1 | up[w + 1] << 63, dn_next = dn[w] >> 1 | dn[w + 1] << 63;
        uint64_t stop = ~cur[w] | (up[w] & ~up_next) | (dn[w] & ~dn_next);
        uint64_t bottom = stop ? (1ull << __builtin_ctzll(stop)) - 1 : ~0ull; /* no stop from here down */
        uint64_t v = fill_up(stop & cur[w], ~stop) | (carry ? bottom : 0);
        k[w] = v << 1 | carry;
        carry = v >> 63;
    }
}

void jps_turns_line(const BitRows *b, uint64_t *fwd, uint64_t *back, int words, uint8_t *ok, int r)
{
    jps_turns_words(bitrows_row(b, r - 1), bitrows_row(b, r), bitrows_row(b, r + 1), words,
                    fwd + (size_t)r * (size_t)words, back + (size_t)r * (size_t)words);
    ok[r] = 1;
}

void jps_turns_all_fresh(JpsTurns *t, const BitRows *rows, const BitRows *cols)
{
    /* the padded lines' inner ones: a search reads only those (a passable cell's) */
    for (int r = 1; t->block && r < t->nrows - 1; r++)
        jps_turns_fresh_row(t, rows, r);
    for (int c = 1; t->block && c < t->ncols - 1; c++)
        jps_turns_fresh_col(t, cols, c);
}
