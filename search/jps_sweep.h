/* jps_sweep.h (search floor, private: included by jps.c alone): online
 * JPS's scans and diagonal sweeps: the straight jumps on each form of the
 * map (bytes, packed bits, with turn bits or coarse ones), the diagonal
 * jumps and the sweep that expands its stops in place (try_diagonal_in),
 * one function a direction and form. Static functions in jps.c's unit,
 * as before the file was split off: the byte form's sweep stays inlined
 * in online JPS's expansion (the yardstick, which must not slow), and
 * the scans in the straight successors (jps.c try_straight). */
#ifndef GPPC_SEARCH_JPS_SWEEP_H
#define GPPC_SEARCH_JPS_SWEEP_H

#include <stdlib.h>

#include "jps_node.h"

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
static SEARCH_INLINE int jump_vertical(Jps *j, int px, int py, int dy, int form)
{
    if (j->tiled)
        return form == FORM_COARSE  ? bitrows_col_jump(&j->rows, px, py, dy, px == j->gx ? j->gy : -1)
               : form != FORM_BYTES ? bitrows_tiles_jump_in(&j->tiles, px, py, dy, px == j->gx ? j->gy : -1)
                                    : bitrows_tiles_jump(&j->tiles, px, py, dy, px == j->gx ? j->gy : -1);
    return bitrows_jump_in(&j->cols, px, py, dy, px == j->gx ? j->gy : -1);
}
static SEARCH_INLINE int jump_horizontal(Jps *j, int px, int py, int dx)
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
 * yardstick, must not slow. `legal`: the jump's first step is known legal
 * (try_diagonal tested it), so with turn bits the step taken alone is not
 * tested again; any later step is. */
static SEARCH_INLINE bool jump_diagonal_bits_in(Jps *j, int px, int py, int dx, int dy, DiagStop *at, int form,
                                                bool legal)
{
    const ptrdiff_t row_step = (ptrdiff_t)dy * (j->grid.stride >> 6);
    /* w, b: the word and bit of (px, py), found where a step is first tested
     * from them (a run of steps finds them again after it): not at all
     * where the jump's known legal first step is taken alone and stops. */
    const uint64_t *w = NULL;
    for (int b = 0;;) {
        /* First the steps up to the next stop, short of the goal's row and
         * column, as one loop over windows of the lines: with turn bits
         * and every line fresh, the steps that are legal and quiet; without,
         * on the transposed rows (a whole copy or tiles), the steps whose
         * scans end inside the windows read. What ended them decides the
         * jump, or the step that ended them is taken below as any other. */
        if ((form == FORM_TURNS && !j->turns.stale) || form == FORM_BITS) {
            int kx = (j->gx - px) * dx, ky = (j->gy - py) * dy;
            int n = kx > 0 ? kx - 1 : INT32_MAX, ny = ky > 0 ? ky - 1 : INT32_MAX;
            int end, h = DIAG_UNSCANNED, v = DIAG_UNSCANNED, lim = n < ny ? n : ny;
            /* With turn bits, the first step alone: most jumps stop or
             * end there, and a run's windows cost more than the step. (The
             * bits form's step scans two lines: there a step taken alone
             * measured dearer than the run's.) */
            if (form == FORM_TURNS && lim > 0) {
                /* Known legal, w and b stay: they are read again only
                 * after the run, from px and py. */
                if (!legal) {
                    w = bitrows_cell_word(j->grid.bits, j->grid.stride, px, py);
                    b = px & 63;
                    if (!bitrows_diag_step(&w, &b, row_step, dx))
                        return false;
                }
                px += dx;
                py += dy;
                j->steps++;
                if (jps_turns_either_fresh(&j->turns, px, py, dx, dy)) {
                    *at = (DiagStop){px, py, DIAG_UNSCANNED, DIAG_UNSCANNED};
                    return true;
                }
                lim--;
            }
            int q = form == FORM_TURNS ? jps_turns_quiet_run(&j->turns, &j->rows, px, py, dx, dy, lim, &end)
                    : j->tiled         ? bitrows_scan_run(&j->rows, NULL, &j->tiles, px, py, dx, dy, lim, &end, &h, &v)
                                       : bitrows_scan_run(&j->rows, &j->cols, NULL, px, py, dx, dy, lim, &end, &h, &v);
            j->steps += (uint64_t)q;
            if (end == DIAG_RUN_BLOCKED)
                return false;
            if (end == DIAG_RUN_STOP) { /* the step after them, counted */
                j->steps++;
                *at = (DiagStop){px + (q + 1) * dx, py + (q + 1) * dy, h, v};
                return true;
            }
            px += q * dx;
            py += q * dy;
            w = bitrows_cell_word(j->grid.bits, j->grid.stride, px, py);
            b = px & 63;
        } else if (!w) {
            w = bitrows_cell_word(j->grid.bits, j->grid.stride, px, py);
            b = px & 63;
        }
        legal = false; /* the steps on are tested */
        if (!bitrows_diag_step(&w, &b, row_step, dx))
            return false;
        px += dx;
        py += dy;
        j->steps++;
        int h = -1, v = DIAG_UNSCANNED;
        /* Off the goal's row and column, the scans' verdicts are turn bits
         * (which say whether, not where: both lines left to scan). */
        bool turn = form == FORM_TURNS && px != j->gx && py != j->gy
                        ? (h = DIAG_UNSCANNED, jps_turns_either(&j->turns, &j->rows, &j->cols, px, py, dx, dy))
                        : (px == j->gx && py == j->gy) || (h = jump_horizontal(j, px, py, dx)) >= 0 ||
                              (v = jump_vertical(j, px, py, dy, form)) >= 0;
        if (turn) {
            *at = (DiagStop){px, py, h, v};
            return true;
        }
    }
}
/* The same on coarse turn bits (jps_coarse.h), a window of 64 positions
 * at a time: how many of its steps are legal (bitrows_diag_run, one run
 * for the window: a step between two scans costs a few instructions, a
 * run's setup some tens), then the bits of those positions' lines
 * (jps_coarse_win), the goal's row and column marked as positions to
 * scan; the steps between the positions to scan test nothing more, and at
 * each such position the lines whose bit is 1 (or that lead to the goal)
 * are scanned as the packed form's step scans them. Same stops, same
 * steps counted. */
