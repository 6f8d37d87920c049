/* Jump Point Search: jumps, successors, the search (jps.h). */
#include <stdlib.h>
#include <string.h>

#include "jps.h"

static inline int sgn(int v) { return (v > 0) - (v < 0); }
static inline bool open_cell(const Jps *j, int px, int py) { return bitrows_get(&j->rows, py, px); }
static inline bool diag_legal(const Jps *j, int px, int py, int dx, int dy)
{
    return open_cell(j, px + dx, py + dy) && open_cell(j, px + dx, py) && open_cell(j, px, py + dy);
}

/* Straight jump from (px, py) along (dx, dy), one of them 0. Returns the jump
 * point's column (dx) or row (dy), or -1. */
static int jump_straight(const Jps *j, int px, int py, int dx, int dy)
{
    if (dx)
        return bitrows_jump(&j->rows, py, px, dx, py == j->gy ? j->gx : -1);
    return bitrows_jump(&j->cols, px, py, dy, px == j->gx ? j->gy : -1);
}

/* Diagonal jump; true with the jump point in (*ox, *oy). */
static bool jump_diagonal(const Jps *j, int px, int py, int dx, int dy, int *ox, int *oy)
{
    while (diag_legal(j, px, py, dx, dy)) {
        px += dx;
        py += dy;
        if ((px == j->gx && py == j->gy) || jump_straight(j, px, py, dx, 0) >= 0 ||
            jump_straight(j, px, py, 0, dy) >= 0) {
            *ox = px;
            *oy = py;
            return true;
        }
    }
    return false;
}

static void relax(Jps *j, uint32_t from, int px, int py, double cost)
{
    uint32_t id = (uint32_t)(py * j->grid.stride + px);
    double g = j->bf.node[from].g + cost;
    BfOffer o = bf_offer(&j->bf, id, g);
    if (o) {
        int hx = abs(px - j->gx), hy = abs(py - j->gy);
        j->parent[id] = from;
        bf_queue(&j->bf, id, o, g + (hx > hy ? hx - hy : hy - hx) + (hx < hy ? hx : hy) * GRID_SQRT2);
    }
}

static void try_straight(Jps *j, uint32_t from, int px, int py, int dx, int dy)
{
    int t = jump_straight(j, px, py, dx, dy);
    if (t >= 0)
        relax(j, from, dx ? t : px, dy ? t : py, abs(dx ? t - px : t - py));
}

static void try_diagonal(Jps *j, uint32_t from, int px, int py, int dx, int dy)
{
    int ox, oy;
    if (jump_diagonal(j, px, py, dx, dy, &ox, &oy))
        relax(j, from, ox, oy, abs(ox - px) * GRID_SQRT2);
}

/* Successors of `id` given the direction it was entered in ((0,0) at the start). */
static void expand(Jps *j, uint32_t id, int dx, int dy)
{
    int px = (int)(id % (uint32_t)j->grid.stride), py = (int)(id / (uint32_t)j->grid.stride);
    if (!dx && !dy) {
        for (int d = 0; d < 8; d++) {
            if (d < 4)
                try_straight(j, id, px, py, GRID_DX[d], GRID_DY[d]);
            else
                try_diagonal(j, id, px, py, GRID_DX[d], GRID_DY[d]);
        }
        return;
    }
    if (dx && dy) {
        try_straight(j, id, px, py, dx, 0);
        try_straight(j, id, px, py, 0, dy);
        try_diagonal(j, id, px, py, dx, dy);
        return;
    }
    try_straight(j, id, px, py, dx, dy);
    /* Forced pairs on both sides of a straight move. */
    for (int side = -1; side <= 1; side += 2) {
        int sx = dy ? side : 0, sy = dx ? side : 0; /* perpendicular offset */
        if (!open_cell(j, px - dx + sx, py - dy + sy) && open_cell(j, px + sx, py + sy)) {
            try_straight(j, id, px, py, sx, sy);
            try_diagonal(j, id, px, py, dx + sx, dy + sy);
        }
    }
}

