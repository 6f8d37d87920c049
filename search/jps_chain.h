/* jps_chain.h (search floor, private to search/jps*): the path of a found
 * search (jps.c jps_run) read back from its chain of nodes (jps_chain.c):
 * j->trace[0 .. n) holds the padded cells of the goal, its parent and so
 * on back to the start (j->trace[n - 1]); each link is a segment, diagonal
 * first, then straight. Appends the path's cells to `path` (its waypoints
 * only where j->waypoints), the start first. */
#ifndef GPPC_SEARCH_JPS_CHAIN_H
#define GPPC_SEARCH_JPS_CHAIN_H

#include <stddef.h>

#include "jps.h"

void jps_path_of_chain(const Jps *j, size_t n, xyPath *path);

#endif
