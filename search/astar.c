#include "astar.h"

#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "astar_pages.h"

#define NO_NODE UINT32_MAX

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
    return a->pg.side || bf_reserve(&a->bf, (uint32_t)(cells + 1)) || err_set(err, "out of memory for A*'s open list");
}

void astar_free(AStar *a)
{
    free(a->parent_dir);
    a->parent_dir = NULL;
    bf_free(&a->bf);
    AStarPages *pg = &a->pg;
    free(pg->col);
    free(pg->row);
    free(pg->block_slot);
    free(pg->slot_block);
    free(pg->slot_page);
    free(pg->page_x0);
    free(pg->page_y0);
    memset(pg, 0, sizeof *pg);
}

/* The search's restriction (search's `restricted`): none, block marks, two blocks. */
enum { LIMIT_NONE, LIMIT_MARKS, LIMIT_TWO };

static inline bool cell_allowed(const AStarLimits *lim, int restricted, int x, int y)
{
    uint32_t b = lim->col_block ? (uint32_t)(lim->row_block[y] * lim->blocks_w + lim->col_block[x])
                                : (uint32_t)((y >> lim->block_shift) * lim->blocks_w + (x >> lim->block_shift));
    return restricted == LIMIT_TWO ? b == lim->blocks[0] || b == lim->blocks[1] : lim->block_mark[b] == lim->mark;
}

/* Diagonal direction d (4..7) needs these two cardinal directions free. */
static const int DIAG_SIDE_A[8] = {0, 0, 0, 0, 0, 2, 2, 0};
static const int DIAG_SIDE_B[8] = {0, 0, 0, 0, 1, 1, 3, 3};

/* The paged form (astar_init_paged): the node of cell (x, y), its block
 * given a slot and its part a page first when this search has not reached
 * them yet (grown when every one held is taken); NO_NODE when memory for
 * them ran out, or the block would be one past the limits' max_blocks. */
static inline uint32_t paged_node(AStar *a, int x, int y)
{
    AStarPages *pg = &a->pg;
    int sh = pg->block_shift;
    uint32_t bx = sh >= 0 ? (uint32_t)x >> sh : pg->col[x], by = sh >= 0 ? (uint32_t)y >> sh : pg->row[y];
    uint32_t b = by * (uint32_t)pg->blocks_w + bx, k = pg->block_slot[b];
    uint32_t parts = (uint32_t)(pg->split * pg->split);
    while (k < pg->blocks && pg->slot_block[k] != b)
        k += 1u << 16;     /* past 2^16 slots, the others of the same low bits */
    if (k >= pg->blocks) { /* not this search's: a sparse set, nothing cleared per search */
        uint32_t most = a->q.lim.max_blocks;
        if (most && pg->blocks >= most) {
            pg->capped = true;
            return NO_NODE;
        }
        if (pg->blocks == pg->slot_cap &&
            !astar_grow_slots(a, grow_cap(pg->slot_cap, (size_t)pg->blocks + 1, FIRST_BLOCKS))) {
            pg->failed = true;
            return NO_NODE;
        }
        k = pg->blocks++;
        pg->block_slot[b] = (uint16_t)k;
        pg->slot_block[k] = b;
        for (uint32_t i = 0; i < parts; i++)
            pg->slot_page[k * parts + i] = NO_NODE;
    }
    uint32_t side = (uint32_t)pg->side, pside = (uint32_t)pg->pside;
    uint32_t lx = (uint32_t)x - bx * side, ly = (uint32_t)y - by * side;
    uint32_t qx = lx >= pside, qy = ly >= pside, *slot = &pg->slot_page[k * parts + (pg->split == 2 ? qy * 2 + qx : 0)];
    uint32_t p = *slot;
    if (p == NO_NODE) {
        if (pg->used == pg->cap) {
            pg->grows++;
            if (!astar_grow_pages(a, astar_more_pages(pg, pg->cap, (size_t)pg->used + 1))) {
                pg->failed = true;
                return NO_NODE;
            }
        }
        p = *slot = pg->used++;
        pg->page_x0[p] = (uint16_t)(bx * side + qx * pside);
        pg->page_y0[p] = (uint16_t)(by * side + qy * pside);
    }
    return p * (uint32_t)pg->cells + (ly - qy * pside) * pside + (lx - qx * pside);
}

