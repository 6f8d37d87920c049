#include "validate.h"

#include <stdio.h>
#include <stdlib.h>

/* Checks step i (cell path[i] and the move into it from path[i-1]); false with
 * the broken rule in `why`. */
static bool step_ok(const Grid *g, const xyLoc *path, size_t i, char *why, size_t size)
{
    xyLoc c = path[i];
    if (!grid_passable(g, c.x, c.y)) {
        snprintf(why, size, "step %zu: cell (%d,%d) is blocked or off the map", i, c.x, c.y);
        return false;
    }
    if (i == 0)
        return true;
    xyLoc p = path[i - 1];
    int dx = c.x - p.x, dy = c.y - p.y;
    if (dx == 0 && dy == 0)
        snprintf(why, size, "step %zu: cell (%d,%d) repeated", i, c.x, c.y);
    else if (abs(dx) > 1 || abs(dy) > 1)
        snprintf(why, size, "step %zu: jump from (%d,%d) to (%d,%d)", i, p.x, p.y, c.x, c.y);
    else if (dx && dy && (!grid_passable(g, p.x + dx, p.y) || !grid_passable(g, p.x, p.y + dy)))
        snprintf(why, size, "step %zu: diagonal from (%d,%d) to (%d,%d) cuts a corner", i, p.x, p.y, c.x, c.y);
    else
        return true;
    return false;
}

bool path_validate(const Grid *g, xyLoc s, xyLoc goal, const xyLoc *path, size_t n, double *length, char *why,
                   size_t why_size)
{
    char scratch[160];
    if (!why) {
        why = scratch;
        why_size = sizeof scratch;
    }
    bool ok = true;
    if (n == 0) {
        snprintf(why, why_size, "empty path from (%d,%d) to (%d,%d)", s.x, s.y, goal.x, goal.y);
        ok = false;
    } else if (path[0].x != s.x || path[0].y != s.y) {
        snprintf(why, why_size, "path starts at (%d,%d), not at the start (%d,%d)", path[0].x, path[0].y, s.x, s.y);
        ok = false;
    } else if (path[n - 1].x != goal.x || path[n - 1].y != goal.y) {
        snprintf(why, why_size, "path ends at (%d,%d), not at the goal (%d,%d)", path[n - 1].x, path[n - 1].y, goal.x,
                 goal.y);
        ok = false;
    }
    for (size_t i = 0; ok && i < n; i++)
        ok = step_ok(g, path, i, why, why_size);
    if (length)
        *length = path_length(path, n);
    return ok;
}
