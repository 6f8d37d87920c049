/* entries/ch: Contraction Hierarchies (ch.h). PreprocessMap contracts the grid
 * graph and writes the upward graph; a query is a bidirectional Dijkstra over
 * upward edges with stall-on-demand, and the path is the shortcuts unpacked
 * through their middle nodes into cells. Option: witness=N (settled-node bound
 * of witness searches, default 100).
 * File: common header (entry "ch"), u32 n, u32 m, u32 shortcuts, then n x u32
 * cells (by rank), (n+1) x u32 first, m x (u32 target, u32 middle, u64 cost),
 * u64 FNV-1a of all that; checked in full on load. A rejected file is rebuilt
 * in memory (said on stderr). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../Entry.h"
#include "../../common/binio.h"
#include "../../search/heap.h"
#include "ch.h"

#define CH_FILE_VERSION 1

typedef struct QNode {
    uint64_t dist;
    uint32_t stamp;
    int32_t heap_pos;
    uint32_t parent;           /* predecessor node on this side */
    uint32_t edge;             /* the upward edge used (at the lower endpoint) */
} QNode;

typedef struct Ch {
    Grid grid;
    ChGraph g;
    QNode *q[2];
    Heap open[2];
    uint32_t stamp;
    int32_t *node_of;          /* padded cell -> node, -1 blocked */
    uint32_t *stack;           /* unpacking, 3 words per frame */
    size_t stack_cap;
    uint32_t *chain;
    uint64_t expanded;
    int witness;
} Ch;

static const char *const KNOWN[] = {"witness", NULL};

static bool ch_check_options(const EntryOpts *opts, Err *err)
{
    int w;
    return opts_only(opts, KNOWN, "ch", err) && opts_int(opts, "witness", 1, 100000, 100, &w, "ch", err);
}

static FileHeader header_for(const Grid *g)
{
    FileHeader h = {CH_FILE_VERSION, "ch", (uint32_t)g->width, (uint32_t)g->height, grid_checksum(g)};
    return h;
}

static void put_u32s(BinFile *f, uint64_t *sum, const uint32_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        bin_put_u32(f, v[i]);
    *sum = bin_fnv1a(*sum, v, n * 4);
}

static bool ch_preprocess(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    int witness;
    ChGraph g;
    if (!opts_int(opts, "witness", 1, 100000, 100, &witness, "ch", err) || !ch_build(&g, map, witness, err))
        return false;
    FILE *fp = fopen(file, "wb");
    bool ok = fp != NULL;
    if (ok) {
        BinFile f = {fp, file, false};
        FileHeader h = header_for(map);
        bin_put_header(&f, &h);
        uint64_t sum = BIN_FNV_SEED;
        uint32_t head[3] = {g.n, g.m, g.shortcuts};
        put_u32s(&f, &sum, head, 3);
        put_u32s(&f, &sum, g.cell, g.n);
        put_u32s(&f, &sum, g.first, (size_t)g.n + 1);
        for (uint32_t i = 0; i < g.m; i++) {
            bin_put_u32(&f, g.edge[i].target);
            bin_put_u32(&f, g.edge[i].middle);
            bin_put_u64(&f, g.edge[i].cost);
            sum = bin_fnv1a(sum, &g.edge[i], sizeof g.edge[i]);
        }
        bin_put_u64(&f, sum);
        ok = fclose(fp) == 0 && !f.failed;
    }
    ch_free(&g);
    return ok || err_set(err, "%s: cannot write the preprocessing file", file);
}

static uint32_t *get_u32s(BinFile *f, uint64_t *sum, size_t n)
{
    uint32_t *v = malloc((n ? n : 1) * sizeof *v);
    if (!v)
        return NULL;
    for (size_t i = 0; i < n; i++)
        v[i] = bin_get_u32(f);
    *sum = bin_fnv1a(*sum, v, n * 4);
    return v;
}

