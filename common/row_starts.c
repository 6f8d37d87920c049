#include "row_starts.h"

#include <stdlib.h>
#include <string.h>

/* The most entries the rows of a block of 2^shift rows span. */
static uint32_t block_span(const uint32_t *first, uint32_t n, uint32_t shift)
{
    uint32_t most = 0;
    for (uint32_t v = 0; v <= n; v++) {
        uint32_t d = first[v] - first[v & ~((1u << shift) - 1)];
        most = d > most ? d : most;
    }
    return most;
}

bool row_starts_pack(RowStarts *rs, const uint32_t *first, uint32_t n)
{
    memset(rs, 0, sizeof *rs);
    uint32_t shift = ROW_STARTS_SHIFT;
    while (shift >= ROW_STARTS_SHIFT_MIN8 && block_span(first, n, shift) > UINT8_MAX)
        shift--;
    bool bytes = shift >= ROW_STARTS_SHIFT_MIN8;
    if (!bytes && block_span(first, n, shift = ROW_STARTS_SHIFT) > UINT16_MAX)
        return false;
    size_t blocks = ((size_t)n >> shift) + 1; /* row n's block too */
    rs->base = malloc(blocks * sizeof *rs->base);
    if (bytes)
        rs->low8 = malloc((size_t)n + 1);
    else
        rs->low = malloc(((size_t)n + 1) * sizeof *rs->low);
    if (!rs->base || (!rs->low && !rs->low8)) {
        row_starts_free(rs);
        return false;
    }
    for (size_t b = 0; b < blocks; b++)
        rs->base[b] = first[b << shift];
    for (uint32_t v = 0; v <= n; v++) {
        uint32_t d = first[v] - rs->base[v >> shift];
        if (bytes)
            rs->low8[v] = (uint8_t)d;
        else
            rs->low[v] = (uint16_t)d;
    }
    rs->rows = n;
    rs->shift = shift;
    return true;
}

void row_starts_free(RowStarts *rs)
{
    free(rs->base);
    free(rs->low);
    free(rs->low8);
    memset(rs, 0, sizeof *rs);
}

size_t row_starts_bytes(const RowStarts *rs)
{
    if (!rs->base)
        return 0;
    return (((size_t)rs->rows >> rs->shift) + 1) * sizeof *rs->base +
           ((size_t)rs->rows + 1) * (rs->low8 ? sizeof *rs->low8 : sizeof *rs->low);
}
