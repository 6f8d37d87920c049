// search.h: plain octile A* without corner cutting over a map it is given a
// pointer to (the map stays the caller's; the kit's main.cpp keeps it alive
// for the whole run). Part of the project's own classic-kit test entry.
#ifndef TEST_ASTAR_SEARCH_H
#define TEST_ASTAR_SEARCH_H

#include <vector>

struct Search {
    const std::vector<bool> *map; // borrowed, as the kit's example keeps it
    int w, h;
    std::vector<double> g;
    std::vector<int> parent;
    std::vector<unsigned> seen; // generation marks instead of clearing g and parent
    unsigned gen;
};

Search *search_new(const std::vector<bool> &map, int width, int height);
// The cells of a shortest path s -> g (s first), empty when none exists.
void search_cells(Search &S, int sx, int sy, int gx, int gy, std::vector<int> &cells);

#endif
