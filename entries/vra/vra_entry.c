/* entries/vra: the Variable Resolution A* entry (vra.h) through the entry
 * table. No preprocessing; option split=first|all (default all, see vra.h). */
#include <stdlib.h>

#include "../entry.h"
#include "vra.h"

static const char *const KNOWN[] = {"split", NULL};
static const char *const SPLIT_MODES[] = {"first", "all", NULL};

static bool parse(const EntryOpts *opts, int *mode, Err *err)
{
    return opts_only(opts, KNOWN, "vra", err) && opts_choice(opts, "split", SPLIT_MODES, 1, mode, "vra", err);
}

static bool vra_check_options(const EntryOpts *opts, Err *err)
{
    int mode;
    return parse(opts, &mode, err);
}

static void vra_destroy(void *inst)
{
    if (!inst)
        return;
    vra_free(inst);
    free(inst);
}

static void *vra_prepare(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    (void)file;
    int mode;
    if (!parse(opts, &mode, err))
        return NULL;
    Vra *v = calloc(1, sizeof *v);
    if (!v) {
        err_set(err, "vra: out of memory");
        return NULL;
    }
    if (!vra_init(v, map, mode == 1, err)) {
        free(v);
        return NULL;
    }
    return v;
}

static bool vra_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    vra_find(inst, s, g, path);
    return true;
}

static void vra_counters(void *inst, Counters *out, bool detail)
{
    Vra *v = inst;
    out->expanded = v->expanded;
    if (!detail)
        return;
    double q = v->queries ? (double)v->queries : 1.0;
    counters_add(out, "searches", (double)v->searches);
    counters_add(out, "searches_mean", (double)v->searches / q);
    counters_add(out, "cells_mean", (double)v->cells_total / q);
    counters_add(out, "expanded_total", (double)v->expanded);
    counters_add(out, "scratch_bytes", (double)vra_bytes(v));
}

static const char *const HELP[] = {"split=all|first (all) split every coarse cell on the path, or only the first",
                                   NULL};

const Entry ENTRY_VRA = {
    .name = "vra",
    .summary = "Variable Resolution A* with extended post-smoothing; not optimal (split=all|first)",
    .subopt_bound = 0,
    .not_in_default_suite = true, /* minutes per map on random maps */
    .option_keys = KNOWN,
    .option_help = HELP,
    .check_options = vra_check_options,
    .prepare = vra_prepare,
    .get_path = vra_get_path,
    .counters = vra_counters,
    .destroy = vra_destroy,
};
