/* Moving AI .map reader (movingai.com/benchmarks/formats.html):
 *   type octile / height H / width W / map, then H rows of W characters.
 * Passable: '.', 'G', 'S'; everything else is blocked. CRLF and trailing
 * blanks are tolerated; blank lines after the last row are ignored. */
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

static bool read_header(Lines *r, long *width, long *height, Err *err)
{
    char *line;
    *width = *height = -1;
    while ((line = lines_next(r, NULL))) {
        char *f[3];
        int n = lines_split(line, f, 3);
        if (n == 0)
            continue;
        if (n > 2)
            return err_set(err, "%s:%d: malformed header line", r->path, r->number);
        const char *val = n == 2 ? f[1] : NULL;
        if (strcmp(f[0], "map") == 0 && n == 1) {
            if (*height < 0)
                return err_set(err, "%s:%d: header has no height", r->path, r->number);
            if (*width < 0)
                return err_set(err, "%s:%d: header has no width", r->path, r->number);
            return true;
        } else if (strcmp(f[0], "type") == 0) {
            if (!val || strcmp(val, "octile") != 0)
                return err_set(err, "%s:%d: map type '%s' not supported (only octile)", r->path, r->number,
                               val ? val : "");
        } else if (strcmp(f[0], "height") == 0) {
            if (!header_dim(r, "height", val, height, err))
                return false;
        } else if (strcmp(f[0], "width") == 0) {
            if (!header_dim(r, "width", val, width, err))
                return false;
        } else {
            return err_set(err, "%s:%d: unknown header '%s'", r->path, r->number, f[0]);
        }
    }
    return err_set(err, "%s:%d: no 'map' line (file ends in the header)", r->path, r->number);
}

static bool cell_passable(char c) { return c == '.' || c == 'G' || c == 'S'; }

static bool read_rows(Lines *r, Grid *g, Err *err)
{
    int row = 0;
    char *line;
    size_t len;
    while (row < g->height && (line = lines_next(r, &len))) {
        if ((long)len != g->width)
            return err_set(err, "%s:%d: map row %d has %zu cells, expected %d", r->path, r->number, row, len, g->width);
        uint8_t *cells = g->cells + grid_index(g, 0, row);
        for (int x = 0; x < g->width; x++)
            cells[x] = cell_passable(line[x]);
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
    if (!lines_open(&r, path, err))
        return false;
    long width, height;
    bool ok = read_header(&r, &width, &height, err);
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
