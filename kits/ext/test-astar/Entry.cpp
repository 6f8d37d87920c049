// The project's own classic-kit test entry (tests/py/test_ext.py): the kit's
// Entry.h signatures over the A* of search.cpp, answering in one GetPath call
// with waypoints (the cells where the direction changes), as classic entries
// do. Like the kit's example it keeps a pointer to the map it is given, so it
// only works when the map stays alive (the kit's main.cpp keeps it). It keeps
// no file. Built with -DCRASH_ON_QUERY=N it dereferences a null pointer on its
// Nth query (the test of a crashing entry), and throws on query K first when
// the environment has TEST_ASTAR_THROW_ON_QUERY=K (the test of a throwing one,
// without a second build); with TEST_ASTAR_SHRINK_ON_QUERY=K it answers query
// K in two calls and drops its last waypoint in the second (an entry that
// rewrites its path).
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "Entry.h"
#include "search.h"

void PreprocessMap(const std::vector<bool> &, int, int, const std::string &) {}

void *PrepareForSearch(const std::vector<bool> &bits, int width, int height, const std::string &)
{
    return search_new(bits, width, height);
}

bool GetPath(void *data, xyLoc s, xyLoc g, std::vector<xyLoc> &path)
{
    Search &S = *static_cast<Search *>(data);
#ifdef CRASH_ON_QUERY
    static int queries = 0;
    static bool shrink_next = false;
    if (shrink_next) { // the second call of the query that rewrites its path
        shrink_next = false;
        path.pop_back();
        return true;
    }
    const char *throw_on = std::getenv("TEST_ASTAR_THROW_ON_QUERY");
    if (++queries == (throw_on ? std::atoi(throw_on) : 0))
        throw std::runtime_error("query " + std::to_string(queries) + " refused");
    if (queries == CRASH_ON_QUERY) {
        volatile int *nowhere = nullptr;
        *nowhere = 1;
    }
    const char *shrink_on = std::getenv("TEST_ASTAR_SHRINK_ON_QUERY");
    shrink_next = queries == (shrink_on ? std::atoi(shrink_on) : 0);
#endif
    std::vector<int> cells;
    search_cells(S, s.x, s.y, g.x, g.y, cells);
    for (size_t i = 0; i < cells.size(); i++) {
        bool turn = i == 0 || i + 1 == cells.size() || cells[i + 1] - cells[i] != cells[i] - cells[i - 1];
        if (turn) {
            xyLoc p;
            p.x = static_cast<int16_t>(cells[i] % S.w);
            p.y = static_cast<int16_t>(cells[i] / S.w);
            path.push_back(p);
        }
    }
#ifdef CRASH_ON_QUERY
    return !shrink_next;
#else
    return true;
#endif
}

std::string GetName() { return "test-astar-waypoints"; }
