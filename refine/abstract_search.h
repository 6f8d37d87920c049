/* abstract_search.h: A* / weighted A* over the regions of an MM abstraction
 * (thesis §3.2). Node = global region id (abstraction/index.h); f = g + w*h.
 * Not on the best-first core (search/best_first.h): its node (a double g, a
 * stamp and a heap position, 16 bytes) was most of this search's memory on
 * the maps that run it (random maps: a search reaches most of the
 * regions), so a region keeps two bits (reached, closed: a stamp covers
 * REGION_BLOCK regions, RegionSearch.blocks) and its parent's code, only
 * the open regions keep their g (RegionSearch.open_g), and the open list
 * deletes lazily (a region improved is pushed again, its
 * older entries skipped when popped), needing no heap position, so that an
 * entry is a bare key (search/heap.h KeyHeap: f and the region in 8 bytes;
 * but while a refresh's arrays are held, RegionSearch.open and
 * refresh_pos). The rules
 * are the core's: a closed region is never reopened, so a weighted
 * search's route is at most w times optimal. With a contraction
 * hierarchy (refine/abs_ch.h, `ch` at init) every search with w = 1 is the
 * hierarchy's query instead: the same optimal cost, far fewer regions
 * touched.
 *
 * Heuristic: the octile distance between region centers (and landmarks'
 * while a refresh's arrays are held: RegionSearch.refresh_marks).
 *
 * Edge costs: the octile distance between the two centers, plus, when the
 * abstraction carries them (abstraction.h, "edge costs"), the stored excess
 * of the real center-to-center leg over it, so the search sees that a wall
 * between two centers makes their edge long (as on rooms maps).
 * Either way a cost is never below the octile distance, so the heuristic
 * stays admissible and consistent.
 *
 * The edges are read straight from the compact layout (abstraction/edges.h:
 * a region's edge bytes are the direction of its target's sector and the
 * target's local id; the excess from the sector that keeps it), no decoded
 * copy of the adjacency held beside it: on random maps, where the A* runs,
 * that copy (an offset a region, a code and an excess byte an edge) was the
 * larger part of this search's memory. A relaxation reads the edge, the two
 * centers (the index) and the excess; the target's global id is its
 * sector's first id plus its local one, and the cost the centers' octile
 * distance plus the excess. The hierarchy reads the edges with ids and
 * costs (region_search_flat), made for its build and its refreshes
 * and let go after.
 * Owns the per-region search arrays, the hierarchy and the result path, sized once in
 * region_search_init (with a hierarchy, the A*'s arrays are made after it,
 * so that they do not add to its build's peak) (generation stamps, no clearing, no allocation per
 * query), but for the A*'s open list and the route: the list starts at a
 * few dozen slots and doubles when a search fills it (open_grows), as a
 * frontier is a small part of the regions, and the route at a few dozen
 * regions, doubled when a route is longer; without memory to grow either,
 * that search finds no route (out_of_memory). The index, and the abstraction behind it, are borrowed and must
 * outlive the search. */
#ifndef GPPC_REFINE_ABSTRACT_SEARCH_H
#define GPPC_REFINE_ABSTRACT_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "../abstraction/edges.h"
#include "../abstraction/index.h"
#include "../common/grow.h"
#include "../search/heap.h"
#include "abs_ch.h"
#include "abs_cost.h"

/* An edge with its target's global id and its cost (region_search_flat). */
typedef struct RegionAdj {
    uint32_t to;   /* global region id */
    uint32_t cost; /* 1/ABS_COST_SCALE cells */
} RegionAdj;

/* A parent as the A* keeps it, a code: the direction of its sector
 * (grid.h numbering) from the child's above its local id in it, in
 * local_bits bits. Where no sector holds more than ABS_NARROW_MAX_REGIONS
 * regions (abstraction.h, as on random maps) a code is a byte, the local id
 * in REGION_LOCAL_NARROW bits; else 2 bytes, REGION_LOCAL_WIDE bits (a
 * sector of at most ABS_MAX_SECTOR^2 cells holds fewer regions than that).
 * The code of all ones (local id 31 or 8191: no region's) is the A*'s
 * parent code of its start. */
#define REGION_LOCAL_NARROW 5
#define REGION_LOCAL_WIDE 13
typedef union RegionCodes {
    uint8_t *narrow; /* local_bits REGION_LOCAL_NARROW */
    uint16_t *wide;  /* local_bits REGION_LOCAL_WIDE */
    void *any;
} RegionCodes;

