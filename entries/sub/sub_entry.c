/* entries/sub: subgoal graphs (sub.h) through the entry table.
 * PreprocessMap finds and links the subgoals, makes the graph two-level
 * (levels=2, the default; levels=1 keeps the simple graph) and writes it
 * (common header, entry "sub", version 2, then the section of sub.h); a
 * rejected file is rebuilt in memory (said on stderr). The whole path in one
 * call; no update() (the driver rebuilds). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/binio.h"
#include "../entry.h"
#include "sub.h"

#define SUB_FILE_VERSION 2

typedef struct Sub {
    SubGraph g;
    SubQuery q;
} Sub;

static const char *const KEYS[] = {"levels", NULL};
static const char *const HELP[] = {
    "levels=1|2 (2) the simple subgoal graph, or the two-level one (local subgoals searched only near s and g)", NULL};

/* The options' values; false + message on a bad one. */
static bool sub_options(const EntryOpts *opts, int *levels, Err *err)
{
    return opts_only(opts, KEYS, "sub", err) && opts_int(opts, "levels", 1, 2, 2, levels, "sub", err);
}

static bool sub_check_options(const EntryOpts *opts, Err *err)
{
    int levels;
    return sub_options(opts, &levels, err);
}

static FileHeader header_for(const Grid *g)
{
    FileHeader h = {SUB_FILE_VERSION, "sub", (uint32_t)g->width, (uint32_t)g->height, grid_checksum(g)};
    return h;
}

static bool sub_preprocess(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    SubGraph g;
    int levels;
    if (!sub_options(opts, &levels, err) || !sub_graph_build(&g, map, levels, err))
        return false;
    char options[OPTS_TEXT_MAX];
    BinFile f;
    bool ok = bin_create(&f, file, err);
    if (ok) {
        f.options = opts_canonical(opts, options, sizeof options);
        FileHeader h = header_for(map);
        bin_put_header(&f, &h);
        sub_graph_write(&g, &f);
        ok = bin_commit(&f, err);
    }
    sub_graph_free(&g);
    return ok;
}

static bool load(SubGraph *g, const Grid *map, int levels, const char *file, const char *options, Err *err)
{
    BinFile f;
    if (!bin_open(&f, file, options, err))
        return false;
    FileHeader want = header_for(map);
    bool ok = bin_check_header(&f, &want, err) && sub_graph_read(g, map, levels, &f, err);
    fclose(f.fp);
    /* The reader proves every edge walks the map, not that no edge is
     * missing: a file that lost edges (checksum recomputed) would give longer
     * paths, a silent wrong answer for an optimal entry (the fuzzer's find).
     * So the loaded graph is compared with a fresh one, as mm's load does:
     * loading then costs more than building, and the file buys no time, only
     * the same -pre/-run steps as every entry and a named reason when a file
     * is stale or forged. */
    SubGraph fresh = {0};
    if (ok && sub_graph_build(&fresh, map, levels, err)) {
        if (fresh.m != g->m || fresh.locals != g->locals ||
            memcmp(fresh.first, g->first, ((size_t)g->n + 1) * sizeof *g->first) ||
            memcmp(fresh.edge, g->edge, (size_t)g->m * sizeof *g->edge) ||
            (g->mid && memcmp(fresh.mid, g->mid, (size_t)g->m * sizeof *g->mid)))
            ok = err_set(err, "%s: subgoal edges differ from the map's (a file from another build?)", file);
        sub_graph_free(&fresh);
    } else if (ok) {
        ok = false;
    }
    if (!ok && g->edge)
        sub_graph_free(g);
    return ok;
}

static void sub_destroy(void *inst)
{
    Sub *s = inst;
    if (!s)
        return;
    sub_query_free(&s->q);
    sub_graph_free(&s->g);
    free(s);
}

static void *sub_prepare(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    int levels;
    if (!sub_options(opts, &levels, err))
        return NULL;
    Sub *s = calloc(1, sizeof *s);
    if (!s) {
        err_set(err, "sub: out of memory");
        return NULL;
    }
    char options[OPTS_TEXT_MAX];
    if (file ? !load(&s->g, map, levels, file, opts_canonical(opts, options, sizeof options), err)
             : !sub_graph_build(&s->g, map, levels, err)) {
        free(s);
        return NULL;
    }
    if (!sub_query_init(&s->q, &s->g, err)) {
        sub_destroy(s);
        return NULL;
    }
    return s;
}

static bool sub_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    sub_query_path(&((Sub *)inst)->q, s, g, path);
    return true;
}

static void sub_counters(void *inst, Counters *out, bool detail)
{
    Sub *s = inst;
    out->expanded = s->q.expanded;
    if (!detail)
        return;
    counters_add(out, "subgoals", s->g.n);
    counters_add(out, "local_subgoals", s->g.locals);
    counters_add(out, "backward_settled", (double)s->q.back_settled);
    counters_add(out, "connect_cells", (double)s->q.connect_cells);
    counters_add(out, "edges", s->g.m);
    counters_add(out, "graph_bytes", (double)sub_graph_bytes(&s->g));
    counters_add(out, "subgoal_edge_bytes", (double)s->g.n * 8 + (double)s->g.m * (s->g.mid ? 8 : 4));
    counters_add(out, "search_bytes",
                 (double)(s->g.n + 2) * (2 * (sizeof(BfNode) + sizeof(HeapItem)) + 20) +
                     (double)sub_scan_cap(&s->g) * 4);
}

const Entry ENTRY_SUB = {
    .name = "sub",
    .summary =
        "Subgoal graphs (Uras et al. 2013), two-level by default: A* over obstacle corners, s and g connected per "
        "query; optimal",
    .subopt_bound = 1.0,
    .option_keys = KEYS,
    .option_help = HELP,
    .check_options = sub_check_options,
    .preprocess = sub_preprocess,
    .prepare = sub_prepare,
    .get_path = sub_get_path,
    .counters = sub_counters,
    .destroy = sub_destroy,
};
