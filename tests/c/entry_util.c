/* Helpers shared by the entry tests: loading an embedded map with its
 * scenario, running one query through an entry, capturing stderr. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../entries/mm/mm.h"
#include "../../grid/validate.h"
#include "mm_regions.h"

bool load_paths(T *t, const char *map, const char *scen, Loaded *l)
{
    Err err;
    memset(l, 0, sizeof *l);
    bool ok = grid_load_map(&l->g, map, &err) && scen_load(&l->sc, scen, &err);
    CHECKF(t, ok, "%s", err.msg);
    return ok;
}

void map_scen_paths(const char *root, const char *name, char *map, char *scen, size_t size)
{
    snprintf(map, size, "%s/maps/%s.map", root, name);
    snprintf(scen, size, "%s/scenarios/%s.map.scen", root, name);
}

bool load_named(T *t, const char *name, Loaded *l)
{
    char map[512], scen[512];
    map_scen_paths(".", name, map, scen, sizeof map);
    return load_paths(t, map, scen, l);
}

bool load_nth(T *t, const char *const *names, int i, Loaded *l) { return names[i] && load_named(t, names[i], l); }

bool load_bench(T *t, const char *name, Loaded *l)
{
    const char *dir = bench_dir(t);
    if (!dir)
        return false;
    char map[PATH_MAX], scen[PATH_MAX];
    map_scen_paths(dir, name, map, scen, sizeof map);
    return load_paths(t, map, scen, l);
}

void for_each_embedded_map(T *t, void (*fn)(T *, const Grid *, const char *))
{
    const char *families[] = {"random", "rooms", "mazes"};
    for (int f = 0; f < 3; f++) {
        char dir[128];
        snprintf(dir, sizeof dir, "maps/%s", families[f]);
        DIR *d = opendir(dir);
        struct dirent *de;
        int seen = 0;
        while (d && (de = readdir(d))) {
            if (!strstr(de->d_name, ".map") || seen++ % 2 == T_SANITIZED)
                continue;
            char path[512];
            snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
            Grid g;
            Err err;
            if (grid_load_map(&g, path, &err)) {
                fn(t, &g, path);
                grid_free(&g);
            }
        }
        if (d)
            closedir(d);
    }
}

bool load_crop(T *t, const char *name, int w, int h, int n, Loaded *l)
{
    Loaded whole;
    if (!load_named(t, name, &whole))
        return false;
    memset(l, 0, sizeof *l);
    Err err;
    bool *bits = malloc((size_t)w * (size_t)h * sizeof *bits);
    for (int y = 0; bits && y < h; y++)
        for (int x = 0; x < w; x++)
            bits[y * w + x] = grid_passable(&whole.g, x, y);
    bool ok = bits && w <= whole.g.width && h <= whole.g.height && grid_from_bits(&l->g, bits, w, h, &err);
    free(bits);
    unload(&whole);
    int *comp = ok ? grid_components(&l->g) : NULL;
    l->sc.q = comp ? calloc((size_t)n, sizeof *l->sc.q) : NULL;
    CHECKF(t, l->sc.q != NULL, "%s: no %dx%d crop with %d queries", name, w, h, n);
    if (!l->sc.q) {
        free(comp);
        if (ok)
            grid_free(&l->g);
        return false;
    }
    l->sc.version = 1;
    uint64_t seed = 0x9e3779b97f4a7c15u;
    for (int tries = 0; l->sc.count < n && tries < 1000 * n; tries++) {
        int c[4];
        for (int k = 0; k < 4; k++) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            c[k] = (int)((seed >> 33) % (uint64_t)(k % 2 ? h : w));
        }
        int cs = comp[grid_index(&l->g, c[0], c[1])];
        if (!cs || cs != comp[grid_index(&l->g, c[2], c[3])])
            continue;
        ScenQuery *q = &l->sc.q[l->sc.count++];
        q->line = l->sc.count;
        q->width = w;
        q->height = h;
        q->start = (xyLoc){(int16_t)c[0], (int16_t)c[1]};
        q->goal = (xyLoc){(int16_t)c[2], (int16_t)c[3]};
        q->optimal = grid_octile(c[0], c[1], c[2], c[3]);
    }
    free(comp);
    CHECKF(t, l->sc.count == n, "%s: %d of %d queries connect in the %dx%d crop", name, l->sc.count, n, w, h);
    return true;
}

bool load_small_cluttered(Loaded *l)
{
    enum { W = 64, H = 64 };
    bool bits[W * H];
    uint32_t seed = 20;
    for (int i = 0; i < W * H; i++) {
        seed = seed * 1103515245u + 12345u;
        bits[i] = (seed >> 16) % 100 >= 20;
    }
    *l = (Loaded){0};
    Err err;
    return grid_from_bits(&l->g, bits, W, H, &err);
}

void run_mirrored_queries(T *t, const Entry *e, void *inst, const Loaded *l, int dx, int dy)
{
    int w = l->g.width, h = l->g.height;
    xyPath p = {0};
    for (int y = 0; y < h; y += dy)
        for (int x = 0; x < w; x += dx) {
            ScenQuery q = {.start = {(int16_t)x, (int16_t)y}, .goal = {(int16_t)(w - 1 - x), (int16_t)(h - 1 - y)}};
            if (!grid_passable(&l->g, x, y) || !grid_passable(&l->g, w - 1 - x, h - 1 - y))
                continue;
            run_query(t, e, inst, &q, &p);
            double len;
            char why[256];
            CHECKF(t, p.len == 0 || path_validate(&l->g, q.start, q.goal, p.cells, p.len, &len, why, sizeof why),
                   "query (%d,%d): %s", x, y, why);
        }
    path_free(&p);
}

void unload(Loaded *l)
{
    scen_free(&l->sc);
    grid_free(&l->g);
}

/* Runs query q, checking after every call that earlier cells were left alone.
 * Returns the number of calls. */