/* The neighbours of g's region a search costed from its ends keeps (RegionSearch.end_near). */
#define REGION_END_NEAR 16u

/* Landmarks of the A* while a refresh's arrays are held (RegionSearch.refresh_marks). */
#define REGION_LANDMARKS 4u

/* Regions a stamp of the A* covers (RegionSearch.blocks). */
#define REGION_BLOCK 32u

/* REGION_BLOCK regions as the A* holds them: which of them the search of
 * generation `stamp` (common/stamp.h) has reached, and which of those it
 * has closed (bit i: the block's region i). A block another search
 * stamped holds none of this search's: stamped, it is cleared first. */
typedef struct RegionBlock {
    uint32_t stamp;
    uint32_t reached;
    uint32_t closed;
} RegionBlock;

/* RegionSearch.open_g doubles when a search would take more than this
 * many eighths of its slots: the few hundred regions a search of a random
 * map of 35 per cent blocked holds open at its most fit in half the bytes
 * they took at a half, for a little longer probing near that most
 * (results/reference/mm-paper/randmem48.md). */
#define REGION_OPEN_G_EIGHTHS 7u
/* ... and a search begins on a table doubled while it is empty when an
 * earlier search held more than this many eighths of it open: the doubling
 * in the midst of a search (its entries put in again, after probing near
 * REGION_OPEN_G_EIGHTHS) was the longest call of a random map, and a
 * frontier nearly as large as the largest so far is common. */
#define REGION_OPEN_G_AHEAD_EIGHTHS 4u

/* An open region's g as the A* holds it (RegionSearch.open_g); r
 * REGION_OPEN_NONE: an empty slot. */
#define REGION_OPEN_NONE UINT32_MAX
typedef struct RegionOpen {
    uint32_t r;
    float g;
} RegionOpen;

