#include "row_starts.h"

#include <stdlib.h>
#include <string.h>

bool row_starts_pack(RowStarts *rs, const uint32_t *first, uint32_t n)
{
    memset(rs, 0, sizeof *rs);
    size_t blocks = ((size_t)n >> ROW_STARTS_SHIFT) + 1; /* row n's block too */
    for (uint32_t v = 0; v <= n; v++)
        if (first[v] - first[v & ~(ROW_STARTS_BLOCK - 1)] > UINT16_MAX)
            return false;
    rs->base = malloc(blocks * sizeof *rs->base);
    rs->low = malloc(((size_t)n + 1) * sizeof *rs->low);
    if (!rs->base || !rs->low) {
        row_starts_free(rs);
        return false;
    }
    for (size_t b = 0; b < blocks; b++)
        rs->base[b] = first[b << ROW_STARTS_SHIFT];
    for (uint32_t v = 0; v <= n; v++)
        rs->low[v] = (uint16_t)(first[v] - rs->base[v >> ROW_STARTS_SHIFT]);
    rs->rows = n;
    return true;
}

void row_starts_free(RowStarts *rs)
{
    free(rs->base);
    free(rs->low);
    memset(rs, 0, sizeof *rs);
}

size_t row_starts_bytes(const RowStarts *rs)
{
    if (!rs->low)
        return 0;
    return (((size_t)rs->rows >> ROW_STARTS_SHIFT) + 1) * sizeof *rs->base + ((size_t)rs->rows + 1) * sizeof *rs->low;
}