/* Every field checked against the grid: a bad file is never trusted. */
static bool check_graph(const ChGraph *g, const Grid *grid, const int32_t *node_of, Err *err, const char *file)
{
    size_t cells = (size_t)(grid->height + 2) * grid->stride;
    for (uint32_t v = 0; v < g->n; v++)
        if (g->cell[v] >= cells || node_of[g->cell[v]] != (int32_t)v || g->first[v] > g->first[v + 1])
            return err_set(err, "%s: node %u does not match the map", file, v);
    if (g->first[g->n] != g->m)
        return err_set(err, "%s: edge count differs", file);
    for (uint32_t v = 0; v < g->n; v++)
        for (uint32_t e = g->first[v]; e < g->first[v + 1]; e++) {
            uint32_t w = g->edge[e].target, mid = g->edge[e].middle;
            /* Upward: targets rank higher (lower id); a middle ranks below both. */
            if (w >= v || (mid != CH_NONE && (mid >= g->n || mid <= v)) || g->edge[e].cost == 0)
                return err_set(err, "%s: edge %u out of range or not upward", file, e);
            if (mid == CH_NONE) {
                int dx = (int)(g->cell[w] % (uint32_t)grid->stride) - (int)(g->cell[v] % (uint32_t)grid->stride);
                int dy = (int)(g->cell[w] / (uint32_t)grid->stride) - (int)(g->cell[v] / (uint32_t)grid->stride);
                int d = 0;
                while (d < 8 && (GRID_DX[d] != dx || GRID_DY[d] != dy))
                    d++;
                int x = grid_index_x(grid, (int)g->cell[v]), y = grid_index_y(grid, (int)g->cell[v]);
                if (d == 8 || !grid_move_legal(grid, x, y, d) ||
                    g->edge[e].cost != (GRID_DIR_IS_DIAGONAL(d) ? CH_DIAG : CH_CARD))
                    return err_set(err, "%s: edge %u is not a legal move", file, e);
            }
        }
    return true;
}

/* node_of from the node -> cell map (-1 for cells that are no node). */
static bool index_nodes(Ch *c)
{
    size_t cells = (size_t)(c->grid.height + 2) * c->grid.stride;
    for (size_t i = 0; i < cells; i++)
        c->node_of[i] = -1;
    for (uint32_t v = 0; v < c->g.n; v++) {
        if (c->g.cell[v] >= cells || !c->grid.cells[c->g.cell[v]] || c->node_of[c->g.cell[v]] >= 0)
            return false;
        c->node_of[c->g.cell[v]] = (int32_t)v;
    }
    return true;
}

static bool load(Ch *c, const char *file, Err *err)
{
    FILE *fp = fopen(file, "rb");
    if (!fp)
        return err_set(err, "%s: cannot open (not preprocessed?)", file);
    BinFile f = {fp, file, false};
    FileHeader want = header_for(&c->grid);
    bool ok = bin_check_header(&f, &want, err);
    ChGraph *g = &c->g;
    if (ok) {
        uint64_t sum = BIN_FNV_SEED;
        uint32_t *head = get_u32s(&f, &sum, 3);
        ok = head && !f.failed && head[0] == grid_count_passable(&c->grid) && head[1] < (1u << 30);
        if (ok) {
            g->n = head[0];
            g->m = head[1];
            g->shortcuts = head[2];
            g->cell = get_u32s(&f, &sum, g->n);
            g->first = get_u32s(&f, &sum, (size_t)g->n + 1);
            g->edge = malloc(((size_t)g->m + 1) * sizeof *g->edge);
            ok = g->cell && g->first && g->edge;
            for (uint32_t i = 0; ok && i < g->m && !f.failed; i++) {
                g->edge[i].target = bin_get_u32(&f);
                g->edge[i].middle = bin_get_u32(&f);
                g->edge[i].cost = bin_get_u64(&f);
                sum = bin_fnv1a(sum, &g->edge[i], sizeof g->edge[i]);
            }
            uint64_t stored = bin_get_u64(&f);
            if (f.failed)
                ok = err_set(err, "%s: truncated file", file);
            else if (ok && stored != sum)
                ok = err_set(err, "%s: checksum differs (corrupt file)", file);
            else if (ok && fgetc(fp) != EOF)
                ok = err_set(err, "%s: trailing bytes", file);
        } else {
            ok = err_set(err, "%s: %s", file, f.failed ? "truncated file" : "node count does not match the map");
        }
        free(head);
    }
    fclose(fp);
    if (ok && !index_nodes(c))
        ok = err_set(err, "%s: node cells are not the map's passable cells", file);
    if (ok)
        ok = check_graph(g, &c->grid, c->node_of, err, file);
    if (!ok)
        ch_free(g);
    return ok;
}

