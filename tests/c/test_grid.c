/* Map loader: good files in every tolerated form, and every malformed case
 * gives one message naming the file, the line and the problem. */
#include <stdlib.h>
#include <string.h>

#include "../../grid/grid.h"
#include "../../grid/line.h"
#include "../../search/bitrows.h"
#include "../../search/bitrows_tiles.h"
#include "../../search/jps_turns.h"
#include "test.h"

static void expect_error(T *t, const char *text, const char *line_tag, const char *problem)
{
    const char *path = temp_file(0, text);
    Grid g;
    Err err = {{0}};
    bool ok = grid_load_map(&g, path, &err);
    CHECKF(t, !ok, "loaded a bad map: %s", problem);
    if (ok) {
        grid_free(&g);
        return;
    }
    CHECKF(t, contains(err.msg, path), "message lacks the file: %s", err.msg);
    CHECKF(t, contains(err.msg, line_tag), "message lacks '%s': %s", line_tag, err.msg);
    CHECKF(t, contains(err.msg, problem), "message lacks '%s': %s", problem, err.msg);
    CHECKF(t, strchr(err.msg, '\n') == NULL, "message is not one line: %s", err.msg);
}

static void test_map_reads_cells(T *t)
{
    const char *path = temp_file(0, "type octile\nheight 2\nwidth 4\nmap\n.GS@\nOTW.\n");
    Grid g;
    Err err;
    CHECK(t, grid_load_map(&g, path, &err));
    CHECK(t, g.width == 4 && g.height == 2);
    const char *expect = "11100001";
    for (int i = 0; i < 8; i++)
        CHECKF(t, grid_passable(&g, i % 4, i / 4) == (expect[i] == '1'), "cell %d", i);
    CHECK(t, !grid_passable(&g, -1, 0) && !grid_passable(&g, 4, 0) && !grid_passable(&g, 0, 2));
    CHECK(t, grid_count_passable(&g) == 4);
    grid_free(&g);
}

static void test_map_tolerates_crlf_and_blanks(T *t)
{
    const char *path = temp_file(0, "type octile\r\nheight 2  \r\nwidth\t3\r\nmap\r\n..@ \r\n@..\t\r\n\r\n\n");
    Grid g;
    Err err;
    CHECKF(t, grid_load_map(&g, path, &err), "%s", err.msg);
    CHECK(t, g.width == 3 && g.height == 2 && grid_passable(&g, 1, 0) && !grid_passable(&g, 2, 0));
    grid_free(&g);
}

/* The header as the start kits' fscanf reads it: type octile, height,
 * width, map, in this order; blank lines between them only. Anything else
 * the kits would misread (a 0x0 map, silently) is refused here, naming the
 * line. */
static void test_map_header_as_the_kits_read_it(T *t)
{
    const char *path = temp_file(0, "type octile\n\nheight 1\n\nwidth 2\nmap\n..\n");
    Grid g;
    Err err;
    CHECKF(t, grid_load_map(&g, path, &err), "%s", err.msg);
    grid_free(&g);
    expect_error(t, "width 2\ntype octile\nheight 1\nmap\n..\n", ":1:", "no 'type octile' line before 'width'");
    expect_error(t, "height 1\nwidth 2\nmap\n..\n", ":1:", "no 'type octile' line before 'height'");
    expect_error(t, "type octile\nwidth 2\nheight 1\nmap\n..\n", ":2:", "no 'height H' line before 'width'");
    expect_error(t, "\ntype octile\nheight 1\nwidth 2\nmap\n..\n", ":1:", "blank line before 'type octile'");
    expect_error(t, "type octile\ntype octile\nheight 1\nwidth 2\nmap\n..\n", ":2:", "a second 'type' line");
    expect_error(t, "type octile\nheight 1\nwidth 2\nheight 1\nmap\n..\n", ":4:", "a second 'height' line");
    expect_error(t, "type octile\nheight 1\nwidth 2\nmap 2\n..\n", ":4:", "malformed header line");
}

