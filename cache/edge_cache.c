#include "edge_cache_slots.h"

#include <stdlib.h>
#include <string.h>

/* A record's bit offset takes at most this many of a slot's 32 bits (the
 * rest its hit count): an uncapped stream stops growing at 2^28 bits. */
#define MOST_AT_BITS 28

/* Slots a part takes at its first put (EdgeCache.first): without a cap,
 * FIRST_SLOTS over the parts; under a cap, few (a game map's cache holds a
 * few hundred legs, some parts none, so the cap is not spent on empty
 * slots). */
#define FIRST_SLOTS 1024u
#define CAPPED_FIRST_PART_SLOTS 4u
/* Under a cap, the parts are counted for this many slots a leg of the map
 * (edge_cache_init's `legs`), where that is fewer than the cap's: a game
 * map's queries hold a part of its legs, and parts counted for all of them
 * at 7/8 full held those few in fewer parts, fuller, whose lookups probed
 * further (results/reference/mm-paper/calls49.md). */
#define LEG_PART_SLOTS 4u
/* Bytes leg.c keeps past the last record, and then some. */
#define STREAM_SLACK 16u

/* Do `entries` fit in n slots? Linear probing up to 7/8 full: a hit
 * probes about 4.5 slots there, a miss 32, and a miss is a leg's first
 * time (its search costs far more), rare beside the hits on game maps; a
 * fuller table is more legs under a byte cap. */
static bool slots_fit(uint32_t entries, uint32_t n) { return (uint64_t)entries * 8 <= (uint64_t)n * 7; }

/* Bytes of a part's block of n slots. */
static size_t block_bytes(const EdgeCache *c, uint32_t n) { return (size_t)n * edge_cache_slot_bytes(c); }

/* Part p's block of n slots, all empty (its old block, moved into it,
 * freed: within one put); false, the part as it was, when memory ran out. */
static bool part_resize(EdgeCache *c, CachePart *p, uint32_t n)
{
    grow_gate_ask(&c->gate, (size_t)(n > p->n ? n - p->n : 0) * edge_cache_slot_bytes(c));
    CachePart to = {.slot = calloc(n, edge_cache_slot_bytes(c)), .n = n, .epoch = c->epoch};
    if (!to.slot)
        return false;
    if (p->epoch == c->epoch) /* else empty, whatever its slots say */
        for (uint32_t i = 0; i < p->n; i++)
            if (p->slot[i].key) {
                uint64_t key = slot_key(c, p, i);
                uint32_t j = (uint32_t)(((hash_key(key) & UINT32_MAX) * n) >> 32);
                while (to.slot[j].key)
                    j = j + 1 == n ? 0 : j + 1;
                slot_set(c, &to, j, key, p->slot[i].val);
                to.used++;
            }
    if (p->n > c->grow_max)
        c->grow_max = p->n;
    c->unborn -= !p->slot;
    free(p->slot);
    c->slots += n - p->n;
    *p = to;
    return true;
}

bool edge_cache_init(EdgeCache *c, LegMode mode, size_t cap_bytes, uint32_t ids, uint32_t legs, Err *err)
{
    memset(c, 0, sizeof *c);
    c->wide = ids == 0 || ids > EDGE_CACHE_NARROW_IDS;
    c->mode = mode;
    c->epoch = 1;
    if (mode == LEGS_OFF)
        return true;
    uint32_t parts = EDGE_CACHE_UNCAPPED_PARTS, first = FIRST_SLOTS / EDGE_CACHE_UNCAPPED_PARTS;
    if (cap_bytes) {
        c->cap_bytes = cap_bytes < EDGE_CACHE_MIN_BYTES ? EDGE_CACHE_MIN_BYTES : cap_bytes;
        size_t most = c->cap_bytes / sizeof(CacheSlot), all = (size_t)legs * LEG_PART_SLOTS;
        most = legs && all < most ? all : most;
        parts = (uint32_t)((most + EDGE_CACHE_PART_MOST - 1) / EDGE_CACHE_PART_MOST);
        first = CAPPED_FIRST_PART_SLOTS;
    }
    c->at_bits = MOST_AT_BITS;
    while (c->cap_bytes && c->at_bits > 16 && (uint64_t)c->cap_bytes * 8 <= UINT64_C(1) << (c->at_bits - 1))
        c->at_bits--;
    c->first = first;
    c->part = calloc(parts, sizeof *c->part);
    if (!c->part)
        return err_set(err, "out of memory for the edge cache");
    c->nparts = c->unborn = parts;
    return true;
}

