#include "edge_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A record's bit offset takes at most this many of a slot's 32 bits (the
 * rest its hit count): an uncapped stream stops growing at 2^28 bits. */
#define MOST_AT_BITS 28

static uint64_t hash_key(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return k;
}

/* Slots the cache starts with (fewer under a cap, so the cap is not spent
 * on empty slots). */
#define FIRST_SLOTS 1024u
#define CAPPED_FIRST_SLOTS 64u
/* Bytes leg.c keeps past the last record, and then some. */
#define STREAM_SLACK 16u

/* Does one more entry fit in the slots? Linear probing up to 7/8 full: a
 * hit probes about 4.5 slots there, a miss 32, and a miss is a leg's first
 * time (its search costs far more), rare beside the hits on game maps; a
 * fuller table is more legs under a byte cap. */
static bool slots_fit(const EdgeCache *c, uint32_t entries) { return (uint64_t)entries * 8 <= (uint64_t)c->cur.n * 7; }

/* Slots of `n`, every block of them empty (epoch 0 is never the cache's);
 * false when memory ran out. Only the blocks' epochs are zeroed: a slot is
 * written whole when its block is first written in an epoch (claim). */
static bool slots_alloc(CacheSlots *a, uint32_t n, bool wide)
{
    a->slot = malloc((size_t)n * sizeof *a->slot);
    a->key_hi = wide ? malloc((size_t)n * sizeof *a->key_hi) : NULL;
    a->epoch = calloc(n / EDGE_CACHE_BLOCK + 1, sizeof *a->epoch);
    a->n = n;
    if (a->slot && (a->key_hi || !wide) && a->epoch)
        return true;
    free(a->slot);
    free(a->key_hi);
    free(a->epoch);
    *a = (CacheSlots){0};
    return false;
}

static void slots_free(CacheSlots *a)
{
    free(a->slot);
    free(a->key_hi);
    free(a->epoch);
    *a = (CacheSlots){0};
}

/* Slot i's key (narrow: its 32 bits). */
static inline uint64_t slot_key(const CacheSlots *a, uint32_t i)
{
    return a->key_hi ? (uint64_t)a->key_hi[i] << 32 | a->slot[i].key : a->slot[i].key;
}

/* Slot i, to hold `key` and `val` (a record's offset, its hit count above). */
static inline void slot_set(CacheSlots *a, uint32_t i, uint64_t key, uint32_t val)
{
    a->slot[i] = (CacheSlot){(uint32_t)key, val};
    if (a->key_hi)
        a->key_hi[i] = (uint32_t)(key >> 32);
}

/* A slot's val: the record's offset under this mask, its hit count above. */
static inline uint32_t slot_at_mask(const EdgeCache *c) { return (uint32_t)((UINT64_C(1) << c->at_bits) - 1); }

/* The key of the pair (ka, kb) as leg_key gives it (EdgeCache.wide); 0
 * where a narrow cache cannot hold it. */
static uint64_t pair_key(bool wide, uint32_t ka, uint32_t kb)
{
    if (wide)
        return ((uint64_t)ka << 32 | kb) + 1;
    return ka < EDGE_CACHE_NARROW_IDS && kb < EDGE_CACHE_NARROW_IDS ? ((uint64_t)ka << 16 | kb) + 1 : 0;
}

/* The pair a key was made of. */
static void key_pair(bool wide, uint64_t key, uint32_t *ka, uint32_t *kb)
{
    int shift = wide ? 32 : 16;
    *ka = (uint32_t)((key - 1) >> shift);
    *kb = (uint32_t)((key - 1) & ((UINT64_C(1) << shift) - 1));
}

bool edge_cache_init(EdgeCache *c, LegMode mode, size_t cap_bytes, uint32_t ids, Err *err)
{
    memset(c, 0, sizeof *c);
    c->wide = ids == 0 || ids > EDGE_CACHE_NARROW_IDS;
    c->mode = mode;
    c->epoch = 1;
    if (mode == LEGS_OFF)
        return true;
    uint32_t n = FIRST_SLOTS;
    if (cap_bytes) {
        c->cap_bytes = cap_bytes < EDGE_CACHE_MIN_BYTES ? EDGE_CACHE_MIN_BYTES : cap_bytes;
        n = CAPPED_FIRST_SLOTS;
    }
    c->at_bits = MOST_AT_BITS;
    while (c->cap_bytes && c->at_bits > 16 && (uint64_t)c->cap_bytes * 8 <= UINT64_C(1) << (c->at_bits - 1))
        c->at_bits--;
    if (!slots_alloc(&c->cur, n, c->wide))
        return err_set(err, "out of memory for the edge cache");
    return true;
}

void edge_cache_free(EdgeCache *c)
{
    slots_free(&c->cur);
    slots_free(&c->grown);
    leg_bits_free(&c->legs);
    memset(c, 0, sizeof *c);
}

