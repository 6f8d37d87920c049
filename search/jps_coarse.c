#include "jps_coarse.h"

#include <stdlib.h>

#include "jps_turns.h"

/* The words a line of cells takes. */
static int words_of(int cells) { return (cells + 63) >> 6; }

/* The words of the struct, rounded up: the words after it are its own. */
#define HEAD_WORDS ((sizeof(JpsCoarse) + sizeof(uint64_t) - 1) / sizeof(uint64_t))

JpsCoarse *jps_coarse_new(int nrows, int ncols, Err *err)
{
    int row_segs = words_of(ncols), col_segs = words_of(nrows); /* a row's cells are the columns */
    size_t row_plane = (size_t)nrows * (size_t)row_segs, col_plane = (size_t)ncols * (size_t)col_segs;
    size_t plane_words = (2 * row_plane + 2 * col_plane + 63) / 64;
    size_t flag_words = ((size_t)nrows + (size_t)ncols + 63) / 64;
    size_t longest = (size_t)(row_segs > col_segs ? row_segs : col_segs);
    /* The planes with a zero word before and after (jps_coarse_first reads
     * a word either side of its bit), the flags, the scratch: a column's
     * three transposed rows, then two lines' verdicts. */
    size_t words = HEAD_WORDS + 1 + plane_words + 1 + flag_words + 3 * ((size_t)col_segs + 1) + 2 * longest;
    uint64_t *block = calloc(words, sizeof *block);
    if (!block) {
        err_set(err, "jps: out of memory for coarse turn bits");
        return NULL;
    }
    JpsCoarse *c = (JpsCoarse *)block;
    c->bits = block + HEAD_WORDS + 1;
    c->plane[1] = row_plane;
    c->plane[2] = 2 * row_plane;
    c->plane[3] = 2 * row_plane + col_plane;
    c->ok = c->bits + plane_words + 1; /* calloc: every line stale */
    c->line = c->bits + plane_words + 1 + flag_words;
    c->words = words;
    c->nrows = nrows;
    c->ncols = ncols;
    c->row_segs = row_segs;
    c->col_segs = col_segs;
    c->stale = true;
    return c;
}

void jps_coarse_free(JpsCoarse *c) { free(c); }

size_t jps_coarse_bytes(const JpsCoarse *c) { return c ? c->words * sizeof(uint64_t) : 0; }

/* Line l's bits (towards higher cells f, lower k; `segs` words each) at its
 * passable cells (`cur`: a scan starts at one) OR'd a word at a time into
 * its segments of planes `lower` (towards lower cells) and lower + 1, of
 * `lines` lines each. */
static void coarsen(JpsCoarse *c, const uint64_t *cur, const uint64_t *f, const uint64_t *k, int segs, int lines,
                    int lower, int l)
{
    for (int p = 0; p < 2; p++) {
        const uint64_t *v = p ? f : k;
        for (int s = 0; s < segs; s++) {
            size_t i = c->plane[lower + p] + (size_t)s * (size_t)lines + (size_t)l;
            uint64_t bit = 1ull << (i & 63);
            c->bits[i >> 6] = v[s] & cur[s] ? c->bits[i >> 6] | bit : c->bits[i >> 6] & ~bit;
            c->open += cur[s] != 0;
            c->busy += (v[s] & cur[s]) != 0;
        }
    }
}

static void derive_row(JpsCoarse *c, const BitRows *rows, int r)
{
    uint64_t *f = c->line + 3 * ((size_t)c->col_segs + 1), *k = f + c->row_segs;
    jps_turns_words(bitrows_row(rows, r - 1), bitrows_row(rows, r), bitrows_row(rows, r + 1), c->row_segs, f, k);
    coarsen(c, bitrows_row(rows, r), f, k, c->row_segs, c->nrows, 0, r);
}

static void derive_col(JpsCoarse *c, const BitRows *cols, BitTiles *tiles, int r)
{
    int segs = c->col_segs;
    uint64_t *three = c->line, *f = three + 3 * ((size_t)segs + 1), *k = f + segs;
    const uint64_t *up, *cur, *dn;
    if (cols->bits) {
        up = bitrows_row(cols, r - 1);
        cur = bitrows_row(cols, r);
        dn = bitrows_row(cols, r + 1);
    } else {
        for (int d = 0; d < 3; d++) {
            uint64_t *to = three + (size_t)d * ((size_t)segs + 1);
            for (int w = 0; w < segs; w++)
                to[w] = bitrows_tiles_word(tiles, r - 1 + d, w);
            to[segs] = 0;
        }
        up = three;
        cur = three + segs + 1;
        dn = three + 2 * (segs + 1);
    }
    jps_turns_words(up, cur, dn, segs, f, k);
    coarsen(c, cur, f, k, segs, c->ncols, 2, r);
}

/* Line i's flag (rows, then columns): true, and now set, where it was
 * stale. */
static bool take_stale(JpsCoarse *c, size_t i)
{
    uint64_t bit = 1ull << (i & 63);
    if (c->ok[i >> 6] & bit)
        return false;
    c->ok[i >> 6] |= bit;
    return true;
}

void jps_coarse_fresh(JpsCoarse *c, const BitRows *rows, const BitRows *cols, BitTiles *tiles)
{
    if (!c->stale)
        return;
    /* The padded lines' inner ones: a search reads only those (a passable
     * cell's). */
    for (int r = 1; r < c->nrows - 1; r++)
        if (take_stale(c, (size_t)r))
            derive_row(c, rows, r);
    for (int r = 1; r < c->ncols - 1; r++)
        if (take_stale(c, (size_t)c->nrows + (size_t)r))
            derive_col(c, cols, tiles, r);
    c->stale = false;
}
