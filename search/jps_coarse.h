/* jps_coarse.h (search floor): online JPS's coarse turn bits: the turn bits
 * of jps_turns.h OR'd over segments of 64 cells (a word of the line's bit
 * row) of each line, a bit a segment and direction.
 *
 * A segment's bit is 0 when no straight scan from any of its passable
 * cells, along its line in that direction, meets a jump point before a
 * blocked cell (the goal aside: the caller scans the goal's row and column
 * as before). A diagonal step (jps_sweep.h) scans only the lines whose segment's
 * bit is 1, as without them, so the search and its path are the same. In
 * rooms a line's scans end at a wall but in the few rows and columns of
 * doors and walls, so most steps of a diagonal sweep meet 0s; and the bits
 * take a bit per 64 cells a direction, not the exact bits' half a byte a
 * cell, so a map whose budget has no room for those has room for these.
 *
 * Layout: four planes (rows towards lower columns, towards higher;
 * columns upwards, downwards), each segment-major: bit s * lines + l is
 * segment s of line l, so the rows a diagonal crosses within one segment
 * of columns are consecutive bits, and so are the columns within one
 * segment of rows: a read or two a plane give the bits of the next 64
 * positions of a diagonal (jps_coarse_win). Each plane's segments start where its shift puts
 * them (padded cell p of a line is in segment (p + shift) / 64), chosen
 * as the bits are made: the shift that sets the fewest bits, so that
 * segments fall between rooms' walls, not across them. A plane holds its
 * lines' inner cells' segments: a diagonal's window (jps_coarse_win)
 * may read the bits of a cell of the blocked ring, past its plane's last
 * segment, in the next plane or, past the last plane, in the zero word,
 * the flags and the scratch after it (a line's worth of bits and more);
 * no step enters such a cell, so what it read is never used.
 *
 * Lines are derived lazily, as the exact bits are: a changed cell marks
 * the three rows and the three columns through it stale
 * (jps_coarse_changed, O(1)), and jps_coarse_fresh derives the stale ones
 * (a search, as it begins) with jps_turns.c's own line pass, rows from the
 * bit rows, columns from the transposed rows (whole or tiles). Coordinates
 * are padded (bitrows.h). One allocation holds it all, the struct
 * included (bits, stale flags, the scratch a derivation fills:
 * jps_coarse_bytes), so that a JPS without them holds a pointer, no more;
 * the rows it derives from are the caller's, passed in. jps_coarse_new
 * makes it, jps_coarse_free frees it. */
#ifndef GPPC_SEARCH_JPS_COARSE_H
#define GPPC_SEARCH_JPS_COARSE_H

#include "bitrows.h"
#include "bitrows_tiles.h"

typedef struct JpsCoarse {
    uint64_t *bits;           /* the four planes, a zero word before and after them */
    size_t plane[4];          /* each plane's first bit */
    int shift[4];             /* each plane's: padded cell p of a line is in segment (p + shift) >> 6 */
    int segs[4];              /* each plane's segments a line: every padded cell's */
    uint64_t *ok;             /* a bit per padded row, then per padded column: its bits hold for the map as it is */
    uint64_t *line;           /* scratch: a column's three transposed rows (a zero word after each), its two verdicts */
    size_t words;             /* the allocation's, this struct's included */
    int nrows, ncols;         /* padded */
    int row_words, col_words; /* a row's and a column's cells in words */
    bool stale;               /* some line is */
    /* Segment bits derived (of a segment with a passable cell), and of
     * those set, since jps_coarse_new: after the first jps_coarse_fresh,
     * how much of the map's diagonal steps the bits spare (jps.h
     * jps_enable_coarse). */
    size_t open, busy;
} JpsCoarse;

/* Coarse bits for the map of these rows and transposed rows (whole, or
 * where cols->bits is NULL, `tiles`), their shifts chosen from the map
 * as it is, every line stale; NULL + message when memory ran out. */
JpsCoarse *jps_coarse_new(const BitRows *rows, const BitRows *cols, BitTiles *tiles, Err *err);
void jps_coarse_free(JpsCoarse *c);
/* Its bytes, 0 for NULL. */
size_t jps_coarse_bytes(const JpsCoarse *c);
/* Padded cell (px, py) changed: the lines whose scans read it go stale. */
static inline void jps_coarse_changed(JpsCoarse *c, int px, int py)
{
    for (int d = -1; d <= 1; d++) {
        size_t row = (size_t)(py + d), col = (size_t)c->nrows + (size_t)(px + d);
        c->ok[row >> 6] &= ~(1ull << (row & 63));
        c->ok[col >> 6] &= ~(1ull << (col & 63));
    }
    c->stale = true;
}
/* Every stale line derived now from the map as it is: rows from `rows`,
 * columns from `cols` where they are whole (cols->bits), else from
 * `tiles`. Nothing when none is stale. */
