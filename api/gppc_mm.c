/* The public API (gppc_mm.h) over the entry table (entries/entry.h). An
 * instance holds the entry, its options, its own copy of the map (so an
 * entry without update() can be rebuilt after a change, as the driver does)
 * and three reused buffers: the entry's cell path, its public copy and an
 * update's changes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/grow.h"
#include "../entries/entry.h"
#include "gppc_mm.h"

struct GppcMm {
    const Entry *entry;
    EntryOpts opts;
    void *inst;
    Grid map;
    xyPath path;     /* the query's cells so far, as the entry appends them */
    GppcMmCell *out; /* what the caller sees: a copy in the public type */
    size_t out_cap;
    CellChange *changes; /* an update's cells in the entries' type, reused */
    size_t changes_cap;
    xyLoc s, g;   /* the query in progress */
    int in_query; /* 1 after a GPPC_MM_MORE */
};

static void put_err(char *err, size_t errsize, const char *msg)
{
    if (err && errsize)
        snprintf(err, errsize, "%s", msg);
}

static int fail(char *err, size_t errsize, const Err *e)
{
    put_err(err, errsize, e->msg);
    return -1;
}

const char *gppc_mm_entry_name(int i)
{
    for (int k = 0; ENTRY_TABLE[k]; k++)
        if (k == i)
            return ENTRY_TABLE[k]->name;
    return NULL;
}

uint8_t *gppc_mm_load_map(const char *path, int *width, int *height, char *err, size_t errsize)
{
    Grid g;
    Err e;
    if (!grid_load_map(&g, path, &e)) {
        fail(err, errsize, &e);
        return NULL;
    }
    uint8_t *cells = malloc((size_t)g.width * g.height);
    if (!cells) {
        grid_free(&g);
        put_err(err, errsize, "gppc_mm_load_map: out of memory");
        return NULL;
    }
    for (int y = 0; y < g.height; y++)
        for (int x = 0; x < g.width; x++)
            cells[(size_t)y * g.width + x] = grid_passable(&g, x, y);
    *width = g.width;
    *height = g.height;
    grid_free(&g);
    return cells;
}

static bool grid_from_cells(Grid *g, const uint8_t *cells, int width, int height, Err *e)
{
    if (!cells)
        return err_set(e, "gppc_mm: no map cells given");
    if (!grid_init_blocked(g, width, height, e))
        return false;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            grid_set_passable(g, x, y, cells[(size_t)y * width + x] != 0);
    return true;
}

static bool parse_spec(const char *spec, const Entry **entry, EntryOpts *opts, Err *e)
{
    return entry_parse_spec(spec ? spec : entry_default()->name, entry, opts, e);
}

int gppc_mm_preprocess(const char *spec, const uint8_t *cells, int width, int height, const char *file, char *err,
                       size_t errsize)
{
    const Entry *entry;
    EntryOpts opts;
    Grid g;
    Err e;
    if (!file)
        return put_err(err, errsize, "gppc_mm_preprocess: no file name given"), -1;
    if (!parse_spec(spec, &entry, &opts, &e) || !grid_from_cells(&g, cells, width, height, &e))
        return fail(err, errsize, &e);
    bool ok = entry_preprocess(entry, &g, file, &opts, &e);
    grid_free(&g);
    return ok ? 0 : fail(err, errsize, &e);
}

/* An instance of the entry for g: from `file`, or (file NULL) preprocessed
 * now into a temporary file, loaded and removed, so every entry goes through
 * the same preprocess -> prepare path it takes in the competition. */
static void *make_instance(GppcMm *mm, const char *file, Err *e)
{
    if (file)
        return entry_prepare(mm->entry, &mm->map, file, &mm->opts, NULL, e);
    const char *dir = getenv("TMPDIR");
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s/gppc_mm_XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(tmp);
    if (fd < 0) {
        err_set(e, "%s: cannot create a temporary preprocessing file", tmp);
        return NULL;
    }
    close(fd);
    void *inst = NULL;
    if (entry_preprocess(mm->entry, &mm->map, tmp, &mm->opts, e))
        inst = mm->entry->prepare(&mm->map, tmp, &mm->opts, e);
    remove(tmp);
    return inst;
}

GppcMm *gppc_mm_create(const char *spec, const uint8_t *cells, int width, int height, const char *file, char *err,
                       size_t errsize)
{
    Err e;
    GppcMm *mm = calloc(1, sizeof *mm);
    if (!mm) {
        put_err(err, errsize, "gppc_mm_create: out of memory");
        return NULL;
    }
    if (!parse_spec(spec, &mm->entry, &mm->opts, &e) || !grid_from_cells(&mm->map, cells, width, height, &e) ||
        !(mm->inst = make_instance(mm, file, &e))) {
        fail(err, errsize, &e);
        gppc_mm_free(mm);
        return NULL;
    }
    return mm;
}