/* Does slot i of `a` hold a leg of this epoch? */
static bool live(const EdgeCache *c, const CacheSlots *a, uint32_t i)
{
    return a->epoch[i / EDGE_CACHE_BLOCK] == c->epoch && a->slot[i].key != 0;
}

/* Slot i of `a`, to be written: its block, when last written in an older
 * epoch (all its slots empty), is emptied first (a bounded piece). */
static uint32_t claim(const EdgeCache *c, CacheSlots *a, uint32_t i)
{
    uint32_t b = i / EDGE_CACHE_BLOCK;
    if (a->epoch[b] != c->epoch) {
        uint32_t lo = b * EDGE_CACHE_BLOCK, hi = a->n - lo < EDGE_CACHE_BLOCK ? a->n : lo + EDGE_CACHE_BLOCK;
        memset(a->slot + lo, 0, (size_t)(hi - lo) * sizeof *a->slot);
        a->epoch[b] = c->epoch;
    }
    return i;
}

/* The index in `a` of the slot of `key`, or of the empty one it would go
 * in. The hash's high half is scaled to the slots (any number of them, so
 * that under a cap they may take what the stream leaves). */
static uint32_t find_in(const EdgeCache *c, const CacheSlots *a, uint64_t key)
{
    uint32_t n = a->n, i = (uint32_t)(((hash_key(key) >> 32) * n) >> 32);
    while (live(c, a, i) && slot_key(a, i) != key)
        i = i + 1 == n ? 0 : i + 1;
    return i;
}

/* Where `key` is, or the empty slot a put of it takes: its array (the grown
 * one while the slots grow, but for a key not moved yet) and index. */
static CacheSlots *find(EdgeCache *c, uint64_t key, uint32_t *at)
{
    if (!c->grown.slot) {
        *at = find_in(c, &c->cur, key);
        return &c->cur;
    }
    *at = find_in(c, &c->grown, key);
    if (live(c, &c->grown, *at))
        return &c->grown;
    /* Not moved yet? The old array keeps every slot until it is freed. */
    uint32_t o = find_in(c, &c->cur, key);
    if (live(c, &c->cur, o)) {
        *at = o;
        return &c->cur;
    }
    return &c->grown;
}

/* The growth's next piece: moving the old array's live slots into the
 * grown one; the old array is freed after its last. */
static void grow_step(EdgeCache *c)
{
    if (!c->grown.slot)
        return;
    uint32_t n = c->cur.n;
    uint32_t end = n - c->moved < EDGE_CACHE_GROW_MOVE ? n : c->moved + EDGE_CACHE_GROW_MOVE;
    uint32_t done = end - c->moved;
    for (; c->moved < end; c->moved++)
        if (live(c, &c->cur, c->moved)) {
            uint64_t key = slot_key(&c->cur, c->moved);
            uint32_t i = claim(c, &c->grown, find_in(c, &c->grown, key));
            slot_set(&c->grown, i, key, c->cur.slot[c->moved].val);
        }
    if (c->moved == n) {
        slots_free(&c->cur);
        c->cur = c->grown;
        c->grown = (CacheSlots){0};
        c->moved = 0;
    }
    if (done > c->grow_max)
        c->grow_max = done;
}

static uint64_t make_key(const EdgeCache *c, uint32_t a, uint32_t b)
{
    uint32_t ka, kb;
    leg_key(c->mode, a, b, &ka, &kb);
    return pair_key(c->wide, ka, kb);
}

/* The slot of the leg a -> b, counted as a hit, or NULL (a miss). */
static CacheSlot *lookup(EdgeCache *c, uint32_t a, uint32_t b)
{
    if (c->mode == LEGS_OFF)
        return NULL;
    grow_step(c);
    uint32_t i;
    uint64_t key = make_key(c, a, b);
    CacheSlots *in = key ? find(c, key, &i) : NULL;
    if (!in || !live(c, in, i)) {
        c->misses++;
        return NULL;
    }
    c->hits++;
    if (in->slot[i].val >> c->at_bits < (UINT32_MAX >> c->at_bits))
        in->slot[i].val += UINT32_C(1) << c->at_bits;
    return &in->slot[i];
}

bool edge_cache_get(EdgeCache *c, uint32_t a, uint32_t b, xyLoc from, xyPath *out)
{
    CacheSlot *s = lookup(c, a, b);
    if (s)
        leg_decode_way(c->legs.p, s->val & slot_at_mask(c), from, out);
    return s != NULL;
}

bool edge_cache_get_cells(EdgeCache *c, uint32_t a, uint32_t b, xyLoc from, xyPath *out)
{
    CacheSlot *s = lookup(c, a, b);
    if (s)
        leg_decode(c->legs.p, s->val & slot_at_mask(c), from, out);
    return s != NULL;
}

