/* jps_turns.h (search floor): online JPS's turn bits, the straight scans of its
 * diagonal jumps answered by a bit each.
 *
 * A diagonal jump (jps_sweep.h) stops at the first cell from which a straight
 * scan along either of its two components finds a jump point; on open maps
 * most of online JPS's time is those two scans at every diagonal step. Turn
 * bits hold each scan's verdict: for every cell and each of the four
 * straight directions, does the scan from it (the cells after it, up to the
 * first blocked one) meet a jump point before a blocked cell (the goal
 * aside: the caller scans the goal's row and column as before). They are
 * kept per line in the layout of the line's bit rows (bitrows.h): the row
 * scans' bits as the rows, the column scans' as the transposed rows, one
 * plane per direction along the line, so four bits a cell. An expansion's
 * straight successors read them too (jps_turns_straight): a scan whose bit
 * is 0 would end at a blocked cell, so it is not run, and only the scans
 * that find a jump point are (they say where).
 *
 * Lines are derived lazily: a changed cell marks the three rows and the
 * three columns through it stale (jps_turns_changed, O(1)); a search that
 * reads a stale line derives it first from the bit rows as they are
 * then (jps_turns_line, one pass over the line), so an update costs its
 * cells and a query derives only the lines its searches read. The answer
 * is the scans' answer bit for bit: the search, and so its path, is the
 * same. Owns its planes and stale marks; the bit rows are borrowed. */
#ifndef GPPC_SEARCH_JPS_TURNS_H
#define GPPC_SEARCH_JPS_TURNS_H

#include "bitrows.h"

typedef struct JpsTurns {
    uint64_t *row_bits[2]; /* the row scans': [0] towards lower columns, [1] higher; row_words a row */
    uint64_t *col_bits[2]; /* the column scans': [0] upwards (lower rows), [1] downwards; col_words a column */
    uint8_t *row_ok;       /* per padded row: its bits hold for the map as it is */
    uint8_t *col_ok;       /* per padded column */
    int row_words, col_words, nrows, ncols;
    int stale;       /* inner lines (those a search reads) not fresh: 0, a diagonal step's lines need no test */
    uint64_t *block; /* the one allocation behind all of it; NULL: no turn bits */
} JpsTurns;

/* Turn bits for a map whose rows and transposed rows are these (same map),
 * every line stale. False + message when memory ran out (nothing held). */
bool jps_turns_init(JpsTurns *t, const BitRows *rows, const BitRows *cols, Err *err);
void jps_turns_free(JpsTurns *t);
size_t jps_turns_bytes(const JpsTurns *t);
/* What jps_turns_init would take for these rows and columns, in bytes. */
size_t jps_turns_bytes_for(const BitRows *rows, const BitRows *cols);
/* Padded cell (px, py) changed: the lines whose scans read it go stale. */
static inline void jps_turns_changed(JpsTurns *t, int px, int py)
{
    for (int k = -1; k <= 1; k++) { /* the padded border's lines are never fresh, never counted */
        t->stale += t->row_ok[py + k] + t->col_ok[px + k];
        t->row_ok[py + k] = t->col_ok[px + k] = 0;
    }
}
/* Derives line r of `b` (a padded row of the rows, or of the transposed
 * rows: r inside the map) into the planes fwd (scans to higher columns) and
 * back, `words` a line (those of b's cells), and marks it fresh in ok. */
void jps_turns_line(const BitRows *b, uint64_t *fwd, uint64_t *back, int words, uint8_t *ok, int r);
/* The same pass over one line given as its three rows' words (the line,
 * the one before and the one after, each `words` words followed by a zero
 * word): its bits towards higher cells into f, towards lower into k
 * (`words` each). Every cell's bit, blocked cells' too (a blocked cell's
 * is never read by a scan, which starts at a passable one). */
void jps_turns_words(const uint64_t *up, const uint64_t *cur, const uint64_t *dn, int words, uint64_t *f, uint64_t *k);

/* Line r of the rows' (row) or transposed rows' (column) planes holds for
 * the map as it is: derived first where it is stale. */
static inline void jps_turns_fresh_row(JpsTurns *t, const BitRows *rows, int r)
{
    if (__builtin_expect(!t->row_ok[r], 0)) {
        jps_turns_line(rows, t->row_bits[1], t->row_bits[0], t->row_words, t->row_ok, r);
        t->stale--;
    }
}
static inline void jps_turns_fresh_col(JpsTurns *t, const BitRows *cols, int c)
{
    if (__builtin_expect(!t->col_ok[c], 0)) {
        jps_turns_line(cols, t->col_bits[1], t->col_bits[0], t->col_words, t->col_ok, c);
        t->stale--;
    }
}
/* Every stale line derived now: a prepare that wants no query to pay for
 * the first reads of the lines (entries/mm/mm_entry.c). */
void jps_turns_all_fresh(JpsTurns *t, const BitRows *rows, const BitRows *cols);
/* Does the straight scan from padded (px, py) along (dx, dy), one of them
 * 0, find a jump point (the goal aside)? An expansion's straight
 * successors ask it before they scan: a scan that would end at a blocked
 * cell is not run. */
