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
 * bitrows_tiles_set_cell's caller, which calls it for every changed cell
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

/* Cell (x, y) of the grid changed to `passable`: a held tile follows. */
void bitrows_tiles_set_cell(BitTiles *t, int x, int y, bool passable);
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

#endif
