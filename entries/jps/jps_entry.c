/* entries/jps: the Jump Point Search entry (jps.h) through the entry table.
 * No preprocessing, no options; the whole path in one call; update() flips
 * bits in place. */
#include <stdlib.h>

#include "../entry.h"
#include "jps.h"

static bool jps_check_options(const EntryOpts *opts, Err *err)
{
    static const char *const none[] = {NULL};
    return opts_only(opts, none, "jps", err);
}

static void jps_destroy(void *inst)
{
    if (!inst)
        return;
    jps_free(inst);
    free(inst);
}

static void *jps_prepare(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    (void)file;
    Jps *j = calloc(1, sizeof *j);
    if (!j) {
        err_set(err, "jps: out of memory");
        return NULL;
    }
    if (!jps_check_options(opts, err) || !jps_init(j, map, err)) {
        free(j);
        return NULL;
    }
    return j;
}

static bool jps_entry_update(void *inst, const CellChange *changes, int n, Err *err)
{
    return jps_update(inst, changes, n, err);
}

static bool jps_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    jps_find(inst, s, g, path);
    return true;
}

static void jps_counters(void *inst, Counters *out, bool detail)
{
    Jps *j = inst;
    out->expanded = j->expanded;
    if (detail)
        counters_add(out, "search_bytes", (double)jps_bytes(j));
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
};
