/* jumptable.h (search floor): the JPS+ jump table (Harabor & Grastien, "Improving Jump
 * Point Search", ICAPS 2014, §4 "Preprocessing"; Rabin's JPS+), under the
 * rules of jps.h (no corner cutting).
 *
 * For every cell and each of the 8 directions (grid.h order N E S W NE SE SW
 * NW), one int16: v > 0 means the jump from the cell in that direction stops
 * at a jump point v steps away; v <= 0 means it meets no jump point and -v
 * legal steps lead up to the wall (0: not even one step). A straight jump
 * point is a cell with a forced neighbour for that travel direction (jps.h);
 * a diagonal jump point is a cell from which one of the two straight
 * components has v > 0. The goal is not in the table: queries handle it.
 * 16 bytes per cell, kept for the padded grid (the ring cells hold zeros) so
 * a query indexes it by the same cell index as the grid: (W+2)(H+2) x 16 B.
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

#define JT_BYTES_PER_CELL (8 * sizeof(int16_t))

typedef struct JumpTable {
    int width, height, stride; /* stride = width + 2, as the grid's */
    int16_t *d;                /* 8 per padded cell */
    /* jt_update's line marks (generation stamps): rows, columns, and the
     * diagonal lines of each diagonal direction. */
    uint32_t *mark, stamp;
    size_t nmark;
} JumpTable;

static inline const int16_t *jt_cell(const JumpTable *t, uint32_t cell) { return t->d + (size_t)cell * 8; }

/* Builds the table of grid g. False + message when memory ran out. */
bool jt_build(JumpTable *t, const Grid *g, Err *err);
void jt_free(JumpTable *t);
/* g already holds the changed cells: refills what they touch. */
void jt_update(JumpTable *t, const Grid *g, const CellChange *changes, int n);
/* The number of (cell, direction) pairs whose value differs from what g
 * gives one step ahead; 0 means the table is exactly g's (every line is
 * then right by induction from its far end). bad_x, bad_y, bad_dir name the first. */
size_t jt_verify(const JumpTable *t, const Grid *g, int *bad_x, int *bad_y, int *bad_dir);
size_t jt_bytes(const JumpTable *t);

/* The file section: the map's cells row by row, 8 x int16 LE each, then
 * u64 FNV-1a of those bytes. jt_read checks the checksum and jt_verify. */
struct BinFile;
void jt_write(const JumpTable *t, struct BinFile *f);
bool jt_read(JumpTable *t, const Grid *g, struct BinFile *f, Err *err);

#endif
