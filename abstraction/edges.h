/* edges.h: a region's edges read straight from the compact layout
 * (abstraction.h) by global id (index.h): each edge's direction, its
 * target's sector, local and global ids, and its excess code (abstraction.h
 * "Edge costs"). The abstract search reads its edges so, instead of a
 * decoded copy of the adjacency beside the layout (an offset a region, and
 * a code and an excess byte an edge, where the layout holds about a byte an
 * edge: on random maps the larger part of the region search's memory).
 *
 * The layout keeps an edge's excess once, in one of its two sectors
 * (abs_excess_kept): a stored sector keeps the excess of its edges towards
 * a default sector, and between two stored sectors the one of lower index
 * keeps it, whose edge of the pair points forward (ABS_FORWARD_DIRS), at
 * the place its kept edges before it give. A narrow sector's edge bytes
 * are sorted (direction, target) codes, so that place is a count of the
 * kept codes before the edge's, a short scan of one sector's bytes (about
 * ten on random maps): an edge kept here takes the next of its region's
 * run, any other scans the keeping sector for the edge back (none between
 * two default sectors: 0). Wide sectors take the layout's iterator
 * (abs_edge_next) and, for an excess, a scan of the keeping sector by it:
 * slower, and rare (a sector of more than 31 regions).
 *
 * Borrows the index (and its abstraction); holds nothing. */
#ifndef GPPC_ABSTRACTION_EDGES_H
#define GPPC_ABSTRACTION_EDGES_H

#include <stdbool.h>
#include <stdint.h>

#include "index.h"

/* Directions towards a sector of higher index: E, S, SE, SW (grid.h). */
#define ABS_FORWARD_DIRS 0x66u

/* One edge as the cursor gives it. */
typedef struct AbsAdjEdge {
    uint32_t to;     /* the target's global id */
    uint32_t sector; /* the target's sector */
    uint32_t dir;    /* 0..7, grid.h numbering: from the region's sector to the target's */
    uint32_t local;  /* the target's id inside its sector */
    uint8_t excess;  /* its excess code (0 without edge costs, or when the cursor was begun without) */
    int32_t kept_at; /* the place of its excess in its region's sector's kept bytes, or -1: kept elsewhere */
} AbsAdjEdge;

/* A cursor over one region's edges (abs_adj_begin). */
typedef struct AbsAdj {
    const uint8_t *p, *end;    /* fast: the region's edge bytes not yet given */
    const uint8_t *excess;     /* fast, with costs, a stored sector: its kept excess bytes */
    uint32_t kept;             /* fast: the place in them of the next kept edge's */
    uint32_t sector, local;    /* the region's */
    uint8_t mask;              /* fast: the directions of its edges to a region 0 not yet given (MASKED, DEFAULT) */
    bool fast;                 /* a narrow sector (stored or default); else `it` */
    bool want_excess;          /* excess codes looked up */
    bool defaults;             /* the map has default sectors: an edge towards one is kept whatever its direction */
    const uint8_t *kept_first; /* abs_kept_first's, or NULL */
    uint32_t gid;
    AbsEdgeIter it;
} AbsAdj;

/* Per region: the edges its sector keeps the excess of before its own
 * (edges.h), so that a cursor finds its region's place in the sector's
 * kept bytes without scanning the sector's edges before it (ABS_KEPT_SCAN:
 * it scans them, for a count past a nibble or a wide sector's). A nibble a
 * region, region 2i's the low one of byte i (on random maps few counts
 * reach 15, and a byte a region was a fifth of the region search's
 * memory): out must hold (nregions + 1) / 2 bytes. */
#define ABS_KEPT_SCAN 15u
void abs_kept_first(const AbsIndex *ix, uint8_t *out);
/* Region gid's count in abs_kept_first's table `t`. */
static inline uint32_t abs_kept_first_of(const uint8_t *t, uint32_t gid)
{
    return t[gid >> 1] >> (gid & 1u) * 4u & 15u;
}

/* Begins a cursor over region gid's edges, in (direction, target) order;
 * `excess` false leaves every excess code 0, for a caller that reads the
 * targets only or asks for an edge's when it needs it (abs_adj_excess_at:
 * an A* spares the look-ups of edges that cannot improve their target).
 * kept_first: abs_kept_first's table, or NULL to scan (slower). */
