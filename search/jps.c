/* Jump Point Search, online and JPS+: online successors and the search
 * (jps.h); online JPS's scans and diagonal sweeps are jps_sweep.h's and
 * JPS+'s successors jps_plus.h's (both in this unit), what both share
 * jps_node.h's, a JPS's setup, updates and sizes jps_state.c's, the path
 * read back from the found chain of nodes jps_chain.c's (no Jps). */
#include <stdlib.h>

#include "../common/grow.h"
#include "../common/work.h"
#include "jps_chain.h"
#include "jps_node.h"
#include "jps_plus.h"
#include "jps_sweep.h"

/* An online straight successor: the scan along dir, where the form's bits
 * (turn_says_jump) say it may find a jump point. */
static SEARCH_INLINE void try_straight(Jps *j, int px, int py, int dir, int form)
{
    int dx = dir_dx(dir), dy = dir_dy(dir);
    if (!turn_says_jump(j, px, py, dx, dy, form))
        return;
    int t = dx > 0   ? jump_horizontal(j, px, py, 1)
            : dx < 0 ? jump_horizontal(j, px, py, -1)
            : dy > 0 ? jump_vertical(j, px, py, 1, form)
                     : jump_vertical(j, px, py, -1, form);
    if (t >= 0)
        relax_plus(j, dx ? t : px, dy ? t : py, (uint64_t)abs(dx ? t - px : t - py) * j->open.card, dir);
}

/* The forced pair on one side (-1, 1) of a straight move (dx, dy) into
 * (px, py), whose cells about are `a` (packed forms), if that side's cell
 * is forced. */
static SEARCH_INLINE void forced_pair(Jps *j, const Around *a, int px, int py, int dx, int dy, int side, int form)
{
    int sx = dy ? side : 0, sy = dx ? side : 0; /* perpendicular offset */
    bool forced = form != FORM_BYTES ? !around_open(a, sx - dx, sy - dy) && around_open(a, sx, sy)
                                     : !open_cell(j, px - dx + sx, py - dy + sy) && open_cell(j, px + sx, py + sy);
    if (forced) {
        try_straight(j, px, py, DIR_OF[sy + 1][sx + 1], form);
        try_diagonal(j, a, px, py, DIR_OF[dy + sy + 1][dx + sx + 1], form);
    }
}

/* Successors of `id` given the direction it was entered in (-1 at the start),
 * on the grid's form (`form` a constant where inlined): the search picks
 * the form once an expansion (expand, expand_bits, expand_turns,
 * expand_coarse), so each form's jumps and tests are what they are without
 * the others'. */
static SEARCH_INLINE void expand_in(Jps *j, uint32_t id, int px, int py, int in, int form)
{
    const Around around = form != FORM_BYTES ? around_of(j, id) : (Around){{0, 0, 0}, 0}, *a = &around;
    if (in < 0) {
        try_straight(j, px, py, 0, form);
        try_straight(j, px, py, 1, form);
        try_straight(j, px, py, 2, form);
        try_straight(j, px, py, 3, form);
        for (int d = 4; d < 8; d++)
            try_diagonal(j, a, px, py, d, form);
        return;
    }
    int dx = dir_dx(in), dy = dir_dy(in);
    if (GRID_DIR_IS_DIAGONAL(in)) {
        try_straight(j, px, py, DIR_OF[1][dx + 1], form);
        try_straight(j, px, py, DIR_OF[dy + 1][1], form);
        try_diagonal(j, a, px, py, in, form);
        return;
    }
    try_straight(j, px, py, in, form);
    /* Forced pairs on both sides of a straight move. */
    forced_pair(j, a, px, py, dx, dy, -1, form);
    forced_pair(j, a, px, py, dx, dy, 1, form);
}
/* One copy of the expansion per direction of entry (the default: the start,
 * -1, or 8 as its parent field holds it, jps_node.h), each
 * with its directions constants: its straight scans inline, no test of
 * the axis or the sense at run time. */
