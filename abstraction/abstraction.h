/* abstraction.h: the minimal-memory (MM) sector abstraction of a grid
 * (Sturtevant, "Memory-Efficient Abstractions for Pathfinding", AIIDE 2007;
 * Li's thesis §3.1), stored in the paper's compact layout (Fig. 4).
 *
 * Sectors: S x S cells (4 <= S <= 16); sector index = x/S + ceil(W/S) * (y/S);
 * the partial sectors on the right and bottom simply have fewer cells.
 * Regions: connected components of a sector's passable cells, moving only
 * inside the sector (with no corner cutting that is 4-connectivity), numbered
 * in row-major order of their first cell. Center: the region cell nearest its
 * centroid (squared distance; ties to the smaller y, then x), or with
 * optimised centers (centers.c) the region cell that minimises the largest
 * refinement search to the neighbouring centers.
 * Edges: region A -> region B of a neighbouring sector (8 directions, grid.h
 * numbering) wherever a legal move crosses from A into B; stored in both
 * directions, sorted by (direction, target). Abstract cost: octile distance
 * between the centers, plus, with edge costs on, the edge's excess.
 *
 * Edge costs (costs_on; costs.c): the excess of the real center-to-center
 * leg (A* inside the edge's two sectors, as refine/legplan.h plans it) over the
 * octile distance of the centers, one byte (abs_excess_code: half cells up
 * to 64 cells, then 2 cells a step up to 318). Kept once per edge: by a
 * stored sector, for its edges towards a default sector or a region of
 * higher global id (abs_excess_kept in plain.h); the other direction reads
 * the same value, and a default-to-default edge has 0 (abs_encode stores
 * one of two default sectors whose leg measures more: layout.c).
 *
 * Layout (all the abstraction holds; abs_bytes() counts exactly this):
 *  sector word, 3 bytes: bytes 0-1 offset (LE), byte 2 region count (bits
 *             0-4) and flags (bits 5-7); abs_word() gives it as a u32 (bits
 *             0-7 region count, 8-23 offset, 24-31 flags). A sector of more
 *             than ABS_NARROW_MAX_REGIONS regions is WIDE, whose entry holds
 *             its count.
 *   normal:   pool + group_base[s / ABS_GROUP] + offset holds `count` regions
 *             of 2 bytes (byte 0: center, (y << 4) | x inside the sector;
 *             byte 1: cumulative end of its edge bytes) then the edges, 1
 *             byte each (bits 5-7 direction, 0-4 target region), then, with
 *             edge costs, one excess byte per kept edge in edge order.
 *   MASKED:   a normal sector whose regions' edge bytes each begin with a
 *             mask, bit d set for an edge (d, 0), followed by its other
 *             edges as above; abs_edges gives both in (direction, target)
 *             order. Chosen where it takes fewer bytes: where a sector has
 *             more edges to a region 0 than regions, as most sectors of a
 *             room map do (their neighbours hold one region).
 *   DEFAULT:  not stored: one region at the standard center (the center of a
 *             fully open sector of that size), edges (d, 0) to every existing
 *             neighbour sector. Only with defaults compression on.
 *   WIDE:     when a normal sector cannot be encoded (it holds more than 31
 *             regions, an edge targets a region >= 32, more than 255 edge bytes, or its offset from the group base
 *             passes 16 bits): offset indexes `wide`, whose entry gives the
 *             absolute pool offset, edge count and region count; regions take 4 bytes (center,
 *             0, u16 LE cumulative edge end) and edges 2 (direction, target),
 *             then the kept excess bytes as above.
 *  group_base, u32 per ABS_GROUP sectors: lifts hog2's 64 KB pool limit.
 *  plus ABS_FIXED_BYTES for the sizes and counts.
 *
 * Ownership: every array is owned by the Abstraction and freed by abs_free.
 * The grid passed to abs_build / abs_region_of is borrowed. */
#ifndef GPPC_ABSTRACTION_H
#define GPPC_ABSTRACTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../grid/grid.h"

#define ABS_MIN_SECTOR 4
#define ABS_MAX_SECTOR 16
#define ABS_GROUP 256
#define ABS_FIXED_BYTES 32
#define ABS_FLAG_DEFAULT 0x01u
#define ABS_FLAG_WIDE 0x02u
#define ABS_FLAG_MASKED 0x04u
#define ABS_NARROW_MAX_TARGET 31
#define ABS_NARROW_MAX_EDGES 255
#define ABS_NARROW_MAX_REGIONS 31 /* the 5 bits of a sector word's count */
#define ABS_WORD_BYTES 3

typedef struct AbsWide {
    uint32_t pool_offset;
    uint16_t edges;
    uint16_t regions;
} AbsWide;