static void test_map_errors(T *t)
{
    Grid g;
    Err err;
    CHECK(t, !grid_load_map(&g, "/nonexistent/x.map", &err) && contains(err.msg, "/nonexistent/x.map") &&
                 contains(err.msg, "cannot open"));
    expect_error(t, "type octile\nheight 2\nwidth 2\nlegend 3\nmap\n..\n..\n", ":4:", "unknown header 'legend'");
    expect_error(t, "type hex\nheight 2\nwidth 2\nmap\n..\n..\n", ":1:", "not supported");
    expect_error(t, "type octile\nwidth 2\nmap\n..\n..\n", ":2:", "no 'height H' line before 'width'");
    expect_error(t, "type octile\nheight 2\nmap\n..\n..\n", ":3:", "no 'width W' line before 'map'");
    expect_error(t, "type octile\nheight 0\nwidth 2\nmap\n", ":2:", "height 0 out of range");
    expect_error(t, "type octile\nheight 2\nwidth -3\nmap\n", ":3:", "width -3 out of range");
    expect_error(t, "type octile\nheight 2\nwidth 8193\nmap\n", ":3:", "width 8193 out of range");
    expect_error(t, "type octile\nheight 2\nwidth two\nmap\n", ":3:", "not an integer");
    expect_error(t, "type octile\nheight 2\nwidth\nmap\n", ":3:", "has no value");
    expect_error(t, "type octile\nheight 2\nwidth 3\nmap\n...\n..\n", ":6:", "row 1 has 2 cells, expected 3");
    expect_error(t, "type octile\nheight 2\nwidth 3\nmap\n....\n...\n", ":5:", "row 0 has 4 cells, expected 3");
    expect_error(t, "type octile\nheight 3\nwidth 3\nmap\n...\n...\n", ":6:", "2 rows, expected 3");
    expect_error(t, "type octile\nheight 1\nwidth 3\nmap\n...\n...\n", ":6:", "extra row");
    expect_error(t, "type octile\nheight 1\nwidth 3\n", ":3:", "no 'map' line");
    expect_error(t, "", ":0:", "no 'map' line");
}

static void test_grid_moves_no_corner_cutting(T *t)
{
    /* .@
     * ..   the diagonal (0,0)->(1,1) passes the blocked (1,0): illegal. */
    bool bits[4] = {true, false, true, true};
    Grid g;
    Err err;
    CHECK(t, grid_from_bits(&g, bits, 2, 2, &err));
    CHECK(t, !grid_move_legal(&g, 0, 0, 5)); /* SE */
    CHECK(t, grid_move_legal(&g, 0, 0, 2));  /* S */
    CHECK(t, !grid_move_legal(&g, 0, 0, 1)); /* E into a wall */
    CHECK(t, grid_move_legal(&g, 0, 1, 1));  /* E */
    CHECK(t, !grid_move_legal(&g, 0, 1, 4)); /* NE to the wall */
    CHECK(t, !grid_move_legal(&g, 1, 1, 7)); /* NW cuts (1,0) */
    CHECK(t, !grid_move_legal(&g, 0, 1, 3)); /* W off the map */
    bool *back = grid_to_bits(&g);
    CHECK(t, back && memcmp(back, bits, sizeof bits) == 0);
    free(back);
    grid_free(&g);
}

static void test_octile(T *t)
{
    CHECK(t, grid_octile(0, 0, 0, 0) == 0);
    CHECK(t, grid_octile(0, 0, 3, 0) == 3);
    CHECK(t, grid_octile(5, 5, 2, 1) == 1 + 3 * GRID_SQRT2);
    CHECK(t, grid_octile(2, 1, 5, 5) == grid_octile(5, 5, 2, 1));
}

static void test_checksum_sees_every_cell(T *t)
{
    bool bits[12] = {0};
    Grid a, b;
    Err err;
    CHECK(t, grid_from_bits(&a, bits, 4, 3, &err));
    for (int i = 0; i < 12; i++) {
        bits[i] = true;
        CHECK(t, grid_from_bits(&b, bits, 4, 3, &err));
        CHECKF(t, grid_checksum(&a) != grid_checksum(&b), "cell %d", i);
        grid_free(&b);
        bits[i] = false;
    }
    CHECK(t, grid_from_bits(&b, bits, 3, 4, &err)); /* same bits, other shape */
    CHECK(t, grid_checksum(&a) != grid_checksum(&b));
    grid_free(&a);
    grid_free(&b);
}

