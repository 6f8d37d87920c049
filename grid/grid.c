#include "grid.h"

#include <stdlib.h>
#include <string.h>

#include "../common/binio.h"

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
    g->cells = calloc((size_t)(height + 2) * (size_t)g->stride, 1);
    if (!g->cells)
        return err_set(err, "out of memory for a %dx%d map", width, height);
    return true;
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
    if (!grid_init_blocked(dst, src->width, src->height, err))
        return false;
    memcpy(dst->cells, src->cells, (size_t)(src->height + 2) * src->stride);
    return true;
}

void grid_free(Grid *g)
{
    free(g->cells);
    g->cells = NULL;
}

uint64_t grid_checksum(const Grid *g)
{
    uint32_t size[2] = {(uint32_t)g->width, (uint32_t)g->height};
    uint64_t h = bin_fnv1a(BIN_FNV_SEED, size, sizeof size);
    for (int y = 0; y < g->height; y++)
        h = bin_fnv1a(h, g->cells + grid_index(g, 0, y), (size_t)g->width);
    return h;
}

size_t grid_count_passable(const Grid *g)
{
    size_t n = 0;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++)
            n += g->cells[grid_index(g, x, y)];
    return n;
}

double grid_scattered(const Grid *g)
{
    size_t blocked = 0, alone = 0;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++) {
            const uint8_t *c = &g->cells[grid_index(g, x, y)];
            if (*c)
                continue;
            blocked++;
            alone += c[-1] && c[1] && c[-g->stride] && c[g->stride];
        }
    return blocked ? (double)alone / (double)blocked : 0.0;
}
