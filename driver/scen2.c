/* The dynamic start kit's scenario format (startkit-dynamic 2.0.0; its
 * gppc/ScenarioLoader.cpp is the reference):
 *   version 2
 *   height H
 *   width W
 *   cost K NAME...          (one of the K names is "octile": that column is ours)
 *   patch FILE              (relative to the scenario's folder)
 *   commands
 *   P bucket patch_id x y   (paste patch patch_id with its top left at (x, y))
 *   Q bucket sx sy gx gy COST... (K costs; -1 when no path exists)
 * and the patch file:
 *   type patch / patches N / then N times: patch i / height h / width w / map / h rows
 * The map starts all passable, as the kit's runner starts it; the patches
 * before the first query make the map the entry preprocesses, later ones
 * become the driver's change batches (only cells that really change, net of
 * one batch), applied after the query before them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/files.h"
#include "../common/grow.h"
#include "../common/lines.h"
#include "driver.h"

typedef struct Patches {
    int n;
    int *w, *h;
    size_t *at; /* offset of patch i in bits */
    bool *bits; /* row-major, true = passable */
} Patches;

static void patches_free(Patches *p)
{
    free(p->w);
    free(p->h);
    free(p->at);
    free(p->bits);
    memset(p, 0, sizeof *p);
}

static bool kit_passable(char c) { return c == '.' || c == 'G' || c == 'S'; }
static bool kit_blocked(char c) { return c == '@' || c == 'O' || c == 'T' || c == 'W'; }

/* Next non-blank line split into fields; NULL at end of file. A line
 * holding a NUL byte gives *n = -1 (its fields split all the same), which
 * every caller refuses as a malformed line naming it. */
static char **next_fields(Lines *r, char **f, int max, int *n)
{
    char *line;
    size_t len;
    while ((line = lines_next(r, &len)))
        if (len) {
            bool nul = memchr(line, '\0', len) != NULL;
            *n = lines_split(line, f, max);
            if (nul)
                *n = -1;
            return f;
        }
    return NULL;
}

/* "KEY <int>" on the next line, the int in lo..hi. */
static bool keyed_int(Lines *r, const char *key, long lo, long hi, long *v, Err *err)
{
    char *f[3];
    int n;
    if (!next_fields(r, f, 3, &n))
        return err_set(err, "%s: ends where '%s' was expected", r->path, key);
    if (n != 2 || strcmp(f[0], key) != 0 || !parse_int(f[1], v) || *v < lo || *v > hi)
        return err_set(err, "%s:%d: expected '%s N' with N in %ld..%ld", r->path, r->number, key, lo, hi);
    return true;
}

static bool load_patches(Patches *p, const char *path, Err *err)
{
    memset(p, 0, sizeof *p);
    Lines r;
    if (!lines_open(&r, path, 0, err))
        return false;
    char *f[4];
    int n;
    long count = 0;
    bool ok = true;
    if (!next_fields(&r, f, 4, &n))
        ok = err_set(err, "%s: empty, expected 'type patch'", path);
    else if (n != 2 || strcmp(f[0], "type") || strcmp(f[1], "patch"))
        ok = err_set(err, "%s:%d: expected 'type patch'", path, r.number);
    else
        ok = keyed_int(&r, "patches", 0, 1000000, &count, err);
    if (ok) {
        p->n = (int)count;
        p->w = calloc((size_t)count + 1, sizeof *p->w);
        p->h = calloc((size_t)count + 1, sizeof *p->h);
        p->at = calloc((size_t)count + 1, sizeof *p->at);
        if (!p->w || !p->h || !p->at)
            ok = err_set(err, "%s: out of memory", path);
    }
    size_t used = 0, cap = 0;
    for (long i = 0; ok && i < count; i++) {
        long id = 0, h = 0, w = 0;
        ok = keyed_int(&r, "patch", i, i, &id, err) && keyed_int(&r, "height", 1, 8000, &h, err) &&
             keyed_int(&r, "width", 1, 8000, &w, err);
        if (ok && (!next_fields(&r, f, 2, &n) || n != 1 || strcmp(f[0], "map")))
            ok = err_set(err, "%s:%d: expected 'map'", path, r.number);
        if (ok && !GROW(p->bits, cap, used + (size_t)(w * h), 4096))
            ok = err_set(err, "%s: out of memory", path);
        if (!ok)
            break;
        p->w[i] = (int)w;
        p->h[i] = (int)h;
        p->at[i] = used;
        for (long y = 0; ok && y < h; y++) {
            if (!next_fields(&r, f, 2, &n) || n != 1 || (long)strlen(f[0]) != w) {
                ok = err_set(err, "%s:%d: patch %ld row %ld: expected %ld cells", path, r.number, i, y, w);
                break;
            }
            for (long x = 0; ok && x < w; x++) {
                char c = f[0][x];
                if (!kit_passable(c) && !kit_blocked(c))
                    ok = err_set(err, "%s:%d: patch %ld: unknown cell '%c'", path, r.number, i, c);
                p->bits[used++] = kit_passable(c);
            }
        }
    }
    if (ok && next_fields(&r, f, 2, &n))
        ok = err_set(err, "%s:%d: text after the last patch", path, r.number);
    lines_close(&r);
    if (!ok)
        patches_free(p);
    return ok;
}

