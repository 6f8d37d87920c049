/* segfile.h: precomputed center-to-center legs (thesis §4.4), built in
 * PreprocessMap and stored after the abstraction in the MM file.
 *
 * Every abstract edge a -> b gets its leg (refine/legs.h, so identical to a
 * runtime refinement); with `sym` only edges with a < b are stored and b -> a
 * is read backwards. Each leg is a bit stream: start cell (16 + 16 bits),
 * move count (16 bits), then 3 bits per move (grid.h direction). Legs are
 * indexed by their position in the abstraction's edge order.
 * Section layout: u32 mode (1 nosym, 2 sym), u32 nlegs, nlegs x u32 bit
 * offsets, u32 stream bytes, the stream, u64 FNV-1a of the section.
 * Owns: offsets, stream, edge_first. */
#ifndef GPPC_CACHE_SEGFILE_H
#define GPPC_CACHE_SEGFILE_H

#include "../common/binio.h"
#include "../refine/legs.h"
#include "edge_cache.h"

typedef struct SegStore {
    CacheMode mode;            /* CACHE_NOSYM or CACHE_SYM */
    uint32_t nlegs;
    uint32_t *offset;          /* bit offset of each stored leg */
    uint8_t *stream;
    uint32_t stream_bytes;
    uint32_t *edge_first;      /* per global region: index of its first edge */
    uint64_t hits;
} SegStore;

/* Refines every abstract edge and packs the legs. */
bool segs_build(SegStore *ss, CacheMode mode, LegPlanner *lp, const AbsSearch *as, Err *err);
void segs_write(BinFile *f, const SegStore *ss);
/* Reads and checks a section (every leg decoded and walked on the grid from
 * its region's center to the neighbour's center). */
bool segs_read(BinFile *f, SegStore *ss, CacheMode mode, const AbsSearch *as, const Grid *g, Err *err);
void segs_free(SegStore *ss);
size_t segs_bytes(const SegStore *ss);
/* After a dynamic-map update: re-indexes the store to the new abstraction
 * (new_as) from the old one (old_as, still alive); legs with an end in a
 * touched sector are dropped (SEG_DROPPED; segs_get then misses and the leg
 * is planned at run time). The stream keeps their bytes. Returns the legs
 * dropped, or -1 (err set) when memory ran out, leaving the store as it was. */
#define SEG_DROPPED UINT32_MAX
long segs_remap(SegStore *ss, const AbsSearch *old_as, const AbsSearch *new_as, const uint8_t *touched, Err *err);
/* Appends leg a -> b's cells after a's center to out; false when a -> b is no edge. */
bool segs_get(SegStore *ss, const AbsSearch *as, uint32_t a, uint32_t b, xyPath *out);

#endif
