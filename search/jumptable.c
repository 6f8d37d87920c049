/* The JPS+ jump table: building, local refill after map changes, the file
 * section and its verification (jumptable.h). */
#include "jumptable.h"

#include <stdlib.h>
#include <string.h>

#include "../common/binio.h"
#include "../common/stamp.h"

/* The straight components of diagonal k (4 + k: NE SE SW NW) and the two
 * diagonals that read straight direction k (0..3: N E S W). */
static const int DIAG_PARTS[4][2] = {{0, 1}, {2, 1}, {2, 3}, {0, 3}};
static const int STRAIGHT_USERS[4][2] = {{4, 7}, {4, 5}, {5, 6}, {6, 7}};

static inline bool open_at(const Grid *g, int x, int y) { return g->cells[grid_index(g, x, y)]; }
static inline uint32_t cell_of(const JumpTable *t, int x, int y) { return (uint32_t)((y + 1) * t->stride + x + 1); }
static inline int8_t *at(const JumpTable *t, int x, int y, int dir)
{
    return t->d + (size_t)cell_of(t, x, y) * 8 + dir;
}
static inline int8_t encode(int v) { return (int8_t)(v > JT_REACH || v < -JT_REACH ? JT_FAR : v); }

int jt_value_far(const JumpTable *t, uint32_t cell, int dir)
{
    int far = 0, v;
    do {
        cell = (uint32_t)((int)cell + JT_REACH * t->step[dir]);
        far += JT_REACH;
        v = t->d[(size_t)cell * 8 + (size_t)dir];
    } while (v == JT_FAR);
    return v > 0 ? v + far : v - far;
}

/* Is n = (x, y), entered in straight direction dir, a jump point? A side
 * cell open beside n but blocked beside the cell before n is a forced
 * neighbour (jps.h). Padding makes every read safe. */
static bool forced(const Grid *g, int x, int y, int dir)
{
    int dx = GRID_DX[dir], dy = GRID_DY[dir];
    for (int side = -1; side <= 1; side += 2) {
        int sx = dy ? side : 0, sy = dx ? side : 0;
        if (open_at(g, x + sx, y + sy) && !open_at(g, x - dx + sx, y - dy + sy))
            return true;
    }
    return false;
}

/* The value of (x, y) in direction dir from the next cell's values. */
static int cell_value(const JumpTable *t, const Grid *g, int x, int y, int dir)
{
    if (!open_at(g, x, y) || !grid_move_legal(g, x, y, dir))
        return 0;
    int nx = x + GRID_DX[dir], ny = y + GRID_DY[dir];
    uint32_t next = cell_of(t, nx, ny);
    bool jump = GRID_DIR_IS_DIAGONAL(dir)
                    ? jt_value(t, next, DIAG_PARTS[dir - 4][0]) > 0 || jt_value(t, next, DIAG_PARTS[dir - 4][1]) > 0
                    : forced(g, nx, ny, dir);
    if (jump)
        return 1;
    int v = jt_value(t, next, dir);
    return v > 0 ? v + 1 : v - 1;
}

static size_t diag_line(const JumpTable *t, int x, int y, int dir)
{
    size_t lines = (size_t)t->width + (size_t)t->height - 1, base = (size_t)t->height + (size_t)t->width;
    int id = dir == 4 || dir == 6 ? x + y : x - y + t->height - 1;
    return base + (size_t)(dir - 4) * lines + (size_t)id;
}

/* Refills the line of direction dir through (x, y), from its far end
 * backwards. With `marks`, a straight value that turns from jump to no jump
 * or back marks the diagonal lines through its cell that read it (so does
 * a JT_FAR before or after, whose sign is not in the byte). */
static void fill_line(JumpTable *t, const Grid *g, int x, int y, int dir, uint32_t mark)
{
    int dx = GRID_DX[dir], dy = GRID_DY[dir];
    while (grid_in_bounds(g, x + dx, y + dy)) {
        x += dx;
        y += dy;
    }
    for (; grid_in_bounds(g, x, y); x -= dx, y -= dy) {
        int8_t *v = at(t, x, y, dir), nv = encode(cell_value(t, g, x, y, dir));
        if (mark && (*v == JT_FAR || nv == JT_FAR || (*v > 0) != (nv > 0)))
            for (int k = 0; k < 2; k++)
                t->mark[diag_line(t, x, y, STRAIGHT_USERS[dir][k])] = mark;
        *v = nv;
    }
}

/* Every line of every direction, each filled once from the cell where it
 * enters the map. */
static void fill_all(JumpTable *t, const Grid *g)
{
    int w = g->width, h = g->height;
    for (int dir = 0; dir < 8; dir++) { /* straight first: the diagonals read them */
        int dx = GRID_DX[dir], dy = GRID_DY[dir];
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x = (y == 0 || y == h - 1 || x == w - 1) ? x + 1 : w - 1)
                if (!grid_in_bounds(g, x - dx, y - dy))
                    fill_line(t, g, x, y, dir, 0);
    }
}

static bool jt_alloc(JumpTable *t, const Grid *g, Err *err)
{
    memset(t, 0, sizeof *t);
    t->width = g->width;
    t->height = g->height;
    t->stride = g->stride;
    for (int dir = 0; dir < 8; dir++)
        t->step[dir] = GRID_DY[dir] * t->stride + GRID_DX[dir];
    t->nmark = (size_t)g->height + (size_t)g->width + 4 * ((size_t)g->width + (size_t)g->height - 1);
    t->d = calloc((size_t)(g->height + 2) * (size_t)g->stride * 8, sizeof *t->d);
    t->mark = calloc(t->nmark, sizeof *t->mark);
    if (!t->d || !t->mark) {
        jt_free(t);
        return err_set(err, "jps+: out of memory for the jump table of a %dx%d map", g->width, g->height);
    }
    return true;
}

