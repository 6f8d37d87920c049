/* Jump Point Search, online and JPS+: online jumps and successors, the
 * search (jps.h); JPS+'s successors are jps_plus.h's (in this unit), what
 * both share jps_node.h's, a JPS's setup, updates and sizes jps_state.c's,
 * the path read back from the found chain of nodes jps_chain.c's (no Jps). */
#include <stdlib.h>

#include "../common/grow.h"
#include "../common/work.h"
#include "jps_chain.h"
#include "jps_node.h"
#include "jps_plus.h"

static inline bool open_cell(const Jps *j, int px, int py) { return j->grid.cells[py * j->grid.stride + px]; }
static inline bool diag_legal(const Jps *j, int px, int py, int dx, int dy)
{
    return open_cell(j, px + dx, py + dy) && open_cell(j, px + dx, py) && open_cell(j, px, py + dy);
}
/* The expansion's form, a constant in each copy of it (expand_as): the byte
 * grid (online JPS's yardstick: nothing below tests for turn bits there),
 * the packed grid, the packed grid with turn bits, with coarse turn bits. */
enum { FORM_BYTES, FORM_BITS, FORM_TURNS, FORM_COARSE };

/* Online vertical jump: the transposed rows, a copy or tiles; dy a
 * constant where inlined. Tiled, the form (a constant) picks the scan:
 * inlined in the packed forms' diagonal steps and straight successors,
 * where most tiled scans run; a call for FORM_BYTES (the byte form, the
 * rare scans of jump_straight), which keeps the yardstick's code as it
 * was; coarse, whose scans are few and scattered (most would miss the
 * cache and pay a tile's transpose), down the rows themselves. */
static inline __attribute__((always_inline)) int jump_vertical(Jps *j, int px, int py, int dy, int form)
{
    if (j->tiled)
        return form == FORM_COARSE  ? bitrows_col_jump(&j->rows, px, py, dy, px == j->gx ? j->gy : -1)
               : form != FORM_BYTES ? bitrows_tiles_jump_in(&j->tiles, px, py, dy, px == j->gx ? j->gy : -1)
                                    : bitrows_tiles_jump(&j->tiles, px, py, dy, px == j->gx ? j->gy : -1);
    return bitrows_jump_in(&j->cols, px, py, dy, px == j->gx ? j->gy : -1);
}
static inline __attribute__((always_inline)) int jump_horizontal(Jps *j, int px, int py, int dx)
{
    return bitrows_jump_in(&j->rows, py, px, dx, py == j->gy ? j->gx : -1);
}

/* Online straight jump from (px, py) along (dx, dy), one of them 0. Returns
 * the jump point's column (dx) or row (dy), or -1. Each direction's scan
 * is inlined with its direction a constant (bitrows_jump_in). */
static int jump_straight(Jps *j, int px, int py, int dx, int dy)
{
    if (dx)
        return dx > 0 ? jump_horizontal(j, px, py, 1) : jump_horizontal(j, px, py, -1);
    return dy > 0 ? jump_vertical(j, px, py, 1, FORM_BYTES) : jump_vertical(j, px, py, -1, FORM_BYTES);
}

/* The most diagonal stops one online expansion expands in place
 * (try_diagonal_in); chains longer than this are rare on game maps. */
#define JPS_INPLACE_MAX 4

/* What an online diagonal jump found at its stop (jump_diagonal): the
 * straight scans' results, so that a sweep that goes on past the stop
 * (prune_diag) generates from them without scanning again. */
typedef struct DiagStop {
    int x, y; /* the stop */
    int h;    /* the horizontal scan's column, -1 none (the goal: not scanned), DIAG_UNSCANNED: turn bits said */
    int v;    /* the vertical scan's row, -1 none, DIAG_UNSCANNED: the horizontal found one first */
} DiagStop;
#define DIAG_UNSCANNED (-2)

/* Online diagonal jump; true with the jump point in *at. Counts its steps
 * (Jps.steps: each costs two straight scans). */