bool scen2_is_v2(const char *path)
{
    FILE *fp = file_open_input(path, 0, NULL, NULL); /* a FIFO is refused here, never waited on */
    if (!fp)
        return false;
    char word[16] = "";
    int version = 0;
    bool v2 = fscanf(fp, "%15s %d", word, &version) == 2 && !strcmp(word, "version") && version == 2;
    fclose(fp);
    return v2;
}

/* The patch file named in the scenario, relative to the scenario's folder. */
static void patch_path(const char *scen, const char *name, char *out, size_t size)
{
    const char *slash = strrchr(scen, '/');
    if (name[0] == '/' || !slash)
        snprintf(out, size, "%s", name);
    else
        snprintf(out, size, "%.*s/%s", (int)(slash - scen), scen, name);
}

typedef struct Loader {
    Lines r;
    Grid cur, prev; /* the map now, and at the end of the last batch */
    Grid initial;   /* prev when the first query came: the map to preprocess */
    Patches patches;
    Changes *ch;
    size_t cap_changes, cap_queries;
    Scenario *sc;
    int dirty_x0, dirty_y0, dirty_x1, dirty_y1; /* box of this batch's patches */
    int patch_line;                             /* where the scenario names its patch file */
} Loader;

/* Queues a cell's change, as a run with the last one where it is that
 * run's next cell changing alike (close_batch goes row by row). */
static bool push_change(Loader *l, CellChange c, int after_query, Err *err)
{
    Changes *ch = l->ch;
    CellChange *last = ch->n ? &ch->cell[ch->n - 1] : NULL;
    if (last && ch->after_query[ch->n - 1] == after_query && change_extends(last, c)) {
        last->more++;
        return true;
    }
    if (ch->n == l->cap_changes) { /* two arrays side by side: one new capacity */
        size_t cap = grow_cap(l->cap_changes, l->cap_changes + 1, 256);
        if (!grow_to(&ch->cell, cap, sizeof *ch->cell) || !grow_to(&ch->after_query, cap, sizeof *ch->after_query))
            return err_set(err, "%s: out of memory", l->r.path);
        l->cap_changes = cap;
    }
    ch->cell[ch->n] = c;
    ch->after_query[ch->n++] = after_query;
    return true;
}

/* Ends a batch of patches: the net changes inside their box become changes
 * after query `after` (-1: before the first query, into the initial map). */
static bool close_batch(Loader *l, int after, Err *err)
{
    for (int y = l->dirty_y0; y < l->dirty_y1; y++)
        for (int x = l->dirty_x0; x < l->dirty_x1; x++) {
            bool now = grid_passable(&l->cur, x, y);
            if (now == grid_passable(&l->prev, x, y))
                continue;
            grid_set_passable(&l->prev, x, y, now);
            if (after >= 0 && !push_change(l, (CellChange){(int16_t)x, (int16_t)y, now, 0}, after, err))
                return false;
        }
    l->dirty_x0 = l->dirty_y0 = 1 << 30;
    l->dirty_x1 = l->dirty_y1 = 0;
    return true;
}