/* grid_scattered counts the blocked cells whose four neighbours are all
 * passable (cells off the map are blocked), over all blocked cells. */
static void test_scattered_counts_lone_blocks(T *t)
{
    /* ...@
     * .@..    (1,1) is alone; (3,0), (0,2) and (3,2) touch the edge:
     * @..@    1 of 4 blocked cells. */
    bool bits[12] = {1, 1, 1, 0, 1, 0, 1, 1, 0, 1, 1, 0};
    Grid g;
    Err err;
    CHECK(t, grid_from_bits(&g, bits, 4, 3, &err));
    CHECKF(t, grid_scattered(&g) == 0.25, "%g", grid_scattered(&g));
    grid_free(&g);
    bool open[4] = {1, 1, 1, 1};
    CHECK(t, grid_from_bits(&g, open, 2, 2, &err));
    CHECK(t, grid_scattered(&g) == 0.0); /* nothing blocked */
    grid_free(&g);
}

/* grid_dir_of (a lookup table) inverts GRID_DX/GRID_DY and refuses what
 * is not one move. */
static void test_dir_of_inverts_moves(T *t)
{
    int wrong = 0;
    for (int d = 0; d < 8; d++)
        wrong += grid_dir_of(GRID_DX[d], GRID_DY[d]) != d;
    for (int dx = -2; dx <= 2; dx++)
        for (int dy = -2; dy <= 2; dy++)
            if ((!dx && !dy) || dx < -1 || dx > 1 || dy < -1 || dy > 1)
                wrong += grid_dir_of(dx, dy) != -1;
    CHECKF(t, wrong == 0, "%d wrong", wrong);
}

/* The plain reference for line_legal: the line's cells (line_cells), each
 * move legal by grid_move_legal (its corner rule), the ends passable. */
static bool line_legal_reference(const Grid *g, xyLoc a, xyLoc b)
{
    xyLoc cells[512];
    size_t m = line_cells(a, b, cells);
    if (!grid_passable(g, a.x, a.y))
        return false;
    for (size_t i = 0; i < m; i++) {
        xyLoc from = i ? cells[i - 1] : a;
        if (!grid_move_legal(g, from.x, from.y, grid_dir_of(cells[i].x - from.x, cells[i].y - from.y)))
            return false;
    }
    return true;
}

/* line_legal on the byte grid g and on its packed copy p (row and column
 * runs a word at a time) against the reference, cell by cell: short and
 * long lines from pseudo-random ends (an end outside the map: never
 * legal), and every line from a few cells to every cell near them.
 * *legal counts the legal ones (both kinds occur). */
static int lines_differ(const Grid *g, const Grid *p, int *legal)
{
    uint32_t r = 12345;
    int differ = 0;
    *legal = 0;
    for (int i = 0; i < 20000; i++) {
        r = r * 1103515245u + 12345u;
        xyLoc a = {(int16_t)((r >> 8) % (unsigned)g->width), (int16_t)((r >> 20) % (unsigned)g->height)};
        r = r * 1103515245u + 12345u;
        int reach = i % 2 ? 9 : 200;
        xyLoc b = {(int16_t)(a.x + (int)((r >> 8) % (2u * reach + 1)) - reach),
                   (int16_t)(a.y + (int)((r >> 20) % (2u * reach + 1)) - reach)};
        if (grid_in_bounds(g, b.x, b.y)) {
            bool want = line_legal_reference(g, a, b);
            differ += (line_legal(g, a, b) != want) + (line_legal(p, a, b) != want);
            *legal += want;
        } else { /* an end outside the map: never legal, either way round */
            differ += line_legal(g, a, b) + line_legal(p, a, b) + line_legal(g, b, a) + line_legal(p, b, a);
        }
    }
    for (int k = 0; k < 8; k++) {
        xyLoc a = {(int16_t)(g->width / 8 * k + 3), (int16_t)(g->height / 8 * k + 2)};
        for (int y = a.y - 40; y <= a.y + 40; y++)
            for (int x = a.x - 40; x <= a.x + 40; x++)
                if (grid_in_bounds(g, x, y)) {
                    xyLoc b = {(int16_t)x, (int16_t)y};
                    bool want = line_legal_reference(g, a, b);
                    differ += (line_legal(g, a, b) != want) + (line_legal(p, a, b) != want);
                    *legal += want;
                }
    }
    return differ;
}

