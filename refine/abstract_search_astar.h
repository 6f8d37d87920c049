/* abstract_search_astar.h (private to refine/): the region search's A*
 * pieces (abstract_search.h), shared by the search from the regions'
 * centers (abstract_search.c) and the one costed from its ends
 * (abstract_search_ends.c): a region's marks under block stamps, the open
 * regions' g, the open list's lazy deletion, parents coded as edges, and
 * the route taken back along them. */
#ifndef GPPC_REFINE_ABSTRACT_SEARCH_ASTAR_H
#define GPPC_REFINE_ABSTRACT_SEARCH_ASTAR_H

#include <math.h>
#include <string.h>

#include "abstract_search.h"

/* The open list is full: doubled (abstract_search.c), `open` over the
 * held arrays, else `lazy`. False when memory ran out. */
bool region_grow_open(RegionSearch *as);
bool region_grow_lazy(RegionSearch *as);
/* Begins a search at region `from` with g = g0 and priority f. */
void region_start_search(RegionSearch *as, uint32_t from, double g0, double f);
/* A traced event about region r, whose g (units) is g (its parent:
 * parent_of, itself at the start). */
void region_trace(const RegionSearch *as, TraceType type, uint32_t r, double g, double h);
/* The route ending in `last` (parents back to `from`) into as->path,
 * start first, with room for `more` regions after it; false (no route,
 * out_of_memory) when memory ran out. */
bool region_take_route(RegionSearch *as, uint32_t from, uint32_t last, int more);
/* open_g is full (REGION_OPEN_G_EIGHTHS): doubled. False when memory ran out. */
bool region_grow_open_g(RegionSearch *as);
/* open_g, empty, doubled where an earlier search held more than
 * REGION_OPEN_G_AHEAD_EIGHTHS of it; kept as it was when memory ran out. */
void region_open_g_ahead(RegionSearch *as);

/* Region r's block as this search holds it: one this search has not
 * stamped yet is stamped and its marks cleared first. */
static inline RegionBlock *block_of(RegionSearch *as, uint32_t r)
{
    RegionBlock *b = &as->blocks[r / REGION_BLOCK];
    if (b->stamp != as->stamp) {
        b->stamp = as->stamp;
        b->reached = b->closed = 0;
    }
    return b;
}

/* Region r's bit in its block's marks. */
static inline uint32_t block_bit(uint32_t r) { return 1u << (r % REGION_BLOCK); }

/* open_g's n slots emptied: every byte all ones makes r REGION_OPEN_NONE
 * (an empty slot's g is never read), so one memset empties the table as a
 * search begins, not a store a slot. */
static inline void open_g_empty(RegionOpen *slots, uint32_t n)
{
    _Static_assert(REGION_OPEN_NONE == UINT32_MAX, "an empty slot's r is all ones");
    memset(slots, 0xFF, (size_t)n * sizeof *slots);
}

/* Region r's home slot in open_g (a multiplicative hash: the ids a search
 * reaches together are near each other). */
static inline uint32_t open_home(const RegionSearch *as, uint32_t r) { return (r * 2654435761u) >> as->open_g_shift; }

/* The slot of open_g holding region r, which is there (reached, not
 * closed). */
static inline RegionOpen *open_find(RegionSearch *as, uint32_t r)
{
    const uint32_t m = as->open_g_cap - 1;
    uint32_t i = open_home(as, r);
    while (as->open_g[i].r != r)
        i = (i + 1) & m;
    return &as->open_g[i];
}

/* Region r, not in open_g, put there with g; false (out_of_memory set)
 * when memory to grow it ran out. */
static inline bool open_add(RegionSearch *as, uint32_t r, float g)
{
    if (8 * (as->open_g_n + 1) > REGION_OPEN_G_EIGHTHS * as->open_g_cap && !region_grow_open_g(as)) {
        as->out_of_memory = true;
        return false;
    }
    const uint32_t m = as->open_g_cap - 1;
    uint32_t i = open_home(as, r);
    while (as->open_g[i].r != REGION_OPEN_NONE)
        i = (i + 1) & m;
    as->open_g[i] = (RegionOpen){r, g};
    if (++as->open_g_n > as->open_g_most)
        as->open_g_most = as->open_g_n;
    return true;
}

/* Slot o of open_g emptied: the entries after it in its run that may
 * stand in it (their home not between it and them) shift back, so that
 * every entry stays reachable from its home. */
static inline void open_remove(RegionSearch *as, RegionOpen *o)
{
    const uint32_t m = as->open_g_cap - 1;
    uint32_t i = (uint32_t)(o - as->open_g), j = i;
    for (;;) {
        j = (j + 1) & m;
        const uint32_t r = as->open_g[j].r;
        if (r == REGION_OPEN_NONE)
            break;
        if (((j - open_home(as, r)) & m) >= ((j - i) & m)) {
            as->open_g[i] = as->open_g[j];
            i = j;
        }
    }
    as->open_g[i].r = REGION_OPEN_NONE;
    as->open_g_n--;
}

/* Offers region r the cost g: a region new to this search takes it, an
 * open one takes it when smaller; true when it did (queue it then), false
 * when r keeps what it has (closed, or no better) or memory to hold it
 * ran out (out_of_memory). */
static inline bool offer(RegionSearch *as, uint32_t r, double g)
{
    RegionBlock *b = block_of(as, r);
    const uint32_t bit = block_bit(r);
    const float gf = (float)g;
    if (b->closed & bit)
        return false;
    if (b->reached & bit) {
        RegionOpen *o = open_find(as, r);
        if (!(gf < o->g))
            return false;
        o->g = gf;
        return true;
    }
    if (!open_add(as, r, gf))
        return false;
    b->reached |= bit;
    return true;
}

