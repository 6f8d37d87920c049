/* path.h: a cell and a growable cell path, the types every floor above
 * passes paths in (the C form of the GPPC kit's xyLoc and std::vector<xyLoc>).
 *
 * Ownership: an xyPath's cells belong to whoever holds the xyPath; it grows
 * only through path_reserve/path_push and is released by path_free. Entries
 * append to the caller's path and never shrink it (the GPPC contract, entries/entry.h).
 * Lengths are octile: a cardinal step 1, a diagonal step exactly sqrt(2). */
#ifndef GPPC_GRID_PATH_H
#define GPPC_GRID_PATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct xyLoc {
    int16_t x, y;
} xyLoc;

/* Are a and b the same cell? */
static inline bool xy_same(xyLoc a, xyLoc b) { return a.x == b.x && a.y == b.y; }

typedef struct xyPath {
    xyLoc *cells;
    size_t len, cap;
} xyPath;

/* Ensures room for `extra` more cells; aborts the process if memory runs out
 * (an entry cannot report that through the GPPC API). */
void path_reserve(xyPath *p, size_t extra);
static inline void path_push(xyPath *p, xyLoc c)
{
    if (p->len == p->cap)
        path_reserve(p, 1);
    p->cells[p->len++] = c;
}
void path_free(xyPath *p);
/* Reverses n cells in place (a path walked back from its goal). */
void cells_reverse(xyLoc *cells, size_t n);
/* Octile length of a cell or waypoint path (grid/validate.h), summed as
 * counts of unit moves so it does not depend on summation order; a segment
 * that is neither cardinal nor diagonal adds its Euclidean length (the kits'
 * figure for an illegal path). No legality checks. */
double path_length(const xyLoc *path, size_t n);

#endif
