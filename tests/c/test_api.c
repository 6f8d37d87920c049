/* The public API (api/gppc_mm.h): instances of every entry answer valid
 * paths, in pieces for mm; an update goes through update() or a rebuild
 * (ch has none) with valid paths on the changed map; preprocess + create
 * from the file equals create(file NULL); bad specs, maps, queries and
 * changes fail with a message; the whole life leaks nothing (ASan run). */
#include <stdlib.h>
#include <string.h>

#include "../../api/gppc_mm.h"
#include "../../grid/validate.h"
#include "../../search/astar.h"
#include "test.h"

/* The embedded rooms map as API cells (caller frees). */
static uint8_t *rooms(T *t, int *w, int *h)
{
    char err[512];
    uint8_t *cells = gppc_mm_load_map("maps/rooms/8room256-0.map", w, h, err, sizeof err);
    CHECKF(t, cells != NULL, "%s", err);
    return cells;
}

static Grid grid_of(const uint8_t *cells, int w, int h)
{
    Grid g;
    bool *bits = malloc((size_t)w * h * sizeof *bits);
    for (size_t i = 0; i < (size_t)w * h; i++)
        bits[i] = cells[i] != 0;
    grid_from_bits(&g, bits, w, h, NULL);
    free(bits);
    return g;
}

/* Answers `n` queries, joining the pieces, and checks each against the
 * validator and A*: the pairs given (start, goal, start, goal, ...), or with
 * pairs NULL between passable cells picked by an LCG. find_path must give
 * the same cells at once: asked of `twin`, an instance made and changed as
 * mm was, which answers the same queries in the same order (a route's
 * choice may depend on the queries before it, so asking mm the same query
 * twice need not), or of mm itself when twin is NULL. Returns the queries
 * answered in more than one piece. */
static int check_queries(T *t, GppcMm *mm, GppcMm *twin, const Grid *g, int n, const GppcMmCell *pairs)
{
    AStar ref;
    Err err;
    xyPath path = {0};
    uint32_t seed = 11;
    int pieces = 0;
    if (!astar_init(&ref, g, &err))
        return 0;
    for (int q = 0; q < n; q++) {
        GppcMmCell c[2];
        for (int k = 0; k < 2; k++)
            if (pairs)
                c[k] = pairs[2 * q + k];
            else
                do {
                    seed = seed * 1103515245u + 12345u;
                    c[k].x = (int16_t)((seed >> 8) % (uint32_t)g->width);
                    seed = seed * 1103515245u + 12345u;
                    c[k].y = (int16_t)((seed >> 8) % (uint32_t)g->height);
                } while (!grid_passable(g, c[k].x, c[k].y));
        const GppcMmCell *cells;
        size_t k;
        int st, calls = 0;
        path.len = 0;
        do {
            st = gppc_mm_get_path(mm, c[0], c[1], &cells, &k);
            calls++;
            for (size_t i = 0; i < k; i++)
                path_push(&path, (xyLoc){cells[i].x, cells[i].y});
        } while (st == GPPC_MM_MORE);
        CHECK(t, st == GPPC_MM_DONE);
        pieces += calls > 1;
        xyLoc s = {c[0].x, c[0].y}, goal = {c[1].x, c[1].y};
        double opt = astar_distance(&ref, s, goal, NULL), len;
        char why[256];
        if (path.len == 0)
            CHECKF(t, opt < 0, "%s query %d: no path, A* finds %.3f", gppc_mm_name(mm), q, opt);
        else
            CHECKF(t, path_validate(g, s, goal, path.cells, path.len, &len, why, sizeof why), "%s query %d: %s",
                   gppc_mm_name(mm), q, why);
        /* find_path gives the same cells at once. */
        CHECK(t, gppc_mm_find_path(twin ? twin : mm, c[0], c[1], &cells, &k) == 0 && k == path.len);
        for (size_t i = 0; i < k && i < path.len; i++)
            CHECK(t, cells[i].x == path.cells[i].x && cells[i].y == path.cells[i].y);
    }
    path_free(&path);
    astar_free(&ref);
    return pieces;
}

