/* vra.h (private to entries/vra/): Variable Resolution A* (Walsh & Banerjee).
 *
 * The map starts as two rectangular cells, split at the midpoint of start and
 * goal along the longer axis. A cell's point is the start or goal it holds,
 * else its centre. Neighbours share an edge segment; a link costs the octile
 * length of the Bresenham line between the two points when that line is a
 * legal grid path, else it is infinite. A* runs on the cells; it marks the
 * cells (larger than one grid cell) at either end of every infinite link it
 * meets, and when it fails the first marked cell is split along its longer
 * axis (link costs between unchanged cells are kept) and A* runs again, until
 * a path is found or nothing is marked (then none exists: two 4-adjacent
 * passable grid cells always have a legal link, and without corner cutting
 * the 4-connected grid connects what the 8-connected one does).
 * Option split=first|all (default all): the paper splits only the first
 * marked cell per failed search; splitting every marked cell gives nearly the
 * same paths with far fewer searches on DAO maps (docs/entries/vra.md), which
 * makes whole-family runs possible. The waypoints then get the extended post-smoothing
 * (refine/smooth.h) and are rasterised line by line; every line is legal, so
 * no diagonal step cuts a corner and no fix-up is needed.
 *
 * Owns a copy of the map, the cells, links, search state (best-first core,
 * search/best_first.h) and buffers, which grow by doubling and are reused by
 * every query. */
#ifndef GPPC_ENTRIES_VRA_H
#define GPPC_ENTRIES_VRA_H

#include "../../search/best_first.h"

#define VRA_INF 1e300

typedef struct VraCell {
    int x0, y0, x1, y1; /* inclusive */
    xyLoc pt;
    bool alive;
} VraCell;

typedef struct VraLink {
    uint32_t to;
    double cost;
} VraLink;

typedef struct VraAdj {
    VraLink *l;
    uint32_t n, cap;
} VraAdj;

typedef struct Vra {
    Grid grid;
    VraCell *cell;
    VraAdj *adj;
    BestFirst bf;     /* node id = cell id */
    uint32_t *parent; /* per cell */
    uint32_t *closed; /* cells marked by the last search, in order */
    uint32_t *mark;   /* == mark_gen: marked by the current search */
    uint32_t mark_gen;
    uint32_t ncells, cap;
    xyLoc *way;
    size_t way_cap;
    uint32_t s_cell, g_cell;
    uint64_t searches, expanded, cells_total, queries;
    bool split_all; /* option split=all */
} Vra;

bool vra_init(Vra *v, const Grid *map, bool split_all, Err *err);
void vra_free(Vra *v);
/* Appends a path s .. g to `path` (nothing when there is none); aborts when
 * memory runs out mid-query, since GetPath cannot report it. */
void vra_find(Vra *v, xyLoc s, xyLoc g, xyPath *path);
/* Bytes of the cells, links and search arrays. */
size_t vra_bytes(const Vra *v);

#endif
