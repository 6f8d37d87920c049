/* plain.h (private to abstraction/): the abstraction in an uncompressed,
 * easy-to-edit form, between building (build.c) and packing into the compact
 * layout (layout.c); also what tests compare against. Owns its arrays;
 * abs_plain_free (plain.c) releases them. */
#ifndef GPPC_ABSTRACTION_PLAIN_H
#define GPPC_ABSTRACTION_PLAIN_H

#include "abstraction.h"

typedef struct AbsPlain {
    int nsectors;
    int *reg_first;  /* nsectors + 1: regions of sector s are reg_first[s].. */
    uint8_t *center; /* per region: (y << 4) | x inside the sector */
    int *edge_first; /* nregions + 1 */
    uint8_t *edge_dir, *edge_target;
    uint8_t *edge_excess; /* per edge, both directions (abs_excess_code); NULL without costs */
    int nregions, nedges;
} AbsPlain;

/* Pieces of the build, shared with the local rebuild (update.c). */
#define ABS_BLOCKED_LABEL 255
typedef struct Growable {
    void *p;
    size_t n, cap, elem;
} Growable;
/* Room for `need` elements (doubling); false when out of memory. */
bool abs_grow(Growable *v, size_t need);
typedef struct RawEdge {
    uint8_t region, dir, target;
} RawEdge;
/* Every border cell has at most 5 outward moves. */
#define ABS_RAW_EDGES_MAX (ABS_MAX_SECTOR * 4 * 5)

/* Labels the regions (4-connected parts, numbered by their first cell in
 * row-major order) of the sector at (x0, y0) of size w x h (its cells in
 * `labels`, W*H, must hold ABS_BLOCKED_LABEL) and appends their centers (u8,
 * (y << 4) | x) to `centers`. Returns the region count, or -1
 * when out of memory. */
int abs_fill_sector(const Grid *g, int x0, int y0, int w, int h, uint8_t *labels, Growable *centers);
/* The sorted, unique edges of one sector from its border cells, only towards
 * the sector directions set in dir_mask (bit d = direction d); `labels` must
 * hold the sector's cells and its neighbours'. `single`: bit d set when the
 * neighbour in direction d has one region, bit ABS_SINGLE_SELF when the
 * sector has (0: not known; a side between two such is one edge, its
 * cells' labels unread). Returns the count. */
#define ABS_SINGLE_SELF (1u << 8)
int abs_sector_edges(const Grid *g, int x0, int y0, int w, int h, const uint8_t *labels, unsigned dir_mask,
                     unsigned single, RawEdge *out);
/* abs_sector_edges' `single` for sector s of a sw x sh grid of sectors: a
 * sector u's region count is first[u + 1] - first[u], or fresh_first's
 * where fresh[u] is set (fresh NULL: none). */
unsigned abs_single_regions(int sw, int sh, int s, const int *first, const int *fresh_first, const uint8_t *fresh);
/* Sorts by (region, direction, target) and drops duplicates; returns the count. */
int abs_raw_edges_sort(RawEdge *e, int n);
int abs_raw_edge_cmp(const void *a, const void *b);

/* Builds the plain form; `labels` (W*H bytes, caller-owned) receives each
 * cell's local region (255 blocked). */
bool abs_plain_build(AbsPlain *p, const Grid *g, int S, uint8_t *labels, Err *err);
void abs_plain_free(AbsPlain *p);
/* Moves centers in place to optimised cells (centers.c); `labels` as filled
 * by abs_plain_build; `only` (per sector, NULL = all) picks the regions that
 * may move. Returns the passes run, or -1 (err set) when memory ran out. */
int abs_optimize_centers(AbsPlain *p, const Grid *g, int S, const uint8_t *labels, const uint8_t *only, int max_passes,
                         Err *err);
