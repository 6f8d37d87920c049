/* ext_abi.h: the seam between the driver's loader of an external entry
 * (driver/ext.c) and the C++ shim (kits/ext/ext_shim.cpp) that
 * scripts/ext_build.py links with a classic-kit entry's own objects into
 * entry.so; the loader finds these seven functions there with dlsym
 * (private to driver/ and kits/ext/).
 *
 * Maps are width*height bools, row-major, true = passable (grid_to_bits),
 * borrowed for the call: the shim copies them into the one map vector it keeps
 * for the whole process, as the kit's main.cpp keeps its map, so an entry may
 * keep a pointer to the vector it was given. `file` is the entry's index
 * name (the kit's index_data/NAME-MAP), inside a folder that exists.
 * ext_get_path appends the entry's new waypoints (each segment cardinal or
 * exactly diagonal, as the kit returns them) to a buffer the shim owns,
 * valid until the next call on that instance; the entry fills one path vector
 * per instance, reused by every query, as the kit's main.cpp does. The classic
 * API has no way to free an instance: ext_release frees the shim's part only.
 * An exception out of the entry ends the process through ext_on_throw's
 * hook, which names the map and query (driver/guard.c). */
#ifndef GPPC_DRIVER_EXT_ABI_H
#define GPPC_DRIVER_EXT_ABI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ExtPoint {
    int16_t x, y;
} ExtPoint;

typedef struct ExtInstance ExtInstance;

void ext_preprocess(const bool *bits, int width, int height, const char *file);
ExtInstance *ext_prepare(const bool *bits, int width, int height, const char *file);
/* One GetPath call; *pts, *n: the waypoints it appended. Returns GetPath's bool. */
int ext_get_path(ExtInstance *inst, ExtPoint s, ExtPoint g, const ExtPoint **pts, size_t *n);
void ext_release(ExtInstance *inst);
/* The driver's way to end the process when the entry throws: `died` gets one
 * reason ("GetPath threw an exception: WHAT") and does not return. Without
 * it the shim prints the reason and aborts. */
void ext_on_throw(void (*died)(const char *reason));
/* The driver's way to say, in one line naming the map and query, that the
 * entry did what the shim cannot follow but the run survives (it shrank its
 * path between GetPath calls); `warn` returns. Without it the shim prints
 * the reason alone. */
void ext_on_warn(void (*warn)(const char *reason));
/* GetName(), copied once into static storage. */
const char *ext_name(void);

#ifdef __cplusplus
}
#endif

#endif