/* The cell of a paged node, and its page. */
static inline xyLoc paged_cell(const AStar *a, uint32_t id, uint32_t *page)
{
    const AStarPages *pg = &a->pg;
    uint32_t side = (uint32_t)pg->pside;
    int sh = pg->side_shift; /* a power of two (8, 4) spares two divisions */
    *page = sh >= 0 ? id >> (2 * sh) : id / (uint32_t)pg->cells;
    uint32_t off = id - *page * (uint32_t)pg->cells, ly = sh >= 0 ? off >> sh : off / side;
    return (xyLoc){(int16_t)(pg->page_x0[*page] + off - ly * side), (int16_t)(pg->page_y0[*page] + ly)};
}

/* The node of a cell this search reached (no page is taken). */
static inline uint32_t node_of(AStar *a, xyLoc c)
{
    return a->pg.side ? paged_node(a, c.x, c.y) : (uint32_t)grid_index(a->grid, c.x, c.y);
}

/* A traced event about node `id` at `cell`: its parent is the cell its
 * direction came from unless it is the start; f = g + w * h as the open list
 * has it. */
static __attribute__((noinline, cold)) void trace_node(const AStar *a, TraceType type, uint32_t id, xyLoc cell, xyLoc s,
                                                       double w, xyLoc goal)
{
    int d = a->parent_dir[id];
    xyLoc parent = {(int16_t)(cell.x - GRID_DX[d]), (int16_t)(cell.y - GRID_DY[d])};
    double g = bf_reached(&a->bf, id) ? a->bf.node[id].g : 0.0;
    trace_emit(a->tracer, type, cell, xy_same(cell, s) ? NULL : &parent, g,
               g + w * grid_octile(cell.x, cell.y, goal.x, goal.y));
}

/* Begins the search of a->q (astar_begin): the start's node, the open list
 * and the trace's first events. False: no memory for the start's page. */
static bool begin(AStar *a)
{
    AStarQuery *q = &a->q;
    AStarPages *pg = &a->pg;
    uint32_t id = (uint32_t)grid_index(a->grid, q->s.x, q->s.y);
    if (a->pg.side) {
        pg->used = 0; /* every block's slot is stale now (paged_node) */
        pg->blocks = 0;
        pg->failed = false;
        pg->capped = false;
        if (!astar_take_first(a)) /* the first search takes the first pages, unless its owner took them */
            return false;
        if ((id = paged_node(a, q->s.x, q->s.y)) == NO_NODE)
            return false;
    }
    q->start_id = id;
    bf_start(&a->bf, id, q->lim.weight * grid_octile(q->s.x, q->s.y, q->g.x, q->g.y));
    if (a->tracer) {
        trace_emit(a->tracer, TRACE_SOURCE, q->s, NULL, 0, 0);
        trace_emit(a->tracer, TRACE_DESTINATION, q->g, NULL, 0, 0);
        trace_node(a, TRACE_GENERATING, id, q->s, q->s, q->lim.weight, q->g);
    }
    return true;
}

/* The search proper, one loop for both forms, from where the last run of
 * this search left it (begin: the start). `paged` (the node numbering:
 * padded cell index, or a slot in its block's page), `packed` (the grid's
 * form, grid.h) and `restricted` are compile-time constants at the untraced
 * call sites, so the whole form carries no page tests, a byte grid no bit
 * arithmetic and the unrestricted loop no limit tests, and `tr`
 * is NULL there, so an untraced search carries no event tests either.
 * Before each pop it asks *work (expansions this call may still spend):
 * none left, it pauses (ASTAR_PAUSED) with the open list as it is, and the
 * next run pops what this one would have. Sets q->result (the goal's g, or
 * -1) when the search ends. */