static bool patch_command(Loader *l, char **f, int n, Err *err)
{
    long bucket, id, x, y;
    const Patches *p = &l->patches;
    if (n != 5 || !parse_int(f[1], &bucket) || !parse_int(f[2], &id) || !parse_int(f[3], &x) || !parse_int(f[4], &y))
        return err_set(err, "%s:%d: expected 'P bucket patch_id x y'", l->r.path, l->r.number);
    if (id < 0 || id >= p->n)
        return err_set(err, "%s:%d: patch %ld is not in the patch file (0..%d)", l->r.path, l->r.number, id, p->n - 1);
    if (x < 0 || y < 0 || x + p->w[id] > l->cur.width || y + p->h[id] > l->cur.height)
        return err_set(err, "%s:%d: patch %ld (%dx%d) at (%ld,%ld) leaves the %dx%d map", l->r.path, l->r.number, id,
                       p->w[id], p->h[id], x, y, l->cur.width, l->cur.height);
    const bool *bits = p->bits + p->at[id];
    for (int py = 0; py < p->h[id]; py++)
        for (int px = 0; px < p->w[id]; px++)
            grid_set_passable(&l->cur, (int)x + px, (int)y + py, bits[py * p->w[id] + px]);
    if (x < l->dirty_x0)
        l->dirty_x0 = (int)x;
    if (y < l->dirty_y0)
        l->dirty_y0 = (int)y;
    if (x + p->w[id] > l->dirty_x1)
        l->dirty_x1 = (int)x + p->w[id];
    if (y + p->h[id] > l->dirty_y1)
        l->dirty_y1 = (int)y + p->h[id];
    return true;
}

static bool query_command(Loader *l, char **f, int n, int ncosts, int octile_at, Err *err)
{
    long v[5];
    if (n != 6 + ncosts)
        return err_set(err, "%s:%d: expected 'Q bucket sx sy gx gy' and %d cost(s)", l->r.path, l->r.number, ncosts);
    for (int i = 0; i < 5; i++)
        if (!parse_int(f[1 + i], &v[i]))
            return err_set(err, "%s:%d: '%s' is not an integer", l->r.path, l->r.number, f[1 + i]);
    for (int i = 1; i < 5; i++)
        if (v[i] < 0 || v[i] >= (i % 2 ? l->cur.width : l->cur.height))
            return err_set(err, "%s:%d: (%ld,%ld) or (%ld,%ld) is outside the %dx%d map", l->r.path, l->r.number, v[1],
                           v[2], v[3], v[4], l->cur.width, l->cur.height);
    double cost;
    const char *text = f[6 + octile_at];
    if (!parse_double(text, &cost) || (cost < 0 && cost != -1))
        return err_set(err, "%s:%d: octile cost '%s' is not a length or -1", l->r.path, l->r.number, text);
    Scenario *sc = l->sc;
    if (!GROW(sc->q, l->cap_queries, (size_t)sc->count + 1, 256))
        return err_set(err, "%s: out of memory", l->r.path);
    ScenQuery *q = &sc->q[sc->count++];
    memset(q, 0, sizeof *q);
    q->line = l->r.number;
    q->bucket = (int)v[0];
    q->width = l->cur.width;
    q->height = l->cur.height;
    q->start = (xyLoc){(int16_t)v[1], (int16_t)v[2]};
    q->goal = (xyLoc){(int16_t)v[3], (int16_t)v[4]};
    /* -1 (no path) becomes the driver's unreachable mark, an optimum of 0. */
    q->optimal = cost < 0 ? 0 : cost;
    /* The kit prints costs with 14 significant digits. */
    int decimals, significant;
    scen_number_digits(text, &decimals, &significant);
    q->optimal_tol = cost > 0 ? 0.5 * pow(10.0, -(decimals + (significant < 14 ? 14 - significant : 0))) : 0;
    return true;
}