void edge_cache_free(EdgeCache *c)
{
    for (uint32_t k = 0; k < c->nparts; k++)
        free(c->part[k].slot);
    free(c->part);
    leg_bits_free(&c->legs);
    memset(c, 0, sizeof *c);
}

static uint64_t make_key(const EdgeCache *c, uint32_t a, uint32_t b)
{
    uint32_t ka, kb;
    leg_key(c->mode, a, b, &ka, &kb);
    return pair_key(c->wide, ka, kb);
}

static void keep_hit(EdgeCache *c, CacheSlot *s);

/* The slot of the leg a -> b, counted as a hit (and kept, keep_hit), or
 * NULL (a miss). */
static CacheSlot *lookup(EdgeCache *c, uint32_t a, uint32_t b)
{
    if (c->mode == LEGS_OFF)
        return NULL;
    uint64_t key = make_key(c, a, b);
    CachePart *p = key ? part_of(c, key) : NULL;
    uint32_t i = p ? find_in(c, p, key) : 0;
    if (!p || !live(c, p, i)) {
        c->misses++;
        return NULL;
    }
    c->hits++;
    if (p->slot[i].val >> c->at_bits < (UINT32_MAX >> c->at_bits))
        p->slot[i].val += UINT32_C(1) << c->at_bits;
    keep_hit(c, &p->slot[i]);
    return &p->slot[i];
}

/* After slots of part p were emptied: every entry taken out and put back,
 * in probe order from `empty`, a slot that was empty before (no entry's
 * probe from its home crosses it), so that each is found from its home
 * again (linear probing keeps no tombstones); each lands at or before
 * where it was. */
static void repack(const EdgeCache *c, CachePart *p, uint32_t empty)
{
    for (uint32_t k = 1, i = empty; k < p->n; k++) {
        i = i + 1 == p->n ? 0 : i + 1;
        if (!p->slot[i].key)
            continue;
        uint64_t key = slot_key(c, p, i);
        uint32_t val = p->slot[i].val;
        p->slot[i].key = 0;
        slot_set(c, p, find_in(c, p, key), key, val);
    }
}

/* Evicts the legs whose records start in [lo, hi) of the stream, from
 * every part (a pass over the slots, once a slice); returns the bit past
 * the last of their records, at least hi. */
static uint64_t evict_range(EdgeCache *c, uint64_t lo, uint64_t hi)
{
    uint64_t end = hi;
    uint32_t mask = slot_at_mask(c);
    for (uint32_t k = 0; k < c->nparts; k++) {
        CachePart *p = &c->part[k];
        if (!p->slot || p->epoch != c->epoch || !p->used)
            continue;
        uint32_t gone = 0, empty = 0;
        while (p->slot[empty].key) /* at most 7/8 of the slots are used */
            empty++;
        for (uint32_t i = 0; i < p->n; i++) {
            uint32_t at = p->slot[i].val & mask;
            if (!p->slot[i].key || at < lo || at >= hi)
                continue;
            uint64_t e = at + leg_record_bits(c->legs.p, at);
            end = e > end ? e : end;
            p->slot[i].key = 0;
            gone++;
        }
        if (gone) {
            p->used = (uint16_t)(p->used - gone);
            c->used -= gone;
            c->evicted += gone;
            repack(c, p, empty);
        }
    }
    return end;
}

