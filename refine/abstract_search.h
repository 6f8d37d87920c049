/* abstract_search.h: A* / weighted A* over the regions of an MM abstraction
 * (thesis §3.2), on the best-first core (search/best_first.h). Node = global
 * region id (abstraction/index.h); edge cost and heuristic = octile distance
 * between region centers; f = g + w*h.
 *
 * Owns the per-region search arrays (one BfNode and one parent per region)
 * and the result path, sized once in abs_search_init (generation stamps, no
 * clearing, no allocation per query). The index, and the abstraction behind
 * it, are borrowed and must outlive the search. */
#ifndef GPPC_REFINE_ABSTRACT_SEARCH_H
#define GPPC_REFINE_ABSTRACT_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "../abstraction/index.h"
#include "../search/best_first.h"

typedef struct AbsSearch {
    const AbsIndex *ix;
    BestFirst bf;
    uint32_t *parent; /* per region */
    uint32_t *path;   /* global ids, start region first */
    int path_len;
    uint64_t expanded; /* cumulative */
    uint64_t last_expanded;
} AbsSearch;

bool abs_search_init(AbsSearch *as, const AbsIndex *ix, Err *err);
void abs_search_free(AbsSearch *as);
/* Bytes of the search arrays (reported separately from abs_bytes). */
size_t abs_search_bytes(const AbsSearch *as);

/* Finds a region path from global region `from` to `to`; fills as->path
 * (from first, to last) and returns its abstract cost, or -1 when `to` is
 * unreachable. */
double abs_search_run(AbsSearch *as, uint32_t from, uint32_t to, double weight);

#endif