static SEARCH_INLINE bool jump_diagonal_coarse_in(Jps *j, int px, int py, int dx, int dy, DiagStop *at)
{
    const JpsCoarse *c = j->coarse;
    for (;;) { /* (px, py): the cell before the window's first position */
        int legal = bitrows_diag_run(&j->rows, px, py, dx, dy, 64);
        if (!legal)
            return false;
        uint64_t row, col;
        jps_coarse_win(c, px + dx, py + dy, dx, dy, legal, &row, &col);
        int kx = (j->gx - px - dx) * dx, ky = (j->gy - py - dy) * dy;
        uint64_t stop = row | (kx >= 0 && kx < 64 ? jps_coarse_mark(kx, dy) : 0) |
                        (ky >= 0 && ky < 64 ? jps_coarse_mark(ky, dy) : 0);
        for (int k = 0;;) { /* k: the position after (px, py) */
            int q = jps_coarse_next(stop, k, dy), qc = jps_coarse_next(col, k, dx);
            q = q < qc ? q : qc;
            if (k + q >= legal) { /* no position to scan before the window or the legal steps end */
                j->steps += (uint64_t)(legal - k);
                if (legal < 64)
                    return false;
                px += (64 - k) * dx;
                py += (64 - k) * dy;
                break;
            }
            k += q;
            px += (q + 1) * dx;
            py += (q + 1) * dy;
            j->steps += (uint64_t)q + 1;
            int h = -1, v = DIAG_UNSCANNED;
            bool scan_row = (py == j->gy && (j->gx - px) * dx > 0) || jps_coarse_at(row, k, dy);
            bool scan_col = (px == j->gx && (j->gy - py) * dy > 0) || jps_coarse_at(col, k, dx);
            if ((px == j->gx && py == j->gy) || (scan_row && (h = jump_horizontal(j, px, py, dx)) >= 0) ||
                (v = scan_col ? jump_vertical(j, px, py, dy, FORM_COARSE) : -1) >= 0) {
                *at = (DiagStop){px, py, h, v};
                return true;
            }
            if (++k == 64)
                break;
        }
    }
}
static SEARCH_INLINE bool relax_stop(Jps *j, int px, int py, uint64_t cost, int dir)
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
static SEARCH_INLINE bool turn_says_jump(Jps *j, int px, int py, int dx, int dy, int form)
{
    if (form == FORM_COARSE)
        return (dx ? py == j->gy : px == j->gx) || jps_coarse_scan(j->coarse, px, py, dx, dy);
    return form != FORM_TURNS || (dx ? py == j->gy : px == j->gx) ||
           jps_turns_straight(&j->turns, &j->rows, &j->cols, px, py, dx, dy);
}

