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

/* Slots the cache starts with (fewer under a cap, so the cap is not spent
 * on empty slots), and the stream's first block (leg.c grows it from 4096
 * bytes by doubling). */
#define FIRST_SLOTS 1024u
#define CAPPED_FIRST_SLOTS 64u
#define STREAM_BLOCK 4096u
/* Bytes leg.c keeps past the last record, and then some. */
#define STREAM_SLACK 16u

bool edge_cache_init(EdgeCache *c, LegMode mode, size_t cap_bytes, Err *err)
{
    memset(c, 0, sizeof *c);
    c->mode = mode;
    c->epoch = 1;
    if (mode == LEGS_OFF)
        return true;
    c->nslots = FIRST_SLOTS;
    if (cap_bytes) {
        c->cap_bytes = cap_bytes < EDGE_CACHE_MIN_BYTES ? EDGE_CACHE_MIN_BYTES : cap_bytes;
        c->nslots = CAPPED_FIRST_SLOTS;
    }
    c->slot = calloc(c->nslots, sizeof *c->slot);
    if (!c->slot)
        return err_set(err, "out of memory for the edge cache");
    return true;
}

void edge_cache_free(EdgeCache *c)
{
    free(c->slot);
    free(c->next);
    leg_bits_free(&c->legs);
    memset(c, 0, sizeof *c);
}

static bool live(const EdgeCache *c, const CacheSlot *s) { return s->key && s->epoch == c->epoch; }

/* The slot of `key` in the array of n slots, or the empty one it would go in. */
static CacheSlot *find_in(const EdgeCache *c, CacheSlot *slot, uint32_t n, uint64_t key)
{
    uint32_t mask = n - 1, i = (uint32_t)hash_key(key) & mask;
    while (live(c, &slot[i]) && slot[i].key != key)
        i = (i + 1) & mask;
    return &slot[i];
}

/* Whether puts go into the doubled array (it is zeroed) while the old is moved over. */
static bool moving(const EdgeCache *c) { return c->next && c->zeroed == 2 * c->nslots; }

/* The slot holding `key`, or the empty one a put of it takes. */
static CacheSlot *find(const EdgeCache *c, uint64_t key)
{
    if (!moving(c))
        return find_in(c, c->slot, c->nslots, key);
    CacheSlot *s = find_in(c, c->next, 2 * c->nslots, key);
    if (s->key == key && live(c, s))
        return s;
    /* Not moved yet? The old array keeps every slot until it is freed. */
    CacheSlot *o = find_in(c, c->slot, c->nslots, key);
    return live(c, o) ? o : s;
}

/* The growth's next piece: zeroing the doubled array, then moving the old
 * array's live slots into it; the old array is freed after its last. */
