/* edge_cache.h: runtime cache of refined center-to-center legs (thesis §4.3).
 *
 * An open-addressing hash map from a pair of global region ids to a leg
 * record (cache/leg.h) in one bit stream. The mode is leg.h's symmetry rule:
 * LEGS_SYM keys a pair once, LEGS_NOSYM each direction, LEGS_OFF caches
 * nothing. Legs go in and come out in canonical orientation.
 * Its slots are in parts (a few under a small cap, more under a larger
 * one: edge_cache_init), each its own linear-probing table of slots as
 * few bytes as the key's and the offset's bits need (the slot's comment
 * below: at most 8 where region ids fit in 16 bits, 12 else), at most 7/8
 * used; a key's hash picks its part. A part takes its first slots at its
 * first put (under a cap, room for them is kept) and grows by a quarter on its own,
 * within the put that fills it: a new block, the part's slots moved into
 * it, the old block freed, so no old array is ever held beside a new one
 * past that put and what the cache holds is its peak (edge_cache_bytes),
 * and no put moves more than a part's slots (about EDGE_CACHE_PART_MOST
 * under a cap; the parts share out the cap's slots). The stream grows by
 * half. Its owner may have it take its room at once instead
 * (edge_cache_reserve), so that no put allocates until its legs outgrow
 * it. Both grow up to a byte cap when one is set, the last step of
 * either to what the cap leaves beside the other, so that the cap is all
 * used. Past it the oldest legs are evicted a slice at a time (an eighth
 * of the stream's run, counted in cache_evictions and cache_evicted), a
 * few parts a put, begun while the room is still there, so no put passes
 * all the slots (edge_cache.c evict_ahead): the
 * stream is a ring, written on from its head and evicted from its tail,
 * and a part that cannot grow evicts slices too (emptying the whole cache
 * instead planned the legs every route uses again and again once a map's
 * legs passed the cap: results/reference/mm-paper/mazemem42.md). Once the
 * stream nears its cap,
 * a leg hit while in the older half of the ring is copied to its head, so
 * the legs that routes keep using outlive those used once. What is kept
 * depends only on the gets and puts in their order, never on time, and a
 * query sees the same paths either way (a leg is a function of its two
 * regions). Costs are not stored: a leg's lines are its cost.
 *
 * Dropping legs of a changed map (edge_cache_remap) moves the cache's
 * epoch on, so every part of an older epoch is empty at once (a part is
 * emptied when first written in the new epoch); the survivors' records
 * stay where they are in the ring. */
#ifndef GPPC_CACHE_EDGE_CACHE_H
#define GPPC_CACHE_EDGE_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../common/counters.h"
#include "../common/grow.h"
#include "leg.h"

/* A slot is `stride` bytes (EdgeCache.stride) of a little-endian word:
 * the key in its low key_bits, above them its val: the record's bit
 * offset in val's low at_bits, its hit count (saturating) in what is
 * left, at least one bit (the count is only reported, the thesis's hit
 * histogram). The key is the pair leg_key gives (a, b), as
 * (a << id_bits | b) + 1 where every region id is below
 * EDGE_CACHE_NARROW_IDS (narrow: id_bits the bits of the cache's `ids`,
 * so a maze's key is 24 to 28 bits, not 32, and a slot 6 or 7 bytes, not
 * 8), else (a << 32 | b) + 1, its low half in the word and its high half
 * after its part's slots (wide: a map of more regions than that; the word
 * 8 bytes, val 32 bits); 0 = empty. The slots of game maps and mazes are
 * most of the cache, a record a few bytes of stream. */
#define EDGE_CACHE_SLOT_WORD 8u /* a slot's most bytes in its word */

/* Region ids below this make narrow keys (edge_cache_init). */
#define EDGE_CACHE_NARROW_IDS 0xffffu

/* Under a cap, the parts are as few as keep each at about this many slots
 * when the cap is all slots, or, where that takes fewer, when the map's
 * legs are (edge_cache_init's `legs`). A part's growth moves its slots
 * within one put: at four times as many, a rooms map's part growths (a
 * new block, its slots moved) were most of its longest calls'
 * instructions (results/reference/mm-paper/calls49.md). */
#define EDGE_CACHE_PART_MOST 256u
/* Without a cap, this many parts. */
#define EDGE_CACHE_UNCAPPED_PARTS 64u

/* A part of the slots: a linear-probing table of n slots (wide keys' high
 * halves after them in the same block), its live entries, and the cache's
 * epoch when it was last written: a part of an older epoch is empty,
 * whatever its slots say (it is emptied when next written). */
