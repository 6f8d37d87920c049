/* gppc_mm.h: the public C API of libgppcmm, the one header `make install`
 * installs. It runs any path planner of the project's entry table (mm, the
 * default, and the baselines: astar, jps, ch, akers, vra, ...) on a map the
 * caller hands over, without the driver. Nothing else of the project is
 * public: the types here are the API's own, so this header clashes with
 * neither GPPC start kit (no xyLoc, no GetPath, its own include guard).
 *
 * Life of an instance:
 *   1. (optional, may run in another process) gppc_mm_preprocess() writes
 *      the entry's preprocessing file for a map;
 *   2. gppc_mm_create() makes an instance for the map, loading that file
 *      (or, with file NULL, preprocessing in memory through a temporary file);
 *   3. gppc_mm_get_path() answers queries, gppc_mm_update() applies map
 *      changes between queries;
 *   4. gppc_mm_free() releases the instance.
 * One instance is not thread-safe; distinct instances are independent (no
 * global mutable state).
 *
 * Maps: `cells` is width*height bytes, row-major, cells[y * width + x]
 * nonzero where (x, y) is passable; (0, 0) is the upper-left corner. The API
 * copies what it keeps: `cells` may be freed once the call returns.
 * 1 <= width, height <= 8192.
 *
 * Paths: cell paths, 8-connected; a cardinal step costs 1, a diagonal step
 * exactly sqrt(2) and needs both cardinal cells beside it passable (no corner
 * cutting). A path starts at s and ends at g; an unreachable goal gives an
 * empty path.
 *
 * Errors: functions that can fail take `err` (may be NULL) of `errsize`
 * bytes and write one line naming the file or argument and the problem.
 * Ownership: everything a function returns through a `const` pointer belongs
 * to the instance; memory returned through a non-const pointer belongs to
 * the caller, who frees it with free(). */
#ifndef GPPC_MM_PUBLIC_H
#define GPPC_MM_PUBLIC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library is built with hidden symbols; the API stays visible to a
 * shared object that links it. */
#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

typedef struct GppcMm GppcMm; /* an entry instance over one map (opaque) */

typedef struct GppcMmCell {
    int16_t x, y;
} GppcMmCell;

/* A run of cells along a row changing alike: (x, y) .. (x + more, y). A
 * single cell is { x, y, passable } (more 0); a patch passed as runs costs
 * the entries a word of bits where a cell at a time cost a cell. */
typedef struct GppcMmChange {
    int16_t x, y;
    uint8_t passable; /* what the cells become: 1 passable, 0 blocked */
    uint16_t more;    /* the run's cells after (x, y), eastwards */
} GppcMmChange;

/* Status of gppc_mm_get_path. */
enum { GPPC_MM_ERROR = -1, GPPC_MM_MORE = 0, GPPC_MM_DONE = 1 };

/* The i-th registered entry's name (i = 0 is the default, "mm"), NULL past
 * the last. Static strings. */
const char *gppc_mm_entry_name(int i);

/* Reads a Moving AI .map file into a new cell array (caller frees with
 * free()); NULL + message naming file and line on bad input. */
uint8_t *gppc_mm_load_map(const char *path, int *width, int *height, char *err, size_t errsize);

/* `spec` is an entry with options, "mm" or "mm:sector=16,w=1.5" (NULL =
 * "mm"). Writes the entry's preprocessing file `file` whole or not at all
 * (an entry without preprocessing writes nothing). 0 on success, -1 + message. */
int gppc_mm_preprocess(const char *spec, const uint8_t *cells, int width, int height, const char *file, char *err,
                       size_t errsize);

/* A new instance of `spec` for the map. `file`: what gppc_mm_preprocess wrote
 * for this map and spec (a missing or stale file is reported on stderr and
 * rebuilt in memory), or NULL to preprocess now. NULL + message on failure. */
GppcMm *gppc_mm_create(const char *spec, const uint8_t *cells, int width, int height, const char *file, char *err,
                       size_t errsize);

/* The entry's name ("mm", "jps", ...); belongs to the instance. */
const char *gppc_mm_name(const GppcMm *mm);

/* One step of the query s -> g (the GPPC contract): sets *cells, *n to the
 * cells this call adds to the path (the first call's start with s); they are
 * valid until the next call on this instance. Returns GPPC_MM_MORE while the
 * entry is still refining (call again with the same s, g: mm answers in
 * pieces), GPPC_MM_DONE once g was added or the goal is unreachable (no cell
 * at all for the query), GPPC_MM_ERROR (n = 0) when s or g is outside the
 * map or blocked. A call with another s, g starts a new query. */
int gppc_mm_get_path(GppcMm *mm, GppcMmCell s, GppcMmCell g, const GppcMmCell **cells, size_t *n);

/* The whole path s -> g at once (gppc_mm_get_path until done); *cells, *n as
 * above but the whole path. 0 on success (n = 0: unreachable), -1 when s or g is outside
 * the map or blocked. */
int gppc_mm_find_path(GppcMm *mm, GppcMmCell s, GppcMmCell g, const GppcMmCell **cells, size_t *n);

/* Applies n runs of changed cells (inside the map) between queries: through the
 * entry's incremental update (mm, astar, jps) or by rebuilding it from
 * scratch. A query in progress continues from its last cell. 0 on success; -1 + message (the instance keeps its old map). */
int gppc_mm_update(GppcMm *mm, const GppcMmChange *changes, int n, char *err, size_t errsize);

/* Releases the instance and everything it returned; NULL is allowed. */
void gppc_mm_free(GppcMm *mm);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif
