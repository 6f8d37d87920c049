/* Packing the contracted hierarchy (ch_up.h) under the final node numbering
 * (ch.h, "Layout") and streaming it into a sink: the preprocessing's file
 * or an in-memory ChGraph. */
#include <stdlib.h>
#include <string.h>

#include "ch.h"
#include "ch_up.h"

static uint64_t spread_bits(uint32_t v)
{
    uint64_t x = v;
    x = (x | (x << 16)) & 0x0000FFFF0000FFFFull;
    x = (x | (x << 8)) & 0x00FF00FF00FF00FFull;
    x = (x | (x << 4)) & 0x0F0F0F0F0F0F0F0Full;
    x = (x | (x << 2)) & 0x3333333333333333ull;
    x = (x | (x << 1)) & 0x5555555555555555ull;
    return x;
}

typedef struct SortKey {
    uint64_t key;
    uint32_t node;
} SortKey;

static int by_key(const void *a, const void *b)
{
    const SortKey *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key;
}

/* Node numbering (§ layout in ch.h): the top 1/CH_TOP_SHARE of the order by
 * rank, then the rest along a Z-order curve of their cells. */
#define CH_TOP_SHARE 20

/* A node's edges are its upward moves in direction order, then its upward
 * shortcuts. The target of v's move in direction d: */
static uint32_t move_target(const ChUp *up, const Grid *g, uint32_t v, int d)
{
    return (uint32_t)up->node_of[(int)up->cell[v] + grid_dir_offset(g, d)];
}

/* The index in the final edge array of from's arc to `to`. */
static uint32_t edge_to(const ChUp *up, const Grid *g, const uint32_t *first, const uint32_t *id_of, uint32_t from,
                        uint32_t to)
{
    uint32_t k = 0;
    for (int d = 0; d < 8; d++)
        if (up->moves[from] >> d & 1) {
            if (move_target(up, g, from, d) == to)
                return first[id_of[from]] + k;
            k++;
        }
    const ChArc *a = up->arc + up->start[from];
    for (uint32_t j = 0; j < up->count[from]; j++)
        if (a[j].to == to)
            return first[id_of[from]] + k + j;
    return CH_NONE; /* cannot happen: the middle node's arcs made the shortcut */
}

/* Streams `up` into the sink: node arrays, then edges, then shortcut
 * records, both in the final order (a shortcut's index is its place among
 * the edges that are shortcuts). *oom tells an allocation failure from the
 * sink stopping. */
static bool pack(const ChUp *up, const Grid *g, const ChSink *sink, bool *oom)
{
    uint32_t n = up->n;
    size_t n1 = (size_t)n + 1;
    SortKey *keys = malloc(n1 * sizeof *keys);
    uint32_t *id_of = malloc(n1 * sizeof *id_of), *first = malloc(n1 * sizeof *first);
    uint32_t *cell = malloc(n1 * sizeof *cell), *rank = malloc(n1 * sizeof *rank);
    bool ok = keys && id_of && first && cell && rank;
    *oom = !ok;
    uint32_t top = n / CH_TOP_SHARE, shortcuts = 0;
    for (uint32_t v = 0; ok && v < n; v++) {
        uint32_t x = (uint32_t)grid_index_x(g, (int)up->cell[v]), y = (uint32_t)grid_index_y(g, (int)up->cell[v]);
        uint64_t from_top = n - 1 - up->rank[v];
        uint64_t key = from_top < top ? from_top : (1ull << 62) | spread_bits(x) | spread_bits(y) << 1;
        keys[v] = (SortKey){key, v};
    }
    if (ok) {
        qsort(keys, n, sizeof *keys, by_key);
        for (uint32_t i = 0; i < n; i++)
            id_of[keys[i].node] = i;
    }
    uint64_t m = 0;
    for (uint32_t i = 0; ok && i < n; i++) {
        uint32_t v = keys[i].node;
        first[i] = (uint32_t)m;
        for (uint8_t bits = up->moves[v]; bits; bits &= (uint8_t)(bits - 1))
            m++;
        m += up->count[v];
        cell[i] = up->cell[v];
        rank[i] = up->rank[v];
    }
    shortcuts = (uint32_t)up->narc;
    if (ok) {
        first[n] = (uint32_t)m;
        ok = sink->nodes(sink->ctx, n, (uint32_t)m, shortcuts, cell, rank, first);
    }
    free(cell);
    free(rank);
    cell = rank = NULL;
    uint32_t s = 0;
    for (uint32_t i = 0; ok && i < n; i++) {
        uint32_t v = keys[i].node;
        for (int d = 0; ok && d < 8; d++)
            if (up->moves[v] >> d & 1) {
                ChEdge e = {id_of[move_target(up, g, v, d)], CH_ORIGINAL, GRID_DIR_IS_DIAGONAL(d) ? CH_DIAG : CH_CARD};
                ok = sink->edge(sink->ctx, &e);
            }
        const ChArc *a = up->arc + up->start[v];
        for (uint32_t k = 0; ok && k < up->count[v]; k++) {
            uint32_t aux = s++ | (uint32_t)ch_shape_of(g, up->cell[v], up->cell[a[k].to], a[k].cost) << 30;
            ChEdge e = {id_of[a[k].to], aux, a[k].cost};
            ok = sink->edge(sink->ctx, &e);
        }
    }
    for (uint32_t i = 0; ok && i < n; i++) {
        uint32_t v = keys[i].node;
        const ChArc *a = up->arc + up->start[v];
        for (uint32_t k = 0; ok && k < up->count[v]; k++) {
            ChShortcut r = {id_of[a[k].mid], edge_to(up, g, first, id_of, a[k].mid, v),
                            edge_to(up, g, first, id_of, a[k].mid, a[k].to)};
            ok = sink->shortcut(sink->ctx, &r);
        }
    }
    free(keys);
    free(id_of);
    free(first);
    return ok;
}

