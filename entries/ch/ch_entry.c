/* entries/ch: Contraction Hierarchies (ch.h). PreprocessMap contracts the
 * subgoal graph (graph=subgoal, ch_sg.c) or the grid graph (graph=grid,
 * ch_build.c), by default (graph=auto) the one resolve_graph picks, and
 * writes the upward graph; GetPath is
 * ch_query.h, seeded on the subgoal graph with the subgoals each end reaches
 * directly (search/subgoal.h's scan), where on the subgoal graph the hub
 * labels of ch_hub.h (built when loading) take the search's place. Options:
 * graph, witness=N (settled-node bound of witness searches, default
 * CH_WITNESS_DEFAULT), exact=1 (grid: price nodes by full witness searches,
 * ch.h ChBuildConfig.exact_order), hubs=K (CH_HUBS_DEFAULT; 0: no labels).
 * File (docs/ARCHITECTURE.md "Files"): common header (entry "ch", version
 * 4), u32 graph, u32 n, u32 m, u32 shortcuts, then n x u32 cells, n x u32
 * ranks, (n+1) x u32 first, m x (u32 target, u32 aux, u64 cost), shortcuts
 * x (u32 mid, u32 low, u32 high), u64 FNV-1a of all that; checked in full
 * on load. A rejected file is rebuilt in memory (said on stderr). The grid
 * graph's file is written while the hierarchy is packed (ch_up.h's sink),
 * never held whole next to the contraction's arcs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/binio.h"
#include "../entry.h"
#include "ch.h"
#include "ch_hub.h"
#include "ch_query.h"
#include "ch_up.h"

#define CH_FILE_VERSION 4
/* 500 settled nodes per witness search: against 100, fewer shortcuts and
 * fewer nodes settled per query on DAO maps for a slightly longer build;
 * beyond 500 nothing changed (docs/entries/ch.md). */
#define CH_WITNESS_DEFAULT 500
/* Hub labels (ch_hub.h) are built while they average at most this many
 * entries per node: DAO maps stay far below it, and there the labels
 * answered faster than the search on every map measured
 * (docs/entries/ch.md); the bound only keeps an unforeseen graph's labels
 * from growing without limit (the search is then used). */
#define CH_HUBS_DEFAULT 256

enum { GRAPH_SUBGOAL = 0, GRAPH_GRID = 1, GRAPH_AUTO = 2 };

typedef struct Ch {
    Grid grid;
    ChGraph g;
    ChQuery query;
    int32_t *node_of; /* padded cell -> node, -1: no node (blocked, or not a subgoal) */
    ChBuildConfig build;
    int graph;      /* GRAPH_SUBGOAL or GRAPH_GRID (graph=auto resolved) */
    SubGraph sg;    /* graph=subgoal: the subgoal marks and clearances the scans read (no edges) */
    uint32_t *scan; /* graph=subgoal: one end's scan (sub_scan_cap cells) */
    ChSeed *seed[2];
    ChHubs hubs; /* graph=subgoal: hub labels when small (ch_hub.h), else hubs.n == 0 */
    int hub_cap; /* option hubs: label entries per node at most, on average */
} Ch;

static const char *const KNOWN[] = {"witness", "exact", "graph", "hubs", NULL};
static const char *const GRAPHS[] = {"subgoal", "grid", "auto", NULL};

/* The options, checked; cfg, graph and hubs may be NULL. */
static bool read_options(const EntryOpts *opts, ChBuildConfig *cfg, int *graph, int *hubs, Err *err)
{
    ChBuildConfig c = {0};
    int exact, gr, hb;
    if (!opts_only(opts, KNOWN, "ch", err) ||
        !opts_int(opts, "witness", 1, 100000, CH_WITNESS_DEFAULT, &c.witness_limit, "ch", err) ||
        !opts_int(opts, "exact", 0, 1, 0, &exact, "ch", err) ||
        !opts_choice(opts, "graph", GRAPHS, GRAPH_AUTO, &gr, "ch", err) ||
        !opts_int(opts, "hubs", 0, 100000, CH_HUBS_DEFAULT, &hb, "ch", err))
        return false;
    c.exact_order = exact;
    if (cfg)
        *cfg = c;
    if (graph)
        *graph = gr;
    if (hubs)
        *hubs = hb;
    return true;
}

static bool ch_check_options(const EntryOpts *opts, Err *err) { return read_options(opts, NULL, NULL, NULL, err); }

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

