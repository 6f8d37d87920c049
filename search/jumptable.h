/* jumptable.h (search floor): the JPS+ jump table (Harabor & Grastien, "Improving Jump
 * Point Search", ICAPS 2014, §4 "Preprocessing"; Rabin's JPS+), under the
 * rules of jps.h (no corner cutting).
 *
 * For every cell and each of the 8 directions (grid.h order N E S W NE SE SW
 * NW), the jump value v: v > 0 means the jump from the cell in that
 * direction stops at a jump point v steps away; v <= 0 means it meets no jump
 * point and -v legal steps lead up to the wall (0: not even one step). A
 * straight jump point is a cell with a forced neighbour for that travel
 * direction (jps.h); a diagonal jump point is a cell from which one of the
 * two straight components has v > 0. The goal is not in the table: queries
 * handle it.
 * Stored as one int8 per direction, 8 bytes per cell (half the int16 form:
 * the table of a 512x512 map then fits a 2 MB L2 cache, and on random maps,
 * where jumps are a few cells long, every expansion reads a new cell). A
 * value with |v| > JT_REACH is stored as JT_FAR: "the next JT_REACH steps are
 * legal and meet no jump point; read on at the cell JT_REACH steps ahead",
 * whose value is then v -/+ JT_REACH (along a line without a jump point each
 * value is its successor's plus or minus one). A run of n cells costs
 * n / JT_REACH extra reads, rare on every benchmark map (jt_value).
 * Kept for the padded grid (the ring cells hold zeros) so a query indexes it
 * by the same cell index as the grid: (W+2)(H+2) x 8 B.
 *
 * Each value depends only on the next cell along its direction (its value,
 * its passability and, for a diagonal, the next cell's straight values), so a
 * line of cells is filled backwards from its far end in one pass, and a
 * loaded table is verified by checking that one-step equation at every cell.
 * After a map change, jt_update refills only the rows and columns through
 * the 3x3 block of each changed cell, and the diagonal lines through that
 * block or through any cell whose straight answer (jump point or not)
 * changed.
 *
 * Owns `d` and the update marks (jt_free). Distances are in cells. */
#ifndef GPPC_JPS_JUMPTABLE_H
#define GPPC_JPS_JUMPTABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "../grid/grid.h"

#define JT_BYTES_PER_CELL (8 * sizeof(int8_t))
#define JT_REACH 126
#define JT_FAR 127

typedef struct JumpTable {
    int width, height, stride; /* stride = width + 2, as the grid's */
    int8_t *d;                 /* 8 per padded cell */
    int step[8];               /* cell index offset of one step per direction */
    /* jt_update's line marks (generation stamps): rows, columns, and the
     * diagonal lines of each diagonal direction. */
    uint32_t *mark, stamp;
    size_t nmark;
} JumpTable;

int jt_value_far(const JumpTable *t, uint32_t cell, int dir);
/* The jump value of padded cell `cell` in direction dir (JT_FAR followed). */
static inline int jt_value(const JumpTable *t, uint32_t cell, int dir)
{
    int v = t->d[(size_t)cell * 8 + (size_t)dir];
    return __builtin_expect(v != JT_FAR, 1) ? v : jt_value_far(t, cell, dir);
}

/* Builds the table of grid g. False + message when memory ran out. */
bool jt_build(JumpTable *t, const Grid *g, Err *err);
void jt_free(JumpTable *t);
/* g already holds the changed cells: refills what they touch. */
void jt_update(JumpTable *t, const Grid *g, const CellChange *changes, int n);
/* 0 when every value is what g gives one step ahead (the table is then
 * exactly g's, every line right by induction from its far end); else 1 and
 * bad_x, bad_y, bad_dir name the first wrong value found. Lines are checked
 * from their far ends, so a value is never used (a JT_FAR never followed)
 * before the values it stands on are checked: safe on any bytes. */
size_t jt_verify(const JumpTable *t, const Grid *g, int *bad_x, int *bad_y, int *bad_dir);
size_t jt_bytes(const JumpTable *t);

/* The file section: the map's cells row by row, 8 x int8 each (JT_FAR as above), then
 * u64 FNV-1a of those bytes. jt_read checks the checksum and jt_verify. */
struct BinFile;
void jt_write(const JumpTable *t, struct BinFile *f);
bool jt_read(JumpTable *t, const Grid *g, struct BinFile *f, Err *err);

#endif