/* Online: one diagonal jump from the node being expanded (Jps.from_idx, the
 * parent its successors take), its end a node. JPS+ sweeps the whole diagonal
 * instead and generates the straight successors of every diagonal jump point
 * on it directly, with the expanded node as their parent (the path to each is diagonal
 * first, then straight: jps_chain.c unpacks it so), so those intermediate
 * points never enter the open list (Harabor & Grastien 2014, §5: pruning
 * intermediate nodes), unless the map is one where that loses (prune_diag,
 * jps.h): then the first of those points is queued, as online. The cell
 * where the diagonal meets the goal's row or column is such a point too, as
 * the table cannot know the goal. */
static SEARCH_INLINE void try_diagonal_in(Jps *j, int px, int py, int dir, int form)
{
    int dx = dir_dx(dir), dy = dir_dy(dir), hdir = DIR_OF[1][dx + 1], vdir = DIR_OF[dy + 1][1];
    DiagStop at;
    for (int x = px, y = py;
         form == FORM_COARSE  ? jump_diagonal_coarse_in(j, x, y, dx, dy, &at)
         : form != FORM_BYTES ? jump_diagonal_bits_in(j, x, y, dx, dy, &at, form, form != FORM_BITS && x == px)
                              : jump_diagonal(j, x, y, dx, dy, &at);
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
            relax_plus(j, at.x, at.y, base, dir);
            return;
        }
        /* The cap refuses the stop's expansion (jps_run gives up there), or
         * the expansion has taken its share of stops in place (a caller's
         * call pauses only between expansions, so one expansion stays
         * about as long as the unpruned search's longest). A stop queued
         * whose row scan found none says so (PARENT_ROW_DONE). */
        int queued = form == FORM_BITS && at.h == -1 ? dir + PARENT_ROW_DONE : dir;
        if (j->cap_left == 0 || j->pruned >= JPS_INPLACE_MAX) {
            relax_plus(j, at.x, at.y, base, queued);
            return;
        }
        if (!relax_stop(j, at.x, at.y, base, queued))
            return;
        /* Counted as the expansion it stands for, so the cap and the
         * call's work (jps_run) see the search as unpruned. */
        j->cap_left--;
        j->expanded++;
        j->pruned++;
        /* The stop's scans, inline with this sweep's directions (the
         * byte form keeps its call, the yardstick's code as it was). */
        if (at.h == DIAG_UNSCANNED) /* turn bits said either line: the row's own bit first */
            at.h = !turn_says_jump(j, at.x, at.y, dx, 0, form) ? -1
                   : form == FORM_BYTES                        ? jump_straight(j, at.x, at.y, dx, 0)
                                                               : jump_horizontal(j, at.x, at.y, dx);
        if (at.h >= 0)
            relax_plus(j, at.h, at.y, base + (uint64_t)abs(at.h - at.x) * j->open.card, hdir);
        if (at.v == DIAG_UNSCANNED)
            at.v = !turn_says_jump(j, at.x, at.y, 0, dy, form) ? -1
                   : form == FORM_BYTES                        ? jump_straight(j, at.x, at.y, 0, dy)
                                                               : jump_vertical(j, at.x, at.y, dy, form);
        if (at.v >= 0)
            relax_plus(j, at.x, at.v, base + (uint64_t)abs(at.v - at.y) * j->open.card, vdir);
    }
}