/* A packed grid (grid_pack) reads as the bytes it came from: every cell
 * and the padding ring, the counts, the checksum a preprocessing file
 * names, spans, lines, a change and its undo; its rows are the bit rows
 * online JPS builds (bitrows_view = bitrows_init). */
static void test_packed_reads_as_bytes(T *t)
{
    const char *maps[] = {"maps/random/random256-30-0.map", "maps/rooms/16room256-0.map"};
    for (int m = 0; m < 2; m++) {
        Grid g, p;
        Err err;
        CHECK(t, grid_load_map(&g, maps[m], &err));
        CHECK(t, grid_pack(&p, &g, &err));
        CHECK(t, p.stride % 64 == 0 && grid_bytes(&p) * 5 < grid_bytes(&g));
        int wrong = 0;
        for (int y = -1; y <= g.height; y++)
            for (int x = -1; x <= g.width; x++) {
                wrong += grid_passable(&g, x, y) != grid_passable(&p, x, y);
                wrong +=
                    grid_open_at(&g, (size_t)grid_index(&g, x, y)) != grid_open_at(&p, (size_t)grid_index(&p, x, y));
            }
        CHECKF(t, wrong == 0, "%s: %d cells differ", maps[m], wrong);
        CHECK(t, grid_count_passable(&g) == grid_count_passable(&p) && grid_checksum(&g) == grid_checksum(&p) &&
                     grid_scattered(&g) == grid_scattered(&p));
        int spans = 0;
        for (int y = 0; y < g.height; y += 3)
            for (int x = 0; x < g.width; x += 5)
                for (int w = 1; x + w <= g.width && w < 150; w += 1 + w / 2)
                    spans += grid_span_open(&g, x, y, w) != grid_span_open(&p, x, y, w);
        int legal, lines = lines_differ(&g, &p, &legal);
        CHECKF(t, lines == 0 && spans == 0 && legal > 200, "%s: %d lines, %d spans differ (%d legal)", maps[m], lines,
               spans, legal);
        bool was = grid_passable(&p, 5, 7);
        CHECK(t, grid_set_passable(&p, 5, 7, !was) == (was ? -1 : 1) && grid_passable(&p, 5, 7) == !was);
        CHECK(t, grid_set_passable(&p, 5, 7, was) == (was ? 1 : -1) && grid_checksum(&g) == grid_checksum(&p));
        BitRows own, view;
        CHECK(t, bitrows_init(&own, &g, false, &err));
        bitrows_view(&view, &p);
        /* The same rows, bit for bit, and the zero word after the last (bitrows.h). */
        bool rows_same = own.rows == view.rows && own.words == view.words;
        rows_same = rows_same && !memcmp(own.bits, view.bits, ((size_t)own.rows * own.words + 1) * sizeof *own.bits);
        CHECK(t, rows_same);
        bitrows_free(&own);
        bitrows_free(&view); /* a view frees nothing: p still owns its bits */
        CHECK(t, grid_passable(&p, 5, 7) == was);
        Grid copy;
        CHECK(t, grid_copy(&copy, &p, &err) && !copy.cells && grid_checksum(&copy) == grid_checksum(&g));
        grid_free(&copy);
        grid_free(&p);
        grid_free(&g);
    }
}

/* Cells of the transposed rows and vertical jumps that the tiles answer
 * differently from the whole transposed copy (bitrows_jump over it). */
