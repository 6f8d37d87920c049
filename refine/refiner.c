#include "refiner.h"

#include <stdlib.h>
#include <string.h>

#include "../common/clock.h"
#include "smooth.h"

bool refiner_init(Refiner *r, const RefineConfig *cfg, const Grid *g, const AbsIndex *ix, AbsSearch *as,
                  LegPlanner *legs, EdgeCache *cache, SegStore *segs, Err *err)
{
    memset(r, 0, sizeof *r);
    r->cfg = *cfg;
    r->grid = g;
    r->ix = ix;
    r->as = as;
    r->legs = legs;
    r->cache = cache;
    r->segs = segs;
    path_reserve(&r->scratch, 4096);
    if (cfg->smooth) {
        path_reserve(&r->smooth_way, 4096);
        r->smooth_scratch = malloc(((size_t)(g->width > g->height ? g->width : g->height) + 1) * sizeof(xyLoc));
        if (!r->smooth_scratch) {
            refiner_free(r);
            return err_set(err, "mm: out of memory for smoothing");
        }
    }
    return true;
}

void refiner_free(Refiner *r)
{
    path_free(&r->scratch);
    path_free(&r->smooth_way);
    free(r->smooth_scratch);
    free(r->stats.query_max);
    memset(r, 0, sizeof *r);
}

static void finish_query(Refiner *r)
{
    r->active = false;
    RefineStats *st = &r->stats;
    if (st->nquery_max == st->cap_query_max) {
        size_t cap = st->cap_query_max ? st->cap_query_max * 2 : 4096;
        uint32_t *n = realloc(st->query_max, cap * sizeof *n);
        if (!n)
            return; /* the percentile then covers fewer queries */
        st->query_max = n;
        st->cap_query_max = cap;
    }
    st->query_max[st->nquery_max++] = r->query_max;
}

static void note_search(Refiner *r, uint64_t expanded)
{
    r->stats.refine_expanded += expanded;
    if (expanded > r->query_max)
        r->query_max = (uint32_t)(expanded > UINT32_MAX ? UINT32_MAX : expanded);
}

/* Plans the abstract path from `from` (s, or the last cell reached when the
 * map changed mid-query) to r->g and its corridor. False when g is unreachable. */
static bool plan_abstract(Refiner *r, xyLoc from)
{
    const AbsIndex *ix = r->ix;
    const Abstraction *a = ix->abs;
    AbsSearch *as = r->as;
    xyLoc g = r->g;
    r->cur = from;
    r->leg = 0;
    int fs = abs_sector_of(a, from.x, from.y), gs = abs_sector_of(a, g.x, g.y);
    int fr = abs_region_of(a, r->grid, &r->loc, from.x, from.y), gr = abs_region_of(a, r->grid, &r->loc, g.x, g.y);
    if (fr < 0 || gr < 0)
        return false;
    double cost = abs_search_run(as, abs_gid(ix, fs, fr), abs_gid(ix, gs, gr), r->cfg.weight);
    r->stats.abs_expanded += as->last_expanded;
    if (cost < 0)
        return false;
    /* Path r0..rk gives k legs (one when from and g share a region). */
    r->nlegs = as->path_len > 1 ? as->path_len - 1 : 1;
    r->corridor_mark = legs_new_mark(r->legs);
    for (int i = 0; i < as->path_len; i++)
        legs_mark_sector(r->legs, (int)ix->region_sector[as->path[i]], r->corridor_mark);
    return true;
}

/* Starts a query. False when g is unreachable. */
static bool start_query(Refiner *r, xyLoc s, xyLoc g)
{
    r->active = true;
    r->replan = false;
    r->s = s;
    r->g = g;
    r->query_max = 0;
    r->stats.queries++;
    return plan_abstract(r, s);
}

void refiner_invalidate(Refiner *r) { r->replan = r->active; }

/* smooth=1: VRA*'s extended post-smoothing of the leg (refine/smooth.h). */
static size_t smooth_leg(Refiner *r, xyLoc *cells, size_t n)
{
    r->smooth_way.len = 0;
    path_reserve(&r->smooth_way, n);
    return smooth_cells(r->grid, cells, n, r->smooth_way.cells, r->smooth_scratch);
}

/* The center-to-center leg a -> b into `leg`, oriented for travel from a: a
 * pure function of its two regions, so the cache keeps it already smoothed
 * and a hit skips the smoothing; a leg from the segment store is smoothed
 * once and then cached. Everything before leg_orient is canonical. */