int run_query(T *t, const Entry *e, void *inst, const ScenQuery *q, xyPath *p)
{
    static xyLoc before[1 << 16];
    p->len = 0;
    int calls = 0;
    bool done = false;
    while (!done && calls < 100000) {
        size_t n = p->len < (1 << 16) ? p->len : (1 << 16);
        if (n)
            memcpy(before, p->cells, n * sizeof *before);
        done = e->get_path(inst, q->start, q->goal, p);
        calls++;
        CHECKF(t, p->len >= n && (n == 0 || memcmp(before, p->cells, n * sizeof *before) == 0),
               "call %d rewrote earlier cells", calls);
    }
    return calls;
}

void capture_begin(Capture *c)
{
    char path[256];
    snprintf(path, sizeof path, "%s/stderr.txt", temp_dir());
    fflush(stderr);
    c->saved = dup(2);
    c->fp = fopen(path, "w+");
    dup2(fileno(c->fp), 2);
}

size_t capture_end(Capture *c, char *buf, size_t size)
{
    fflush(stderr);
    dup2(c->saved, 2);
    close(c->saved);
    rewind(c->fp);
    size_t n = fread(buf, 1, size - 1, c->fp);
    buf[n] = '\0';
    fclose(c->fp);
    return n;
}

/* Captures what prepare prints on stderr. */
void *prepare_capturing(const Entry *e, const Grid *g, const char *file, const EntryOpts *o, char *buf, size_t size)
{
    Capture c;
    Err err;
    capture_begin(&c);
    void *inst = entry_prepare(e, g, file, o, NULL, &err);
    capture_end(&c, buf, size);
    return inst;
}

/* splitmix64: every output of a seed differs, however close the seeds. */
static uint64_t splitmix(uint64_t *s)
{
    *s += 0x9e3779b97f4a7c15ull;
    uint64_t z = *s;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

Grid t_random_grid(int w, int h, int pct, uint64_t seed)
{
    bool *bits = malloc((size_t)w * h);
    for (int i = 0; i < w * h; i++)
        bits[i] = (int)(splitmix(&seed) % 100) >= pct;
    Grid g;
    Err err;
    grid_from_bits(&g, bits, w, h, &err);
    free(bits);
    return g;
}

int *grid_components(const Grid *g)
{
    size_t n = (size_t)(g->height + 2) * (size_t)g->stride;
    int *label = calloc(n, sizeof *label), *queue = malloc(n * sizeof *queue);
    if (!label || !queue) {
        free(label);
        free(queue);
        return NULL;
    }
    const int step[4] = {1, -1, g->stride, -g->stride};
    int next = 0;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++) {
            int c = grid_index(g, x, y);
            if (label[c] || !grid_passable(g, x, y))
                continue;
            int head = 0, tail = 0;
            label[c] = ++next;
            queue[tail++] = c;
            while (head < tail) {
                int at = queue[head++];
                for (int d = 0; d < 4; d++) {
                    int to = at + step[d];
                    /* The padding ring is blocked, so no bounds check is needed. */
                    if (!label[to] && g->cells[to]) {
                        label[to] = next;
                        queue[tail++] = to;
                    }
                }
            }
        }
    free(queue);
    return label;
}

