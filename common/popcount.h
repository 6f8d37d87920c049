/* popcount.h: the set bits of a word, the one way the code here counts
 * them. __builtin_popcountll is one instruction only where the target has
 * one (__POPCNT__, e.g. -march=native); elsewhere, as in the default build,
 * it is a call into libgcc (__popcountdi2), which costs more than the
 * arithmetic below inlined. */
#ifndef GPPC_COMMON_POPCOUNT_H
#define GPPC_COMMON_POPCOUNT_H

#include <stdint.h>

static inline uint32_t popcount64(uint64_t x)
{
#ifdef __POPCNT__
    return (uint32_t)__builtin_popcountll(x);
#else
    /* bits summed in pairs, nibbles, then bytes, the bytes' sum gathered in
     * the top byte by the multiply */
    x -= x >> 1 & UINT64_C(0x5555555555555555);
    x = (x & UINT64_C(0x3333333333333333)) + (x >> 2 & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (uint32_t)(x * UINT64_C(0x0101010101010101) >> 56);
#endif
}

static inline uint32_t popcount32(uint32_t x) { return popcount64(x); }

#endif
