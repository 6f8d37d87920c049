// The classic GPPC start kit's entry (its Entry.h: PreprocessMap,
// PrepareForSearch, GetPath, GetName) over gppc-mm's public API
// (gppcmm/api/gppc_mm.h), for `make kit-classic`. The entry spec is
// GPPC_MM_SPEC ("mm" unless compile.sh sets another). The kit's GetPath
// appends to the caller's path, and mm answers in pieces (false = call
// again); cells are a valid waypoint path (every segment one step).
// Errors cannot travel through the kit's signatures, so they go to stderr.
#include <cstdio>
#include <string>
#include <vector>

#include "Entry.h"
#include "gppcmm/api/gppc_mm.h"

#ifndef GPPC_MM_SPEC
#define GPPC_MM_SPEC "mm"
#endif

static std::vector<uint8_t> to_cells(const std::vector<bool> &bits)
{
    return std::vector<uint8_t>(bits.begin(), bits.end());
}

void PreprocessMap(const std::vector<bool> &bits, int width, int height, const std::string &filename)
{
    char err[512];
    std::vector<uint8_t> cells = to_cells(bits);
    if (gppc_mm_preprocess(GPPC_MM_SPEC, cells.data(), width, height, filename.c_str(), err, sizeof err) != 0)
        std::fprintf(stderr, "%s: PreprocessMap: %s\n", GPPC_MM_SPEC, err);
}

// The instance lives until the process ends: the classic API has no call to free it.
void *PrepareForSearch(const std::vector<bool> &bits, int width, int height, const std::string &filename)
{
    char err[512];
    std::vector<uint8_t> cells = to_cells(bits);
    GppcMm *mm = gppc_mm_create(GPPC_MM_SPEC, cells.data(), width, height, filename.c_str(), err, sizeof err);
    if (!mm)
        std::fprintf(stderr, "%s: PrepareForSearch: %s\n", GPPC_MM_SPEC, err);
    return mm;
}

bool GetPath(void *data, xyLoc s, xyLoc g, std::vector<xyLoc> &path)
{
    const GppcMmCell *cells;
    size_t n;
    GppcMmCell ms = {s.x, s.y}, mg = {g.x, g.y};
    int st = gppc_mm_get_path(static_cast<GppcMm *>(data), ms, mg, &cells, &n);
    if (st == GPPC_MM_ERROR) {
        std::fprintf(stderr, "%s: GetPath: (%d,%d) or (%d,%d) outside the map or blocked\n", GPPC_MM_SPEC, s.x, s.y,
                     g.x, g.y);
        return true;
    }
    for (size_t i = 0; i < n; i++) {
        xyLoc c;
        c.x = cells[i].x;
        c.y = cells[i].y;
        path.push_back(c);
    }
    // s == g: the kits' validators reject a one-point path and want [s, s].
    if (st == GPPC_MM_DONE && path.size() == 1)
        path.push_back(path[0]);
    return st == GPPC_MM_DONE;
}

std::string GetName() { return GPPC_MM_SPEC; }
