/* Drives build/kit-dynamic/lib/libGPPCentry.so through the dynamic kit's C
 * ABI as the kit's ./run does: preprocess, init, queries answered in pieces
 * (each piece only the new cells, `incomplete` until the last), a map change
 * through patches applied to the active map first, more queries, free.
 * Every joined path is checked by our validator (grid/validate.h) on the map
 * as it is at that query, and an empty answer by A* (it must be unreachable).
 *   test_kit_dynamic MAP PREFILE   -> "N passed, N failed, 0 skipped" lines,
 * exit 1 on any failure. Built and run by tests/py/test_kits.py. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../grid/grid.h"
#include "../../grid/validate.h"
#include "../../kits/dynamic/gppc_abi.h"
#include "../../search/astar.h"

static int failures;

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                                       \
            fprintf(stderr, __VA_ARGS__);                                                                              \
            fputc('\n', stderr);                                                                                       \
            failures++;                                                                                                \
        }                                                                                                              \
    } while (0)

static void set_bit(uint8_t *bits, size_t i, int v)
{
    if (v)
        bits[i >> 3] |= (uint8_t)(1u << (i & 7));
    else
        bits[i >> 3] &= (uint8_t) ~(1u << (i & 7));
}

/* A deterministic passable cell (LCG). */
static xyLoc pick(const Grid *g, uint32_t *seed)
{
    for (;;) {
        *seed = *seed * 1103515245u + 12345u;
        int x = (int)((*seed >> 8) % (uint32_t)g->width);
        *seed = *seed * 1103515245u + 12345u;
        int y = (int)((*seed >> 8) % (uint32_t)g->height);
        if (grid_passable(g, x, y))
            return (xyLoc){(int16_t)x, (int16_t)y};
    }
}

/* The cells of the patches as the instance knows them, each asked as a
 * query from itself to itself: [c, c] where open, nothing where blocked
 * (the binding's one-line complaints about blocked ends silenced). Returns
 * how many it knows otherwise than g. */
static int cells_known_otherwise(void *data, const Grid *g, const struct gppc_patch *ps, int n)
{
    int wrong = 0, saved = dup(2), null = open("/dev/null", O_WRONLY);
    fflush(stderr);
    if (null >= 0)
        dup2(null, 2);
    for (int k = 0; k < n; k++)
        for (int y = ps[k].pos.y; y < ps[k].pos.y + ps[k].height; y++)
            for (int x = ps[k].pos.x; x < ps[k].pos.x + ps[k].width; x++) {
                struct gppc_point c = {(uint16_t)x, (uint16_t)y};
                struct gppc_path r = gppc_get_path(data, c, c);
                wrong += grid_passable(g, x, y) ? r.length != 2 || r.incomplete : r.length != 0;
            }
    fflush(stderr);
    if (saved >= 0)
        dup2(saved, 2);
    if (null >= 0)
        close(null);
    if (saved >= 0)
        close(saved);
    return wrong;
}

