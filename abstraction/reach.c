#include "reach.h"

#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "edges.h"
#include "plain.h"

/* The stack's first size: a walk that runs straight at its goal holds a
 * few regions of each it passed. */
#define REACH_STACK_FIRST 256u
/* A region's neighbours held at first (more: grown). */
#define REACH_NEAR_FIRST 32u

/* The graph a walk runs over: the abstraction before the change with the
 * changed sectors left out, or an update's new plain form. */
typedef struct Graph {
    const Abstraction *a;
    const AbsIndex *ix; /* before the change ... */
    const uint8_t *changed;
    const AbsPlain *p; /* ... or the new form */
} Graph;

static bool seen(const AbsReach *r, uint32_t v) { return (r->seen[v >> 6] >> (v & 63)) & 1u; }

/* Puts v, unseen, with its center's distance to the goal among the
 * neighbours of the region expanded; false when memory ran out. */
static bool offer(AbsReach *r, uint32_t v, xyLoc c, xyLoc goal)
{
    if (seen(r, v))
        return true;
    if (!grow_room(&r->near, &r->near_cap, r->near_n + 1, sizeof *r->near, REACH_NEAR_FIRST))
        return false;
    r->seen[v >> 6] |= (uint64_t)1 << (v & 63);
    r->near[r->near_n++] = (AbsReachNear){v, grid_octile(c.x, c.y, goal.x, goal.y)};
    return true;
}

