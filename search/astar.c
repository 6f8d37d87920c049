#include "astar.h"

#include <stdlib.h>
#include <string.h>

bool astar_init(AStar *a, const Grid *grid, Err *err)
{
    memset(a, 0, sizeof *a);
    a->grid = grid;
    size_t cells = (size_t)(grid->height + 2) * grid->stride;
    a->parent_dir = malloc(cells);
    size_t open_cap = grid_count_passable(grid) + 1;
    if (!a->parent_dir || !bf_init(&a->bf, cells, (uint32_t)open_cap)) {
        astar_free(a);
        return err_set(err, "out of memory for A* on a %dx%d map", grid->width, grid->height);
    }
    for (int d = 0; d < 8; d++)
        a->dir_offset[d] = grid_dir_offset(grid, d);
    return true;
}

bool astar_reserve(AStar *a, size_t cells, Err *err)
{
    return bf_reserve(&a->bf, (uint32_t)(cells + 1)) || err_set(err, "out of memory for A*'s open list");
}

void astar_free(AStar *a)
{
    free(a->parent_dir);
    a->parent_dir = NULL;
    bf_free(&a->bf);
}

size_t astar_bytes(const AStar *a) { return a->bf.count * (sizeof(BfNode) + 1) + a->bf.open.cap * sizeof(HeapItem); }

static inline bool cell_allowed(const AStarLimits *lim, int x, int y)
{
    return lim->block_mark[lim->row_block[y] * lim->blocks_w + lim->col_block[x]] == lim->mark;
}

/* Diagonal direction d (4..7) needs these two cardinal directions free. */
static const int DIAG_SIDE_A[8] = {0, 0, 0, 0, 0, 2, 2, 0};
static const int DIAG_SIDE_B[8] = {0, 0, 0, 0, 1, 1, 3, 3};

static inline xyLoc cell_at(const Grid *grid, int idx)
{
    return (xyLoc){(int16_t)grid_index_x(grid, idx), (int16_t)grid_index_y(grid, idx)};
}

/* A traced event about padded cell `idx`, its parent `from` (-1: none);
 * f = g + w * h as the open list has it. */
static void trace_cell(const AStar *a, TraceType type, int idx, int from, double w, xyLoc goal)
{
    xyLoc cell = cell_at(a->grid, idx), parent = from >= 0 ? cell_at(a->grid, from) : cell;
    double g = bf_reached(&a->bf, (uint32_t)idx) ? a->bf.node[idx].g : 0.0;
    trace_emit(a->tracer, type, cell, from >= 0 ? &parent : NULL, g,
               g + w * grid_octile(cell.x, cell.y, goal.x, goal.y));
}

/* The cell `idx` was reached from (-1 at the start). */
static inline int parent_of(const AStar *a, int idx, int start)
{
    return idx == start ? -1 : idx - a->dir_offset[a->parent_dir[idx]];
}

/* The search proper. `restricted` is a compile-time constant at the untraced
 * call sites so the unrestricted loop carries no limit tests, and `tr` is
 * NULL there, so an untraced search carries no event tests either. Returns
 * the goal's g or -1. */
static inline __attribute__((always_inline)) double search(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim,
                                                           bool restricted, const Tracer *tr)
{
    const Grid *grid = a->grid;
    const uint8_t *cells = grid->cells;
    const double w = lim ? lim->weight : 1.0;
    const int start = grid_index(grid, s.x, s.y), goal = grid_index(grid, g.x, g.y);
    BestFirst *bf = &a->bf;
    uint64_t expanded = 0;
    double result = -1.0;

    bf_start(bf, (uint32_t)start, w * grid_octile(s.x, s.y, g.x, g.y));
    if (tr) {
        trace_emit(tr, TRACE_SOURCE, s, NULL, 0, 0);
        trace_emit(tr, TRACE_DESTINATION, g, NULL, 0, 0);
        trace_cell(a, TRACE_GENERATING, start, -1, w, g);
    }
    uint32_t id;
    while (bf_pop(bf, &id)) {
        const int cur = (int)id;
        if (cur == goal) {
            result = bf->node[cur].g;
            break;
        }
        expanded++;
        if (tr)
            trace_cell(a, TRACE_EXPANDING, cur, parent_of(a, cur, start), w, g);
        const double gcur = bf->node[cur].g;
        const int cx = grid_index_x(grid, cur), cy = grid_index_y(grid, cur);
        for (int d = 0; d < 8; d++) {
            const int nb = cur + a->dir_offset[d];
            if (!cells[nb])
                continue;
            if (d >= 4 && (!cells[cur + a->dir_offset[DIAG_SIDE_A[d]]] || !cells[cur + a->dir_offset[DIAG_SIDE_B[d]]]))
                continue;
            const int nx = cx + GRID_DX[d], ny = cy + GRID_DY[d];
            if (restricted && nb != goal && !cell_allowed(lim, nx, ny))
                continue;
            const double ng = gcur + (d >= 4 ? GRID_SQRT2 : 1.0);
            BfOffer o = bf_offer(bf, (uint32_t)nb, ng);
            if (o) {
                a->parent_dir[nb] = (uint8_t)d;
                bf_queue(bf, (uint32_t)nb, o, ng + w * grid_octile(nx, ny, g.x, g.y));
                if (tr)
                    trace_cell(a, TRACE_GENERATING, nb, cur, w, g);
            }
        }
        if (tr)
            trace_cell(a, TRACE_CLOSING, cur, parent_of(a, cur, start), w, g);
    }
    if (tr)
        trace_cell(a, TRACE_END, result < 0 ? start : goal, result < 0 ? -1 : parent_of(a, goal, start), w, g);
    a->last_expanded = expanded;
    a->expanded += expanded;
    return result;
}

static double traced_search(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim, bool restricted)
{
    return search(a, s, g, lim, restricted, a->tracer);
}

static double run(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim)
{
    const Grid *grid = a->grid;
    if (!grid_passable(grid, s.x, s.y) || !grid_passable(grid, g.x, g.y)) {
        a->last_expanded = 0;
        return -1.0;
    }
    bool restricted = lim && lim->block_mark;
    if (a->tracer)
        return traced_search(a, s, g, lim, restricted);
    return restricted ? search(a, s, g, lim, true, NULL) : search(a, s, g, lim, false, NULL);
}

double astar_distance(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim) { return run(a, s, g, lim); }

double astar_find(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim, xyPath *out)
{
    double len = run(a, s, g, lim);
    if (len < 0)
        return len;
    const Grid *grid = a->grid;
    const int start = grid_index(grid, s.x, s.y);
    size_t first = out->len;
    /* Walk the parents from the goal, then reverse the appended run in place. */
    for (int cur = grid_index(grid, g.x, g.y);; cur -= a->dir_offset[a->parent_dir[cur]]) {
        path_push(out, (xyLoc){(int16_t)grid_index_x(grid, cur), (int16_t)grid_index_y(grid, cur)});
        if (cur == start)
            break;
    }
    cells_reverse(out->cells + first, out->len - first);
    return len;
}
