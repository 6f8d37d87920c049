#include "bitrows.h"

#include <stdlib.h>
#include <string.h>

bool bitrows_init(BitRows *b, const Grid *g, bool transposed, Err *err)
{
    b->rows = transposed ? g->width + 2 : g->height + 2;
    b->cols = transposed ? g->height + 2 : g->width + 2;
    b->words = (b->cols + 63) / 64;
    b->borrowed = false;
    b->bits = calloc((size_t)b->rows * b->words + 1, sizeof *b->bits); /* the word past the last row (bitrows.h) */
    if (!b->bits)
        return err_set(err, "out of memory for JPS bit rows");
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++)
            if (grid_passable(g, x, y))
                bitrows_set_cell(b, transposed, x, y, true);
    return true;
}

void bitrows_view(BitRows *b, const Grid *g)
{
    b->rows = g->height + 2;
    b->cols = g->width + 2;
    b->words = g->stride / 64;
    b->bits = g->bits;
    b->borrowed = true;
}

void bitrows_free(BitRows *b)
{
    if (!b->borrowed)
        free(b->bits);
    b->bits = NULL;
}

int bitrows_jump(const BitRows *b, int r, int c, int dir, int goal_c)
{
    const uint64_t *cur = bitrows_row(b, r), *up = bitrows_row(b, r - 1), *dn = bitrows_row(b, r + 1);
    int stop = -1;
    if (dir > 0) {
        int at = c + 1, wi = at >> 6;
        uint64_t mask = ~0ull << (at & 63);
        for (;; wi++, mask = ~0ull) {
            /* Bit k of the shifted words is the neighbour row's cell k - 1. */
            uint64_t up_prev = up[wi] << 1 | (wi ? up[wi - 1] >> 63 : 0);
            uint64_t dn_prev = dn[wi] << 1 | (wi ? dn[wi - 1] >> 63 : 0);
            uint64_t s = (~cur[wi] | (up[wi] & ~up_prev) | (dn[wi] & ~dn_prev)) & mask;
            if (s) {
                stop = wi * 64 + __builtin_ctzll(s);
                break;
            }
        }
        bool blocked = !(cur[stop >> 6] >> (stop & 63) & 1);
        if (goal_c > c && (goal_c < stop || (goal_c == stop && !blocked)))
            return goal_c;
        return blocked ? -1 : stop;
    }
    int at = c - 1, wi = at >> 6;
    uint64_t mask = (at & 63) == 63 ? ~0ull : (1ull << ((at & 63) + 1)) - 1;
    for (;; wi--, mask = ~0ull) {
        /* Bit k of the shifted words is the neighbour row's cell k + 1. */
        uint64_t up_next = up[wi] >> 1 | up[wi + 1] << 63;
        uint64_t dn_next = dn[wi] >> 1 | dn[wi + 1] << 63;
        uint64_t s = (~cur[wi] | (up[wi] & ~up_next) | (dn[wi] & ~dn_next)) & mask;
        if (s) {
            stop = wi * 64 + 63 - __builtin_clzll(s);
            break;
        }
    }
    bool blocked = !(cur[stop >> 6] >> (stop & 63) & 1);
    if (goal_c >= 0 && goal_c < c && (goal_c > stop || (goal_c == stop && !blocked)))
        return goal_c;
    return blocked ? -1 : stop;
}
