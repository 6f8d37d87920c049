/* astar_pages.h: private to search/astar*.c: the paged form's growths
 * (astar_pages.c), called by the search loop (astar.c) when a search
 * reaches a block or a part it holds no room for, or fills its open list.
 * Each asks the owner's gate first and returns false when memory ran out
 * (what is held stays usable). */
#ifndef SEARCH_ASTAR_PAGES_H
#define SEARCH_ASTAR_PAGES_H

#include "astar.h"

/* Blocks a paged A* takes pages for at its first search: a center leg's two
 * sectors (a search that reaches more grows them by a quarter). */
#define FIRST_BLOCKS 2

bool astar_grow_pages(AStar *a, size_t cap);
bool astar_grow_slots(AStar *a, size_t cap);
size_t astar_more_pages(const AStarPages *pg, size_t cap, size_t need);
bool astar_grow_open(AStar *a);

#endif
