/* jps_chain.h (search floor, private to search/jps*): the path of a found
 * search read back from its chain of nodes, for jps.c's jps_run, which
 * knows the chain; this reads only the chain and the row stride of the
 * padded grid its cells index. chain[0 .. n) holds the padded cells of the
 * goal, its parent and so on back to the start (chain[n - 1]); each link
 * is a segment, diagonal first, then straight. Appends the path's cells to
 * `path`, the start first: every cell, or with `waypoints` (jps.h
 * Jps.waypoints) only the segments' ends and the turns within them. */
#ifndef GPPC_SEARCH_JPS_CHAIN_H
#define GPPC_SEARCH_JPS_CHAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../grid/path.h"

void jps_path_of_chain(const uint32_t *chain, size_t n, int stride, bool waypoints, xyPath *path);
/* The cells that path takes after its start: each segment's longer side. */
uint64_t jps_chain_cells(const uint32_t *chain, size_t n, int stride);

#endif
