#include "astar.h"

#include <stdlib.h>
#include <string.h>

#define ASTAR_CLOSED (-1)

bool astar_init(AStar *a, const Grid *grid, Err *err)
{
    memset(a, 0, sizeof *a);
    a->grid = grid;
    size_t cells = (size_t)(grid->height + 2) * grid->stride;
    a->node = calloc(cells, sizeof *a->node);
    a->parent_dir = malloc(cells);
    size_t open_cap = grid_count_passable(grid) + 1;
    if (!a->node || !a->parent_dir ||
        !heap_init(&a->open, (uint32_t)open_cap, &a->node[0].heap_pos, sizeof a->node[0])) {
        astar_free(a);
        return err_set(err, "out of memory for A* on a %dx%d map", grid->width, grid->height);
    }
    for (int d = 0; d < 8; d++)
        a->dir_offset[d] = grid_dir_offset(grid, d);
    return true;
}

bool astar_reserve(AStar *a, size_t cells, Err *err)
{
    return heap_reserve(&a->open, (uint32_t)(cells + 1)) || err_set(err, "out of memory for A*'s open list");
}

void astar_free(AStar *a)
{
    free(a->node);
    free(a->parent_dir);
    heap_free(&a->open);
    a->node = NULL;
    a->parent_dir = NULL;
}

static inline bool cell_allowed(const AStarLimits *lim, int x, int y)
{
    if (lim->use_bbox && (x < lim->x0 || x > lim->x1 || y < lim->y0 || y > lim->y1))
        return false;
    if (lim->block_mark &&
        lim->block_mark[lim->row_block[y] * lim->blocks_w + lim->col_block[x]] != lim->mark)
        return false;
    return true;
}

/* Diagonal direction d (4..7) needs these two cardinal directions free. */
static const int DIAG_SIDE_A[8] = {0, 0, 0, 0, 0, 2, 2, 0};
static const int DIAG_SIDE_B[8] = {0, 0, 0, 0, 1, 1, 3, 3};

/* The search proper. `restricted` is a compile-time constant at both call sites
 * so the unrestricted loop carries no limit tests. Returns the goal's g or -1. */
static inline double search(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim, bool restricted)
{
    const Grid *grid = a->grid;
    const uint8_t *cells = grid->cells;
    const double w = lim ? lim->weight : 1.0;
    const int start = grid_index(grid, s.x, s.y), goal = grid_index(grid, g.x, g.y);
    const uint32_t stamp = ++a->stamp;
    AStarNode *node = a->node;
    uint64_t expanded = 0;
    double result = -1.0;

    if (stamp == 0) { /* wrapped after 2^32 searches: old stamps could collide */
        for (size_t i = 0; i < (size_t)(grid->height + 2) * grid->stride; i++)
            node[i].stamp = 0;
        a->stamp = 1;
        return search(a, s, g, lim, restricted);
    }
    heap_clear(&a->open);
    node[start] = (AStarNode){0.0, stamp, 0};
    heap_push(&a->open, (uint32_t)start, w * grid_octile(s.x, s.y, g.x, g.y), 0.0);

    while (!heap_empty(&a->open)) {
        HeapItem top = heap_pop(&a->open);
        const int cur = (int)top.id;
        node[cur].heap_pos = ASTAR_CLOSED;
        if (cur == goal) {
            result = node[cur].g;
            break;
        }
        expanded++;
        const double gcur = node[cur].g;
        const int cx = grid_index_x(grid, cur), cy = grid_index_y(grid, cur);
        for (int d = 0; d < 8; d++) {
            const int nb = cur + a->dir_offset[d];
            if (!cells[nb])
                continue;
            if (d >= 4 && (!cells[cur + a->dir_offset[DIAG_SIDE_A[d]]] ||
                           !cells[cur + a->dir_offset[DIAG_SIDE_B[d]]]))
                continue;
            const int nx = cx + GRID_DX[d], ny = cy + GRID_DY[d];
            if (restricted && nb != goal && !cell_allowed(lim, nx, ny))
                continue;
            const double ng = gcur + (d >= 4 ? GRID_SQRT2 : 1.0);
            AStarNode *n = &node[nb];
            if (n->stamp != stamp) {
                n->stamp = stamp;
                n->g = ng;
                a->parent_dir[nb] = (uint8_t)d;
                heap_push(&a->open, (uint32_t)nb, ng + w * grid_octile(nx, ny, g.x, g.y), ng);
            } else if (n->heap_pos != ASTAR_CLOSED && ng < n->g) {
                n->g = ng;
                a->parent_dir[nb] = (uint8_t)d;
                heap_decrease(&a->open, (uint32_t)nb, ng + w * grid_octile(nx, ny, g.x, g.y), ng);
            }
        }
    }
    a->last_expanded = expanded;
    a->expanded += expanded;
    return result;
}

static double run(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim)
{
    const Grid *grid = a->grid;
    if (!grid_passable(grid, s.x, s.y) || !grid_passable(grid, g.x, g.y)) {
        a->last_expanded = 0;
        return -1.0;
    }
    bool restricted = lim && (lim->use_bbox || lim->block_mark);
    return restricted ? search(a, s, g, lim, true) : search(a, s, g, lim, false);
}

double astar_distance(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim)
{
    return run(a, s, g, lim);
}

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
