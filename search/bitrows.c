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
    return dir > 0 ? bitrows_jump_in(b, r, c, 1, goal_c) : bitrows_jump_in(b, r, c, -1, goal_c);
}

/* bitrows_col_jump's loop; `straddle` a constant where inlined: the three
 * cells c - 1 .. c + 1 straddle two words (bits k.. of word w and the
 * first of w + 1), else they are bits k .. k + 2 of word w. */
static inline __attribute__((always_inline)) int col_jump_in(const uint64_t *row, ptrdiff_t step, int k, int r, int dir,
                                                             int goal_r, bool straddle)
{
#define THREE(p) ((unsigned)(straddle ? (p)[0] >> k | (p)[1] << (64 - k) : (p)[0] >> k) & 7u)
    unsigned prev = THREE(row);
    for (;;) {
        row += step;
        r += dir;
        unsigned t = THREE(row);
        if (!(t & 2u))
            return -1;
        if (r == goal_r || (t & ~prev & 5u))
            return r;
        prev = t;
    }
#undef THREE
}

int bitrows_col_jump(const BitRows *b, int c, int r, int dir, int goal_r)
{
    const ptrdiff_t step = (ptrdiff_t)dir * b->words;
    const uint64_t *row = bitrows_row(b, r) + ((c - 1) >> 6);
    int k = (c - 1) & 63;
    return k > 61 ? col_jump_in(row, step, k, r, dir, goal_r, true) : col_jump_in(row, step, k, r, dir, goal_r, false);
}
