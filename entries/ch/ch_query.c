#include "ch_query.h"

#include <stdlib.h>
#include <string.h>

#include "../../common/stamp.h"

bool ch_query_init(ChQuery *q, const ChGraph *g, Err *err)
{
    memset(q, 0, sizeof *q);
    q->g = g;
    size_t n = (size_t)g->n + 1;
    bool ok = true;
    for (int s = 0; s < 2; s++) {
        q->label[s] = calloc(n, sizeof *q->label[s]);
        q->open[s].cap = (uint32_t)n;
        q->open[s].item = malloc(n * sizeof *q->open[s].item);
        ok = ok && q->label[s] && q->open[s].item;
    }
    q->chain = malloc(n * sizeof *q->chain);
    q->stack_cap = 3 * 1024;
    q->stack = malloc(q->stack_cap * sizeof *q->stack);
    if (!ok || !q->chain || !q->stack) {
        ch_query_free(q);
        return err_set(err, "ch: out of memory for the query state");
    }
    return true;
}

void ch_query_free(ChQuery *q)
{
    for (int s = 0; s < 2; s++) {
        free(q->label[s]);
        free(q->open[s].item);
    }
    free(q->stack);
    free(q->chain);
    memset(q, 0, sizeof *q);
}

/* A binary min-heap on the key; the caller skips stale entries. Sifting
 * down picks the smaller child without a branch: the comparison of two
 * children is a coin toss the predictor always loses, and at a few hundred
 * pops per query those mispredictions were the query's largest cost. */
static void open_push(ChOpen *o, uint64_t key, uint32_t node)
{
    if (o->n + 1 >= o->cap) { /* one spare slot lets open_pop read a missing right child */
        ChOpenItem *more = realloc(o->item, (size_t)o->cap * 2 * sizeof *more);
        if (!more)
            abort();
        o->item = more;
        o->cap *= 2;
    }
    uint32_t i = o->n++;
    while (i > 0 && o->item[(i - 1) / 2].key > key) {
        o->item[i] = o->item[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    o->item[i] = (ChOpenItem){key, node};
}

static ChOpenItem open_pop(ChOpen *o)
{
    ChOpenItem top = o->item[0], last = o->item[--o->n];
    uint32_t i = 0, n = o->n;
    o->item[n].key = UINT64_MAX; /* a missing right child never wins */
    for (uint32_t c = 1; c < n; c = 2 * i + 1) {
        c += o->item[c + 1].key < o->item[c].key;
        if (o->item[c].key >= last.key)
            break;
        o->item[i] = o->item[c];
        i = c;
    }
    o->item[i] = last;
    return top;
}

/* The node whose upward edges include e: binary search over `first`, done
 * only for the few nodes on the meeting path. */
static uint32_t ch_edge_owner(const ChGraph *g, uint32_t e)
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

/* The upward edge between `low` and `other`, stored at the lower-ranked `low`. */
static uint32_t find_edge(const ChGraph *g, uint32_t low, uint32_t other)
{
    for (uint32_t e = g->first[low]; e < g->first[low + 1]; e++)
        if (g->edge[e].target == other)
            return e;
    return CH_NONE;
}

static void emit(const ChGraph *g, const Grid *grid, uint32_t node, xyPath *out)
{
    int cell = (int)g->cell[node];
    path_push(out, (xyLoc){(int16_t)grid_index_x(grid, cell), (int16_t)grid_index_y(grid, cell)});
}

/* Appends the cells after `from` of edge e (from -> to), unpacking shortcuts. */
static void unpack(ChQuery *q, const Grid *grid, uint32_t from, uint32_t to, uint32_t e, xyPath *out)
{
    const ChGraph *g = q->g;
    size_t top = 0;
    q->stack[top++] = from;
    q->stack[top++] = to;
    q->stack[top++] = g->edge[e].middle;
    while (top) {
        uint32_t mid = q->stack[--top], b = q->stack[--top], a = q->stack[--top];
        if (mid == CH_NONE) {
            emit(g, grid, b, out);
            continue;
        }
        if (top + 6 > q->stack_cap) {
            q->stack_cap *= 2;
            uint32_t *ns = realloc(q->stack, q->stack_cap * sizeof *ns);
            if (!ns)
                abort();
            q->stack = ns;
        }
        /* The middle node ranks below both ends, so it stores both halves. */
        uint32_t e2 = find_edge(g, mid, b), e1 = find_edge(g, mid, a);
        q->stack[top++] = mid; /* second half: mid -> b */
        q->stack[top++] = b;
        q->stack[top++] = g->edge[e2].middle;
        q->stack[top++] = a; /* first half, popped first: a -> mid */
        q->stack[top++] = mid;
        q->stack[top++] = g->edge[e1].middle;
    }
}

/* Settles v on one side. Stall-on-demand first (§5: when a higher node w
 * already reaches v for less, v's label is not a shortest up-distance and
 * nothing above v needs it), then relaxation. Folding the stall test into the
 * relaxing pass (relaxations made before a stall is found are still lengths
 * of real paths) settled 13 % more nodes on arena2, because those early
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
        if (d >= best || (lw->stamp == stamp && d >= lw->dist))
            continue; /* cannot lead to a shorter meeting, or no improvement */
        *lw = (ChLabel){d, stamp, e};
        open_push(&q->open[side], d, edge->target);
    }
    q->scanned += end - begin;
}

