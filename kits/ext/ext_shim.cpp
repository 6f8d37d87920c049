// The C++ side of `--entry ext:DIR`: scripts/ext_build.py compiles this file
// with the flags the entry's own Entry.cpp was compiled with (its Entry.h
// found first) and links it into entry.so with the entry's objects; it calls
// the entry through the classic kit's signatures and hands the driver plain
// arrays (driver/ext_abi.h). It treats the entry as the kit's main.cpp does:
// one map vector alive for the whole run and passed to PreprocessMap and
// PrepareForSearch, one path vector cleared before each query and passed to
// every GetPath call. C++ lives only under kits/, as the kit demands.
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <type_traits>
#include <vector>

#include "../../driver/ext_abi.h"
#include "Entry.h"

// The any-angle track's kit declares xyLoc of two doubles: its entries hand
// out points between cells, which a grid path's validation cannot judge and
// the copy below would truncate. Refused at the build, in one line.
static_assert(std::is_integral<decltype(xyLoc::x)>::value && std::is_integral<decltype(xyLoc::y)>::value,
              "this entry's xyLoc has non-integer coordinates (the any-angle kit's): only classic-kit grid entries "
              "run as ext:DIR");

// The kit's xyLoc is two int16_t, as ExtPoint: then the driver reads the new
// waypoints where the entry wrote them (no copy inside the timed call); an
// entry with another xyLoc gets them copied.
static constexpr bool kit_layout = sizeof(xyLoc) == sizeof(ExtPoint) &&
                                   std::is_same<decltype(xyLoc::x), int16_t>::value &&
                                   std::is_same<decltype(xyLoc::y), int16_t>::value &&
                                   offsetof(xyLoc, y) == offsetof(ExtPoint, y);

struct ExtInstance {
    void *data;                // what the entry's PrepareForSearch returned (never freed: the API has no call)
    std::vector<xyLoc> path;   // the query's waypoints, as the entry appends them
    std::vector<ExtPoint> out; // the new ones, handed to C when xyLoc is not the kit's
    ExtPoint s, g;
    bool in_query;
};

// The kit's main.cpp keeps its map in a global for the whole run; an entry
// may keep a pointer to it (the kit's own example does).
static std::vector<bool> kit_map;

static std::vector<bool> &the_map(const bool *bits, int width, int height)
{
    kit_map.assign(bits, bits + static_cast<size_t>(width) * height);
    return kit_map;
}

static void (*died_hook)(const char *reason);

static void (*warn_hook)(const char *reason);

extern "C" void ext_on_throw(void (*died)(const char *reason)) { died_hook = died; }

extern "C" void ext_on_warn(void (*warn)(const char *reason)) { warn_hook = warn; }

[[noreturn]] static void threw(const char *call, const char *what)
{
    std::string reason = std::string(call) + " threw an exception: " + what;
    if (died_hook)
        died_hook(reason.c_str());
    std::fprintf(stderr, "ext: %s\n", reason.c_str());
    std::fflush(stderr);
    std::abort();
}

extern "C" void ext_preprocess(const bool *bits, int width, int height, const char *file)
{
    std::string name(file); // an lvalue: some entries take std::string & (2013-subgoal-fast)
    try {
        PreprocessMap(the_map(bits, width, height), width, height, name);
    } catch (const std::exception &e) {
        threw("PreprocessMap", e.what());
    } catch (...) {
        threw("PreprocessMap", "not a std::exception");
    }
}

extern "C" ExtInstance *ext_prepare(const bool *bits, int width, int height, const char *file)
{
    ExtInstance *e = new ExtInstance();
    std::string name(file);
    try {
        e->data = PrepareForSearch(the_map(bits, width, height), width, height, name);
    } catch (const std::exception &ex) {
        threw("PrepareForSearch", ex.what());
    } catch (...) {
        threw("PrepareForSearch", "not a std::exception");
    }
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
    bool done = false;
    try {
        done = GetPath(e->data, ls, lg, e->path);
    } catch (const std::exception &ex) {
        threw("GetPath", ex.what());
    } catch (...) {
        threw("GetPath", "not a std::exception");
    }
    e->in_query = !done;
    e->out.clear();
    if (e->path.size() < before) {
        // The entry rewrote its path: the kit would only see the new one; we
        // cannot take back cells already handed on, so say so, with the map
        // and query when the driver gave its hook.
        std::string reason = "GetPath shrank its path from " + std::to_string(before) + " to " +
                             std::to_string(e->path.size()) + " waypoints between calls; the " +
                             std::to_string(before) + " already returned are kept";
        if (warn_hook)
            warn_hook(reason.c_str());
        else
            std::fprintf(stderr, "ext: %s: %s\n", GetName().c_str(), reason.c_str());
    } else if (kit_layout) {
        *pts = reinterpret_cast<const ExtPoint *>(e->path.data() + before);
        *n = e->path.size() - before;
        return done;
    } else {
        for (size_t i = before; i < e->path.size(); i++)
            e->out.push_back(ExtPoint{static_cast<int16_t>(e->path[i].x), static_cast<int16_t>(e->path[i].y)});
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