const char *gppc_mm_name(const GppcMm *mm) { return mm->entry->name; }

static bool query_ok(const GppcMm *mm, GppcMmCell c)
{
    return grid_in_bounds(&mm->map, c.x, c.y) && grid_passable(&mm->map, c.x, c.y);
}

/* Copies path cells [from, len) into the public buffer. */
static void publish(GppcMm *mm, size_t from, const GppcMmCell **cells, size_t *n)
{
    size_t k = mm->path.len - from;
    if (!GROW(mm->out, mm->out_cap, k, 64)) {
        fputs("gppc_mm: out of memory\n", stderr);
        abort(); /* as path_reserve: a path cannot be returned half */
    }
    for (size_t i = 0; i < k; i++)
        mm->out[i] = (GppcMmCell){mm->path.cells[from + i].x, mm->path.cells[from + i].y};
    *cells = mm->out;
    *n = k;
}

int gppc_mm_get_path(GppcMm *mm, GppcMmCell s, GppcMmCell g, const GppcMmCell **cells, size_t *n)
{
    *cells = NULL;
    *n = 0;
    if (!query_ok(mm, s) || !query_ok(mm, g))
        return GPPC_MM_ERROR;
    if (!mm->in_query || s.x != mm->s.x || s.y != mm->s.y || g.x != mm->g.x || g.y != mm->g.y) {
        mm->path.len = 0;
        mm->s = (xyLoc){s.x, s.y};
        mm->g = (xyLoc){g.x, g.y};
    }
    size_t from = mm->path.len;
    bool done = mm->entry->get_path(mm->inst, mm->s, mm->g, &mm->path);
    mm->in_query = !done;
    publish(mm, from, cells, n);
    return done ? GPPC_MM_DONE : GPPC_MM_MORE;
}

int gppc_mm_find_path(GppcMm *mm, GppcMmCell s, GppcMmCell g, const GppcMmCell **cells, size_t *n)
{
    int st;
    while ((st = gppc_mm_get_path(mm, s, g, cells, n)) == GPPC_MM_MORE)
        ;
    if (st == GPPC_MM_ERROR)
        return -1;
    publish(mm, 0, cells, n);
    return 0;
}

int gppc_mm_update(GppcMm *mm, const GppcMmChange *changes, int n, char *err, size_t errsize)
{
    Err e;
    if (n <= 0)
        return 0;
    if (!GROW(mm->changes, mm->changes_cap, (size_t)n, 256))
        return put_err(err, errsize, "gppc_mm_update: out of memory"), -1;
    CellChange *ch = mm->changes;
    for (int i = 0; i < n; i++) {
        if (!grid_in_bounds(&mm->map, changes[i].x, changes[i].y) ||
            !grid_in_bounds(&mm->map, changes[i].x + changes[i].more, changes[i].y)) {
            err_set(&e, "gppc_mm_update: change %d: cells (%d,%d) .. (%d,%d) reach outside the %dx%d map", i,
                    changes[i].x, changes[i].y, changes[i].x + changes[i].more, changes[i].y, mm->map.width,
                    mm->map.height);
            return fail(err, errsize, &e);
        }
        ch[i] = (CellChange){changes[i].x, changes[i].y, changes[i].passable != 0, changes[i].more};
    }
    bool ok = true;
    if (mm->entry->update) {
        ok = mm->entry->update(mm->inst, ch, n, &e);
        if (ok)
            for (int i = 0; i < n; i++)
                grid_set_run(&mm->map, ch[i].x, ch[i].y, ch[i].more + 1, ch[i].passable);
    } else {
        /* No incremental update: rebuild on the changed map, as the driver does. */
        Grid old;
        ok = grid_copy(&old, &mm->map, &e);
        if (ok) {
            for (int i = 0; i < n; i++)
                grid_set_run(&mm->map, ch[i].x, ch[i].y, ch[i].more + 1, ch[i].passable);
            void *inst = make_instance(mm, NULL, &e);
            if (inst) {
                mm->entry->destroy(mm->inst);
                mm->inst = inst;
                mm->in_query = 0; /* a fresh instance knows no query */
                grid_free(&old);
            } else {
                grid_free(&mm->map);
                mm->map = old;
                ok = false;
            }
        }
    }
    return ok ? 0 : fail(err, errsize, &e);
}

void gppc_mm_free(GppcMm *mm)
{
    if (!mm)
        return;
    if (mm->inst)
        mm->entry->destroy(mm->inst);
    grid_free(&mm->map);
    path_free(&mm->path);
    free(mm->out);
    free(mm->changes);
    free(mm);
}