/* Measures the excess of every edge (costs.c) into p->edge_excess (allocated
 * when NULL), both directions; with `redo` (per sector) only the edges with
 * an end in a marked sector, or diagonal with a marked sector beside their
 * corner (abs_corner_marked), or diagonal between two sectors whose
 * `placeholder` bytes both have bit 0 with bit 1 in either (a local
 * rebuild: both default before, so the layout held no cost for the edge,
 * and one beside a change, so it may stop being default); the others keep
 * their values. Each leg is searched over a window of 2 x 2 sectors (the
 * memory of four sectors, not of the map). */
bool abs_plain_costs(AbsPlain *p, const Grid *g, int S, const uint8_t *redo, const uint8_t *placeholder, Err *err);
/* abs_plain_costs in pieces, for a re-derivation spread over calls: begin
 * (allocates the excess bytes when p has none), run until done or about
 * `work` units are spent (a window search's expanded cells; checked
 * between sectors), end. p, redo and placeholder stay the caller's and
 * unchanged in between. */
typedef struct LegSearch LegSearch; /* costs.c's own */
typedef struct AbsCostRun {
    AbsPlain *p;
    const Grid *g;
    int S, sw, sh;
    const uint8_t *redo, *placeholder;
    uint8_t *near; /* per sector: within two of a redo one (NULL: every sector) */
    LegSearch *ls; /* the window search, made at the first leg that needs one */
    int s;         /* the next sector whose edges are measured */
} AbsCostRun;
bool abs_costs_begin(AbsCostRun *c, AbsPlain *p, const Grid *g, int S, const uint8_t *redo, const uint8_t *placeholder,
                     Err *err);
/* 1: every edge measured; 0: the work ran out (run again); -1: out of memory (end still frees). */
int abs_costs_run(AbsCostRun *c, uint64_t work, Err *err);
void abs_costs_end(AbsCostRun *c);
/* Bytes the run holds beside p (the window search, the near flags). */
size_t abs_costs_bytes(const AbsCostRun *c);
/* An update under way (abstraction.h abs_update_begin): the whole map's new
 * plain form once its second piece has run (regions, centers and edges;
 * the costs may still be coming), else NULL, and in *old the abstraction it
 * updates (the sectors' geometry); and the new local region of
 * cell (x, y) by then (a ring sector's from its fresh labels, another's
 * by locating it: its cells, so its numbering, are as before), -1 blocked. */
const AbsPlain *abs_update_plain(const AbsUpdate *u, const Abstraction **old);
int abs_update_region_of(const AbsUpdate *u, AbsLocator *loc, int x, int y);
/* Is either sector beside the corner that the diagonal direction d of
 * sector s crosses marked (an sw-wide grid of sectors)? A diagonal step
 * across that corner checks one cell of each (no corner cutting), so the
 * edge's existence and its leg depend on them; a cardinal edge depends on
 * its two sectors only. */
bool abs_corner_marked(int sw, int sh, int s, int d, const uint8_t *marked);
/* out[s] = 1 for every sector within `steps` sectors (either axis, so
 * diagonal neighbours count) of a marked one, else 0 (an sw x sh grid). */
void abs_dilate(int sw, int sh, const uint8_t *marked, int steps, uint8_t *out);
/* The edge b -> a of edge a -> b (a: global region `region` of `sector`), or -1. */
int abs_plain_reverse_edge(const AbsPlain *p, int sector, int region, int dir, int target_sector, int target);
/* Does the layout keep edge a -> b's excess (global ids, sectors' default
 * flags)? Once per edge: in a stored sector, towards a default sector or a
 * higher id; a default-to-default edge has none (its excess is 0). */
static inline bool abs_excess_kept(bool src_default, bool dst_default, int a, int b)
{
    return !src_default && (dst_default || a < b);
}
/* With edge costs: does every stored sector's run of kept excess bytes lie
 * inside the pool? (abs_validate, once the rest is known sound.) */
bool abs_excess_fits(const Abstraction *a, Err *err);
/* Packs a plain form into the layout of abstraction.h (a->width.. set by caller). */
bool abs_encode(Abstraction *a, const AbsPlain *p, Err *err);
/* Unpacks any abstraction (defaults included) into the plain form. */
bool abs_decode(const Abstraction *a, AbsPlain *p, Err *err);

#endif
