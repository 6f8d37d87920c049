/* update_ring.h (private to abstraction/): the ring's part of a local
 * rebuild after cells change (update.c, Sturtevant 2007 §"Dynamic Maps"):
 * the sectors a change touched and those next to them, whose labels are
 * not kept, flooded again (abs_ring_label); the touched sectors' borders
 * scanned for edges (abs_ring_scan); the new plain form, old sectors
 * copied and ring sectors derived again (abs_ring_plain). The caller owns
 * every array; AbsRing's scan arrays are grown here and freed by it. */
#ifndef GPPC_ABSTRACTION_UPDATE_RING_H
#define GPPC_ABSTRACTION_UPDATE_RING_H

#include "plain.h"

typedef struct AbsRing {
    const uint8_t *touched; /* per sector, caller's */
    uint8_t *ring;          /* per sector: touched or next to a touched one */
    uint8_t *near;          /* per sector: within two sectors of a touched one */
    RawEdge *scan;          /* the touched sectors' edges (abs_ring_scan) */
    size_t scan_cap;
    int *scan_first; /* per sector + 1: sector s's are scan[scan_first[s] ..] */
} AbsRing;

/* Labels every ring sector whose labels are not kept into `labels`
 * (valid marks them kept), their centers appended to `centers`, sector s's
 * from first_center[s] (nsectors + 1 entries); false when memory ran out. */
bool abs_ring_label(const Abstraction *a, const Grid *g, const AbsRing *n, uint8_t *labels, uint8_t *valid,
                    Growable *centers, int *first_center);
/* Every touched sector's edges into n->scan (n->scan_first); false when
 * memory ran out. */
bool abs_ring_scan(const Abstraction *a, const Grid *g, AbsRing *n, const uint8_t *labels, const AbsPlain *old,
                   const int *first_center);
/* The new plain form into *p (its arrays allocated here; abs_plain_free);
 * false when memory ran out. */
bool abs_ring_plain(const Abstraction *a, const Grid *g, const AbsRing *n, const AbsPlain *old, const uint8_t *labels,
                    const Growable *fresh, const int *first_center, AbsPlain *p);

#endif