static inline __attribute__((always_inline)) AStarResult search(AStar *a, uint64_t *work, int restricted, bool paged,
                                                                bool packed, const Tracer *tr)
{
    AStarQuery *q = &a->q;
    const Grid *grid = a->grid;
    const uint8_t *cells = grid->cells;
    const uint64_t *bits = grid->bits;
    const AStarLimits *lim = &q->lim;
    const double w = lim->weight;
    const xyLoc s = q->s, g = q->g;
    const int goal = grid_index(grid, g.x, g.y);
    BestFirst *bf = &a->bf;
    AStarPages *pg = &a->pg;
    uint64_t expanded = 0;
    double result = -1.0;
    uint32_t id = q->start_id;
    AStarResult verdict = ASTAR_NONE;
    for (;; --*work) {
        if (*work == 0) {
            verdict = ASTAR_PAUSED;
            goto paused;
        }
        if (!bf_pop(bf, &id))
            break;
        int cur, cx, cy, x0 = 0, y0 = 0;
        uint32_t base = 0;
        if (paged) { /* a neighbour in the same block is on the same page: no lookup */
            uint32_t page;
            const xyLoc c = paged_cell(a, id, &page);
            x0 = pg->page_x0[page];
            y0 = pg->page_y0[page];
            base = page * (uint32_t)pg->cells;
            cx = c.x;
            cy = c.y;
            cur = grid_index(grid, cx, cy);
        } else {
            cur = (int)id;
            cx = grid_index_x(grid, cur);
            cy = grid_index_y(grid, cur);
        }
        if (cur == goal) {
            result = bf->node[id].g;
            verdict = ASTAR_FOUND;
            break;
        }
        expanded++;
        const xyLoc here = {(int16_t)cx, (int16_t)cy};
        if (tr)
            trace_node(a, TRACE_EXPANDING, id, here, s, w, g);
        const double gcur = bf->node[id].g;
        for (int d = 0; d < 8; d++) {
            const int nb = cur + a->dir_offset[d];
            if (!grid_cell_open(cells, bits, (size_t)nb, packed))
                continue;
            if (d >= 4 && (!grid_cell_open(cells, bits, (size_t)(cur + a->dir_offset[DIAG_SIDE_A[d]]), packed) ||
                           !grid_cell_open(cells, bits, (size_t)(cur + a->dir_offset[DIAG_SIDE_B[d]]), packed)))
                continue;
            const int nx = cx + GRID_DX[d], ny = cy + GRID_DY[d];
            if (restricted && nb != goal && !cell_allowed(lim, restricted, nx, ny))
                continue;
            uint32_t nid = (uint32_t)nb;
            if (paged) {
                const int lx = nx - x0, ly = ny - y0, side = pg->pside;
                nid = (unsigned)lx < (unsigned)side && (unsigned)ly < (unsigned)side ? base + (uint32_t)(ly * side + lx)
                                                                                     : paged_node(a, nx, ny);
                if (nid == NO_NODE)
                    goto out; /* no memory for a page (pg.failed), or past max_blocks (pg.capped): no path */
            }
            const double ng = gcur + (d >= 4 ? GRID_SQRT2 : 1.0);
            BfOffer o = bf_offer(bf, nid, ng);
            if (paged && o == BF_OPENED && bf->open.n == bf->open.cap && !astar_grow_open(a)) {
                pg->failed = true;
                goto out; /* no memory for the open list: no path */
            }
            if (o) {
                a->parent_dir[nid] = (uint8_t)d;
                bf_queue(bf, nid, o, ng + w * grid_octile(nx, ny, g.x, g.y));
                if (tr)
                    trace_node(a, TRACE_GENERATING, nid, (xyLoc){(int16_t)nx, (int16_t)ny}, s, w, g);
            }
        }
        if (tr)
            trace_node(a, TRACE_CLOSING, id, here, s, w, g);
    }
out:
    if (tr)
        trace_node(a, TRACE_END, result < 0 ? q->start_id : id, result < 0 ? s : g, s, w, g);
    q->running = false;
    q->result = result;
paused:
    a->last_expanded += expanded;
    a->expanded += expanded;
    return verdict;
}

static __attribute__((noinline)) AStarResult traced_search(AStar *a, uint64_t *work, int restricted, bool paged)
{
    return search(a, work, restricted, paged, !a->grid->cells, a->tracer);
}

/* The untraced search on a packed grid, out of line: inlined beside the
 * byte grid's forms, it changed the compiler's code for those (the astar
 * entry's loop came out longer). */
