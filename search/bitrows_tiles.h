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
 * words + word; it lives in slot id & (slots - 1) (direct mapped, so nearby
 * tiles take different slots), and evicts whatever tile was there.
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
/* A cache of `slots` tiles (a power of two) over packed grid g; false +
 * message when memory ran out (nothing held). */
bool bitrows_tiles_init(BitTiles *t, const Grid *g, uint32_t slots, Err *err);
void bitrows_tiles_free(BitTiles *t);
size_t bitrows_tiles_bytes(const BitTiles *t);
/* Transposes tile `id` into slot `slot` (bitrows_tiles_word's miss). */
void bitrows_tiles_fill(BitTiles *t, uint32_t id, uint32_t slot);

/* The tile of transposed rows 64 tr .. 64 tr + 63, word wi (its words in
 * the cache: valid until the next fetch, which may evict it). */
static inline const uint64_t *bitrows_tiles_at(BitTiles *t, int tr, int wi)
{
    uint32_t id = (uint32_t)tr * (uint32_t)t->words + (uint32_t)wi, slot = id & t->mask;
    if (__builtin_expect(t->tag[slot] != id + 1, 0))
        bitrows_tiles_fill(t, id, slot);
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
/* bitrows_copy_span (bitrows.h) from the tiles: row r of b (transposed,
 * of the same size), columns c0..c1, set to the tiles' bits. */
void bitrows_tiles_copy_span(BitRows *b, BitTiles *src, int r, int c0, int c1);

#endif