static inline void abs_adj_begin(const AbsIndex *ix, const uint8_t *kept_first, uint32_t gid, bool excess, AbsAdj *c);
/* abs_adj_begin's wide and default sectors (flags: the sector word's). */
void abs_adj_begin_other(const AbsIndex *ix, AbsAdj *c, uint32_t flags);
/* A narrow stored sector s's kept edges before region r's (a scan). */
uint32_t abs_kept_before(const Abstraction *a, uint32_t s, uint32_t r);
/* The excess code of edge e of cursor c where c's sector's kept bytes do
 * not hold it (abs_adj_excess_at reads those): wherever the layout keeps
 * it (0 between two default sectors, or without edge costs). */
uint8_t abs_adj_excess(const AbsIndex *ix, const AbsAdj *c, const AbsAdjEdge *e);
bool abs_adj_next_slow(const AbsIndex *ix, AbsAdj *c, AbsAdjEdge *e);

/* Is sector s a default one? */
static inline bool abs_is_default(const Abstraction *a, uint32_t s)
{
    return (a->sector[(size_t)ABS_WORD_BYTES * s + 2] >> 5) & ABS_FLAG_DEFAULT;
}

static inline __attribute__((always_inline)) void abs_adj_begin(const AbsIndex *ix, const uint8_t *kept_first,
                                                                uint32_t gid, bool excess, AbsAdj *c)
{
    const Abstraction *a = ix->abs;
    uint32_t s = abs_region_sector(ix, gid), r = gid - abs_base(ix, s), w = abs_word(a, (int)s);
    uint32_t flags = abs_word_flags(w);
    c->sector = s;
    c->local = r;
    c->gid = gid;
    c->kept_first = kept_first;
    c->want_excess = excess;
    c->defaults = a->ndefault > 0;
    c->fast = true;
    c->excess = NULL;
    c->mask = 0;
    if (flags & (ABS_FLAG_WIDE | ABS_FLAG_DEFAULT)) {
        abs_adj_begin_other(ix, c, flags);
        return;
    }
    const uint8_t *d = abs_sector_data(a, (int)s, w);
    uint32_t nreg = w & 0xffu, begin = r ? d[2 * r - 1] : 0;
    c->p = d + 2 * nreg + begin;
    c->end = d + 2 * nreg + d[2 * r + 1];
    if (flags & ABS_FLAG_MASKED)
        c->mask = *c->p++;
    if (a->costs_on) {
        c->excess = d + 2 * nreg + d[2 * nreg - 1];
        uint32_t k = kept_first ? abs_kept_first_of(kept_first, gid) : ABS_KEPT_SCAN;
        c->kept = k != ABS_KEPT_SCAN ? k : abs_kept_before(a, s, r);
    }
}

/* Edge e's excess code (abs_adj_next's e->excess when begun with it). */
static inline uint8_t abs_adj_excess_at(const AbsIndex *ix, const AbsAdj *c, const AbsAdjEdge *e)
{
    if (e->kept_at >= 0)
        return c->excess[e->kept_at];
    return ix->abs->costs_on ? abs_adj_excess(ix, c, e) : 0;
}

/* The next edge into *e; false when none is left. */
static inline __attribute__((always_inline)) bool abs_adj_next(const AbsIndex *ix, AbsAdj *c, AbsAdjEdge *e)
{
    if (!c->fast)
        return abs_adj_next_slow(ix, c, e);
    uint32_t dir, local;
    if (c->mask && (c->p == c->end || (uint32_t)__builtin_ctz(c->mask) <= (uint32_t)(c->p[0] >> 5))) {
        dir = (uint32_t)__builtin_ctz(c->mask); /* an edge to region 0 that way, before the bytes that way */
        local = 0;
        c->mask &= (uint8_t)(c->mask - 1);
    } else if (c->p < c->end) {
        dir = (uint32_t)(c->p[0] >> 5);
        local = c->p[0] & 31u;
        c->p++;
    } else
        return false;
    uint32_t t = c->sector + (uint32_t)ix->sector_step[dir];
    e->dir = dir;
    e->local = local;
    e->sector = t;
    e->to = abs_base(ix, t) + local;
    e->kept_at = -1;
    if (c->excess && (ABS_FORWARD_DIRS >> dir & 1u || (c->defaults && abs_is_default(ix->abs, t))))
        e->kept_at = (int32_t)c->kept++;
    e->excess = c->want_excess ? abs_adj_excess_at(ix, c, e) : 0;
    return true;
}

#endif