/* The open list's key of region r with priority f (>= 0): f as a float,
 * whose bits order as its value, above the id. */
static inline uint64_t region_key(double f, uint32_t r)
{
    const float ff = (float)f;
    uint32_t bits;
    memcpy(&bits, &ff, sizeof bits);
    return (uint64_t)bits << 32 | r;
}

/* Pushes region r, just offered its g, with priority f, room made on the
 * open list first; false (nothing queued, out_of_memory set: the search
 * ends with no route) when memory ran out. */
static inline bool queue(RegionSearch *as, uint32_t r, double f)
{
    if (as->lazy.n == as->lazy.cap && !region_grow_lazy(as)) {
        as->out_of_memory = true;
        return false;
    }
    keyheap_push(&as->lazy, region_key(f, r));
    return true;
}

/* Takes the best open region off the list, closes it and gives its g;
 * entries of closed regions are skipped. A region's entries share its h,
 * so the first of them popped has the least f, its g the least offered:
 * the g open_g holds (an entry of a g a smaller one replaced comes later,
 * the region closed by then). False when none is left. */
static inline bool pop_open(RegionSearch *as, uint32_t *r, double *g)
{
    while (as->lazy.n) {
        const uint32_t id = (uint32_t)keyheap_pop(&as->lazy);
        RegionBlock *b = &as->blocks[id / REGION_BLOCK]; /* pushed: this search's */
        const uint32_t bit = block_bit(id);
        if (b->closed & bit)
            continue;
        RegionOpen *o = open_find(as, id);
        *r = id;
        *g = o->g;
        b->closed |= bit;
        open_remove(as, o);
        return true;
    }
    return false;
}

/* Has the search over the refresh's held arrays reached region r (its g,
 * as->g[r], is then finite)? */
static inline bool reached(const RegionSearch *as, uint32_t r) { return as->g[r] != INFINITY; }

/* h(r) in cost units: the octile distance from r's center to the goal's, a
 * lower bound on the abstract distance (no edge costs less), consistent. */
static inline double heuristic(xyLoc c, xyLoc goal) { return grid_octile(c.x, c.y, goal.x, goal.y) * ABS_COST_SCALE; }

/* The parent code of the search's start: all ones. */
static inline uint32_t root_code(const RegionSearch *as) { return (1u << (as->local_bits + 3)) - 1; }

/* Region r's parent in the A* (as->parent), itself at the start. */
static inline uint32_t parent_of(const RegionSearch *as, uint32_t r)
{
    uint32_t code = region_code(as, as->parent, r);
    if (code == root_code(as))
        return r;
    return region_code_target(as, abs_region_sector(as->ix, r), code);
}

/* Region r's parent code. */
static inline void put_parent(RegionSearch *as, uint32_t r, uint32_t code)
{
    if (as->local_bits == REGION_LOCAL_NARROW)
        as->parent.narrow[r] = (uint8_t)code;
    else
        as->parent.wide[r] = (uint16_t)code;
}

/* Region e->to's parent is the region whose cursor c gave the edge e. */
static inline void set_parent(RegionSearch *as, const AbsAdj *c, const AbsAdjEdge *e)
{
    put_parent(as, e->to, as->back_code[e->dir] | c->local);
}

/* Offers region e->to the cost g plus `share` of edge e's excess, as
 * offer does, and sets its parent where it takes it. The excess only
 * adds, so where g alone cannot improve the region (closed, or reached at
 * g or less) it is not looked up (abstraction/edges.h: one looked up from
 * the sector that keeps it scans that sector's bytes). */
static inline bool offer_edge(RegionSearch *as, double *g, double share, const AbsAdj *c, const AbsAdjEdge *e)
{
    RegionBlock *b = block_of(as, e->to);
    const uint32_t bit = block_bit(e->to);
    if (b->closed & bit)
        return false;
    RegionOpen *o = b->reached & bit ? open_find(as, e->to) : NULL;
    const float now = o ? o->g : INFINITY;
    if ((float)*g >= now)
        return false;
    if (share > 0)
        *g += share * (double)region_excess_units(abs_adj_excess_at(as->ix, c, e));
    float gf = (float)*g;
    if (gf >= now)
        return false;
    if (o)
        o->g = gf;
    else if (open_add(as, e->to, gf))
        b->reached |= bit;
    else
        return false;
    set_parent(as, c, e);
    return true;
}

/* Makes the refresh's arrays (RegionSearch.refresh_edges, the landmarks'
 * room) when the hierarchy awaits a refresh and they are not held. False
 * (none held) when memory ran out. */
bool region_search_hold(RegionSearch *as, Err *err);
/* The next of the landmarks' whole searches (RegionSearch.marks_done) over
 * the refresh's held arrays, into RegionSearch.refresh_marks
 * (abstract_search_marks.c); false (none: the caller lets them go) when
 * memory ran out. */
bool region_search_marks(RegionSearch *as);

/* The search costed from its ends (abstract_search_ends.c): begun, run
 * while *budget (steps, REGION_ENDS_PER_WORK) lasts (false: paused), its route taken. */
void region_ends_begin(RegionSearch *as, uint32_t from, uint32_t to);
bool region_ends_run(RegionSearch *as, uint64_t *budget);
double region_ends_finish(RegionSearch *as);

#endif
