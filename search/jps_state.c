/* A JPS's life apart from its searches (jps.h): setting one up for a map
 * (online or JPS+, node state per cell or hashed), following map changes,
 * painting part of a map into a copy, and what it holds. The jumps and the
 * search are jps.c's. */
#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "jps.h"

/* JPS+ queues the first stop of a diagonal sweep as a node (no pruning of
 * intermediate jump points) on maps whose grid_scattered share is at least
 * this (jps.h; -D overrides it for measuring both variants). */
#ifndef JPS_PLUS_UNPRUNED_SCATTERED
#define JPS_PLUS_UNPRUNED_SCATTERED 0.15
#endif

/* JPS+'s successor sets (jps.h Jps.succ): the successor directions of a
 * cell depend only on the direction it was entered in and on which of its 8
 * table values are 0 (a value is 0 exactly when not one step that way is
 * legal). Entered straight in d from the cell behind, which is passable: the
 * side cell s is passable iff value s != 0, and then the diagonal back past
 * s is legal iff the cell behind s is passable, so the forced pair (s and
 * the diagonal between d and s, jps.h) is "s != 0 and back-diagonal == 0".
 * Directions whose value is 0 would generate nothing, so they are left out. */
static void fill_succ(uint8_t succ[9][256])
{
    for (int in = -1; in < 8; in++) {
        for (unsigned nz = 0; nz < 256; nz++) {
            unsigned set = 0xffu;
            if (in >= 0 && GRID_DIR_IS_DIAGONAL(in)) {
                set = 1u << in | 1u << grid_dir_of(GRID_DX[in], 0) | 1u << grid_dir_of(0, GRID_DY[in]);
            } else if (in >= 0) {
                int dx = GRID_DX[in], dy = GRID_DY[in];
                set = 1u << in;
                for (int side = -1; side <= 1; side += 2) {
                    int sx = dy ? side : 0, sy = dx ? side : 0; /* perpendicular offset */
                    int s = grid_dir_of(sx, sy), back = grid_dir_of(sx - dx, sy - dy);
                    if ((nz >> s & 1u) && !(nz >> back & 1u))
                        set |= 1u << s | 1u << grid_dir_of(sx + dx, sy + dy);
                }
            }
            succ[in + 1][nz] = (uint8_t)(set & nz);
        }
    }
}

uint64_t jps_nodes_within(uint64_t max_expanded)
{
    return max_expanded > (UINT64_MAX - 8) / 5 ? UINT64_MAX : 5 * max_expanded + 8;
}

/* A sparse JPS starts with slots for GROW_FIRST_NODES nodes (or its bound)
 * and an open list and a bypass stack of GROW_FIRST_LIST: its first
 * searches grow them to what the map's searches reach (jps_grow), up to
 * its bound. 256 slots at first: a growth's call costs several times a
 * call's work in the memory it first touches, and the small route's
 * searches on small game maps reach past 128 slots in a few queries. */
#define GROW_FIRST_NODES 192
#define GROW_FIRST_LIST 32
/* A parent is kept as its slot in 28 bits (jps.c PARENT_NODE). */
#define JPS_GROW_MOST_SLOTS (1u << 27)

