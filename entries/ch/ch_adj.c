/* The contraction's arc pool (ch_adj.h). */
#include "ch_adj.h"

#include <stdlib.h>
#include <string.h>

bool ch_adj_init(ChAdj *a, const Grid *g, uint32_t n, const int32_t *node_of, const uint32_t *cell)
{
    memset(a, 0, sizeof *a);
    a->n = n;
    a->maxdeg = 8;
    a->node_of = node_of;
    a->cell = cell;
    a->at = calloc((size_t)n + 1, sizeof *a->at);
    a->len = calloc((size_t)n + 1, sizeof *a->len);
    a->room = calloc((size_t)n + 1, sizeof *a->room);
    a->moves = calloc((size_t)n + 1, 1);
    a->row = calloc((size_t)n + 1, sizeof *a->row);
    a->cap = 1024; /* never NULL, so ch_adj_arcs of an empty list is a real pointer */
    a->pool = malloc(a->cap * sizeof *a->pool);
    if (!a->at || !a->len || !a->room || !a->moves || !a->row || !a->pool)
        return false;
    for (int d = 0; d < 8; d++)
        a->offset[d] = grid_dir_offset(g, d);
    for (uint32_t v = 0; v < n; v++) {
        int x = grid_index_x(g, (int)cell[v]), y = grid_index_y(g, (int)cell[v]);
        for (int d = 0; d < 8; d++)
            if (grid_move_legal(g, x, y, d))
                a->moves[v] |= (uint8_t)(1u << d);
        a->row[v][0] = (uint32_t)node_of[(int)cell[v] - g->stride]; /* -1 (unused) where blocked */
        a->row[v][1] = (uint32_t)node_of[(int)cell[v] + g->stride];
    }
    return true;
}

int ch_adj_dir(const ChAdj *a, uint32_t v, uint32_t w)
{
    int delta = (int)a->cell[w] - (int)a->cell[v];
    for (int d = 0; d < 8; d++)
        if (a->offset[d] == delta)
            return d;
    return -1;
}

void ch_adj_free(ChAdj *a)
{
    free(a->pool);
    free(a->at);
    free(a->len);
    free(a->room);
    free(a->moves);
    free(a->row);
    memset(a, 0, sizeof *a);
}

typedef struct Place {
    uint32_t at, node;
} Place;

static int by_place(const void *x, const void *y)
{
    const Place *p = x, *q = y;
    return (p->at > q->at) - (p->at < q->at);
}

/* Slides the live lists down in pool order (each moves only down, so in
 * place), then gives the pool's tail back. */
static bool compact(ChAdj *a)
{
    size_t live = 0;
    for (uint32_t v = 0; v < a->n; v++)
        live += a->room[v] > 0;
    Place *p = malloc((live ? live : 1) * sizeof *p);
    if (!p)
        return false;
    size_t k = 0;
    for (uint32_t v = 0; v < a->n; v++)
        if (a->room[v])
            p[k++] = (Place){a->at[v], v};
    qsort(p, live, sizeof *p, by_place);
    size_t to = 0;
    for (size_t i = 0; i < live; i++) {
        uint32_t v = p[i].node;
        memmove(a->pool + to, a->pool + a->at[v], a->len[v] * sizeof *a->pool);
        a->at[v] = (uint32_t)to;
        to += a->room[v];
    }
    free(p);
    a->used = to;
    a->garbage = 0;
    size_t cap = to + to / 4 + 64; /* a shrink to the compacted pool, not grow.h */
    ChArc *fit = cap < a->cap ? realloc(a->pool, cap * sizeof *fit) : NULL;
    if (fit) {
        a->pool = fit;
        a->cap = cap;
    }
    return true;
}

/* Garbage past a quarter of the pool, and past a quarter of the node count
 * (each compaction reads every node's slot, so it must free that much). */
static bool worth_compacting(const ChAdj *a) { return a->garbage > a->used / 4 && a->garbage > a->n / 4 + 1024; }

bool ch_adj_push(ChAdj *a, uint32_t v, ChArc arc)
{
    if (a->len[v] == a->room[v]) { /* move the list to the pool's end, with room to grow */
        uint32_t room = a->room[v] < 4 ? 8 : a->room[v] + a->room[v] / 2;
        if (worth_compacting(a) && !compact(a))
            return false;
        if (a->used + room > a->cap) {
            /* Not grow.h's doubling: 1.5x, as compaction reclaims moved lists. */
            size_t cap = a->cap + a->cap / 2 + room + 1024;
            ChArc *more = realloc(a->pool, cap * sizeof *more);
            if (!more)
                return false;
            a->pool = more;
            a->cap = cap;
        }
        memcpy(a->pool + a->used, a->pool + a->at[v], a->len[v] * sizeof *a->pool);
        a->garbage += a->room[v];
        a->at[v] = (uint32_t)a->used;
        a->room[v] = room;
        a->used += room;
        if (a->maxdeg < room + 8)
            a->maxdeg = room + 8;
    }
    a->pool[a->at[v] + a->len[v]++] = arc;
    return true;
}

/* Directions 0-3 and 4-7 are each a turn of the compass (grid.h): the
 * opposite is two steps on. */
static int opposite(int d) { return d < 4 ? (d + 2) % 4 : 4 + (d - 2) % 4; }

bool ch_adj_drop(ChAdj *a, uint32_t v)
{
    for (int d = 0; d < 8; d++)
        if (a->moves[v] >> d & 1) {
            uint32_t u = ch_adj_move(a, v, d);
            a->moves[u] &= (uint8_t) ~(1u << opposite(d));
        }
    a->moves[v] = 0;
    a->garbage += a->room[v];
    a->len[v] = a->room[v] = 0;
    return !worth_compacting(a) || compact(a);
}
