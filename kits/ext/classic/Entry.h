/* Entry.h: the classic start kit's entry signatures (startkit-classic
 * 1.2.0), declared from its documentation so a classic entry folder that
 * ships without it (--entry ext:DIR, our test entry kits/ext/test-astar)
 * builds here without the kit (scripts/ext_build.py adds this folder last). The guard and
 * the names are the kit's on purpose: a kit's own Entry.h beside the entry
 * replaces this one. C++ only. */
#ifndef GPPC_ENTRY_H
#define GPPC_ENTRY_H

#include <string>
#include <vector>

#include "GPPC.h"

typedef GPPC::xyLoc xyLoc;

void PreprocessMap(const std::vector<bool> &bits, int width, int height, const std::string &filename);
void *PrepareForSearch(const std::vector<bool> &bits, int width, int height, const std::string &filename);
/* Appends to `path` (waypoints; each segment cardinal or exactly diagonal);
 * false = call again with the same s, g. */
bool GetPath(void *data, xyLoc s, xyLoc g, std::vector<xyLoc> &path);
std::string GetName();

#endif
