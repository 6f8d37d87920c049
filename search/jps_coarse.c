#include "jps_coarse.h"

#include <stdlib.h>
#include <string.h>

#include "jps_turns.h"

/* The words a line of cells takes. */
static int words_of(int cells) { return (cells + 63) >> 6; }

/* The words of the struct, rounded up: the words after it are its own. */
#define HEAD_WORDS ((sizeof(JpsCoarse) + sizeof(uint64_t) - 1) / sizeof(uint64_t))

/* Bits 64 t - sh .. 64 t - sh + 63 of a line's `words` words a: segment t
 * of a plane whose shift is sh. */
static uint64_t window(const uint64_t *a, int words, int t, int sh)
{
    uint64_t v = t < words ? a[t] << sh : 0;
    return sh && t > 0 && t <= words ? v | a[t - 1] >> (64 - sh) : v;
}

/* The scratch a line's derivation fills: a column's three transposed rows
 * (a zero word after each), then its two verdicts (towards higher cells,
 * towards lower). */
static size_t scratch_words(int row_words, int col_words)
{
    return 3 * ((size_t)col_words + 1) + 2 * (size_t)(row_words > col_words ? row_words : col_words);
}

/* Line l's verdicts (rows: l a padded row; columns: a padded column) into
 * line + its three rows' words: *cur its cells, *f towards higher cells,
 * *k towards lower, `words` each. Columns come from `cols` where they are
 * whole, else from `tiles`. */
static void line_bits(uint64_t *line, int row_words, int col_words, const BitRows *b, BitTiles *tiles, bool col, int l,
                      const uint64_t **cur, uint64_t **f, uint64_t **k)
{
    int words = col ? col_words : row_words;
    uint64_t *three = line;
    const uint64_t *up, *dn;
    *f = three + 3 * ((size_t)col_words + 1);
    *k = *f + words;
    if (b->bits) {
        up = bitrows_row(b, l - 1);
        *cur = bitrows_row(b, l);
        dn = bitrows_row(b, l + 1);
    } else { /* tiled columns */
        for (int d = 0; d < 3; d++) {
            uint64_t *to = three + (size_t)d * ((size_t)words + 1);
            for (int w = 0; w < words; w++)
                to[w] = bitrows_tiles_word(tiles, l - 1 + d, w);
            to[words] = 0;
        }
        up = three;
        *cur = three + words + 1;
        dn = three + 2 * (words + 1);
    }
    jps_turns_words(up, *cur, dn, 0, words - 1, *f, *k);
}

/* Each plane's shift: the one of 0 .. 63 (the least where several tie)
 * with the fewest segments set over the map's inner lines. A map whose
 * walls stand a segment apart (rooms of 64 cells: walls at every 64th
 * cell, the padding's ring one cell before them) otherwise has every
 * segment hold a room's last line or a door's cell beside the next
 * room's: a door sets the bits of the room it does not lead from. */
static void choose_shifts(int shift[4], uint64_t *line, int row_words, int col_words, const BitRows *rows,
                          const BitRows *cols, BitTiles *tiles)
{
    size_t set[4][64] = {{0}};
    for (int col = 0; col < 2; col++) {
        int lines = col ? rows->cols : rows->rows, words = col ? col_words : row_words;
        for (int l = 1; l < lines - 1; l++) {
            const uint64_t *cur;
            uint64_t *f, *k;
            line_bits(line, row_words, col_words, col ? cols : rows, tiles, col, l, &cur, &f, &k);
            for (int p = 0; p < 2; p++) {
                const uint64_t *v = p ? f : k;
                for (int sh = 0; sh < 64; sh++)
                    for (int t = 0; t <= words; t++)
                        set[2 * col + p][sh] += (window(v, words, t, sh) & window(cur, words, t, sh)) != 0;
            }
        }
    }
    for (int p = 0; p < 4; p++) {
        shift[p] = 0;
        for (int sh = 1; sh < 64; sh++)
            if (set[p][sh] < set[p][shift[p]])
                shift[p] = sh;
    }
}