typedef struct Abstraction {
    int width, height;
    int S;      /* sector side */
    int sw, sh; /* sectors per row, per column */
    uint32_t nsectors, ngroups;
    uint8_t *sector;      /* nsectors words of ABS_WORD_BYTES (read by abs_word) */
    uint32_t *group_base; /* ngroups */
    uint8_t *pool;
    uint32_t pool_bytes;
    AbsWide *wide;
    uint32_t nwide;
    bool defaults_on; /* default sectors left out of the pool */
    bool centers_opt; /* centers optimised (centers.c) */
    bool costs_on;    /* edge excess bytes kept (costs.c) */
    /* Totals, kept for reports and file checks. */
    uint32_t nregions, nedges, ndefault;
} Abstraction;

/* One abstract edge, decoded. */
typedef struct AbsEdge {
    int dir;            /* 0..7, grid.h numbering */
    int sector, region; /* the target */
} AbsEdge;

typedef struct AbsEdgeIter {
    const uint8_t *p; /* next edge byte(s) */
    int left;
    int sector;              /* source sector */
    uint8_t wide, dflt, dir; /* dflt: synthesising a default sector's edges */
    uint8_t mask;            /* MASKED: the directions of the region's edges to a region 0 not yet given */
} AbsEdgeIter;

#define ABS_CENTER_PASSES 2 /* bound on optimisation passes */

bool abs_build(Abstraction *a, const Grid *g, int S, bool defaults_on, Err *err);
/* The same with optimised centers when `centers_opt`, and edge costs
 * measured and kept when `costs` (an A* of at most two sectors per edge). */
bool abs_build_centers(Abstraction *a, const Grid *g, int S, bool defaults_on, bool centers_opt, bool costs, Err *err);
/* Edge costs: a code's excess in half cells and in cells, and the code of
 * an excess. */
static inline uint32_t abs_excess_halves(uint8_t q) { return q < 128 ? q : 128u + 4u * (q - 128u); }
static inline double abs_excess_cells(uint8_t q) { return abs_excess_halves(q) * 0.5; }
uint8_t abs_excess_code(double cells);
static inline int abs_opposite_dir(int d) { return d < 4 ? (d + 2) % 4 : 4 + (d - 2) % 4; }
/* Every edge's excess code (0 without costs_on) in abs_edges order, region by
 * region in global id order, default sectors' edges included: a malloc'ed
 * array of nedges bytes in *out (NULL without costs_on; the caller frees). */
bool abs_edge_excess(const Abstraction *a, uint8_t **out, Err *err);
void abs_free(Abstraction *a);

static inline int abs_sector_of(const Abstraction *a, int x, int y) { return (y / a->S) * a->sw + x / a->S; }
static inline int abs_sector_x0(const Abstraction *a, int s) { return (s % a->sw) * a->S; }
static inline int abs_sector_y0(const Abstraction *a, int s) { return (s / a->sw) * a->S; }
static inline uint32_t abs_word_flags(uint32_t w) { return w >> 24; }
/* The cell of a center byte c, (y << 4) | x inside a sector whose top-left
 * cell is (x0, y0): how every center is stored (layout, plain form, index). */
static inline xyLoc abs_center_cell(int x0, int y0, uint32_t c)
{
    return (xyLoc){(int16_t)(x0 + (int)(c & 15u)), (int16_t)(y0 + (int)(c >> 4))};
}
/* Sector s of a width x height map cut into S x S sectors (sw per row): its
 * top-left cell and its size, smaller at the right and bottom edges. */
static inline void abs_box(int width, int height, int S, int sw, int s, int *x0, int *y0, int *w, int *h)
{
    *x0 = (s % sw) * S;
    *y0 = (s / sw) * S;
    *w = width - *x0 < S ? width - *x0 : S;
    *h = height - *y0 < S ? height - *y0 : S;
}
static inline void abs_sector_box(const Abstraction *a, int s, int *x0, int *y0, int *w, int *h)
{
    abs_box(a->width, a->height, a->S, a->sw, s, x0, y0, w, h);
}
/* Sector s's word as a u32: bits 0-7 region count, 8-23 offset, 24-31 flags. */
static inline uint32_t abs_word(const Abstraction *a, int s)
{
    const uint8_t *p = a->sector + (size_t)ABS_WORD_BYTES * (size_t)s;
    uint32_t offset = p[0] | (uint32_t)p[1] << 8, flags = (uint32_t)p[2] >> 5;
    uint32_t count = flags & ABS_FLAG_WIDE ? a->wide[offset].regions : p[2] & 31u;
    return count | offset << 8 | flags << 24;
}
static inline int abs_region_count(const Abstraction *a, int s) { return (int)(abs_word(a, s) & 0xffu); }
/* Start of a stored sector's bytes in the pool (w: its abs_word). */
static inline const uint8_t *abs_sector_data(const Abstraction *a, int s, uint32_t w)
{
    uint32_t offset = (w >> 8) & 0xffffu;
    if (abs_word_flags(w) & ABS_FLAG_WIDE)
        return a->pool + a->wide[offset].pool_offset;
    return a->pool + a->group_base[s / ABS_GROUP] + offset;
}
/* A stored sector's kept excess bytes (with edge costs): after its edges. */
const uint8_t *abs_sector_excess(const Abstraction *a, int s);

