/* bitrows_tiles.h (search floor): the transposed bit rows of a packed grid
 * (bitrows.h: columns as rows, for the north/south jump scans) held not as a
 * whole copy but as a cache of tiles of 64 transposed rows by one 64-bit
 * word, each transposed from the grid's own words (64 loads and a 64 x 64
 * bit transpose) when a scan first reads it. A search that reaches part of
 * the map holds the tiles of that part, and the cache's size is the owner's
 * choice, not the map's.
 *
 * Layout as bitrows.h's transposed copy: row r, bit c is cell (r - 1, c - 1);
 * rows -1 and W, columns -1 and H read blocked, and one zero word follows
 * every row (a tile past the grid's last row is zeros). Tile id = (r / 64) *
 * words + word; it lives in one of the two slots 2 (id & (slots / 2 - 1))
 * and the next (two-way: nearby tiles take different pairs), the newer tile
 * first: a miss moves the first slot's tile to the second, over the older
 * one, and fills the first (a pair keeps the tiles of two rooms whose ids
 * collide, where one slot a tile thrashed between them).
 *
 * Reads the grid while it lives; the grid's cells change only through
 * bitrows_tiles_set_cells's caller, which passes it every changed cell
 * (a held tile follows the change; one not held is transposed from the grid
 * as it is when next read). Owns its slots, all written at init (no page
 * of them is first met inside a search). */
#ifndef GPPC_SEARCH_BITROWS_TILES_H
#define GPPC_SEARCH_BITROWS_TILES_H

#include "bitrows.h"

#define BITTILE_WORDS 64
/* A slot's bytes: its tile and its tag. */
#define BITTILE_BYTES (BITTILE_WORDS * sizeof(uint64_t) + sizeof(uint32_t))

typedef struct BitTiles {
    const Grid *grid; /* packed: read, not owned */
    int rows;         /* transposed padded rows: width + 2 */
    int words;        /* per transposed row, with the trailing zero word: tiles along a row */
    uint32_t mask;    /* slots - 1 */
    uint32_t *tag;    /* per slot: the id + 1 of the tile it holds, 0 none */
    uint64_t *tile;   /* slots x BITTILE_WORDS: word k of a tile is transposed row (r & ~63) + k */
    uint64_t fills;   /* tiles transposed since init (each a miss) */
    /* Where a fill adds charge_by, NULL nowhere: the owner's count of the
     * work its call spends (search/jps.c: the expansion's steps), so a scan
     * that misses pays for the transpose where the owner checks its work,
     * at no cost to the scans that hit. */
    uint64_t *charge;
    uint64_t charge_by;
} BitTiles;

/* Tiles the whole of g's transposed rows take. */
uint32_t bitrows_tiles_total(const Grid *g);
/* A cache of `slots` tiles (a power of two, at least 2) over packed grid g; false +
 * message when memory ran out (nothing held). */
bool bitrows_tiles_init(BitTiles *t, const Grid *g, uint32_t slots, Err *err);
void bitrows_tiles_free(BitTiles *t);
size_t bitrows_tiles_bytes(const BitTiles *t);
/* The whole transposed copy of t's grid as it is now, into b (as
 * bitrows_init with transposed, a tile's transpose at a time: a caller
 * that gives its tiles up inside a bounded call). False + message when
 * memory ran out (nothing held). */
bool bitrows_tiles_whole(const BitTiles *t, BitRows *b, Err *err);
/* Transposes tile `id` into slot `slot`, the first of its pair, whose tile
 * moves to the second (bitrows_tiles_word's miss). */
void bitrows_tiles_fill(BitTiles *t, uint32_t id, uint32_t slot);

/* The tile of transposed rows 64 tr .. 64 tr + 63, word wi (its words in
 * the cache: valid until the next fetch, which may evict it). */