static int tiles_differ(BitTiles *tiles, const BitRows *cols)
{
    int wrong = 0;
    for (int r = 0; r < cols->rows; r++)
        for (int wi = 0; wi < cols->words; wi++)
            wrong += bitrows_tiles_word(tiles, r, wi) != bitrows_row(cols, r)[wi];
    for (int r = 1; r + 1 < cols->rows; r++)
        for (int c = 1; c + 1 < cols->cols; c++) {
            if (!bitrows_get(cols, r, c))
                continue;
            int goal = (r * 7 + c * 13) % cols->cols; /* some goals in the column, some not */
            for (int dir = -1; dir <= 1; dir += 2)
                wrong += bitrows_tiles_jump(tiles, r, c, dir, goal) != bitrows_jump(cols, r, c, dir, goal);
        }
    return wrong;
}

/* The transposed rows as tiles (bitrows_tiles.h) read as the whole
 * transposed copy and jump as it does, with fewer slots than tiles (so
 * tiles are evicted and transposed again), before and after cells change. */
static void test_bitrows_tiles_read_as_transposed(T *t)
{
    Grid g, p;
    Err err;
    CHECK(t, grid_load_map(&g, "maps/random/random256-30-0.map", &err));
    CHECK(t, grid_pack(&p, &g, &err));
    BitRows cols;
    BitTiles tiles;
    CHECK(t, bitrows_init(&cols, &p, true, &err));
    CHECK(t, bitrows_tiles_total(&p) > 4 && bitrows_tiles_init(&tiles, &p, 4, &err));
    int before = tiles_differ(&tiles, &cols), held = 0;
    for (int i = 0; i < 200; i++) {
        int x = (i * 37) % p.width, y = (i * 91 + i / 7) % p.height;
        bool open = !grid_passable(&p, x, y);
        if (i % 2) /* its tile held: the change must reach it */
            (void)bitrows_tiles_word(&tiles, x + 1, (y + 1) >> 6);
        bitrows_tiles_set_cells(&tiles, &(CellChange){(int16_t)x, (int16_t)y, open, 0},
                                1); /* before the grid, as jps_update */
        bitrows_set_cell(&cols, true, x, y, open);
        grid_set_passable(&p, x, y, open);
        held += bitrows_tiles_word(&tiles, x + 1, (y + 1) >> 6) != bitrows_row(&cols, x + 1)[(y + 1) >> 6];
    }
    int after = tiles_differ(&tiles, &cols);
    /* Two patches, each in one batch across the corner of four tiles, two
     * of them held, a run a row: a small one (the slot looked up for one
     * cell must not serve the next tile's) and one of more cells (not
     * runs) than the 4 slots' tiles are worth (every tile let go, read
     * again from the changed grid). */
    int patched = 0;
    for (int side = 12; side <= 24; side += 12) {
        CellChange patch[24];
        int np = 0, at = 64 - side / 2;
        (void)bitrows_tiles_word(&tiles, 60, 1);
        (void)bitrows_tiles_word(&tiles, 70, 0);
        uint64_t fills = tiles.fills;
        for (int y = at; y < at + side; y++)
            patch[np++] = (CellChange){(int16_t)at, (int16_t)y, y % 3 != 0, (uint16_t)(side - 1)};
        bitrows_tiles_set_cells(&tiles, patch, np);
        for (int i = 0; i < np; i++)
            for (int x = patch[i].x; x <= patch[i].x + patch[i].more; x++) {
                bitrows_set_cell(&cols, true, x, patch[i].y, patch[i].passable);
                grid_set_passable(&p, x, patch[i].y, patch[i].passable);
            }
        (void)bitrows_tiles_word(&tiles, 60, 1); /* held through the small batch, let go by the large */
        patched += (tiles.fills > fills) != (side == 24);
        patched += tiles_differ(&tiles, &cols);
    }
    CHECKF(t, before == 0 && held == 0 && after == 0 && patched == 0 && tiles.fills > bitrows_tiles_total(&p),
           "%d, %d, %d, %d differ (%llu fills)", before, held, after, patched, (unsigned long long)tiles.fills);
    bitrows_tiles_free(&tiles);
    bitrows_free(&cols);
    grid_free(&p);
    grid_free(&g);
}

