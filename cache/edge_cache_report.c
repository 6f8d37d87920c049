/* edge_cache_report.c: the edge cache's counters for SUMMARY
 * (edge_cache.h edge_cache_report), read through its slots' listing. */
#include <stdio.h>

#include "edge_cache.h"

void edge_cache_report(const EdgeCache *c, const AbsIndex *ix, Counters *out)
{
    counters_add(out, "cache_hits", (double)c->hits);
    counters_add(out, "cache_misses", (double)c->misses);
    counters_add(out, "cache_bytes", (double)edge_cache_bytes(c));
    counters_add(out, "cache_entries", (double)c->used);
    counters_add(out, "cache_cap_bytes", (double)c->cap_bytes);
    counters_add(out, "cache_evictions", (double)c->evictions);
    counters_add(out, "cache_evicted", (double)c->evicted);
    counters_add(out, "cache_evict_waits", (double)c->evict_waits);
    counters_add(out, "cache_evict_step_most", (double)c->evict_step_most);
    if (c->mode == LEGS_OFF || out->per_call) /* the slots' walk decodes every leg */
        return;
    long hist[18] = {0};
    int top = 0;
    double ways = 0, moves = 0;
    xyPath way = {0};
    for (uint32_t i = 0; i < edge_cache_slots(c); i++) {
        uint16_t hits;
        uint32_t at, a, b;
        if (!edge_cache_slot(c, i, &a, &b, &at, &hits))
            continue;
        if (ix) { /* relative to the first center, as the moves need no more */
            xyLoc lo = abs_center(ix, leg_first(a, b)), hi = abs_center(ix, a == leg_first(a, b) ? b : a);
            way.len = 0;
            leg_decode_way(c->legs.p, at, (xyLoc){0, 0}, (xyLoc){(int16_t)(hi.x - lo.x), (int16_t)(hi.y - lo.y)}, &way);
            ways += (double)way.len;
            for (size_t j = 0; j < way.len; j++)
                moves += (double)line_moves(j ? way.cells[j - 1] : (xyLoc){0, 0}, way.cells[j]);
        }
        int k = 0;
        for (unsigned h = hits; h; h >>= 1)
            k++;
        hist[k]++;
        if (k > top)
            top = k;
    }
    path_free(&way);
    counters_add(out, "cache_slot_bytes", (double)(edge_cache_bytes(c) - c->legs.cap));
    counters_add(out, "cache_stream_bytes", (double)leg_bits_bytes(&c->legs));
    if (ix) {
        counters_add(out, "cache_leg_ways", ways);
        counters_add(out, "cache_leg_moves", moves);
    }
    for (int k = 0; k <= top; k++) {
        char key[32];
        snprintf(key, sizeof key, "cache_hist_%d", k);
        counters_add(out, key, (double)hist[k]);
    }
}