static inline const uint64_t *bitrows_tiles_at(BitTiles *t, int tr, int wi)
{
    uint32_t id = (uint32_t)tr * (uint32_t)t->words + (uint32_t)wi, slot = (id << 1) & t->mask; /* the pair's first */
    if (__builtin_expect(t->tag[slot] != id + 1, 0)) {
        if (t->tag[slot + 1] == id + 1)
            slot++;
        else
            bitrows_tiles_fill(t, id, slot);
    }
    return &t->tile[(size_t)slot * BITTILE_WORDS];
}
/* Word wi of transposed row r. */
static inline uint64_t bitrows_tiles_word(BitTiles *t, int r, int wi)
{
    return bitrows_tiles_at(t, r >> 6, wi)[r & 63];
}

/* Cells of the grid changed (each inside the map, to what it becomes): a
 * held tile follows, or, for a batch larger than the tiles are worth,
 * every tile is let go (transposed from the grid, changed by then, when
 * next read). */
void bitrows_tiles_set_cells(BitTiles *t, const CellChange *changes, int n);
/* bitrows_jump (bitrows.h) over the transposed rows the tiles hold: the
 * same scan, the same answer. */
int bitrows_tiles_jump(BitTiles *t, int r, int c, int dir, int goal_c);

/* Word wi of rows r - 1, r and r + 1: one tile, unless r is at a tile's
 * edge. Each word is read before the next fetch, which may evict its tile. */
static SEARCH_INLINE void bitrows_tiles_three(BitTiles *t, int r, int wi, uint64_t *up, uint64_t *cur, uint64_t *dn)
{
    int k = r & 63;
    if (__builtin_expect(k > 0 && k < 63, 1)) {
        const uint64_t *p = bitrows_tiles_at(t, r >> 6, wi);
        *up = p[k - 1];
        *cur = p[k];
        *dn = p[k + 1];
        return;
    }
    *up = bitrows_tiles_word(t, r - 1, wi);
    *cur = bitrows_tiles_word(t, r, wi);
    *dn = bitrows_tiles_word(t, r + 1, wi);
}
/* The same, inlined where `dir` is a constant (as bitrows_jump_in: online
 * JPS's diagonal jumps scan two lines a step, most of them ending in their
 * first word, where a call cost a third of the scan). */
static SEARCH_INLINE int bitrows_tiles_jump_in(BitTiles *t, int r, int c, int dir, int goal_c)
{
    int stop;
    uint64_t up, cur, dn;
    if (dir > 0) {
        int at = c + 1, wi = at >> 6;
        uint64_t mask = ~0ull << (at & 63), up_last = 0, dn_last = 0;
        /* The word before only shifts its last bit into bit 0, which the
         * mask keeps only when the scan starts there. */
        if (wi && !(at & 63))
            bitrows_tiles_three(t, r, wi - 1, &up_last, &cur, &dn_last);
        for (;; wi++, mask = ~0ull) {
            bitrows_tiles_three(t, r, wi, &up, &cur, &dn);
            /* Bit k of the shifted words is the neighbour row's cell k - 1. */
            uint64_t up_prev = up << 1 | up_last >> 63, dn_prev = dn << 1 | dn_last >> 63;
            uint64_t s = (~cur | (up & ~up_prev) | (dn & ~dn_prev)) & mask;
            if (s) {
                stop = wi * 64 + __builtin_ctzll(s);
                break;
            }
            up_last = up;
            dn_last = dn;
        }
        bool blocked = !(cur >> (stop & 63) & 1);
        if (goal_c > c && (goal_c < stop || (goal_c == stop && !blocked)))
            return goal_c;
        return blocked ? -1 : stop;
    }
    int at = c - 1, wi = at >> 6;
    uint64_t mask = ~0ull >> (63 - (at & 63)), up_next_w = 0, dn_next_w = 0;
    /* The word after only shifts its first bit into bit 63, which the mask
     * keeps only when the scan starts there. */
    if ((at & 63) == 63)
        bitrows_tiles_three(t, r, wi + 1, &up_next_w, &cur, &dn_next_w);
    for (;; wi--, mask = ~0ull) {
        bitrows_tiles_three(t, r, wi, &up, &cur, &dn);
        /* Bit k of the shifted words is the neighbour row's cell k + 1. */
        uint64_t up_next = up >> 1 | up_next_w << 63, dn_next = dn >> 1 | dn_next_w << 63;
        uint64_t s = (~cur | (up & ~up_next) | (dn & ~dn_next)) & mask;
        if (s) {
            stop = wi * 64 + 63 - __builtin_clzll(s);
            break;
        }
        up_next_w = up;
        dn_next_w = dn;
    }
    bool blocked = !(cur >> (stop & 63) & 1);
    if (goal_c >= 0 && goal_c < c && (goal_c > stop || (goal_c == stop && !blocked)))
        return goal_c;
    return blocked ? -1 : stop;
}

