/* The --changes file (dynamic maps): one change per line,
 *   after_query x y passable
 * applied to the map once the query with 0-based index after_query (in
 * scenario order) has finished. Blank lines and lines starting with '#' are
 * skipped. Changes are kept in file order within one after_query. */
#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "../common/lines.h"
#include "driver.h"

typedef struct MapChange {
    int after_query;
    size_t order; /* line order, kept within one query */
    CellChange cell;
} MapChange;

static int cmp_change(const void *a, const void *b)
{
    const MapChange *p = a, *q = b;
    if (p->after_query != q->after_query)
        return p->after_query < q->after_query ? -1 : 1;
    return (p->order > q->order) - (p->order < q->order);
}

bool changes_load(Changes *c, const char *path, const Grid *map, int nqueries, Err *err)
{
    memset(c, 0, sizeof *c);
    MapChange *change = NULL;
    Lines in;
    if (!lines_open(&in, path, 0, err))
        return false;
    size_t cap = 0;
    char *line;
    size_t len;
    bool ok = true;
    while (ok && (line = lines_next(&in, &len))) {
        char *f[5];
        if (memchr(line, '\0', len)) {
            ok = err_set(err, "%s:%d: a NUL byte in the line (not a text file?)", path, in.number);
            break;
        }
        if (len == 0 || line[0] == '#')
            continue;
        int nf = lines_split(line, f, 5);
        long q, x, y, p;
        if (nf != 4) {
            ok = err_set(err, "%s:%d: expected 'after_query x y passable', got %d fields", path, in.number, nf);
        } else if (!parse_int(f[0], &q) || q < 0 || q >= nqueries) {
            ok =
                err_set(err, "%s:%d: after_query '%s' is not a query index 0..%d", path, in.number, f[0], nqueries - 1);
        } else if (!parse_int(f[1], &x) || !parse_int(f[2], &y) || !grid_in_bounds(map, (int)x, (int)y) || x > 32767 ||
                   y > 32767) {
            ok = err_set(err, "%s:%d: cell (%s, %s) is outside the %dx%d map", path, in.number, f[1], f[2], map->width,
                         map->height);
        } else if (!parse_int(f[3], &p) || (p != 0 && p != 1)) {
            ok = err_set(err, "%s:%d: passable '%s' is not 0 or 1", path, in.number, f[3]);
        } else {
            if (!GROW(change, cap, (size_t)c->n + 1, 256)) {
                ok = err_set(err, "%s: out of memory", path);
                break;
            }
            change[c->n] = (MapChange){(int)q, c->n, {(int16_t)x, (int16_t)y, p == 1, 0}};
            c->n++;
        }
    }
    lines_close(&in);
    if (ok && c->n) {
        qsort(change, c->n, sizeof *change, cmp_change);
        c->cell = malloc(c->n * sizeof *c->cell);
        c->after_query = malloc(c->n * sizeof *c->after_query);
        if (!c->cell || !c->after_query)
            ok = err_set(err, "%s: out of memory", path);
        for (size_t i = 0; ok && i < c->n; i++) {
            c->cell[i] = change[i].cell;
            c->after_query[i] = change[i].after_query;
        }
    }
    free(change);
    if (!ok)
        changes_free(c);
    return ok;
}

void changes_free(Changes *c)
{
    free(c->cell);
    free(c->after_query);
    memset(c, 0, sizeof *c);
}
