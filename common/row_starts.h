/* row_starts.h: the starts of a CSR array's rows (row v is entries
 * start(v) .. start(v + 1) - 1 of its payload) in about a byte or 2 bytes
 * a row instead of 4: a 32-bit base every 2^shift rows and, per row, its
 * start's distance from its block's base. That distance takes a byte where
 * the rows of every block span at most 255 entries at some shift from
 * ROW_STARTS_SHIFT down to ROW_STARTS_SHIFT_MIN8 (the largest is taken:
 * fewer bases), else 16 bits at ROW_STARTS_SHIFT: a sector's few regions
 * take the byte, the most crowded sectors' dozens the 16 bits.
 *
 * It holds where no block's rows span 2^16 entries or more (row_starts_pack
 * says false otherwise, and the caller keeps its 32-bit starts): rows of a
 * few dozen entries at most, as the regions' adjacency and the hierarchy's
 * arcs have. Reading a start is a shift, two loads, an add and a branch
 * that goes the same way for every row.
 *
 * Owns its arrays (row_starts_free). */
#ifndef GPPC_COMMON_ROW_STARTS_H
#define GPPC_COMMON_ROW_STARTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ROW_STARTS_SHIFT 6
#define ROW_STARTS_BLOCK (1u << ROW_STARTS_SHIFT)
/* Below 8 rows a block, the bases (4 bytes a block) cost more than a byte
 * of distance saves against 16 bits. */
#define ROW_STARTS_SHIFT_MIN8 3

typedef struct RowStarts {
    uint32_t *base; /* per block of 2^shift rows: its first row's start */
    uint16_t *low;  /* per row, and one past the last: its start minus its block's base; NULL when low8 holds them */
    uint8_t *low8;  /* the same in a byte each, or NULL */
    uint32_t rows, shift;
} RowStarts;

/* Packs the n + 1 nondecreasing starts first[0 .. n] into *rs. False
 * (nothing held) when a block's rows span 2^16 entries or more, or memory
 * ran out. */
bool row_starts_pack(RowStarts *rs, const uint32_t *first, uint32_t n);
void row_starts_free(RowStarts *rs);
size_t row_starts_bytes(const RowStarts *rs);

/* The start of row v (0 <= v <= rows). */
static inline uint32_t row_start(const RowStarts *rs, uint32_t v)
{
    return rs->base[v >> rs->shift] + (rs->low8 ? rs->low8[v] : rs->low[v]);
}

#endif
