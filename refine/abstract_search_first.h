/* abstract_search_first.h (private to refine/): the first sizes of the
 * region search's A* open list and route, which its making
 * (abstract_search_make.c) allocates and its searches (abstract_search.c)
 * grow. */
#ifndef GPPC_REFINE_ABSTRACT_SEARCH_FIRST_H
#define GPPC_REFINE_ABSTRACT_SEARCH_FIRST_H

/* The open list's first slots: a search's frontier is a small part of the
 * regions it reaches, so a slot per region would be a quarter of the A*'s
 * memory; it doubles when a search fills it (grow_open). */
#define REGION_OPEN_FIRST 64u

/* The route's first slots: a route is a small part of the regions; it
 * doubles when a route outgrows it (path_room). */
#define REGION_PATH_FIRST 64u

#endif