static bool jump_diagonal(Jps *j, int px, int py, int dx, int dy, DiagStop *at)
{
    while (diag_legal(j, px, py, dx, dy)) {
        px += dx;
        py += dy;
        j->steps++;
        int h = -1, v = DIAG_UNSCANNED;
        if ((px == j->gx && py == j->gy) || (h = jump_straight(j, px, py, dx, 0)) >= 0 ||
            (v = jump_straight(j, px, py, 0, dy)) >= 0) {
            *at = (DiagStop){px, py, h, v};
            return true;
        }
    }
    return false;
}
/* The same on a packed grid, the cell held as its word and bit: a step's
 * three cells are in this row's word and the next row's, one stride of
 * words away, so a step loads two words (three where it crosses into the
 * word beside); its scans are jump_straight's, called directly (the
 * wrapper's test of the axis is known here); inlined, with (dx, dy)
 * constants, in its sweep (try_diagonal's one function a direction). The byte form keeps its
 * own loop: written once for both forms (a constant for the form), the
 * compiler's code for the byte loop came out longer, and online JPS, the
 * yardstick, must not slow. */
static inline __attribute__((always_inline)) bool jump_diagonal_bits_in(Jps *j, int px, int py, int dx, int dy,
                                                                        DiagStop *at, int form)
{
    const ptrdiff_t row_step = (ptrdiff_t)dy * (j->grid.stride >> 6);
    const uint64_t *w = j->grid.bits + (((size_t)py * (size_t)j->grid.stride + (size_t)px) >> 6);
    /* w, b: the word and bit of (px, py) */
    for (int b = px & 63;;) {
        /* Coarse: first the positions ahead whose bits say no scan there
         * finds a jump point, steps that test only that they are legal. */
        int quiet = form == FORM_COARSE ? jps_coarse_quiet(j->coarse, px + dx, py + dy, dx, dy, j->gx, j->gy) : 0;
        for (int k = 0; k < quiet; k++)
            if (!bitrows_diag_step(&w, &b, row_step, dx)) {
                j->steps += (uint64_t)k;
                return false;
            }
        px += quiet * dx;
        py += quiet * dy;
        j->steps += (uint64_t)quiet;
        if (!bitrows_diag_step(&w, &b, row_step, dx))
            return false;
        px += dx;
        py += dy;
        j->steps++;
        int h = -1, v = DIAG_UNSCANNED;
        /* Coarse, a line is scanned where its bit is 1, or it is the goal's
         * with the goal ahead. Off the goal's row and column, the scans'
         * verdicts are turn bits (which say whether, not where: both lines
         * left to scan). */
        bool row =
            form != FORM_COARSE || (py == j->gy && (j->gx - px) * dx > 0) || jps_coarse_scan(j->coarse, px, py, dx, 0);
        bool col =
            form != FORM_COARSE || (px == j->gx && (j->gy - py) * dy > 0) || jps_coarse_scan(j->coarse, px, py, 0, dy);
        bool turn = form == FORM_TURNS && px != j->gx && py != j->gy
                        ? (h = DIAG_UNSCANNED, jps_turns_either(&j->turns, &j->rows, &j->cols, px, py, dx, dy))
                        : (px == j->gx && py == j->gy) || (row && (h = jump_horizontal(j, px, py, dx)) >= 0) ||
                              (v = col ? jump_vertical(j, px, py, dy, form) : -1) >= 0;
        if (turn) {
            *at = (DiagStop){px, py, h, v};
            return true;
        }
    }
}
static bool relax_stop(Jps *j, int px, int py, uint64_t cost, int dir)
{
    return relax_node(j, px, py, cost, dir, true);
}

/* GRID_DX/GRID_DY of direction d (grid.h order) as arithmetic, not a load
 * from grid.c's arrays: where d is a constant (expand_as), the compiler
 * folds it, and with it each jump's direction. */
static inline int dir_dx(int d) { return d == 1 || d == 4 || d == 5 ? 1 : d == 3 || d >= 6 ? -1 : 0; }
static inline int dir_dy(int d) { return d == 0 || d == 4 || d == 7 ? -1 : d == 2 || d == 5 || d == 6 ? 1 : 0; }

/* May the straight scan from (px, py) along (dx, dy) find a jump point?
 * With turn bits (the form's), off the goal's line, their bit says (0: the
 * scan would end at a blocked cell, so it is not run); else it may. */