static void grow_step(EdgeCache *c)
{
    if (!c->next)
        return;
    uint32_t n = c->nslots, done;
    if (c->zeroed < 2 * n) {
        done = 2 * n - c->zeroed < EDGE_CACHE_GROW_ZERO ? 2 * n - c->zeroed : EDGE_CACHE_GROW_ZERO;
        memset(c->next + c->zeroed, 0, (size_t)done * sizeof *c->next);
        c->zeroed += done;
    } else {
        uint32_t end = n - c->moved < EDGE_CACHE_GROW_MOVE ? n : c->moved + EDGE_CACHE_GROW_MOVE;
        done = end - c->moved;
        for (; c->moved < end; c->moved++)
            if (live(c, &c->slot[c->moved]))
                *find_in(c, c->next, 2 * n, c->slot[c->moved].key) = c->slot[c->moved];
        if (c->moved == n) {
            free(c->slot);
            c->slot = c->next;
            c->nslots = 2 * n;
            c->next = NULL;
            c->zeroed = c->moved = 0;
        }
    }
    if (done > c->grow_max)
        c->grow_max = done;
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
    grow_step(c);
    CacheSlot *s = find(c, make_key(c, a, b));
    if (!live(c, s)) {
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

/* Starts doubling the slots (grow_step goes on with it); false, the cache
 * as it was, when memory ran out. */
static bool grow_begin(EdgeCache *c)
{
    if ((uint64_t)c->nslots * 2 > UINT32_MAX / 2)
        return false;
    c->next = malloc((size_t)c->nslots * 2 * sizeof *c->next);
    c->zeroed = c->moved = 0;
    return c->next != NULL;
}

/* Every entry evicted: the slots and the stream are kept for the legs to
 * come. A new epoch empties every slot at once (a growth under way goes on,
 * moving nothing now); only when the 16-bit epoch wraps, once in 65535
 * flushes, are the slots zeroed whole. */
static void flush(EdgeCache *c)
{
    if (++c->epoch == 0) {
        memset(c->slot, 0, (size_t)c->nslots * sizeof *c->slot);
        if (c->next)
            memset(c->next, 0, (size_t)c->zeroed * sizeof *c->next);
        c->epoch = 1;
    }
    c->legs.used = 0; /* leg.c writes each byte whole at its first bit */
    c->used = 0;
    c->flushes++;
}

/* The most bits the stream may hold with the slots as they are: no cap, a
 * slot's 32-bit offset; under a cap, the largest buffer leg.c's doubling
 * reaches (from what it holds) that fits beside the slots. */
static uint64_t stream_limit(const EdgeCache *c)
{
    if (!c->cap_bytes)
        return MAX_STREAM_BITS;
    size_t room = c->cap_bytes - (size_t)(c->next ? 2 * c->nslots : c->nslots) * sizeof(CacheSlot);
    size_t block = c->legs.cap ? c->legs.cap : STREAM_BLOCK;
    while (block * 2 <= room)
        block *= 2;
    return block > room && !c->legs.cap ? 0 : (uint64_t)(block - STREAM_SLACK) * 8;
}

/* Room for one more entry and `bits` more of stream within the cap: the
 * slots start doubling while they and the stream fit in it, else the cache
 * is emptied; false when the record cannot fit even in an empty cache or
 * memory ran out. Sets *limit to the stream's bound for leg_put. */
static bool make_room(EdgeCache *c, uint64_t bits, uint64_t *limit)
{
    if (!c->next && (c->used + 1) * 2 > c->nslots) {
        if (!c->cap_bytes || (size_t)c->nslots * 2 * sizeof(CacheSlot) + c->legs.cap <= c->cap_bytes) {
            if (!grow_begin(c))
                return false;
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
    if (live(c, find(c, key)))
        return true;
    uint64_t limit;
    if (!make_room(c, leg_way_bits(way, k), &limit))
        return false;
    CacheSlot *s = find(c, key);
    if (!leg_put(&c->legs, way, k, limit, &at))
        return false;
    *s = (CacheSlot){key, (uint32_t)at, 0, c->epoch};
    c->used++;
    return true;
}

size_t edge_cache_remap(EdgeCache *c, const AbsIndex *old, const AbsIndex *fresh, const uint8_t *touched)
{
    if (c->mode == LEGS_OFF)
        return 0;
    while (c->next) /* an update, not a query, pays the growth's rest */
        grow_step(c);
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
        if (!live(c, &s))
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

size_t edge_cache_bytes(const EdgeCache *c)
{
    return (size_t)(c->next ? 3 * (size_t)c->nslots : c->nslots) * sizeof(CacheSlot) + c->legs.cap;
}

uint32_t edge_cache_slots(const EdgeCache *c) { return c->next ? 3 * c->nslots : c->nslots; }

const CacheSlot *edge_cache_slot(const EdgeCache *c, uint32_t i)
{
    if (i >= c->nslots) {
        i -= c->nslots;
        return i < c->zeroed && live(c, &c->next[i]) ? &c->next[i] : NULL;
    }
    /* Growing, a moved slot is in both arrays: the doubled one's copy counts. */
    return live(c, &c->slot[i]) && !(moving(c) && i < c->moved) ? &c->slot[i] : NULL;
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
    for (uint32_t i = 0; i < edge_cache_slots(c); i++) {
        const CacheSlot *s = edge_cache_slot(c, i);
        if (!s)
            continue;
        int k = 0;
        for (unsigned h = s->hits; h; h >>= 1)
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