static void ch_destroy(void *inst)
{
    Ch *c = inst;
    if (!c)
        return;
    ch_free(&c->g);
    for (int s = 0; s < 2; s++) {
        free(c->q[s]);
        heap_free(&c->open[s]);
    }
    free(c->node_of);
    free(c->stack);
    free(c->chain);
    grid_free(&c->grid);
    free(c);
}

static void *ch_prepare(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    Ch *c = calloc(1, sizeof *c);
    if (!c || !ch_check_options(opts, err) || !grid_copy(&c->grid, map, err)) {
        if (!c)
            err_set(err, "ch: out of memory");
        ch_destroy(c);
        return NULL;
    }
    opts_int(opts, "witness", 1, 100000, 100, &c->witness, "ch", err);
    size_t cells = (size_t)(map->height + 2) * c->grid.stride;
    c->node_of = malloc(cells * sizeof *c->node_of);
    if (!c->node_of) {
        ch_destroy(c);
        return NULL;
    }
    Err why;
    if (!load(c, file, &why)) {
        fprintf(stderr, "ch: rejected %s; rebuilding in memory\n", why.msg);
        if (!ch_build(&c->g, &c->grid, c->witness, err)) {
            ch_destroy(c);
            return NULL;
        }
        index_nodes(c);
    }
    size_t n = (size_t)c->g.n + 1;
    for (int s = 0; s < 2; s++) {
        c->q[s] = calloc(n, sizeof *c->q[s]);
        if (!c->q[s] || !heap_init(&c->open[s], (uint32_t)n, &c->q[s][0].heap_pos, sizeof *c->q[s])) {
            err_set(err, "ch: out of memory");
            ch_destroy(c);
            return NULL;
        }
    }
    c->chain = malloc(n * sizeof *c->chain);
    c->stack_cap = 3 * 1024;
    c->stack = malloc(c->stack_cap * sizeof *c->stack);
    if (!c->chain || !c->stack) {
        err_set(err, "ch: out of memory");
        ch_destroy(c);
        return NULL;
    }
    return c;
}

/* The upward edge between x and y, stored at the lower-ranked endpoint `low`. */
static uint32_t find_edge(const ChGraph *g, uint32_t low, uint32_t other)
{
    for (uint32_t e = g->first[low]; e < g->first[low + 1]; e++)
        if (g->edge[e].target == other)
            return e;
    return CH_NONE;
}

static void emit(const Ch *c, uint32_t node, xyPath *out)
{
    uint32_t cell = c->g.cell[node];
    path_push(out, (xyLoc){(int16_t)grid_index_x(&c->grid, (int)cell), (int16_t)grid_index_y(&c->grid, (int)cell)});
}

/* Appends the cells after `from` of edge e (from -> to), unpacking shortcuts. */
static void unpack(Ch *c, uint32_t from, uint32_t to, uint32_t e, xyPath *out)
{
    size_t top = 0;
    c->stack[top++] = from;
    c->stack[top++] = to;
    c->stack[top++] = c->g.edge[e].middle;
    while (top) {
        uint32_t mid = c->stack[--top], b = c->stack[--top], a = c->stack[--top];
        if (mid == CH_NONE) {
            emit(c, b, out);
            continue;
        }
        if (top + 6 > c->stack_cap) {
            c->stack_cap *= 2;
            uint32_t *ns = realloc(c->stack, c->stack_cap * sizeof *ns);
            if (!ns)
                abort();
            c->stack = ns;
        }
        /* The middle node ranks below both ends, so it stores both halves. */
        uint32_t e2 = find_edge(&c->g, mid, b), e1 = find_edge(&c->g, mid, a);
        c->stack[top++] = mid; /* second half: mid -> b */
        c->stack[top++] = b;
        c->stack[top++] = c->g.edge[e2].middle;
        c->stack[top++] = a; /* first half, popped first: a -> mid */
        c->stack[top++] = mid;
        c->stack[top++] = c->g.edge[e1].middle;
    }
}

