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

/* Bytes after a part's slots so that its last slot's word reads whole
 * (slot_word). */
static size_t block_pad(const EdgeCache *c) { return EDGE_CACHE_SLOT_WORD - c->stride; }

/* Bytes of a part's block of n slots. */
static size_t block_bytes(const EdgeCache *c, uint32_t n)
{
    return (size_t)n * edge_cache_slot_bytes(c) + block_pad(c);
}

/* Part p's block of n slots, all empty (its old block, moved into it,
 * freed: within one put); false, the part as it was, when memory ran out. */
static bool part_resize(EdgeCache *c, CachePart *p, uint32_t n)
{
    grow_gate_ask(&c->gate, (size_t)(n > p->n ? n - p->n : 0) * edge_cache_slot_bytes(c));
    CachePart to = {.slot = malloc(block_bytes(c, n)), .n = n, .epoch = c->epoch};
    if (!to.slot)
        return false;
    memset(to.slot, 0, block_bytes(c, n)); /* written, not calloc's untouched pages (edge_cache_reserve) */
    if (p->epoch == c->epoch)              /* else empty, whatever its slots say */
        for (uint32_t i = 0; i < p->n; i++)
            if (slot_key_lo(c, p, i)) {
                uint64_t key = slot_key(c, p, i);
                uint32_t j = (uint32_t)(((hash_key(key) & UINT32_MAX) * n) >> 32);
                while (slot_key_lo(c, &to, j))
                    j = j + 1 == n ? 0 : j + 1;
                slot_set(c, &to, j, key, slot_val(c, p, i));
                to.used++;
            }
    if (p->n > c->grow_max)
        c->grow_max = p->n;
    c->unborn -= !p->slot;
    c->resized++;
    free(p->slot);
    c->slots += n - p->n;
    *p = to;
    return true;
}

bool edge_cache_init(EdgeCache *c, LegMode mode, size_t cap_bytes, uint32_t ids, uint32_t legs, Err *err)
{
    memset(c, 0, sizeof *c);
    c->mode = mode;
    c->epoch = 1;
    if (mode == LEGS_OFF)
        return true;
    uint32_t parts = EDGE_CACHE_UNCAPPED_PARTS, first = FIRST_SLOTS / EDGE_CACHE_UNCAPPED_PARTS;
    if (cap_bytes) {
        c->cap_bytes = cap_bytes < EDGE_CACHE_MIN_BYTES ? EDGE_CACHE_MIN_BYTES : cap_bytes;
        size_t most = c->cap_bytes / EDGE_CACHE_SLOT_WORD, all = (size_t)legs * LEG_PART_SLOTS;
        most = legs && all < most ? all : most;
        parts = (uint32_t)((most + EDGE_CACHE_PART_MOST - 1) / EDGE_CACHE_PART_MOST);
        first = CAPPED_FIRST_PART_SLOTS;
    }
    c->at_bits = MOST_AT_BITS;
    while (c->cap_bytes && c->at_bits > 16 && (uint64_t)c->cap_bytes * 8 <= UINT64_C(1) << (c->at_bits - 1))
        c->at_bits--;
    edge_cache_layout(c, ids);
    c->first = first;
    c->part = calloc(parts, sizeof *c->part);
    if (!c->part)
        return err_set(err, "out of memory for the edge cache");
    c->nparts = c->unborn = parts;
    return true;
}

/* The bits a region id below `ids` takes (ids itself fits, so the
 * largest id is never all ones: pair_key). */
static int id_bits_of(uint32_t ids)
{
    int bits = 1;
    while (bits < 32 && ids >> bits)
        bits++;
    return bits;
}

/* The least bits a slot's hit count takes (HIT_LEAST_BITS = 1: hit or
 * not); where the key and the offset leave more of the slot's last byte,
 * the count takes those too. */
#define HIT_LEAST_BITS 1

