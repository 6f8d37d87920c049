/* What a built MM abstraction stores and answers: its bytes counted
 * honestly, default sectors, the compact layout's adjacency and edge costs
 * as measured, a cell's region and a path's regions, and its file section
 * (round trip, and every damaged or foreign file refused). (The regions and
 * edges themselves against brute force: test_abstraction.c.) */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../abstraction/index.h"
#include "../../abstraction/plain.h"
#include "../../common/binio.h"
#include "../../grid/line.h"
#include "../../grid/scen.h"
#include "test.h"

/* abs_bytes against counts recomputed from the plain regions and edges. */
static void test_abs_bytes_honest(T *t)
{
    Grid g = t_random_grid(100, 70, 25, 7);
    for (int y = 0; y < 70; y++) /* open right half: default sectors there */
        for (int x = 50; x < 100; x++)
            g.cells[grid_index(&g, x, y)] = 1;
    for (int dflt = 0; dflt <= 1; dflt++) {
        Abstraction a;
        AbsPlain p;
        Err err;
        CHECK(t, abs_build(&a, &g, 8, dflt, &err));
        CHECK(t, abs_decode(&a, &p, &err));
        size_t expect = ABS_FIXED_BYTES + ABS_WORD_BYTES * (size_t)a.nsectors + 4 * (size_t)((a.nsectors + 255) / 256);
        int defaults = 0;
        for (int s = 0; s < p.nsectors; s++) {
            int nreg = p.reg_first[s + 1] - p.reg_first[s];
            int nedge = p.edge_first[p.reg_first[s + 1]] - p.edge_first[p.reg_first[s]];
            if (abs_word_flags(abs_word(&a, s)) & ABS_FLAG_DEFAULT) {
                defaults++;
                continue;
            }
            int to_first = 0; /* a MASKED sector's edges to a region 0 are its regions' mask bytes */
            for (int e = p.edge_first[p.reg_first[s]]; e < p.edge_first[p.reg_first[s + 1]]; e++)
                to_first += p.edge_target[e] == 0;
            if (abs_word_flags(abs_word(&a, s)) & ABS_FLAG_WIDE)
                expect += 8 + 4 * (size_t)nreg + 2 * (size_t)nedge;
            else if (abs_word_flags(abs_word(&a, s)) & ABS_FLAG_MASKED)
                expect += 3 * (size_t)nreg + (size_t)(nedge - to_first);
            else
                expect += 2 * (size_t)nreg + (size_t)nedge;
        }
        CHECKF(t, abs_bytes(&a) == expect, "abs_bytes %zu, recomputed %zu", abs_bytes(&a), expect);
        CHECK(t, (int)a.nregions == p.nregions && (int)a.nedges == p.nedges);
        CHECK(t, dflt ? defaults == (int)a.ndefault && defaults > 0 : a.ndefault == 0);
        abs_plain_free(&p);
        abs_free(&a);
    }
    grid_free(&g);
}

static void test_abs_default_sectors(T *t)
{
    bool bits[48 * 48];
    for (int i = 0; i < 48 * 48; i++)
        bits[i] = true;
    bits[20 * 48 + 20] = false; /* the middle sector (16..31) gets a hole off its center */
    Grid g;
    Err err;
    grid_from_bits(&g, bits, 48, 48, &err);
    Abstraction on, off;
    CHECK(t, abs_build(&on, &g, 16, true, &err) && abs_build(&off, &g, 16, false, &err));
    /* One region each; the hole moves the middle sector's centroid-nearest center. */
    CHECK(t, on.ndefault == 8 && off.ndefault == 0);
    CHECK(t, !(abs_word_flags(abs_word(&on, 4)) & ABS_FLAG_DEFAULT));
    CHECK(t, abs_bytes(&on) < abs_bytes(&off));
    xyLoc c = abs_region_center(&on, 0, 0), sc = abs_standard_center(&on, 0);
    CHECK(t, c.x == 7 && c.y == 7 && sc.x == 7 && sc.y == 7);
    AbsPlain p1, p2;
    CHECK(t, abs_decode(&on, &p1, &err) && abs_decode(&off, &p2, &err));
    CHECK(t, p1.nregions == p2.nregions && p1.nedges == p2.nedges);
    CHECK(t, memcmp(p1.center, p2.center, (size_t)p1.nregions) == 0);
    CHECK(t, memcmp(p1.edge_target, p2.edge_target, (size_t)p1.nedges) == 0);
    CHECK(t, memcmp(p1.edge_dir, p2.edge_dir, (size_t)p1.nedges) == 0);
    /* A corner sector has 3 neighbours, an inner one 8. */
    CHECK(t, p1.edge_first[1] - p1.edge_first[0] == 3);
    abs_plain_free(&p1);
    abs_plain_free(&p2);
    abs_free(&on);
    abs_free(&off);
    grid_free(&g);
}

/* abs_region_of and abs_region_path agree on every cell (-1 on blocked
 * ones), and the walk ends at the center of the region it names. */
static void test_abs_region_of_and_path(T *t)
{
    Grid g = t_random_grid(64, 48, 35, 99);
    Abstraction a;
    Err err;
    CHECK(t, abs_build(&a, &g, 12, true, &err));
    AbsLocator *loc = calloc(1, sizeof *loc);
    xyPath walk = {0};
    for (int i = 0; i < 64 * 48; i++) {
        int x = i % 64, y = i / 64, r = abs_region_of(&a, &g, loc, x, y);
        walk.len = 0;
        CHECKF(t, abs_region_path(&a, &g, loc, x, y, &walk) == r, "cell %d", i);
        if (r >= 0 && walk.len) {
            xyLoc c = abs_region_center(&a, abs_sector_of(&a, x, y), r);
            CHECKF(t, xy_same(walk.cells[walk.len - 1], c), "cell %d: walk ends off its center", i);
        }
    }
    path_free(&walk);
    free(loc);
    abs_free(&a);
    grid_free(&g);
}