/* A run set at once (grid_set_run) as its cells one by one, in both forms:
 * runs across words and rows' ends, some changing nothing, some a part. */
static void test_set_run_as_cells(T *t)
{
    Grid ref, bytes, packed;
    Err err;
    CHECK(t, grid_load_map(&ref, "maps/random/random256-30-0.map", &err));
    CHECK(t, grid_copy(&bytes, &ref, &err) && grid_pack(&packed, &ref, &err));
    int wrong = 0;
    uint32_t seed = 60u;
    for (int i = 0; i < 400; i++) {
        seed = seed * 1103515245u + 12345u;
        int y = (int)(seed >> 8) % ref.height, x = (int)(seed >> 16) % ref.width;
        seed = seed * 1103515245u + 12345u;
        int n = 1 + (int)(seed >> 8) % (i % 4 ? 9 : 200);
        n = x + n > ref.width ? ref.width - x : n;
        bool open = (seed >> 20) & 1;
        int delta = 0;
        for (int k = 0; k < n; k++)
            delta += grid_set_passable(&ref, x + k, y, open);
        wrong += grid_set_run(&bytes, x, y, n, open) != delta;
        wrong += grid_set_run(&packed, x, y, n, open) != delta;
    }
    for (int y = -1; y <= ref.height; y++)
        for (int x = -1; x <= ref.width; x++) {
            size_t i = (size_t)grid_index(&ref, x, y);
            wrong += grid_open_at(&bytes, i) != grid_open_at(&ref, i);
            wrong += grid_open_at(&packed, (size_t)grid_index(&packed, x, y)) != grid_open_at(&ref, i);
        }
    CHECKF(t, wrong == 0, "%d counts or cells differ", wrong);
    grid_free(&ref);
    grid_free(&bytes);
    grid_free(&packed);
}

/* Passable cells and diagonals whose turn bits (jps_turns.h) say otherwise
 * than the two straight scans (bitrows_jump without a goal) they stand for. */
static int turns_differ(JpsTurns *turns, const BitRows *rows, const BitRows *cols)
{
    int wrong = 0;
    for (int py = 1; py + 1 < rows->rows; py++)
        for (int px = 1; px + 1 < rows->cols; px++)
            for (int d = 0; bitrows_get(rows, py, px) && d < 4; d++) {
                int dx = d & 1 ? 1 : -1, dy = d & 2 ? 1 : -1;
                bool scans = bitrows_jump(rows, py, px, dx, -1) >= 0 || bitrows_jump(cols, px, py, dy, -1) >= 0;
                wrong += jps_turns_either(turns, rows, cols, px, py, dx, dy) != scans;
            }
    return wrong;
}

/* Turn bits answer as the scans, on a packed map (rows: the map's own) and
 * a byte map (rows: a copy), of a width across several words and not a
 * multiple of 64, before and after cells change (stale lines re-derived
 * when read), the map's frame walled first so that the lines' bytes are
 * short and some changes open cells outside them (laid out again). */
