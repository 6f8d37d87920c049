/* refiner_stats.c: the per-query maxima of the refinement's searches, kept
 * in buckets (refine/refiner.h RefineStats.max_hist). */
#include "refiner.h"

/* The bucket of a per-query maximum v: v itself below REFINE_MAX_EXACT,
 * else its power of two (2^REFINE_MAX_EXACT_LOG .. 2^31) split in
 * REFINE_MAX_SUB (8: the three bits after the leading one). */
int refiner_max_bucket(uint32_t v)
{
    if (v < REFINE_MAX_EXACT)
        return (int)v;
    int e = 31 - __builtin_clz(v);
    return REFINE_MAX_EXACT + (e - REFINE_MAX_EXACT_LOG) * REFINE_MAX_SUB + (int)((v >> (e - 3)) & 7);
}

/* The least value of bucket b. */
static double bucket_value(int b)
{
    if (b < REFINE_MAX_EXACT)
        return b;
    int e = (b - REFINE_MAX_EXACT) / REFINE_MAX_SUB + REFINE_MAX_EXACT_LOG,
        sub = (b - REFINE_MAX_EXACT) % REFINE_MAX_SUB;
    return (double)((8u + (uint32_t)sub) << (e - 3));
}

double refiner_max_p95(const Refiner *r)
{
    uint64_t n = r->stats.nquery_max;
    if (!n)
        return 0;
    uint64_t k = (uint64_t)((double)(n - 1) * 0.95 + 0.5), seen = 0; /* the rank, from 0 */
    for (int b = 0; b < REFINE_MAX_BUCKETS; b++) {
        seen += r->stats.max_hist[b];
        if (seen > k)
            return bucket_value(b);
    }
    return 0;
}