/* Every entry evicted: the slots and the stream are kept for the legs to
 * come. A new epoch empties every block of slots at once (a growth under
 * way goes on, moving nothing now); only when the 16-bit epoch wraps, once
 * in 65535 flushes, are the blocks' epochs zeroed (a 32nd of the slots'
 * bytes). */
static void flush(EdgeCache *c)
{
    if (++c->epoch == 0) {
        memset(c->cur.epoch, 0, ((size_t)c->cur.n / EDGE_CACHE_BLOCK + 1) * sizeof *c->cur.epoch);
        if (c->grown.slot)
            memset(c->grown.epoch, 0, ((size_t)c->grown.n / EDGE_CACHE_BLOCK + 1) * sizeof *c->grown.epoch);
        c->epoch = 1;
    }
    c->legs.used = 0; /* leg.c writes each byte whole at its first bit */
    c->used = 0;
    c->flushes++;
}

/* Bytes of n slots: the slot, its key's high half (wide), its hit count,
 * its block's epoch. */
static size_t slots_bytes(const EdgeCache *c, uint32_t n)
{
    return n ? (size_t)n * edge_cache_slot_bytes(c) + ((size_t)n / EDGE_CACHE_BLOCK + 1) * sizeof(uint16_t) : 0;
}

/* The most bits the stream may hold with the slots as they are (the grown
 * array while they grow): no cap, a slot's 32-bit offset; under a cap, what
 * fits beside the slots (leg.c's growth stops there). */
static uint64_t stream_limit(const EdgeCache *c)
{
    uint64_t most = UINT64_C(1) << c->at_bits;
    if (!c->cap_bytes)
        return most;
    size_t slots = slots_bytes(c, c->grown.slot ? c->grown.n : c->cur.n);
    size_t room = c->cap_bytes > slots + STREAM_SLACK ? c->cap_bytes - slots - STREAM_SLACK : 0;
    uint64_t bits = (uint64_t)room * 8;
    return bits < most ? bits : most;
}

/* Room for one more entry and `bits` more of stream within the cap: the
 * slots start growing while they and the stream fit in it, else the cache
 * is emptied; false when the record cannot fit even in an empty cache or
 * memory ran out. Sets *limit to the stream's bound for leg_put. */
static bool make_room(EdgeCache *c, uint64_t bits, uint64_t *limit)
{
    uint32_t n = c->cur.n;
    if (!c->grown.slot && !slots_fit(c, c->used + 1)) {
        /* Half as many slots again (a slot is most of a game map's
         * entry, so its growth's step is most of what is held beyond the
         * entries' need), or under a cap what it leaves beside the
         * stream's buffer; too few more than now (an eighth) and the cache
         * is emptied instead. */
        size_t want = n <= UINT32_MAX / 4 ? (size_t)n + n / 2 : 0;
        if (c->cap_bytes) {
            /* slots_bytes(fit) <= room: a slot's bytes and its share of
             * its block's epoch, then the last block's rounding */
            size_t room = c->cap_bytes > c->legs.cap ? c->cap_bytes - c->legs.cap : 0;
            size_t fit = room > sizeof(uint16_t) ? (room - sizeof(uint16_t)) * EDGE_CACHE_BLOCK /
                                                       (EDGE_CACHE_BLOCK * edge_cache_slot_bytes(c) + sizeof(uint16_t))
                                                 : 0;
            while (fit && slots_bytes(c, (uint32_t)(fit < want ? fit : want)) > room)
                fit--;
            want = fit < want ? fit : want;
        }
        if (want >= (size_t)n + n / 8) {
            if (!slots_alloc(&c->grown, (uint32_t)want, c->wide))
                return false;
            c->moved = 0;
        } else {
            flush(c);
        }
    }
    *limit = stream_limit(c);
    if (c->legs.used + bits > *limit) {
        if (bits > *limit)
            return false;
        flush(c);
    }
    return true;
}

bool edge_cache_put(EdgeCache *c, uint32_t a, uint32_t b, const xyLoc *way, size_t k)
{
    if (c->mode == LEGS_OFF)
        return false;
    grow_step(c);
    uint64_t key = make_key(c, a, b), at;
    if (!key)
        return false;
    uint32_t i;
    CacheSlots *in = find(c, key, &i);
    if (live(c, in, i))
        return true;
    uint64_t limit;
    if (!make_room(c, leg_way_bits(way, k), &limit))
        return false;
    in = find(c, key, &i);
    if (!leg_put(&c->legs, way, k, limit, &at))
        return false;
    slot_set(in, claim(c, in, i), key, (uint32_t)at);
    c->used++;
    return true;
}