static SEARCH_INLINE void expand_as(Jps *j, uint32_t id, int px, int py, int in, int form)
{
    /* A stop queued with its row scan done (PARENT_ROW_DONE, bits only):
     * its column and its diagonal. */
#define EXPAND_ROW_DONE(d)                                                                                             \
    case d + PARENT_ROW_DONE:                                                                                          \
        try_straight(j, px, py, DIR_OF[dir_dy(d) + 1][1], form);                                                       \
        try_diagonal(j, NULL, px, py, d, form); /* the bits form tests no cell about */                                \
        return
    if (form == FORM_BITS && in > 8)
        switch (in) {
            EXPAND_ROW_DONE(4);
            EXPAND_ROW_DONE(5);
            EXPAND_ROW_DONE(6);
            EXPAND_ROW_DONE(7);
        }
#undef EXPAND_ROW_DONE
#define EXPAND_AS(d)                                                                                                   \
    case d:                                                                                                            \
        expand_in(j, id, px, py, d, form);                                                                             \
        break
    switch (in) {
        EXPAND_AS(0);
        EXPAND_AS(1);
        EXPAND_AS(2);
        EXPAND_AS(3);
        EXPAND_AS(4);
        EXPAND_AS(5);
        EXPAND_AS(6);
        EXPAND_AS(7);
    default:
        expand_in(j, id, px, py, -1, form);
    }
#undef EXPAND_AS
}
static __attribute__((noinline)) void expand(Jps *j, uint32_t id, int px, int py, int in)
{
    expand_as(j, id, px, py, in, FORM_BYTES);
}
static __attribute__((noinline)) void expand_bits(Jps *j, uint32_t id, int px, int py, int in)
{
    expand_as(j, id, px, py, in, FORM_BITS);
}
static __attribute__((noinline)) void expand_turns(Jps *j, uint32_t id, int px, int py, int in)
{
    expand_as(j, id, px, py, in, FORM_TURNS);
}
static __attribute__((noinline)) void expand_coarse(Jps *j, uint32_t id, int px, int py, int in)
{
    expand_as(j, id, px, py, in, FORM_COARSE);
}

/* Starts the search from s to g; `announce`: the trace gets its source and
 * destination (not when the same search begins again after growing: one
 * search, one source). */
static bool start_search(Jps *j, xyLoc s, xyLoc g, uint64_t max_expanded, bool announce)
{
    const int stride = j->grid.stride;
    j->running = false;
    j->unwind_n = 0;
    if (j->share)
        jps_take_nodes(j);
    if (!grid_passable(&j->grid, s.x, s.y) || !grid_passable(&j->grid, g.x, g.y))
        return false;
    j->sx = s.x;
    j->sy = s.y;
    j->gx = g.x + 1;
    j->gy = g.y + 1;
    j->cap = j->cap_left = max_expanded;
    j->running = true;
    if (j->coarse) /* the lines a change made stale */
        jps_coarse_fresh(j->coarse, &j->rows, &j->cols, &j->tiles);
    if (__builtin_expect(j->turns.outside, 0)) { /* a cell opened outside the turn bits' lines: laid out again */
        Err err = {0};
        (void)jps_turns_follow(&j->turns, &j->rows, &j->cols, &err); /* out of memory: none, the scans answer */
    }
    if (__builtin_expect(j->open.sparse && j->open.zeroed < j->open.count, 0)) {
        uint64_t all = UINT64_MAX; /* a search dropped while its grown slots were zeroed: the rest now */
        jo_zero_some(&j->open, &all);
    }
    uint32_t start = (uint32_t)((s.y + 1) * stride + s.x + 1);
    uint32_t start_id = j->open.sparse ? jo_xy(s.x + 1, s.y + 1) : start; /* jps_open.h: a sparse id is its xy */
    j->failed = false;
    int dx = abs(g.x - s.x), dy = abs(g.y - s.y);
    jo_start(&j->open, start_id, jo_octile(&j->open, dx, dy), h_parts(dx, dy));
    JoNode *sn = jo_node(&j->open, start_id);
    j->start_idx = jo_index(&j->open, sn, start);
    sn->parent = j->start_idx | 8u << PARENT_DIR_SHIFT;
    sn->x = (uint16_t)(s.x + 1);
    sn->y = (uint16_t)(s.y + 1);
    if (j->tracer) {
        if (announce) {
            trace_emit(j->tracer, TRACE_SOURCE, s, NULL, 0, 0);
            trace_emit(j->tracer, TRACE_DESTINATION, g, NULL, 0, 0);
        }
        trace_node(j, TRACE_GENERATING, j->start_idx);
    }
    j->nbypass = 0;
    return true;
}

bool jps_begin(Jps *j, xyLoc s, xyLoc g, uint64_t max_expanded) { return start_search(j, s, g, max_expanded, true); }

void jps_find(Jps *j, xyLoc s, xyLoc g, xyPath *path) { jps_find_capped(j, s, g, UINT64_MAX, path); }

JpsResult jps_find_capped(Jps *j, xyLoc s, xyLoc g, uint64_t max_expanded, xyPath *path)
{
    uint64_t work = UINT64_MAX;
    return jps_begin(j, s, g, max_expanded) ? jps_run(j, &work, path) : JPS_NONE;
}