/* The plain form's sector of region v (its regions are numbered sector by sector). */
static int plain_sector(const AbsPlain *p, uint32_t v)
{
    int lo = 0, hi = p->nsectors - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if ((uint32_t)p->reg_first[mid] <= v)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

static xyLoc plain_center(const Graph *gr, int s, uint32_t v)
{
    return abs_center_cell(abs_sector_x0(gr->a, s), abs_sector_y0(gr->a, s), gr->p->center[v]);
}

/* Offers the neighbours of region cur the walk may go to; false when memory ran out. */
static bool expand(const Graph *gr, AbsReach *r, uint32_t cur, xyLoc goal)
{
    if (gr->p) {
        const AbsPlain *p = gr->p;
        int s = plain_sector(p, cur);
        for (int e = p->edge_first[cur]; e < p->edge_first[cur + 1]; e++) {
            int t = abs_neighbour_sector(gr->a, s, p->edge_dir[e]);
            uint32_t v = (uint32_t)(p->reg_first[t] + p->edge_target[e]);
            if (!offer(r, v, plain_center(gr, t, v), goal))
                return false;
        }
        return true;
    }
    AbsAdj c;
    AbsAdjEdge e;
    abs_adj_begin(gr->ix, NULL, cur, false, &c);
    while (abs_adj_next(gr->ix, &c, &e)) {
        /* its target's sector unchanged, and a diagonal one's corner beside no changed sector */
        if (gr->changed[e.sector] ||
            (e.dir >= 4 && abs_corner_marked(gr->a->sw, gr->a->sh, (int)c.sector, (int)e.dir, gr->changed)))
            continue;
        if (!offer(r, e.to, abs_center(gr->ix, e.to), goal))
            return false;
    }
    return true;
}

/* The walk from region `from` to `to` of nregions: 1 reached, 0 not, -1 no
 * memory, -2 `most` regions visited first. `goal` is to's center. */
static int walk(AbsReach *r, const Graph *gr, uint32_t nregions, uint32_t from, uint32_t to, xyLoc goal, uint64_t most)
{
    size_t words = ((size_t)nregions + 63) / 64;
    if (words > r->seen_words) {
        if (!grow_to(&r->seen, words, sizeof *r->seen))
            return -1;
        r->seen_words = words;
    }
    memset(r->seen, 0, words * sizeof *r->seen);
    if (!grow_room(&r->stack, &r->stack_cap, 1, sizeof *r->stack, REACH_STACK_FIRST))
        return -1;
    size_t n = 0;
    r->seen[from >> 6] |= (uint64_t)1 << (from & 63);
    r->stack[n++] = from;
    for (uint64_t seen = 0; n > 0; seen++) {
        if (seen == most)
            return -2;
        uint32_t cur = r->stack[--n];
        r->visited++;
        if (cur == to)
            return 1;
        r->near_n = 0;
        if (!expand(gr, r, cur, goal) ||
            !grow_room(&r->stack, &r->stack_cap, n + r->near_n, sizeof *r->stack, REACH_STACK_FIRST))
            return -1;
        /* Nearest the goal on top: the few neighbours sorted farthest
         * first (insertion), then pushed. */
        for (size_t i = 1; i < r->near_n; i++) {
            AbsReachNear v = r->near[i];
            size_t j = i;
            for (; j > 0 && r->near[j - 1].dist < v.dist; j--)
                r->near[j] = r->near[j - 1];
            r->near[j] = v;
        }
        for (size_t i = 0; i < r->near_n; i++)
            r->stack[n++] = r->near[i].v;
    }
    return 0;
}

/* The global region of a passable cell in an unchanged sector, or UINT32_MAX. */
static uint32_t region_before(const AbsIndex *ix, const Grid *g, AbsLocator *loc, xyLoc c, const uint8_t *changed)
{
    const Abstraction *a = ix->abs;
    if (!grid_passable(g, c.x, c.y) || changed[abs_sector_of(a, c.x, c.y)])
        return UINT32_MAX;
    int local = abs_region_of(a, g, loc, c.x, c.y);
    return local < 0 ? UINT32_MAX : abs_base(ix, (uint32_t)abs_sector_of(a, c.x, c.y)) + (uint32_t)local;
}

int abs_reach(AbsReach *r, const AbsIndex *ix, const Grid *g, AbsLocator *loc, xyLoc s, xyLoc t, const uint8_t *changed,
              uint64_t most)
{
    uint32_t from = region_before(ix, g, loc, s, changed), to = region_before(ix, g, loc, t, changed);
    if (from == UINT32_MAX || to == UINT32_MAX)
        return 0;
    const Graph gr = {.a = ix->abs, .ix = ix, .changed = changed};
    return walk(r, &gr, ix->abs->nregions, from, to, abs_center(ix, to), most);
}

/* The new form's region of a passable cell, or UINT32_MAX. */
static uint32_t region_after(const AbsUpdate *u, const AbsPlain *p, const Abstraction *a, const Grid *g,
                             AbsLocator *loc, xyLoc c)
{
    if (!grid_passable(g, c.x, c.y))
        return UINT32_MAX;
    int local = abs_update_region_of(u, loc, c.x, c.y);
    return local < 0 ? UINT32_MAX : (uint32_t)(p->reg_first[abs_sector_of(a, c.x, c.y)] + local);
}

int abs_reach_update(AbsReach *r, const AbsUpdate *u, const Grid *g, AbsLocator *loc, xyLoc s, xyLoc t)
{
    const Abstraction *a;
    const AbsPlain *p = abs_update_plain(u, &a);
    if (!p)
        return -2;
    uint32_t from = region_after(u, p, a, g, loc, s), to = region_after(u, p, a, g, loc, t);
    if (from == UINT32_MAX || to == UINT32_MAX)
        return 0;
    const Graph gr = {.a = a, .p = p};
    return walk(r, &gr, (uint32_t)p->nregions, from, to, plain_center(&gr, abs_sector_of(a, t.x, t.y), to), UINT64_MAX);
}

size_t abs_reach_bytes(const AbsReach *r)
{
    return r->seen_words * sizeof *r->seen + r->stack_cap * sizeof *r->stack + r->near_cap * sizeof *r->near;
}

void abs_reach_free(AbsReach *r)
{
    free(r->seen);
    free(r->stack);
    free(r->near);
    memset(r, 0, sizeof *r);
}