static uint64_t min_u64(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* Of a power of two of slots, all but one in SLOT_FREE may be taken
 * (linear probing ends at a free one). 1 in 8, not 1 in 4: more searches'
 * nodes fit before the slots double, and the longer probes cost about
 * what the doublings they spare cost (a search begun again, its slots
 * zeroed; results/reference/mm-paper/jpsstate43.md). */
#define SLOT_FREE 8

static uint64_t slots_usable(uint64_t slots) { return slots - (slots < SLOT_FREE ? 1 : slots / SLOT_FREE); }

/* The slots for `nodes` nodes: a power of two, slots_usable of them at
 * least `nodes` (relax_plus), at least 4, at most `most`. */
static uint64_t slots_for(uint64_t nodes, uint64_t most)
{
    uint64_t slots = 4;
    while (slots_usable(slots) < nodes && slots < most)
        slots *= 2;
    return slots;
}

/* What every form shares: the map (copied, or borrowed), the JPS+ table
 * (taken over) or the bit rows, the trace and the node state. Bounded, for
 * at most `max_nodes` nodes of a search: hashed slots, a seventh more (a
 * power of two, so probes stay short), starting small and grown to what
 * searches reach (jps_grow), up to that bound or, JPS_NODES_GROW, none.
 * Else per cell, with an open list and a trace for every passable cell.
 * Bounded state is hashed even where per cell would be the smaller at the
 * bound: per cell holds its whole from the start, hashed only what the
 * searches reach, and on the small maps where the whole per-cell form (a
 * node a padded cell, an item and a trace entry a passable one) was the
 * smaller at the bound, the capped JPS's hashed state reached a small
 * part of it (results/reference/mm-paper/jpsstate43.md). */
static bool setup(Jps *j, const Grid *map, JumpTable *table, bool borrow, bool bounded, uint64_t max_nodes, Err *err)
{
    memset(j, 0, sizeof *j);
    size_t cells = (size_t)(map->height + 2) * (size_t)map->stride; /* node ids are padded cell indices */
    j->borrowed = borrow;
    if (borrow)
        j->grid = *map;
    else if (!grid_copy(&j->grid, map, err))
        goto fail;
    if (table) { /* JPS+: the table replaces the bit rows */
        j->plus = true;
        j->prune_diag = grid_scattered(map) < JPS_PLUS_UNPRUNED_SCATTERED;
        if (!(j->succ = malloc(9 * sizeof *j->succ))) {
            err_set(err, "jps: out of memory for JPS+'s successor table");
            goto fail;
        }
        fill_succ(j->succ);
        j->table = *table;
        memset(table, 0, sizeof *table);
    } else {
        if (j->grid.cells ? !bitrows_init(&j->rows, map, false, err) : (bitrows_view(&j->rows, &j->grid), false))
            goto fail;
        /* A whole copy: its owner tiles it where its memory says (jps_tile_cols) */
        if (!bitrows_init(&j->cols, map, true, err))
            goto fail;
    }
    j->passable = grid_count_passable(map);
    uint64_t steps = cells + (size_t)map->width + (size_t)map->height;
    bool grows = bounded && max_nodes == JPS_NODES_GROW;
    /* At the bound: the slots (no more than the parent field numbers), and
     * the nodes a search may take there (the start and max_nodes more). */
    j->slot_bound = grows ? JPS_GROW_MOST_SLOTS : slots_for(max_nodes, min_u64(cells, JPS_GROW_MOST_SLOTS));
    j->node_bound = grows ? UINT64_MAX : min_u64(max_nodes + 1, slots_usable(j->slot_bound));
    uint64_t slots = bounded ? slots_for(min_u64(GROW_FIRST_NODES, max_nodes), j->slot_bound) : 0;
    /* Hashed, the open list and the trace hold a part of the nodes a
     * search takes, and grow with the slots (jps_grow). */
    uint64_t lists = bounded ? min_u64(GROW_FIRST_LIST, j->node_bound) : j->passable + 1;
    j->trace_cap = lists;
    j->node_cap = bounded ? min_u64(j->node_bound, slots_usable(slots)) : UINT64_MAX;
    j->trace = malloc(lists * sizeof *j->trace);
    bool open = bounded ? jo_init_sparse(&j->open, (uint32_t)slots, (uint32_t)lists, steps)
                        : jo_init(&j->open, cells, (uint32_t)lists, steps);
    if (!j->trace || !open) {
        err_set(err, "jps: out of memory for a %dx%d map", map->width, map->height);
        goto fail;
    }
    return true;
fail:
    jps_free(j);
    return false;
}

/* The node state j's bytes count: its own, or, shared (jps_share_nodes),
 * the pair's in the one that counts it, wherever it is now. */
static const JpsOpen *counted_nodes(const Jps *j)
{
    if (!j->share)
        return &j->open;
    if (!j->share_counted)
        return NULL;
    return j->open.node ? &j->open : &j->share->open;
}

/* What the search owns now (jps_bytes reports the larger of this and the
 * most it held before it gave its turn bits back). */
static size_t bytes_now(const Jps *j)
{
    /* Sparse, the slots (open.count) hold a node each. */
    const JpsOpen *o = counted_nodes(j);
    return (j->borrowed ? 0 : grid_bytes(&j->grid)) + (o ? o->count * sizeof(JoNode) + o->cap * sizeof(JoItem) : 0) +
           j->trace_cap * sizeof *j->trace + (j->succ ? 9 * sizeof *j->succ : 0) +
           (j->plus ? 0
                    : ((j->rows.borrowed ? 0 : (size_t)j->rows.rows * j->rows.words) +
                       (size_t)j->cols.rows * j->cols.words) *
                          8) +
           bitrows_tiles_bytes(&j->tiles) + jps_turns_bytes(&j->turns) + jps_coarse_bytes(j->coarse);
}

/* What jps_grow is about to add to j's node state: at most the slots
 * doubled, the open list doubled and the bypass stack doubled (or begun). */
static size_t grow_bytes(const Jps *j)
{
    const JpsOpen *o = &j->open;
    return (o->live >= j->node_cap ? o->count * sizeof(JoNode) : 0) +
           (o->n >= o->cap ? (size_t)o->cap * sizeof(JoItem) : 0) +
           (j->nbypass >= j->trace_cap ? (j->trace_cap ? j->trace_cap : GROW_FIRST_LIST) * sizeof *j->trace : 0);
}

/* Gives the turn bits back (Jps.turns_room) when the `more` bytes jps_grow
 * is about to add would take the search past its room with them. Shared
 * node state (jps_share_nodes) is judged in the JPS that counts it,
 * whichever of the two grows it. */
static void make_room(Jps *grows, size_t more)
{
    Jps *j = grows->share && !grows->share_counted ? grows->share : grows;
    if (!j->turns.block || !j->turns_room)
        return;
    size_t now = bytes_now(j);
    if (now + more <= j->turns_room)
        return;
    j->held_peak = now > j->held_peak ? now : j->held_peak;
    jps_give_back_turns(j);
}

void jps_give_back_turns(Jps *j)
{
    if (!j->turns.block || !j->turns_room)
        return;
    jps_turns_free(&j->turns);
    j->turns_given_back = true;
}

bool jps_grow(Jps *j)
{
    JpsOpen *o = &j->open;
    uint64_t before = o->count + o->cap + j->trace_cap;
    if (!o->sparse)
        return false;
    size_t more = grow_bytes(j);
    make_room(j, more);            /* the turn bits first: once given back, the owner may tile */
    grow_gate_ask(&j->gate, more); /* it grows whatever the answer: the search needs it */
    if (o->live >= j->node_cap) {
        if (j->node_cap >= j->node_bound || o->count >= j->slot_bound || !jo_resize_sparse(o, (uint32_t)o->count * 2))
            return false; /* the bound: the search gives up */
        j->node_cap = min_u64(j->node_bound, slots_usable(o->count));
    }
    if (o->n >= o->cap && !jo_reserve(o, (uint32_t)min_u64((uint64_t)o->cap * 2, j->node_bound)))
        return false;
    if (j->nbypass >= j->trace_cap &&
        !GROW(j->trace, j->trace_cap, min_u64(j->trace_cap * 2, j->node_bound), GROW_FIRST_LIST))
        return false;
    if (o->count + o->cap + j->trace_cap == before)
        return false; /* nothing full could grow: the search would only fail again */
    j->grown++;
    return true;
}

/* A reserve's open list and bypass stack: this share of its slots, as the
 * searches that fill a state's slots fill their lists about as far. */
#define RESERVE_LIST_SHARE 8

/* The slots and the list length a reserve for `nodes` nodes takes (slots 0
 * per cell: nothing to reserve). */
static uint64_t reserve_slots(const Jps *j, uint64_t nodes, uint64_t *list)
{
    uint64_t slots = j->open.sparse ? slots_for(min_u64(nodes, j->node_bound), j->slot_bound) : 0;
    *list = min_u64(slots / RESERVE_LIST_SHARE, j->node_bound);
    return slots;
}

size_t jps_reserve_bytes(const Jps *j, uint64_t nodes)
{
    const JpsOpen *o = &j->open;
    uint64_t list, slots = reserve_slots(j, nodes, &list);
    if (slots <= o->count || j->share)
        return 0;
    return (size_t)(slots - o->count) * sizeof(JoNode) +
           (list > o->cap ? (size_t)(list - o->cap) * sizeof(JoItem) : 0) +
           (list > j->trace_cap ? (size_t)(list - j->trace_cap) * sizeof *j->trace : 0);
}

bool jps_reserve(Jps *j, uint64_t nodes)
{
    JpsOpen *o = &j->open;
    uint64_t list, slots = reserve_slots(j, nodes, &list);
    if (slots <= o->count || j->share || j->running)
        return true;
    if (!jo_resize_sparse(o, (uint32_t)slots))
        return false;
    uint64_t all = UINT64_MAX;
    jo_zero_some(o, &all); /* writes every page: no call meets them first */
    j->node_cap = min_u64(j->node_bound, slots_usable(o->count));
    if (!jo_reserve(o, (uint32_t)list))
        return false;
    return list <= j->trace_cap || GROW(j->trace, j->trace_cap, list, GROW_FIRST_LIST);
}

bool jps_grow_trace(Jps *j)
{
    /* The gate is not asked: a path's chain outgrows the trace a few times
     * in an instance's life, by a few KiB at most, in its query's longest
     * call, where the gate's walk over the owner's parts, cold, cost more
     * than the rest of that call (results/reference/mm-paper/longcall45.md);
     * the owner sees the growth at its next ask or check. */
    return GROW(j->trace, j->trace_cap, grow_cap(j->trace_cap, j->trace_cap + 1, 1), 1);
}

/* A JpsOpen that holds no arrays, with o's costs and `sparse`: a JPS not
 * holding the shared state neither sizes (reserve_cells) nor frees it. */
static JpsOpen without_nodes(const JpsOpen *o)
{
    JpsOpen empty = *o;
    empty.node = NULL;
    empty.items = NULL;
    empty.count = empty.cap = empty.n = empty.live = empty.zeroed = 0;
    return empty;
}

/* The state moves whole (jps_open.h's arrays and counts). */
static void move_nodes(Jps *to, Jps *from)
{
    to->open = from->open;
    from->open = without_nodes(&to->open);
    to->node_cap = min_u64(to->node_bound, slots_usable(to->open.count));
}

bool jps_share_nodes(Jps *j, Jps *with)
{
    if (j == with || j->share || with->share || !j->open.sparse || !with->open.sparse || j->running ||
        j->open.card != with->open.card || j->open.diag != with->open.diag)
        return false;
    jo_free(&j->open);
    j->open = without_nodes(&with->open); /* with holds it until j begins a search */
    j->share = with;
    with->share = j;
    with->share_counted = true;
    return true;
}

void jps_take_nodes(Jps *j)
{
    Jps *other = j->share;
    j->dropped = false;
    if (!other || j->open.node || !other->open.node)
        return;
    if (other->running) { /* overtaken: given up, never answered from slots another search took */
        other->running = false;
        other->dropped = true;
    }
    move_nodes(j, other);
}

bool jps_init(Jps *j, const Grid *map, JumpTable *table, Err *err)
{
    return setup(j, map, table, false, false, UINT64_MAX, err);
}

bool jps_init_bounded(Jps *j, const Grid *map, bool borrow, uint64_t max_nodes, Err *err)
{
    if (!setup(j, map, NULL, borrow, true, max_nodes, err))
        return false;
    jo_touch(&j->open); /* a caller that bounds its calls pays for the pages here */
    return true;
}

bool jps_enable_turns(Jps *j, Err *err)
{
    if (j->turns.block || j->turns_given_back || j->plus || j->tiled || !j->grid.bits)
        return true;
    if (!jps_turns_init(&j->turns, &j->rows, &j->cols, err))
        return false;
    if (j->turns.block) { /* the exact bits answer what the coarse ones would */
        jps_coarse_free(j->coarse);
        j->coarse = NULL;
    }
    return true;
}

/* Turn bits held with tiles (jps_tile_cols) are never derived again (a
 * column is, from the whole copy): a changing map's tiled JPS gives them back. */
static void drop_turns_if_tiled(Jps *j)
{
    if (j->tiled && j->turns.block) {
        jps_turns_free(&j->turns);
        j->turns_given_back = true;
    }
}

bool jps_retake_turns(Jps *j, Err *err)
{
    drop_turns_if_tiled(j);
    j->turns_room = 0;
    j->turns_given_back = false;
    return jps_enable_turns(j, err);
}

bool jps_enable_coarse(Jps *j, double busy_most, Err *err)
{
    if (j->coarse || j->turns.block || j->plus || !j->grid.bits)
        return true;
    if (!(j->coarse = jps_coarse_new(&j->rows, &j->cols, &j->tiles, err)))
        return false;
    jps_coarse_fresh(j->coarse, &j->rows, &j->cols, &j->tiles);
    if ((double)j->coarse->busy > busy_most * (double)j->coarse->open) {
        jps_coarse_free(j->coarse);
        j->coarse = NULL;
    }
    return true;
}

uint32_t jps_tile_slots_most(const Jps *j) { return j->grid.bits ? bitrows_tiles_total(&j->grid) : 0; }

size_t jps_tile_saving(const Jps *j, uint32_t slots)
{
    size_t whole = (size_t)j->cols.rows * j->cols.words * 8, tiles = (size_t)slots * BITTILE_BYTES;
    /* A static map's turn bits (turns_room), every line derived, stay (drop_turns_if_tiled). */
    bool turns_stay = !j->turns.block || (j->turns_room && !j->turns.stale && !j->turns.outside);
    bool can = !j->tiled && !j->plus && j->borrowed && j->grid.bits && turns_stay && slots && !(slots & (slots - 1)) &&
               tiles < whole;
    return can ? whole - tiles : 0;
}

bool jps_tile_cols(Jps *j, uint32_t slots, Err *err)
{
    if (!jps_tile_saving(j, slots))
        return true;
    BitTiles t;
    if (!bitrows_tiles_init(&t, &j->grid, slots, err))
        return false;
    bitrows_free(&j->cols);
    memset(&j->cols, 0, sizeof j->cols); /* no rows: bytes_now counts none */
    j->tiles = t;
    j->tiled = true;
    return true;
}

bool jps_untile_cols(Jps *j, Err *err)
{
    BitRows whole;
    if (!j->tiled || !bitrows_tiles_whole(&j->tiles, &whole, err))
        return !j->tiled;
    bitrows_tiles_free(&j->tiles);
    j->cols = whole;
    j->tiled = false;
    return true;
}

void jps_free(Jps *j)
{
    if (j->share) { /* the other keeps the state, as its own */
        Jps *other = j->share;
        if (j->open.node)
            move_nodes(other, j);
        other->share = NULL;
        other->share_counted = false;
    }
    jps_turns_free(&j->turns);
    jps_coarse_free(j->coarse);
    bitrows_free(&j->rows);
    bitrows_free(&j->cols);
    bitrows_tiles_free(&j->tiles);
    jt_free(&j->table);
    jo_free(&j->open);
    free(j->trace);
    free(j->succ);
    if (!j->borrowed)
        grid_free(&j->grid);
    memset(j, 0, sizeof *j);
}

/* Lets the open list and the trace hold `cells` nodes; grows only. On
 * failure the old ones stay. */
static bool reserve_cells(Jps *j, size_t cells, Err *err)
{
    if (j->open.sparse || cells + 1 <= j->open.cap) /* sparse: sized for the nodes of a search, not the map */
        return true;
    bool grown = grow_to(&j->trace, cells + 1, sizeof *j->trace) && jo_reserve(&j->open, (uint32_t)(cells + 1));
    if (grown)
        j->trace_cap = cells + 1;
    return grown || err_set(err, "jps: out of memory for the open list");
}

/* The map changed. Online, the bit rows (both orientations) and the grid
 * copy are all the map state, so an update is a bit flip per cell (each
 * cell of a run in turn, as the turn bits read the lines cell by cell);
 * JPS+ refills the lines of its table the cells touch (jumptable.h). */
bool jps_update(Jps *j, const CellChange *changes, int n, size_t opening, Err *err)
{
    if (!reserve_cells(j, j->passable + opening, err))
        return false;
    drop_turns_if_tiled(j); /* so tiles and turn bits never both follow a change */
    bool online = !j->plus, own_rows = online && !j->rows.borrowed, own_cols = online && !j->tiled;
    if (online && j->tiled)
        bitrows_tiles_set_cells(&j->tiles, changes, n);
    if (j->borrowed) /* the owner counts the cells it changes; till then, at most this many */
        j->passable += opening;
    if (!j->borrowed || own_rows || own_cols || (online && (j->turns.block || j->coarse)))
        for (int i = 0; i < n; i++)
            for (int x = changes[i].x, y = changes[i].y, p = changes[i].passable; x <= changes[i].x + changes[i].more;
                 x++) {
                if (!j->borrowed)
                    j->passable += (size_t)grid_set_passable(&j->grid, x, y, p); /* -1 wraps */
                if (own_rows) /* else the rows are the grid's own cells */
                    bitrows_set_cell(&j->rows, false, x, y, p);
                if (own_cols)
                    bitrows_set_cell(&j->cols, true, x, y, p);
                if (online &&
                    j->turns.block) /* borrowed rows change after: a cell's range read from the lines as they were */
                    jps_turns_changed(&j->turns, &j->rows, &j->cols, x + 1, y + 1, p);
                if (online && j->coarse) /* derived again as the next search begins */
                    jps_coarse_changed(j->coarse, x + 1, y + 1);
            }
    if (j->plus) {
        jt_update(&j->table, &j->grid, changes, n);
        j->prune_diag = grid_scattered(&j->grid) < JPS_PLUS_UNPRUNED_SCATTERED;
    }
    return true;
}

size_t jps_bytes(const Jps *j)
{
    size_t now = bytes_now(j);
    return now > j->held_peak ? now : j->held_peak;
}