void jps_coarse_fresh(JpsCoarse *c, const BitRows *rows, const BitRows *cols, BitTiles *tiles);

/* The bit of the scan from padded (px, py) along its row towards dx (0:
 * it ends at a blocked cell, no jump point met, the goal aside), and along
 * its column towards dy. */
static inline size_t jps_coarse_row_bit(const JpsCoarse *c, int px, int py, int dx)
{
    return c->plane[dx > 0] + (size_t)((px + c->shift[dx > 0]) >> 6) * (size_t)c->nrows + (size_t)py;
}
static inline size_t jps_coarse_col_bit(const JpsCoarse *c, int px, int py, int dy)
{
    return c->plane[2 + (dy > 0)] + (size_t)((py + c->shift[2 + (dy > 0)]) >> 6) * (size_t)c->ncols + (size_t)px;
}
static inline bool jps_coarse_bit(const JpsCoarse *c, size_t i) { return c->bits[i >> 6] >> (i & 63) & 1; }
/* The bit of the straight scan from (px, py) along (dx, dy), one of them 0. */
static inline bool jps_coarse_scan(const JpsCoarse *c, int px, int py, int dx, int dy)
{
    return jps_coarse_bit(c, dx ? jps_coarse_row_bit(c, px, py, dx) : jps_coarse_col_bit(c, px, py, dy));
}

/* The 64 bits of a plane from bit i along sense: bit k (sense > 0) or
 * 63 - k (sense < 0) is bit i + sense k (a zero word either side of the
 * planes: jps_coarse_new). */
static inline __attribute__((always_inline)) uint64_t jps_coarse_word(const JpsCoarse *c, size_t i, int sense)
{
    const uint64_t *w = c->bits + (i >> 6);
    int k = (int)(i & 63);
    if (sense > 0)
        return w[0] >> k | (w[1] << 1) << (63 - k);
    return w[0] << (63 - k) | (w[-1] >> 1) >> k;
}
/* Plane `plane`'s bits of lines l, l + sense, .. at cells p0, p0 + along,
 * .. along them, laid out as jps_coarse_word's: from p0's segment up to
 * its end, from the next one's after; only the first `need` are read. A
 * next segment past the plane's holds cells past the ring, never reached
 * (not read: 0). */
static inline __attribute__((always_inline)) uint64_t jps_coarse_span(const JpsCoarse *c, int plane, int lines, int p0,
                                                                      int l, int along, int sense, int need)
{
    int sp = p0 + c->shift[plane], s = sp >> 6, n = along > 0 ? 64 - (sp & 63) : (sp & 63) + 1;
    size_t base = c->plane[plane] + (size_t)l;
    uint64_t v = jps_coarse_word(c, base + (size_t)s * (size_t)lines, sense);
    if (need <= n)
        return v;
    int s1 = s + along;
    uint64_t v1 = s1 >= 0 && s1 <= c->segs[plane] ? jps_coarse_word(c, base + (size_t)s1 * (size_t)lines, sense) : 0;
    uint64_t first = sense > 0 ? (1ull << n) - 1 : ~0ull << (64 - n);
    return (v & first) | (v1 & ~first);
}
/* The bits of the 64 positions of the diagonal from padded (px, py) (the
 * first) along (dx, dy), the first `need` of them read: *row holds
 * position k's row bit (jps_coarse_row_bit) at bit k where dy > 0, at
 * 63 - k where dy < 0; *col its column bit, laid out by dx the same way.
 * A read a plane, two where the positions cross into its next segment. */
static inline __attribute__((always_inline)) void jps_coarse_win(const JpsCoarse *c, int px, int py, int dx, int dy,
                                                                 int need, uint64_t *row, uint64_t *col)
{
    *row = jps_coarse_span(c, dx > 0, c->nrows, px, py, dx, dy, need);
    *col = jps_coarse_span(c, 2 + (dy > 0), c->ncols, py, px, dy, dx, need);
}
/* Position k's (below 64) bit in a window's word laid out along sense. */
static inline __attribute__((always_inline)) uint64_t jps_coarse_mark(int k, int sense)
{
    return sense > 0 ? 1ull << k : 1ull << (63 - k);
}
static inline __attribute__((always_inline)) bool jps_coarse_at(uint64_t v, int k, int sense)
{
    return (v & jps_coarse_mark(k, sense)) != 0;
}
/* Positions from k (below 64) to the first whose bit in v (laid out along
 * sense) is 1; 64 - k where none is. */
static inline __attribute__((always_inline)) int jps_coarse_next(uint64_t v, int k, int sense)
{
    uint64_t r = sense > 0 ? v >> k : v << k;
    return r ? (sense > 0 ? __builtin_ctzll(r) : __builtin_clzll(r)) : 64 - k;
}

#endif
