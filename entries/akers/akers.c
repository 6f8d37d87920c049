#include "akers.h"

#include <stdlib.h>
#include <string.h>

bool akers_init(Akers *a, const Grid *g, Err *err)
{
    memset(a, 0, sizeof *a);
    a->grid = g;
    size_t cells = (size_t)(g->height + 2) * g->stride;
    a->queue_cap = grid_count_passable(g) + 1;
    a->label = calloc((cells + 3) / 4, 1);
    a->queue = malloc(a->queue_cap * sizeof *a->queue);
    a->trace = malloc(a->queue_cap * sizeof *a->trace);
    if (!a->label || !a->queue || !a->trace) {
        akers_free(a);
        return err_set(err, "akers: out of memory for a %dx%d map", g->width, g->height);
    }
    return true;
}

void akers_free(Akers *a)
{
    free(a->label);
    free(a->queue);
    free(a->trace);
    memset(a, 0, sizeof *a);
}

size_t akers_scratch_bytes(const Akers *a) { return ((size_t)(a->grid->height + 2) * a->grid->stride + 3) / 4; }

size_t akers_queue_bytes(const Akers *a) { return a->queue_cap * sizeof *a->queue; }

static inline void set_label(Akers *a, int idx, int v)
{
    uint8_t *b = &a->label[idx >> 2];
    int shift = (idx & 3) * 2;
    *b = (uint8_t)((*b & ~(3 << shift)) | v << shift);
}

void akers_reset(Akers *a)
{
    for (size_t i = 0; i < a->reached; i++)
        set_label(a, (int)a->queue[i], AKERS_EMPTY);
    a->reached = 0;
}

/* Directions in walk-back preference: cardinal before diagonal (grid.h order). */
static bool move_ok(const Grid *g, int idx, int d, const int *off)
{
    if (!g->cells[idx + off[d]])
        return false;
    if (d < 4)
        return true;
    return g->cells[idx + GRID_DX[d]] && g->cells[idx + GRID_DY[d] * g->stride];
}

long akers_find(Akers *a, xyLoc s, xyLoc g, xyPath *out, bool keep_labels)
{
    const Grid *grid = a->grid;
    akers_reset(a);
    if (!grid_passable(grid, s.x, s.y) || !grid_passable(grid, g.x, g.y))
        return -1;
    int off[8];
    for (int d = 0; d < 8; d++)
        off[d] = grid_dir_offset(grid, d);
    const int start = grid_index(grid, s.x, s.y), goal = grid_index(grid, g.x, g.y);
    size_t head = 0, tail = 0;
    a->queue[tail++] = (uint32_t)start;
    set_label(a, start, 1);
    long depth = 0;
    bool found = start == goal;
    /* One wavefront (all cells of one depth) per pass. */
    while (!found && head < tail) {
        size_t layer_end = tail;
        int next = 1 + (int)((depth + 1) % 3);
        for (; head < layer_end && !found; head++) {
            int c = (int)a->queue[head];
            a->expanded++;
            for (int d = 0; d < 8; d++) {
                int n = c + off[d];
                if (akers_label(a, n) != AKERS_EMPTY || !move_ok(grid, c, d, off))
                    continue;
                set_label(a, n, next);
                a->queue[tail++] = (uint32_t)n;
                if (n == goal) {
                    found = true;
                    break;
                }
            }
        }
        depth++;
    }
    a->reached = tail;
    if (!found) {
        if (!keep_labels)
            akers_reset(a);
        return -1;
    }
    /* Walk back: from depth d, a neighbour labelled (d-1) mod 3 has depth d-1. */
    size_t n = 0;
    int cur = goal, last_dir = -1;
    a->trace[n++] = g;
    for (long d = depth; d > 0; d--) {
        int want = 1 + (int)((d - 1) % 3), pick = -1;
        if (last_dir >= 0 && move_ok(grid, cur, last_dir, off) && akers_label(a, cur + off[last_dir]) == want &&
            last_dir < 4)
            pick = last_dir; /* a straight cardinal continuation first */
        for (int k = 0; k < 8 && pick < 0; k++)
            if (move_ok(grid, cur, k, off) && akers_label(a, cur + off[k]) == want)
                pick = k;
        if (pick < 0) /* cannot happen: every labelled cell has a parent one depth up */
            break;
        cur += off[pick];
        last_dir = pick;
        a->trace[n++] = (xyLoc){(int16_t)grid_index_x(grid, cur), (int16_t)grid_index_y(grid, cur)};
    }
    path_reserve(out, n);
    for (size_t i = n; i > 0; i--)
        out->cells[out->len++] = a->trace[i - 1];
    if (!keep_labels)
        akers_reset(a);
    return depth;
}
