#include "edge_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A slot stores a bit offset in 32 bits: past that the cache stops growing. */
#define MAX_STREAM_BITS UINT32_MAX

static uint64_t hash_key(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return k;
}

bool edge_cache_init(EdgeCache *c, LegMode mode, Err *err)
{
    memset(c, 0, sizeof *c);
    c->mode = mode;
    if (mode == LEGS_OFF)
        return true;
    c->nslots = 1024;
    c->slot = calloc(c->nslots, sizeof *c->slot);
    if (!c->slot)
        return err_set(err, "out of memory for the edge cache");
    return true;
}

void edge_cache_free(EdgeCache *c)
{
    free(c->slot);
    leg_bits_free(&c->legs);
    memset(c, 0, sizeof *c);
}

static CacheSlot *find(const EdgeCache *c, uint64_t key)
{
    uint32_t mask = c->nslots - 1, i = (uint32_t)hash_key(key) & mask;
    while (c->slot[i].key && c->slot[i].key != key)
        i = (i + 1) & mask;
    return &c->slot[i];
}

static uint64_t make_key(const EdgeCache *c, uint32_t a, uint32_t b)
{
    uint32_t ka, kb;
    leg_key(c->mode, a, b, &ka, &kb);
    return ((uint64_t)ka << 32 | kb) + 1;
}

/* The slot of the leg a -> b, counted as a hit, or NULL (a miss). */
static CacheSlot *lookup(EdgeCache *c, uint32_t a, uint32_t b)
{
    if (c->mode == LEGS_OFF)
        return NULL;
    CacheSlot *s = find(c, make_key(c, a, b));
    if (!s->key) {
        c->misses++;
        return NULL;
    }
    c->hits++;
    if (s->hits < UINT16_MAX)
        s->hits++;
    return s;
}

bool edge_cache_get(EdgeCache *c, uint32_t a, uint32_t b, xyLoc from, xyPath *out)
{
    CacheSlot *s = lookup(c, a, b);
    if (s)
        leg_decode_way(c->legs.p, s->at, from, out);
    return s != NULL;
}

bool edge_cache_get_cells(EdgeCache *c, uint32_t a, uint32_t b, xyLoc from, xyPath *out)
{
    CacheSlot *s = lookup(c, a, b);
    if (s)
        leg_decode(c->legs.p, s->at, from, out);
    return s != NULL;
}

static bool grow_slots(EdgeCache *c)
{
    uint32_t old_n = c->nslots;
    CacheSlot *old = c->slot;
    c->nslots *= 2;
    c->slot = calloc(c->nslots, sizeof *c->slot);
    if (!c->slot) {
        c->slot = old;
        c->nslots = old_n;
        return false;
    }
    for (uint32_t i = 0; i < old_n; i++)
        if (old[i].key)
            *find(c, old[i].key) = old[i];
    free(old);
    return true;
}

bool edge_cache_put(EdgeCache *c, uint32_t a, uint32_t b, const xyLoc *way, size_t k)
{
    if (c->mode == LEGS_OFF)
        return false;
    if ((c->used + 1) * 2 > c->nslots && !grow_slots(c))
        return false;
    uint64_t key = make_key(c, a, b), at;
    CacheSlot *s = find(c, key);
    if (s->key)
        return true;
    if (!leg_put(&c->legs, way, k, MAX_STREAM_BITS, &at))
        return false;
    *s = (CacheSlot){key, (uint32_t)at, 0, 0};
    c->used++;
    return true;
}

size_t edge_cache_remap(EdgeCache *c, const AbsIndex *old, const AbsIndex *fresh, const uint8_t *touched)
{
    if (c->mode == LEGS_OFF)
        return 0;
    /* Linear probing needs every key reachable from its home slot, so the
     * survivors go into a fresh slot array. */
    CacheSlot *next = calloc(c->nslots, sizeof *next);
    CacheSlot *prev = c->slot;
    size_t dropped = 0;
    uint32_t kept = 0;
    xyPath scratch = {0};
    c->slot = next ? next : prev;
    for (uint32_t i = 0; i < c->nslots; i++) {
        CacheSlot s = prev[i];
        if (!s.key)
            continue;
        uint32_t a = (uint32_t)((s.key - 1) >> 32), b = (uint32_t)(s.key - 1);
        if (!next || !leg_survives(old, touched, leg_first(a, b), a < b ? b : a, c->legs.p, s.at, &scratch)) {
            dropped++;
            prev[i].key = next ? prev[i].key : 0;
            continue;
        }
        s.key = ((uint64_t)abs_index_renumber(old, fresh, a) << 32 | abs_index_renumber(old, fresh, b)) + 1;
        *find(c, s.key) = s;
        kept++;
    }
    path_free(&scratch);
    if (next)
        free(prev);
    c->used = kept;
    return dropped;
}

size_t edge_cache_bytes(const EdgeCache *c) { return (size_t)c->nslots * sizeof(CacheSlot) + c->legs.cap; }

void edge_cache_report(const EdgeCache *c, Counters *out)
{
    counters_add(out, "cache_hits", (double)c->hits);
    counters_add(out, "cache_misses", (double)c->misses);
    counters_add(out, "cache_bytes", (double)edge_cache_bytes(c));
    counters_add(out, "cache_entries", (double)c->used);
    if (c->mode == LEGS_OFF)
        return;
    long hist[18] = {0};
    int top = 0;
    for (uint32_t i = 0; i < c->nslots; i++) {
        if (!c->slot[i].key)
            continue;
        int k = 0;
        for (unsigned h = c->slot[i].hits; h; h >>= 1)
            k++;
        hist[k]++;
        if (k > top)
            top = k;
    }
    for (int k = 0; k <= top; k++) {
        char key[32];
        snprintf(key, sizeof key, "cache_hist_%d", k);
        counters_add(out, key, (double)hist[k]);
    }
}
