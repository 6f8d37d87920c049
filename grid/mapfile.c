/* Moving AI .map reader (movingai.com/benchmarks/formats.html):
 *   type octile / height H / width W / map, then H rows of W characters.
 * The header as the start kits read it: those four lines in that order.
 * Cells: the Moving AI set only, as the start kits read it: '.', 'G', 'S'
 * passable; '@', 'O', 'T', 'W' blocked; any other byte is an error naming
 * its line and column (a typo or a binary file is not taken as a wall).
 * CRLF and trailing blanks are tolerated; blank lines after the last row are
 * ignored. The file is refused unread when larger than a map could need
 * (MAP_MAX_BYTES), and once its header is read when larger than that map
 * needs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/lines.h"
#include "grid.h"

static bool header_dim(Lines *r, const char *what, const char *val, long *out, Err *err)
{
    if (!val)
        return err_set(err, "%s:%d: '%s' has no value", r->path, r->number, what);
    if (!parse_int(val, out))
        return err_set(err, "%s:%d: %s '%s' is not an integer", r->path, r->number, what, val);
    if (*out < 1 || *out > GRID_MAX_DIM)
        return err_set(err, "%s:%d: %s %ld out of range 1..%d", r->path, r->number, what, *out, GRID_MAX_DIM);
    return true;
}

/* The header's lines in the order the start kits read them (their loader is
 * one fscanf of "type octile\nheight %d\nwidth %d\nmap\n"): a file with a
 * line missing or out of order would be misread there, so it is refused
 * here. Blank lines between them are tolerated (fscanf's "\n" skips them). */
static const char *const HEADER_KEYS[] = {"type", "height", "width", "map"};
static const char *const HEADER_SHOWN[] = {"type octile", "height H", "width W", "map"};
enum { HEADER_LINES = 4 };

static bool read_header(Lines *r, long *width, long *height, Err *err)
{
    char *line;
    int next = 0; /* the HEADER_KEYS index due */
    *width = *height = -1;
    while ((line = lines_next(r, NULL))) {
        char *f[3];
        int n = lines_split(line, f, 3);
        if (n == 0 && next > 0)
            continue;
        if (n == 0)
            return err_set(err, "%s:%d: blank line before 'type octile' (the header's first line)", r->path, r->number);
        if (n > 2)
            return err_set(err, "%s:%d: malformed header line", r->path, r->number);
        int key = 0;
        while (key < HEADER_LINES && strcmp(f[0], HEADER_KEYS[key]) != 0)
            key++;
        if (key == HEADER_LINES)
            return err_set(err, "%s:%d: unknown header '%s'", r->path, r->number, f[0]);
        if (key < next)
            return err_set(err, "%s:%d: a second '%s' line", r->path, r->number, f[0]);
        if (key > next)
            return err_set(err,
                           "%s:%d: header has no '%s' line before '%s' (the header is type octile, height H, "
                           "width W, map, in this order: the start kits read no other)",
                           r->path, r->number, HEADER_SHOWN[next], f[0]);
        const char *val = n == 2 ? f[1] : NULL;
        next++;
        if (key == 0 && (!val || strcmp(val, "octile") != 0))
            return err_set(err, "%s:%d: map type '%s' not supported (only octile)", r->path, r->number, val ? val : "");
        if (key == 1 && !header_dim(r, "height", val, height, err))
            return false;
        if (key == 2 && !header_dim(r, "width", val, width, err))
            return false;
        if (key == 3) {
            if (val)
                return err_set(err, "%s:%d: malformed header line", r->path, r->number);
            return true;
        }
    }
    return err_set(err, "%s:%d: no 'map' line (file ends in the header)", r->path, r->number);
}

/* The most bytes a W x H map file may hold: its rows with CRLF and some
 * trailing blanks each, and a header. */
#define MAP_MAX_BYTES(w, h) ((uint64_t)(h) * ((uint64_t)(w) + 64) + 65536)

/* 1 passable, 0 blocked, -1 not a map cell. */
static int cell_kind(char c)
{
    if (c == '.' || c == 'G' || c == 'S')
        return 1;
    return c == '@' || c == 'O' || c == 'T' || c == 'W' ? 0 : -1;
}

static bool read_rows(Lines *r, Grid *g, Err *err)
{
    int row = 0;
    char *line;
    size_t len;
    while (row < g->height && (line = lines_next(r, &len))) {
        if ((long)len != g->width)
            return err_set(err, "%s:%d: map row %d has %zu cells, expected %d", r->path, r->number, row, len, g->width);
        uint8_t *cells = g->cells + grid_index(g, 0, row);
        for (int x = 0; x < g->width; x++) {
            int kind = cell_kind(line[x]);
            if (kind < 0) {
                char shown[8];
                err_escape(line + x, 1, shown, sizeof shown);
                return err_set(err, "%s:%d:%d: '%s' is not a map cell (one of . G S passable, @ O T W blocked)",
                               r->path, r->number, x + 1, shown);
            }
            cells[x] = (uint8_t)kind;
        }
        row++;
    }
    if (row < g->height)
        return err_set(err, "%s:%d: map has %d rows, expected %d", r->path, r->number, row, g->height);
    while ((line = lines_next(r, &len)))
        if (len > 0)
            return err_set(err, "%s:%d: extra row after the %d map rows", r->path, r->number, g->height);
    return true;
}

bool grid_load_map(Grid *g, const char *path, Err *err)
{
    Lines r;
    memset(g, 0, sizeof *g);
    if (!lines_open(&r, path, MAP_MAX_BYTES(GRID_MAX_DIM, GRID_MAX_DIM), err))
        return false;
    long width, height;
    bool ok = read_header(&r, &width, &height, err);
    if (ok && r.size > MAP_MAX_BYTES(width, height))
        ok = err_set(err, "%s: %zu bytes, more than a %ldx%ld map needs (at most %llu)", path, r.size, width, height,
                     (unsigned long long)MAP_MAX_BYTES(width, height));
    Err alloc_err;
    if (ok && !grid_init_blocked(g, (int)width, (int)height, &alloc_err))
        ok = err_set(err, "%s: %s", path, alloc_err.msg);
    if (ok)
        ok = read_rows(&r, g, err);
    if (!ok)
        grid_free(g);
    lines_close(&r);
    return ok;
}