typedef struct RegionSearch {
    const AbsIndex *ix;
    /* per REGION_BLOCK regions: what the A* reached and closed (its
     * generation stamp and two bit masks: 12 bytes a block) */
    RegionBlock *blocks;
    /* The g of each region the A* has reached and not closed (in
     * 1/ABS_COST_SCALE cells), in a table of open_g_cap slots (a power of
     * two, at most REGION_OPEN_G_EIGHTHS eighths of them taken; linear probing from the home slot
     * open_home gives, emptied by shifting back): a search's open regions
     * are a small part of those it reaches, and a closed region's g is
     * read only once, as it is closed (pop_open gives it). A float a
     * region held every region's g, most of this search's memory on the
     * maps that run it (random maps: a search reaches most of the
     * regions). The table starts at 64 slots and doubles when a search
     * would fill more of it, or as a search begins when one before held
     * more than REGION_OPEN_G_AHEAD_EIGHTHS (region_open_g_ahead). */
    RegionOpen *open_g;
    uint32_t open_g_cap, open_g_n, open_g_shift; /* open_home's: 32 - log2(open_g_cap) */
    uint32_t open_g_most;                        /* the most open_g has held in any search */
    /* per region (rounded up to whole blocks), only while the refresh's
     * arrays are held (refresh_edges: whole-abstraction arrays anyway):
     * its g in that A* (expand_held), +infinity not reached by this
     * search, the sign bit set once closed (-0: the start's closed). */
    float *g;
    /* a nibble a region, where an A* may run: its sector's kept excess
     * bytes before its own edges' (abstraction/edges.h abs_kept_first) */
    uint8_t *kept_first;
    /* The open list: a key a push, the float f's bits above the region
     * (abstract_search_astar.h region_key), so the least f comes first and
     * among equal ones the lower id; a region's entries but its least are
     * stale (pop_open). */
    KeyHeap lazy;
    /* The open list of the searches over the refresh's held arrays
     * (expand_held: one entry a region, its key lowered in place, its
     * position in refresh_pos), made and let go with them; else empty. */
    Heap open;
    bool open_held;      /* the search running is over the held arrays: region_start_search queues on `open` */
    uint32_t stamp;      /* the current search's generation */
    uint32_t local_bits; /* of the parent codes: REGION_LOCAL_NARROW or _WIDE */
    /* per region: its parent in the A*, coded as an edge is (the direction
     * of its sector, its local id in it: the parent is a neighbour, a code
     * where a global id took 4 bytes), all ones at the search's start
     * (abstract_search_astar.h parent_of) */
    RegionCodes parent;
    uint16_t back_code[8]; /* per direction d: the code's direction part of a parent across an edge of d */
    uint32_t *path;        /* global ids, start region first */
    int path_len;
    int path_cap;      /* regions path has room for: it grows with the longest route */
    uint64_t expanded; /* cumulative */
    uint64_t last_expanded;
    uint64_t open_grows; /* times an A* found its open list (or open_g) full and doubled it */
    bool out_of_memory;  /* the last search ran out of memory for its open list, open_g or route: it found no route */
    /* region_search_steps unpacks the hierarchy's route only up to this
     * many regions (0: whole), and region_search_unpack goes on: a query's
     * first legs need only the route's first regions, and the rest is
     * unpacked as the legs reach it. */
    int unpack_least;
    bool unpacking; /* the route in path is not whole yet (region_search_unpack) */
    /* The change was taken in this query (region_search_follow): it
     * re-derived the abstraction already, so its A* reads the layout and
     * the refresh's arrays below wait for the next search (or a refresh). */
    bool hold_wait;
    AbsCh ch; /* contraction hierarchy (refine/abs_ch.h); n 0 when off */
    /* While the hierarchy awaits its refresh (ch.dyn.pending):
     * what abs_ch_refresh reads, every edge with its target's id and cost
     * (region_search_flat) and each region's sector, made by the first
     * search after the query that took the change (hold_wait) or by a
     * refresh that comes first; let go once the refresh is done. NULL
     * otherwise. The A* from the centers, which answers meanwhile, reads
     * its edges here while they are held: no excess looked up in the
     * layout. */
    RegionAdj *refresh_edges;
    uint32_t *refresh_first; /* nregions + 1: region r's edges are refresh_edges[first[r] .. first[r + 1]) */
    uint32_t *refresh_sector;
    /* per region, held with them: its place in the open list, so that A*
     * lowers an open region's key in place (heap_decrease) rather than
     * pushing it again; the lazily deleted copies were most of its pops */
    int32_t *refresh_pos;
    /* per region, held with them: its distance (units) from each of
     * REGION_LANDMARKS regions (region r's at [r * REGION_LANDMARKS ..]),
     * from whole searches over these arrays, one a call of
     * region_search_prepare (all five in one were the longest call of a
     * dynamic rooms map); the A* meanwhile takes as its heuristic the
     * largest gap between a landmark's distances to a region and to the
     * goal (a lower bound by the triangle inequality, consistent) where it
     * beats the centers' octile distance, a landmark not searched yet all
     * zeros (no gap); a gap of infinity (one end reached, the other not)
     * answers "no route" before the A* begins. NULL: none (memory ran
     * out), the octile alone. */
    float *refresh_marks;
    uint32_t marks_done;  /* the landmarks' whole searches run, of REGION_LANDMARKS + 1 */
    uint32_t marks_from;  /* where the next one starts */
    const Tracer *tracer; /* NULL: not traced; events name regions by their centers (search/trace.h) */
    /* The owner's (zero at init: none; region_search_follow keeps prev's):
     * asked before the open list or the route grows, with the bytes they
     * add; they grow whatever it answers (a search never fails for it). */
    GrowGate gate;
    bool ends; /* region_search_ends: the next search costs its ends from these cells */
    xyLoc end_s, end_g;
    double end_excess; /* and counts this share of an edge's excess over its centers' octile distance */
    /* Such a search in progress (abstract_search_ends.c region_ends_begin): */
    bool ends_running;         /* region_search_steps paused it */
    uint32_t end_from, end_to; /* s's region and g's */
    /* g's region's neighbours, the search's ends (REGION_END_NEAR at most;
     * a region of more: end_near_n UINT32_MAX, and region_ends_run scans its edges) */
    uint32_t end_near[REGION_END_NEAR];
    uint32_t end_near_n;
    uint32_t end_best_region; /* the end of the best route found */
    double end_g0, end_best;  /* s to its region's center; the best route's cost (units) */
    double end_best_g;        /* end_best_region's g (traced) */
    double end_weight;        /* the search's weight on its heuristic */
    uint64_t end_expanded;    /* its expansions so far */
    uint64_t end_steps;       /* and its steps (an expansion and each edge it scanned: REGION_ENDS_PER_WORK) */
} RegionSearch;

/* `ch`: a contraction hierarchy (refine/abs_ch.h) answers every search
 * with weight 1 (the same optimal cost as A*); A* stays for weights above 1
 * (and, ch false, for tests that compare the two). `prev` (NULL: none): the
 * search over the same grid before a map change, whose hierarchy's sector
 * order is kept (refine/abs_ch.h). */