/* 64 bits of transposed rows from their byte yb on (bit k: a row's bit
 * 8 yb + k), as bitrows_bits_from reads them from the whole copy, for a
 * run of rows read one after the other (bitrows_scan_run): the words wi
 * and, where the bits straddle two, wi + 1 of the tiles of the rows'
 * group of 64, kept while the rows stay in it (nothing else may fetch
 * between two reads). */
typedef struct BitTilesWindow {
    BitTiles *t;
    const uint64_t *lo, *hi;
    int tr, wi, sh;
} BitTilesWindow;
static SEARCH_INLINE BitTilesWindow bitrows_tiles_window(BitTiles *t, int yb)
{
    return (BitTilesWindow){t, NULL, NULL, -1, yb >> 3, (yb & 7) * 8};
}
static SEARCH_INLINE uint64_t bitrows_tiles_window_row(BitTilesWindow *w, int r)
{
    if (__builtin_expect(r >> 6 != w->tr, 0)) {
        w->tr = r >> 6;
        w->lo = bitrows_tiles_at(w->t, w->tr, w->wi);
        if (w->sh) { /* the trailing zero word: wi + 1 is there */
            w->hi = bitrows_tiles_at(w->t, w->tr, w->wi + 1);
            /* In more than two slots side by side tiles are in two pairs;
             * in two, one pair, that fetch may have moved lo's tile to the
             * pair's second slot: found again there, where it stays. */
            if (w->t->mask == 1)
                w->lo = bitrows_tiles_at(w->t, w->tr, w->wi);
        }
    }
    int k = r & 63;
    return w->sh ? w->lo[k] >> w->sh | w->hi[k] << (64 - w->sh) : w->lo[k];
}

/* A run of online JPS's diagonal steps from (c, r) along (dx, dy) (each 1
 * or -1, constants where inlined) on rows and their transposed rows, each
 * step's two straight scans (bitrows_jump's, no goal: the caller keeps the
 * goal's row and column out of n) read from windows of 64 bits, one byte
 * of each line on for up to DIAG_SCAN_CHUNK steps: the rows about the
 * step's row for the row scan, the transposed rows about its column for
 * the column scan, each window read once for three steps. The transposed
 * rows are `cols`, the whole copy, where `tiles` is NULL (a constant where
 * inlined), else the tiles' (BitTilesWindow: a tile's tag checked where
 * the steps enter another group of 64 transposed rows). Returns the
 * steps taken before the one that ended the run (*end); DIAG_RUN_STOP with
 * that step's scans' answers in *h (the row scan's column, or -1 where it
 * meets a wall first) and *v (the column scan's row; DIAG_UNSCANNED's -2
 * where the row scan found one first), as jps_sweep.h's step finds them.
 * A scan whose first stop is beyond its window ends the run
 * (DIAG_RUN_UNKNOWN): that step is taken by the caller, scanned whole. */
