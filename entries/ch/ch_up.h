/* ch_up.h (private to entries/ch/): the contraction's result, handed from
 * ch_build.c to ch_pack.c, and the sink that receives the packed hierarchy.
 *
 * A node's upward arcs are its upward grid moves, one bit each (`moves`),
 * and its upward shortcuts, which for all nodes live in one array (node v's
 * at arc[start[v] .. start[v] + count[v])), appended when v is contracted: one
 * block instead of a list per node, so no per-list allocation header and no
 * slack left by doubling; the arcs are final when appended (v left the
 * graph), which is what lets a shortcut name its halves by their place in
 * the middle node's range. Nodes are numbered in row-major cell order here;
 * ch_pack.c renumbers them (ch.h, "Layout"). Owns all its arrays
 * (ch_up_free). */
#ifndef GPPC_CH_UP_H
#define GPPC_CH_UP_H

#include <stddef.h>
#include <stdint.h>

#include "ch.h"

typedef struct ChArc {
    uint32_t to, mid; /* mid: CH_NONE for an original move */
    uint64_t cost;
} ChArc;

typedef struct ChUp {
    uint32_t n;
    uint32_t *cell;   /* node -> padded cell index */
    int32_t *node_of; /* padded cell -> node, -1 for a blocked cell */
    uint32_t *rank;   /* node -> contraction position */
    uint8_t *moves;   /* node -> its upward moves, bit d for direction d (grid.h) */
    uint32_t *start;  /* node -> its first upward shortcut in arc */
    uint32_t *count;  /* node -> its number of upward shortcuts */
    ChArc *arc;       /* the shortcuts; the moves are only bits */
    size_t narc, cap;
} ChUp;

void ch_up_free(ChUp *up);

/* Receives the hierarchy in its final numbering and in file order: nodes()
 * once (arrays borrowed for the call), then edge() m times in edge order,
 * then shortcut() once per shortcut in index order. A callback returns false
 * to stop (out of memory, or the sink's own error, which it keeps). */
typedef struct ChSink {
    void *ctx;
    bool (*nodes)(void *ctx, uint32_t n, uint32_t m, uint32_t shortcuts, const uint32_t *cell, const uint32_t *rank,
                  const uint32_t *first);
    bool (*edge)(void *ctx, const ChEdge *e);
    bool (*shortcut)(void *ctx, const ChShortcut *s);
} ChSink;

/* Contracts g (ch_build.c) into `up`; false with err set when out of memory. */
bool ch_contract(ChUp *up, const Grid *g, const ChBuildConfig *cfg, Err *err);
/* ch_contract then the packed hierarchy into `sink` (ch_pack.c), never
 * holding the packed graph and the contraction's arcs at once: the
 * preprocessing writes its file this way. False with err set when out of
 * memory; false without a message when the sink stopped. */
bool ch_build_into(const Grid *g, const ChBuildConfig *cfg, const ChSink *sink, Err *err);

#endif
