/* astar_pages.c: the paged form's memory (astar.h, AStarPages): the pages,
 * the block slots and the blocks' maps, taken at the first search and grown
 * as the searches reach more, each growth asking the owner's gate first;
 * the open list's doubling; what all of it holds. The search loop
 * (astar.c) calls the growths from its cold paths only. */
#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "astar.h"
#include "astar_pages.h"

/* Blocks of an even side at least this are paged by their quarters: a
 * search between two sectors' centers, or a box's flooding what its box
 * connects, leaves a part of its sectors' quarters untouched (walls, the
 * far side), and a quarter page of the smaller sides would hold few nodes
 * for its bookkeeping. */
#define SPLIT_SIDE_MIN 12

/* The open list the first pages come with: a page's cells / 4 doubled
 * FIRST_OPEN_DOUBLINGS times, what mm's leg searches filled it to in their
 * first queries on game and rooms maps (twice, and no more over a run). Each
 * doubling had been a realloc inside a call of the first query past the
 * routes, a call cold already (results/reference/mm-paper/cold48.md). */
#define FIRST_OPEN_DOUBLINGS 2

static size_t first_open(const AStarPages *pg) { return ((size_t)pg->cells / 4 + 1) << FIRST_OPEN_DOUBLINGS; }

/* The bytes growing to `cap` pages adds (astar_grow_pages): their nodes, parent
 * directions and first cells, and with the first pages the open list. */
static size_t pages_more(const AStar *a, size_t cap)
{
    const AStarPages *pg = &a->pg;
    return (cap - pg->cap) * ((size_t)pg->cells * (sizeof(BfNode) + 1) + sizeof *pg->page_x0 + sizeof *pg->page_y0) +
           (a->bf.node ? 0 : first_open(pg) * sizeof(HeapItem));
}

/* The blocks' maps (paged form): a slot number a block, and where the
 * side is not a power of two a block column a map column and a block row
 * a row; their bytes, and taking them (take_blocks; false when memory ran
 * out). Taken with the first slots: an owner whose searches never run
 * holds none. */
static size_t blocks_bytes(const AStarPages *pg, const Grid *grid)
{
    return (size_t)pg->nblocks * sizeof *pg->block_slot +
           (pg->block_shift < 0 ? ((size_t)grid->width + (size_t)grid->height) * sizeof *pg->col : 0);
}

static bool take_blocks(AStar *a)
{
    AStarPages *pg = &a->pg;
    const Grid *grid = a->grid;
    if (pg->block_shift < 0) { /* a power of two shifts: no maps */
        pg->col = malloc((size_t)(grid->width ? grid->width : 1) * sizeof *pg->col);
        pg->row = malloc((size_t)(grid->height ? grid->height : 1) * sizeof *pg->row);
        if (!pg->col || !pg->row)
            return false;
        for (int x = 0; x < grid->width; x++)
            pg->col[x] = (uint16_t)(x / pg->side);
        for (int y = 0; y < grid->height; y++)
            pg->row[y] = (uint16_t)(y / pg->side);
    }
    pg->block_slot = calloc((size_t)(pg->nblocks ? pg->nblocks : 1), sizeof *pg->block_slot);
    return pg->block_slot != NULL;
}

/* The bytes growing to `cap` block slots adds (astar_grow_slots), with the first
 * slots the blocks' maps. */
static size_t slots_more(const AStar *a, size_t cap)
{
    const AStarPages *pg = &a->pg;
    return (cap - pg->slot_cap) * (sizeof *pg->slot_block + (size_t)pg->split * pg->split * sizeof *pg->slot_page) +
           (pg->block_slot ? 0 : blocks_bytes(pg, a->grid));
}

/* Room for `cap` pages (paged form): the node array and parent directions
 * grow together; the open list starts at first_open and grows as it
 * fills (astar_grow_open): a search's frontier is a small part of the cells it
 * reaches, so a slot per node would be most of its memory. The owner's
 * gate is asked first (as by every growth here). False when memory ran
 * out (the pages held stay usable). */
bool astar_grow_pages(AStar *a, size_t cap)
{
    AStarPages *pg = &a->pg;
    grow_gate_ask(&a->gate, pages_more(a, cap)); /* it grows whatever the answer: the search needs it */
    size_t nodes = cap * (size_t)pg->cells;
    if (cap > UINT32_MAX / (size_t)pg->cells || !grow_to(&pg->page_x0, cap, sizeof *pg->page_x0) ||
        !grow_to(&pg->page_y0, cap, sizeof *pg->page_y0) || !grow_to(&a->parent_dir, nodes, 1))
        return false;
    if (a->bf.node ? !bf_resize_nodes(&a->bf, nodes) : !bf_init(&a->bf, nodes, (uint32_t)first_open(pg)))
        return false;
    pg->cap = (uint32_t)cap;
    return true;
}

