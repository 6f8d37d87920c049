#include "segbuild.h"

#include "../grid/line.h"

bool segbuild_plan_all(SegStore *ss, LegMode mode, LegPlanner *lp, const AbsIndex *ix, Err *err)
{
    if (!segs_init(ss, mode, ix, err))
        return false;
    const Abstraction *a = ix->abs;
    xyPath leg = {0}, way = {0};
    bool ok = true;
    for (uint32_t r = 0; ok && r < a->nregions; r++) {
        AbsEdgeIter it;
        AbsEdge e;
        abs_edges(a, (int)abs_region_sector(ix, r), abs_local(ix, r), &it);
        for (uint32_t k = ss->edge_first[r]; ok && abs_edge_next(a, &it, &e); k++) {
            uint32_t b = abs_gid(ix, e.sector, e.region);
            if (!segs_holds(ss, r, b))
                continue; /* read from the record of b -> r */
            leg.len = 0;
            legplan_center(lp, ix, r, b, &leg);
            path_reserve(&way, leg.len);
            ok = segs_put(ss, k, way.cells, cells_to_waypoints(NULL, leg.cells, leg.len, way.cells));
        }
    }
    path_free(&leg);
    path_free(&way);
    if (!ok) {
        segs_free(ss);
        return err_set(err, "out of memory precomputing segments (or a leg over %u moves)", LEG_MAX_MOVES);
    }
    return true;
}
