/* edge_cache_evict.c: the edge cache's eviction (edge_cache_slots.h):
 * the stream's oldest slice of records taken out of the slots, a few parts
 * a put, and the stream's tail moved on past it. When to begin a slice,
 * and the room a put needs, are edge_cache.c's (evict_ahead, make_room). */
#include "edge_cache_slots.h"

/* Slot i of part p emptied, the entries after it in its cluster moved back
 * (linear probing keeps no tombstones): each that the hole cuts off from
 * its home takes the hole's place, the hole moving on to where it was,
 * until an empty slot ends the cluster. The work is the cluster's length,
 * not the part's: an eviction that emptied a slice's slots and then put
 * every entry of each part it touched back again cost a pass over all the
 * entries, and on a map whose legs pass a small cap those passes were its
 * longest calls (results/reference/mm-paper/fitmem51.md). Entries move
 * only towards the hole, so a pass from an empty slot meets each one again
 * at or after the slot it is at (evict_part). */
static void delete_at(const EdgeCache *c, CachePart *p, uint32_t i)
{
    uint32_t n = p->n;
    for (uint32_t j = i + 1 == n ? 0 : i + 1; slot_key_lo(c, p, j); j = j + 1 == n ? 0 : j + 1) {
        uint64_t key = slot_key(c, p, j);
        uint32_t home = (uint32_t)(((hash_key(key) & UINT32_MAX) * n) >> 32);
        /* stays where it is when its home lies cyclically in (i, j] */
        if (i <= j ? (i < home && home <= j) : (i < home || home <= j))
            continue;
        slot_set(c, p, i, key, slot_val(c, p, j));
        i = j;
    }
    slot_clear(c, p, i);
}

/* Evicts from part p the legs whose records start in [lo, hi) of the
 * stream, looking at up to `slots` slots; raises *end to the bit past the
 * last of their records. The pass begins at an empty slot and goes round
 * to it (ev_stop), on from ev_slot in each step: a slot is looked at again
 * after a delete, as an entry may have moved in, and entries move only
 * towards the hole, which is where the pass stands, so one in the range
 * that the pass has not reached stays where it will reach it; what a put
 * inserts between steps is not in the range. Where a part was resized
 * meanwhile (any part: its slots moved), the pass begins again. Offsets fit in 32 bits
 * (at_bits), so one compare tells a slot in the range. Returns the slots
 * looked at; *done once the pass is round. */
static uint32_t evict_part(EdgeCache *c, CachePart *p, uint64_t lo, uint64_t hi, uint64_t *end, uint32_t slots,
                           bool *done)
{
    *done = true;
    if (!p->slot || p->epoch != c->epoch || !p->used) {
        c->ev_in_part = false;
        return 0;
    }
    uint32_t n = p->n;
    if (!c->ev_in_part || c->ev_resized != c->resized) {
        uint32_t empty = 0;
        while (slot_key_lo(c, p, empty)) /* at most 7/8 of the slots are used */
            empty++;
        c->ev_in_part = true;
        c->ev_resized = c->resized;
        c->ev_stop = empty;
        c->ev_slot = empty + 1 == n ? 0 : empty + 1;
    }
    uint32_t mask = slot_at_mask(c), from = (uint32_t)lo;
    uint32_t span = hi > lo ? (uint32_t)(hi - lo) : 0; /* none where the tail passed the run's end */
    uint32_t gone = 0, looked = 0, i = c->ev_slot;
    for (; i != c->ev_stop && looked < slots; i = i + 1 == n ? 0 : i + 1, looked++)
        while (slot_key_lo(c, p, i) && (slot_val(c, p, i) & mask) - from < span) {
            uint32_t at = slot_val(c, p, i) & mask;
            uint64_t e = at + leg_record_bits(c->legs.p, at);
            *end = e > *end ? e : *end;
            delete_at(c, p, i);
            gone++;
        }
    c->ev_slot = i;
    *done = i == c->ev_stop;
    if (*done)
        c->ev_in_part = false;
    p->used = (uint16_t)(p->used - gone);
    c->used -= gone;
    c->evicted += gone;
    return looked;
}

/* The oldest slice of the stream is evicted in steps: the records from
 * `tail` on, an EVICT_SLICES-th of the stream's run (at least EVICT_LEAST
 * bits), up to the end of the older run, EVICT_STEP_SLOTS slots a put (evict_step),
 * begun while some room is left (evict_ahead). Its records stay whole
 * until the last part is passed, as the stream's writes stop at `tail`,
 * which moves on only then: a get meanwhile finds a leg of the slice or
 * misses it, both right. A pass over every part at once made one put's
 * work all the cache's slots: the longest calls of a map whose legs pass
 * a small cap (results/reference/mm-paper/fitmem51.md). When the slice is
 * gone, and with it the older run, the newer one (from bit 0) is the
 * older; when none is left, the stream starts again at 0. */
#define EVICT_SLICES 8u
#define EVICT_LEAST 64u

uint64_t edge_cache_slice_bits(const EdgeCache *c)
{
    uint64_t slice = (c->ring ? c->ring : c->legs.used) / EVICT_SLICES;
    return slice > EVICT_LEAST ? slice : EVICT_LEAST;
}

void edge_cache_evict_begin(EdgeCache *c)
{
    uint64_t end = c->ring ? c->ring : c->legs.used, slice = edge_cache_slice_bits(c);
    c->ev_lo = c->tail;
    c->ev_hi = c->tail + slice < end ? c->tail + slice : end;
    c->ev_end = c->ev_hi;
    c->ev_part = 0;
    c->ev_in_part = false;
    c->ev_on = true;
}

/* Passes the slice begun on until `slots` are looked at (UINT32_MAX: every
 * part left), within a part too; the slice done, the tail moves on past it. */
void edge_cache_evict_step(EdgeCache *c, uint32_t slots)
{
    uint32_t looked = 0;
    while (c->ev_part < c->nparts && looked < slots) {
        bool done;
        looked += evict_part(c, &c->part[c->ev_part], c->ev_lo, c->ev_hi, &c->ev_end,
                             slots == UINT32_MAX ? UINT32_MAX : slots - looked, &done);
        c->ev_part += done;
    }
    if (slots != UINT32_MAX) /* a slice evicted at once is counted apart (evict_waits) */
        c->evict_step_most = looked > c->evict_step_most ? looked : c->evict_step_most;
    if (c->ev_part < c->nparts)
        return;
    c->ev_on = false;
    c->evictions++;
    c->tail = c->ev_end;
    uint64_t end = c->ring ? c->ring : c->legs.used; /* the writes since the slice began count */
    if (c->tail < end)
        return;
    if (c->ring)
        c->ring = 0;
    else
        c->legs.used = 0; /* leg.c writes each byte whole at its first bit */
    c->tail = 0;
}

/* A slice evicted now, where a put needs its room at once: the one begun
 * finished, else a whole one (counted in evict_waits). */
void edge_cache_evict_slice(EdgeCache *c)
{
    if (!c->ev_on)
        edge_cache_evict_begin(c);
    c->evict_waits++;
    edge_cache_evict_step(c, UINT32_MAX);
}
