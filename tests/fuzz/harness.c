/* The fuzz targets (harness.h): one per parser the driver runs on a file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../driver/driver.h"
#include "../../entries/entry.h"
#include "../../grid/scen.h"
#include "../../grid/validate.h"
#include "harness.h"

#define MAP_W 40
#define MAP_H 34
#define PROBES 7
/* Enough calls for any entry to finish a query on a 40x34 map one leg at a time. */
#define MAX_CALLS 100000

/* What the harness keeps between inputs. libFuzzer's entry point takes no
 * context, so this one struct is file-static, built once on first use. */
static struct {
    char path[256]; /* the temporary file each input is written to */
    char dir[256];  /* scen2: a folder for the scenario and its patch file ("" until used) */
    Grid map;       /* FUZZ_MAP at its full size */
    bool ready;
    const FuzzTarget *ref_for; /* the target whose probe optima opt[] holds */
    double opt[2][PROBES];     /* before and after fuzz_pre's update */
} H;

/* FUZZ_MAP: rooms joined by doors, a few pillars and one walled-off pocket,
 * so mm gets several sectors with more than one region and default sectors,
 * and a probe pair that is unreachable. A target may take its top-left
 * corner only (FuzzTarget.w, h), to keep its seed small. */
static bool map_cell(int x, int y)
{
    if ((x == 13 || x == 27) && y % 11 != 5)
        return false; /* walls between rooms, doors at y = 5, 16, 27 */
    if (y == 17 && x % 9 != 4)
        return false;
    if (x >= 34 && y >= 29)
        return x >= 35 && x <= 37 && y >= 30 && y <= 31; /* the pocket */
    return (x * 7 + y * 13) % 23 != 11;                  /* pillars */
}

static bool make_map(Grid *g, int w, int h)
{
    bool bits[MAP_W * MAP_H];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            bits[y * w + x] = map_cell(x, y);
    Err err;
    if (!grid_from_bits(g, bits, w, h, &err)) {
        fprintf(stderr, "fuzz: %s\n", err.msg);
        return false;
    }
    return true;
}

/* The map target t is checked against: FUZZ_MAP or its corner. */
static const Grid *target_map(const FuzzTarget *t, Grid *corner)
{
    if (!t->w)
        return &H.map;
    return make_map(corner, t->w, t->h) ? corner : NULL;
}

static bool setup(void)
{
    if (H.ready)
        return true;
    if (!make_map(&H.map, MAP_W, MAP_H))
        return false;
    /* Memory-backed when there is one: rewriting a file on a disk file system
     * can flush it to disk (ext4 auto_da_alloc), a hundred times slower. */
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
        tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(H.path, sizeof H.path, "%s/gppc-fuzz-%ld.in", tmp, (long)getpid());
    H.ready = true;
    return true;
}

void fuzz_cleanup(void)
{
    if (!H.ready)
        return;
    grid_free(&H.map);
    unlink(H.path);
    if (H.dir[0]) {
        char f[300];
        snprintf(f, sizeof f, "%s/in.scen", H.dir);
        unlink(f);
        snprintf(f, sizeof f, "%s/p.patch", H.dir);
        unlink(f);
        rmdir(H.dir);
        H.dir[0] = 0;
    }
    H.ready = false;
    H.ref_for = NULL;
}

/* Writes n bytes to path, whole; false when it cannot. */
static bool write_file(const char *path, const void *data, size_t n)
{
    FILE *fp = fopen(path, "wb");
    if (!fp)
        return false;
    bool ok = fwrite(data, 1, n, fp) == n;
    return fclose(fp) == 0 && ok;
}

const char *fuzz_run(const FuzzTarget *t, const uint8_t *data, size_t n)
{
    if (!setup())
        return "cannot build the fixed map";
    if (!write_file(H.path, data, n))
        return "cannot write the input file";
    return t->run(t, H.path);
}