/* The file sink (ch_up.h): the hierarchy goes to disk as it is packed, so
 * the preprocessing never holds the packed graph next to the contraction's
 * arcs (half the peak memory of packing into a ChGraph first). */
typedef struct FileSink {
    BinFile f;
    uint64_t sum;
} FileSink;

static bool file_nodes(void *ctx, uint32_t n, uint32_t m, uint32_t shortcuts, const uint32_t *cell,
                       const uint32_t *rank, const uint32_t *first)
{
    FileSink *s = ctx;
    uint32_t head[3] = {n, m, shortcuts};
    put_u32s(&s->f, &s->sum, head, 3);
    put_u32s(&s->f, &s->sum, cell, n);
    put_u32s(&s->f, &s->sum, rank, n);
    put_u32s(&s->f, &s->sum, first, (size_t)n + 1);
    return !s->f.failed;
}

static bool file_edge(void *ctx, const ChEdge *e)
{
    FileSink *s = ctx;
    bin_put_u32(&s->f, e->target);
    bin_put_u32(&s->f, e->aux);
    bin_put_u64(&s->f, e->cost);
    s->sum = bin_fnv1a(s->sum, e, sizeof *e);
    return !s->f.failed;
}

static bool file_shortcut(void *ctx, const ChShortcut *r)
{
    FileSink *s = ctx;
    put_u32s(&s->f, &s->sum, &r->mid, 3);
    return !s->f.failed;
}

/* A packed hierarchy (the subgoal graph's, small) into the sink. */
static bool graph_into(const ChGraph *g, const ChSink *sink)
{
    if (!sink->nodes(sink->ctx, g->n, g->m, g->shortcuts, g->cell, g->rank, g->first))
        return false;
    for (uint32_t e = 0; e < g->m; e++)
        if (!sink->edge(sink->ctx, &g->edge[e]))
            return false;
    for (uint32_t k = 0; k < g->shortcuts; k++)
        if (!sink->shortcut(sink->ctx, &g->sc[k]))
            return false;
    return true;
}

/* Contracts the subgoal graph of map into g; sg holds the map's marked
 * subgoals (sub_graph_mark), is linked here and freed. */
static bool build_subgoal(ChGraph *g, SubGraph *sg, const Grid *map, const ChBuildConfig *cfg, Err *err)
{
    bool ok = sub_graph_link(sg, err) && ch_sg_build(g, sg, map, cfg, err);
    sub_graph_free(sg);
    return ok;
}

/* graph=auto: the subgoal graph unless its subgoals exceed a fifth of the
 * passable cells. The subgoal graph answers faster everywhere, but its edges
 * (direct-h-reachable pairs) grow with the open area around each subgoal,
 * and on scattered obstacles so does its contraction: DAO and rooms maps
 * stay well below the fifth and build quickly; random maps and 1-wide mazes
 * are above it, where the subgoal graph's build took several times the
 * grid's (the measurements: docs/entries/ch.md). sg: the marked subgoals
 * of map. */
static int resolve_graph(int graph, const SubGraph *sg, const Grid *map)
{
    if (graph != GRAPH_AUTO)
        return graph;
    return (size_t)sg->n * 5 > grid_count_passable(map) ? GRAPH_GRID : GRAPH_SUBGOAL;
}

