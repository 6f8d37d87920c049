/* The GPPC free functions, bound to the default entry with default options.
 * The competition driver owns the map bits; the instance returned by
 * PrepareForSearch is the only state (no globals). Errors cannot travel
 * through the GPPC signatures, so they are printed on stderr. */
#include <stdio.h>
#include <stdlib.h>

#include "Entry.h"
#include "entries/entry.h"

/* What PrepareForSearch hands out: the entry with its instance, so GetPath
 * and ReleaseSearch reach the right functions through an opaque pointer. */
typedef struct GppcInstance {
    const Entry *entry;
    void *inst;
} GppcInstance;

void PreprocessMap(const bool *bits, int width, int height, const char *filename)
{
    Grid g;
    Err err;
    EntryOpts none = {0};
    const Entry *e = entry_default();
    if (!grid_from_bits(&g, bits, width, height, &err) || !entry_preprocess(e, &g, filename, &none, &err))
        fprintf(stderr, "%s: PreprocessMap: %s\n", e->name, err.msg);
    grid_free(&g);
}

void *PrepareForSearch(const bool *bits, int width, int height, const char *filename)
{
    Grid g;
    Err err;
    EntryOpts none = {0};
    const Entry *e = entry_default();
    GppcInstance *gi = calloc(1, sizeof *gi);
    if (!gi || !grid_from_bits(&g, bits, width, height, &err)) {
        fprintf(stderr, "%s: PrepareForSearch: out of memory or bad size\n", e->name);
        free(gi);
        return NULL;
    }
    gi->entry = e;
    gi->inst = entry_prepare(e, &g, filename, &none, NULL, &err);
    grid_free(&g);
    if (!gi->inst) {
        fprintf(stderr, "%s: PrepareForSearch: %s\n", e->name, err.msg);
        free(gi);
        return NULL;
    }
    return gi;
}

bool GetPath(void *data, xyLoc s, xyLoc g, xyPath *path)
{
    GppcInstance *gi = data;
    return gi->entry->get_path(gi->inst, s, g, path);
}

const char *GetName(void) { return entry_default()->name; }

void ReleaseSearch(void *data)
{
    GppcInstance *gi = data;
    if (!gi)
        return;
    gi->entry->destroy(gi->inst);
    free(gi);
}