static const char *fuzz_map(const FuzzTarget *t, const char *path)
{
    (void)t;
    Grid g;
    Err err;
    if (!grid_load_map(&g, path, &err))
        return NULL;
    /* An accepted map has a size in range and its ring of blocked cells. */
    bool ok = g.width >= 1 && g.height >= 1 && g.width <= GRID_MAX_DIM && g.height <= GRID_MAX_DIM;
    for (int x = -1; ok && x <= g.width; x++)
        ok = !g.cells[grid_index(&g, x, -1)] && !g.cells[grid_index(&g, x, g.height)];
    for (int y = 0; ok && y < g.height; y++)
        ok = !g.cells[grid_index(&g, -1, y)] && !g.cells[grid_index(&g, g.width, y)];
    grid_free(&g);
    return ok ? NULL : "accepted map out of range or with a passable border cell";
}

static const char *fuzz_scen(const FuzzTarget *t, const char *path)
{
    (void)t;
    Scenario sc;
    Err err;
    if (!scen_load(&sc, path, &err))
        return NULL;
    const char *bad = NULL;
    if (scen_check_against(&sc, path, &H.map, &err))
        for (int i = 0; i < sc.count && !bad; i++)
            if (!grid_passable(&H.map, sc.q[i].start.x, sc.q[i].start.y) ||
                !grid_passable(&H.map, sc.q[i].goal.x, sc.q[i].goal.y))
                bad = "scenario accepted with a blocked start or goal";
    scen_free(&sc);
    return bad;
}

static const char *fuzz_changes(const FuzzTarget *t, const char *path)
{
    (void)t;
    Changes c;
    Err err;
    const int nqueries = 50;
    if (!changes_load(&c, path, &H.map, nqueries, &err))
        return NULL;
    const char *bad = NULL;
    for (size_t i = 0; i < c.n && !bad; i++)
        if (!grid_in_bounds(&H.map, c.cell[i].x, c.cell[i].y) || c.after_query[i] < 0 || c.after_query[i] >= nqueries ||
            (i && c.after_query[i] < c.after_query[i - 1]))
            bad = "change file accepted with a cell out of bounds or out of order";
    changes_free(&c);
    return bad;
}

/* Writes n bytes to dir/name; false when it cannot. */
static bool write_beside(const char *name, const char *data, size_t n)
{
    char f[300];
    snprintf(f, sizeof f, "%s/%s", H.dir, name);
    return write_file(f, data, n);
}

/* The dynamic kit's version-2 scenario with its patch file. The input holds
 * both, the patch file after a line "%%patch"; they are written as in.scen
 * and p.patch in one folder, so a seed names its patches "patch p.patch".
 * What scen2_load accepts must be replayable: queries inside the map, every
 * change inside it, after an existing query, in order, and a real change
 * (net of its batch: the cell flips). */
static const char *fuzz_scen2(const FuzzTarget *t, const char *path)
{
    (void)t;
    if (!H.dir[0]) {
        const char *slash = strrchr(H.path, '/');
        snprintf(H.dir, sizeof H.dir, "%.*s/gppc-fuzz-%ld.d", (int)(slash - H.path), H.path, (long)getpid());
        if (mkdir(H.dir, 0700) != 0 && access(H.dir, W_OK) != 0) {
            H.dir[0] = 0;
            return "cannot make the scen2 folder";
        }
    }
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return "cannot read the input file";
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, fp);
    fclose(fp);
    buf[n] = 0;
    const char *mark = "\n%%patch\n";
    char *cut = strstr(buf, mark);
    size_t scen_n = cut ? (size_t)(cut - buf) + 1 : n;
    const char *patch = cut ? cut + strlen(mark) : "";
    size_t patch_n = cut ? n - (size_t)(patch - buf) : 0;
    if (!write_beside("in.scen", buf, scen_n) || !write_beside("p.patch", patch, patch_n))
        return "cannot write the scen2 files";
    char scen[300];
    snprintf(scen, sizeof scen, "%s/in.scen", H.dir);
    Grid map;
    Scenario sc;
    Changes ch;
    Err err;
    if (!scen2_load(scen, &map, &sc, &ch, &err))
        return NULL;
    const char *bad = NULL;
    for (int i = 0; i < sc.count && !bad; i++)
        if (!grid_in_bounds(&map, sc.q[i].start.x, sc.q[i].start.y) ||
            !grid_in_bounds(&map, sc.q[i].goal.x, sc.q[i].goal.y) || sc.q[i].optimal < 0)
            bad = "scen2 accepted with a query outside the map or a negative optimum";
    for (size_t i = 0; i < ch.n && !bad; i++) {
        CellChange c = ch.cell[i];
        if (!grid_in_bounds(&map, c.x, c.y) || !grid_in_bounds(&map, c.x + c.more, c.y) || ch.after_query[i] < 0 ||
            ch.after_query[i] >= sc.count || (i && ch.after_query[i] < ch.after_query[i - 1]))
            bad = "scen2 accepted with a change out of bounds or out of order";
        for (int x = c.x; !bad && x <= c.x + c.more; x++)
            if (grid_passable(&map, x, c.y) == c.passable)
                bad = "scen2 produced a change that changes nothing";
            else
                grid_set_passable(&map, x, c.y, c.passable);
    }
    grid_free(&map);
    scen_free(&sc);
    changes_free(&ch);
    return bad;
}