typedef struct CachePart {
    /* n slots of EdgeCache.stride bytes (then wide keys' high halves); NULL until the part's first put */
    uint8_t *slot;
    uint32_t n; /* at most EDGE_CACHE_PART_SLOTS */
    uint16_t used;
    uint16_t epoch;
} CachePart;

/* The most slots a part has (its live entries are counted in 16 bits). */
#define EDGE_CACHE_PART_SLOTS 65535u

typedef struct EdgeCache {
    LegMode mode;
    CachePart *part; /* nparts parts */
    uint32_t nparts;
    uint32_t slots;    /* the parts' slots in all */
    uint32_t unborn;   /* parts without slots yet */
    uint32_t first;    /* the slots a part takes at its first put */
    bool wide;         /* keys of 64 bits (edge_cache_init's ids) */
    uint8_t id_bits;   /* a narrow key's bits for a region id (32 wide) */
    uint8_t key_bits;  /* the key's bits in a slot's word: 2 * id_bits, 32 wide */
    uint8_t stride;    /* a slot's bytes in its part's block (its word's), wide keys' high halves aside */
    uint32_t used;     /* entries in all */
    uint32_t grow_max; /* the most slots one put moved (a part's growth) */
    uint32_t resized;  /* parts' blocks made or grown so far (an eviction's pass in a part begins again) */
    uint16_t epoch;
    uint8_t at_bits;  /* a slot's bits for a record's offset: what the stream's bound needs, 16 to 28 */
    uint8_t val_bits; /* a slot's bits above its key: at_bits and the hit count's, at most 32 */
    LegBits legs;
    uint64_t hits, misses;
    size_t cap_bytes;              /* the most the slots and the stream's buffer may hold; 0 no cap */
    uint64_t tail;                 /* the stream's oldest record's first bit (edge_cache.c make_room) */
    uint64_t ring;                 /* 0, or where the older records end when the newer start again at bit 0 */
    uint64_t evictions;            /* times the oldest slice of the stream was evicted */
    uint64_t evicted;              /* legs evicted so */
    uint64_t evict_waits;          /* slices a put evicted at once, its steps too late (edge_cache.c evict_slice) */
    uint32_t evict_step_most;      /* the most slots one put's step of a slice looked at */
    uint32_t ev_part;              /* the slice begun: its next part to pass, ... */
    uint32_t ev_slot, ev_stop;     /* ... where that part's pass goes on and ends (edge_cache_evict.c), ... */
    bool ev_in_part;               /* ... whether that pass is begun, ... */
    uint32_t ev_resized;           /* ... and `resized` when it began (a part resized since: begun again), ... */
    bool ev_on;                    /* ... whether one is begun, */
    uint64_t ev_lo, ev_hi, ev_end; /* its records' range, and the end of the last record evicted */
    uint64_t keep_from; /* the stream's bits past which a hit leg is kept (3/4 of its most, set at each put) */
    GrowGate gate;      /* asked before a part's slots or the stream grow (the cache grows whatever it answers) */
} EdgeCache;

/* Whether a cache of `ids` region ids (edge_cache_init's) keys wide. */
static inline bool edge_cache_wide(uint32_t ids) { return ids == 0 || ids > EDGE_CACHE_NARROW_IDS; }
/* A slot's bytes, its key's high half after its part's slots when wide. */
static inline size_t edge_cache_slot_bytes(const EdgeCache *c) { return c->stride + (c->wide ? sizeof(uint32_t) : 0); }

/* The smallest cap edge_cache_init takes (a few legs' slots and one stream block). */
#define EDGE_CACHE_MIN_BYTES 8192
/* `cap_bytes`: the most the slots and the stream may hold (0: no cap; else
 * at least EDGE_CACHE_MIN_BYTES, raised to it). `ids`: every region id a
 * get or put names is below it (the abstraction's regions;
 * edge_cache_remap's fresh index sets it again): at most
 * EDGE_CACHE_NARROW_IDS, narrow keys; 0 or more, wide ones. A narrow
 * cache given an id at or above it caches nothing for that leg (a get
 * misses, a put returns false): a caller's bug, only slower. `legs`: about
 * the most legs it will hold (the abstraction's edges; 0: not known), so
 * that under a cap a game map's few legs take few parts (each part's
 * record and first slots are held whether or not its legs come); more
 * legs than that only make the parts larger. */