/* The header up to 'commands'; sets the map size, the cost column and the patch file. */
static bool read_header(Loader *l, int *w, int *h, int *ncosts, int *octile_at, char *patch, size_t psize, Err *err)
{
    Lines *r = &l->r;
    char *f[40];
    int n;
    long v;
    if (!next_fields(r, f, 40, &n) || n != 2 || strcmp(f[0], "version") || strcmp(f[1], "2"))
        return err_set(err, "%s:%d: expected 'version 2'", r->path, r->number);
    if (!keyed_int(r, "height", 1, 8000, &v, err))
        return false;
    *h = (int)v;
    if (!keyed_int(r, "width", 1, 8000, &v, err))
        return false;
    *w = (int)v;
    if (!next_fields(r, f, 40, &n) || n < 2 || strcmp(f[0], "cost") || !parse_int(f[1], &v) || v < 1 || v > 32 ||
        n != 2 + v)
        return err_set(err, "%s:%d: expected 'cost K NAME...' with K names", r->path, r->number);
    *ncosts = (int)v;
    *octile_at = -1;
    for (int i = 0; i < *ncosts; i++)
        if (!strcmp(f[2 + i], "octile")) {
            if (*octile_at >= 0)
                return err_set(err, "%s:%d: 'octile' named twice", r->path, r->number);
            *octile_at = i;
        }
    if (*octile_at < 0)
        return err_set(err, "%s:%d: no 'octile' cost", r->path, r->number);
    if (!next_fields(r, f, 40, &n) || n != 2 || strcmp(f[0], "patch"))
        return err_set(err, "%s:%d: expected 'patch FILE'", r->path, r->number);
    patch_path(r->path, f[1], patch, psize);
    l->patch_line = r->number;
    if (!next_fields(r, f, 40, &n) || n != 1 || strcmp(f[0], "commands"))
        return err_set(err, "%s:%d: expected 'commands'", r->path, r->number);
    return true;
}

static bool open_grid(Grid *g, int w, int h, Err *err)
{
    bool *bits = malloc((size_t)w * (size_t)h * sizeof *bits);
    if (!bits)
        return err_set(err, "out of memory for a %dx%d map", w, h);
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
        bits[i] = true;
    bool ok = grid_from_bits(g, bits, w, h, err);
    free(bits);
    return ok;
}

bool scen2_load(const char *path, Grid *map, Scenario *sc, Changes *ch, Err *err)
{
    Loader l;
    memset(&l, 0, sizeof l);
    memset(sc, 0, sizeof *sc);
    memset(ch, 0, sizeof *ch);
    l.sc = sc;
    l.ch = ch;
    sc->version = 2;
    if (!lines_open(&l.r, path, 0, err))
        return false;
    int w = 0, h = 0, ncosts = 0, octile_at = 0;
    char patch[4096];
    bool ok = read_header(&l, &w, &h, &ncosts, &octile_at, patch, sizeof patch, err);
    if (ok && !load_patches(&l.patches, patch, err)) {
        Err why = *err; /* the patch file's own problem, and which scenario line named it */
        ok = err_set(err, "%s (the patch file named at %s:%d)", why.msg, path, l.patch_line);
    }
    ok = ok && open_grid(&l.cur, w, h, err) && open_grid(&l.prev, w, h, err);
    l.dirty_x0 = l.dirty_y0 = 1 << 30;
    char *f[40];
    int n;
    bool in_batch = false;
    while (ok && next_fields(&l.r, f, 40, &n)) {
        if (n < 1) { /* fields cut at a NUL byte: f[0] may be unset */
            ok = err_set(err, "%s:%d: a NUL byte in the line (not a text file?)", path, l.r.number);
        } else if (!strcmp(f[0], "P")) {
            ok = patch_command(&l, f, n, err);
            in_batch = true;
        } else if (!strcmp(f[0], "Q")) {
            if (in_batch)
                ok = close_batch(&l, sc->count - 1, err);
            in_batch = false;
            if (ok && sc->count == 0)
                ok = grid_copy(&l.initial, &l.prev, err);
            ok = ok && query_command(&l, f, n, ncosts, octile_at, err);
        } else {
            ok = err_set(err, "%s:%d: unknown command '%s' (P or Q)", path, l.r.number, f[0]);
        }
    }
    if (ok && sc->count == 0)
        ok = err_set(err, "%s: no queries", path);
    /* Patches after the last query change nothing anyone asks about. */
    snprintf(sc->map_name, sizeof sc->map_name, "%s", base_name(path));
    lines_close(&l.r);
    patches_free(&l.patches);
    grid_free(&l.cur);
    grid_free(&l.prev);
    if (ok) {
        *map = l.initial;
    } else {
        grid_free(&l.initial);
        scen_free(sc);
        changes_free(ch);
    }
    return ok;
}