JpsCoarse *jps_coarse_new(const BitRows *rows, const BitRows *cols, BitTiles *tiles, Err *err)
{
    int nrows = rows->rows, ncols = rows->cols;
    int row_words = words_of(ncols), col_words = words_of(nrows); /* a row's cells are the columns */
    uint64_t *scratch = malloc(scratch_words(row_words, col_words) * sizeof *scratch);
    if (!scratch) {
        err_set(err, "jps: out of memory for coarse turn bits");
        return NULL;
    }
    int shift[4], segs[4];
    choose_shifts(shift, scratch, row_words, col_words, rows, cols, tiles);
    free(scratch);
    size_t plane[4], at = 0;
    for (int p = 0; p < 4; p++) { /* the inner cells' segments (jps_coarse.h on the ring's) */
        int cells = p < 2 ? ncols : nrows, lines = p < 2 ? nrows : ncols;
        segs[p] = ((cells - 2 + shift[p]) >> 6) + 1;
        plane[p] = at;
        at += (size_t)segs[p] * (size_t)lines;
    }
    size_t plane_words = (at + 63) / 64;
    size_t flag_words = ((size_t)nrows + (size_t)ncols + 63) / 64;
    /* The planes with a zero word before and after (jps_coarse_word reads
     * a word either side of its bit), the flags, the scratch. */
    size_t words = HEAD_WORDS + 1 + plane_words + 1 + flag_words + scratch_words(row_words, col_words);
    uint64_t *block = calloc(words, sizeof *block);
    if (!block) {
        err_set(err, "jps: out of memory for coarse turn bits");
        return NULL;
    }
    JpsCoarse *c = (JpsCoarse *)block;
    c->bits = block + HEAD_WORDS + 1;
    memcpy(c->plane, plane, sizeof plane);
    memcpy(c->shift, shift, sizeof shift);
    memcpy(c->segs, segs, sizeof segs);
    c->ok = c->bits + plane_words + 1; /* calloc: every line stale */
    c->line = c->bits + plane_words + 1 + flag_words;
    c->words = words;
    c->nrows = nrows;
    c->ncols = ncols;
    c->row_words = row_words;
    c->col_words = col_words;
    c->stale = true;
    return c;
}

void jps_coarse_free(JpsCoarse *c) { free(c); }

size_t jps_coarse_bytes(const JpsCoarse *c) { return c ? c->words * sizeof(uint64_t) : 0; }

/* Line l's bits (towards higher cells f, lower k; `words` words each) at
 * its passable cells (`cur`: a scan starts at one) OR'd over its segments
 * of planes `lower` (towards lower cells) and lower + 1, of `lines` lines
 * each. */
static void coarsen(JpsCoarse *c, const uint64_t *cur, const uint64_t *f, const uint64_t *k, int words, int lines,
                    int lower, int l)
{
    for (int p = 0; p < 2; p++) {
        const uint64_t *v = p ? f : k;
        int sh = c->shift[lower + p];
        for (int s = 0; s < c->segs[lower + p]; s++) {
            size_t i = c->plane[lower + p] + (size_t)s * (size_t)lines + (size_t)l;
            uint64_t bit = 1ull << (i & 63), open = window(cur, words, s, sh), busy = window(v, words, s, sh) & open;
            c->bits[i >> 6] = busy ? c->bits[i >> 6] | bit : c->bits[i >> 6] & ~bit;
            c->open += open != 0;
            c->busy += busy != 0;
        }
    }
}

static void derive(JpsCoarse *c, const BitRows *b, BitTiles *tiles, bool col, int l)
{
    const uint64_t *cur;
    uint64_t *f, *k;
    line_bits(c->line, c->row_words, c->col_words, b, tiles, col, l, &cur, &f, &k);
    coarsen(c, cur, f, k, col ? c->col_words : c->row_words, col ? c->ncols : c->nrows, col ? 2 : 0, l);
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
            derive(c, rows, tiles, false, r);
    for (int r = 1; r < c->ncols - 1; r++)
        if (take_stale(c, (size_t)c->nrows + (size_t)r))
            derive(c, cols, tiles, true, r);
    c->stale = false;
}
