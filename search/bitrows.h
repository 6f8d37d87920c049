/* bitrows.h (search floor): a grid as bit-packed rows (1 = passable), with a blocked border,
 * for jump point scans 64 cells at a time (after the block-based jumps of
 * Harabor & Grastien, "Improving Jump Point Search", ICAPS 2014).
 * Row r, bit c stands for cell (c - 1, r - 1); rows -1 and H and columns -1
 * and W are blocked, and a scan may read one word past its row's end: a
 * copy (bitrows_init) and a packed grid (grid.h) alike have that word as
 * the next row's first, whose bit 0 is the blocked column -1, and one zero
 * word after the last row, so a row costs no word of its own for it. The
 * transposed copy (columns as rows) serves the
 * north/south scans with the same code. Owns `bits`, unless it is a view of
 * a packed grid (bitrows_view: the same layout, grid/grid.h), which then
 * stays the grid's. */
#ifndef GPPC_JPS_BITROWS_H
#define GPPC_JPS_BITROWS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../grid/grid.h"

/* The search floor's forced inlining (the scans, the sweeps, the expansion's
 * copies per direction and form, jps.c), which the plain build's speed
 * needs. The sanitized build, a test build, leaves inlining to -Og: its
 * tests check the same code, and the forced copies, instrumented, cost it
 * most of its compile time. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer) /* clang does not define __SANITIZE_ADDRESS__ */
#define SEARCH_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(SEARCH_SANITIZED)
#define SEARCH_INLINE inline
#else
#define SEARCH_INLINE inline __attribute__((always_inline))
#endif

typedef struct BitRows {
    int rows, cols; /* padded: H + 2, W + 2 (transposed: swapped) */
    int words;      /* per row */
    uint64_t *bits;
    bool borrowed; /* bits are a packed grid's (bitrows_view) */
} BitRows;

bool bitrows_init(BitRows *b, const Grid *g, bool transposed, Err *err);
/* The rows of packed grid g (g->bits) themselves, not a copy: they change
 * as g's cells do, and live as long as g. */
void bitrows_view(BitRows *b, const Grid *g);
void bitrows_free(BitRows *b);
static inline const uint64_t *bitrows_row(const BitRows *b, int r) { return b->bits + (size_t)r * b->words; }
static inline bool bitrows_get(const BitRows *b, int r, int c) { return bitrows_row(b, r)[c >> 6] >> (c & 63) & 1; }
/* Sets cell (x, y) of the map (padded row/column handled here), in the
 * orientation this copy was built with. */
static inline void bitrows_set_cell(BitRows *b, bool transposed, int x, int y, bool passable)
{
    int r = transposed ? x + 1 : y + 1, c = transposed ? y + 1 : x + 1;
    uint64_t *w = b->bits + (size_t)r * b->words + (c >> 6), bit = 1ull << (c & 63);
    *w = passable ? *w | bit : *w & ~bit;
}

/* Scans row r from column c + 1 upwards (dir > 0) or c - 1 downwards (dir < 0)
 * for the first jump point: a cell with a forced neighbour (the row above or
 * below turns from blocked to passable beside it, seen in the direction of
 * travel). Returns its column, `goal_c` when the goal (in this row; -1 if
 * none) comes first, or -1 when a blocked cell ends the scan. */
int bitrows_jump(const BitRows *b, int r, int c, int dir, int goal_c);
/* The same, inlined where `dir` is a constant: online JPS's diagonal jumps
 * scan two lines a step, and most scans end in their first word, where a
 * call and the tests of the other direction cost as much as the scan. */