static bool ch_get_path(void *inst, xyLoc s, xyLoc t, xyPath *path)
{
    Ch *c = inst;
    const ChGraph *g = &c->g;
    if (!grid_passable(&c->grid, s.x, s.y) || !grid_passable(&c->grid, t.x, t.y))
        return true;
    uint32_t src = (uint32_t)c->node_of[grid_index(&c->grid, s.x, s.y)];
    uint32_t dst = (uint32_t)c->node_of[grid_index(&c->grid, t.x, t.y)];
    if (++c->stamp == 0) {
        for (int side = 0; side < 2; side++)
            for (uint32_t i = 0; i < g->n; i++)
                c->q[side][i].stamp = 0;
        c->stamp = 1;
    }
    uint32_t stamp = c->stamp, ends[2] = {src, dst}, meet = CH_NONE;
    uint64_t best = UINT64_MAX;
    for (int side = 0; side < 2; side++) {
        heap_clear(&c->open[side]);
        c->q[side][ends[side]] = (QNode){0, stamp, 0, ends[side], CH_NONE};
        heap_push(&c->open[side], ends[side], 0, 0);
    }
    for (int side = 0;; side ^= 1) {
        bool live[2];
        for (int k = 0; k < 2; k++)
            live[k] = !heap_empty(&c->open[k]) && heap_top(&c->open[k])->f < (double)best;
        if (!live[0] && !live[1])
            break;
        if (!live[side])
            side ^= 1;
        QNode *q = c->q[side], *o = c->q[side ^ 1];
        uint32_t v = heap_pop(&c->open[side]).id;
        q[v].heap_pos = -1;
        c->expanded++;
        if (o[v].stamp == stamp && q[v].dist + o[v].dist < best) {
            best = q[v].dist + o[v].dist;
            meet = v;
        }
        bool stalled = false; /* stall-on-demand: a higher node reaches v for less */
        for (uint32_t e = g->first[v]; e < g->first[v + 1] && !stalled; e++) {
            uint32_t w = g->edge[e].target;
            stalled = q[w].stamp == stamp && q[w].dist + g->edge[e].cost < q[v].dist;
        }
        if (stalled)
            continue;
        for (uint32_t e = g->first[v]; e < g->first[v + 1]; e++) {
            uint32_t w = g->edge[e].target;
            uint64_t d = q[v].dist + g->edge[e].cost;
            if (d >= best) /* cannot lead to a shorter meeting */
                continue;
            if (q[w].stamp != stamp) {
                q[w] = (QNode){d, stamp, 0, v, e};
                heap_push(&c->open[side], w, (double)d, 0);
            } else if (q[w].heap_pos >= 0 && d < q[w].dist) {
                q[w].dist = d;
                q[w].parent = v;
                q[w].edge = e;
                heap_decrease(&c->open[side], w, (double)d, 0);
            }
        }
    }
    if (meet == CH_NONE)
        return true;
    /* Forward chain s .. meet, then the backward chain meet .. t. */
    size_t n = 0;
    for (uint32_t v = meet; v != src; v = c->q[0][v].parent)
        c->chain[n++] = v;
    emit(c, src, path);
    for (size_t i = n; i > 0; i--) {
        uint32_t v = c->chain[i - 1];
        unpack(c, c->q[0][v].parent, v, c->q[0][v].edge, path);
    }
    for (uint32_t v = meet; v != dst; v = c->q[1][v].parent)
        unpack(c, v, c->q[1][v].parent, c->q[1][v].edge, path);
    return true;
}

static void ch_counters(void *inst, EntryCounters *out, bool detail)
{
    Ch *c = inst;
    out->expanded = c->expanded;
    if (!detail)
        return;
    counters_add(out, "nodes", c->g.n);
    counters_add(out, "up_edges", c->g.m);
    counters_add(out, "shortcuts", c->g.shortcuts);
    counters_add(out, "ch_bytes", (double)ch_bytes(&c->g));
}

const Entry ENTRY_CH = {
    .name = "ch",
    .summary = "Contraction Hierarchies: contracted grid graph, bidirectional upward search; optimal (witness=N)",
    .subopt_bound = 1.0,
    .check_options = ch_check_options,
    .preprocess = ch_preprocess,
    .prepare = ch_prepare,
    .get_path = ch_get_path,
    .counters = ch_counters,
    .destroy = ch_destroy,
};
