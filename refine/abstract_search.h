/* abstract_search.h: A* / weighted A* over the regions of an MM abstraction
 * (thesis §3.2). Node = global region id (regions of sector s are numbered
 * from region_base[s]); edge cost and heuristic = octile distance between
 * region centers; f = g + w*h.
 *
 * Owns flat per-region arrays sized once in abs_search_init (generation
 * stamps, no clearing, no allocation per query) and the result path. The
 * Abstraction is borrowed and must outlive the search. */
#ifndef GPPC_REFINE_ABSTRACT_SEARCH_H
#define GPPC_REFINE_ABSTRACT_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "../abstraction/abstraction.h"
#include "../search/heap.h"

typedef struct AbsNode {
    double g;
    uint32_t stamp;
    int32_t heap_pos;          /* -1 once closed */
    uint32_t parent;
} AbsNode;

typedef struct AbsSearch {
    const Abstraction *abs;
    uint32_t *region_base;     /* nsectors + 1 */
    uint32_t *region_sector;   /* nregions: sector of each global region */
    xyLoc *center;             /* nregions: decoded centers (hot in the search) */
    AbsNode *node;
    Heap open;
    uint32_t stamp;
    uint32_t *path;            /* global ids, start region first */
    int path_len;
    uint64_t expanded;         /* cumulative */
    uint64_t last_expanded;
} AbsSearch;

bool abs_search_init(AbsSearch *as, const Abstraction *a, Err *err);
void abs_search_free(AbsSearch *as);
/* Bytes of the search arrays (reported separately from abs_bytes). */
size_t abs_search_bytes(const AbsSearch *as);

static inline uint32_t abs_gid(const AbsSearch *as, int sector, int region)
{
    return as->region_base[sector] + (uint32_t)region;
}

/* Finds a region path from global region `from` to `to`; fills as->path
 * (from first, to last) and returns its abstract cost, or -1 when `to` is
 * unreachable. */
double abs_search_run(AbsSearch *as, uint32_t from, uint32_t to, double weight);

#endif
