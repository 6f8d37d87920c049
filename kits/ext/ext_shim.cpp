// The C++ side of `--entry ext`: calls the classic-kit entry linked in with
// EXT_ENTRY through its own signatures (Entry.h of the kit) and hands the C
// side plain arrays (ext_abi.h). C++ lives only here, as the kit demands.
#include <cstdio>
#include <string>
#include <vector>

#include "Entry.h"
#include "ext_abi.h"

struct ExtInstance {
    void *data;                // what the entry's PrepareForSearch returned (never freed: the API has no call)
    std::vector<xyLoc> path;   // the query's waypoints, as the entry appends them
    std::vector<ExtPoint> out; // the new ones, handed to C
    ExtPoint s, g;
    bool in_query;
};

static std::vector<bool> to_bits(const bool *bits, int width, int height)
{
    return std::vector<bool>(bits, bits + static_cast<size_t>(width) * height);
}

extern "C" void ext_preprocess(const bool *bits, int width, int height, const char *file)
{
    PreprocessMap(to_bits(bits, width, height), width, height, file);
}

extern "C" ExtInstance *ext_prepare(const bool *bits, int width, int height, const char *file)
{
    ExtInstance *e = new ExtInstance();
    e->data = PrepareForSearch(to_bits(bits, width, height), width, height, file);
    e->in_query = false;
    return e;
}

extern "C" int ext_get_path(ExtInstance *e, ExtPoint s, ExtPoint g, const ExtPoint **pts, size_t *n)
{
    if (!e->in_query || s.x != e->s.x || s.y != e->s.y || g.x != e->g.x || g.y != e->g.y) {
        e->path.clear(); // the kit clears its path before a query's first call
        e->s = s;
        e->g = g;
    }
    size_t before = e->path.size();
    xyLoc ls, lg;
    ls.x = s.x;
    ls.y = s.y;
    lg.x = g.x;
    lg.y = g.y;
    bool done = GetPath(e->data, ls, lg, e->path);
    e->in_query = !done;
    e->out.clear();
    if (e->path.size() < before) {
        // The entry rewrote its path: the kit would only see the new one; we
        // cannot take back cells already handed on, so say so.
        std::fprintf(stderr, "ext: %s shrank the path between GetPath calls; keeping what was returned\n",
                     GetName().c_str());
    } else {
        for (size_t i = before; i < e->path.size(); i++)
            e->out.push_back(ExtPoint{e->path[i].x, e->path[i].y});
    }
    *pts = e->out.data();
    *n = e->out.size();
    return done;
}

extern "C" void ext_release(ExtInstance *e) { delete e; }

extern "C" const char *ext_name(void)
{
    static const std::string name = GetName();
    return name.c_str();
}