static inline __attribute__((always_inline)) bool turn_says_jump(Jps *j, int px, int py, int dx, int dy, int form)
{
    if (form == FORM_COARSE)
        return (dx ? py == j->gy : px == j->gx) || jps_coarse_scan(j->coarse, px, py, dx, dy);
    return form != FORM_TURNS || (dx ? py == j->gy : px == j->gx) ||
           jps_turns_straight(&j->turns, &j->rows, &j->cols, px, py, dx, dy);
}

static inline __attribute__((always_inline)) void try_straight(Jps *j, uint32_t from, int px, int py, int dir, int form)
{
    int dx = dir_dx(dir), dy = dir_dy(dir);
    if (!turn_says_jump(j, px, py, dx, dy, form))
        return;
    int t = dx > 0   ? jump_horizontal(j, px, py, 1)
            : dx < 0 ? jump_horizontal(j, px, py, -1)
            : dy > 0 ? jump_vertical(j, px, py, 1, form)
                     : jump_vertical(j, px, py, -1, form);
    if (t >= 0)
        relax_plus(j, from, dx ? t : px, dy ? t : py, (uint64_t)abs(dx ? t - px : t - py) * j->open.card, dir);
}

/* Online: one diagonal jump, its end a node. JPS+ sweeps the whole diagonal
 * instead and generates the straight successors of every diagonal jump point
 * on it directly, with `from` as their parent (the path to each is diagonal
 * first, then straight: jps_chain.c unpacks it so), so those intermediate
 * points never enter the open list (Harabor & Grastien 2014, §5: pruning
 * intermediate nodes), unless the map is one where that loses (prune_diag,
 * jps.h): then the first of those points is queued, as online. The cell
 * where the diagonal meets the goal's row or column is such a point too, as
 * the table cannot know the goal. */
static inline __attribute__((always_inline)) void try_diagonal_in(Jps *j, uint32_t from, int px, int py, int dir,
                                                                  int form)
{
    int dx = dir_dx(dir), dy = dir_dy(dir), hdir = DIR_OF[1][dx + 1], vdir = DIR_OF[dy + 1][1];
    DiagStop at;
    for (int x = px, y = py;
         form != FORM_BYTES ? jump_diagonal_bits_in(j, x, y, dx, dy, &at, form) : jump_diagonal(j, x, y, dx, dy, &at);
         x = at.x, y = at.y) {
        uint64_t base = (uint64_t)abs(at.x - px) * j->open.diag;
        /* The stop is a node, as in JPS (2011), unless it would take the
         * bypass (relax_node), i.e. be expanded next: then it is closed
         * there and its successors come from `from` at once, with the scans
         * that found it (pruning intermediate jump points, Harabor &
         * Grastien 2014, §5, where it cannot cost: a stop past the f being
         * expanded may never be expanded, and a sweep past it would scan
         * for nothing). */
        if (at.x == j->gx && at.y == j->gy) {
            relax_plus(j, from, at.x, at.y, base, dir);
            return;
        }
        /* The cap refuses the stop's expansion (jps_run gives up there), or
         * the expansion has taken its share of stops in place (a caller's
         * call pauses only between expansions, so one expansion stays
         * about as long as the unpruned search's longest). */
        if (j->cap_left == 0 || j->pruned >= JPS_INPLACE_MAX) {
            relax_plus(j, from, at.x, at.y, base, dir);
            return;
        }
        if (!relax_stop(j, at.x, at.y, base, dir))
            return;
        /* Counted as the expansion it stands for, so the cap and the
         * call's work (jps_run) see the search as unpruned. */
        j->cap_left--;
        j->expanded++;
        j->pruned++;
        if (at.h == DIAG_UNSCANNED) /* turn bits said either line: the row's own bit first */
            at.h = turn_says_jump(j, at.x, at.y, dx, 0, form) ? jump_straight(j, at.x, at.y, dx, 0) : -1;
        if (at.h >= 0)
            relax_plus(j, from, at.h, at.y, base + (uint64_t)abs(at.h - at.x) * j->open.card, hdir);
        if (at.v == DIAG_UNSCANNED)
            at.v = turn_says_jump(j, at.x, at.y, 0, dy, form) ? jump_straight(j, at.x, at.y, 0, dy) : -1;
        if (at.v >= 0)
            relax_plus(j, from, at.x, at.v, base + (uint64_t)abs(at.v - at.y) * j->open.card, vdir);
    }
}

