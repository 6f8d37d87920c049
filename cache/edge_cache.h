/* edge_cache.h: runtime cache of refined center-to-center legs (thesis §4.3).
 *
 * An open-addressing hash map from a pair of global region ids to the cell
 * path of the leg between their centers, stored compactly as moves (one
 * direction code, grid.h numbering, per nibble) in one byte arena. With
 * `sym`, the key is the ordered pair (lo, hi) and a leg asked for from hi to
 * lo is read backwards; with `nosym` each direction has its own entry.
 * Owns its slot array and arena; both grow by doubling (amortised: no
 * allocation once the map's legs are in). Costs are not stored: a leg's
 * cells are its cost. */
#ifndef GPPC_CACHE_EDGE_CACHE_H
#define GPPC_CACHE_EDGE_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../Entry.h"

typedef enum { CACHE_OFF, CACHE_NOSYM, CACHE_SYM } CacheMode;

typedef struct CacheSlot {
    uint64_t key;              /* (a << 32 | b) + 1; 0 = empty */
    uint32_t offset;           /* into the arena */
    uint16_t moves;
    uint16_t hits;             /* saturating */
} CacheSlot;

typedef struct EdgeCache {
    CacheMode mode;
    CacheSlot *slot;
    uint32_t nslots, used;
    uint8_t *arena;
    size_t arena_used, arena_cap;
    uint64_t hits, misses;
} EdgeCache;

bool edge_cache_init(EdgeCache *c, CacheMode mode, Err *err);
void edge_cache_free(EdgeCache *c);
/* On a hit appends the leg's cells after `from` (the center of a) to out. */
bool edge_cache_get(EdgeCache *c, uint32_t a, uint32_t b, xyLoc from, xyPath *out);
/* Stores the leg a -> b given as cells (cells[0] = center of a). False when
 * memory ran out (the cache then simply misses). */
bool edge_cache_put(EdgeCache *c, uint32_t a, uint32_t b, const xyLoc *cells, size_t n);
size_t edge_cache_bytes(const EdgeCache *c);
/* After the abstraction changed (dynamic maps): `rekey` sees each entry's
 * key (a, b), as stored: a is the end its moves start from, and the moves
 * (walk them with edge_cache_decode); it rewrites the key to the new region
 * ids and returns true to keep the entry, or false to drop it. New keys must
 * keep the order of ids (sym keys stay lo < hi). Returns the entries
 * dropped; the arena keeps their bytes until the cache is freed. Allocates a
 * new slot array (an update, not a query, pays it). */
size_t edge_cache_remap(EdgeCache *c, bool (*rekey)(void *ctx, uint32_t *a, uint32_t *b, const uint8_t *moves,
                                                    size_t nmoves), void *ctx);
/* Appends the cells an entry's moves lead to from `from` (not itself), or,
 * reversed, the cells of the leg walked back from its far end `from`. */
void edge_cache_decode(const uint8_t *moves, size_t nmoves, bool reversed, xyLoc from, xyPath *out);
/* Hit histogram over entries, in log2 buckets: cache_hist_0 = entries never
 * hit, cache_hist_k = entries hit 2^(k-1) .. 2^k - 1 times (thesis Fig. 5.2). */
void edge_cache_report(const EdgeCache *c, EntryCounters *out);

/* Move codes shared with the segment file: direction of the step a -> b. */
int move_code(xyLoc a, xyLoc b);

#endif