bool jps_init(Jps *j, const Grid *map, Err *err)
{
    memset(j, 0, sizeof *j);
    size_t cells = (size_t)(map->height + 2) * (size_t)(map->width + 2);
    if (!grid_copy(&j->grid, map, err) || !bitrows_init(&j->rows, map, false, err) ||
        !bitrows_init(&j->cols, map, true, err))
        goto fail;
    j->passable = grid_count_passable(map);
    j->parent = malloc(cells * sizeof *j->parent);
    j->trace = malloc((j->passable + 1) * sizeof *j->trace);
    if (!j->parent || !j->trace || !bf_init(&j->bf, cells, (uint32_t)(j->passable + 1))) {
        err_set(err, "jps: out of memory for a %dx%d map", map->width, map->height);
        goto fail;
    }
    return true;
fail:
    jps_free(j);
    return false;
}

void jps_free(Jps *j)
{
    bitrows_free(&j->rows);
    bitrows_free(&j->cols);
    bf_free(&j->bf);
    free(j->parent);
    free(j->trace);
    grid_free(&j->grid);
    memset(j, 0, sizeof *j);
}

/* Lets the open list and the trace hold `cells` nodes; grows only. On
 * failure the old ones stay. */
static bool reserve_cells(Jps *j, size_t cells, Err *err)
{
    if (cells + 1 <= j->bf.open.cap)
        return true;
    uint32_t *trace = realloc(j->trace, (cells + 1) * sizeof *trace);
    if (trace)
        j->trace = trace;
    return (trace && bf_reserve(&j->bf, (uint32_t)(cells + 1))) || err_set(err, "jps: out of memory for the open list");
}

/* The map changed: the bit rows (both orientations) and the grid copy are all
 * the map state JPS has, so an update is a bit flip per cell. */
bool jps_update(Jps *j, const CellChange *changes, int n, Err *err)
{
    if (!reserve_cells(j, j->passable + changes_opening(changes, n), err))
        return false;
    for (int i = 0; i < n; i++) {
        const CellChange *c = &changes[i];
        j->passable += (size_t)grid_set_passable(&j->grid, c->x, c->y, c->passable); /* -1 wraps */
        bitrows_set_cell(&j->rows, false, c->x, c->y, c->passable);
        bitrows_set_cell(&j->cols, true, c->x, c->y, c->passable);
    }
    return true;
}

void jps_find(Jps *j, xyLoc s, xyLoc g, xyPath *path)
{
    const int stride = j->grid.stride;
    if (!grid_passable(&j->grid, s.x, s.y) || !grid_passable(&j->grid, g.x, g.y))
        return;
    j->gx = g.x + 1;
    j->gy = g.y + 1;
    uint32_t start = (uint32_t)((s.y + 1) * stride + s.x + 1), goal = (uint32_t)(j->gy * stride + j->gx);
    bf_start(&j->bf, start, 0);
    j->parent[start] = start;
    bool found = false;
    uint32_t id;
    while (bf_pop(&j->bf, &id)) {
        if (id == goal) {
            found = true;
            break;
        }
        j->expanded++;
        uint32_t par = j->parent[id];
        int dx = sgn((int)(id % (uint32_t)stride) - (int)(par % (uint32_t)stride));
        int dy = sgn((int)(id / (uint32_t)stride) - (int)(par / (uint32_t)stride));
        expand(j, id, dx, dy);
    }
    if (!found)
        return;
    size_t n = 0;
    for (uint32_t v = goal;; v = j->parent[v]) {
        j->trace[n++] = v;
        if (v == start)
            break;
    }
    path_push(path, s);
    for (size_t i = n - 1; i > 0; i--) { /* each segment is one straight or diagonal line */
        int ax = (int)(j->trace[i] % (uint32_t)stride), ay = (int)(j->trace[i] / (uint32_t)stride);
        int bx = (int)(j->trace[i - 1] % (uint32_t)stride), by = (int)(j->trace[i - 1] / (uint32_t)stride);
        int dx = sgn(bx - ax), dy = sgn(by - ay), steps = abs(bx - ax) > abs(by - ay) ? abs(bx - ax) : abs(by - ay);
        path_reserve(path, (size_t)steps);
        for (int k = 1; k <= steps; k++)
            path->cells[path->len++] = (xyLoc){(int16_t)(ax + k * dx - 1), (int16_t)(ay + k * dy - 1)};
    }
}

size_t jps_bytes(const Jps *j)
{
    return j->bf.count * (sizeof(BfNode) + sizeof *j->parent) + j->bf.open.cap * sizeof(HeapItem) +
           ((size_t)j->rows.rows * j->rows.words + (size_t)j->cols.rows * j->cols.words) * 8;
}
