#include "abstract_search.h"

#include <stdlib.h>
#include <string.h>

bool abs_search_init(AbsSearch *as, const Abstraction *a, Err *err)
{
    memset(as, 0, sizeof *as);
    as->abs = a;
    size_t n = a->nregions ? a->nregions : 1;
    as->region_base = malloc(((size_t)a->nsectors + 1) * sizeof *as->region_base);
    as->region_sector = malloc(n * sizeof *as->region_sector);
    as->center = malloc(n * sizeof *as->center);
    as->node = calloc(n, sizeof *as->node);
    as->path = malloc(n * sizeof *as->path);
    if (!as->region_base || !as->region_sector || !as->center || !as->node || !as->path ||
        !heap_init(&as->open, (uint32_t)n, &as->node[0].heap_pos, sizeof as->node[0])) {
        abs_search_free(as);
        return err_set(err, "out of memory for the abstract search (%u regions)", a->nregions);
    }
    uint32_t gid = 0;
    for (uint32_t s = 0; s < a->nsectors; s++) {
        as->region_base[s] = gid;
        for (int r = 0; r < abs_region_count(a, (int)s); r++, gid++) {
            as->region_sector[gid] = s;
            as->center[gid] = abs_region_center(a, (int)s, r);
        }
    }
    as->region_base[a->nsectors] = gid;
    return true;
}

void abs_search_free(AbsSearch *as)
{
    free(as->region_base);
    free(as->region_sector);
    free(as->center);
    free(as->node);
    free(as->path);
    heap_free(&as->open);
    memset(as, 0, sizeof *as);
}

size_t abs_search_bytes(const AbsSearch *as)
{
    size_t n = as->abs->nregions;
    return ((size_t)as->abs->nsectors + 1) * 4 + n * (4 + sizeof(xyLoc) + sizeof(AbsNode) + 4) +
           (size_t)as->open.cap * sizeof(HeapItem);
}

double abs_search_run(AbsSearch *as, uint32_t from, uint32_t to, double weight)
{
    const Abstraction *a = as->abs;
    uint32_t stamp = ++as->stamp;
    if (stamp == 0) {
        for (uint32_t i = 0; i < a->nregions; i++)
            as->node[i].stamp = 0;
        stamp = as->stamp = 1;
    }
    AbsNode *node = as->node;
    const xyLoc goal = as->center[to];
    uint64_t expanded = 0;
    double result = -1;
    heap_clear(&as->open);
    node[from] = (AbsNode){0, stamp, 0, from};
    heap_push(&as->open, from, weight * grid_octile(as->center[from].x, as->center[from].y, goal.x, goal.y), 0);
    while (!heap_empty(&as->open)) {
        uint32_t cur = heap_pop(&as->open).id;
        node[cur].heap_pos = -1;
        if (cur == to) {
            result = node[cur].g;
            break;
        }
        expanded++;
        uint32_t s = as->region_sector[cur];
        xyLoc c = as->center[cur];
        AbsEdgeIter it;
        AbsEdge e;
        abs_edges(a, (int)s, (int)(cur - as->region_base[s]), &it);
        while (abs_edge_next(a, &it, &e)) {
            uint32_t nb = as->region_base[e.sector] + (uint32_t)e.region;
            xyLoc nc = as->center[nb];
            double ng = node[cur].g + grid_octile(c.x, c.y, nc.x, nc.y);
            AbsNode *n = &node[nb];
            if (n->stamp != stamp) {
                *n = (AbsNode){ng, stamp, 0, cur};
                heap_push(&as->open, nb, ng + weight * grid_octile(nc.x, nc.y, goal.x, goal.y), ng);
            } else if (n->heap_pos >= 0 && ng < n->g) {
                n->g = ng;
                n->parent = cur;
                heap_decrease(&as->open, nb, ng + weight * grid_octile(nc.x, nc.y, goal.x, goal.y), ng);
            }
        }
    }
    as->last_expanded = expanded;
    as->expanded += expanded;
    as->path_len = 0;
    if (result < 0)
        return result;
    for (uint32_t cur = to;; cur = node[cur].parent) {
        as->path[as->path_len++] = cur;
        if (cur == from)
            break;
    }
    for (int i = 0, j = as->path_len - 1; i < j; i++, j--) {
        uint32_t t = as->path[i];
        as->path[i] = as->path[j];
        as->path[j] = t;
    }
    return result;
}
