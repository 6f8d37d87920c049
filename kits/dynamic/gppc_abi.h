/* gppc_abi.h: the C ABI of the dynamic GPPC start kit (startkit-dynamic
 * 2.0.0, its Entry.h), declared here from the kit's documentation so the
 * binding builds without the kit. Inside the kit, compile.sh builds with
 * -DGPPC_KIT_ENTRY_H -I<kit> instead, so the compiler checks our definitions against
 * the kit's own declarations.
 *
 * Lifetimes (the kit's rules): a patch's bitarray stays valid until
 * gppc_free_data returns, and the active map handed to gppc_search_init has
 * every change applied before gppc_map_change is called; the path returned by
 * gppc_get_path is the library's and is read only until the next call into
 * the library; each call returns only the cells it adds, `incomplete` set
 * while more calls are needed, and length 0 with incomplete 0 for no path. */
#ifndef GPPC_MM_KIT_DYNAMIC_ABI_H
#define GPPC_MM_KIT_DYNAMIC_ABI_H

#ifdef GPPC_KIT_ENTRY_H
#include <Entry.h> /* the kit's, found through -I (compile.sh) */
#else
#include <stdint.h>

struct gppc_point {
    uint16_t x;
    uint16_t y;
};

struct gppc_path {
    const struct gppc_point *path;
    uint32_t length;
    uint8_t incomplete;
};

/* bitarray: width*height bits, row-major, LSB first; 1 = traversable. */
struct gppc_patch {
    const uint8_t *bitarray;
    uint16_t width;
    uint16_t height;
    struct gppc_point pos;
};

void gppc_preprocess_init_map(struct gppc_patch init_map, const char *preprocess_filename);
void *gppc_search_init(struct gppc_patch active_map, const char *preprocess_filename);
void gppc_map_change(void *data, const struct gppc_patch *changes, uint32_t changes_length);
struct gppc_path gppc_get_path(void *data, struct gppc_point start, struct gppc_point goal);
void gppc_free_data(void *data);
const char *gppc_get_name(void);
#endif

#endif