#define DIAG_SCAN_CHUNK 24
static SEARCH_INLINE int bitrows_scan_run(const BitRows *rows, const BitRows *cols, BitTiles *tiles, int c, int r,
                                          int dx, int dy, int n, int *end, int *h, int *v)
{
    const ptrdiff_t grow = (ptrdiff_t)rows->words * 8, crow = tiles ? 0 : (ptrdiff_t)cols->words * 8;
    for (int done = 0; done < n;) {
        int x = c + dx * done, y = r + dy * done, chunk = n - done < DIAG_SCAN_CHUNK ? n - done : DIAG_SCAN_CHUNK;
        int xb = dx > 0 ? x >> 3 : x < 56 ? 0 : (x - 56) >> 3, yb = dy > 0 ? y >> 3 : y < 56 ? 0 : (y - 56) >> 3;
        const unsigned char *g = (const unsigned char *)rows->bits + (ptrdiff_t)y * grow + xb;
        /* the whole copy's window: transposed row x's byte yb (tiled: none, the row's index is x) */
        const unsigned char *t = tiles ? NULL : (const unsigned char *)cols->bits + (ptrdiff_t)x * crow + yb;
        BitTilesWindow tw = bitrows_tiles_window(tiles, yb);
        uint64_t m = 1ull << (x - 8 * xb), mv = 1ull << (y - 8 * yb);
        uint64_t g_cur = bitrows_bits_from(g), g_next = bitrows_bits_from(g + dy * grow);
        uint64_t t_cur = tiles ? bitrows_tiles_window_row(&tw, x) : bitrows_bits_from(t);
        uint64_t t_next = tiles ? bitrows_tiles_window_row(&tw, x + dx) : bitrows_bits_from(t + dx * crow);
        for (int i = 0; i < chunk; i++) {
            /* bit x of a shifted row: its cell x + dx */
            uint64_t cur_ahead = dx > 0 ? g_cur >> 1 : g_cur << 1, next_ahead = dx > 0 ? g_next >> 1 : g_next << 1;
            if (!(cur_ahead & g_next & next_ahead & m)) {
                *end = DIAG_RUN_BLOCKED;
                return done + i;
            }
            g += dy * grow;
            uint64_t g_after = bitrows_bits_from(g + dy * grow), t_after;
            if (tiles) {
                x += dx;
                t_after = bitrows_tiles_window_row(&tw, x + dx);
            } else {
                t += dx * crow;
                t_after = bitrows_bits_from(t + dx * crow);
            }
            m = dx > 0 ? m << 1 : m >> 1;    /* the cell entered, x + dx */
            mv = dy > 0 ? mv << 1 : mv >> 1; /* its row in the transposed rows, y + dy */
            /* Stops (bitrows_jump_in): a wall, or a cell whose neighbour
             * line turns from blocked to passable beside it. */
            uint64_t a = g_cur, b = g_after, ap = dx > 0 ? a << 1 : a >> 1, bp = dx > 0 ? b << 1 : b >> 1;
            uint64_t s = (~g_next | (a & ~ap) | (b & ~bp)) & (dx > 0 ? ~((m << 1) - 1) : m - 1);
            if (!s) {
                *end = DIAG_RUN_UNKNOWN;
                return done + i;
            }
            int first = dx > 0 ? __builtin_ctzll(s) : 63 - __builtin_clzll(s);
            if (g_next >> first & 1) {
                *end = DIAG_RUN_STOP;
                *h = 8 * xb + first;
                *v = -2;
                return done + i;
            }
            a = t_cur;
            b = t_after;
            ap = dy > 0 ? a << 1 : a >> 1;
            bp = dy > 0 ? b << 1 : b >> 1;
            s = (~t_next | (a & ~ap) | (b & ~bp)) & (dy > 0 ? ~((mv << 1) - 1) : mv - 1);
            if (!s) {
                *end = DIAG_RUN_UNKNOWN;
                return done + i;
            }
            first = dy > 0 ? __builtin_ctzll(s) : 63 - __builtin_clzll(s);
            if (t_next >> first & 1) {
                *end = DIAG_RUN_STOP;
                *h = -1;
                *v = 8 * yb + first;
                return done + i;
            }
            g_cur = g_next;
            g_next = g_after;
            t_cur = t_next;
            t_next = t_after;
        }
        done += chunk;
    }
    *end = DIAG_RUN_LIMIT;
    return n;
}

#endif