/* The same search again, from its start, with the room jps_grow made. */
static void restart(Jps *j)
{
    start_search(j, (xyLoc){(int16_t)j->sx, (int16_t)j->sy}, (xyLoc){(int16_t)(j->gx - 1), (int16_t)(j->gy - 1)},
                 j->cap, false);
}

/* The padded cell index of the node at idx (jo_index): its coordinates'
 * cell, sparse; the index itself per cell. */
static inline uint32_t cell_of(const Jps *j, uint32_t idx)
{
    const JoNode *n = &j->open.node[idx];
    return j->open.sparse ? (uint32_t)n->y * (uint32_t)j->grid.stride + n->x : idx;
}

/* Which expansion the search's form takes (jps_run): read once a run and
 * again after a growth, where the gate may have given the turn bits back. */
enum { EXPAND_PLUS, EXPAND_BYTES, EXPAND_TURNS, EXPAND_COARSE, EXPAND_BITS };
static int expand_form(const Jps *j)
{
    return j->plus          ? EXPAND_PLUS
           : j->grid.cells  ? EXPAND_BYTES
           : j->turns.block ? EXPAND_TURNS
           : j->coarse      ? EXPAND_COARSE
                            : EXPAND_BITS;
}

/* The form's expansion (expand_form) read: a tile filled in it adds
 * JPS_TILE_FILL_WORK to the expansion's work, through its steps, which
 * the turns' form takes JPS_TURN_STEPS to a unit. */
static int charged_form(Jps *j)
{
    int form = expand_form(j);
    j->tiles.charge = &j->steps;
    j->tiles.charge_by = form == EXPAND_TURNS ? JPS_TILE_FILL_WORK * JPS_TURN_STEPS : JPS_TILE_FILL_WORK;
    return form;
}

/* The found search's chain (trace, goal first) appended as its path, its
 * work taken off *work. */
static JpsResult unwind(Jps *j, uint64_t *work, xyPath *path)
{
    j->running = false;
    jps_path_of_chain(j->trace, j->unwind_n, j->grid.stride, j->waypoints, path);
    work_take(work, j->unwind_work);
    j->unwind_n = 0;
    return JPS_FOUND;
}

/* The search's one loop. Before each pop it asks the caller's work (*work,
 * expansions this call may still spend): none left, it pauses with the open
 * list and the bypass stack as they are, so the next jps_run pops what this
 * one would have popped. After the pop, the search's own cap (jps_begin):
 * none left and not the goal, it gives up. */
