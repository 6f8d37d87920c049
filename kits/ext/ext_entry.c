/* `--entry ext`: a classic-kit entry (C++, built in with
 * `make EXT_ENTRY=path/to/Entry.cpp`) as an entry of our table, through the
 * C++ shim (ext_abi.h).
 *
 * Waypoints: the classic kit returns waypoints (each segment cardinal or
 * exactly diagonal). The entry contract takes them as they are (entries/entry.h,
 * docs/ARCHITECTURE.md): the driver validates every segment cell by cell with
 * the kits' rules (grid/validate.h) and reports path_size in waypoints, as the
 * kit's result.csv does, so the adapter passes the points through unchanged. */
#include <stdlib.h>

#include "../../entries/entry.h"
#include "ext_abi.h"

typedef struct Ext {
    ExtInstance *inst;
} Ext;

static bool ext_check_options(const EntryOpts *opts, Err *err)
{
    static const char *const known[] = {NULL};
    return opts_only(opts, known, "ext", err);
}

/* The map in the shim's form (grid_to_bits); NULL + message when out of memory. */
static bool *map_bits(const Grid *map, Err *err)
{
    bool *bits = grid_to_bits(map);
    if (!bits)
        err_set(err, "ext: out of memory for a %dx%d map", map->width, map->height);
    return bits;
}

static bool ext_preprocess_map(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    (void)opts;
    bool *bits = map_bits(map, err);
    if (!bits)
        return false;
    ext_preprocess(bits, map->width, map->height, file);
    free(bits);
    return true;
}

static void *ext_prepare_map(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    (void)opts;
    if (!file) { /* the kit's entry only reads its own file; it cannot build in memory */
        err_set(err, "ext: a classic-kit entry needs its preprocessing file (-pre or -full first)");
        return NULL;
    }
    Ext *e = calloc(1, sizeof *e);
    bool *bits = e ? map_bits(map, err) : NULL;
    if (!bits) {
        if (!e)
            err_set(err, "ext: out of memory");
        free(e);
        return NULL;
    }
    e->inst = ext_prepare(bits, map->width, map->height, file);
    free(bits);
    return e;
}

static bool ext_get(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    Ext *e = inst;
    const ExtPoint *pts;
    size_t n;
    bool done = ext_get_path(e->inst, (ExtPoint){s.x, s.y}, (ExtPoint){g.x, g.y}, &pts, &n);
    for (size_t i = 0; i < n; i++)
        path_push(path, (xyLoc){pts[i].x, pts[i].y});
    return done;
}

static void ext_counters(void *inst, Counters *out, bool detail)
{
    (void)inst;
    (void)detail;
    out->expanded = 0; /* the classic API reports no counts */
}

static void ext_destroy(void *inst)
{
    Ext *e = inst;
    if (e)
        ext_release(e->inst);
    free(e);
}

const Entry ENTRY_EXT = {
    .name = "ext",
    .summary = "the classic-kit entry built in with make EXT_ENTRY=path/to/Entry.cpp",
    .subopt_bound = 0,
    .check_options = ext_check_options,
    .preprocess = ext_preprocess_map,
    .prepare = ext_prepare_map,
    .get_path = ext_get,
    .update = NULL,
    .counters = ext_counters,
    .destroy = ext_destroy,
};