/* The oldest slice of the stream evicted: the records from `tail` on, an
 * EVICT_SLICES-th of the stream's run (at least EVICT_LEAST bits), up to
 * the end of the older run. When that run is gone, the newer one (from bit
 * 0) is the older; when none is left, the stream starts again at 0. */
#define EVICT_SLICES 8u
#define EVICT_LEAST 64u
static void evict_slice(EdgeCache *c)
{
    uint64_t end = c->ring ? c->ring : c->legs.used, slice = end / EVICT_SLICES;
    slice = slice > EVICT_LEAST ? slice : EVICT_LEAST;
    c->tail = evict_range(c, c->tail, c->tail + slice < end ? c->tail + slice : end);
    c->evictions++;
    if (c->tail < end)
        return;
    if (c->ring)
        c->ring = 0;
    else
        c->legs.used = 0; /* leg.c writes each byte whole at its first bit */
    c->tail = 0;
}

/* Bytes of the slots: every part's block and the parts' records. */
static size_t slots_bytes(const EdgeCache *c)
{
    return c->nparts ? block_bytes(c, c->slots) + (size_t)c->nparts * sizeof *c->part : 0;
}

/* The bytes a cap keeps for the first slots of the parts without any yet
 * (so that every part may take legs whatever the others and the stream
 * took), and the slots' own. */
static size_t slots_kept(const EdgeCache *c) { return slots_bytes(c) + block_bytes(c, c->unborn * c->first); }

/* The most bits the stream may hold with the slots as they are: no cap, a
 * slot's offset bits; under a cap, what fits beside the slots (leg.c's
 * growth stops there). */
static uint64_t stream_limit(const EdgeCache *c)
{
    uint64_t most = UINT64_C(1) << c->at_bits;
    if (!c->cap_bytes)
        return most;
    size_t slots = slots_kept(c);
    size_t room = c->cap_bytes > slots + STREAM_SLACK ? c->cap_bytes - slots - STREAM_SLACK : 0;
    uint64_t bits = (uint64_t)room * 8;
    return bits < most ? bits : most;
}

/* Room in part p for one more entry: its first slots (room kept for them,
 * slots_kept), else grown by a quarter (a slot is most of a game map's
 * entry, so its growth's step is most of what is held beyond the entries'
 * need; a part's growth moves only its own slots, so a small step costs
 * little), or under a cap by what it leaves beside the stream's buffer and
 * the other parts; false when it would grow by less than an eighth (or
 * memory ran out): then the oldest legs are evicted instead (make_room). */
bool edge_cache_part_room(EdgeCache *c, CachePart *p)
{
    uint32_t n = p->n;
    if (!p->slot)
        return part_resize(c, p, c->first);
    if (slots_fit((p->epoch == c->epoch ? p->used : 0) + 1, n))
        return true;
    size_t want = (size_t)n + (n / 4 > 2 ? n / 4 : 2);
    want = want < EDGE_CACHE_PART_SLOTS ? want : EDGE_CACHE_PART_SLOTS;
    if (c->cap_bytes) {
        size_t held = slots_kept(c) + c->legs.cap;
        size_t fit = n + (c->cap_bytes > held ? (c->cap_bytes - held) / edge_cache_slot_bytes(c) : 0);
        want = fit < want ? fit : want;
    }
    return want >= (size_t)n + n / 8 && want > n && part_resize(c, p, (uint32_t)want);
}

/* Room for one more entry in part p and `bits` more of stream within the
 * cap, the oldest legs evicted a slice at a time where the part cannot
 * grow or the stream is at its most; false when the record cannot fit
 * even in an empty cache or memory ran out. Sets *limit to the bit the
 * record may end at (leg_put). The stream is a ring: written from `tail`
 * on up to its most, then again from bit 0 up to `tail` (the older run
 * then ends at `ring`), so a leg put is kept until the stream's writes
 * come round to it, whatever the legs put after it. */
