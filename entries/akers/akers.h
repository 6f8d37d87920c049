/* akers.h (private to entries/akers/): Lee's wavefront (1961) with Akers' 2-bit labels (1967), for the
 * 8-move grid without corner cutting.
 *
 * Lee labels every reached cell with its depth (moves from the start) and
 * walks back from the goal through depths D-1, D-2, ..., 0. Akers showed the
 * label need not be the depth: a short repeating sequence is enough as long
 * as, seen from a cell of depth d, the neighbours of depth d-1 carry a label
 * that no other neighbour carries. His sequence 0,0,1,1,... ((d >> 1) & 1)
 * does this on Lee's 4-connected grid, which is bipartite: neighbours differ
 * in depth by exactly 1. With diagonal moves two neighbours can share a depth,
 * so a cell of depth d sees depths d-1, d and d+1, and two label values cannot
 * tell them apart (the labels read walking down d-1, d-2, ... are the labels
 * read after one sideways step walking up d, d+1, ...; tests/c/test_seeds.c
 * builds such a case). Three values can: the label is d mod 3. With "empty"
 * that is four states, still 2 bits per cell; "blocked" is read from the map.
 * The wavefront minimises the number of moves, not octile length; the walk
 * back prefers cardinal steps (fewer diagonals, shorter octile length) and
 * then continuing straight.
 *
 * Owns: the 2-bit label grid (one byte per 4 padded cells), the wavefront
 * queue (every reached cell in order, so only those are reset afterwards) and
 * the walk-back buffer, all sized in akers_init. Borrows the grid. */
#ifndef GPPC_AKERS_H
#define GPPC_AKERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../grid/grid.h"

#define AKERS_EMPTY 0

typedef struct Akers {
    const Grid *grid;
    uint8_t *label;  /* 2 bits per padded cell: 0 empty, 1 + depth mod 3 */
    uint32_t *queue; /* reached cells, in wavefront order */
    xyLoc *trace;    /* the walk back, goal first */
    size_t queue_cap;
    size_t reached;    /* cells the last search labelled */
    uint64_t expanded; /* cells taken off the wavefront, cumulative */
} Akers;

bool akers_init(Akers *a, const Grid *g, Err *err);
void akers_free(Akers *a);
size_t akers_scratch_bytes(const Akers *a); /* the 2-bit label grid */
size_t akers_queue_bytes(const Akers *a);

static inline int akers_label(const Akers *a, int idx) { return a->label[idx >> 2] >> ((idx & 3) * 2) & 3; }

/* Wavefront from s until g is labelled; appends the walk-back path s .. g to
 * out and returns its move count, or -1 (nothing appended) when g cannot be
 * reached. With keep_labels the labels stay until akers_reset (for tests). */
long akers_find(Akers *a, xyLoc s, xyLoc g, xyPath *out, bool keep_labels);
/* Clears the labels of the last search (only the cells it reached). */
void akers_reset(Akers *a);

#endif
