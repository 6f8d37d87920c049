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
