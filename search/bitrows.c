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

/* The 64 bits from byte `at` on (a load that need not be aligned). */
static inline uint64_t bits_from(const unsigned char *at)
{
    uint64_t v;
    memcpy(&v, at, sizeof v);
    return v;
}

/* bitrows_col_jump's loop, from the word of byte `row` on (a row `step`
 * bytes on at each step), whose bits `cell` and `sides` are column c's
 * and the two beside it; `goal` (a constant where inlined): goal_r is
 * ahead, so the loop tests for it. */
static inline __attribute__((always_inline)) int col_jump_in(const unsigned char *row, ptrdiff_t step, uint64_t cell,
                                                             uint64_t sides, int r, int dir, int goal_r, bool goal)
{
    uint64_t prev = bits_from(row);
    for (;;) {
        row += step;
        r += dir;
        uint64_t t = bits_from(row);
        if (!(t & cell))
            return -1;
        if ((goal && r == goal_r) || (t & ~prev & sides))
            return r;
        prev = t;
    }
}

/* Columns c - 1 .. c + 1 are read from the byte holding c - 1: bits k ..
 * k + 2 (k < 8) of the 64 bits from there, within them wherever c is (no
 * case for three cells across two words); the 8 bytes stay within the
 * row and the word a scan may read past it (bitrows.h). */
int bitrows_col_jump(const BitRows *b, int c, int r, int dir, int goal_r)
{
    const ptrdiff_t step = (ptrdiff_t)dir * b->words * (ptrdiff_t)sizeof(uint64_t);
    const unsigned char *row = (const unsigned char *)bitrows_row(b, r) + ((c - 1) >> 3);
    int k = (c - 1) & 7;
    uint64_t cell = 2ull << k, sides = 5ull << k;
    return (goal_r - r) * dir > 0 && goal_r >= 0 ? col_jump_in(row, step, cell, sides, r, dir, goal_r, true)
                                                 : col_jump_in(row, step, cell, sides, r, dir, goal_r, false);
}
