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
    t->row_ok[py - 1] = t->row_ok[py] = t->row_ok[py + 1] = 0;
    t->col_ok[px - 1] = t->col_ok[px] = t->col_ok[px + 1] = 0;
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
    if (__builtin_expect(!t->row_ok[r], 0))
        jps_turns_line(rows, t->row_bits[1], t->row_bits[0], t->row_words, t->row_ok, r);
}
static inline void jps_turns_fresh_col(JpsTurns *t, const BitRows *cols, int c)
{
    if (__builtin_expect(!t->col_ok[c], 0))
        jps_turns_line(cols, t->col_bits[1], t->col_bits[0], t->col_words, t->col_ok, c);
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
 * Either, as a diagonal step asks it. */
static inline bool jps_turns_either(JpsTurns *t, const BitRows *rows, const BitRows *cols, int px, int py, int dx,
                                    int dy)
{
    jps_turns_fresh_row(t, rows, py);
    jps_turns_fresh_col(t, cols, px);
    uint64_t h = t->row_bits[dx > 0][(size_t)py * (size_t)t->row_words + (size_t)(px >> 6)] >> (px & 63);
    uint64_t v = t->col_bits[dy > 0][(size_t)px * (size_t)t->col_words + (size_t)(py >> 6)] >> (py & 63);
    return (h | v) & 1;
}

#endif
