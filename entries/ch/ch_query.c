#include "ch_query.h"

#include <stdlib.h>
#include <string.h>

#include "../../common/grow.h"
#include "../../common/stamp.h"

bool ch_query_init(ChQuery *q, const ChGraph *g, const Grid *grid, Err *err)
{
    memset(q, 0, sizeof *q);
    q->g = g;
    size_t n = (size_t)g->n + 1;
    bool ok = true;
    for (int s = 0; s < 2; s++) {
        q->label[s] = calloc(n, sizeof *q->label[s]);
        ok = ok && q->label[s];
    }
    ok = ch_open_init(&q->open, (uint32_t)(2 * n)) && ok;
    q->chain = malloc(n * sizeof *q->chain);
    q->xy = malloc(n * sizeof *q->xy);
    q->stack_cap = 3 * 1024;
    q->stack = malloc(q->stack_cap * sizeof *q->stack);
    if (!ok || !q->chain || !q->stack || !q->xy) {
        ch_query_free(q);
        return err_set(err, "ch: out of memory for the query state");
    }
    for (uint32_t v = 0; v < g->n; v++)
        q->xy[v] = ch_xy(grid, g->cell[v]);
    return true;
}

void ch_query_aim(ChQuery *q, ChXY from, ChXY to)
{
    q->aim[0] = to;
    q->aim[1] = from;
}

void ch_query_free(ChQuery *q)
{
    free(q->xy);
    for (int s = 0; s < 2; s++)
        free(q->label[s]);
    ch_open_free(&q->open);
    free(q->stack);
    free(q->chain);
    memset(q, 0, sizeof *q);
}

/* Binary search over `first`, done only for the few nodes on the meeting
 * path. */