double entry_counter(const Entry *e, void *inst, const char *key)
{
    Counters c = {0};
    e->counters(inst, &c, true);
    return counter_of(&c, key);
}

void *prepare_spec(T *t, const char *spec, const Loaded *l, const Entry **e)
{
    EntryOpts opts;
    Err err;
    char file[256];
    snprintf(file, sizeof file, "%s/prepared.pre", temp_dir());
    if (!entry_parse_spec(spec, e, &opts, &err)) {
        t_fail(t, __FILE__, __LINE__, "%s: %s", spec, err.msg);
        return NULL;
    }
    CHECKF(t, entry_preprocess(*e, &l->g, file, &opts, &err), "%s: %s", spec, err.msg);
    void *inst = (*e)->prepare(&l->g, file, &opts, &err);
    CHECKF(t, inst != NULL, "%s: %s", spec, inst ? "" : err.msg);
    return inst;
}

bool mm_regions_open(T *t, const char *name, const char *spec, bool ch, MmRegions *m)
{
    memset(m, 0, sizeof *m);
    if (!load_named(t, name, &m->l))
        return false;
    Err err;
    m->inst = prepare_spec(t, spec, &m->l, &m->e);
    m->ix = m->inst ? mm_abs_index(m->inst) : NULL;
    if (m->ix && region_search_init(&m->as, m->ix, ch, NULL, &err))
        return true;
    CHECKF(t, false, "%s: %s", name, m->ix ? err.msg : "no mm instance");
    if (m->inst)
        m->e->destroy(m->inst);
    unload(&m->l);
    return false;
}

void mm_regions_close(MmRegions *m)
{
    region_search_free(&m->as);
    m->e->destroy(m->inst);
    unload(&m->l);
}

void flip_random_cells(T *t, const Entry *e, void *inst, Loaded *l, int n, uint64_t *seed)
{
    CellChange ch[64] = {{0}};
    n = n < 64 ? n : 64;
    for (int i = 0; i < n; i++) {
        *seed = *seed * 6364136223846793005u + 1442695040888963407u;
        int x = (int)((*seed >> 33) % (uint64_t)l->g.width), y = (int)((*seed >> 17) % (uint64_t)l->g.height);
        ch[i] = (CellChange){(int16_t)x, (int16_t)y, !grid_passable(&l->g, x, y), 0};
    }
    change_cells(t, e, inst, l, ch, n);
}

void change_cells(T *t, const Entry *e, void *inst, Loaded *l, const CellChange *ch, int n)
{
    Err err;
    CHECKF(t, e->update(inst, ch, n, &err), "%s", err.msg);
    for (int i = 0; i < n; i++)
        grid_set_run(&l->g, ch[i].x, ch[i].y, ch[i].more + 1, ch[i].passable);
}

int replay_valid(T *t, const Entry *e, void *inst, const Loaded *l, int first, int stride, int *replayed)
{
    int *comp = grid_components(&l->g);
    if (!comp) {
        t_fail(t, __FILE__, __LINE__, "out of memory");
        return 1;
    }
    xyPath p = {0};
    int bad = 0, ran = 0;
    for (int i = first; i < l->sc.count; i += stride) {
        const ScenQuery *q = &l->sc.q[i];
        int cs = comp[grid_index(&l->g, q->start.x, q->start.y)], cg = comp[grid_index(&l->g, q->goal.x, q->goal.y)];
        if (!cs || !cg)
            continue; /* an end is closed */
        p.len = 0;
        run_query(t, e, inst, q, &p);
        ran++;
        double len;
        char why[200] = "a path where the map no longer connects s and g";
        bool ok =
            cs == cg ? path_validate(&l->g, q->start, q->goal, p.cells, p.len, &len, why, sizeof why) : p.len == 0;
        if (!ok && bad++ < 3)
            t_fail(t, __FILE__, __LINE__, "query %d after update: %s", i, why);
    }
    path_free(&p);
    free(comp);
    if (replayed)
        *replayed = ran;
    return bad;
}

double counter_of(const Counters *c, const char *key)
{
    for (int k = 0; k < c->n; k++)
        if (!strcmp(c->extra[k].key, key))
            return c->extra[k].value;
    return -1;
}
