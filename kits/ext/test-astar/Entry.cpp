// The project's own classic-kit test entry (tests/py/test_ext.py): the kit's
// Entry.h signatures over the A* of search.cpp, answering in one GetPath call
// with waypoints (the cells where the direction changes), as classic entries
// do. Like the kit's example it keeps a pointer to the map it is given, so it
// only works when the map stays alive (the kit's main.cpp keeps it). It keeps
// no file. The environment makes it misbehave, so that one build serves
// every test: TEST_ASTAR_CRASH_ON_QUERY=N dereferences a null pointer on its
// Nth query (a crashing entry), TEST_ASTAR_THROW_ON_QUERY=K throws on query K
// first (a throwing one), TEST_ASTAR_SHRINK_ON_QUERY=K answers query K in two
// calls and drops its last waypoint in the second (an entry that rewrites its
// path), TEST_ASTAR_PRINT=TEXT prints TEXT on the standard output every query
// (an entry printing its progress there), TEST_ASTAR_PROGRESS=TEXT writes TEXT
// and a carriage return, no newline, to the standard error every query (an
// entry redrawing one progress line, as the archive's CPD entry does).
#include <cstdio>
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

static int env_number(const char *name)
{
    const char *v = std::getenv(name);
    return v ? std::atoi(v) : 0;
}

bool GetPath(void *data, xyLoc s, xyLoc g, std::vector<xyLoc> &path)
{
    Search &S = *static_cast<Search *>(data);
    static const int crash_on = env_number("TEST_ASTAR_CRASH_ON_QUERY");
    static const int throw_on = env_number("TEST_ASTAR_THROW_ON_QUERY");
    static const int shrink_on = env_number("TEST_ASTAR_SHRINK_ON_QUERY");
    static const char *const print = std::getenv("TEST_ASTAR_PRINT");
    static const char *const progress = std::getenv("TEST_ASTAR_PROGRESS");
    static int queries = 0;
    static bool shrink_next = false;
    if (shrink_next) { // the second call of the query that rewrites its path
        shrink_next = false;
        path.pop_back();
        return true;
    }
    if (print)
        std::printf("%s\n", print);
    if (progress)
        std::fprintf(stderr, "%s\r", progress);
    if (++queries == throw_on)
        throw std::runtime_error("query " + std::to_string(queries) + " refused");
    if (queries == crash_on) {
        volatile int *nowhere = nullptr;
        *nowhere = 1;
    }
    shrink_next = queries == shrink_on;
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
    return !shrink_next;
}

std::string GetName() { return "test-astar-waypoints"; }