static void test_jps_turns_read_as_scans(T *t)
{
    Grid g, p;
    Err err;
    CHECK(t, grid_load_map(&g, "maps/random/random256-30-0.map", &err));
    for (int y = 0; y < g.height; y++)
        for (int x = 0; x < g.width; x++)
            if (x < 40 || y < 40 || x >= g.width - 30 || y >= g.height - 30)
                grid_set_passable(&g, x, y, false);
    CHECK(t, grid_pack(&p, &g, &err));
    for (int packed = 0; packed < 2; packed++) {
        Grid *m = packed ? &p : &g;
        BitRows rows, cols;
        JpsTurns turns;
        if (packed)
            bitrows_view(&rows, m);
        CHECK(t, (packed || bitrows_init(&rows, m, false, &err)) && bitrows_init(&cols, m, true, &err));
        CHECK(t, jps_turns_init(&turns, &rows, &cols, &err) && turns.block);
        size_t laid = turns.bytes;
        int before = turns_differ(&turns, &rows, &cols), outside = 0, wrong = 0;
        for (int i = 0; i < 300; i++) {
            int x = (i * 37) % m->width, y = (i * 91 + i / 7) % m->height;
            bool open = !grid_passable(m, x, y);
            grid_set_passable(m, x, y, open);
            if (!packed)
                bitrows_set_cell(&rows, false, x, y, open);
            bitrows_set_cell(&cols, true, x, y, open);
            jps_turns_changed(&turns, &rows, &cols, x + 1, y + 1, open);
            if (i % 10 == 9) {
                outside += turns.outside;
                CHECK(t, jps_turns_follow(&turns, &rows, &cols, &err) && turns.block && !turns.outside);
                wrong += i % 50 == 49 ? turns_differ(&turns, &rows, &cols) : 0;
            }
        }
        int after = turns_differ(&turns, &rows, &cols);
        CHECKF(t, before == 0 && wrong == 0 && after == 0 && outside > 0 && turns.bytes > laid,
               "packed %d: %d, %d, %d differ; laid out again %d times, %zu -> %zu bytes", packed, before, wrong, after,
               outside, laid, turns.bytes);
        jps_turns_free(&turns);
        bitrows_free(&cols);
        bitrows_free(&rows);
    }
    grid_free(&p);
    grid_free(&g);
}

/* A LineWalk gives line_cells' cells, for lines of every slope and
 * direction, both ways: read at each index (line_walk_at, and line_cell),
 * and stepped from a to b (line_walk_step), which from the end that is not
 * the canonical one undoes the canonical walk. */
static void test_line_walk_matches_cells(T *t)
{
    xyLoc cells[64];
    int wrong = 0, lines = 0;
    for (int dx = -20; dx <= 20; dx++)
        for (int dy = -20; dy <= 20; dy++) {
            xyLoc a = {30, 30}, b = {(int16_t)(30 + dx), (int16_t)(30 + dy)};
            size_t m = line_cells(a, b, cells);
            lines++;
            LineWalk at = line_walk_begin(a, b), step = at;
            for (size_t k = 0; k <= m; k++) {
                xyLoc want = k ? cells[k - 1] : a, c = line_cell(a, b, (int)k), r = line_walk_at(&at, (int)k);
                xyLoc s = k ? line_walk_step(&step) : (xyLoc){(int16_t)step.x, (int16_t)step.y};
                wrong += (c.x != want.x || c.y != want.y) + (r.x != want.x || r.y != want.y) +
                         (s.x != want.x || s.y != want.y);
            }
            wrong += step.err != at.err; /* the error at b is the one at a */
        }
    CHECKF(t, wrong == 0 && lines == 41 * 41, "%d cells differ", wrong);
}

const TestCase GRID_TESTS[] = {
    {"jps_turns_read_as_scans", test_jps_turns_read_as_scans},
    {"bitrows_tiles_read_as_transposed", test_bitrows_tiles_read_as_transposed},
    {"grid_packed_reads_as_bytes", test_packed_reads_as_bytes},
    {"grid_set_run_as_cells", test_set_run_as_cells},
    {"dir_of_inverts_moves", test_dir_of_inverts_moves},
    {"map_reads_cells", test_map_reads_cells},
    {"map_tolerates_crlf_and_blanks", test_map_tolerates_crlf_and_blanks},
    {"map_header_as_the_kits_read_it", test_map_header_as_the_kits_read_it},
    {"map_errors", test_map_errors},
    {"grid_moves_no_corner_cutting", test_grid_moves_no_corner_cutting},
    {"grid_octile", test_octile},
    {"grid_checksum_sees_every_cell", test_checksum_sees_every_cell},
    {"grid_scattered_counts_lone_blocks", test_scattered_counts_lone_blocks},
    {"line_walk_matches_cells", test_line_walk_matches_cells},
    {NULL, NULL},
};