JpsResult jps_run(Jps *j, uint64_t *work, xyPath *path)
{
    if (!j->running)
        return j->dropped ? JPS_CAPPED : JPS_NONE;
    if (j->unwind_n) /* found in the run before, which had too little work left to append it */
        return unwind(j, work, path);
    const int stride = j->grid.stride;
    const bool sparse = j->open.sparse; /* a JPS's for its life; read once, not again after each expansion */
    int form = charged_form(j);
    bool zeroing = j->open.zeroed < j->open.count; /* kept here too: it changes only where set below */
    uint64_t left = *work;                         /* kept here, given back at every return: no store a pop */
    const Tracer *tracer = j->tracer;
    uint32_t goal = (uint32_t)(j->gy * stride + j->gx);
    bool found = false;
    uint32_t idx, id, parts;
    for (;;) {
        if (left == 0) {
            *work = 0;
            return JPS_PAUSED;
        }
        if (__builtin_expect(zeroing, 0)) { /* never per cell (jo_init) */
            /* Grown (below): the fresh slots zeroed in pieces, then the same search again. */
            uint64_t budget = left > UINT64_MAX / JPS_ZERO_SLOTS_PER_WORK ? UINT64_MAX : left * JPS_ZERO_SLOTS_PER_WORK;
            uint64_t before = budget;
            bool ready = jo_zero_some(&j->open, &budget);
            uint64_t spent = (before - budget + JPS_ZERO_SLOTS_PER_WORK - 1) / JPS_ZERO_SLOTS_PER_WORK;
            work_take(&left, spent);
            if (ready)
                restart(j);
            zeroing = j->open.zeroed < j->open.count;
            continue;
        }
        if (j->nbypass) {
            idx = j->trace[--j->nbypass];
            parts = (uint32_t)j->open.node[idx].pos; /* its heuristic's parts (jps_node.h) */
        } else if (!jo_pop(&j->open, &idx, &j->fcur_fixed, &parts)) {
            break;
        }
        const JoNode *node = &j->open.node[idx]; /* popped by index: no lookup by id */
        int nx = node->x, ny = node->y;
        id = sparse ? (uint32_t)(ny * stride + nx) : idx; /* cell_of, from what is read anyway */
        if (id == goal) {
            found = true;
            break;
        }
        if (j->cap_left == 0) {
            if (tracer)
                trace_node(j, TRACE_END, idx);
            j->running = false;
            *work = left;
            return JPS_CAPPED;
        }
        j->cap_left--;
        j->expanded++;
        j->from_idx = idx;
        int in = (int)(node->parent >> PARENT_DIR_SHIFT);        /* read before relax writes other nodes */
        j->from_g = j->fcur_fixed - h_of_parts(&j->open, parts); /* a bypassed node's f is this f too */
        if (tracer)
            trace_node(j, TRACE_EXPANDING, idx);
        j->steps = 0;
        j->pruned = 0;
        switch (form) { /* online: the start's 8 is expand_as's default */
        case EXPAND_PLUS:
            expand_plus(j, id, nx, ny, in == 8 ? -1 : in);
            break;
        case EXPAND_BYTES:
            expand(j, id, nx, ny, in);
            break;
        case EXPAND_TURNS:
            expand_turns(j, id, nx, ny, in);
            break;
        case EXPAND_COARSE:
            expand_coarse(j, id, nx, ny, in);
            break;
        default:
            expand_bits(j, id, nx, ny, in);
        }
        uint64_t cost =
            JPS_EXPANSION_WORK * (1 + j->pruned) + (form == EXPAND_TURNS ? j->steps / JPS_TURN_STEPS : j->steps);
        work_take(&left, cost);
        if (__builtin_expect(j->failed, 0)) {
            if (jps_grow(j)) { /* the same search again, with room for it */
                form = charged_form(j);
                if (j->open.zeroed == j->open.count) /* else once its slots are zeroed (above) */
                    restart(j);
                zeroing = j->open.zeroed < j->open.count;
                continue;
            }
            j->running = false;
            *work = left;
            return JPS_CAPPED; /* no memory for more nodes: given up, as a capped search */
        }
        if (tracer)
            trace_node(j, TRACE_CLOSING, idx);
    }
    bool spent_here = left < *work; /* this run expanded */
    *work = left;
    j->running = false;
    if (j->tracer)
        trace_node(j, TRACE_END, found ? idx : j->start_idx);
    if (!found)
        return JPS_NONE;
    size_t n = 0;
    /* The chain by node index (the goal's is idx, as popped): no lookup by id. */
    for (uint32_t v = idx;; v = j->open.node[v].parent & PARENT_NODE) {
        if (n == j->trace_cap && !jps_grow_trace(j)) /* sparse only: per cell, it holds every cell */
            return JPS_CAPPED;                       /* no memory for the path: given up */
        j->trace[n++] = cell_of(j, v);
        if (j->open.node[v].parent >> PARENT_DIR_SHIFT == 8) /* the start */
            break;
    }
    j->unwind_n = n;
    j->unwind_work = n / JPS_UNWIND_POINTS + jps_chain_cells(j->trace, n, stride) / JPS_UNWIND_CELLS;
    if (spent_here && left < j->unwind_work) { /* appended at the next run's start */
        j->running = true;
        *work = 0;
        return JPS_PAUSED;
    }
    return unwind(j, work, path);
}

void jps_warm_up(Jps *j, uint64_t max_expanded)
{
    const Grid *m = &j->grid;
    xyLoc end[9]; /* the first farthest along x, -x, y, -y, x+y, -(x+y), x-y, y-x; the first nearest the middle */
    long key[9];
    bool any = false;
    for (int y = 0; y < m->height; y++)
        for (int x = 0; x < m->width; x++) {
            if (!grid_passable(m, x, y))
                continue;
            long middle = -(labs(2L * x + 1 - m->width) + labs(2L * y + 1 - m->height));
            long k[9] = {x, -x, y, -y, x + y, -(x + y), x - y, y - x, middle};
            for (int i = 0; i < 9; i++)
                if (!any || k[i] > key[i]) {
                    key[i] = k[i];
                    end[i] = (xyLoc){(int16_t)x, (int16_t)y};
                }
            any = true;
        }
    if (!any)
        return;
    uint64_t expanded = j->expanded;
    xyPath cells = {0};
    for (int i = 0; i < 8; i++)
        for (int back = 0; back < 2; back++) {
            (void)jps_find_capped(j, back ? end[8] : end[i], back ? end[i] : end[8], max_expanded, &cells);
            cells.len = 0;
        }
    path_free(&cells);
    j->expanded = expanded;
}
