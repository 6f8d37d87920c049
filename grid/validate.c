#include "validate.h"

#include <stdio.h>
#include <stdlib.h>

static int sign(int v) { return (v > 0) - (v < 0); }

/* Segment a -> b: cardinal or exactly diagonal, every cell it leaves passable
 * and, on a diagonal, both cells beside each step (the kits' 2x2 check). The
 * end b was checked as a waypoint. */
static bool segment_ok(const Grid *g, xyLoc a, xyLoc b)
{
    int dx = b.x - a.x, dy = b.y - a.y;
    if (dx && dy && abs(dx) != abs(dy))
        return false;
    int sx = sign(dx), sy = sign(dy);
    for (int x = a.x, y = a.y; x != b.x || y != b.y; x += sx, y += sy) {
        if (!grid_passable(g, x, y))
            return false;
        if (sx && sy && (!grid_passable(g, x + sx, y) || !grid_passable(g, x, y + sy)))
            return false;
    }
    return true;
}

int path_first_fault(const Grid *g, const xyLoc *path, size_t n)
{
    if (n == 0)
        return -1;
    if (n == 1)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!grid_passable(g, path[i].x, path[i].y))
            return (int)i;
    for (size_t i = 0; i + 1 < n; i++)
        if (!segment_ok(g, path[i], path[i + 1]))
            return (int)i;
    return -1;
}

PathVerdict path_verdict(const Grid *g, xyLoc s, xyLoc goal, const xyLoc *path, size_t n)
{
    if (n == 0)
        return (PathVerdict){PATH_EMPTY, 0};
    if (!xy_same(path[0], s))
        return (PathVerdict){PATH_START_MISMATCH, 0};
    int fault = path_first_fault(g, path, n);
    if (fault >= 0)
        return (PathVerdict){PATH_INVALID, fault};
    if (!xy_same(path[n - 1], goal))
        return (PathVerdict){PATH_GOAL_MISMATCH, 0};
    return (PathVerdict){PATH_COMPLETE, 0};
}

void path_verdict_name(PathVerdict v, char *buf, size_t size)
{
    static const char *const name[] = {"complete", "empty-path", "start-mismatch", "goal-mismatch"};
    if (v.code == PATH_INVALID)
        snprintf(buf, size, "invalid-%d", v.index);
    else
        snprintf(buf, size, "%s", name[v.code]);
}

/* Words for an invalid verdict: which waypoint or segment, and why. */
static void explain_fault(const Grid *g, const xyLoc *path, size_t n, int i, char *why, size_t size)
{
    if (n == 1) {
        snprintf(why, size, "a path of one cell (%d,%d): the kits want at least two, [s, s] when s == g", path[0].x,
                 path[0].y);
        return;
    }
    for (size_t k = 0; k < n; k++)
        if (!grid_passable(g, path[k].x, path[k].y)) {
            snprintf(why, size, "waypoint %zu: cell (%d,%d) is blocked or off the map", k, path[k].x, path[k].y);
            return;
        }
    xyLoc a = path[i], b = path[i + 1];
    int dx = b.x - a.x, dy = b.y - a.y;
    if (dx && dy && abs(dx) != abs(dy))
        snprintf(why, size, "segment %d: (%d,%d) to (%d,%d) is neither cardinal nor diagonal", i, a.x, a.y, b.x, b.y);
    else
        snprintf(why, size, "segment %d: (%d,%d) to (%d,%d) crosses a blocked cell or cuts a corner", i, a.x, a.y, b.x,
                 b.y);
}

bool path_validate(const Grid *g, xyLoc s, xyLoc goal, const xyLoc *path, size_t n, double *length, char *why,
                   size_t why_size)
{
    char scratch[160];
    if (!why) {
        why = scratch;
        why_size = sizeof scratch;
    }
    PathVerdict v = path_verdict(g, s, goal, path, n);
    if (length)
        *length = path_length(path, n);
    if (n == 1 && xy_same(s, goal) && xy_same(path[0], s) && grid_passable(g, s.x, s.y))
        return true;
    switch (v.code) {
    case PATH_COMPLETE:
        return true;
    case PATH_EMPTY:
        snprintf(why, why_size, "empty path from (%d,%d) to (%d,%d)", s.x, s.y, goal.x, goal.y);
        break;
    case PATH_START_MISMATCH:
        snprintf(why, why_size, "path starts at (%d,%d), not at the start (%d,%d)", path[0].x, path[0].y, s.x, s.y);
        break;
    case PATH_GOAL_MISMATCH:
        snprintf(why, why_size, "path ends at (%d,%d), not at the goal (%d,%d)", path[n - 1].x, path[n - 1].y, goal.x,
                 goal.y);
        break;
    case PATH_INVALID:
        explain_fault(g, path, n, v.index, why, why_size);
        break;
    }
    return false;
}