/* One function a diagonal direction for each form, chosen where the
 * direction is a constant (try_diagonal): the sweep's steps and scans inline
 * with their directions constants, one copy each, not one in every copy of
 * the expansion (expand_as), whose code then stays small. */
#define TRY_DIAGONAL_AS(name, dir, form)                                                                               \
    static __attribute__((noinline)) void name(Jps *j, uint32_t from, int px, int py)                                  \
    {                                                                                                                  \
        try_diagonal_in(j, from, px, py, dir, form);                                                                   \
    }
/* The four of a form, and a table of them by direction (4 .. 7 at 0 .. 3):
 * indexed by constants, a direct call. */
#define TRY_DIAGONALS_AS(form_name, form)                                                                              \
    TRY_DIAGONAL_AS(try_ne_##form_name, 4, form)                                                                       \
    TRY_DIAGONAL_AS(try_se_##form_name, 5, form)                                                                       \
    TRY_DIAGONAL_AS(try_sw_##form_name, 6, form)                                                                       \
    TRY_DIAGONAL_AS(try_nw_##form_name, 7, form)                                                                       \
    static void (*const TRY_##form_name[4])(Jps *, uint32_t, int, int) = {try_ne_##form_name, try_se_##form_name,      \
                                                                          try_sw_##form_name, try_nw_##form_name};
TRY_DIAGONALS_AS(bits, FORM_BITS)
TRY_DIAGONALS_AS(turns, FORM_TURNS)
TRY_DIAGONALS_AS(coarse, FORM_COARSE)
static inline __attribute__((always_inline)) void try_diagonal(Jps *j, uint32_t from, int px, int py, int dir, int form)
{
    if (form == FORM_BYTES)
        try_diagonal_in(j, from, px, py, dir, FORM_BYTES);
    else
        (form == FORM_BITS ? TRY_bits : form == FORM_TURNS ? TRY_turns : TRY_coarse)[dir & 3](j, from, px, py);
}

/* The forced pair on one side (-1, 1) of a straight move (dx, dy) into
 * `id`, if that side's cell is forced. */
static inline __attribute__((always_inline)) void forced_pair(Jps *j, uint32_t id, int px, int py, int dx, int dy,
                                                              int side, int form)
{
    int sx = dy ? side : 0, sy = dx ? side : 0; /* perpendicular offset */
    /* Packed, the side cell's index from the node's. */
    size_t side_cell = id + (size_t)(ptrdiff_t)(sy * j->grid.stride + sx);
    bool forced = form != FORM_BYTES
                      ? !grid_bit_at(j->grid.bits, side_cell - (size_t)(ptrdiff_t)(dy * j->grid.stride + dx)) &&
                            grid_bit_at(j->grid.bits, side_cell)
                      : !open_cell(j, px - dx + sx, py - dy + sy) && open_cell(j, px + sx, py + sy);
    if (forced) {
        try_straight(j, id, px, py, DIR_OF[sy + 1][sx + 1], form);
        try_diagonal(j, id, px, py, DIR_OF[dy + sy + 1][dx + sx + 1], form);
    }
}

/* Successors of `id` given the direction it was entered in (-1 at the start),
 * on the grid's form (`form` a constant where inlined): the search picks
 * the form once an expansion (expand, expand_bits, expand_turns,
 * expand_coarse), so each form's jumps and tests are what they are without
 * the others'. */
static inline __attribute__((always_inline)) void expand_in(Jps *j, uint32_t id, int px, int py, int in, int form)
{
    if (in < 0) {
        try_straight(j, id, px, py, 0, form);
        try_straight(j, id, px, py, 1, form);
        try_straight(j, id, px, py, 2, form);
        try_straight(j, id, px, py, 3, form);
        for (int d = 4; d < 8; d++)
            try_diagonal(j, id, px, py, d, form);
        return;
    }
    int dx = dir_dx(in), dy = dir_dy(in);
    if (GRID_DIR_IS_DIAGONAL(in)) {
        try_straight(j, id, px, py, DIR_OF[1][dx + 1], form);
        try_straight(j, id, px, py, DIR_OF[dy + 1][1], form);
        try_diagonal(j, id, px, py, in, form);
        return;
    }
    try_straight(j, id, px, py, in, form);
    /* Forced pairs on both sides of a straight move. */
    forced_pair(j, id, px, py, dx, dy, -1, form);
    forced_pair(j, id, px, py, dx, dy, 1, form);
}
/* One copy of the expansion per direction of entry (-1: the start), each
 * with its directions constants: its straight scans inline, no test of
 * the axis or the sense at run time. */
static inline __attribute__((always_inline)) void expand_as(Jps *j, uint32_t id, int px, int py, int in, int form)
{
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

/* The search's one loop. Before each pop it asks the caller's work (*work,
 * expansions this call may still spend): none left, it pauses with the open
 * list and the bypass stack as they are, so the next jps_run pops what this
 * one would have popped. After the pop, the search's own cap (jps_begin):
 * none left and not the goal, it gives up. */
JpsResult jps_run(Jps *j, uint64_t *work, xyPath *path)
{
    if (!j->running)
        return j->dropped ? JPS_CAPPED : JPS_NONE;
    const int stride = j->grid.stride;
    uint32_t goal = (uint32_t)(j->gy * stride + j->gx);
    bool found = false;
    uint32_t idx, id, parts;
    for (;;) {
        if (*work == 0)
            return JPS_PAUSED;
        if (__builtin_expect(j->open.zeroed < j->open.count, 0)) { /* never per cell (jo_init) */
            /* Grown (below): the fresh slots zeroed in pieces, then the same search again. */
            uint64_t budget =
                *work > UINT64_MAX / JPS_ZERO_SLOTS_PER_WORK ? UINT64_MAX : *work * JPS_ZERO_SLOTS_PER_WORK;
            uint64_t before = budget;
            bool ready = jo_zero_some(&j->open, &budget);
            uint64_t spent = (before - budget + JPS_ZERO_SLOTS_PER_WORK - 1) / JPS_ZERO_SLOTS_PER_WORK;
            work_take(work, spent);
            if (ready)
                restart(j);
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
        id = j->open.sparse ? (uint32_t)(ny * stride + nx) : idx; /* cell_of, from what is read anyway */
        if (id == goal) {
            found = true;
            break;
        }
        if (j->cap_left == 0) {
            if (j->tracer)
                trace_node(j, TRACE_END, idx);
            j->running = false;
            return JPS_CAPPED;
        }
        j->cap_left--;
        j->expanded++;
        j->from_idx = idx;
        int in = (int)(node->parent >> PARENT_DIR_SHIFT);        /* read before relax writes other nodes */
        j->from_g = j->fcur_fixed - h_of_parts(&j->open, parts); /* a bypassed node's f is this f too */
        if (j->tracer)
            trace_node(j, TRACE_EXPANDING, idx);
        j->steps = 0;
        j->pruned = 0;
        if (j->plus)
            expand_plus(j, id, nx, ny, in == 8 ? -1 : in);
        else if (j->grid.cells)
            expand(j, id, nx, ny, in == 8 ? -1 : in);
        else if (j->turns.block)
            expand_turns(j, id, nx, ny, in == 8 ? -1 : in);
        else if (j->coarse)
            expand_coarse(j, id, nx, ny, in == 8 ? -1 : in);
        else
            expand_bits(j, id, nx, ny, in == 8 ? -1 : in);
        uint64_t cost = JPS_EXPANSION_WORK * (1 + j->pruned) + (j->turns.block ? j->steps / JPS_TURN_STEPS : j->steps);
        work_take(work, cost);
        if (__builtin_expect(j->failed, 0)) {
            if (jps_grow(j)) {                       /* the same search again, with room for it */
                if (j->open.zeroed == j->open.count) /* else once its slots are zeroed (above) */
                    restart(j);
                continue;
            }
            j->running = false;
            return JPS_CAPPED; /* no memory for more nodes: given up, as a capped search */
        }
        if (j->tracer)
            trace_node(j, TRACE_CLOSING, idx);
    }
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
    jps_path_of_chain(j->trace, n, stride, j->waypoints, path);
    return JPS_FOUND;
}
