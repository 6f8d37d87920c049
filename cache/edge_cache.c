#include "edge_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../grid/grid.h"

int move_code(xyLoc a, xyLoc b)
{
    int dx = b.x - a.x, dy = b.y - a.y;
    for (int d = 0; d < 8; d++)
        if (GRID_DX[d] == dx && GRID_DY[d] == dy)
            return d;
    return -1;
}

static uint64_t hash_key(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return k;
}

bool edge_cache_init(EdgeCache *c, CacheMode mode, Err *err)
{
    memset(c, 0, sizeof *c);
    c->mode = mode;
    if (mode == CACHE_OFF)
        return true;
    c->nslots = 1024;
    c->slot = calloc(c->nslots, sizeof *c->slot);
    c->arena_cap = 16384;
    c->arena = malloc(c->arena_cap);
    if (!c->slot || !c->arena) {
        edge_cache_free(c);
        return err_set(err, "out of memory for the edge cache");
    }
    return true;
}

void edge_cache_free(EdgeCache *c)
{
    free(c->slot);
    free(c->arena);
    memset(c, 0, sizeof *c);
}

static CacheSlot *find(const EdgeCache *c, uint64_t key)
{
    uint32_t mask = c->nslots - 1, i = (uint32_t)hash_key(key) & mask;
    while (c->slot[i].key && c->slot[i].key != key)
        i = (i + 1) & mask;
    return &c->slot[i];
}

static uint64_t make_key(const EdgeCache *c, uint32_t a, uint32_t b, bool *reversed)
{
    *reversed = c->mode == CACHE_SYM && a > b;
    if (*reversed) {
        uint32_t t = a;
        a = b;
        b = t;
    }
    return ((uint64_t)a << 32 | b) + 1;
}

static inline int nibble(const uint8_t *p, size_t i) { return (p[i >> 1] >> ((i & 1) * 4)) & 15; }

bool edge_cache_get(EdgeCache *c, uint32_t a, uint32_t b, xyLoc from, xyPath *out)
{
    if (c->mode == CACHE_OFF)
        return false;
    bool reversed;
    CacheSlot *s = find(c, make_key(c, a, b, &reversed));
    if (!s->key) {
        c->misses++;
        return false;
    }
    c->hits++;
    if (s->hits < UINT16_MAX)
        s->hits++;
    edge_cache_decode(c->arena + s->offset, s->moves, reversed, from, out);
    return true;
}

void edge_cache_decode(const uint8_t *moves, size_t nmoves, bool reversed, xyLoc from, xyPath *out)
{
    path_reserve(out, nmoves);
    xyLoc cur = from;
    int sign = reversed ? -1 : 1;
    for (size_t i = 0; i < nmoves; i++) {
        /* Backwards: the last stored move first, each undone. */
        int d = reversed ? nibble(moves, nmoves - 1 - i) : nibble(moves, i);
        cur.x = (int16_t)(cur.x + sign * GRID_DX[d]);
        cur.y = (int16_t)(cur.y + sign * GRID_DY[d]);
        out->cells[out->len++] = cur;
    }
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

size_t edge_cache_remap(EdgeCache *c, bool (*rekey)(void *ctx, uint32_t *a, uint32_t *b, const uint8_t *moves,
                                                    size_t nmoves), void *ctx)
{
    if (c->mode == CACHE_OFF)
        return 0;
    /* Linear probing needs every key reachable from its home slot, so the
     * survivors go into a fresh slot array. Without memory for it the whole
     * cache is emptied: always correct, only slower until it refills. */
    CacheSlot *fresh = calloc(c->nslots, sizeof *fresh);
    size_t dropped = 0;
    uint32_t kept = 0;
    CacheSlot *old = c->slot;
    if (fresh)
        c->slot = fresh;
    for (uint32_t i = 0; i < c->nslots; i++) {
        CacheSlot s = old[i];
        if (!s.key)
            continue;
        uint64_t k = s.key - 1;
        uint32_t a = (uint32_t)(k >> 32), b = (uint32_t)k;
        if (!fresh || !rekey(ctx, &a, &b, c->arena + s.offset, s.moves)) {
            dropped++;
            old[i].key = fresh ? old[i].key : 0;
            continue;
        }
        s.key = ((uint64_t)a << 32 | b) + 1;
        *find(c, s.key) = s;
        kept++;
    }
    if (fresh)
        free(old);
    c->used = kept;
    return dropped;
}

bool edge_cache_put(EdgeCache *c, uint32_t a, uint32_t b, const xyLoc *cells, size_t n)
{
    if (c->mode == CACHE_OFF || n < 1 || n - 1 > UINT16_MAX)
        return false;
    if ((c->used + 1) * 2 > c->nslots && !grow_slots(c))
        return false;
    bool reversed;
    uint64_t key = make_key(c, a, b, &reversed);
    CacheSlot *s = find(c, key);
    if (s->key)
        return true;
    size_t moves = n - 1, bytes = (moves + 1) / 2;
    if (c->arena_used + bytes > c->arena_cap) {
        size_t cap = c->arena_cap;
        while (c->arena_used + bytes > cap)
            cap *= 2;
        uint8_t *na = realloc(c->arena, cap);
        if (!na)
            return false;
        c->arena = na;
        c->arena_cap = cap;
    }
    uint8_t *p = c->arena + c->arena_used;
    memset(p, 0, bytes);
    /* Stored in key order: a reversed leg is stored from its far end. */
    for (size_t i = 0; i < moves; i++) {
        int d = reversed ? move_code(cells[n - 1 - i], cells[n - 2 - i]) : move_code(cells[i], cells[i + 1]);
        p[i >> 1] |= (uint8_t)(d << ((i & 1) * 4));
    }
    *s = (CacheSlot){key, (uint32_t)c->arena_used, (uint16_t)moves, 0};
    c->arena_used += bytes;
    c->used++;
    return true;
}

size_t edge_cache_bytes(const EdgeCache *c)
{
    return (size_t)c->nslots * sizeof(CacheSlot) + c->arena_used;
}

void edge_cache_report(const EdgeCache *c, EntryCounters *out)
{
    counters_add(out, "cache_hits", (double)c->hits);
    counters_add(out, "cache_misses", (double)c->misses);
    counters_add(out, "cache_bytes", (double)edge_cache_bytes(c));
    counters_add(out, "cache_entries", (double)c->used);
    if (c->mode == CACHE_OFF)
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
