/* entries/akers: Lee's wavefront with Akers' 2-bit labels (akers.h). No
 * preprocessing, no options; the whole path in one call. Not optimal in
 * octile length (it minimises moves), so -check applies no bound. */
#include <stdlib.h>

#include "../entry.h"
#include "akers.h"

typedef struct AkersEntry {
    Grid grid;
    Akers akers;
} AkersEntry;

static bool akers_check_options(const EntryOpts *opts, Err *err)
{
    static const char *const none[] = {NULL};
    return opts_only(opts, none, "akers", err);
}

static void akers_destroy(void *inst)
{
    AkersEntry *e = inst;
    if (!e)
        return;
    akers_free(&e->akers);
    grid_free(&e->grid);
    free(e);
}

static void *akers_prepare(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    (void)file;
    AkersEntry *e = calloc(1, sizeof *e);
    if (!e || !akers_check_options(opts, err) || !grid_copy(&e->grid, map, err) ||
        !akers_init(&e->akers, &e->grid, err)) {
        if (!e)
            err_set(err, "akers: out of memory");
        akers_destroy(e);
        return NULL;
    }
    return e;
}

static bool akers_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    AkersEntry *e = inst;
    akers_find(&e->akers, s, g, path, false);
    return true;
}

static void akers_counters(void *inst, Counters *out, bool detail)
{
    AkersEntry *e = inst;
    out->expanded = e->akers.expanded;
    if (!detail)
        return;
    counters_add(out, "scratch_bytes", (double)akers_scratch_bytes(&e->akers));
    counters_add(out, "queue_bytes", (double)akers_queue_bytes(&e->akers));
}

const Entry ENTRY_AKERS = {
    .name = "akers",
    .summary = "Lee's wavefront with Akers-style 2-bit labels (depth mod 3); fewest moves, not octile-optimal",
    .subopt_bound = 0,
    .check_options = akers_check_options,
    .prepare = akers_prepare,
    .get_path = akers_get_path,
    .counters = akers_counters,
    .destroy = akers_destroy,
};