/* Runs s -> g to the end; false when the entry never finishes. */
static bool run_to_end(const Entry *e, void *inst, xyLoc s, xyLoc g, xyPath *p)
{
    p->len = 0;
    for (int calls = 0; calls < MAX_CALLS; calls++)
        if (e->get_path(inst, s, g, p))
            return true;
    return false;
}

/* The probe pairs: from each of PROBES cells spread over the map (one inside
 * the walled-off pocket on the full map) to the one three further on. */
static void probe(const Grid *g, int i, xyLoc *s, xyLoc *goal)
{
    static const int16_t P[PROBES][2] = {{0, 0}, {39, 0}, {20, 9}, {0, 33}, {30, 25}, {5, 20}, {36, 30}};
    int j = (i + 3) % PROBES;
    /* On a corner map, the same cells folded into it. */
    *s = (xyLoc){(int16_t)(P[i][0] % g->width), (int16_t)(P[i][1] % g->height)};
    *goal = (xyLoc){(int16_t)(P[j][0] % g->width), (int16_t)(P[j][1] % g->height)};
}

/* The optimum of every probe on g by the astar entry (-1: unreachable). */
static bool reference(const Grid *g, double *opt)
{
    const Entry *ref = entry_find("astar");
    EntryOpts none = {0};
    Err err;
    void *inst = ref->prepare(g, "", &none, &err);
    if (!inst)
        return false;
    xyPath r = {0};
    char why[200];
    for (int i = 0; i < PROBES; i++) {
        xyLoc s, goal;
        probe(g, i, &s, &goal);
        opt[i] = -1;
        if (grid_passable(g, s.x, s.y) && grid_passable(g, goal.x, goal.y) && run_to_end(ref, inst, s, goal, &r) &&
            r.len && !path_validate(g, s, goal, r.cells, r.len, &opt[i], why, sizeof why))
            opt[i] = -2; /* astar itself is wrong: say so below */
    }
    path_free(&r);
    ref->destroy(inst);
    return true;
}

/* Checks every probe on inst against the optima `opt` on g. */
static const char *check_probes(const Entry *e, void *inst, const Grid *g, const double *opt)
{
    xyPath p = {0};
    const char *bad = NULL;
    for (int i = 0; i < PROBES && !bad; i++) {
        xyLoc s, goal;
        probe(g, i, &s, &goal);
        if (!grid_passable(g, s.x, s.y) || !grid_passable(g, goal.x, goal.y))
            continue;
        double len = 0;
        char why[200];
        if (!run_to_end(e, inst, s, goal, &p))
            bad = "entry never finished a query on a loaded file";
        else if (opt[i] == -2)
            bad = "the reference astar returned an invalid path";
        else if (opt[i] < 0)
            bad = p.len ? "path returned for an unreachable goal" : NULL;
        else if (p.len == 0)
            bad = "no path for a reachable goal";
        else if (!path_validate(g, s, goal, p.cells, p.len, &len, why, sizeof why))
            bad = "invalid path from a loaded file";
        else if (e->subopt_bound == 1.0 && len > opt[i] + 1e-6)
            bad = "optimal entry returned a longer path from a loaded file";
    }
    path_free(&p);
    return bad;
}