/* Room for `cap` block slots (paged form), each with its parts' pages;
 * with the first slots, the blocks' maps (take_blocks). False when memory
 * ran out (the slots held stay usable). */
bool astar_grow_slots(AStar *a, size_t cap)
{
    AStarPages *pg = &a->pg;
    grow_gate_ask(&a->gate, slots_more(a, cap));
    size_t parts = (size_t)pg->split * (size_t)pg->split;
    if (!pg->block_slot && !take_blocks(a))
        return false;
    if (!grow_to(&pg->slot_block, cap, sizeof *pg->slot_block) ||
        !grow_to(&pg->slot_page, cap * parts, sizeof *pg->slot_page))
        return false;
    pg->slot_cap = (uint32_t)cap;
    return true;
}

/* Pages after growing from `cap` for at least `need`: by a quarter, at
 * least a block's parts, so the pages follow what the searches reach
 * (doubling would hold up to twice that) at a few growths an instance. */
size_t astar_more_pages(const AStarPages *pg, size_t cap, size_t need)
{
    size_t parts = (size_t)pg->split * (size_t)pg->split, step = cap / 4 > parts ? cap / 4 : parts;
    return cap + step >= need ? cap + step : need;
}

/* The paged form's open list is full: doubled. False when memory ran out. */
bool astar_grow_open(AStar *a)
{
    a->pg.open_grows++;
    size_t cap = grow_cap(a->bf.open.cap, (size_t)a->bf.open.n + 1, (size_t)a->pg.cells / 4 + 1);
    grow_gate_ask(&a->gate, (cap - a->bf.open.cap) * sizeof(HeapItem));
    return bf_reserve(&a->bf, (uint32_t)cap);
}

bool astar_init_paged(AStar *a, const Grid *grid, int side, Err *err)
{
    memset(a, 0, sizeof *a);
    a->grid = grid;
    AStarPages *pg = &a->pg;
    pg->side = side;
    pg->split = side >= SPLIT_SIDE_MIN && side % 2 == 0 ? 2 : 1;
    pg->pside = side / pg->split;
    pg->cells = pg->pside * pg->pside;
    pg->side_shift = pg->pside > 0 && (pg->pside & (pg->pside - 1)) == 0 ? __builtin_ctz((unsigned)pg->pside) : -1;
    pg->blocks_w = (grid->width + side - 1) / side;
    pg->nblocks = pg->blocks_w * ((grid->height + side - 1) / side);
    pg->block_shift = side > 0 && (side & (side - 1)) == 0 ? __builtin_ctz((unsigned)side) : -1;
    if (side < 1 || side > 255) {
        astar_free(a);
        return err_set(err, "A* blocks of side %d on a %dx%d map", side, grid->width, grid->height);
    }
    for (int d = 0; d < 8; d++)
        a->dir_offset[d] = grid_dir_offset(grid, d);
    return true;
}

size_t astar_bytes(const AStar *a)
{
    const AStarPages *pg = &a->pg;
    size_t pages = pg->side ? (pg->block_slot ? blocks_bytes(pg, a->grid) : 0) +
                                  (size_t)pg->slot_cap *
                                      (sizeof *pg->slot_block + (size_t)pg->split * pg->split * sizeof *pg->slot_page) +
                                  (size_t)pg->cap * (sizeof *pg->page_x0 + sizeof *pg->page_y0)
                            : 0;
    return a->bf.count * (sizeof(BfNode) + 1) + a->bf.open.cap * sizeof(HeapItem) + pages;
}

size_t astar_first_bytes(const AStar *a)
{
    const AStarPages *pg = &a->pg;
    if (!pg->side || pg->cap)
        return 0;
    return pages_more(a, (size_t)FIRST_BLOCKS * pg->split * pg->split) + slots_more(a, FIRST_BLOCKS);
}

bool astar_take_first(AStar *a)
{
    AStarPages *pg = &a->pg;
    return !pg->side || ((pg->cap || astar_grow_pages(a, (size_t)FIRST_BLOCKS * pg->split * pg->split)) &&
                         (pg->slot_cap || astar_grow_slots(a, FIRST_BLOCKS)));
}
