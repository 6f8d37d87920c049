/* ext_abi.h: the seam between the C entry `ext` (ext_entry.c) and the C++
 * shim (ext_shim.cpp) that calls a classic-kit entry built with
 * `make EXT_ENTRY=path/to/Entry.cpp` (private to kits/ext/).
 *
 * Maps are width*height bools, row-major, true = passable (grid_to_bits),
 * borrowed for the call. ext_get_path appends the entry's new waypoints (each segment
 * cardinal or exactly diagonal, as the kit returns them) to a buffer the
 * shim owns, valid until the next call on that instance. The classic API has
 * no way to free an instance: ext_release frees the shim's part only. */
#ifndef GPPC_MM_KITS_EXT_ABI_H
#define GPPC_MM_KITS_EXT_ABI_H

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
/* GetName(), copied once into static storage. */
const char *ext_name(void);

#ifdef __cplusplus
}
#endif

#endif