bool edge_cache_init(EdgeCache *c, LegMode mode, size_t cap_bytes, uint32_t ids, uint32_t legs, Err *err);
void edge_cache_free(EdgeCache *c);
/* The bytes a cache of `legs` legs (edge_cache_init's, not 0) takes once
 * edge_cache_reserve gives it room for all of them: the slots to hold
 * every one, 7/8 full, and EDGE_CACHE_STREAM_LEG bytes of stream a leg. */
size_t edge_cache_legs_bytes(LegMode mode, uint32_t ids, uint32_t legs);
/* A capped cache, before its first put, takes at most `bytes` (and its
 * cap) now, written: every part its share of the slots, the stream the
 * rest, each rounded down to a size its growth steps reach, so no get or
 * put allocates until the legs outgrow them (a block taken inside a
 * query's call could land on a fresh page, whose fault cost more than the
 * call's work). Past them it grows as before, to the sizes it would have
 * grown to unreserved, up to its cap. The
 * slots take the share a leg's slots take beside EDGE_CACHE_STREAM_LEG
 * bytes of stream. A cache without a cap, or with LEGS_OFF, takes
 * nothing. False when memory ran out (what was taken stays). */
bool edge_cache_reserve(EdgeCache *c, size_t bytes);
/* The bytes of stream a reserve counts for a leg: a cached leg's record is
 * a few waypoints, 3 to 4 bytes on game maps, rooms and mazes. */
#define EDGE_CACHE_STREAM_LEG 4u
/* On a hit appends the leg a -> b's waypoints after `from` (the center of
 * leg_first(a, b)) to out, in canonical order, the last `to` (the other
 * center: a record stores neither end, leg.h); a miss appends nothing. */
bool edge_cache_get(EdgeCache *c, uint32_t a, uint32_t b, xyLoc from, xyLoc to, xyPath *out);
/* The same, appending the leg's cells after `from` (leg_decode). */
bool edge_cache_get_cells(EdgeCache *c, uint32_t a, uint32_t b, xyLoc from, xyLoc to, xyPath *out);
/* Stores the leg a -> b, its waypoints way[0..k) in canonical order
 * (leg_put). False when memory ran out (the cache then simply misses). */
bool edge_cache_put(EdgeCache *c, uint32_t a, uint32_t b, const xyLoc *way, size_t k);
/* About the slots that put would pass beyond its own: its part's block
 * made or grown (the old one's slots moved, the new one's zeroed), or, where
 * it cannot grow, every slot (a slice evicted at once); a step of the slice
 * being evicted (EVICT_STEP_SLOTS): for a caller that bounds its calls, to
 * put it in a call with work for it. */
size_t edge_cache_put_slots(const EdgeCache *c, uint32_t a, uint32_t b);
size_t edge_cache_bytes(const EdgeCache *c);
/* The slots to look through for every leg held: i < edge_cache_slots(c);
 * edge_cache_slot(c, i, ...) is false for an empty one, else true with the leg's key pair (a, b) as leg_key gave it,
 * its record's bit offset in c->legs and its hit count (each pointer may
 * be NULL). */
uint32_t edge_cache_slots(const EdgeCache *c);
bool edge_cache_slot(const EdgeCache *c, uint32_t i, uint32_t *a, uint32_t *b, uint32_t *at, uint16_t *hits);
/* After a local rebuild of the abstraction (dynamic maps): keeps the legs
 * leg_survives() keeps, re-keyed from `old` ids to `fresh` ones, and drops
 * the others. Returns the legs dropped; the stream keeps their bytes until
 * the cache is freed. The survivors are listed aside (an update, not a
 * query, pays it) and put back into the parts, emptied; without memory for
 * the list the whole cache is emptied, which is always correct, only slower
 * until it refills. */
size_t edge_cache_remap(EdgeCache *c, const AbsIndex *old, const AbsIndex *fresh, const uint8_t *touched);
/* Hit histogram over entries, in log2 buckets: cache_hist_0 = entries never
 * hit, cache_hist_k = entries hit 2^(k-1) .. 2^k - 1 times (thesis Fig. 5.2;
 * a count stops at 2^(val_bits - at_bits) - 1, the bits a slot's last byte
 * leaves, as few as one, so the top bucket holds the legs hit more). Then what the slots and the stream
 * hold: cache_slot_bytes, cache_stream_bytes (the records, not the buffer's
 * room), and, given the index whose regions' centers are the legs' ends
 * (`ix`, NULL: not reported), the held legs' waypoints and moves,
 * cache_leg_ways and cache_leg_moves (the stream's bits per waypoint and
 * per move of path). */
void edge_cache_report(const EdgeCache *c, const AbsIndex *ix, Counters *out);

#endif