static inline bool jps_turns_straight(JpsTurns *t, const BitRows *rows, const BitRows *cols, int px, int py, int dx,
                                      int dy)
{
    if (dx) {
        jps_turns_fresh_row(t, rows, py);
        return t->row_bits[dx > 0][(size_t)py * (size_t)t->row_words + (size_t)(px >> 6)] >> (px & 63) & 1;
    }
    jps_turns_fresh_col(t, cols, px);
    return t->col_bits[dy > 0][(size_t)px * (size_t)t->col_words + (size_t)(py >> 6)] >> (py & 63) & 1;
}

/* Does the row scan from padded (px, py) in direction dx (the rows) find a
 * jump point, and does the column scan in dy (the transposed rows)?
 * Either, as a diagonal step asks it, where no line is stale (t->stale 0):
 * no freshness tests. */
static inline bool jps_turns_either_fresh(const JpsTurns *t, int px, int py, int dx, int dy)
{
    uint64_t h = t->row_bits[dx > 0][(size_t)py * (size_t)t->row_words + (size_t)(px >> 6)] >> (px & 63);
    uint64_t v = t->col_bits[dy > 0][(size_t)px * (size_t)t->col_words + (size_t)(py >> 6)] >> (py & 63);
    return (h | v) & 1;
}

/* The same, the two lines derived first where they are stale. */
static inline bool jps_turns_either(JpsTurns *t, const BitRows *rows, const BitRows *cols, int px, int py, int dx,
                                    int dy)
{
    jps_turns_fresh_row(t, rows, py);
    jps_turns_fresh_col(t, cols, px);
    return jps_turns_either_fresh(t, px, py, dx, dy);
}

/* How many of the next n diagonal steps from padded (c, r) along (dx, dy)
 * (each 1 or -1, constants where inlined) are legal and quiet: the cell
 * each enters has neither turn bit (row scan along dx, column scan along
 * dy) set, i.e. it is no diagonal jump point unless it is on the goal's
 * row or column, which the caller keeps out of n. *end says what ended
 * them (bitrows.h): DIAG_RUN_BLOCKED, DIAG_RUN_STOP (the next step enters
 * a cell with a turn bit: a jump point) or DIAG_RUN_LIMIT. Only with no line stale
 * (t->stale 0: a step would otherwise derive its lines first). The steps'
 * verdicts are jps_turns_either's and bitrows_diag_step's, read as
 * bitrows_diag_run reads rows: a window of 64 bits from one byte of each
 * row, the same byte for up to 56 steps; the grid's rows and the row
 * scans' plane by the column, the column scans' plane (transposed) by the
 * row. Each plane's window reads at most 7 bytes past the line, within
 * the block (its last line is the padded border, never entered). */
static SEARCH_INLINE int jps_turns_quiet_run(const JpsTurns *t, const BitRows *rows, int c, int r, int dx, int dy,
                                             int n, int *end)
{
    const ptrdiff_t grow = (ptrdiff_t)rows->words * 8, hrow = (ptrdiff_t)t->row_words * 8;
    const ptrdiff_t vrow = (ptrdiff_t)t->col_words * 8;
    for (int done = 0; done < n;) {
        int x = c + dx * done, y = r + dy * done, chunk = n - done < 56 ? n - done : 56;
        int xb = dx > 0 ? x >> 3 : x < 56 ? 0 : (x - 56) >> 3, yb = dy > 0 ? y >> 3 : y < 56 ? 0 : (y - 56) >> 3;
        const unsigned char *g = (const unsigned char *)rows->bits + (ptrdiff_t)y * grow + xb;
        const unsigned char *h = (const unsigned char *)t->row_bits[dx > 0] + (ptrdiff_t)y * hrow + xb;
        const unsigned char *v = (const unsigned char *)t->col_bits[dy > 0] + (ptrdiff_t)x * vrow + yb;
        uint64_t m = 1ull << (x - 8 * xb), mv = 1ull << (y - 8 * yb), w = bitrows_bits_from(g);
        uint64_t shifted = dx > 0 ? w >> 1 : w << 1;
        for (int i = 0; i < chunk; i++) {
            g += dy * grow;
            h += dy * hrow;
            v += dx * vrow;
            w = bitrows_bits_from(g);
            uint64_t next_shifted = dx > 0 ? w >> 1 : w << 1;
            if (!(w & next_shifted & shifted & m)) {
                *end = DIAG_RUN_BLOCKED;
                return done + i;
            }
            uint64_t hb = bitrows_bits_from(h), vb = bitrows_bits_from(v);
            if (((dx > 0 ? hb >> 1 : hb << 1) & m) | ((dy > 0 ? vb >> 1 : vb << 1) & mv)) {
                *end = DIAG_RUN_STOP;
                return done + i;
            }
            shifted = next_shifted;
            m = dx > 0 ? m << 1 : m >> 1;
            mv = dy > 0 ? mv << 1 : mv >> 1;
        }
        done += chunk;
    }
    *end = DIAG_RUN_LIMIT;
    return n;
}

#endif