static void test_every_entry_answers_valid_paths(T *t)
{
    int w, h;
    uint8_t *cells = rooms(t, &w, &h);
    if (!cells)
        return;
    Grid g = grid_of(cells, w, h);
    const char *specs[] = {NULL, "astar", "jps", "ch", "mm:sector=8"};
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        char err[512];
        GppcMm *mm = gppc_mm_create(specs[i], cells, w, h, NULL, err, sizeof err);
        CHECKF(t, mm != NULL, "%s: %s", specs[i] ? specs[i] : "(default)", err);
        if (!mm)
            continue;
        int pieces = check_queries(t, mm, NULL, &g, 12, NULL);
        if (strcmp(gppc_mm_name(mm), "mm") == 0)
            CHECKF(t, pieces > 0, "mm answered every query in one call");
        gppc_mm_free(mm);
    }
    CHECK(t, gppc_mm_entry_name(0) && strcmp(gppc_mm_entry_name(0), "mm") == 0);
    CHECK(t, gppc_mm_entry_name(1000) == NULL);
    grid_free(&g);
    free(cells);
}

static void test_update_by_entry_or_rebuild(T *t)
{
    int w, h;
    uint8_t *cells = rooms(t, &w, &h);
    if (!cells)
        return;
    /* Wall off a 40-cell column band and open a blocked cell, as one batch. */
    GppcMmChange ch[64];
    int n = 0;
    for (int y = 100; y < 140 && n < 62; y++)
        if (cells[(size_t)y * w + 120])
            ch[n++] = (GppcMmChange){120, (int16_t)y, 0, 0};
    for (size_t i = 0; i < (size_t)w * h; i++)
        if (!cells[i]) {
            ch[n++] = (GppcMmChange){(int16_t)(i % w), (int16_t)(i / w), 1, 0};
            break;
        }
    /* A 60-cell wall along row 98 as one run, across sectors; some of its
     * cells blocked already. */
    ch[n++] = (GppcMmChange){90, 98, 0, 59};
    uint8_t *before = malloc((size_t)w * h);
    if (!before) {
        free(cells);
        return;
    }
    memcpy(before, cells, (size_t)w * h);
    /* Queries from left of the wall to right of it, on rows where both ends are open. */
    GppcMmCell cross[2 * 8];
    int ncross = 0;
    for (int y = 104; y < 136 && ncross < 8; y += 4)
        if (cells[(size_t)y * w + 110] && cells[(size_t)y * w + 130]) {
            cross[2 * ncross] = (GppcMmCell){110, (int16_t)y};
            cross[2 * ncross + 1] = (GppcMmCell){130, (int16_t)y};
            ncross++;
        }
    CHECK(t, ncross >= 3);
    const char *specs[] = {"mm", "jps", "ch"}; /* ch has no update(): rebuilt */
    for (size_t i = 0; i < 3; i++) {
        char err[512];
        GppcMm *mm = gppc_mm_create(specs[i], cells, w, h, NULL, err, sizeof err);
        GppcMm *twin = gppc_mm_create(specs[i], cells, w, h, NULL, err, sizeof err);
        CHECKF(t, mm != NULL && twin != NULL, "%s: %s", specs[i], err);
        if (!mm || !twin) {
            gppc_mm_free(mm);
            gppc_mm_free(twin);
            continue;
        }
        CHECKF(t, gppc_mm_update(mm, ch, n, err, sizeof err) == 0, "%s: %s", specs[i], err);
        CHECKF(t, gppc_mm_update(twin, ch, n, err, sizeof err) == 0, "%s: %s", specs[i], err);
        for (int k = 0; k < n; k++)
            memset(&cells[(size_t)ch[k].y * w + ch[k].x], ch[k].passable, (size_t)ch[k].more + 1);
        Grid g = grid_of(cells, w, h);
        check_queries(t, mm, twin, &g, 12, NULL);
        check_queries(t, mm, twin, &g, ncross, cross); /* across the new wall */
        grid_free(&g);
        gppc_mm_free(twin);
        memcpy(cells, before, (size_t)w * h); /* back to the original map for the next entry */
        GppcMmChange out[2] = {{(int16_t)w, 0, 0, 0}, {(int16_t)(w - 3), 5, 0, 3}};
        for (int k = 0; k < 2; k++)
            CHECKF(t, gppc_mm_update(mm, &out[k], 1, err, sizeof err) == -1 && contains(err, "outside"), "%s: %s",
                   specs[i], err);
        gppc_mm_free(mm);
    }
    free(before);
    free(cells);
}