void edge_cache_layout(EdgeCache *c, uint32_t ids)
{
    c->wide = edge_cache_wide(ids);
    c->id_bits = (uint8_t)(c->wide ? 32 : id_bits_of(ids));
    c->key_bits = (uint8_t)(c->wide ? 32 : 2 * c->id_bits);
    int bits = c->key_bits + c->at_bits + HIT_LEAST_BITS;
    c->stride = (uint8_t)(c->wide ? (int)EDGE_CACHE_SLOT_WORD : (bits + 7) / 8);
    int val = 8 * c->stride - c->key_bits;
    c->val_bits = (uint8_t)(val < 32 ? val : 32);
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
    return pair_key(c->id_bits, ka, kb);
}

static uint32_t keep_hit(EdgeCache *c, uint32_t val);

/* The leg a -> b's record offset, counted as a hit (and kept, keep_hit),
 * or false (a miss). */
static bool lookup(EdgeCache *c, uint32_t a, uint32_t b, uint32_t *at)
{
    if (c->mode == LEGS_OFF)
        return false;
    uint64_t key = make_key(c, a, b);
    CachePart *p = key ? part_of(c, key) : NULL;
    uint32_t i = p ? find_in(c, p, key) : 0;
    if (!p || !live(c, p, i)) {
        c->misses++;
        return false;
    }
    c->hits++;
    uint32_t val = slot_val(c, p, i), was = val;
    if (val >> c->at_bits < slot_hits_most(c))
        val += UINT32_C(1) << c->at_bits;
    val = keep_hit(c, val);
    if (val != was)
        slot_set_val(c, p, i, val);
    *at = val & slot_at_mask(c);
    return true;
}

/* Bytes of the slots: every part's block and the parts' records. */
static size_t slots_bytes(const EdgeCache *c)
{
    if (!c->nparts)
        return 0;
    size_t blocks = c->nparts - c->unborn;
    return (size_t)c->slots * edge_cache_slot_bytes(c) + blocks * block_pad(c) + (size_t)c->nparts * sizeof *c->part;
}

/* The bytes a cap keeps for the first slots of the parts without any yet
 * (so that every part may take legs whatever the others and the stream
 * took), and the slots' own. */
static size_t slots_kept(const EdgeCache *c) { return slots_bytes(c) + (size_t)c->unborn * block_bytes(c, c->first); }

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

/* The slots a part of n slots grows to, its cap aside: by a quarter. */
static size_t next_slots(uint32_t n) { return (size_t)n + (n / 4 > 2 ? n / 4 : 2); }

/* The slots part p would grow to, or 0 where it would grow by less than
 * an eighth (edge_cache_part_room). */
static uint32_t part_grown(const EdgeCache *c, const CachePart *p)
{
    uint32_t n = p->n;
    size_t want = next_slots(n);
    want = want < EDGE_CACHE_PART_SLOTS ? want : EDGE_CACHE_PART_SLOTS;
    if (c->cap_bytes) {
        size_t held = slots_kept(c) + c->legs.cap;
        size_t fit = n + (c->cap_bytes > held ? (c->cap_bytes - held) / edge_cache_slot_bytes(c) : 0);
        want = fit < want ? fit : want;
    }
    return want >= (size_t)n + n / 8 && want > n ? (uint32_t)want : 0;
}

/* A part's live entries. */
static uint32_t part_used(const EdgeCache *c, const CachePart *p) { return p->epoch == c->epoch ? p->used : 0; }

/* Room in part p for one more entry: its first slots (room kept for them,
 * slots_kept), else grown by a quarter (a slot is most of a game map's
 * entry, so its growth's step is most of what is held beyond the entries'
 * need; a part's growth moves only its own slots, so a small step costs
 * little), or under a cap by what it leaves beside the stream's buffer and
 * the other parts; false when it would grow by less than an eighth (or
 * memory ran out): then the oldest legs are evicted instead (make_room). */
bool edge_cache_part_room(EdgeCache *c, CachePart *p)
{
    if (!p->slot)
        return part_resize(c, p, c->first);
    if (slots_fit(part_used(c, p) + 1, p->n))
        return true;
    uint32_t want = part_grown(c, p);
    return want && part_resize(c, p, want);
}