uint32_t ch_edge_owner(const ChGraph *g, uint32_t e)
{
    uint32_t lo = 0, hi = g->n; /* first[lo] <= e < first[hi] */
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (g->first[mid] <= e)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

static void emit(const ChQuery *q, uint32_t node, xyPath *out)
{
    path_push(out, (xyLoc){(int16_t)q->xy[node].x, (int16_t)q->xy[node].y});
}

/* An original move emits `to`, a shortcut with a shape emits its cells by
 * geometry, any other shortcut is its two halves. */
void ch_query_unpack_edge(ChQuery *q, uint32_t from, uint32_t to, uint32_t e, xyPath *out)
{
    const ChGraph *g = q->g;
    size_t top = 0;
    q->stack[top++] = from;
    q->stack[top++] = to;
    q->stack[top++] = e;
    while (top) {
        e = q->stack[--top];
        to = q->stack[--top];
        from = q->stack[--top];
        uint32_t aux = g->edge[e].aux;
        if (aux == CH_ORIGINAL) {
            emit(q, to, out);
            continue;
        }
        bool upward = g->edge[e].target == to; /* from is the lower end */
        int shape = (int)CH_SC_SHAPE(aux);
        if (shape != CH_SHAPE_NONE) { /* a shape is seen from the lower end; mirrored from the upper */
            ch_shape_emit(q->xy[from], q->xy[to], upward ? shape : 3 - shape, out);
            continue;
        }
        if (!GROW(q->stack, q->stack_cap, top + 6, 3 * 1024))
            abort();
        const ChShortcut *sc = &g->sc[CH_SC_INDEX(aux)];
        uint32_t second = upward ? sc->high : sc->low, first = upward ? sc->low : sc->high;
        q->stack[top++] = sc->mid; /* second half: mid -> to */
        q->stack[top++] = to;
        q->stack[top++] = second;
        q->stack[top++] = from; /* first half, popped first: from -> mid */
        q->stack[top++] = sc->mid;
        q->stack[top++] = first;
    }
}

/* The octile distance from v to the far end of `side`: a lower bound of
 * any grid path, and consistent, since every edge costs at least the octile
 * distance of its ends. */
static inline uint64_t aim_h(const ChQuery *q, int side, uint32_t v) { return ch_octile_xy(q->xy[v], q->aim[side]); }

/* Settles v on one side. Stall-on-demand first (§5: when a higher node w
 * already reaches v for less, v's label is not a shortest up-distance and
 * nothing above v needs it), then relaxation. Folding the stall test into the
 * relaxing pass (relaxations made before a stall is found are still lengths
 * of real paths) settled more nodes, because those early
 * relaxations push nodes the stall would have kept out; the separate pass
 * reads lines the relaxation reads again, so it costs little. */
static void settle(ChQuery *q, int side, uint32_t v, uint32_t stamp, uint64_t best)
{
    const ChGraph *g = q->g;
    ChLabel *lab = q->label[side];
    uint64_t dv = lab[v].dist;
    uint32_t begin = g->first[v], end = g->first[v + 1];
    bool stalled = false; /* branch-free: which edge stalls is unpredictable */
    for (uint32_t e = begin; e < end; e++) {
        const ChLabel *lw = &lab[g->edge[e].target];
        stalled |= (lw->stamp == stamp) & (lw->dist + g->edge[e].cost < dv);
    }
    if (stalled) {
        q->stalled++;
        return;
    }
    for (uint32_t e = begin; e < end; e++) {
        const ChEdge *edge = &g->edge[e];
        ChLabel *lw = &lab[edge->target];
        uint64_t d = dv + edge->cost;
        if (lw->stamp == stamp && d >= lw->dist)
            continue; /* no improvement */
        uint64_t key = d + aim_h(q, side, edge->target);
        if (key >= best)
            continue; /* even a straight run from there to the far end is no shorter */
        *lw = (ChLabel){d, stamp, e};
        ch_open_push_tag(&q->open, key, edge->target | (uint32_t)side << CH_SIDE, e);
    }
    q->scanned += end - begin;
}

/* Settles the entry of smallest key of either side until none is below
 * `best`; returns the meeting node, CH_NONE when none. One open list for
 * both sides instead of two taken in turn: each side still settles its
 * nodes in key order, and a side's search stops where it did (its smallest
 * key reaching `best`), but a step needs one heap top instead of two and no
 * turn-taking branches, a tenth of the branch mispredictions of a query on
 * small DAO maps. */
uint32_t ch_query_meet(ChQuery *q, const ChSeed *const seed[2], const uint32_t count[2])
{
    const ChGraph *g = q->g;
    StampArea marks[2] = {STAMP_FIELD(q->label[0], stamp, g->n), STAMP_FIELD(q->label[1], stamp, g->n)};
    uint32_t stamp = stamp_next(&q->stamp, marks, 2), meet = CH_NONE;
    uint64_t best = UINT64_MAX;
    q->queries++;
    q->open.n = 0;
    for (int side = 0; side < 2; side++) {
        for (uint32_t k = 0; k < count[side]; k++) {
            ChLabel *l = &q->label[side][seed[side][k].node];
            if (l->stamp == stamp && l->dist <= seed[side][k].dist)
                continue; /* seen twice: the nearer copy counts */
            *l = (ChLabel){seed[side][k].dist, stamp, CH_NONE};
            ch_open_push_tag(&q->open, seed[side][k].dist + aim_h(q, side, seed[side][k].node),
                             seed[side][k].node | (uint32_t)side << CH_SIDE, CH_NONE);
        }
    }
    while (q->open.n && q->open.item[0].key < best) {
        ChOpenItem top = ch_open_pop(&q->open);
        int side = (int)(top.node >> CH_SIDE);
        uint32_t v = top.node & ~(1u << CH_SIDE);
        ChLabel *mine = q->label[side], *other = q->label[side ^ 1];
        /* Stale: v's label was improved (through another edge) after this
         * entry was pushed. Comparing the edge costs no octile distance;
         * the only entries it misses are a seed listed twice, whose later
         * copy settles v again with the same distance and changes nothing. */
        if (top.tag != mine[v].via)
            continue;
        q->settled++;
        if (other[v].stamp == stamp && mine[v].dist + other[v].dist < best) {
            best = mine[v].dist + other[v].dist;
            meet = v;
        }
        settle(q, side, v, stamp, best);
    }
    return meet;
}

uint32_t ch_query_start(ChQuery *q, uint32_t meet)
{
    size_t n = 0;
    uint32_t v = meet;
    for (; q->label[0][v].via != CH_NONE; v = ch_edge_owner(q->g, q->label[0][v].via))
        q->chain[n++] = v;
    q->nchain = n;
    return v;
}

uint32_t ch_query_unpack(ChQuery *q, uint32_t meet, xyPath *out)
{
    const ChGraph *g = q->g;
    for (size_t i = q->nchain; i > 0; i--) {
        uint32_t v = q->chain[i - 1], e = q->label[0][v].via;
        ch_query_unpack_edge(q, ch_edge_owner(g, e), v, e, out);
    }
    uint32_t v = meet;
    while (q->label[1][v].via != CH_NONE) {
        uint32_t e = q->label[1][v].via, up = ch_edge_owner(g, e);
        ch_query_unpack_edge(q, v, up, e, out);
        v = up;
    }
    return v;
}

void ch_query_path(ChQuery *q, uint32_t src, uint32_t dst, xyPath *out)
{
    ch_query_aim(q, q->xy[src], q->xy[dst]);
    ChSeed a = {src, 0}, b = {dst, 0};
    const ChSeed *seed[2] = {&a, &b};
    const uint32_t count[2] = {1, 1};
    uint32_t meet = ch_query_meet(q, seed, count);
    if (meet == CH_NONE)
        return;
    emit(q, ch_query_start(q, meet), out);
    ch_query_unpack(q, meet, out);
}