/* Alternates the two sides until neither can improve `best`; returns the
 * meeting node, CH_NONE when none. */
static uint32_t meet_in_middle(ChQuery *q, uint32_t src, uint32_t dst)
{
    const ChGraph *g = q->g;
    StampArea marks[2] = {STAMP_FIELD(q->label[0], stamp, g->n), STAMP_FIELD(q->label[1], stamp, g->n)};
    uint32_t stamp = stamp_next(&q->stamp, marks, 2), ends[2] = {src, dst}, meet = CH_NONE;
    uint64_t best = UINT64_MAX;
    for (int side = 0; side < 2; side++) {
        q->open[side].n = 0;
        q->label[side][ends[side]] = (ChLabel){0, stamp, CH_NONE};
        open_push(&q->open[side], 0, ends[side]);
    }
    for (int side = 0;; side ^= 1) {
        bool live[2];
        for (int k = 0; k < 2; k++)
            live[k] = q->open[k].n > 0 && q->open[k].item[0].key < best;
        if (!live[0] && !live[1])
            break;
        if (!live[side])
            side ^= 1;
        ChLabel *mine = q->label[side], *other = q->label[side ^ 1];
        ChOpenItem top = open_pop(&q->open[side]);
        uint32_t v = top.node;
        if (top.key != mine[v].dist)
            continue; /* stale: v was pushed again with a smaller key */
        q->settled++;
        if (other[v].stamp == stamp && mine[v].dist + other[v].dist < best) {
            best = mine[v].dist + other[v].dist;
            meet = v;
        }
        settle(q, side, v, stamp, best);
    }
    return meet;
}

void ch_query_path(ChQuery *q, const Grid *grid, uint32_t src, uint32_t dst, xyPath *out)
{
    q->queries++;
    uint32_t meet = meet_in_middle(q, src, dst);
    if (meet == CH_NONE)
        return;
    /* Forward chain src .. meet, then the backward chain meet .. dst. */
    const ChGraph *g = q->g;
    size_t n = 0;
    for (uint32_t v = meet; v != src; v = ch_edge_owner(g, q->label[0][v].via))
        q->chain[n++] = v;
    emit(g, grid, src, out);
    for (size_t i = n; i > 0; i--) {
        uint32_t v = q->chain[i - 1], e = q->label[0][v].via;
        unpack(q, grid, ch_edge_owner(g, e), v, e, out);
    }
    for (uint32_t v = meet; v != dst;) {
        uint32_t e = q->label[1][v].via, up = ch_edge_owner(g, e);
        unpack(q, grid, v, up, e, out);
        v = up;
    }
}
