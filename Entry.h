/* Entry.h: the GPPC API in C, bound to the project's default entry.
 *
 * Classic competition semantics: PreprocessMap(bits, w, h, file) may write
 * `file`; PrepareForSearch loads it and returns the instance (`void *data`);
 * GetPath(data, s, g, path) is called again with the same s and g until it
 * returns true, and APPENDS cells to the caller's path (s first, g last; an
 * unreachable goal appends nothing). bits[y * width + x] is true where the
 * cell is passable. Everything else (the entry table, other entries, their
 * options) is in entries/entry.h; this header is only the binding. */
#ifndef GPPC_ENTRY_H
#define GPPC_ENTRY_H

#include <stdbool.h>

#include "grid/path.h"

void PreprocessMap(const bool *bits, int width, int height, const char *filename);
void *PrepareForSearch(const bool *bits, int width, int height, const char *filename);
bool GetPath(void *data, xyLoc s, xyLoc g, xyPath *path);
const char *GetName(void);
/* Extension: releases what PrepareForSearch returned (the classic API leaks it). */
void ReleaseSearch(void *data);

#endif