/* One function a diagonal direction for each form, chosen where the
 * direction is a constant (try_diagonal): the sweep's steps and scans inline
 * with their directions constants, one copy each, not one in every copy of
 * the expansion (expand_as), whose code then stays small. */
#define TRY_DIAGONAL_AS(name, dir, form)                                                                               \
    static __attribute__((noinline)) void name(Jps *j, int px, int py) { try_diagonal_in(j, px, py, dir, form); }
/* The four of a form, and a table of them by direction (4 .. 7 at 0 .. 3):
 * indexed by constants, a direct call. */
#define TRY_DIAGONALS_AS(form_name, form)                                                                              \
    TRY_DIAGONAL_AS(try_ne_##form_name, 4, form)                                                                       \
    TRY_DIAGONAL_AS(try_se_##form_name, 5, form)                                                                       \
    TRY_DIAGONAL_AS(try_sw_##form_name, 6, form)                                                                       \
    TRY_DIAGONAL_AS(try_nw_##form_name, 7, form)                                                                       \
    static void (*const TRY_##form_name[4])(Jps *, int, int) = {try_ne_##form_name, try_se_##form_name,                \
                                                                try_sw_##form_name, try_nw_##form_name};
TRY_DIAGONALS_AS(bits, FORM_BITS)
TRY_DIAGONALS_AS(turns, FORM_TURNS)
TRY_DIAGONALS_AS(coarse, FORM_COARSE)
/* The 3 x 3 cells about the cell being expanded on a packed grid: its row
 * and the two beside it, each read once as a window of 64 bits from the
 * byte that holds the cell before it (bitrows_bits_from; the rows' layout,
 * grid.h, keeps the window inside the grid's words), so that an
 * expansion's forced-neighbour tests and its diagonals' first steps test
 * bits of the three words, not a load of a word a cell. */
typedef struct Around {
    uint64_t row[3]; /* rows py - 1, py, py + 1 */
    int at;          /* the bit of column px - 1 in each */
} Around;
static SEARCH_INLINE Around around_of(const Jps *j, uint32_t id)
{
    const unsigned char *b = (const unsigned char *)j->grid.bits + ((size_t)id - 1) / 8;
    const size_t row = (size_t)j->grid.stride / 8;
    return (Around){{bitrows_bits_from(b - row), bitrows_bits_from(b), bitrows_bits_from(b + row)},
                    (int)(((size_t)id - 1) % 8)};
}
/* Is cell (px + dx, py + dy) passable (dx, dy in -1 .. 1)? */
static SEARCH_INLINE bool around_open(const Around *a, int dx, int dy)
{
    return a->row[dy + 1] >> (a->at + 1 + dx) & 1;
}

/* `a`: the cells about the one being expanded (packed forms).
 * With turn bits or coarse ones the first step's three cells are tested
 * here, before the call: on walled maps about a third of those sweeps are
 * not legal at once, and for those the call and the sweep's setup cost
 * more than the sweep (the same test as bitrows_diag_step's, the same
 * search); with turn bits the sweep's first jump then takes that step
 * untested (jump_diagonal_bits_in's `legal`). The bits form's sweeps cost
 * more a step, and there the test measured no gain. */
static SEARCH_INLINE void try_diagonal(Jps *j, const Around *a, int px, int py, int dir, int form)
{
    if (form == FORM_BYTES) {
        try_diagonal_in(j, px, py, dir, FORM_BYTES);
        return;
    }
    if (form != FORM_BITS) {
        const int dx = dir_dx(dir), dy = dir_dy(dir);
        if (!(around_open(a, dx, dy) & around_open(a, 0, dy) & around_open(a, dx, 0)))
            return;
    }
    (form == FORM_BITS ? TRY_bits : form == FORM_TURNS ? TRY_turns : TRY_coarse)[dir & 3](j, px, py);
}

#endif
