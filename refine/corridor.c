#include "corridor.h"

/* The least a step looks ahead (corridor.h: ahead >= 2). */
#define AHEAD_LEAST 2

/* The step's search ended (res, not LEG_PAUSED or LEG_CAPPED): its cells
 * are in the leg from step->at on; the position the next step stands at. */
static int step_end(const AbsIndex *ix, const CorridorStep *step, LegResult res, xyPath *leg)
{
    const Abstraction *a = ix->abs;
    if (res != LEG_FOUND || step->final)
        return step->path_len;
    /* Keep the cells up to the first one in the sector 3/4 of the way there
     * (ahead 4: the third): keeping only half cost more searches for the
     * same quality. */
    int ms = (int)abs_region_sector(ix, step->path[step->mid]);
    for (size_t i = step->at + 1; i < leg->len; i++) {
        if (abs_sector_of(a, leg->cells[i].x, leg->cells[i].y) == ms) {
            leg->len = i + 1;
            return step->mid;
        }
    }
    return step->to; /* the widened search passed by: keep all, stand at its end */
}

/* Marks the corridor of the path from step->pos looking `ahead` positions
 * on and begins its search (toward g where that reaches the path's end). */
static LegResult step_search(CorridorStep *step, LegPlanner *lp, const AbsIndex *ix, int ahead, xyPath *leg)
{
    const Abstraction *a = ix->abs;
    int pos = step->pos, last = step->path_len - 1;
    int to = pos + ahead < last ? pos + ahead : last;
    step->ahead = ahead;
    step->to = to;
    step->mid = pos + ahead - ahead / 4;
    step->final = to == last;
    uint32_t mark = legplan_new_mark(lp);
    /* Every step also takes the sectors around the path's: the abstract
     * route is chosen by center-to-center costs, and among scattered
     * obstacles the shortest path often runs one sector beside it, which a
     * corridor of the route's own sectors cannot follow (most of mm's excess
     * on such maps, results/reference/mm-quality/). */
    for (int i = pos > 0 ? pos - 1 : 0; i <= to; i++) {
        int sec = (int)abs_region_sector(ix, step->path[i]);
        legplan_add_sector(lp, sec, mark);
        for (int d = 0; d < 8; d++) {
            int n = abs_neighbour_sector(a, sec, d);
            if (n >= 0)
                legplan_add_sector(lp, n, mark);
        }
    }
    xyLoc target = step->final ? step->g : abs_center(ix, step->path[to]);
    return legplan_corridor_jps_begin(lp, step->from, target, leg);
}

/* The step's search answered res: a capped one searched again looking half
 * as far ahead, at the least widened; then the position the next step
 * stands at, or CORRIDOR_PAUSED. */
static int step_answer(CorridorStep *step, LegPlanner *lp, const AbsIndex *ix, LegResult res, xyPath *leg)
{
    while (res == LEG_CAPPED)
        res = step->ahead > AHEAD_LEAST
                  ? step_search(step, lp, ix, step->ahead / 2 > AHEAD_LEAST ? step->ahead / 2 : AHEAD_LEAST, leg)
                  : legplan_corridor_widen(lp, leg);
    return res == LEG_PAUSED ? CORRIDOR_PAUSED : step_end(ix, step, res, leg);
}

int corridor_step_begin(CorridorStep *step, LegPlanner *lp, const AbsIndex *ix, const uint32_t *path, int path_len,
                        int pos, int ahead, xyLoc from, xyLoc g, xyPath *leg)
{
    *step = (CorridorStep){.path = path, .path_len = path_len, .pos = pos, .at = leg->len, .from = from, .g = g};
    return step_answer(step, lp, ix, step_search(step, lp, ix, ahead, leg), leg);
}

int corridor_step_resume(CorridorStep *step, LegPlanner *lp, const AbsIndex *ix, xyPath *leg)
{
    LegResult res = legplan_corridor_jps_resume(lp, leg);
    return res == LEG_PAUSED ? CORRIDOR_PAUSED : step_answer(step, lp, ix, res, leg); /* most calls: paused */
}
