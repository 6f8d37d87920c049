/* segfile.h: precomputed center-to-center legs (thesis §4.4), one per
 * abstract edge, kept after the abstraction in the MM preprocessing file.
 *
 * Legs are indexed by their edge's position in the abstraction's edge order
 * (region by region, each region's edges in layout order). Each is a leg
 * record (cache/leg.h) in canonical orientation; under LEGS_SYM only the
 * edges a -> b with a < b hold one (leg_key), and b -> a reads it.
 * Planning them is refine/segbuild.c's job; this store only keeps, saves,
 * loads and re-indexes them.
 * Section layout: u32 mode (1 nosym, 2 sym) | LEG_CODEC << 8, u32 nlegs, nlegs x u32 bit
 * offsets (SEG_NONE where the edge holds no record), u32 stream bytes, the
 * stream, u64 FNV-1a of the section.
 * Owns: offset, edge_first, the stream. */
#ifndef GPPC_CACHE_SEGFILE_H
#define GPPC_CACHE_SEGFILE_H

#include "../common/binio.h"
#include "leg.h"

#define SEG_NONE UINT32_MAX

typedef struct SegStore {
    LegMode mode;   /* LEGS_NOSYM or LEGS_SYM */
    uint32_t nlegs; /* abstract edges */
    uint32_t nregions;
    uint32_t *offset;     /* per edge: bit offset of its record, or SEG_NONE */
    uint32_t *edge_first; /* per global region (+1): index of its first edge */
    LegBits legs;
    uint64_t hits;
} SegStore;

/* An empty store for the abstraction `ix` indexes: every offset SEG_NONE. */
bool segs_init(SegStore *ss, LegMode mode, const AbsIndex *ix, Err *err);
void segs_free(SegStore *ss);
size_t segs_bytes(const SegStore *ss);

/* Index of edge a -> b (global ids), or -1 when they are not neighbours. */
long segs_edge(const SegStore *ss, const AbsIndex *ix, uint32_t a, uint32_t b);
/* Does edge a -> b hold its own record under the store's mode? */
static inline bool segs_holds(const SegStore *ss, uint32_t a, uint32_t b)
{
    uint32_t ka, kb;
    leg_key(ss->mode, a, b, &ka, &kb);
    return ka == a && kb == b;
}
/* Stores the canonical leg of edge k, its waypoints way[0..nway) (leg_put);
 * false when memory ran out. */
bool segs_put(SegStore *ss, uint32_t k, const xyLoc *way, size_t nway);
/* Appends leg a -> b's cells after `from` (the center of leg_first(a, b)) to
 * out, in canonical order; false when none is stored (no edge, or dropped). */
bool segs_get(SegStore *ss, const AbsIndex *ix, uint32_t a, uint32_t b, xyLoc from, xyPath *out);

void segs_write(BinFile *f, const SegStore *ss);
/* Reads and checks a section: every edge that should hold a record holds
 * one, decoded and walked on the grid from its lower center to the higher. */
bool segs_read(BinFile *f, SegStore *ss, LegMode mode, const AbsIndex *ix, const Grid *g, Err *err);

/* After a local rebuild of the abstraction: re-indexes the store from `old`
 * (still alive) to `fresh`, keeping the legs leg_survives() keeps; the others
 * become SEG_NONE (segs_get then misses and the leg is planned at run time).
 * The stream keeps their bytes. Returns the legs dropped, or -1 (err set)
 * when memory ran out, leaving the store as it was. */
long segs_remap(SegStore *ss, const AbsIndex *old, const AbsIndex *fresh, const uint8_t *touched, Err *err);

#endif
