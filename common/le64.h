/* le64.h: eight bytes read as a little-endian 64-bit word, the one read
 * every packed bit array here takes a field with (a field of at most 57
 * bits from bit `at`: the word at byte at / 8, shifted by at % 8). */
#ifndef GPPC_COMMON_LE64_H
#define GPPC_COMMON_LE64_H

#include <stdint.h>
#include <string.h>

static inline uint64_t le64_read(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t w;
    memcpy(&w, p, sizeof w);
    return w;
#else
    uint64_t w = 0;
    for (int k = 7; k >= 0; k--)
        w = w << 8 | p[k];
    return w;
#endif
}

#endif
