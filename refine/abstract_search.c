#include "abstract_search.h"

#include <stdlib.h>
#include <string.h>

bool abs_search_init(AbsSearch *as, const AbsIndex *ix, Err *err)
{
    memset(as, 0, sizeof *as);
    as->ix = ix;
    size_t n = ix->abs->nregions ? ix->abs->nregions : 1;
    as->parent = malloc(n * sizeof *as->parent);
    as->path = malloc(n * sizeof *as->path);
    if (!as->parent || !as->path || !bf_init(&as->bf, n, (uint32_t)n)) {
        abs_search_free(as);
        return err_set(err, "out of memory for the abstract search (%u regions)", ix->abs->nregions);
    }
    return true;
}

void abs_search_free(AbsSearch *as)
{
    free(as->parent);
    free(as->path);
    bf_free(&as->bf);
    memset(as, 0, sizeof *as);
}

size_t abs_search_bytes(const AbsSearch *as)
{
    return as->bf.count * (sizeof(BfNode) + 4 + 4) + (size_t)as->bf.open.cap * sizeof(HeapItem);
}

double abs_search_run(AbsSearch *as, uint32_t from, uint32_t to, double weight)
{
    const AbsIndex *ix = as->ix;
    const Abstraction *a = ix->abs;
    BestFirst *bf = &as->bf;
    const xyLoc goal = ix->center[to];
    uint64_t expanded = 0;
    double result = -1;
    bf_start(bf, from, weight * grid_octile(ix->center[from].x, ix->center[from].y, goal.x, goal.y));
    as->parent[from] = from;
    uint32_t cur;
    while (bf_pop(bf, &cur)) {
        if (cur == to) {
            result = bf->node[cur].g;
            break;
        }
        expanded++;
        xyLoc c = ix->center[cur];
        AbsEdgeIter it;
        AbsEdge e;
        abs_edges(a, (int)ix->region_sector[cur], abs_local(ix, cur), &it);
        while (abs_edge_next(a, &it, &e)) {
            uint32_t nb = abs_gid(ix, e.sector, e.region);
            xyLoc nc = ix->center[nb];
            double ng = bf->node[cur].g + grid_octile(c.x, c.y, nc.x, nc.y);
            BfOffer o = bf_offer(bf, nb, ng);
            if (o) {
                as->parent[nb] = cur;
                bf_queue(bf, nb, o, ng + weight * grid_octile(nc.x, nc.y, goal.x, goal.y));
            }
        }
    }
    as->last_expanded = expanded;
    as->expanded += expanded;
    as->path_len = 0;
    if (result < 0)
        return result;
    for (uint32_t r = to;; r = as->parent[r]) {
        as->path[as->path_len++] = r;
        if (r == from)
            break;
    }
    for (int i = 0, j = as->path_len - 1; i < j; i++, j--) {
        uint32_t t = as->path[i];
        as->path[i] = as->path[j];
        as->path[j] = t;
    }
    return result;
}
