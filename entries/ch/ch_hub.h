/* ch_hub.h (private to entries/ch/): the hierarchy's upward search spaces,
 * precomputed: hub labels from a CH (Abraham, Delling, Goldberg & Werneck,
 * "A Hub-Based Labeling Algorithm for Shortest Paths in Road Networks",
 * SEA 2011, §3-4). L(u) lists the nodes h an upward search from u settles,
 * each with its upward distance d(u,h) and the upward edge it came by; an
 * entry whose distance another hub of L(u) and L(h) beats is pruned and not
 * expanded (§4: the top node of a shortest path is reached by a shortest
 * upward path, whose nodes are never pruned). The CH query's meeting is then
 * min over h in L(u) and L(w) of d(u,h) + d(w,h), the same distance the
 * bidirectional search (ch_query.h) finds, taken by two passes over the
 * seeds' labels: no open list, no stall tests, no data-dependent branches.
 *
 * Used where the labels are small: on maps with few subgoals a query costs
 * the search's fixed part (seeds pushed and popped, about a hundred
 * mispredicted branches) while JPS answers in a few microseconds. Labels are built at
 * load time from the loaded hierarchy (the preprocessing file is unchanged)
 * and only while their total stays under the caller's bound.
 *
 * Owns its arrays (ch_hubs_free); borrows nothing after ch_hubs_build. Costs
 * are ch.h's integers. */
#ifndef GPPC_CH_HUB_H
#define GPPC_CH_HUB_H

#include "ch.h"
#include "ch_query.h"

typedef struct ChHubEntry {
    uint32_t hub, via; /* via: the upward edge into hub (CH_NONE for the node itself) */
    uint64_t dist;
} ChHubEntry;

typedef struct ChHubs {
    uint32_t n;        /* 0: no labels (too large, or not built) */
    uint32_t *first;   /* n: node v's entries are entry[first[v] .. first[v] + count[v]) */
    uint32_t *count;   /* n */
    ChHubEntry *entry; /* the labels in the order built (highest rank first), no slack */
    size_t entries;
    uint64_t *fdist;  /* query: per hub, the forward side's best distance */
    uint32_t *fstamp; /* ... valid where fstamp == stamp (common/stamp.h) */
    uint32_t *fseed;  /* ... and the forward seed it came from */
    uint32_t stamp;
    uint64_t queries, scanned; /* counters: label entries read per query */
} ChHubs;

/* Builds the labels of g unless they exceed max_entries in all (then h->n
 * stays 0 and the caller searches). False with err set only when out of
 * memory. */
bool ch_hubs_build(ChHubs *h, const ChGraph *g, size_t max_entries, Err *err);
void ch_hubs_free(ChHubs *h);
size_t ch_hubs_bytes(const ChHubs *h);

/* The meeting hub of the best path from some seed[0] to some seed[1]
 * (CH_NONE when none); pick receives the two seeds' indices. q: the node
 * coordinates and the query's ends (ch_query_aim). */
uint32_t ch_hubs_meet(ChHubs *h, const ChQuery *q, const ChSeed *const seed[2], const uint32_t count[2],
                      uint32_t pick[2]);
/* Appends the cells after node u up to node w of the path through `hub`
 * (u, w: the picked seeds' nodes), unpacked through q's graph. */
void ch_hubs_unpack(const ChHubs *h, ChQuery *q, uint32_t hub, uint32_t u, uint32_t w, xyPath *out);

#endif
