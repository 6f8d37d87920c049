/* plain.h: the abstraction in an uncompressed, easy-to-edit form, between
 * building (build.c) and packing into the compact layout (layout.c); also
 * what tests compare against. Owns its arrays; abs_plain_free releases them. */
#ifndef GPPC_ABSTRACTION_PLAIN_H
#define GPPC_ABSTRACTION_PLAIN_H

#include "abstraction.h"

typedef struct AbsPlain {
    int nsectors;
    int *reg_first;            /* nsectors + 1: regions of sector s are reg_first[s].. */
    uint8_t *center;           /* per region: (y << 4) | x inside the sector */
    int *edge_first;           /* nregions + 1 */
    uint8_t *edge_dir, *edge_target;
    int nregions, nedges;
} AbsPlain;

/* Builds the plain form; `labels` (W*H bytes, caller-owned) receives each
 * cell's local region (255 blocked). */
bool abs_plain_build(AbsPlain *p, const Grid *g, int S, uint8_t *labels, Err *err);
void abs_plain_free(AbsPlain *p);
/* Packs a plain form into the layout of abstraction.h (a->width.. set by caller). */
bool abs_encode(Abstraction *a, const AbsPlain *p, Err *err);
/* Unpacks any abstraction (defaults included) into the plain form. */
bool abs_decode(const Abstraction *a, AbsPlain *p, Err *err);

#endif