static size_t center_leg(Refiner *r, uint32_t a, uint32_t b, xyPath *leg)
{
    const AbsIndex *ix = r->ix;
    xyLoc first = ix->center[leg_first(a, b)];
    r->stats.center_legs++;
    path_push(leg, first);
    if (edge_cache_get(r->cache, a, b, first, leg)) {
        r->stats.cache_hits++;
    } else {
        if (r->segs && segs_get(r->segs, ix, a, b, first, leg)) {
            r->stats.seg_hits++;
        } else {
            leg->len = 0;
            legs_center(r->legs, ix, a, b, leg);
            note_search(r, r->legs->last_expanded);
        }
        if (r->cfg.smooth)
            leg->len = smooth_leg(r, leg->cells, leg->len);
        edge_cache_put(r->cache, a, b, leg->cells, leg->len);
    }
    leg_orient(leg->cells, leg->len, a, b);
    return leg->len;
}

/* Appends leg `i` (cells from r->cur, cur included) to `leg`; returns its
 * cell count after smoothing. */
static size_t plan_leg(Refiner *r, int i, xyPath *leg)
{
    const AbsIndex *ix = r->ix;
    AbsSearch *as = r->as;
    bool last = i == r->nlegs - 1;
    xyLoc target = last ? r->g : ix->center[as->path[i + 1]];
    if (i >= 1 && !last) {
        xyLoc ca = ix->center[as->path[i]];
        if (r->cur.x == ca.x && r->cur.y == ca.y)
            return center_leg(r, as->path[i], as->path[i + 1], leg);
    }
    legs_corridor(r->legs, r->cur, target, r->corridor_mark, r->cfg.corridor, 1.0, leg);
    note_search(r, r->legs->last_expanded);
    return r->cfg.smooth ? smooth_leg(r, leg->cells, leg->len) : leg->len;
}

/* May this call refine another leg? `done` legs are in already. */
static bool more_legs(const Refiner *r, int done, uint64_t t0)
{
    if (r->leg >= r->nlegs)
        return false;
    if (r->cfg.budget_us <= 0)
        return done < r->cfg.legs_per_call;
    return done == 0 || clock_now_ns() - t0 < (uint64_t)r->cfg.budget_us * 1000u;
}

bool refiner_step(Refiner *r, xyLoc s, xyLoc g, xyPath *out)
{
    uint64_t t0 = r->cfg.budget_us > 0 ? clock_now_ns() : 0;
    bool same = r->active && r->s.x == s.x && r->s.y == s.y && r->g.x == g.x && r->g.y == g.y;
    if (same && r->replan) { /* the map changed under this query: go on from where it stands */
        r->replan = false;
        if (!plan_abstract(r, r->cur)) {
            finish_query(r);
            return true; /* the goal was cut off: the path ends where it stands */
        }
    }
    if (!same) {
        if (!start_query(r, s, g)) {
            finish_query(r);
            return true; /* unreachable: nothing appended */
        }
        path_push(out, s);
        if (s.x == g.x && s.y == g.y) {
            finish_query(r);
            return true;
        }
    }
    for (int done = 0; more_legs(r, done, t0); done++, r->leg++) {
        xyPath *leg = &r->scratch;
        leg->len = 0;
        size_t n = plan_leg(r, r->leg, leg);
        r->stats.legs++;
        if (r->leg < r->nlegs - 1 && n > 2) {
            size_t cut = r->cfg.trim_cells ? (size_t)r->cfg.trim_cells : (n - 1) * (size_t)r->cfg.trim_percent / 100;
            n = cut >= n - 1 ? 2 : n - cut; /* keep at least one step */
        }
        path_reserve(out, n);
        for (size_t i = 1; i < n; i++)
            out->cells[out->len++] = leg->cells[i];
        if (n >= 1)
            r->cur = leg->cells[n - 1];
    }
    if (r->leg >= r->nlegs) {
        finish_query(r);
        return true;
    }
    return false;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

double refiner_max_p95(const Refiner *r)
{
    size_t n = r->stats.nquery_max;
    if (!n)
        return 0;
    uint32_t *copy = malloc(n * sizeof *copy);
    if (!copy)
        return 0;
    memcpy(copy, r->stats.query_max, n * sizeof *copy);
    qsort(copy, n, sizeof *copy, cmp_u32);
    size_t k = (size_t)((double)(n - 1) * 0.95 + 0.5);
    double v = copy[k];
    free(copy);
    return v;
}
