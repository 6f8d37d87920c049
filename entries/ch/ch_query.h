/* ch_query.h (private to entries/ch/): the CH query (Geisberger et al. 2008, §5): a bidirectional
 * Dijkstra (an A* with octile keys when goal-directed, below) over upward
 * edges with stall-on-demand, then the shortcuts of the
 * meeting path unpacked into cells.
 *
 * Owns one label array per side (distance, generation stamp and the edge it
 * came by: 16 bytes, four to a cache line, so relaxing an edge touches one
 * line), the open list both sides share (ch_open.h), the node coordinates
 * and the unpacking stack, all sized once
 * by ch_query_init; a query allocates only when it needs more open entries or
 * deeper shortcut nesting than any query before (those arrays double). The
 * ChGraph is borrowed and must outlive the query. Costs are ch.h's integers.
 * Shortcuts unpack through their records and shapes (ch.h). */
#ifndef GPPC_CH_QUERY_H
#define GPPC_CH_QUERY_H

#include "ch.h"
#include "ch_open.h"

typedef struct ChLabel {
    uint64_t dist;
    uint32_t stamp;
    uint32_t via; /* the upward edge the label came by; its lower
                                  endpoint (the predecessor) is the node whose
                                  edge range holds it (ch_edge_owner) */
} ChLabel;

#define CH_SIDE 31

typedef struct ChQuery {
    const ChGraph *g;
    ChLabel *label[2]; /* 0: from the start, 1: from the goal */
    ChOpen open;       /* both sides' entries: node | side << 31 (CH_SIDE) */
    uint32_t stamp;
    uint32_t *stack; /* unpacking, 3 words per frame */
    size_t stack_cap;
    uint32_t *chain; /* the forward path's nodes, meet first (ch_query_start) */
    size_t nchain;
    ChXY *xy;    /* node -> cell coordinates */
    ChXY aim[2]; /* the far end of each side: the goal for the forward side, the start for the backward */
    uint64_t settled, scanned, stalled, queries;
} ChQuery;

/* The query state for g, whose node cells are grid's. */
bool ch_query_init(ChQuery *q, const ChGraph *g, const Grid *grid, Err *err);
void ch_query_free(ChQuery *q);

/* Goal direction: each side's open list is keyed by distance plus
 * the octile distance to the far end (ch_query_aim: the query's two
 * cells), A* on the upward graph. Octile distance is a lower bound of any
 * grid path and consistent (every edge costs at least the octile distance
 * of its ends), so nodes still settle with their exact upward distance, and
 * a side stops once its smallest key reaches the best meeting: a much
 * earlier stop than Dijkstra's order gives (stall-on-demand still
 * applies; docs/entries/ch.md). */
void ch_query_aim(ChQuery *q, ChXY from, ChXY to);

/* A node a search starts from, at a distance (the subgoal graph's query
 * starts from the subgoals its ends reach directly). */
typedef struct ChSeed {
    uint32_t node;
    uint64_t dist;
} ChSeed;

/* The bidirectional search from seed[0] (forwards) and seed[1]
 * (backwards): the meeting node of a shortest path, CH_NONE when the two
 * sides do not meet. Then ch_query_start names the forward seed the path
 * starts at, and ch_query_unpack appends the path's cells after that seed's
 * cell up to the backward seed's, and returns that seed. */
uint32_t ch_query_meet(ChQuery *q, const ChSeed *const seed[2], const uint32_t count[2]);
uint32_t ch_query_start(ChQuery *q, uint32_t meet);
uint32_t ch_query_unpack(ChQuery *q, uint32_t meet, xyPath *out);

/* The node whose upward edges include edge e. */
uint32_t ch_edge_owner(const ChGraph *g, uint32_t e);
/* Appends the cells after `from` of edge e, walked from `from` to `to` (its
 * two ends, either way round). */
void ch_query_unpack_edge(ChQuery *q, uint32_t from, uint32_t to, uint32_t e, xyPath *out);

/* Appends the cells of a shortest path between nodes src and dst (src first)
 * to `out`; appends nothing when the two are not connected. */
void ch_query_path(ChQuery *q, uint32_t src, uint32_t dst, xyPath *out);

#endif