static __attribute__((noinline)) AStarResult packed_search(AStar *a, uint64_t *work, int restricted, bool paged)
{
    if (paged)
        return restricted == LIMIT_TWO     ? search(a, work, LIMIT_TWO, true, true, NULL)
               : restricted == LIMIT_MARKS ? search(a, work, LIMIT_MARKS, true, true, NULL)
                                           : search(a, work, LIMIT_NONE, true, true, NULL);
    return restricted ? search(a, work, restricted, false, true, NULL) : search(a, work, LIMIT_NONE, false, true, NULL);
}

bool astar_begin(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim)
{
    AStarQuery *q = &a->q;
    a->last_expanded = 0;
    q->running = false;
    q->result = -1.0;
    if (!grid_passable(a->grid, s.x, s.y) || !grid_passable(a->grid, g.x, g.y))
        return false;
    q->s = s;
    q->g = g;
    q->lim = lim ? *lim : (AStarLimits){.weight = 1.0};
    q->running = begin(a); /* the paged form's blocks' maps are taken by now */
    if (q->lim.own_blocks) {
        q->lim.col_block = a->pg.col;
        q->lim.row_block = a->pg.row;
        q->lim.block_shift = a->pg.block_shift;
        q->lim.blocks_w = a->pg.blocks_w;
    }
    return q->running;
}

/* Appends the way from s to c, a cell the search reached (s first, c
 * last): its parents walked back from c, the run then reversed in place. */
static void append_way(AStar *a, xyLoc c, xyPath *out)
{
    size_t first = out->len;
    for (;;) {
        path_push(out, c);
        if (xy_same(c, a->q.s))
            break;
        int d = a->parent_dir[node_of(a, c)];
        c = (xyLoc){(int16_t)(c.x - GRID_DX[d]), (int16_t)(c.y - GRID_DY[d])};
    }
    cells_reverse(out->cells + first, out->len - first);
}

AStarResult astar_run(AStar *a, uint64_t *work, xyPath *out)
{
    AStarQuery *q = &a->q;
    if (!q->running)
        return ASTAR_NONE;
    int restricted = q->lim.two ? LIMIT_TWO : q->lim.block_mark ? LIMIT_MARKS : LIMIT_NONE;
    bool paged = a->pg.side;
    AStarResult r;
    if (a->tracer)
        r = traced_search(a, work, restricted, paged);
    else if (!a->grid->cells)
        r = packed_search(a, work, restricted, paged);
    else if (paged)
        r = restricted ? search(a, work, restricted, true, false, NULL)
                       : search(a, work, LIMIT_NONE, true, false, NULL);
    else
        r = restricted ? search(a, work, restricted, false, false, NULL)
                       : search(a, work, LIMIT_NONE, false, false, NULL);
    if (r == ASTAR_FOUND && out)
        append_way(a, q->g, out);
    return r;
}

size_t astar_toward_best(AStar *a, size_t k, xyPath *out)
{
    const AStarQuery *q = &a->q;
    if (!q->running || heap_empty(&a->bf.open) || k == 0)
        return 0;
    uint32_t id = heap_top(&a->bf.open)->id, page;
    xyLoc c = a->pg.side ? paged_cell(a, id, &page)
                         : (xyLoc){(int16_t)grid_index_x(a->grid, (int)id), (int16_t)grid_index_y(a->grid, (int)id)};
    /* Its way from s, then s dropped and the k cells after it kept. */
    size_t first = out->len;
    append_way(a, c, out);
    size_t n = out->len - first - 1, m = n < k ? n : k;
    memmove(out->cells + first, out->cells + first + 1, m * sizeof *out->cells);
    out->len = first + m;
    return m;
}

/* The whole search in one run: its length, or -1 (nothing appended). */
static double run_whole(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim, xyPath *out)
{
    uint64_t work = UINT64_MAX;
    if (!astar_begin(a, s, g, lim))
        return -1.0;
    return astar_run(a, &work, out) == ASTAR_FOUND ? a->q.result : -1.0;
}

double astar_distance(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim) { return run_whole(a, s, g, lim, NULL); }

double astar_find(AStar *a, xyLoc s, xyLoc g, const AStarLimits *lim, xyPath *out)
{
    return run_whole(a, s, g, lim, out);
}
