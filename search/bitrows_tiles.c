/* The transposed bit rows of a packed grid as a cache of tiles (bitrows_tiles.h). */
#include "bitrows_tiles.h"

#include <stdlib.h>
#include <string.h>

uint32_t bitrows_tiles_total(const Grid *g)
{
    uint32_t across = (uint32_t)(g->width + 2 + 63) / 64, words = (uint32_t)(g->height + 2 + 63) / 64 + 1;
    return across * words;
}

bool bitrows_tiles_init(BitTiles *t, const Grid *g, uint32_t slots, Err *err)
{
    memset(t, 0, sizeof *t);
    t->grid = g;
    t->rows = g->width + 2;
    t->words = (g->height + 2 + 63) / 64 + 1;
    t->mask = slots - 1;
    /* calloc'd and written, so that every page is mapped now */
    t->tag = calloc(slots, sizeof *t->tag);
    t->tile = calloc((size_t)slots * BITTILE_WORDS, sizeof *t->tile);
    if (!t->tag || !t->tile) {
        bitrows_tiles_free(t);
        return err_set(err, "out of memory for JPS bit tiles");
    }
    memset(t->tag, 0, slots * sizeof *t->tag);
    memset(t->tile, 0, (size_t)slots * BITTILE_WORDS * sizeof *t->tile);
    return true;
}

void bitrows_tiles_free(BitTiles *t)
{
    free(t->tag);
    free(t->tile);
    memset(t, 0, sizeof *t);
}

size_t bitrows_tiles_bytes(const BitTiles *t) { return t->tag ? ((size_t)t->mask + 1) * BITTILE_BYTES : 0; }

/* One stage of transpose64 at block size s (a constant where inlined, so
 * that each stage is a straight run over contiguous rows). */
static inline __attribute__((always_inline)) void transpose_stage(uint64_t a[64], int s, uint64_t m)
{
    for (int b = 0; b < 64; b += 2 * s)
        for (int k = b; k < b + s; k++) {
            uint64_t d = ((a[k] >> s) ^ a[k + s]) & m;
            a[k + s] ^= d;
            a[k] ^= d << s;
        }
}

/* a[j] bit k <- a[k] bit j: the 64 x 64 bit matrix transposed in place by
 * swapping ever smaller off-diagonal blocks (Hacker's Delight, 7-3): at
 * block size s, rows k and k + s (bit s of k clear) trade row k's columns
 * j + s for row k + s's columns j (bit s of j clear; m selects those). */
static void transpose64(uint64_t a[64])
{
    transpose_stage(a, 32, 0x00000000ffffffffull);
    transpose_stage(a, 16, 0x0000ffff0000ffffull);
    transpose_stage(a, 8, 0x00ff00ff00ff00ffull);
    transpose_stage(a, 4, 0x0f0f0f0f0f0f0f0full);
    transpose_stage(a, 2, 0x3333333333333333ull);
    transpose_stage(a, 1, 0x5555555555555555ull);
}

void bitrows_tiles_fill(BitTiles *t, uint32_t id, uint32_t slot)
{
    /* Tile (tr, wi) holds transposed rows 64 tr .. 64 tr + 63, word wi:
     * grid rows 64 wi .. 64 wi + 63, word tr of each. */
    uint32_t tr = id / (uint32_t)t->words, wi = id % (uint32_t)t->words;
    const Grid *g = t->grid;
    size_t row_words = (size_t)g->stride / 64, padded_rows = (size_t)g->height + 2;
    uint64_t *a = &t->tile[(size_t)slot * BITTILE_WORDS];
    memcpy(a + BITTILE_WORDS, a, BITTILE_WORDS * sizeof *a); /* the older of the pair out */
    t->tag[slot + 1] = t->tag[slot];
    size_t r0 = (size_t)wi * 64, n = r0 >= padded_rows ? 0 : padded_rows - r0 < 64 ? padded_rows - r0 : 64;
    for (size_t k = 0; k < n; k++) /* the grid's rows; past its last, zeros */
        a[k] = g->bits[(r0 + k) * row_words + tr];
    for (size_t k = n; k < BITTILE_WORDS; k++)
        a[k] = 0;
    transpose64(a);
    t->tag[slot] = id + 1;
    t->fills++;
    if (t->charge)
        *t->charge += t->charge_by;
}

bool bitrows_tiles_whole(const BitTiles *t, BitRows *b, Err *err)
{
    const Grid *g = t->grid;
    b->rows = g->width + 2;
    b->cols = g->height + 2;
    b->words = (b->cols + 63) / 64;
    b->borrowed = false;
    b->bits = calloc((size_t)b->rows * b->words + 1, sizeof *b->bits); /* as bitrows_init */
    if (!b->bits)
        return err_set(err, "out of memory for JPS bit rows");
    size_t row_words = (size_t)g->stride / 64, padded_rows = (size_t)g->height + 2;
    uint64_t a[BITTILE_WORDS];
    for (int tr = 0; tr * 64 < b->rows; tr++)
        for (int wi = 0; wi < b->words; wi++) { /* the tiles' transpose (bitrows_tiles_fill), each stored whole */
            size_t r0 = (size_t)wi * 64, n = padded_rows - r0 < 64 ? padded_rows - r0 : 64;
            for (size_t k = 0; k < BITTILE_WORDS; k++)
                a[k] = k < n ? g->bits[(r0 + k) * row_words + (size_t)tr] : 0;
            transpose64(a);
            for (int k = 0; k < 64 && tr * 64 + k < b->rows; k++)
                b->bits[(size_t)(tr * 64 + k) * (size_t)b->words + (size_t)wi] = a[k];
        }
    return true;
}

/* A tile transposed again costs about as much as following this many
 * changed cells (a fill's 64 words and their transpose against a look-up
 * and a bit a cell): a batch of more changes than the slots' tiles are
 * worth lets every tile go, to be transposed from the grid when next read. */
#define BITTILE_FILL_CELLS 64u

void bitrows_tiles_set_cells(BitTiles *t, const CellChange *changes, int n)
{
    uint32_t slots = t->mask + 1;
    if ((uint64_t)changes_cells(changes, n) > (uint64_t)slots * BITTILE_FILL_CELLS) {
        memset(t->tag, 0, slots * sizeof *t->tag);
        return;
    }
    /* Changes come in patches, so the next cell is mostly in the tile just
     * looked up: the slot pair is searched again only when the tile differs. */
    uint32_t last = UINT32_MAX;
    uint64_t *tile = NULL;
    for (int i = 0; i < n; i++)
        for (int r = changes[i].x + 1, c = changes[i].y + 1; r <= changes[i].x + 1 + changes[i].more; r++) {
            uint32_t id = (uint32_t)(r >> 6) * (uint32_t)t->words + (uint32_t)(c >> 6);
            if (id != last) {
                uint32_t slot = (id << 1) & t->mask;
                last = id;
                tile = t->tag[slot] == id + 1       ? &t->tile[(size_t)slot * BITTILE_WORDS]
                       : t->tag[slot + 1] == id + 1 ? &t->tile[(size_t)(slot + 1) * BITTILE_WORDS]
                                                    : NULL; /* transposed from the grid when next read */
            }
            if (!tile)
                continue;
            uint64_t *w = &tile[r & 63], bit = 1ull << (c & 63);
            *w = changes[i].passable ? *w | bit : *w & ~bit;
        }
}

int bitrows_tiles_jump(BitTiles *t, int r, int c, int dir, int goal_c)
{
    return dir > 0 ? bitrows_tiles_jump_in(t, r, c, 1, goal_c) : bitrows_tiles_jump_in(t, r, c, -1, goal_c);
}
