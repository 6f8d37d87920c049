#include "corridor.h"

int corridor_step(LegPlanner *lp, const AbsIndex *ix, const uint32_t *path, int path_len, int pos, int ahead,
                  xyLoc from, xyLoc g, xyPath *leg)
{
    const Abstraction *a = ix->abs;
    int last = path_len - 1;
    int to = pos + ahead < last ? pos + ahead : last;
    bool final = to == last;
    uint32_t mark = legplan_new_mark(lp);
    /* Every step also takes the sectors around the path's: the abstract
     * route is chosen by center-to-center costs, and among scattered
     * obstacles the shortest path often runs one sector beside it, which a
     * corridor of the route's own sectors cannot follow (most of mm's excess
     * on such maps, results/reference/mm-quality/). */
    for (int i = pos > 0 ? pos - 1 : 0; i <= to; i++) {
        int sec = (int)ix->region_sector[path[i]];
        legplan_add_sector(lp, sec, mark);
        for (int d = 0; d < 8; d++) {
            int n = abs_neighbour_sector(a, sec, d);
            if (n >= 0)
                legplan_add_sector(lp, n, mark);
        }
    }
    size_t at = leg->len;
    xyLoc target = final ? g : ix->center[path[to]];
    if (!legplan_corridor_jps(lp, from, target, leg))
        return path_len;
    if (final)
        return path_len;
    /* Keep the cells up to the first one in the sector 3/4 of the way there
     * (ahead 4: the third): keeping only half cost more searches for the
     * same quality. */
    int mid = pos + ahead - ahead / 4;
    int ms = (int)ix->region_sector[path[mid]];
    for (size_t i = at + 1; i < leg->len; i++) {
        if (abs_sector_of(a, leg->cells[i].x, leg->cells[i].y) == ms) {
            leg->len = i + 1;
            return mid;
        }
    }
    return to; /* the widened search passed by: keep all, stand at its end */
}