/* The stream's room left before its writes reach `tail` (a record takes
 * it whole from one run's end or the other's start). */
static uint64_t stream_room(const EdgeCache *c)
{
    uint64_t most = stream_limit(c), tail = c->tail & ~(uint64_t)7, used = c->legs.used;
    if (c->ring)
        return tail > used ? tail - used : 0;
    return (most > used ? most - used : 0) + tail;
}

/* The room kept for the puts while a slice's steps pass (a slice's
 * EVICT_AHEAD-th): with half a slice kept, the stream held fewer legs,
 * which missed more (results/reference/mm-paper/fitmem51.md); a hit's
 * copy (keep_hit) never takes it. */
#define EVICT_AHEAD 8u
static bool stream_short(const EdgeCache *c, uint64_t bits)
{
    return stream_room(c) < bits + edge_cache_slice_bits(c) / EVICT_AHEAD;
}

/* Before a put of `bits` into part p under a cap: the slice begun passed
 * a step further, or one begun where the part, with no growth left, has
 * room for few more entries than its share, twice over, of the puts a
 * slice's steps take (with room kept for two entries, a part often filled
 * before its slice was gone, evicted then at once), or where the
 * stream is short of room beyond the put; so the room is there before a
 * put needs it, and make_room evicts at once only where a slice's steps
 * come too late. */
static void evict_ahead(EdgeCache *c, const CachePart *p, uint64_t bits)
{
    if (c->ev_on) {
        edge_cache_evict_step(c, EVICT_STEP_SLOTS);
        return;
    }
    if (!c->cap_bytes || !c->used)
        return;
    uint32_t steps = c->slots / EVICT_STEP_SLOTS + 1; /* the puts a slice takes, about */
    bool part_near = p->slot && !slots_fit(part_used(c, p) + 3 + 2 * steps / c->nparts, p->n) && !part_grown(c, p);
    if (part_near || stream_short(c, bits)) {
        edge_cache_evict_begin(c);
        edge_cache_evict_step(c, EVICT_STEP_SLOTS);
    }
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
        edge_cache_evict_slice(c);
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
        edge_cache_evict_slice(c);
    }
}

/* Once the stream nears its cap, the record of a hit in the older half of
 * the stream's live records is copied to the stream's head where there is
 * room without evicting (its old copy left, unused): a leg hit again is
 * kept a while longer, one never hit again is evicted with its slice
 * (make_room). A hit in the newer half, or without a cap, leaves it where
 * it is. Returns the slot's val, its offset the copy's where copied. */
static uint32_t keep_hit(EdgeCache *c, uint32_t val)
{
    if (c->legs.used < c->keep_from && !c->evictions)
        return val; /* far from its cap: no leg will be evicted soon */
    uint32_t mask = slot_at_mask(c);
    uint64_t at = val & mask, used = c->legs.used, to;
    uint64_t live = c->ring ? c->ring - c->tail + used : used - c->tail;
    uint64_t age = at >= c->tail ? at - c->tail : c->ring - c->tail + at;
    if (age * 2 >= live || (c->cap_bytes && stream_short(c, leg_record_bits(c->legs.p, at))))
        return val; /* newer, or the room kept for the puts (evict_ahead) */
    uint64_t limit = c->ring ? c->tail & ~(uint64_t)7 : stream_limit(c);
    return leg_copy(&c->legs, at, limit, &to) ? (val & ~mask) | (uint32_t)to : val;
}

bool edge_cache_get(EdgeCache *c, uint32_t a, uint32_t b, xyLoc from, xyLoc to, xyPath *out)
{
    uint32_t at;
    bool hit = lookup(c, a, b, &at);
    if (hit)
        leg_decode_way(c->legs.p, at, from, to, out);
    return hit;
}