size_t edge_cache_remap(EdgeCache *c, const AbsIndex *old, const AbsIndex *fresh, const uint8_t *touched)
{
    if (c->mode == LEGS_OFF)
        return 0;
    while (c->grown.slot) /* an update, not a query, pays the growth's rest */
        grow_step(c);
    /* Linear probing needs every key reachable from its home slot, so the
     * survivors go into a fresh slot array; without memory for it, every
     * leg is dropped (a new epoch). */
    CacheSlots prev = c->cur, next;
    bool was_wide = c->wide, wide = fresh->abs->nregions > EDGE_CACHE_NARROW_IDS;
    if (!slots_alloc(&next, prev.n, wide)) {
        size_t dropped = c->used;
        flush(c);
        c->flushes--; /* not the cap's doing */
        return dropped;
    }
    size_t dropped = 0;
    uint32_t kept = 0;
    xyPath scratch = {0};
    c->cur = next;
    c->wide = wide;
    for (uint32_t i = 0; i < prev.n; i++) {
        if (!live(c, &prev, i))
            continue;
        uint32_t a, b, at = prev.slot[i].val & slot_at_mask(c);
        key_pair(was_wide, slot_key(&prev, i), &a, &b);
        if (!leg_survives(old, touched, leg_first(a, b), a < b ? b : a, c->legs.p, at, &scratch)) {
            dropped++;
            continue;
        }
        uint64_t key = pair_key(wide, abs_index_renumber(old, fresh, a), abs_index_renumber(old, fresh, b));
        uint32_t j = claim(c, &c->cur, find_in(c, &c->cur, key));
        slot_set(&c->cur, j, key, prev.slot[i].val);
        kept++;
    }
    path_free(&scratch);
    slots_free(&prev);
    c->used = kept;
    return dropped;
}

size_t edge_cache_bytes(const EdgeCache *c)
{
    return slots_bytes(c, c->cur.n) + slots_bytes(c, c->grown.n) + c->legs.cap;
}

uint32_t edge_cache_slots(const EdgeCache *c) { return c->cur.n + c->grown.n; }

bool edge_cache_slot(const EdgeCache *c, uint32_t i, uint32_t *ka, uint32_t *kb, uint32_t *at, uint16_t *hits)
{
    const CacheSlots *a = &c->cur;
    if (i >= c->cur.n) {
        i -= c->cur.n;
        a = &c->grown;
    } else if (c->grown.slot && i < c->moved) {
        return false; /* growing, a moved slot is in both arrays: the grown one's copy counts */
    }
    if (!live(c, a, i))
        return false;
    uint32_t pa, pb;
    key_pair(c->wide, slot_key(a, i), &pa, &pb);
    if (ka)
        *ka = pa;
    if (kb)
        *kb = pb;
    if (at)
        *at = a->slot[i].val & slot_at_mask(c);
    if (hits)
        *hits = (uint16_t)(a->slot[i].val >> c->at_bits);
    return true;
}

void edge_cache_report(const EdgeCache *c, Counters *out)
{
    counters_add(out, "cache_hits", (double)c->hits);
    counters_add(out, "cache_misses", (double)c->misses);
    counters_add(out, "cache_bytes", (double)edge_cache_bytes(c));
    counters_add(out, "cache_entries", (double)c->used);
    counters_add(out, "cache_cap_bytes", (double)c->cap_bytes);
    counters_add(out, "cache_flushes", (double)c->flushes);
    if (c->mode == LEGS_OFF)
        return;
    long hist[18] = {0};
    int top = 0;
    double ways = 0, moves = 0;
    xyPath way = {0};
    for (uint32_t i = 0; i < edge_cache_slots(c); i++) {
        uint16_t hits;
        uint32_t at;
        if (!edge_cache_slot(c, i, NULL, NULL, &at, &hits))
            continue;
        way.len = 0;
        leg_decode_way(c->legs.p, at, (xyLoc){0, 0}, &way);
        ways += (double)way.len;
        for (size_t j = 0; j < way.len; j++)
            moves += (double)line_moves(j ? way.cells[j - 1] : (xyLoc){0, 0}, way.cells[j]);
        int k = 0;
        for (unsigned h = hits; h; h >>= 1)
            k++;
        hist[k]++;
        if (k > top)
            top = k;
    }
    path_free(&way);
    counters_add(out, "cache_slot_bytes", (double)(slots_bytes(c, c->cur.n) + slots_bytes(c, c->grown.n)));
    counters_add(out, "cache_stream_bytes", (double)leg_bits_bytes(&c->legs));
    counters_add(out, "cache_leg_ways", ways);
    counters_add(out, "cache_leg_moves", moves);
    for (int k = 0; k <= top; k++) {
        char key[32];
        snprintf(key, sizeof key, "cache_hist_%d", k);
        counters_add(out, key, (double)hist[k]);
    }
}