bool ch_build_into(const Grid *g, const ChBuildConfig *cfg, const ChSink *sink, Err *err)
{
    ChUp up;
    if (!ch_contract(&up, g, cfg, err))
        return false;
    bool oom = false, ok = pack(&up, g, sink, &oom);
    ch_up_free(&up);
    if (oom)
        return err_set(err, "ch: out of memory packing a %dx%d map", g->width, g->height);
    return ok;
}

/* The in-memory sink: fills a ChGraph. */
typedef struct GraphSink {
    ChGraph *ch;
    uint32_t edges, shortcuts; /* filled so far */
    bool oom;
} GraphSink;

static uint32_t *copy_u32s(const uint32_t *v, size_t n)
{
    uint32_t *c = malloc((n ? n : 1) * sizeof *c);
    if (c)
        memcpy(c, v, n * sizeof *c);
    return c;
}

static bool graph_nodes(void *ctx, uint32_t n, uint32_t m, uint32_t shortcuts, const uint32_t *cell,
                        const uint32_t *rank, const uint32_t *first)
{
    ChGraph *ch = ((GraphSink *)ctx)->ch;
    ch->n = n;
    ch->m = m;
    ch->shortcuts = shortcuts;
    ch->cell = copy_u32s(cell, n);
    ch->rank = copy_u32s(rank, n);
    ch->first = copy_u32s(first, (size_t)n + 1);
    ch->edge = malloc(((size_t)m + 1) * sizeof *ch->edge);
    ch->sc = malloc(((size_t)shortcuts + 1) * sizeof *ch->sc);
    ((GraphSink *)ctx)->oom = !(ch->cell && ch->rank && ch->first && ch->edge && ch->sc);
    return !((GraphSink *)ctx)->oom;
}

static bool graph_edge(void *ctx, const ChEdge *e)
{
    GraphSink *s = ctx;
    s->ch->edge[s->edges++] = *e;
    return true;
}

static bool graph_shortcut(void *ctx, const ChShortcut *r)
{
    GraphSink *s = ctx;
    s->ch->sc[s->shortcuts++] = *r;
    return true;
}

bool ch_build(ChGraph *ch, const Grid *g, const ChBuildConfig *cfg, Err *err)
{
    memset(ch, 0, sizeof *ch);
    GraphSink gs = {ch, 0, 0, false};
    ChSink sink = {&gs, graph_nodes, graph_edge, graph_shortcut};
    if (ch_build_into(g, cfg, &sink, err))
        return true;
    ch_free(ch);
    return gs.oom ? err_set(err, "ch: out of memory for a %dx%d map", g->width, g->height) : false;
}

void ch_free(ChGraph *ch)
{
    free(ch->cell);
    free(ch->rank);
    free(ch->first);
    free(ch->edge);
    free(ch->sc);
    memset(ch, 0, sizeof *ch);
}

size_t ch_bytes(const ChGraph *ch)
{
    return (size_t)ch->n * 8 + ((size_t)ch->n + 1) * 4 + (size_t)ch->m * sizeof(ChEdge) +
           (size_t)ch->shortcuts * sizeof(ChShortcut);
}
