/* edge_cache_slots.h (private to cache/): the edge cache's keys and slots,
 * read and written alike by the cache's lookups and puts (edge_cache.c), its
 * eviction (edge_cache_evict.c) and its remapping after a map change
 * (edge_cache_remap.c). */
#ifndef GPPC_CACHE_EDGE_CACHE_SLOTS_H
#define GPPC_CACHE_EDGE_CACHE_SLOTS_H

#include <string.h>

#include "edge_cache.h"

/* A key's hash: its high half picks the part, its low half the slot. */
static inline uint64_t hash_key(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return k;
}

/* A part's wide keys' high halves, after its slots. */
static inline uint32_t *key_hi(const CachePart *p) { return (uint32_t *)(void *)(p->slot + p->n); }

/* Slot i's key (narrow: its 32 bits). */
static inline uint64_t slot_key(const EdgeCache *c, const CachePart *p, uint32_t i)
{
    return c->wide ? (uint64_t)key_hi(p)[i] << 32 | p->slot[i].key : p->slot[i].key;
}

/* Slot i, to hold `key` and `val` (a record's offset, its hit count above). */
static inline void slot_set(const EdgeCache *c, CachePart *p, uint32_t i, uint64_t key, uint32_t val)
{
    p->slot[i] = (CacheSlot){(uint32_t)key, val};
    if (c->wide)
        key_hi(p)[i] = (uint32_t)(key >> 32);
}

/* A slot's val: the record's offset under this mask, its hit count above. */
static inline uint32_t slot_at_mask(const EdgeCache *c) { return (uint32_t)((UINT64_C(1) << c->at_bits) - 1); }

/* The key of the pair (ka, kb) as leg_key gives it (EdgeCache.wide); 0
 * where a narrow cache cannot hold it. */
static inline uint64_t pair_key(bool wide, uint32_t ka, uint32_t kb)
{
    if (wide)
        return ((uint64_t)ka << 32 | kb) + 1;
    return ka < EDGE_CACHE_NARROW_IDS && kb < EDGE_CACHE_NARROW_IDS ? ((uint64_t)ka << 16 | kb) + 1 : 0;
}

/* The pair a key was made of. */
static inline void key_pair(bool wide, uint64_t key, uint32_t *ka, uint32_t *kb)
{
    int shift = wide ? 32 : 16;
    *ka = (uint32_t)((key - 1) >> shift);
    *kb = (uint32_t)((key - 1) & ((UINT64_C(1) << shift) - 1));
}

/* Does slot i of part p hold a leg of this epoch? */
static inline bool live(const EdgeCache *c, const CachePart *p, uint32_t i)
{
    return p->epoch == c->epoch && p->slot[i].key != 0;
}

/* Part p, to be written: when last written in an older epoch (all its
 * slots empty), it is emptied first (a part's slots, within one put). */
static inline void claim(const EdgeCache *c, CachePart *p)
{
    if (p->epoch != c->epoch) {
        memset(p->slot, 0, (size_t)p->n * sizeof *p->slot);
        p->epoch = c->epoch;
        p->used = 0;
    }
}

/* The part of `key`: the hash's high half scaled to the parts (any number
 * of them). */
static inline CachePart *part_of(const EdgeCache *c, uint64_t key)
{
    return &c->part[((hash_key(key) >> 32) * c->nparts) >> 32];
}

/* The index in part p of the slot of `key`, or of the empty one it would
 * go in: the hash's low half scaled to the part's slots (any number of
 * them, so that under a cap they may take what the stream leaves). */
static inline uint32_t find_in(const EdgeCache *c, const CachePart *p, uint64_t key)
{
    uint32_t n = p->n, i = (uint32_t)(((hash_key(key) & UINT32_MAX) * n) >> 32);
    while (live(c, p, i) && slot_key(c, p, i) != key)
        i = i + 1 == n ? 0 : i + 1;
    return i;
}

/* Room in part p for one more entry (edge_cache.c). */
bool edge_cache_part_room(EdgeCache *c, CachePart *p);

/* Eviction (edge_cache_evict.c): the bits of the stream's oldest slice as
 * it stands; a slice begun from the tail; its parts passed until `slots`
 * are looked at (UINT32_MAX: all left; the slice done, the tail moves on);
 * a slice evicted at once, where a put needs its room now. */
#define EVICT_STEP_SLOTS 512u /* the slots one put's step looks at, in whole parts (at least one) */
uint64_t edge_cache_slice_bits(const EdgeCache *c);
void edge_cache_evict_begin(EdgeCache *c);
void edge_cache_evict_step(EdgeCache *c, uint32_t slots);
void edge_cache_evict_slice(EdgeCache *c);

#endif
