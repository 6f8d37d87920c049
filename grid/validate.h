/* validate.h: is a path a legal answer to the query s -> g? The rules are the
 * GPPC start kits' (startkit-classic and startkit-dynamic share one
 * ValidatePath; the dynamic kit adds the end checks), so a path passes here
 * exactly when it passes there:
 *   - the path is a list of waypoints: each consecutive pair is one segment,
 *     either cardinal (any length) or exactly diagonal (|dx| == |dy|); a step
 *     between king-move neighbours is a one-cell segment, so cell paths and
 *     waypoint paths need no marking;
 *   - first every waypoint is checked (in bounds, passable), then every
 *     segment cell by cell: each cell it leaves passable, and each diagonal
 *     step also its two cardinal neighbour cells (no corner cutting);
 *   - a repeated waypoint is a zero-length segment and legal;
 *   - a path of one waypoint is illegal (index 0), even for s == g: the kits
 *     want [s, s] there;
 *   - the dynamic kit's end checks: first waypoint s (before any segment
 *     check), then the last one g (after them).
 * Length: path_length() (grid/path.h), octile = Euclidean on legal segments. */
#ifndef GPPC_GRID_VALIDATE_H
#define GPPC_GRID_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>

#include "grid.h"

/* The dynamic kit's verdicts (its validator's names, see path_verdict_name). */
typedef enum {
    PATH_COMPLETE,       /* "complete": legal, from s to g */
    PATH_EMPTY,          /* "empty-path": the right answer when no path exists */
    PATH_START_MISMATCH, /* "start-mismatch" */
    PATH_GOAL_MISMATCH,  /* "goal-mismatch" */
    PATH_INVALID         /* "invalid-N": waypoint N (first pass) or segment N (second) */
} PathVerdictCode;

typedef struct PathVerdict {
    PathVerdictCode code;
    int index; /* PATH_INVALID only */
} PathVerdict;

/* The kits' ValidatePath: -1 when legal (an empty path included), else the
 * index of the first bad waypoint, else of the first bad segment. */
int path_first_fault(const Grid *g, const xyLoc *path, size_t n);
/* The dynamic kit's verdict on a whole answer to s -> goal. */
PathVerdict path_verdict(const Grid *g, xyLoc s, xyLoc goal, const xyLoc *path, size_t n);
/* "complete", "empty-path", "start-mismatch", "goal-mismatch", "invalid-N". */
void path_verdict_name(PathVerdict v, char *buf, size_t size);

/* True when path_verdict is PATH_COMPLETE, and for the one-cell path [s]
 * when s == goal: our entry contract (entries/entry.h: s first, g last) has
 * always allowed it, the kits want [s, s] (so an entry exported to a kit must
 * answer that). Otherwise `why` says which rule broke where, in words. *length is path_length() of the whole returned path,
 * legal or not. */
bool path_validate(const Grid *g, xyLoc s, xyLoc goal, const xyLoc *path, size_t n, double *length, char *why,
                   size_t why_size);

#endif