static void test_preprocess_file_then_create(T *t)
{
    int w, h;
    uint8_t *cells = rooms(t, &w, &h);
    if (!cells)
        return;
    char err[512], file[512];
    snprintf(file, sizeof file, "%s/api-mm.pre", temp_dir());
    CHECKF(t, gppc_mm_preprocess("mm", cells, w, h, file, err, sizeof err) == 0, "%s", err);
    GppcMm *a = gppc_mm_create("mm", cells, w, h, file, err, sizeof err);
    GppcMm *b = gppc_mm_create("mm", cells, w, h, NULL, err, sizeof err);
    CHECK(t, a && b);
    if (a && b) {
        /* The first and the last passable cell of the map. */
        size_t first = 0, last = (size_t)w * h - 1;
        while (!cells[first])
            first++;
        while (!cells[last])
            last--;
        GppcMmCell s = {(int16_t)(first % w), (int16_t)(first / w)}, g = {(int16_t)(last % w), (int16_t)(last / w)};
        const GppcMmCell *pa, *pb;
        size_t na, nb;
        CHECK(t, gppc_mm_find_path(a, s, g, &pa, &na) == 0);
        GppcMmCell *copy = malloc(na * sizeof *copy);
        memcpy(copy, pa, na * sizeof *copy);
        CHECK(t, gppc_mm_find_path(b, s, g, &pb, &nb) == 0);
        CHECK(t, na == nb && na > 0 && memcmp(copy, pb, na * sizeof *copy) == 0); /* deterministic */
        free(copy);
    }
    gppc_mm_free(a);
    gppc_mm_free(b);
    remove(file);
    free(cells);
}

static void test_bad_input_fails_with_a_message(T *t)
{
    int w, h;
    char err[512];
    uint8_t *cells = rooms(t, &w, &h);
    if (!cells)
        return;
    CHECK(t, gppc_mm_create("nosuch", cells, w, h, NULL, err, sizeof err) == NULL && contains(err, "unknown entry"));
    CHECK(t, gppc_mm_create("mm:sector=abc", cells, w, h, NULL, err, sizeof err) == NULL && contains(err, "sector"));
    CHECK(t, gppc_mm_create("mm", cells, 0, h, NULL, err, sizeof err) == NULL && err[0]);
    CHECK(t, gppc_mm_create("mm", NULL, w, h, NULL, err, sizeof err) == NULL && contains(err, "no map"));
    CHECK(t, gppc_mm_preprocess("mm", cells, w, h, NULL, err, sizeof err) == -1 && contains(err, "no file"));
    CHECK(t, gppc_mm_load_map("/nonexistent/x.map", &w, &h, err, sizeof err) == NULL && contains(err, "x.map"));
    GppcMm *mm = gppc_mm_create("astar", cells, w, h, NULL, NULL, 0);
    CHECK(t, mm != NULL);
    if (mm) {
        const GppcMmCell *p;
        size_t n = 9;
        GppcMmCell in = {1, 1}, out = {(int16_t)w, 0}, blocked = {0, 0};
        for (size_t i = 0; i < (size_t)w * h; i++)
            if (!cells[i]) {
                blocked = (GppcMmCell){(int16_t)(i % w), (int16_t)(i / w)};
                break;
            }
        CHECK(t, gppc_mm_get_path(mm, in, out, &p, &n) == GPPC_MM_ERROR && n == 0);
        CHECK(t, gppc_mm_find_path(mm, blocked, in, &p, &n) == -1);
    }
    gppc_mm_free(mm);
    gppc_mm_free(NULL);
    free(cells);
}

const TestCase API_TESTS[] = {
    {"api_every_entry_answers_valid_paths", test_every_entry_answers_valid_paths},
    {"api_update_through_update_or_rebuild", test_update_by_entry_or_rebuild},
    {"api_create_from_file_equals_in_memory", test_preprocess_file_then_create},
    {"api_bad_input_fails_with_message", test_bad_input_fails_with_a_message},
    {NULL, NULL},
};