static bool ch_preprocess(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    ChBuildConfig cfg;
    int graph;
    SubGraph sg = {0};
    if (!read_options(opts, &cfg, &graph, NULL, err) || (graph != GRAPH_GRID && !sub_graph_mark(&sg, map, err)))
        return false;
    graph = resolve_graph(graph, &sg, map);
    char options[OPTS_TEXT_MAX];
    FileSink fs = {.sum = BIN_FNV_SEED};
    if (!bin_create(&fs.f, file, err)) {
        sub_graph_free(&sg);
        return false;
    }
    fs.f.options = opts_canonical(opts, options, sizeof options);
    FileHeader h = header_for(map);
    bin_put_header(&fs.f, &h);
    uint32_t kind = (uint32_t)graph;
    put_u32s(&fs.f, &fs.sum, &kind, 1);
    ChSink sink = {&fs, file_nodes, file_edge, file_shortcut};
    Err why = {{0}};
    bool built;
    if (graph == GRAPH_GRID) {
        sub_graph_free(&sg);
        built = ch_build_into(map, &cfg, &sink, &why);
    } else {
        ChGraph g = {0};
        built = build_subgoal(&g, &sg, map, &cfg, &why) && graph_into(&g, &sink);
        ch_free(&g);
    }
    if (built)
        bin_put_u64(&fs.f, fs.sum);
    else /* out of memory (why) or a failed write: bin_commit removes the temporary file */
        fs.f.failed = true;
    bool ok = bin_commit(&fs.f, err);
    if (!built && why.msg[0])
        return err_set(err, "%s", why.msg);
    return ok && built;
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

/* node_of from the node -> cell map (-1 for cells that are no node); false
 * when a node is not a passable cell (a subgoal with graph=subgoal) or
 * appears twice. */
static bool index_nodes(Ch *c)
{
    size_t cells = (size_t)(c->grid.height + 2) * c->grid.stride;
    for (size_t i = 0; i < cells; i++)
        c->node_of[i] = -1;
    for (uint32_t v = 0; v < c->g.n; v++) {
        if (c->g.cell[v] >= cells || !c->grid.cells[c->g.cell[v]] || c->node_of[c->g.cell[v]] >= 0 ||
            (c->graph == GRAPH_SUBGOAL && !sub_is_goal(&c->sg, c->g.cell[v])))
            return false;
        c->node_of[c->g.cell[v]] = (int32_t)v;
    }
    return true;
}

static bool load(Ch *c, const char *file, const char *options, Err *err)
{
    BinFile f;
    if (!bin_open(&f, file, options, err))
        return false;
    FILE *fp = f.fp;
    FileHeader want = header_for(&c->grid);
    bool ok = bin_check_header(&f, &want, err);
    ChGraph *g = &c->g;
    if (ok) {
        uint64_t sum = BIN_FNV_SEED;
        uint32_t nodes = c->graph == GRAPH_GRID ? (uint32_t)grid_count_passable(&c->grid) : c->sg.n;
        uint32_t *head = get_u32s(&f, &sum, 4); /* graph, n, m, shortcuts */
        bool kind = head && !f.failed && head[0] == (uint32_t)c->graph;
        bool counts = kind && head[1] == nodes && head[2] < (1u << 30) && head[3] <= head[2];
        /* cells, ranks, first[n + 1], m edges of 16 bytes, 3 words per shortcut, checksum */
        ok = counts && bin_fits(&f, (uint64_t)head[1] * 12 + 4 + (uint64_t)head[2] * 16 + (uint64_t)head[3] * 12 + 8);
        if (ok) {
            g->n = head[1];
            g->m = head[2];
            g->shortcuts = head[3];
            g->cell = get_u32s(&f, &sum, g->n);
            g->rank = get_u32s(&f, &sum, g->n);
            g->first = get_u32s(&f, &sum, (size_t)g->n + 1);
            g->edge = malloc(((size_t)g->m + 1) * sizeof *g->edge);
            ok = g->cell && g->rank && g->first && g->edge;
            for (uint32_t i = 0; ok && i < g->m && !f.failed; i++) {
                g->edge[i].target = bin_get_u32(&f);
                g->edge[i].aux = bin_get_u32(&f);
                g->edge[i].cost = bin_get_u64(&f);
                sum = bin_fnv1a(sum, &g->edge[i], sizeof g->edge[i]);
            }
            uint32_t *sc = ok && !f.failed ? get_u32s(&f, &sum, (size_t)g->shortcuts * 3) : NULL;
            ok = ok && sc;
            g->sc = (ChShortcut *)(void *)sc;
            uint64_t stored = bin_get_u64(&f);
            if (f.failed)
                ok = err_set(err, "%s: truncated file", file);
            else if (ok && !bin_sum_ok(stored, sum))
                ok = err_set(err, "%s: checksum differs (corrupt file)", file);
            else if (ok && fgetc(fp) != EOF)
                ok = err_set(err, "%s: trailing bytes", file);
        } else {
            ok = err_set(err, "%s: %s", file,
                         f.failed || counts ? "truncated file"
                         : !kind            ? "built over the other graph (option graph=)"
                                            : "node count does not match the map");
        }
        free(head);
    }
    fclose(fp);
    if (ok && !index_nodes(c))
        ok = err_set(err, "%s: node cells are not the map's %s", file,
                     c->graph == GRAPH_GRID ? "passable cells" : "subgoals");
    if (ok)
        ok = ch_check_graph(g, &c->grid, c->node_of, c->graph == GRAPH_SUBGOAL, file, err);
    if (!ok)
        ch_free(g);
    return ok;
}

static void ch_destroy(void *inst)
{
    Ch *c = inst;
    if (!c)
        return;
    ch_query_free(&c->query);
    ch_hubs_free(&c->hubs);
    ch_free(&c->g);
    sub_graph_free(&c->sg);
    free(c->scan);
    free(c->seed[0]);
    free(c->seed[1]);
    free(c->node_of);
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
    read_options(opts, &c->build, &c->graph, &c->hub_cap, err);
    size_t cells = (size_t)(map->height + 2) * c->grid.stride;
    c->node_of = malloc(cells * sizeof *c->node_of);
    if (!c->node_of) {
        err_set(err, "ch: out of memory");
        ch_destroy(c);
        return NULL;
    }
    if (c->graph != GRAPH_GRID && !sub_graph_mark(&c->sg, &c->grid, err)) {
        ch_destroy(c);
        return NULL;
    }
    c->graph = resolve_graph(c->graph, &c->sg, &c->grid);
    if (c->graph == GRAPH_GRID) {
        sub_graph_free(&c->sg); /* graph=auto chose the grid: the marks are not needed */
    } else {
        size_t cap = sub_scan_cap(&c->sg);
        c->scan = malloc(cap * sizeof *c->scan);
        c->seed[0] = malloc(cap * sizeof *c->seed[0]);
        c->seed[1] = malloc(cap * sizeof *c->seed[1]);
        if (!c->scan || !c->seed[0] || !c->seed[1]) {
            err_set(err, "ch: out of memory");
            ch_destroy(c);
            return NULL;
        }
    }
    char options[OPTS_TEXT_MAX];
    if (file && !load(c, file, opts_canonical(opts, options, sizeof options), err)) {
        ch_destroy(c);
        return NULL;
    }
    if (!file) {
        SubGraph sg;
        bool built = c->graph == GRAPH_GRID
                         ? ch_build(&c->g, &c->grid, &c->build, err)
                         : sub_graph_mark(&sg, &c->grid, err) && build_subgoal(&c->g, &sg, &c->grid, &c->build, err);
        if (!built) {
            ch_destroy(c);
            return NULL;
        }
        index_nodes(c);
    }
    if (!ch_query_init(&c->query, &c->g, &c->grid, err) ||
        (c->graph == GRAPH_SUBGOAL && !ch_hubs_build(&c->hubs, &c->g, (size_t)c->hub_cap * c->g.n, err))) {
        ch_destroy(c);
        return NULL;
    }
    return c;
}

/* The seeds of one end (cell at xy) on the subgoal graph: the end itself
 * when it is a subgoal, else the subgoals its scan reaches directly, at
 * octile cost. */
static uint32_t seeds_of(Ch *c, uint32_t cell, ChXY xy, ChSeed *seed)
{
    if (c->node_of[cell] >= 0) {
        seed[0] = (ChSeed){(uint32_t)c->node_of[cell], 0};
        return 1;
    }
    size_t k = sub_scan(&c->sg, cell, UINT32_MAX, c->scan);
    for (size_t i = 0; i < k; i++) {
        uint32_t v = (uint32_t)c->node_of[c->scan[i]];
        seed[i] = (ChSeed){v, ch_octile_xy(xy, c->query.xy[v])};
    }
    return (uint32_t)k;
}

/* A query on the subgoal hierarchy whose ends are not joined by a free
 * octile path: both ends' seeds, the search, then the path from a to its
 * forward seed (the scan's diagonal-first shape), the unpacked hierarchy
 * path, and the backward seed to b (the reverse of b's scan shape). */
static void subgoal_path(Ch *c, uint32_t a, uint32_t b, ChXY pa, ChXY pb, xyPath *path)
{
    uint32_t count[2] = {seeds_of(c, a, pa, c->seed[0]), seeds_of(c, b, pb, c->seed[1])};
    const ChSeed *const seed[2] = {c->seed[0], c->seed[1]};
    ch_query_aim(&c->query, pa, pb);
    if (c->hubs.n) {
        uint32_t pick[2], hub = ch_hubs_meet(&c->hubs, &c->query, seed, count, pick);
        if (hub == CH_NONE)
            return;
        path_push(path, (xyLoc){(int16_t)pa.x, (int16_t)pa.y});
        uint32_t u = seed[0][pick[0]].node, w = seed[1][pick[1]].node;
        if (c->g.cell[u] != a)
            ch_shape_emit(pa, c->query.xy[u], CH_SHAPE_DIAG_FIRST, path);
        ch_hubs_unpack(&c->hubs, &c->query, hub, u, w, path);
        if (c->g.cell[w] != b)
            ch_shape_emit(c->query.xy[w], pb, CH_SHAPE_STRAIGHT_FIRST, path);
        return;
    }
    uint32_t meet = ch_query_meet(&c->query, seed, count);
    if (meet == CH_NONE)
        return;
    path_push(path, (xyLoc){(int16_t)pa.x, (int16_t)pa.y});
    uint32_t first = ch_query_start(&c->query, meet);
    if (c->g.cell[first] != a)
        ch_shape_emit(pa, c->query.xy[first], CH_SHAPE_DIAG_FIRST, path);
    uint32_t last = ch_query_unpack(&c->query, meet, path);
    if (c->g.cell[last] != b)
        ch_shape_emit(c->query.xy[last], pb, CH_SHAPE_STRAIGHT_FIRST, path);
}

static bool ch_get_path(void *inst, xyLoc s, xyLoc t, xyPath *path)
{
    Ch *c = inst;
    if (!grid_passable(&c->grid, s.x, s.y) || !grid_passable(&c->grid, t.x, t.y))
        return true;
    /* An octile-length path is a shortest path: when one of the two octile
     * shapes is free (the usual case on open maps, where a hierarchy search
     * still climbs to the top), walking it costs less than the search. */
    uint32_t a = (uint32_t)grid_index(&c->grid, s.x, s.y), b = (uint32_t)grid_index(&c->grid, t.x, t.y);
    ChXY pa = {s.x, s.y}, pb = {t.x, t.y};
    for (int shape = CH_SHAPE_DIAG_FIRST; a != b && shape <= CH_SHAPE_STRAIGHT_FIRST; shape++)
        if (ch_shape_walks(&c->grid, pa, pb, shape)) {
            path_push(path, s);
            ch_shape_emit(pa, pb, shape, path);
            return true;
        }
    if (a == b) /* on the subgoal graph a cell that is no subgoal has no node */
        path_push(path, s);
    else if (c->graph == GRAPH_SUBGOAL)
        subgoal_path(c, a, b, pa, pb, path);
    else
        ch_query_path(&c->query, (uint32_t)c->node_of[a], (uint32_t)c->node_of[b], path);
    return true;
}

static void ch_counters(void *inst, Counters *out, bool detail)
{
    Ch *c = inst;
    const ChQuery *q = &c->query;
    out->expanded = q->settled;
    if (!detail)
        return;
    counters_add(out, "graph", c->graph); /* 0: subgoal graph, 1: grid graph */
    counters_add(out, "nodes", c->g.n);
    counters_add(out, "searched", (double)q->queries); /* the rest walked their free octile path */
    counters_add(out, "scanned_mean", q->queries ? (double)q->scanned / (double)q->queries : 0);
    counters_add(out, "stalled_mean", q->queries ? (double)q->stalled / (double)q->queries : 0);
    counters_add(out, "up_edges", c->g.m);
    counters_add(out, "shortcuts", c->g.shortcuts);
    counters_add(out, "ch_bytes", (double)ch_bytes(&c->g));
    counters_add(out, "hub_entries", (double)c->hubs.entries);
    counters_add(out, "hub_queries", (double)c->hubs.queries);
    counters_add(out, "hub_scanned_mean", c->hubs.queries ? (double)c->hubs.scanned / (double)c->hubs.queries : 0);
}

static const char *const HELP[] = {
    "graph=auto|subgoal|grid (auto) contract the subgoal graph (nodes at obstacle corners) or every passable cell;",
    "  auto: the subgoal graph unless its subgoals exceed a fifth of the passable cells (scattered obstacles)",
    "witness=N (500) node limit of each witness search while contracting, 1..100000",
    "exact=0|1 (0) price nodes by full witness searches (1) instead of the two-arc bound (0): slower build",
    "hubs=K (256) subgoal graph: answer from hub labels (the upward search spaces, built when loading) while they",
    "  average at most K entries per node, else by the bidirectional search; 0: always search",
    NULL};

const Entry ENTRY_CH = {
    .name = "ch",
    .summary =
        "Contraction Hierarchies over the subgoal graph (or the grid graph), hub labels from its upward search "
        "spaces or the bidirectional upward search; optimal (graph=auto|subgoal|grid, witness=N, exact=0|1, hubs=K)",
    .subopt_bound = 1.0,
    .option_keys = KNOWN,
    .option_help = HELP,
    .check_options = ch_check_options,
    .preprocess = ch_preprocess,
    .prepare = ch_prepare,
    .get_path = ch_get_path,
    .counters = ch_counters,
    .destroy = ch_destroy,
};