static SEARCH_INLINE int bitrows_jump_in(const BitRows *b, int r, int c, int dir, int goal_c)
{
    const uint64_t *cur = bitrows_row(b, r), *up = cur - b->words, *dn = cur + b->words;
    int stop;
    uint64_t word;
    if (dir > 0) {
        int at = c + 1, wi = at >> 6;
        uint64_t mask = ~0ull << (at & 63);
        for (;; wi++, mask = ~0ull) {
            /* Bit k of the shifted words is the neighbour row's cell k - 1. */
            uint64_t up_prev = up[wi] << 1 | (wi ? up[wi - 1] >> 63 : 0);
            uint64_t dn_prev = dn[wi] << 1 | (wi ? dn[wi - 1] >> 63 : 0);
            word = cur[wi];
            uint64_t s = (~word | (up[wi] & ~up_prev) | (dn[wi] & ~dn_prev)) & mask;
            if (s) {
                stop = wi * 64 + __builtin_ctzll(s);
                break;
            }
        }
        bool blocked = !(word >> (stop & 63) & 1);
        if (goal_c > c && (goal_c < stop || (goal_c == stop && !blocked)))
            return goal_c;
        return blocked ? -1 : stop;
    }
    int at = c - 1, wi = at >> 6;
    uint64_t mask = ~0ull >> (63 - (at & 63));
    for (;; wi--, mask = ~0ull) {
        /* Bit k of the shifted words is the neighbour row's cell k + 1. */
        uint64_t up_next = up[wi] >> 1 | up[wi + 1] << 63;
        uint64_t dn_next = dn[wi] >> 1 | dn[wi + 1] << 63;
        word = cur[wi];
        uint64_t s = (~word | (up[wi] & ~up_next) | (dn[wi] & ~dn_next)) & mask;
        if (s) {
            stop = wi * 64 + 63 - __builtin_clzll(s);
            break;
        }
    }
    bool blocked = !(word >> (stop & 63) & 1);
    if (goal_c >= 0 && goal_c < c && (goal_c > stop || (goal_c == stop && !blocked)))
        return goal_c;
    return blocked ? -1 : stop;
}

/* The word of padded cell (px, py) of a packed grid's bits (stride: its
 * padded row in cells, a multiple of 64); its bit is px & 63. */
static inline const uint64_t *bitrows_cell_word(const uint64_t *bits, int stride, int px, int py)
{
    return bits + (((size_t)py * (size_t)stride + (size_t)px) >> 6);
}
/* One diagonal step on bit rows (a packed grid's) from the cell at word *w,
 * bit *b, along dx (1 or -1, a constant where inlined) and the row
 * `row_step` words on: false where it is not legal (it would enter a
 * blocked cell or cut a corner), else *w and *b are the next cell's. Its
 * three cells are in this row's word and the next row's (three words
 * where it crosses into the word beside). */
static SEARCH_INLINE bool bitrows_diag_step(const uint64_t **w, int *b, ptrdiff_t row_step, int dx)
{
    const uint64_t *nw = *w + row_step;
    uint64_t next = *nw, legal; /* bit 0 */
    int nb = *b + dx;
    if (__builtin_expect((unsigned)nb < 64, 1)) {
        legal = **w >> nb & next >> *b & next >> nb;
    } else { /* column px + dx is in the word beside */
        nb &= 63;
        legal = (*w)[dx] >> nb & next >> *b & nw[dx] >> nb;
        nw += dx;
    }
    *w = nw;
    *b = nb;
    return legal & 1;
}
/* The 64 bits from byte `at` of a row on (a load that need not be
 * aligned): a window that holds a few cells around a column wherever it
 * falls in its word. */
static inline uint64_t bitrows_bits_from(const unsigned char *at)
{
    uint64_t v;
    memcpy(&v, at, sizeof v);
    return v;
}
/* How many of the n diagonal steps from (c, r) along (dx, dy) (each 1 or
 * -1, constants where inlined) are legal before the first that is not
 * (n where all are): bitrows_diag_step's verdicts, for a run of steps
 * that test nothing else. Step k needs cell c + dx (k + 1) of row
 * r + dy k and cells c + dx k, c + dx (k + 1) of the next row, so a row
 * of the run needs the three cells about the diagonal's (its first only
 * the one ahead, its last the one behind): each row is read as a window
 * from one byte of it, the same byte for up to 56 steps, and four rows'
 * windows, each shifted onto the first's cells, are ANDed and tested at
 * once; the first row found short says which step it ends (its cells
 * behind: the step into it; else the step out of it). Rows past the
 * blocked ring are never read (no step enters the ring); a window stays
 * within its row and the word past it (bitrows.h; towards lower columns
 * from byte 0 at the least: the ring's column ends the run before any
 * cell it needs falls below bit 0). */