/* Absolute cell of region r's center in sector s. */
xyLoc abs_region_center(const Abstraction *a, int s, int r);
/* Iterates region r's edges in (direction, target) order. */
void abs_edges(const Abstraction *a, int s, int r, AbsEdgeIter *it);
bool abs_edge_next(const Abstraction *a, AbsEdgeIter *it, AbsEdge *e);
/* Neighbouring sector in direction d, or -1 off the map. */
int abs_neighbour_sector(const Abstraction *a, int s, int d);
/* The standard center of sector s: the center of a fully open sector of its size. */
xyLoc abs_standard_center(const Abstraction *a, int s);

/* Local rebuild after cells changed (update.c): `g` is the changed grid,
 * touched[s] != 0 marks the sectors holding a changed cell. Builds `out`
 * (labels included when `old` has them) and leaves `old` as it was. */
/* What updates keep for the next one, owned by the caller, so that an update
 * floods only the sectors it touches and never decodes the whole layout:
 * the cells' region labels (valid[s]: sector s's cells hold the labels its
 * flood fill gives on the grid as it is) and the abstraction in its plain
 * form as the last update left it. Zeroed means nothing kept yet
 * (abs_update allocates). */
struct AbsPlain;
typedef struct AbsKept {
    uint8_t *cell;          /* width x height */
    uint8_t *valid;         /* per sector */
    struct AbsPlain *plain; /* NULL: none kept */
} AbsKept;
void abs_kept_free(AbsKept *k);
/* Bytes held (labels, flags, plain form). */
size_t abs_kept_bytes(const AbsKept *k, int width, int height, uint32_t nsectors);
/* The caller put the cells of the touched sectors back after a successful
 * update (a later step failed): their labels and the plain form are dropped. */
void abs_kept_undo(AbsKept *k, uint32_t nsectors, const uint8_t *touched);
/* `keep`: what updates keep (NULL: a whole-map scratch and a decode). */
bool abs_update(Abstraction *out, const Abstraction *old, const Grid *g, const uint8_t *touched, AbsKept *keep,
                Err *err);
/* abs_update in pieces, one a call of abs_update_run, for a caller that
 * bounds its calls: the ring's flood fills and the touched sectors' border
 * scans; the ring's regions, centers and edges; then the edge costs (with
 * costs on), `work` units a call (a window search's expanded cells,
 * abstraction/costs.c); then the packing into `out`. Run returns 0
 * while pieces are left (out holds nothing), 1 once out is the updated
 * abstraction, -1 when memory ran out. old, g, touched and keep stay the
 * caller's and unchanged from begin to end; end(failed) frees the state
 * and, after a failure, drops the touched sectors' kept labels. Until the
 * last piece `keep` holds what it held before (the cells' labels of the
 * ring are already those of the grid as it is: each is its own sector's
 * flood fill), so an update can be let go between pieces (end(false)) and
 * begun again over more touched sectors. */
typedef struct AbsUpdate AbsUpdate;
AbsUpdate *abs_update_begin(const Abstraction *old, const Grid *g, const uint8_t *touched, AbsKept *keep, Err *err);
int abs_update_run(AbsUpdate *u, Abstraction *out, uint64_t work, Err *err);
void abs_update_end(AbsUpdate *u, bool failed);
/* Bytes the state holds between pieces (0 for NULL). */
size_t abs_update_bytes(const AbsUpdate *u);

/* Does a cell path use a touched sector: a cell in one, or a diagonal step
 * whose corner cells (checked by the no-corner-cutting rule) lie in one? A
 * smoothed leg can cross sectors other than its ends' ones, so caches decide
 * by walking the leg. */
bool abs_leg_touches(const Abstraction *a, const xyLoc *cells, size_t n, const uint8_t *touched);

/* Exact bytes of the compact structures (see above). */
size_t abs_bytes(const Abstraction *a);

