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
static inline uint32_t *key_hi(const EdgeCache *c, const CachePart *p)
{
    return (uint32_t *)(void *)(p->slot + (size_t)p->n * c->stride);
}

/* Slot i's word: its stride bytes and whatever follows (a part's block
 * has room to read the last slot's word whole, edge_cache.c block_bytes). */
static inline uint64_t slot_word(const EdgeCache *c, const CachePart *p, uint32_t i)
{
    uint64_t w;
    memcpy(&w, p->slot + (size_t)i * c->stride, sizeof w);
    return w;
}

/* The bits of a slot's word it owns (its stride's). */
static inline uint64_t stride_mask(const EdgeCache *c)
{
    return c->stride >= EDGE_CACHE_SLOT_WORD ? UINT64_MAX : (UINT64_C(1) << (8 * c->stride)) - 1;
}

/* Slot i's word set to w within its stride (the bytes after it, another
 * slot's, written back as they were). */
static inline void slot_word_set(const EdgeCache *c, CachePart *p, uint32_t i, uint64_t w)
{
    uint64_t m = stride_mask(c), old = slot_word(c, p, i);
    old = (old & ~m) | (w & m);
    memcpy(p->slot + (size_t)i * c->stride, &old, sizeof old);
}

/* Slot i's key in its word (narrow: all of it; wide: its low half); 0 empty. */
static inline uint64_t slot_key_lo(const EdgeCache *c, const CachePart *p, uint32_t i)
{
    return slot_word(c, p, i) & ((UINT64_C(1) << c->key_bits) - 1);
}

/* Slot i's key from its word's part `lo` (slot_key_lo): a wide key's
 * high half joined. */
static inline uint64_t slot_key_from(const EdgeCache *c, const CachePart *p, uint32_t i, uint64_t lo)
{
    return c->wide ? (uint64_t)key_hi(c, p)[i] << 32 | lo : lo;
}

/* Slot i's key (narrow: its key_bits). */
static inline uint64_t slot_key(const EdgeCache *c, const CachePart *p, uint32_t i)
{
    return slot_key_from(c, p, i, slot_key_lo(c, p, i));
}

/* Slot i's val: the record's offset, its hit count above. */
static inline uint32_t slot_val(const EdgeCache *c, const CachePart *p, uint32_t i)
{
    return (uint32_t)((slot_word(c, p, i) >> c->key_bits) & ((UINT64_C(1) << c->val_bits) - 1));
}

/* Slot i, to hold `key` and `val` (a record's offset, its hit count above,
 * within val_bits). */
static inline void slot_set(const EdgeCache *c, CachePart *p, uint32_t i, uint64_t key, uint32_t val)
{
    slot_word_set(c, p, i, (key & ((UINT64_C(1) << c->key_bits) - 1)) | (uint64_t)val << c->key_bits);
    if (c->wide)
        key_hi(c, p)[i] = (uint32_t)(key >> 32);
}

/* Slot i's val set, its key kept. */
static inline void slot_set_val(const EdgeCache *c, CachePart *p, uint32_t i, uint32_t val)
{
    slot_word_set(c, p, i, slot_key_lo(c, p, i) | (uint64_t)val << c->key_bits);
}

/* Slot i emptied (its key 0). */
static inline void slot_clear(const EdgeCache *c, CachePart *p, uint32_t i) { slot_word_set(c, p, i, 0); }

/* The most hits a slot counts (val's bits above at_bits all set). */
static inline uint32_t slot_hits_most(const EdgeCache *c)
{
    return (uint32_t)((UINT64_C(1) << (c->val_bits - c->at_bits)) - 1);
}

/* A slot's val: the record's offset under this mask, its hit count above. */
static inline uint32_t slot_at_mask(const EdgeCache *c) { return (uint32_t)((UINT64_C(1) << c->at_bits) - 1); }

/* The key of the pair (ka, kb) as leg_key gives it, its ids in id_bits
 * (EdgeCache.id_bits; 32 wide); 0 where a narrow cache cannot hold it (an
 * id of all ones is never one, so the key's + 1 stays within its bits). */
static inline uint64_t pair_key(int id_bits, uint32_t ka, uint32_t kb)
{
    if (id_bits >= 32)
        return ((uint64_t)ka << 32 | kb) + 1;
    uint32_t top = (UINT32_C(1) << id_bits) - 1;
    return ka < top && kb < top ? ((uint64_t)ka << id_bits | kb) + 1 : 0;
}

/* The pair a key was made of. */
static inline void key_pair(int id_bits, uint64_t key, uint32_t *ka, uint32_t *kb)
{
    *ka = (uint32_t)((key - 1) >> id_bits);
    *kb = (uint32_t)((key - 1) & ((UINT64_C(1) << id_bits) - 1));
}

/* Does slot i of part p hold a leg of this epoch? */
static inline bool live(const EdgeCache *c, const CachePart *p, uint32_t i)
{
    return p->epoch == c->epoch && slot_key_lo(c, p, i) != 0;
}

/* Part p, to be written: when last written in an older epoch (all its
 * slots empty), it is emptied first (a part's slots, within one put). */
static inline void claim(const EdgeCache *c, CachePart *p)
{
    if (p->epoch != c->epoch) {
        memset(p->slot, 0, (size_t)p->n * c->stride);
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
    if (p->epoch != c->epoch)
        return i;
    for (uint64_t lo; (lo = slot_key_lo(c, p, i)) != 0 && slot_key_from(c, p, i, lo) != key;)
        i = i + 1 == n ? 0 : i + 1;
    return i;
}

/* The slots' layout for region ids below `ids` (edge_cache_init's):
 * wide, id_bits, key_bits, stride and val_bits, from at_bits as set
 * (edge_cache.c; edge_cache_remap where the fresh index's ids need other
 * bits). */
void edge_cache_layout(EdgeCache *c, uint32_t ids);

/* Room in part p for one more entry (edge_cache.c). */
bool edge_cache_part_room(EdgeCache *c, CachePart *p);

/* Eviction (edge_cache_evict.c): the bits of the stream's oldest slice as
 * it stands; a slice begun from the tail; its parts passed until `slots`
 * are looked at (UINT32_MAX: all left; the slice done, the tail moves on);
 * a slice evicted at once, where a put needs its room now. */
#define EVICT_STEP_SLOTS 256u /* the slots one put's step looks at */
uint64_t edge_cache_slice_bits(const EdgeCache *c);
void edge_cache_evict_begin(EdgeCache *c);
void edge_cache_evict_step(EdgeCache *c, uint32_t slots);
void edge_cache_evict_slice(EdgeCache *c);

#endif
