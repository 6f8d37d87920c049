/* Entry.h: the GPPC API in C, bound to the project's default entry.
 *
 * Classic competition semantics: PreprocessMap(bits, w, h, file) may write
 * `file`; PrepareForSearch loads it and returns the instance (`void *data`);
 * GetPath(data, s, g, path) is called again with the same s and g until it
 * returns true, and APPENDS cells to the caller's path (s first, g last; an
 * unreachable goal appends nothing). bits[y * width + x] is true where the
 * cell is passable. Everything else (the entry table, other entries, their
 * options) is in entries/entry.h; this header is only the binding.
 *
 * C only, and not the kits' header: the classic kit's Entry.h (C++) declares
 * the same names with std::vector/std::string, its own xyLoc and a GetName
 * returning std::string, under the guard GPPC_ENTRY_H. So this header has its
 * own guard, and a C++ kit takes `make kit-classic` (Entry.cpp over the
 * public api/gppc_mm.h, whose names are all gppc_mm_-prefixed) instead. */
#ifndef GPPC_MM_ENTRY_H
#define GPPC_MM_ENTRY_H

#ifdef __cplusplus
#error "Entry.h is gppc-mm's C binding; a C++ start kit uses build/kit-classic (make kit-classic) or api/gppc_mm.h"
#endif

#include <stdbool.h>

#include "grid/path.h"

void PreprocessMap(const bool *bits, int width, int height, const char *filename);
void *PrepareForSearch(const bool *bits, int width, int height, const char *filename);
bool GetPath(void *data, xyLoc s, xyLoc g, xyPath *path);
const char *GetName(void);
/* Extension: releases what PrepareForSearch returned (the classic API leaks it). */
void ReleaseSearch(void *data);

#endif