bool jt_build(JumpTable *t, const Grid *g, Err *err)
{
    if (!jt_alloc(t, g, err))
        return false;
    fill_all(t, g);
    return true;
}

void jt_free(JumpTable *t)
{
    free(t->d);
    free(t->mark);
    memset(t, 0, sizeof *t);
}

void jt_update(JumpTable *t, const Grid *g, const CellChange *changes, int n)
{
    StampArea area = STAMP_ARRAY(t->mark, t->nmark);
    uint32_t mark = stamp_next(&t->stamp, &area, 1);
    int w = g->width, h = g->height;
    for (int i = 0; i < n; i++)
        for (int y = changes[i].y - 1; y <= changes[i].y + 1; y++)
            for (int x = changes[i].x - 1; x <= changes[i].x + changes[i].more + 1; x++) {
                if (!grid_in_bounds(g, x, y))
                    continue;
                t->mark[y] = t->mark[h + x] = mark;
                for (int dir = 4; dir < 8; dir++)
                    t->mark[diag_line(t, x, y, dir)] = mark;
            }
    for (int y = 0; y < h; y++)
        if (t->mark[y] == mark) {
            fill_line(t, g, 0, y, 1, mark);
            fill_line(t, g, 0, y, 3, mark);
        }
    for (int x = 0; x < w; x++)
        if (t->mark[h + x] == mark) {
            fill_line(t, g, x, 0, 0, mark);
            fill_line(t, g, x, 0, 2, mark);
        }
    for (int dir = 4; dir < 8; dir++)
        for (int id = 0; id < w + h - 1; id++) {
            int x, y; /* a cell of line id */
            if (dir == 4 || dir == 6) {
                x = id < w - 1 ? id : w - 1;
                y = id - x;
            } else {
                int m = id - (h - 1); /* x - y */
                x = m > 0 ? m : 0;
                y = x - m;
            }
            if (t->mark[diag_line(t, x, y, dir)] == mark)
                fill_line(t, g, x, y, dir, 0);
        }
}

/* Checks the line of direction dir through (x, y) from its far end
 * backwards, as fill_line fills it: each value is read only once the values
 * it depends on (the next cell's, the cells JT_FAR points at) are known to
 * be right, so a forged JT_FAR is never followed off the map. */
static bool verify_line(const JumpTable *t, const Grid *g, int x, int y, int dir, int *bad_x, int *bad_y)
{
    int dx = GRID_DX[dir], dy = GRID_DY[dir];
    while (grid_in_bounds(g, x + dx, y + dy)) {
        x += dx;
        y += dy;
    }
    for (; grid_in_bounds(g, x, y); x -= dx, y -= dy)
        if (*at(t, x, y, dir) != encode(cell_value(t, g, x, y, dir))) {
            *bad_x = x;
            *bad_y = y;
            return false;
        }
    return true;
}

size_t jt_verify(const JumpTable *t, const Grid *g, int *bad_x, int *bad_y, int *bad_dir)
{
    int w = g->width, h = g->height;
    for (int dir = 0; dir < 8; dir++) { /* straight first: the diagonals read them */
        int dx = GRID_DX[dir], dy = GRID_DY[dir];
        *bad_dir = dir;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x = (y == 0 || y == h - 1 || x == w - 1) ? x + 1 : w - 1)
                if (!grid_in_bounds(g, x - dx, y - dy) && !verify_line(t, g, x, y, dir, bad_x, bad_y))
                    return 1;
    }
    return 0;
}

size_t jt_bytes(const JumpTable *t)
{
    return (size_t)(t->height + 2) * (size_t)t->stride * JT_BYTES_PER_CELL + t->nmark * sizeof *t->mark;
}

void jt_write(const JumpTable *t, BinFile *f)
{
    size_t row = (size_t)t->width * 8;
    uint64_t sum = BIN_FNV_SEED;
    for (int y = 0; y < t->height; y++) {
        const int8_t *v = at(t, 0, y, 0); /* int8 and unsigned char share the bytes */
        bin_put_bytes(f, v, row);
        sum = bin_fnv1a(sum, v, row);
    }
    bin_put_u64(f, sum);
}

bool jt_read(JumpTable *t, const Grid *g, BinFile *f, Err *err)
{
    if (!jt_alloc(t, g, err))
        return false;
    size_t row = (size_t)t->width * 8;
    uint64_t sum = BIN_FNV_SEED;
    for (int y = 0; y < t->height && !f->failed; y++) {
        int8_t *v = at(t, 0, y, 0);
        bin_get_bytes(f, v, row);
        sum = bin_fnv1a(sum, v, row);
    }
    uint64_t stored = bin_get_u64(f);
    int x = 0, y = 0, dir = 0;
    bool ok = true;
    if (f->failed)
        ok = err_set(err, "%s: truncated file", f->path);
    else if (!bin_sum_ok(stored, sum))
        ok = err_set(err, "%s: checksum differs (corrupt file)", f->path);
    else if (fgetc(f->fp) != EOF)
        ok = err_set(err, "%s: trailing bytes", f->path);
    else if (jt_verify(t, g, &x, &y, &dir))
        ok = err_set(err, "%s: jump distance at (%d, %d) direction %d does not match the map", f->path, x, y, dir);
    if (!ok)
        jt_free(t);
    return ok;
}