static SEARCH_INLINE int bitrows_diag_run(const BitRows *b, int c, int r, int dx, int dy, int n)
{
    const ptrdiff_t row_bytes = (ptrdiff_t)b->words * (ptrdiff_t)sizeof(uint64_t), step = dy * row_bytes;
    int ring = dy > 0 ? b->rows - 1 - r : r;
    n = n < ring ? n : ring;
    const unsigned char *row0 = (const unsigned char *)b->bits + (ptrdiff_t)r * row_bytes;
/* m moved k cells along dx (k < 0: against it) */
#define DIAG_SH(m, k) ((k) >= 0 ? (dx > 0 ? (m) << (k) : (m) >> (k)) : (dx > 0 ? (m) >> -(k) : (m) << -(k)))
    for (int done = 0; done < n;) {
        int x = c + dx * done, chunk = n - done < 56 ? n - done : 56;
        int byte = dx > 0 ? x >> 3 : x < 56 ? 0 : (x - 56) >> 3, o = x - 8 * byte;
        const unsigned char *at = row0 + (ptrdiff_t)done * step + byte;
        /* The chunk's first row: cell x (the run's, passable) and the one ahead. */
        uint64_t m = dx > 0 ? 3ull << o : 3ull << (o - 1);
        if (~bitrows_bits_from(at) & m)
            return done;
        m |= DIAG_SH(m, 1); /* row j's: cells x + dx j - 1 .. x + dx j + 1 */
        int groups = (chunk - 1) >> 2, g = groups;
        for (; g; g--, m = DIAG_SH(m, 4)) {
            uint64_t all = bitrows_bits_from(at + step) & DIAG_SH(bitrows_bits_from(at + 2 * step), -1) &
                           DIAG_SH(bitrows_bits_from(at + 3 * step), -2) &
                           DIAG_SH(bitrows_bits_from(at + 4 * step), -3);
            if (~all & m)
                break;
            at += 4 * step;
        }
        /* The rest, and the group found short, a row at a time. */
        for (int j = 1 + 4 * (groups - g); j < chunk; j++, m = DIAG_SH(m, 1)) {
            at += step;
            uint64_t short_of = ~bitrows_bits_from(at) & m, behind = m & DIAG_SH(m, -1);
            if (short_of)
                return done + j - ((short_of & behind) != 0);
        }
        at += step; /* the chunk's last row: the cell behind and its own */
        if (~bitrows_bits_from(at) & m & DIAG_SH(m, -1))
            return done + chunk - 1;
        done += chunk;
    }
#undef DIAG_SH
    return n;
}
/* What ended a run of diagonal steps (bitrows_tiles.h bitrows_scan_run, jps_turns.h
 * jps_turns_quiet_run): the next step is not legal, it enters a jump point,
 * the run took the n steps it was given, or (bitrows_scan_run) a scan from
 * the next step's cell does not end inside the windows read. */
enum { DIAG_RUN_BLOCKED, DIAG_RUN_STOP, DIAG_RUN_LIMIT, DIAG_RUN_UNKNOWN };
/* bitrows_jump along column c from row r (dir 1 or -1), read from the
 * rows themselves, not a transposed copy: a row a step, three cells
 * c - 1 .. c + 1 of it. Returns the row of the first jump point (the
 * column beside turns from blocked to passable, seen in the direction of
 * travel), `goal_r` when the goal (in this column; -1 if none) comes
 * first, or -1 when a blocked cell ends the scan: bitrows_jump's answer on
 * the transposed rows. For scans too few and scattered for a cache of
 * transposed tiles, whose fills would cost more than the scans read. */
int bitrows_col_jump(const BitRows *b, int c, int r, int dir, int goal_r);

#endif
