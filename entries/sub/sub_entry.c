/* entries/sub: simple subgoal graphs (sub.h) through the entry table.
 * PreprocessMap finds and links the subgoals and writes the graph (common
 * header, entry "sub", version 1, then the section of sub.h); a rejected
 * file is rebuilt in memory (said on stderr). No options; the whole path in
 * one call; no update() (the driver rebuilds). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/binio.h"
#include "../entry.h"
#include "sub.h"

#define SUB_FILE_VERSION 1

typedef struct Sub {
    SubGraph g;
    SubQuery q;
} Sub;

static bool sub_check_options(const EntryOpts *opts, Err *err)
{
    static const char *const none[] = {NULL};
    return opts_only(opts, none, "sub", err);
}

static FileHeader header_for(const Grid *g)
{
    FileHeader h = {SUB_FILE_VERSION, "sub", (uint32_t)g->width, (uint32_t)g->height, grid_checksum(g)};
    return h;
}

static bool sub_preprocess(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    SubGraph g;
    if (!sub_check_options(opts, err) || !sub_graph_build(&g, map, err))
        return false;
    BinFile f;
    bool ok = bin_create(&f, file, err);
    if (ok) {
        FileHeader h = header_for(map);
        bin_put_header(&f, &h);
        sub_graph_write(&g, &f);
        ok = bin_commit(&f, err);
    }
    sub_graph_free(&g);
    return ok;
}

static bool load(SubGraph *g, const Grid *map, const char *file, Err *err)
{
    FILE *fp = fopen(file, "rb");
    if (!fp)
        return err_set(err, "%s: cannot open (not preprocessed?)", file);
    BinFile f = {.fp = fp, .path = file};
    FileHeader want = header_for(map);
    bool ok = bin_check_header(&f, &want, err) && sub_graph_read(g, map, &f, err);
    fclose(fp);
    /* The reader proves every edge walks the map, not that no edge is
     * missing: a file that lost edges (checksum recomputed) would give longer
     * paths, a silent wrong answer for an optimal entry (the fuzzer's find).
     * Building the graph takes milliseconds (8 ms on a 1024x1024 map), so
     * the loaded graph is compared with a fresh one, as mm's load does. */
    SubGraph fresh = {0};
    if (ok && sub_graph_build(&fresh, map, err)) {
        if (fresh.m != g->m || memcmp(fresh.first, g->first, ((size_t)g->n + 1) * sizeof *g->first) ||
            memcmp(fresh.edge, g->edge, (size_t)g->m * sizeof *g->edge))
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
    if (!sub_check_options(opts, err))
        return NULL;
    Sub *s = calloc(1, sizeof *s);
    if (!s) {
        err_set(err, "sub: out of memory");
        return NULL;
    }
    Err why;
    if (!load(&s->g, map, file, &why)) {
        fprintf(stderr, "sub: rejected %s; rebuilding in memory\n", why.msg);
        if (!sub_graph_build(&s->g, map, err)) {
            free(s);
            return NULL;
        }
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
    counters_add(out, "edges", s->g.m);
    counters_add(out, "graph_bytes", (double)sub_graph_bytes(&s->g));
    counters_add(out, "subgoal_edge_bytes", (double)s->g.n * 8 + (double)s->g.m * 4);
    counters_add(out, "search_bytes",
                 (double)(s->g.n + 2) * (sizeof(BfNode) + 8 + sizeof(HeapItem)) + (double)sub_scan_cap(&s->g) * 4);
}

const Entry ENTRY_SUB = {
    .name = "sub",
    .summary =
        "Simple subgoal graphs (Uras et al. 2013): A* over obstacle corners, s and g connected per query; optimal",
    .subopt_bound = 1.0,
    .check_options = sub_check_options,
    .preprocess = sub_preprocess,
    .prepare = sub_prepare,
    .get_path = sub_get_path,
    .counters = sub_counters,
    .destroy = sub_destroy,
};