static void flip_byte(const char *path, long at)
{
    FILE *fp = fopen(path, "r+b");
    fseek(fp, at, SEEK_SET);
    int c = fgetc(fp);
    fseek(fp, at, SEEK_SET);
    fputc(c ^ 0x40, fp);
    fclose(fp);
}

static void test_abs_file_round_trip_and_rejects(T *t)
{
    Grid g = t_random_grid(70, 45, 30, 5);
    Abstraction a, b;
    Err err;
    char path[256];
    snprintf(path, sizeof path, "%s/a.mm", temp_dir());
    CHECK(t, abs_build(&a, &g, 8, true, &err));
    CHECKF(t, abs_save(&a, &g, path, &err), "%s", err.msg);
    CHECKF(t, abs_load(&b, &g, path, &err), "%s", err.msg);
    CHECK(t, b.nsectors == a.nsectors && b.pool_bytes == a.pool_bytes && b.S == 8);
    CHECK(t, memcmp(a.sector, b.sector, a.nsectors * ABS_WORD_BYTES) == 0 && memcmp(a.pool, b.pool, a.pool_bytes) == 0);
    abs_free(&b);
    FILE *fp = fopen(path, "rb");
    fseek(fp, 0, SEEK_END);
    long size = ftell(fp);
    fclose(fp);
    /* Stale: the map changed by one cell. */
    Grid g2;
    grid_copy(&g2, &g, &err);
    g2.cells[grid_index(&g2, 3, 3)] ^= 1;
    CHECK(t, !abs_load(&b, &g2, path, &err) && contains(err.msg, "checksum"));
    grid_free(&g2);
    /* Corrupt payload: every region of the file, one byte at a time. */
    long probes[] = {BIN_HEADER_BYTES(0) + 2, BIN_HEADER_BYTES(0) + 40, size / 2, size - 12, size - 3};
    for (int i = 0; i < 5; i++) {
        CHECK(t, abs_save(&a, &g, path, &err));
        flip_byte(path, probes[i]);
        CHECKF(t, !abs_load(&b, &g, path, &err), "flipped byte %ld accepted", probes[i]);
    }
    /* Truncated at several points. */
    long cuts[] = {10, 50, size / 2, size - 1};
    for (int i = 0; i < 4; i++) {
        CHECK(t, abs_save(&a, &g, path, &err));
        fp = fopen(path, "r+b");
        CHECK(t, ftruncate(fileno(fp), cuts[i]) == 0);
        fclose(fp);
        CHECKF(t, !abs_load(&b, &g, path, &err) && contains(err.msg, "truncated"), "cut %ld: %s", cuts[i], err.msg);
    }
    /* Foreign: another entry's file and plain text. */
    CHECK(t, !abs_load(&b, &g, temp_file(2, "type octile\nheight 1\n"), &err) && contains(err.msg, "magic"));
    CHECK(t, !abs_load(&b, &g, "/nonexistent.mm", &err));
    abs_free(&a);
    grid_free(&g);
}

void test_abs_adj_reads_layout(T *t); /* test_abstract_edges.c */

/* Every edge cost the layout gives is the one measured: decoded from the
 * layout against each edge's leg measured again from the same centers,
 * on a room map whose open sectors are left default side by side (an
 * anti-diagonal pair of them bends its leg, so the 0 the layout gives
 * two default sectors' edge held only where abs_encode stores one). */
static void test_abs_layout_costs_as_measured(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/32room256-0", &l))
        return;
    static const int sides[] = {8, 6};
    for (size_t i = 0; i < sizeof sides / sizeof *sides; i++) {
        Abstraction a;
        AbsPlain laid, measured;
        Err err;
        bool ok = abs_build_centers(&a, &l.g, sides[i], true, false, true, &err);
        CHECKF(t, ok, "%s", err.msg);
        if (!ok)
            continue;
        ok = abs_decode(&a, &laid, &err) && abs_decode(&a, &measured, &err);
        CHECKF(t, ok, "%s", err.msg);
        if (ok) {
            free(measured.edge_excess);
            measured.edge_excess = NULL;
            CHECKF(t, abs_plain_costs(&measured, &l.g, sides[i], NULL, NULL, &err), "%s", err.msg);
            int off = 0, first = -1;
            for (int e = 0; measured.edge_excess && e < laid.nedges; e++)
                if (laid.edge_excess[e] != measured.edge_excess[e] && off++ == 0)
                    first = e;
            CHECKF(
                t, off == 0,
                "S=%d: %d edges' costs in the layout differ from their measure (the first, edge %d: %u, measured %u)",
                sides[i], off, first, first >= 0 ? laid.edge_excess[first] : 0,
                first >= 0 ? measured.edge_excess[first] : 0);
            CHECKF(t, a.ndefault > 0, "S=%d: no default sector left to test", sides[i]);
            abs_plain_free(&measured);
        }
        abs_plain_free(&laid);
        abs_free(&a);
    }
    unload(&l);
}

const TestCase ABS_LAYOUT_TESTS[] = {
    {"abs_bytes_honest", test_abs_bytes_honest},
    {"abs_default_sectors", test_abs_default_sectors},
    {"abs_region_of_and_path", test_abs_region_of_and_path},
    {"abs_file_round_trip_and_rejects", test_abs_file_round_trip_and_rejects},
    {"abs_adj_reads_layout", test_abs_adj_reads_layout},
    {"abs_layout_costs_as_measured", test_abs_layout_costs_as_measured},
    {NULL, NULL},
};
