/* entries/jps: the two Jump Point Search entries (jps.h) through the entry
 * table. `jps`: no preprocessing, jumps scanned online. `jps+`: the jump
 * table (jumptable.h) built in PreprocessMap and written to the file
 * (common header, entry "jps+", version 1, then the table section); a
 * rejected file is rebuilt in memory (said on stderr). No options; the whole
 * path in one call; update() flips bits (jps) or refills the touched lines of
 * the table (jps+). */
#include <stdio.h>
#include <stdlib.h>

#include "../../common/binio.h"
#include "../../search/jps.h"
#include "../entry.h"

#define JPS_PLUS_FILE_VERSION 2

static bool jps_check_options(const EntryOpts *opts, Err *err)
{
    static const char *const none[] = {NULL};
    return opts_only(opts, none, "jps", err);
}

static bool jps_plus_check_options(const EntryOpts *opts, Err *err)
{
    static const char *const none[] = {NULL};
    return opts_only(opts, none, "jps+", err);
}

static void jps_destroy(void *inst)
{
    if (!inst)
        return;
    jps_free(inst);
    free(inst);
}

/* A search over `map`, JPS+ when table != NULL (taken over). */
static void *jps_new(const Grid *map, JumpTable *table, Err *err)
{
    Jps *j = calloc(1, sizeof *j);
    if (!j) {
        err_set(err, "jps: out of memory");
        if (table)
            jt_free(table);
        return NULL;
    }
    if (!jps_init(j, map, table, err)) {
        free(j);
        return NULL;
    }
    return j;
}

static void *jps_prepare(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    (void)file;
    return jps_check_options(opts, err) ? jps_new(map, NULL, err) : NULL;
}

static FileHeader plus_header(const Grid *g)
{
    FileHeader h = {JPS_PLUS_FILE_VERSION, "jps+", (uint32_t)g->width, (uint32_t)g->height, grid_checksum(g)};
    return h;
}

static bool jps_plus_preprocess(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    JumpTable t;
    if (!jps_plus_check_options(opts, err) || !jt_build(&t, map, err))
        return false;
    char options[OPTS_TEXT_MAX];
    BinFile f;
    bool ok = bin_create(&f, file, err);
    if (ok) {
        f.options = opts_canonical(opts, options, sizeof options);
        FileHeader h = plus_header(map);
        bin_put_header(&f, &h);
        jt_write(&t, &f);
        ok = bin_commit(&f, err);
    }
    jt_free(&t);
    return ok;
}

static bool load_table(JumpTable *t, const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    char options[OPTS_TEXT_MAX];
    BinFile f;
    if (!bin_open(&f, file, opts_canonical(opts, options, sizeof options), err))
        return false;
    FileHeader want = plus_header(map);
    bool ok = bin_check_header(&f, &want, err) && jt_read(t, map, &f, err);
    fclose(f.fp);
    return ok;
}

static void *jps_plus_prepare(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    if (!jps_plus_check_options(opts, err))
        return NULL;
    JumpTable t;
    if (file ? !load_table(&t, map, file, opts, err) : !jt_build(&t, map, err))
        return NULL;
    return jps_new(map, &t, err);
}

static bool jps_entry_update(void *inst, const CellChange *changes, int n, Err *err)
{
    return jps_update(inst, changes, n, changes_opening(changes, n), err);
}

static bool jps_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    jps_find(inst, s, g, path);
    return true;
}

static void jps_set_tracer(void *inst, const Tracer *t) { ((Jps *)inst)->tracer = t; }

static void jps_counters(void *inst, Counters *out, bool detail)
{
    Jps *j = inst;
    out->expanded = j->expanded;
    if (!detail)
        return;
    counters_add(out, "search_bytes", (double)jps_bytes(j));
    if (j->plus) {
        counters_add(out, "table_bytes", (double)jt_bytes(&j->table));
        counters_add(out, "table_bytes_per_cell", (double)JT_BYTES_PER_CELL);
        counters_add(out, "prune_diag", j->prune_diag); /* 0: first diagonal stops queued (jps.h) */
    }
}

const Entry ENTRY_JPS = {
    .name = "jps",
    .summary = "Jump Point Search, no corner cutting, 64-cell block scans; optimal, no preprocessing",
    .subopt_bound = 1.0,
    .check_options = jps_check_options,
    .prepare = jps_prepare,
    .get_path = jps_get_path,
    .update = jps_entry_update,
    .counters = jps_counters,
    .destroy = jps_destroy,
    .set_tracer = jps_set_tracer,
};

const Entry ENTRY_JPS_PLUS = {
    .name = "jps+",
    .summary = "JPS+: JPS with every jump precomputed (8 bytes per cell), no corner cutting; optimal",
    .subopt_bound = 1.0,
    .check_options = jps_plus_check_options,
    .preprocess = jps_plus_preprocess,
    .prepare = jps_plus_prepare,
    .get_path = jps_get_path,
    .update = jps_entry_update,
    .counters = jps_counters,
    .destroy = jps_destroy,
    .set_tracer = jps_set_tracer,
};
