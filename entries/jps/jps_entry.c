/* entries/jps: Jump Point Search (Harabor & Grastien, AAAI 2011) for 8-connected
 * grids without corner cutting, with block-based straight jumps (bitrows.h).
 *
 * Rules without corner cutting (the parent p precedes n along the travel):
 *  - straight, e.g. east into n = (x, y): n is a jump point when (x-1, y-1) is
 *    blocked and (x, y-1) passable (p's diagonal to (x, y-1) would cut that
 *    corner, so only n reaches it); then N and NE are forced; likewise below;
 *  - diagonal moves have no forced neighbours; a diagonal cell is a jump point
 *    when one of its two straight jumps finds one (or it is the goal).
 * Successors: the start tries all 8 directions; a straight arrival continues
 * straight plus its forced pair; a diagonal arrival tries its two straight
 * components and the diagonal. Each parent -> child segment is one straight or
 * diagonal line, unpacked into cells for the caller.
 * No preprocessing. Owns its bit rows, per-cell search arrays (stamps) and open
 * list, all allocated in prepare. Costs: 1 and sqrt(2). */
#include <stdlib.h>
#include <string.h>

#include "../../Entry.h"
#include "../../search/heap.h"
#include "bitrows.h"

typedef struct JpsNode {
    double g;
    uint32_t stamp;
    int32_t heap_pos;          /* -1 closed */
    uint32_t parent;           /* padded cell index */
} JpsNode;

typedef struct Jps {
    Grid grid;
    BitRows rows, cols;        /* cols: the transposed grid */
    JpsNode *node;
    Heap open;
    uint32_t stamp;
    uint64_t expanded;
    int gx, gy;                /* the goal, padded coordinates */
    uint32_t *trace;           /* jump points of the path, goal first */
    size_t passable;           /* cells of the map as it is now */
} Jps;

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
    JpsNode *n = &j->node[id];
    double g = j->node[from].g + cost;
    int hx = abs(px - j->gx), hy = abs(py - j->gy);
    double h = (hx > hy ? hx - hy : hy - hx) + (hx < hy ? hx : hy) * GRID_SQRT2;
    if (n->stamp != j->stamp) {
        *n = (JpsNode){g, j->stamp, 0, from};
        heap_push(&j->open, id, g + h, g);
    } else if (n->heap_pos >= 0 && g < n->g) {
        n->g = g;
        n->parent = from;
        heap_decrease(&j->open, id, g + h, g);
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

static bool jps_check_options(const EntryOpts *opts, Err *err)
{
    static const char *const none[] = {NULL};
    return opts_only(opts, none, "jps", err);
}

static void jps_destroy(void *inst)
{
    Jps *j = inst;
    if (!j)
        return;
    bitrows_free(&j->rows);
    bitrows_free(&j->cols);
    free(j->node);
    free(j->trace);
    heap_free(&j->open);
    grid_free(&j->grid);
    free(j);
}

/* Lets the open list and the trace hold `cells` nodes; grows only. On
 * failure the old ones stay. */
static bool reserve_cells(Jps *j, size_t cells, Err *err)
{
    if (cells + 1 <= j->open.cap)
        return true;
    uint32_t *trace = realloc(j->trace, (cells + 1) * sizeof *trace);
    if (trace)
        j->trace = trace;
    return (trace && heap_reserve(&j->open, (uint32_t)(cells + 1))) ||
           err_set(err, "jps: out of memory for the open list");
}

static void *jps_prepare(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    (void)file;
    Jps *j = calloc(1, sizeof *j);
    if (!j || !jps_check_options(opts, err) || !grid_copy(&j->grid, map, err) ||
        !bitrows_init(&j->rows, map, false, err) || !bitrows_init(&j->cols, map, true, err)) {
        if (!j)
            err_set(err, "jps: out of memory");
        jps_destroy(j);
        return NULL;
    }
    size_t cells = (size_t)(map->height + 2) * j->grid.stride;
    j->node = calloc(cells, sizeof *j->node);
    j->passable = grid_count_passable(map);
    j->trace = malloc((j->passable + 1) * sizeof *j->trace);
    if (!j->node || !j->trace ||
        !heap_init(&j->open, (uint32_t)(j->passable + 1), &j->node[0].heap_pos, sizeof *j->node)) {
        err_set(err, "jps: out of memory for a %dx%d map", map->width, map->height);
        jps_destroy(j);
        return NULL;
    }
    return j;
}

/* The map changed: the bit rows (both orientations) and the grid copy are all
 * the map state JPS has, so an update is a bit flip per cell. */
static bool jps_update(void *inst, const CellChange *changes, int n, Err *err)
{
    Jps *j = inst;
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

static bool jps_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    Jps *j = inst;
    const int stride = j->grid.stride;
    if (!grid_passable(&j->grid, s.x, s.y) || !grid_passable(&j->grid, g.x, g.y))
        return true;
    if (++j->stamp == 0) {
        for (size_t i = 0; i < (size_t)(j->grid.height + 2) * stride; i++)
            j->node[i].stamp = 0;
        j->stamp = 1;
    }
    j->gx = g.x + 1;
    j->gy = g.y + 1;
    uint32_t start = (uint32_t)((s.y + 1) * stride + s.x + 1), goal = (uint32_t)(j->gy * stride + j->gx);
    heap_clear(&j->open);
    j->node[start] = (JpsNode){0, j->stamp, 0, start};
    heap_push(&j->open, start, 0, 0);
    bool found = false;
    while (!heap_empty(&j->open)) {
        uint32_t id = heap_pop(&j->open).id;
        j->node[id].heap_pos = -1;
        if (id == goal) {
            found = true;
            break;
        }
        j->expanded++;
        uint32_t par = j->node[id].parent;
        int dx = sgn((int)(id % (uint32_t)stride) - (int)(par % (uint32_t)stride));
        int dy = sgn((int)(id / (uint32_t)stride) - (int)(par / (uint32_t)stride));
        expand(j, id, dx, dy);
    }
    if (!found)
        return true;
    size_t n = 0;
    for (uint32_t id = goal;; id = j->node[id].parent) {
        j->trace[n++] = id;
        if (id == start)
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
    return true;
}

static void jps_counters(void *inst, EntryCounters *out, bool detail)
{
    Jps *j = inst;
    out->expanded = j->expanded;
    if (detail)
        counters_add(out, "search_bytes",
                     (double)((size_t)(j->grid.height + 2) * j->grid.stride * sizeof(JpsNode) +
                              j->open.cap * sizeof(HeapItem) +
                              ((size_t)j->rows.rows * j->rows.words + (size_t)j->cols.rows * j->cols.words) * 8));
}

const Entry ENTRY_JPS = {
    .name = "jps",
    .summary = "Jump Point Search, no corner cutting, 64-cell block scans; optimal, no preprocessing",
    .subopt_bound = 1.0,
    .check_options = jps_check_options,
    .prepare = jps_prepare,
    .get_path = jps_get_path,
    .update = jps_update,
    .counters = jps_counters,
    .destroy = jps_destroy,
};