bool region_search_init(RegionSearch *as, const AbsIndex *ix, bool ch, const RegionSearch *prev, Err *err);
/* After a map change: `fresh` is made over `ix` (the changed abstraction)
 * from `prev` (the search before the change, over the index before, both
 * still alive): prev's hierarchy, if it has one, is taken over with its
 * refresh deferred (abs_ch_defer;
 * touched[sector] marks the sectors whose cells changed): searches run A*
 * until a refresh is worth its cost (abs_ch_due), then build the hierarchy
 * again for every change since the last one at once. False (prev as it was) when
 * memory ran out. */
bool region_search_follow(RegionSearch *fresh, const AbsIndex *ix, RegionSearch *prev, const uint8_t *touched,
                          Err *err);
/* Undoes region_search_follow's taking of the hierarchy (a later step of
 * the update failed). */
void region_search_unfollow(RegionSearch *fresh, RegionSearch *prev);
/* A piece of the hierarchy's refresh for the changes it awaits, due or
 * not (tests), over the arrays a search since the change made
 * (RegionSearch.refresh_edges), or makes them first. False when memory ran
 * out. */
bool region_search_refresh(RegionSearch *as, Err *err);
/* While the hierarchy awaits a refresh (ch.dyn.pending), one piece of what
 * makes the searches meanwhile cheaper, for its owner to run in a call of
 * its own before a search (a search never runs one): a piece of the
 * refresh where it is due (abs_ch_due), else, until all are done and
 * unless a refresh's build is under way, one landmark's whole search over
 * the held arrays (made first). 1: a piece ran; 0: none to run; -1:
 * memory ran out (err says; the searches go on without it). */
int region_search_prepare(RegionSearch *as, Err *err);
/* For a search whose every run is the hierarchy's (weight 1, no
 * region_search_ends): lets the A*'s arrays go, which such a search never
 * reads once the hierarchy is built; the route stays. A search made so must
 * not be run otherwise. A map change makes them again
 * (region_search_follow). Does
 * nothing without a hierarchy, or with one that follows map changes. */
void region_search_lean(RegionSearch *as);
void region_search_free(RegionSearch *as);

/* Code i of the parents, of either width. */
static inline uint32_t region_code(const RegionSearch *as, RegionCodes c, uint32_t i)
{
    return as->local_bits == REGION_LOCAL_NARROW ? c.narrow[i] : c.wide[i];
}
/* Bytes a code takes. */
static inline size_t region_code_bytes(const RegionSearch *as)
{
    return as->local_bits == REGION_LOCAL_NARROW ? sizeof *as->parent.narrow : sizeof *as->parent.wide;
}
/* The global id of the region a code names, from sector `sec`. */
static inline uint32_t region_code_target(const RegionSearch *as, uint32_t sec, uint32_t code)
{
    return abs_base(as->ix, sec + (uint32_t)as->ix->sector_step[code >> as->local_bits]) +
           (code & ((1u << as->local_bits) - 1));
}

/* An edge's excess in 1/ABS_COST_SCALE cells. */
static inline uint32_t region_excess_units(uint8_t code) { return abs_excess_halves(code) * (ABS_COST_SCALE / 2); }
/* The cost of edge e (abs_adj_next) of the region centered at `from` in
 * 1/ABS_COST_SCALE cells: the centers' octile distance plus the excess. The
 * caller decodes its region's center once for all its edges. */
static inline uint32_t region_edge_cost(const RegionSearch *as, xyLoc from, const AbsAdjEdge *e)
{
    return abs_octile_units(from, abs_center(as->ix, e->to)) + region_excess_units(e->excess);
}
/* Every edge with its target's id and cost, region by region in id order
 * and each region's in the layout's order, into new arrays *first (nregions
 * + 1 offsets) and *out (the caller frees both): what the hierarchy reads,
 * as AbsChEdges. False when memory ran out. */
bool region_search_flat(const RegionSearch *as, uint32_t **first, RegionAdj **out);
/* Bytes of the search arrays (reported separately from abs_bytes). */
size_t region_search_bytes(const RegionSearch *as);

/* Finds a region path from global region `from` to `to`; fills as->path
 * (from first, to last) and returns its abstract cost in cells, or -1 when
 * `to` is unreachable. */
double region_search_run(RegionSearch *as, uint32_t from, uint32_t to, double weight);

