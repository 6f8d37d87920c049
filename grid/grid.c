#include "grid.h"

#include <stdlib.h>
#include <string.h>

#include "../common/binio.h"
#include "../common/popcount.h"

const int GRID_DX[8] = {0, 1, 0, -1, 1, 1, -1, -1};
const int GRID_DY[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

bool grid_move_legal(const Grid *g, int x, int y, int dir)
{
    int nx = x + GRID_DX[dir], ny = y + GRID_DY[dir];
    if (!grid_passable(g, nx, ny))
        return false;
    if (GRID_DIR_IS_DIAGONAL(dir))
        return grid_passable(g, nx, y) && grid_passable(g, x, ny);
    return true;
}

bool grid_init_blocked(Grid *g, int width, int height, Err *err)
{
    if (width < 1 || height < 1 || width > GRID_MAX_DIM || height > GRID_MAX_DIM)
        return err_set(err, "map size %dx%d out of range 1..%d", width, height, GRID_MAX_DIM);
    g->width = width;
    g->height = height;
    g->stride = width + 2;
    g->bits = NULL;
    g->cells = calloc((size_t)(height + 2) * (size_t)g->stride, 1);
    if (!g->cells)
        return err_set(err, "out of memory for a %dx%d map", width, height);
    return true;
}

/* Words per padded row of a packed grid: its cells alone. A scan that reads
 * one word past a row's end (search/bitrows.h) reads the next row's first,
 * whose bit 0 is the blocked column -1; after the last row, one zero word
 * (grid_bytes counts it). */
static int packed_words(int width) { return (width + 2 + 63) / 64; }

bool grid_init_packed(Grid *g, int width, int height, Err *err)
{
    if (width < 1 || height < 1 || width > GRID_MAX_DIM || height > GRID_MAX_DIM)
        return err_set(err, "map size %dx%d out of range 1..%d", width, height, GRID_MAX_DIM);
    g->width = width;
    g->height = height;
    g->stride = 64 * packed_words(width);
    g->cells = NULL;
    g->bits = calloc((size_t)(height + 2) * (size_t)packed_words(width) + 1, sizeof *g->bits);
    if (!g->bits)
        return err_set(err, "out of memory for a %dx%d map", width, height);
    return true;
}

bool grid_pack(Grid *dst, const Grid *src, Err *err)
{
    if (!grid_init_packed(dst, src->width, src->height, err))
        return false;
    for (int y = 0; y < src->height; y++)
        for (int x = 0; x < src->width; x++)
            if (grid_open_at(src, (size_t)grid_index(src, x, y)))
                grid_set_passable(dst, x, y, true);
    return true;
}

int grid_set_run(Grid *g, int x, int y, int n, bool passable)
{
    size_t i0 = (size_t)grid_index(g, x, y), i1 = i0 + (size_t)n - 1;
    int before = 0;
    if (g->cells) {
        size_t i = i0;
        for (uint64_t v; i + 8 <= i1 + 1; i += 8) { /* eight 0/1 bytes summed by one multiply */
            memcpy(&v, &g->cells[i], 8);
            before += (int)((v * 0x0101010101010101ull) >> 56);
        }
        for (; i <= i1; i++)
            before += g->cells[i];
        memset(&g->cells[i0], passable ? 1 : 0, (size_t)n);
    } else {
        for (size_t w = i0 >> 6; w <= i1 >> 6; w++) {
            uint64_t m = grid_bits_word_mask(w, i0, i1);
            before += (int)popcount64(g->bits[w] & m);
            g->bits[w] = passable ? g->bits[w] | m : g->bits[w] & ~m;
        }
    }
    return (passable ? n : 0) - before;
}

bool grid_span_open(const Grid *g, int x0, int y, int w)
{
    size_t i = (size_t)grid_index(g, x0, y);
    if (g->cells)
        return !memchr(&g->cells[i], 0, (size_t)w);
    return w <= 0 || grid_bits_span_open(g->bits, i, i + (size_t)w - 1);
}

bool grid_from_bits(Grid *g, const bool *bits, int width, int height, Err *err)
{
    if (!grid_init_blocked(g, width, height, err))
        return false;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            g->cells[grid_index(g, x, y)] = bits[(size_t)y * width + x] ? 1 : 0;
    return true;
}

bool *grid_to_bits(const Grid *g)
{
    bool *bits = malloc((size_t)g->width * g->height * sizeof *bits);
    if (!bits)
        return NULL;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++)
            bits[(size_t)y * g->width + x] = g->cells[grid_index(g, x, y)] != 0;
    return bits;
}

bool grid_copy(Grid *dst, const Grid *src, Err *err)
{
    if (!src->cells) {
        if (!grid_init_packed(dst, src->width, src->height, err))
            return false;
        memcpy(dst->bits, src->bits, grid_bytes(src));
        return true;
    }
    if (!grid_init_blocked(dst, src->width, src->height, err))
        return false;
    memcpy(dst->cells, src->cells, (size_t)(src->height + 2) * src->stride);
    return true;
}

void grid_free(Grid *g)
{
    free(g->cells);
    free(g->bits);
    g->cells = NULL;
    g->bits = NULL;
}

uint64_t grid_checksum(const Grid *g)
{
    uint32_t size[2] = {(uint32_t)g->width, (uint32_t)g->height};
    uint64_t h = bin_fnv1a(BIN_FNV_SEED, size, sizeof size);
    for (int y = 0; y < g->height; y++) {
        if (g->cells) {
            h = bin_fnv1a(h, g->cells + grid_index(g, 0, y), (size_t)g->width);
            continue;
        }
        /* FNV-1a goes a byte at a time: the same hash over the cells as
         * bytes, unpacked a piece at a time (a call per cell was most of
         * loading a preprocessing file into a packed grid) */
        uint8_t piece[256];
        for (int x = 0; x < g->width; x += (int)sizeof piece) {
            int n = g->width - x < (int)sizeof piece ? g->width - x : (int)sizeof piece;
            size_t i = (size_t)grid_index(g, x, y);
            for (int k = 0; k < n; k++)
                piece[k] = grid_bit_at(g->bits, i + (size_t)k);
            h = bin_fnv1a(h, piece, (size_t)n);
        }
    }
    return h;
}

size_t grid_count_passable(const Grid *g)
{
    size_t n = 0;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++)
            n += grid_open_at(g, (size_t)grid_index(g, x, y));
    return n;
}

double grid_scattered(const Grid *g)
{
    size_t blocked = 0, alone = 0;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++) {
            size_t i = (size_t)grid_index(g, x, y);
            if (grid_open_at(g, i))
                continue;
            blocked++;
            alone += grid_open_at(g, i - 1) && grid_open_at(g, i + 1) && grid_open_at(g, i - (size_t)g->stride) &&
                     grid_open_at(g, i + (size_t)g->stride);
        }
    return blocked ? (double)alone / (double)blocked : 0.0;
}
