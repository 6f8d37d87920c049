/* abstract_search.h: A* / weighted A* over the regions of an MM abstraction
 * (thesis §3.2), on the best-first core (search/best_first.h). Node = global
 * region id (abstraction/index.h); f = g + w*h. With a contraction
 * hierarchy (refine/abs_ch.h, `ch` at init) every whole-route search with
 * w = 1 is the hierarchy's query instead: the same optimal cost, far fewer
 * regions touched (orz900d: ~20 settled instead of ~131 expanded).
 *
 * Heuristic: the octile distance between region centers, or, when larger,
 * the ALT bound of K landmarks (Goldberg & Harrelson 2005): with d(L, r)
 * the abstract distance from landmark L, h(r) = max_L |d(L, goal) - d(L, r)|.
 * Octile is weak where walls make the route long (a maze: 1,709 regions
 * expanded per query on maze512-4-0); 4 landmarks cut that to 500, 8 to 314.
 * The distances (K x u32 per region) are computed when the search is set
 * up, one Dijkstra per landmark over the decoded adjacency: derived data,
 * like the adjacency below.
 *
 * Edge costs: the octile distance between the two centers, plus, when the
 * abstraction carries them (abstraction.h, "edge costs"), the stored excess
 * of the real center-to-center leg over it, so the search sees that a wall
 * between two centers makes their edge long (the loss on rooms maps).
 * Either way a cost is never below the octile distance, so the heuristic
 * stays admissible and consistent.
 *
 * The adjacency is decoded once in abs_search_init into flat arrays (CSR:
 * per region its first edge; per edge the target and its integer cost in
 * 1/ABS_COST_SCALE cells): the query loop reads two words per edge and
 * decodes nothing (the layout decoding was most of the search's time on
 * mazes, where a query expands a thousand regions). These arrays are derived
 * data, like the index: counted in abs_search_bytes (search_bytes in the
 * report), not in abs_bytes, and never stored in files.
 *
 * Owns the per-region search arrays, level 2 and the result path, sized once in
 * abs_search_init (generation stamps, no clearing, no allocation per
 * query). The index, and the abstraction behind it, are borrowed and must
 * outlive the search. */
#ifndef GPPC_REFINE_ABSTRACT_SEARCH_H
#define GPPC_REFINE_ABSTRACT_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "../abstraction/index.h"
#include "../search/best_first.h"
#include "abs_ch.h"
#include "level2.h"

#define ABS_LM_FAR UINT32_MAX

typedef struct AbsAdj {
    uint32_t to;   /* global region id */
    uint32_t cost; /* 1/ABS_COST_SCALE cells */
} AbsAdj;

typedef struct AbsSearch {
    const AbsIndex *ix;
    BestFirst bf;
    uint32_t *adj_first; /* nregions + 1: region r's edges are adj[adj_first[r] .. adj_first[r + 1]) */
    AbsAdj *adj;
    uint32_t nadj;
    uint32_t nlandmarks; /* K */
    uint32_t *lm;        /* nregions x K: distance from each landmark, ABS_LM_FAR unknown */
    uint32_t *parent;    /* per region */
    uint32_t *path;      /* global ids, start region first */
    int path_len;
    uint64_t expanded; /* cumulative */
    uint64_t last_expanded;
    Level2 l2;            /* derived second level (refine/level2.h); nnodes 0 when off */
    AbsCh ch;             /* contraction hierarchy (refine/abs_ch.h); n 0 when off */
    const Tracer *tracer; /* NULL: not traced; events name regions by their centers (search/trace.h) */
} AbsSearch;

/* `landmarks` > 0: that many ALT landmarks (below), chosen and measured here
 * (one Dijkstra over the regions each). `l2_block` > 0: level 2 derived
 * with blocks of that many sectors a side (refine/level2.h). `ch`: a
 * contraction hierarchy (refine/abs_ch.h) answers every whole-route search
 * with weight 1 (the same optimal cost as A*); A* stays for weights above
 * 1 and level-2 chunks, and the landmarks are then built only with level 2. */
bool abs_search_init(AbsSearch *as, const AbsIndex *ix, int landmarks, int l2_block, bool ch, Err *err);
void abs_search_free(AbsSearch *as);
/* Bytes of the search arrays and the decoded adjacency (reported
 * separately from abs_bytes). */
size_t abs_search_bytes(const AbsSearch *as);

/* Finds a region path from global region `from` to `to`; fills as->path
 * (from first, to last) and returns its abstract cost in cells, or -1 when
 * `to` is unreachable. */
double abs_search_run(AbsSearch *as, uint32_t from, uint32_t to, double weight);

/* Lazy planning (issue #17): with level 2, a level-2 search from `from`'s
 * node to `to`'s, then, when that path has more than `steps` steps, the
 * level-1 search only over the regions of its first steps + 1 nodes,
 * stopping at the first region it takes out of node `steps` (f still aims at
 * `to`, so that is the region the whole route would leave by). `resume`: the
 * next chunk of the same query; when `from` lies on the level-2 path
 * already found, the chunk goes on along it (no level-2 search), the last
 * chunk restricted too, to `to`. Sets *final to whether as->path reaches
 * `to`; without level 2, or a short first level-2 path, it is
 * abs_search_run. Returns the cost of as->path in cells, or -1 when `to` is
 * unreachable. */
double abs_search_chunk(AbsSearch *as, uint32_t from, uint32_t to, double weight, int steps, bool resume, bool *final);

#endif