/* The next search (region_search_run or _steps, any weight) from s's
 * region to g's costs its ends from the cells themselves: it may leave s's
 * region through any of its neighbours, costed from s in a straight line
 * (octile), and reach g's region through any of its neighbours, costed to
 * g the same way; the route then runs s's region, that neighbour, ..., the
 * neighbour entered, g's region. Between, an edge costs its centers'
 * octile distance plus `excess_share` (0..1) of its stored excess over it.
 * Costing from the centers of s's and g's regions charges a route leaving
 * s's region on the far side of its center for the way back past it; the
 * whole excess charges a route for its centers' zigzag, which a path
 * through the regions does not take. Among dense scattered obstacles both
 * send the route round the wrong side (results/reference/mm-quality/).
 * An A* over the regions answers it, not the hierarchy (with
 * region_search_steps, in pieces: REGION_ENDS_PER_WORK steps a unit of
 * the work, an expansion and each edge it scans a step), with the search's
 * weight on its heuristic (above 1: fewer
 * regions expanded, a route at most that many times the least's cost). Its cost is the whole route's minus the
 * straight lines s to its region's center and g's center to g (what
 * region_search_run's callers add back), but never below 0. The next search only, begun
 * after this call (`on` false: from the centers, the whole excess, as every
 * search without this call). */
void region_search_ends(RegionSearch *as, bool on, xyLoc s, xyLoc g, double excess_share);

/* Units of the hierarchy's query (abs_ch_run: a region settled, an arc
 * scanned) one unit of a bounded caller's work buys: that work is counted
 * in A* expansions of the grid (refine/legplan.h), which cost about this
 * many of them in instructions, as a unit of the JPS's work does
 * (callgrind per call, results/reference/mm-paper/calls47.md). */
#define REGION_CH_UNITS 10u
/* Units of unpacking the hierarchy's route (abs_ch_unpack: 8 a region
 * appended or a shortcut split, one each arc its look-up of the next
 * middle scans, so a dense hierarchy's long scans count) one unit of a
 * bounded caller's work buys: about as many instructions as a unit of
 * the JPS's work (callgrind per call, results/reference/mm-paper/calls47.md). */
#define REGION_UNPACK_PER_WORK 32u
/* Steps of the A* costed from the ends (region_search_ends) one unit of a
 * bounded caller's work buys: an expansion is a step and each edge it scans
 * (its region's, and g's region's near g) another. Charged a unit an
 * expansion, a call of 12 expanded regions of a dozen edges each, 19-33 k
 * instructions, the random maps' longest calls
 * (results/reference/mm-paper/stages63.md); an edge is about half a unit's
 * instructions. */
#define REGION_ENDS_PER_WORK 2u
/* Its route taken at its end (region_ends_finish: the parents walked
 * and the route turned round) is charged a unit and one more a
 * REGION_ROUTE_PER_WORK regions: uncharged, a search that ended at its
 * first pop left the call its whole work, and the first corridor step
 * began in the same call (random512-40-0 on a call's work of 8: a route of 8 k instructions and
 * the step's painting, 19 k in one call; results/reference/mm-paper/calls64.md). */
#define REGION_ROUTE_PER_WORK 8u
/* region_search_run for a caller that bounds its calls' work: `resume`
 * false begins the search, true goes on with the one that paused. The
 * hierarchy's query spends at most about *work (REGION_CH_UNITS each, and
 * REGION_UNPACK_PER_WORK units of unpacking its route) and
 * pauses when it is spent (false: call again with resume, once there is
 * work), and so does the A* costed from the ends (region_search_ends, any
 * weight); the other A* (a weight above 1, or a hierarchy awaiting a map's changes) runs whole
 * and its expansions are taken off *work. True: it has ended,
 * its cost (region_search_run's) in *cost and its route in as->path. A
 * change of the abstraction drops a paused search. */
bool region_search_steps(RegionSearch *as, uint32_t from, uint32_t to, double weight, bool resume, uint64_t *work,
                         double *cost);
/* The regions expanded (or settled) so far by the search region_search_steps
 * paused in, for a caller that counts each call's share as it goes (its
 * last_expanded is set only when it ends). */
uint64_t region_search_so_far(const RegionSearch *as);
/* The route in as->path unpacked on to at least `least` regions (0: the
 * whole route) while *work lasts (as region_search_steps's unpacking):
 * true done (as->unpacking false once the route is whole), false paused
 * (call again). Out of memory to grow the route (as->out_of_memory), it
 * ends where it was unpacked to: its last region's center is then not
 * g's region's, and the caller's last leg goes from there. */
bool region_search_unpack(RegionSearch *as, int least, uint64_t *work);

#endif