/* Region lookup: a breadth-first search inside the sector
 * from (x, y) that stops at the first region center it meets (the paper's
 * method; at most S*S cells). The locator is per-instance scratch, so no
 * allocation; its marks are bytes of the sector's cells it sets afresh
 * when a search begins (a few hundred bytes: cheaper to hold than a stamp
 * a cell). */
#define ABS_LOCATOR_NONE 0xff /* center_region: not a center; dir: not reached */
typedef struct AbsLocator {
    uint8_t center_region[ABS_MAX_SECTOR * ABS_MAX_SECTOR];
    uint8_t queue[ABS_MAX_SECTOR * ABS_MAX_SECTOR];
    uint8_t dir[ABS_MAX_SECTOR * ABS_MAX_SECTOR]; /* move that reached each cell (the start: 8) */
    /* The search in progress (abs_region_path_steps): its sector's box, the
     * start cell's and the queue's indices. */
    int x0, y0, w, h, start, head, tail;
} AbsLocator;

/* Local region index of a passable cell, or -1 for a blocked one. */
int abs_region_of(const Abstraction *a, const Grid *g, AbsLocator *loc, int x, int y);
/* The same search, also appending the cells
 * from (x, y) to its region's center (both included) to `out`: fewest king
 * moves inside the region, no corner cutting. Returns the local region, or
 * -1 for a blocked cell (nothing appended). */
int abs_region_path(const Abstraction *a, const Grid *g, AbsLocator *loc, int x, int y, xyPath *out);
/* abs_region_path in pieces, for a caller that bounds the work of each of
 * its calls: `resume` false begins the search, true goes on with the one
 * that paused (loc untouched in between). Each cell the search takes off
 * its queue costs one of *cells_left; ABS_LOCATE_PAUSED when they ran out
 * first (nothing appended: call again with resume). */
#define ABS_LOCATE_PAUSED (-2)
int abs_region_path_steps(const Abstraction *a, const Grid *g, AbsLocator *loc, int x, int y, bool resume,
                          uint64_t *cells_left, xyPath *out);

/* Checks the encoded structure against the grid: offsets inside the pool,
 * centers inside their sector, passable and in their own region, edge
 * targets existing, totals matching. Used on every loaded file. */
bool abs_validate(const Abstraction *a, const Grid *g, Err *err);
/* Does loaded abstraction a (abs_validate passed; ix its index, index.h)
 * hold what this build derives from g (abscheck.c)? The same regions, edges
 * and plain centers (optimised centers: in their region), and with edge
 * costs, where sample[s] is set (per sector; NULL none), each of sector s's
 * edges costs what this build measures from a's centers. False + the first
 * difference ("sector S region R: ...") or out of memory. */
struct AbsIndex;
bool abs_check_derived(const struct AbsIndex *ix, const Grid *g, const uint8_t *sample, Err *err);

/* File (see absfile.c): the common header, then the layout. */
/* 2: the MM file's segment section (cache/segfile.h) holds the one leg
 * record format of cache/leg.h (canonical orientation, no start cell); the
 * abstraction section is unchanged since 1, but a version-1 file's segments
 * would decode wrongly, so the whole file says which it is. */
/* 3: edge costs (flags bit 2, the excess bytes in the pool): a version-2
 * reader would take a sector's excess bytes for nothing, but the format of
 * the flags and the pool changed, so the version says which it is.
 * 4: the MM file's segment records (after the abstraction) hold waypoints,
 * not 3-bit moves (cache/leg.h): the header's version is the whole file's.
 * 5: MASKED sectors (flags bit 2 of a sector word): a version-4 reader would
 * take a region's mask byte for an edge.
 * 6: sector words of 3 bytes, a wide sector's region count in its entry.
 * 7: the digest of the writer's rules after the header (a version-6 file
 * does not say which centers and costs rules made it).
 * 8: the MM file's map measures after the abstraction (entries/mm/mm_file.c):
 * a load chooses the profile from them instead of measuring the map. */
#define ABS_FILE_VERSION 8
struct BinFile;
/* Header, `rules` and abstraction on an open stream (f->failed reports write
 * errors); other sections may follow (the MM entry's segments). `rules`: a
 * digest of the rules the data was derived by (entries/mm/mm_inst.h
 * MM_FILE_RULES), which abs_read requires to be its own. */
void abs_write(struct BinFile *f, const Abstraction *a, const Grid *g, uint64_t rules);
bool abs_read(struct BinFile *f, Abstraction *a, const Grid *g, uint64_t rules, Err *err);
/* A file holding just the abstraction, rules 0 (abs_load rejects trailing bytes). */
bool abs_save(const Abstraction *a, const Grid *g, const char *path, Err *err);
bool abs_load(Abstraction *a, const Grid *g, const char *path, Err *err);

#endif
