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
 * kept per line, one plane per direction along the line, so four bits a
 * cell: the row scans' bits by the rows, the column scans' by the
 * transposed rows, each line only from its first passable cell's byte to
 * its last's (a scan starts at a passable cell, so no other bit is read),
 * the line's bytes where its offset says (Line offsets, 16 bits a line:
 * on the maps that are mostly wall a line holds a small part of its
 * cells, and the turn bits a small part of the dense planes). An
 * expansion's straight successors read them too (jps_turns_straight): a
 * scan whose bit is 0 would end at a blocked cell, so it is not run, and
 * only the scans that find a jump point are (they say where).
 *
 * Lines are derived lazily: a changed cell marks the three rows and the
 * three columns through it stale (jps_turns_changed, O(1) but for a cell
 * opened at a line's end); a search that reads a stale line derives it
 * first from the bit rows as they are then (jps_turns_line, one pass over
 * the line's words), so an update costs its cells and a query derives
 * only the lines its searches read. A cell opened outside its lines'
 * bytes has no bits to hold it: the layout is made again from the map as
 * it is (jps_turns_follow, every line stale), one pass over the map's
 * words. The answer is the scans' answer bit for bit: the search, and so
 * its path, is the same. Owns its planes and offsets; the bit rows are
 * borrowed. */
#ifndef GPPC_SEARCH_JPS_TURNS_H
#define GPPC_SEARCH_JPS_TURNS_H

#include "bitrows.h"

/* A line's offset: its byte b (of the bit row's bytes) is the plane's
 * byte offset + b. The top bit marks it stale. */
#define JPS_TURNS_STALE 0x8000u

typedef struct JpsTurns {
    uint8_t *row_bits[2]; /* the row scans': [0] towards lower columns, [1] higher */
    uint8_t *col_bits[2]; /* the column scans': [0] upwards (lower rows), [1] downwards */
    uint16_t *row_at;     /* per padded row: its offset in the rows' planes, JPS_TURNS_STALE where stale */
    uint16_t *col_at;     /* per padded column, in the columns' planes */
    uint64_t *scratch;    /* a line's two planes as words while it is derived (jps_turns_line) */
    int row_words, col_words, nrows, ncols;
    int stale;       /* inner lines (those a search reads) not fresh: 0, a diagonal step's lines need no test */
    bool outside;    /* a cell opened outside its lines' bytes: jps_turns_follow makes the layout again */
    size_t bytes;    /* the block's */
    uint64_t *block; /* the one allocation behind all of it; NULL: no turn bits */
} JpsTurns;

/* Turn bits for a map whose rows and transposed rows are these (same map),
 * every line stale. False + message when memory ran out (nothing held);
 * true with nothing held (block NULL) where the layout cannot hold the
 * map (jps_turns_bytes_for SIZE_MAX). */
bool jps_turns_init(JpsTurns *t, const BitRows *rows, const BitRows *cols, Err *err);
void jps_turns_free(JpsTurns *t);
size_t jps_turns_bytes(const JpsTurns *t);
/* What jps_turns_init would take for these rows and columns, in bytes:
 * SIZE_MAX where a plane would pass what 15 bits of offset reach. */
size_t jps_turns_bytes_for(const BitRows *rows, const BitRows *cols);
/* Is padded (px, py) (passable now) inside its row's and its column's bytes? */
bool jps_turns_covers(const BitRows *rows, const BitRows *cols, int px, int py);
static inline void jps_turns_stale(uint16_t *at, int l, int *stale)
{
    *stale += !(at[l] & JPS_TURNS_STALE);
    at[l] |= JPS_TURNS_STALE;
}
/* Padded cell (px, py) changed (`opened`: passable now): the lines whose
 * scans read it go stale; opened outside its lines' bytes, the layout is
 * outside (jps_turns_follow before the next read). The bit rows may say
 * either how the cell is or how it was. */
static inline void jps_turns_changed(JpsTurns *t, const BitRows *rows, const BitRows *cols, int px, int py, bool opened)
{
    for (int k = -1; k <= 1; k++) { /* the padded border's lines are never fresh, never counted */
        jps_turns_stale(t->row_at, py + k, &t->stale);
        jps_turns_stale(t->col_at, px + k, &t->stale);
    }
    if (!t->outside && opened)
        t->outside = !jps_turns_covers(rows, cols, px, py);
}
/* After a batch of changes, the bit rows saying how the cells are: the
 * layout made again where a cell opened outside it. False + message when
 * memory ran out (none held then). */
bool jps_turns_follow(JpsTurns *t, const BitRows *rows, const BitRows *cols, Err *err);
/* Derives line l of `b` (a padded row of the rows, or of the transposed
 * rows: l inside the map) into the planes fwd (scans to higher columns) and
 * back at its offset in `at`, through `scratch` (two of b's lines in
 * words), and marks it fresh. */
void jps_turns_line(const BitRows *b, uint8_t *fwd, uint8_t *back, uint16_t *at, uint64_t *scratch, int l);
/* The same pass over words lo .. hi of one line given as its three rows'
 * words (the line, the one before and the one after, each followed by a
 * zero word; every cell before word lo and after word hi of the line
 * blocked): its bits towards higher cells into f, towards lower into k
 * (word w at w - lo). Every cell's bit, blocked cells' too (a blocked
 * cell's is never read by a scan, which starts at a passable one). */
void jps_turns_words(const uint64_t *up, const uint64_t *cur, const uint64_t *dn, int lo, int hi, uint64_t *f,
                     uint64_t *k);

/* Line r of the rows' (row) or transposed rows' (column) planes holds for
 * the map as it is: derived first where it is stale. */
static inline void jps_turns_fresh_row(JpsTurns *t, const BitRows *rows, int r)
{
    if (__builtin_expect(t->row_at[r] >> 15, 0)) {
        jps_turns_line(rows, t->row_bits[1], t->row_bits[0], t->row_at, t->scratch, r);
        t->stale--;
    }
}
static inline void jps_turns_fresh_col(JpsTurns *t, const BitRows *cols, int c)
{
    if (__builtin_expect(t->col_at[c] >> 15, 0)) {
        jps_turns_line(cols, t->col_bits[1], t->col_bits[0], t->col_at, t->scratch, c);
        t->stale--;
    }
}
/* Every stale line derived now: a prepare that wants no query to pay for
 * the first reads of the lines (entries/mm/mm_entry.c). */
void jps_turns_all_fresh(JpsTurns *t, const BitRows *rows, const BitRows *cols);
/* Bit p of line l in plane `bits` whose offsets are `at` (fresh). */
static inline unsigned jps_turns_bit(const uint8_t *bits, const uint16_t *at, int l, int p)
{
    return (unsigned)bits[at[l] + (p >> 3)] >> (p & 7) & 1u;
}
/* Does the straight scan from padded (px, py) along (dx, dy), one of them
 * 0, find a jump point (the goal aside)? An expansion's straight
 * successors ask it before they scan: a scan that would end at a blocked
 * cell is not run. */
static inline bool jps_turns_straight(JpsTurns *t, const BitRows *rows, const BitRows *cols, int px, int py, int dx,
                                      int dy)
{
    if (dx) {
        jps_turns_fresh_row(t, rows, py);
        return jps_turns_bit(t->row_bits[dx > 0], t->row_at, py, px);
    }
    jps_turns_fresh_col(t, cols, px);
    return jps_turns_bit(t->col_bits[dy > 0], t->col_at, px, py);
}

/* Does the row scan from padded (px, py) in direction dx (the rows) find a
 * jump point, and does the column scan in dy (the transposed rows)?
 * Either, as a diagonal step asks it, where no line is stale (t->stale 0):
 * no freshness tests. */
static inline bool jps_turns_either_fresh(const JpsTurns *t, int px, int py, int dx, int dy)
{
    return jps_turns_bit(t->row_bits[dx > 0], t->row_at, py, px) |
           jps_turns_bit(t->col_bits[dy > 0], t->col_at, px, py);
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
 * line, the same byte for up to 56 steps; the grid's rows and the row
 * scans' plane by the column, the column scans' plane (transposed) by the
 * row, each line's at its offset. A window's bits outside its line's
 * bytes are another line's: a step reads them only once the cell it
 * enters is known passable, so inside both its lines. Each window reads
 * at most 7 bytes either side of a line's bytes, within the block. */
static SEARCH_INLINE int jps_turns_quiet_run(const JpsTurns *t, const BitRows *rows, int c, int r, int dx, int dy,
                                             int n, int *end)
{
    const ptrdiff_t grow = (ptrdiff_t)rows->words * 8;
    const uint8_t *hp = t->row_bits[dx > 0], *vp = t->col_bits[dy > 0];
    for (int done = 0; done < n;) {
        int x = c + dx * done, y = r + dy * done, chunk = n - done < 56 ? n - done : 56;
        int xb = dx > 0 ? x >> 3 : x < 56 ? 0 : (x - 56) >> 3, yb = dy > 0 ? y >> 3 : y < 56 ? 0 : (y - 56) >> 3;
        const unsigned char *g = (const unsigned char *)rows->bits + (ptrdiff_t)y * grow + xb;
        const uint16_t *ha = t->row_at + y, *va = t->col_at + x; /* the lines' offsets */
        uint64_t m = 1ull << (x - 8 * xb), mv = 1ull << (y - 8 * yb), w = bitrows_bits_from(g);
        uint64_t shifted = dx > 0 ? w >> 1 : w << 1;
        for (int i = 0; i < chunk; i++) {
            g += dy * grow;
            ha += dy;
            va += dx;
            w = bitrows_bits_from(g);
            uint64_t next_shifted = dx > 0 ? w >> 1 : w << 1;
            if (!(w & next_shifted & shifted & m)) {
                *end = DIAG_RUN_BLOCKED;
                return done + i;
            }
            uint64_t hb = bitrows_bits_from(hp + *ha + xb), vb = bitrows_bits_from(vp + *va + yb);
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
