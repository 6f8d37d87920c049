#include "window.h"

#include <stdlib.h>
#include <string.h>

#include "../common/stamp.h"
#include "smooth.h"

#define WIN_FIRST_SLOTS 1024u

static inline uint32_t cell_key(xyLoc c) { return (uint32_t)(uint16_t)c.y << 16 | (uint16_t)c.x; }
static inline uint32_t slot_of(const Window *w, uint32_t key) { return (key * 0x9E3779B1u) >> 7 & w->mask; }

bool win_init(Window *w, const Grid *g, Err *err)
{
    memset(w, 0, sizeof *w);
    w->grid = g;
    w->slot = calloc(WIN_FIRST_SLOTS, sizeof *w->slot);
    w->mask = WIN_FIRST_SLOTS - 1;
    w->scratch = malloc(((size_t)(g->width > g->height ? g->width : g->height) + 1) * sizeof *w->scratch);
    if (!w->slot || !w->scratch) {
        win_free(w);
        return err_set(err, "mm: out of memory for the refinement window");
    }
    path_reserve(&w->cells, 1024);
    path_reserve(&w->way, 1024);
    return true;
}

void win_free(Window *w)
{
    path_free(&w->cells);
    path_free(&w->way);
    free(w->slot);
    free(w->scratch);
    memset(w, 0, sizeof *w);
}

size_t win_bytes(const Window *w)
{
    size_t side = (size_t)(w->grid->width > w->grid->height ? w->grid->width : w->grid->height) + 1;
    return ((size_t)w->mask + 1) * sizeof *w->slot + (w->cells.cap + w->way.cap + side) * sizeof(xyLoc);
}

/* Window position of cell c, or -1 when it is not in the window. */
static long find(const Window *w, xyLoc c)
{
    uint32_t key = cell_key(c);
    for (uint32_t i = slot_of(w, key);; i = (i + 1) & w->mask) {
        const WinSlot *s = &w->slot[i];
        if (s->stamp != w->stamp)
            return -1;
        if (s->cell == key) {
            if (s->at < w->base || s->at - w->base >= w->cells.len)
                return -1; /* handed out, or cut off the end */
            const xyLoc *at = &w->cells.cells[s->at - w->base];
            return at->x == c.x && at->y == c.y ? (long)(s->at - w->base) : -1;
        }
    }
}

static void enter(Window *w, xyLoc c, uint64_t at)
{
    uint32_t key = cell_key(c);
    uint32_t i = slot_of(w, key);
    while (w->slot[i].stamp == w->stamp && w->slot[i].cell != key)
        i = (i + 1) & w->mask;
    if (w->slot[i].stamp != w->stamp)
        w->entered++;
    w->slot[i] = (WinSlot){w->stamp, key, at};
}

/* Forgets every slot and enters the window's cells again, doubling the table
 * first while the window fills more than a quarter of it. Stale slots (cells
 * cut or handed out) are what fills the table between rebuilds. */
static void rebuild(Window *w)
{
    uint32_t slots = w->mask + 1;
    while ((size_t)slots < 4 * w->cells.len)
        slots *= 2;
    if (slots != w->mask + 1) {
        WinSlot *n = calloc(slots, sizeof *n);
        if (n) { /* else keep the small table: rebuilt more often, still correct */
            free(w->slot);
            w->slot = n;
            w->mask = slots - 1;
            w->stamp = 0;
        }
    }
    StampArea marks = STAMP_FIELD(w->slot, stamp, (size_t)w->mask + 1);
    stamp_next(&w->stamp, &marks, 1);
    w->entered = 0;
    for (size_t i = 0; i < w->cells.len; i++)
        enter(w, w->cells.cells[i], w->base + i);
}

void win_reset(Window *w, xyLoc anchor)
{
    w->cells.len = 0;
    path_push(&w->cells, anchor);
    w->base = 0;
    rebuild(w);
}

/* Is the one-step move a -> b legal (b passable, no corner cut)? a is passable. */
static bool step_legal(const Grid *g, xyLoc a, xyLoc b)
{
    if (!grid_passable(g, b.x, b.y))
        return false;
    return a.x == b.x || a.y == b.y || (grid_passable(g, b.x, a.y) && grid_passable(g, a.x, b.y));
}

void win_add(Window *w, const xyLoc *cells, size_t n)
{
    xyPath *p = &w->cells;
    path_reserve(p, n);
    for (size_t i = 1; i < n; i++) {
        xyLoc c = cells[i];
        long j = find(w, c);
        if (j < 0) { /* the earliest window cell one legal move from c */
            for (int d = 0; d < 8; d++) {
                xyLoc nb = {(int16_t)(c.x + GRID_DX[d]), (int16_t)(c.y + GRID_DY[d])};
                long k = find(w, nb);
                if (k >= 0 && (j < 0 || k < j) && step_legal(w->grid, nb, c))
                    j = k;
            }
            if (j >= 0 && (size_t)j + 1 >= p->len)
                j = -1; /* c's own predecessor: nothing to cut */
            if (j >= 0) {
                w->cut += p->len - (size_t)j - 1;
                p->len = (size_t)j + 1;
            }
            p->cells[p->len++] = c;
        } else { /* a revisit: the loop since goes */
            w->cut += p->len - (size_t)j - 1;
            p->len = (size_t)j + 1;
            continue;
        }
        if (2 * (size_t)w->entered >= (size_t)w->mask + 1)
            rebuild(w);
        else
            enter(w, c, w->base + p->len - 1);
    }
}

void win_smooth(Window *w)
{
    xyPath *p = &w->cells;
    if (p->len < 3)
        return;
    w->way.len = 0;
    path_reserve(&w->way, p->len);
    p->len = smooth_cells(w->grid, p->cells, p->len, w->way.cells, w->scratch);
    rebuild(w);
}

size_t win_emit(Window *w, xyPath *out, size_t keep)
{
    xyPath *p = &w->cells;
    if (p->len <= keep + 1)
        return 0;
    size_t m = p->len - 1 - keep; /* cells handed out after the anchor */
    path_reserve(out, m);
    memcpy(out->cells + out->len, p->cells + 1, m * sizeof *p->cells);
    out->len += m;
    memmove(p->cells, p->cells + m, (p->len - m) * sizeof *p->cells);
    p->len -= m;
    w->base += m;
    return m;
}