/* Runs `n` queries; returns how many came in more than one piece. */
static int run_queries(void *data, Grid *g, AStar *ref, int n, uint32_t seed, xyPath *path, xyLoc *on_path)
{
    int pieces_seen = 0;
    for (int q = 0; q < n; q++) {
        xyLoc s = pick(g, &seed), t = pick(g, &seed);
        struct gppc_point ps = {(uint16_t)s.x, (uint16_t)s.y}, pt = {(uint16_t)t.x, (uint16_t)t.y};
        struct gppc_path r;
        int calls = 0;
        path->len = 0;
        do {
            r = gppc_get_path(data, ps, pt);
            calls++;
            CHECK(!(r.length == 0 && r.incomplete), "query %d: an empty piece marked incomplete", q);
            CHECK(r.length == 0 || r.path, "query %d: NULL path with length %u", q, r.length);
            for (uint32_t i = 0; i < r.length; i++)
                path_push(path, (xyLoc){(int16_t)r.path[i].x, (int16_t)r.path[i].y});
        } while (r.incomplete && calls < 1000000);
        pieces_seen += calls > 1;
        double opt = astar_distance(ref, s, t, NULL);
        if (path->len == 0) {
            CHECK(opt < 0, "query %d (%d,%d)->(%d,%d): no path, but A* finds %.3f", q, s.x, s.y, t.x, t.y, opt);
            continue;
        }
        double len;
        char why[256];
        CHECK(path_validate(g, s, t, path->cells, path->len, &len, why, sizeof why), "query %d (%d,%d)->(%d,%d): %s", q,
              s.x, s.y, t.x, t.y, why);
        if (on_path && path->len > 2)
            *on_path = path->cells[path->len / 2];
    }
    return pieces_seen;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s MAP PREFILE\n", argv[0]);
        return 2;
    }
    Grid g;
    Err err;
    AStar ref;
    if (!grid_load_map(&g, argv[1], &err) || !astar_init(&ref, &g, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    size_t ncells = (size_t)g.width * g.height;
    uint8_t *bits = calloc((ncells + 7) / 8, 1);
    for (int y = 0; y < g.height; y++)
        for (int x = 0; x < g.width; x++)
            set_bit(bits, (size_t)y * g.width + x, grid_passable(&g, x, y));
    struct gppc_patch active = {bits, (uint16_t)g.width, (uint16_t)g.height, {0, 0}};

    const char *name = gppc_get_name();
    CHECK(name && name[0], "gppc_get_name is empty");
    gppc_preprocess_init_map(active, argv[2]);
    void *data = gppc_search_init(active, argv[2]);
    CHECK(data != NULL, "gppc_search_init returned NULL");
    if (!data)
        return 1;
    xyPath path = {0};
    xyLoc mid = {-1, -1};
    int pieces = run_queries(data, &g, &ref, 60, 7u, &path, &mid);
    printf("before the change: 60 queries, %d answered in more than one piece\n", pieces);
    CHECK(strcmp(name, "mm") != 0 || pieces > 0, "mm answered every query in one piece: not incremental");

    /* A change: a 9x9 block around a cell of the last path becomes wall (the
     * path must go round it), and a 3x3 patch elsewhere opens. The active map
     * holds both before gppc_map_change, as the kit guarantees. */
    CHECK(mid.x >= 0, "no path long enough to block");
    int bx = mid.x - 4 < 0 ? 0 : mid.x - 4, by = mid.y - 4 < 0 ? 0 : mid.y - 4;
    int bw = bx + 9 > g.width ? g.width - bx : 9, bh = by + 9 > g.height ? g.height - by : 9;
    uint8_t wall[11] = {0}, open[2] = {0xff, 0xff};
    struct gppc_patch changes[2] = {{wall, (uint16_t)bw, (uint16_t)bh, {(uint16_t)bx, (uint16_t)by}},
                                    {open, 3, 3, {0, 0}}};
    size_t opened = 0;
    for (int k = 0; k < 2; k++) {
        struct gppc_patch p = changes[k];
        for (int y = 0; y < p.height; y++)
            for (int x = 0; x < p.width; x++) {
                int v = (p.bitarray[(y * p.width + x) >> 3] >> ((y * p.width + x) & 7)) & 1;
                opened += v && !grid_passable(&g, p.pos.x + x, p.pos.y + y);
                grid_set_passable(&g, p.pos.x + x, p.pos.y + y, v);
                set_bit(bits, (size_t)(p.pos.y + y) * g.width + p.pos.x + x, v);
            }
    }
    if (!astar_reserve(&ref, ncells + opened, &err))
        return 2;
    gppc_map_change(data, changes, 2);
    int after = run_queries(data, &g, &ref, 60, 7u, &path, NULL); /* the same queries: the last crossed the wall */
    printf("after the change: 60 queries, %d answered in more than one piece\n", after);

    /* Rounds of patches of random bits at random places, some overlapping,
     * none byte-aligned but by chance, some wide and of one kind (long
     * runs, across the binding's words): the binding must pass on exactly
     * the cells whose bits differ from what the entry knows (one missed or
     * made up shows as an invalid path or a wrong "no path"). */
    uint32_t seed = 59u;
    enum { PATCHES = 4, PW = 150, PH = 7 };
    uint8_t pbits[PATCHES][(PW * PH + 7) / 8];
    for (int round = 0; round < 12; round++) {
        struct gppc_patch ps[PATCHES];
        for (int k = 0; k < PATCHES; k++) {
            seed = seed * 1103515245u + 12345u;
            int w = 1 + (int)((seed >> 8) % PW), h = 1 + (int)((seed >> 16) % PH);
            seed = seed * 1103515245u + 12345u;
            int x = (int)((seed >> 8) % (uint32_t)(g.width - w + 1)),
                y = (int)((seed >> 16) % (uint32_t)(g.height - h + 1));
            memset(pbits[k], 0, sizeof pbits[k]);
            for (int i = 0; i < w * h; i++) {
                seed = seed * 1103515245u + 12345u;
                set_bit(pbits[k], (size_t)i, k == 0 ? 0 : k == 1 ? 1 : (seed >> 12) % 4 != 0);
            }
            ps[k] = (struct gppc_patch){pbits[k], (uint16_t)w, (uint16_t)h, {(uint16_t)x, (uint16_t)y}};
        }
        for (int k = 0; k < PATCHES; k++) /* applied in order: a later patch wins where they overlap */
            for (int y = 0; y < ps[k].height; y++)
                for (int x = 0; x < ps[k].width; x++) {
                    int i = y * ps[k].width + x, v = (ps[k].bitarray[i >> 3] >> (i & 7)) & 1;
                    grid_set_passable(&g, ps[k].pos.x + x, ps[k].pos.y + y, v);
                    set_bit(bits, (size_t)(ps[k].pos.y + y) * g.width + ps[k].pos.x + x, v);
                }
        if (!astar_reserve(&ref, ncells, &err))
            return 2;
        gppc_map_change(data, ps, PATCHES);
        int wrong = cells_known_otherwise(data, &g, ps, PATCHES);
        CHECK(wrong == 0, "round %d: %d cells of the patches known otherwise than the map", round, wrong);
        run_queries(data, &g, &ref, 8, 100u + (uint32_t)round, &path, NULL);
    }
    printf("12 rounds of %d random patches: every path checked\n", PATCHES);

    gppc_free_data(data);
    path_free(&path);
    astar_free(&ref);
    grid_free(&g);
    free(bits);
    printf("%d passed, %d failed, 0 skipped\n", failures ? 0 : 1, failures ? 1 : 0);
    return failures ? 1 : 0;
}