bool edge_cache_get_cells(EdgeCache *c, uint32_t a, uint32_t b, xyLoc from, xyLoc to, xyPath *out)
{
    uint32_t at;
    bool hit = lookup(c, a, b, &at);
    if (hit)
        leg_decode(c->legs.p, at, from, to, out);
    return hit;
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
    evict_ahead(c, p, bits);
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

size_t edge_cache_put_slots(const EdgeCache *c, uint32_t a, uint32_t b)
{
    uint64_t key = c->mode == LEGS_OFF ? 0 : make_key(c, a, b);
    if (!key)
        return 0;
    const CachePart *p = part_of(c, key);
    size_t n = c->ev_on ? EVICT_STEP_SLOTS : 0;
    if (!p->slot)
        return n + c->first;
    if (slots_fit(part_used(c, p) + 1, p->n))
        return n;
    uint32_t want = part_grown(c, p);
    return n + (want ? p->n + want : c->slots); /* no growth: a slice evicted at once (make_room) */
}

size_t edge_cache_bytes(const EdgeCache *c) { return slots_bytes(c) + c->legs.cap; }

/* Slots a leg takes, in sevenths (at most 7/8 of a part's slots used). */
#define LEG_SLOT_SEVENTHS 8u

/* The slots' share of a reserve, in parts per 256 (of what the parts'
 * records and the stream's slack leave): a leg's slots beside its
 * EDGE_CACHE_STREAM_LEG bytes of stream. */
static size_t slot_share(size_t slot_bytes)
{
    size_t leg = slot_bytes * LEG_SLOT_SEVENTHS;
    return 256 * leg / (leg + 7 * EDGE_CACHE_STREAM_LEG);
}

size_t edge_cache_legs_bytes(LegMode mode, uint32_t ids, uint32_t legs)
{
    if (mode == LEGS_OFF)
        return 0;
    EdgeCache most = {.at_bits = MOST_AT_BITS}; /* a slot's layout at its widest offset: the cap is not known here */
    edge_cache_layout(&most, ids);
    size_t records = (size_t)legs * (mode == LEGS_NOSYM ? 2 : 1), slot = edge_cache_slot_bytes(&most);
    size_t parts = (size_t)legs * LEG_PART_SLOTS / EDGE_CACHE_PART_MOST + 1;
    return records * (slot * LEG_SLOT_SEVENTHS / 7 + EDGE_CACHE_STREAM_LEG) + parts * sizeof(CachePart) +
           2 * STREAM_SLACK;
}

bool edge_cache_reserve(EdgeCache *c, size_t bytes)
{
    if (c->mode == LEGS_OFF || !c->cap_bytes)
        return true;
    bytes = bytes < c->cap_bytes ? bytes : c->cap_bytes;
    size_t sb = edge_cache_slot_bytes(c), fixed = (size_t)c->nparts * sizeof *c->part + 2 * STREAM_SLACK;
    size_t room = bytes > fixed ? bytes - fixed : 0;
    size_t most = room / 256 * slot_share(sb) / sb / c->nparts;
    /* The most of a part's growth steps from its first slots: a part that
     * outgrows it takes the sizes it would have grown to without it. */
    uint32_t n = c->first;
    while (next_slots(n) <= most && next_slots(n) <= EDGE_CACHE_PART_SLOTS)
        n = (uint32_t)next_slots(n);
    for (uint32_t k = 0; k < c->nparts; k++) {
        CachePart *p = &c->part[k];
        if (p->n >= n)
            continue;
        if (!part_resize(c, p, n))
            return false;
    }
    size_t slots = slots_bytes(c);
    return leg_bits_reserve(&c->legs, bytes > slots ? bytes - slots : 0);
}

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
    key_pair(c->id_bits, slot_key(c, p, i), &pa, &pb);
    if (ka)
        *ka = pa;
    if (kb)
        *kb = pb;
    if (at)
        *at = slot_val(c, p, i) & slot_at_mask(c);
    if (hits)
        *hits = (uint16_t)(slot_val(c, p, i) >> c->at_bits);
    return true;
}
