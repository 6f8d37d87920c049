/* The path of a found search read back from its chain of nodes (jps_chain.h). */
#include "jps_chain.h"

#include <stdlib.h>

static inline int sgn(int v) { return (v > 0) - (v < 0); }

void jps_path_of_chain(const uint32_t *chain, size_t n, int stride, bool waypoints, xyPath *path)
{
    const uint32_t s = chain[n - 1]; /* the start's padded cell */
    path_push(path, (xyLoc){(int16_t)(s % (uint32_t)stride - 1), (int16_t)(s / (uint32_t)stride - 1)});
    for (size_t i = n - 1; i > 0; i--) { /* each segment: diagonal first, then straight */
        int x = (int)(chain[i] % (uint32_t)stride), y = (int)(chain[i] / (uint32_t)stride);
        int bx = (int)(chain[i - 1] % (uint32_t)stride), by = (int)(chain[i - 1] / (uint32_t)stride);
        int ex = abs(bx - x), ey = abs(by - y), dx = sgn(bx - x), dy = sgn(by - y);
        if (waypoints) { /* the turn where the diagonal part ends, if both parts are there */
            int k = ex < ey ? ex : ey;
            if (k > 0 && ex != ey)
                path_push(path, (xyLoc){(int16_t)(x + k * dx - 1), (int16_t)(y + k * dy - 1)});
            path_push(path, (xyLoc){(int16_t)(bx - 1), (int16_t)(by - 1)});
            continue;
        }
        path_reserve(path, (size_t)(ex > ey ? ex : ey));
        for (int k = ex < ey ? ex : ey; k > 0; k--, x += dx, y += dy)
            path->cells[path->len++] = (xyLoc){(int16_t)(x + dx - 1), (int16_t)(y + dy - 1)};
        for (dx = x == bx ? 0 : dx, dy = y == by ? 0 : dy; x != bx || y != by; x += dx, y += dy)
            path->cells[path->len++] = (xyLoc){(int16_t)(x + dx - 1), (int16_t)(y + dy - 1)};
    }
}

uint64_t jps_chain_cells(const uint32_t *chain, size_t n, int stride)
{
    uint64_t cells = 0;
    for (size_t i = 1; i < n; i++) {
        int ex = abs((int)(chain[i] % (uint32_t)stride) - (int)(chain[i - 1] % (uint32_t)stride));
        int ey = abs((int)(chain[i] / (uint32_t)stride) - (int)(chain[i - 1] / (uint32_t)stride));
        cells += (uint64_t)(ex > ey ? ex : ey);
    }
    return cells;
}