static bool make_room(EdgeCache *c, CachePart *p, uint64_t bits, uint64_t *limit)
{
    while (!edge_cache_part_room(c, p)) {
        if (!c->used)
            return false;
        evict_slice(c);
    }
    uint64_t most = stream_limit(c);
    c->keep_from = most / 4 * 3;
    if (bits > most)
        return false;
    for (;;) {
        if (c->ring && c->legs.used + bits <= (c->tail & ~(uint64_t)7)) {
            *limit = c->tail & ~(uint64_t)7; /* no byte of the oldest record written over */
            return true;
        }
        if (!c->ring && c->legs.used + bits <= most) {
            *limit = most;
            return true;
        }
        if (!c->ring) { /* the older records from tail on, the new ones from bit 0 */
            c->ring = c->legs.used;
            c->legs.used = 0;
            continue;
        }
        evict_slice(c);
    }
}

/* Once the stream nears its cap, the record of a hit in the older half of
 * the stream's live records is copied to the stream's head where there is
 * room without evicting (its old copy left, unused): a leg hit again is
 * kept a while longer, one never hit again is evicted with its slice
 * (make_room). A hit in the newer half, or without a cap, leaves it where
 * it is. */
static void keep_hit(EdgeCache *c, CacheSlot *s)
{
    if (c->legs.used < c->keep_from && !c->evictions)
        return; /* far from its cap: no leg will be evicted soon */
    uint32_t mask = slot_at_mask(c);
    uint64_t at = s->val & mask, used = c->legs.used, to;
    uint64_t live = c->ring ? c->ring - c->tail + used : used - c->tail;
    uint64_t age = at >= c->tail ? at - c->tail : c->ring - c->tail + at;
    if (age * 2 >= live)
        return;
    uint64_t limit = c->ring ? c->tail & ~(uint64_t)7 : stream_limit(c);
    if (leg_copy(&c->legs, at, limit, &to))
        s->val = (s->val & ~mask) | (uint32_t)to;
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

bool edge_cache_put(EdgeCache *c, uint32_t a, uint32_t b, const xyLoc *way, size_t k)
{
    if (c->mode == LEGS_OFF)
        return false;
    uint64_t key = make_key(c, a, b), at, limit;
    if (!key)
        return false;
    CachePart *p = part_of(c, key);
    if (live(c, p, find_in(c, p, key)))
        return true;
    uint64_t bits = leg_way_bits(way, k);
    if (!make_room(c, p, bits, &limit))
        return false;
    size_t more = leg_grow_bytes(&c->legs, bits, limit);
    if (more) /* a few times in the cache's life: the stream grows by half */
        grow_gate_ask(&c->gate, more);
    if (!leg_put(&c->legs, way, k, limit, &at))
        return false;
    claim(c, p);
    slot_set(c, p, find_in(c, p, key), key, (uint32_t)at);
    p->used++;
    c->used++;
    return true;
}

size_t edge_cache_bytes(const EdgeCache *c) { return slots_bytes(c) + c->legs.cap; }

uint32_t edge_cache_slots(const EdgeCache *c) { return c->slots; }

bool edge_cache_slot(const EdgeCache *c, uint32_t i, uint32_t *ka, uint32_t *kb, uint32_t *at, uint16_t *hits)
{
    uint32_t k = 0;
    while (k < c->nparts && i >= c->part[k].n)
        i -= c->part[k++].n;
    if (k == c->nparts || !live(c, &c->part[k], i))
        return false;
    const CachePart *p = &c->part[k];
    uint32_t pa, pb;
    key_pair(c->wide, slot_key(c, p, i), &pa, &pb);
    if (ka)
        *ka = pa;
    if (kb)
        *kb = pb;
    if (at)
        *at = p->slot[i].val & slot_at_mask(c);
    if (hits)
        *hits = (uint16_t)(p->slot[i].val >> c->at_bits);
    return true;
}