/* prepare() on the input as the entry's preprocessing file, then the probes;
 * then an update() that walls two doors and opens a pillar, and the probes
 * again. The optima are computed once per target (H.ref_for). */
static const char *fuzz_pre(const FuzzTarget *t, const char *path)
{
    const Entry *e;
    EntryOpts opts;
    Err err;
    if (!entry_parse_spec(t->spec, &e, &opts, &err))
        return "bad entry spec in FUZZ_TARGETS";
    Grid corner, changed = {0};
    const Grid *map = target_map(t, &corner);
    if (!map)
        return "out of memory";
    const CellChange all[3] = {{13, 16, false, 0}, {27, 16, false, 0}, {1, 18, true, 0}};
    CellChange change[3];
    int nc = 0;
    for (int i = 0; i < 3; i++)
        if (grid_in_bounds(map, all[i].x, all[i].y))
            change[nc++] = all[i];
    const char *bad = grid_copy(&changed, map, &err) ? NULL : "out of memory";
    for (int i = 0; !bad && i < nc; i++)
        grid_set_passable(&changed, change[i].x, change[i].y, change[i].passable);
    if (!bad && H.ref_for != t) {
        bool ok = reference(map, H.opt[0]) && reference(&changed, H.opt[1]);
        H.ref_for = ok ? t : NULL;
        bad = ok ? NULL : "reference astar failed to start";
    }
    void *inst = bad ? NULL : entry_prepare(e, map, path, &opts, NULL, &err);
    if (!bad)
        bad = inst ? check_probes(e, inst, map, H.opt[0]) : "prepare failed on the fixed map";
    if (!bad && e->update)
        bad = e->update(inst, change, nc, &err) ? check_probes(e, inst, &changed, H.opt[1])
                                                : "update failed on an instance from a loaded file";
    if (inst)
        e->destroy(inst);
    if (changed.cells)
        grid_free(&changed);
    if (map != &H.map)
        grid_free(&corner);
    return bad;
}

const FuzzTarget FUZZ_TARGETS[] = {
    {"map", NULL, fuzz_map, 0, 0},
    {"scen", NULL, fuzz_scen, 0, 0},
    {"changes", NULL, fuzz_changes, 0, 0},
    {"scen2", NULL, fuzz_scen2, 0, 0},
    /* One line per preprocessing format: name (= seed folder), entry spec,
     * map corner (0 = all of FUZZ_MAP). */
    {"pre_mm", "mm", fuzz_pre, 0, 0},
    {"pre_mm_segs", "mm:segfile=sym", fuzz_pre, 0, 0},
    /* Not centers=opt: its file differs only in a flag bit and where the
     * centers lie (checked the same way), while re-optimising centers in
     * every update() and rebuild would cut the execs a hundredfold. */
    {"pre_mm_nosym", "mm:segfile=nosym,defaults=0,sector=8", fuzz_pre, 20, 20},
    {"pre_ch", "ch", fuzz_pre, 10, 8},
    {"pre_jpsplus", "jps+", fuzz_pre, 12, 10},
    {"pre_sub", "sub", fuzz_pre, 0, 0},
    {NULL, NULL, NULL, 0, 0},
};

const FuzzTarget *fuzz_find(const char *name)
{
    if (!setup())
        return NULL;
    for (const FuzzTarget *t = FUZZ_TARGETS; t->name; t++)
        if (strcmp(t->name, name) == 0)
            return t;
    return NULL;
}

int fuzz_make_seed(const FuzzTarget *t, const char *path)
{
    const Entry *e;
    EntryOpts opts;
    Err err;
    if (!t->spec) {
        fprintf(stderr, "fuzz: %s reads text files; its seeds are written by hand\n", t->name);
        return 0;
    }
    Grid corner;
    const Grid *map = target_map(t, &corner);
    bool ok = map && entry_parse_spec(t->spec, &e, &opts, &err) && entry_preprocess(e, map, path, &opts, &err);
    if (map && !ok)
        fprintf(stderr, "fuzz: %s\n", err.msg);
    if (map && map != &H.map)
        grid_free(&corner);
    return ok;
}
