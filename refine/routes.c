#include "routes.h"

#include <stdlib.h>
#include <string.h>

#include "../grid/line.h"
#include "routes_tries.h"

/* The guard's threshold: a route longer than GUARD_NUM / GUARD_DEN of the
 * octile distance is a detour worth a box A*. */
enum { GUARD_NUM = 7, GUARD_DEN = 5 };

/* The most sectors a box (box below) holds for a query the guard may send
 * there (octile2 <= 4 near: the longer side dx <= 2 near, the shorter dy <=
 * 4 near - 2 dx): dx cells span at most dx / S + 2 sectors, grown by one on
 * each side. */
static size_t most_sectors(const Abstraction *a, int near)
{
    size_t most = 1;
    for (int dx = 0; near > 0 && dx <= 2 * near; dx++) {
        int dy = 4 * near - 2 * dx < dx ? 4 * near - 2 * dx : dx;
        int w = dx / a->S + 4, h = dy / a->S + 4;
        size_t n = (size_t)(w < a->sw ? w : a->sw) * (size_t)(h < a->sh ? h : a->sh);
        most = n > most ? n : most;
    }
    return most;
}

/* The words of Routes.reached: a bit per entry of `reach`. */
static inline size_t reached_words(const Routes *rt) { return (rt->reach_cap + 63) / 64; }

bool routes_init(Routes *rt, const RoutesConfig *cfg, const Grid *g, const Abstraction *a, LegPlanner *legs, Err *err)
{
    *rt = (Routes){.cfg = *cfg,
                   .grid = g,
                   .abs = a,
                   .legs = legs,
                   .credit = {ROUTES_TRY_START, ROUTES_TRY_START, ROUTES_TRY_START}};
    if (cfg->skip_gave_up && !cfg->whole && cfg->jps_cap > 0 &&
        !(rt->gave_up = calloc(a->nsectors ? a->nsectors : 1, sizeof *rt->gave_up)))
        return err_set(err, "out of memory for the JPS tries' sectors");
    if (cfg->bands > 0 && !cfg->whole && cfg->jps_cap > 0) {
        if (!(rt->band = calloc(ROUTE_BANDS, sizeof *rt->band))) {
            routes_free(rt);
            return err_set(err, "out of memory for the JPS tries' bands");
        }
        for (int k = 0; k < ROUTE_BANDS; k++)
            rt->band[k].credit = ROUTES_TRY_START;
    }
    /* Grows to the longest answer. On the small route the first straight
     * line past 256 cells would grow it inside its call (the warm-up's
     * query leaves it at that), the longest call of a map of long open
     * corridors; a line is at most the map's longer side: reserved for
     * that at once there. */
    size_t line = (size_t)(g->width > g->height ? g->width : g->height) + 1;
    path_reserve(&rt->answer, cfg->whole && cfg->direct && line > 256 ? line : 256);
    /* The JPS's memory is bounded now by the most it may reach: a capped
     * JPS what its cap allows (search/jps.h); the small route's JPS has no
     * cap but the map, so its node state grows to what its searches reach
     * (JPS_NODES_GROW; it answers every query, so no box runs). The box's
     * A* takes pages for the sectors it reaches (refine/legplan.h), and the
     * guard's list of regions is sized for its largest box. A capped try
     * may be held to fewer nodes than its cap allows (jps_nodes: the slots
     * for them are all its state takes). */
    bool small = cfg->whole;
    uint64_t nodes = small ? JPS_NODES_GROW : jps_nodes_within((uint64_t)cfg->jps_cap);
    if (!small && cfg->jps_nodes && cfg->jps_nodes < nodes)
        nodes = cfg->jps_nodes;
    size_t box = most_sectors(a, small ? 0 : cfg->near);
    int most_regions = 1;
    for (uint32_t sec = 0; sec < a->nsectors; sec++)
        most_regions = abs_region_count(a, (int)sec) > most_regions ? abs_region_count(a, (int)sec) : most_regions;
    rt->reach_cap = cfg->near > 0 && !small ? box * (size_t)most_regions : 0;
    rt->most_regions = most_regions;
    rt->reach = rt->reach_cap ? malloc(rt->reach_cap * sizeof *rt->reach) : NULL;
    rt->reached = rt->reach_cap ? malloc(reached_words(rt) * sizeof *rt->reached) : NULL;
    if (rt->reach_cap && (!rt->reach || !rt->reached)) {
        routes_free(rt);
        return err_set(err, "out of memory for the guard's regions");
    }
    if ((small || cfg->jps_cap > 0) && !legplan_enable_jps(legs, nodes, err)) {
        routes_free(rt);
        return false;
    }
    /* Tiled here, the whole copy jps_init_bounded made is let go within
     * this call: no query sees the instance hold it. */
    if (legs->have_jps && cfg->jps_tiles && !jps_tile_cols(&legs->jps, cfg->jps_tiles, err)) {
        routes_free(rt);
        return false;
    }
    return true;
}

/* Turn bits for the JPS route; `again` (a changing map, for good): on a
 * map of at most cfg.turns_cells padded cells, even where its JPS gave
 * them back (jps_retake_turns). */
static bool take_turns(Routes *rt, bool again, Err *err)
{
    const Grid *g = rt->grid;
    size_t cells = (size_t)(g->width + 2) * (size_t)(g->height + 2);
    if (!rt->legs->have_jps || (again && cells > rt->cfg.turns_cells))
        return true;
    return again ? jps_retake_turns(&rt->legs->jps, err) : jps_enable_turns(&rt->legs->jps, err);
}

bool routes_enable_turns(Routes *rt, Err *err)
{
    /* Whatever room the static budget left them (routes_enable_turns_within;
     * the JPS gives them back when its node state grows past it): from the
     * first change the JPS route answers most queries uncapped, the small
     * route all of them, each diagonal step scanning two lines without them. */
    return take_turns(rt, true, err);
}

bool routes_enable_turns_within(Routes *rt, size_t room, Err *err)
{
    const Jps *j = &rt->legs->jps;
    if (!rt->legs->have_jps || j->turns.block || jps_turns_bytes_for(&j->rows, &j->cols) > room)
        return true; /* sized before they are taken: none allocated to be given back */
    return take_turns(rt, false, err);
}

void routes_free(Routes *rt)
{
    path_free(&rt->answer);
    free(rt->reach);
    free(rt->reached);
    free(rt->gave_up);
    free(rt->band);
    *rt = (Routes){0};
}

size_t routes_bytes(const Routes *rt)
{
    return rt->answer.cap * sizeof(xyLoc) + rt->reach_cap * sizeof *rt->reach +
           (rt->reached ? reached_words(rt) * sizeof *rt->reached : 0) +
           (rt->gave_up ? rt->abs->nsectors * sizeof *rt->gave_up : 0) +
           (rt->band ? ROUTE_BANDS * sizeof *rt->band : 0);
}

/* A near query (octile distance <= cfg.near): the one test jps and box share. */
static inline bool is_near(const Routes *rt, xyLoc s, xyLoc g)
{
    return rt->cfg.near > 0 && routes_octile2(s, g) <= 2 * rt->cfg.near;
}

/* The one writer of a route's answer into the caller's path. */
static RouteResult answer(Routes *rt, xyPath *out)
{
    /* One copy of the whole path: a JPS answer is written in the call its
     * search ends in, the longest of the query's calls (path_reserve's
     * `extra` is what is added, not the new length). */
    if (rt->answer.len) { /* an unreachable g appends nothing, and out may hold no array yet */
        path_reserve(out, rt->answer.len);
        memcpy(out->cells + out->len, rt->answer.cells, rt->answer.len * sizeof *rt->answer.cells);
        out->len += rt->answer.len;
    }
    return ROUTE_ANSWERED;
}

static RouteResult same_cell(Routes *rt, xyLoc s, xyLoc g, xyPath *out, uint64_t *expanded, bool resume)
{
    (void)expanded, (void)resume;
    if (!xy_same(s, g))
        return ROUTE_PASS;
    rt->answer.len = 0;
    path_push(&rt->answer, s);
    return answer(rt, out);
}

static RouteResult direct(Routes *rt, xyLoc s, xyLoc g, xyPath *out, uint64_t *expanded, bool resume)
{
    (void)expanded, (void)resume;
    if (!rt->cfg.direct || !line_legal(rt->grid, s, g))
        return ROUTE_PASS;
    rt->answer.len = 0;
    path_push(&rt->answer, s);
    path_push_line(&rt->answer, s, g);
    rt->stats.direct++;
    return answer(rt, out);
}

/* The whole query by online JPS, when the abstraction cannot pay:
 *  - where cfg.whole, uncapped: the abstract search, legs and joints cost
 *    more than JPS's whole search on such maps;
 *  - else capped at cfg.jps_cap expansions, so a query near in octile
 *    distance but far along its path costs at most the cap before the
 *    abstract route; while such tries pay on this map (routes_tries.c): on open maps
 *    JPS answers most queries in a few expansions, on cluttered ones a try
 *    would cost the cap each time.
 * What JPS finds is a shortest path; an exhausted open list proves g
 * unreachable (nothing appended, as the abstract route would). */
static RouteResult jps(Routes *rt, xyLoc s, xyLoc g, xyPath *out, uint64_t *expanded, bool resume)
{
    JpsResult res;
    if (!resume)
        routes_try_charge(rt);
    /* Past the reach (RoutesConfig.jps_reach): not while the abstraction
     * waits for map changes, when its route would first re-derive them;
     * nor where no JPS is tried first (jps_cap 0: the leg planner has
     * none). With credit by bands (the rooms: their kinds are the bands)
     * a query past the reach is never tried. */
    bool far = !resume && !rt->abs_waiting && rt->cfg.jps_cap > 0 && rt->cfg.jps_reach > 0 &&
               routes_octile2(s, g) > 2 * rt->cfg.jps_reach;
    if (far && (!rt->cfg.far_cap || rt->band)) {
        rt->stats.jps_far++;
        return ROUTE_PASS;
    }
    if (resume) {
        res = legplan_jps_resume(rt->legs, &rt->answer);
    } else {
        uint64_t cap = (uint64_t)(far ? rt->cfg.far_cap : rt->cfg.jps_cap);
        rt->stats.jps_far += far;
        rt->jps_kind = -1; /* capped tries: 0 near, 1 far, 2 past the reach */
        if (rt->cfg.whole) {
            cap = UINT64_MAX;
        } else {
            int kind = far ? 2 : rt->band ? routes_try_band(rt, routes_octile2(s, g)) : is_near(rt, s, g) ? 0 : 1;
            if (cap == 0)
                return ROUTE_PASS;
            /* While the abstraction waits, a JPS with turn bits tries every query (routes.h). */
            bool waiting = rt->abs_waiting && rt->legs->jps.turns.block;
            if (!waiting && !routes_try_runs(rt, kind, s, g, far)) {
                rt->stats.jps_skipped++;
                return ROUTE_PASS;
            }
            rt->jps_kind = kind;
            if (rt->abs_waiting)
                cap = UINT64_MAX; /* the search's node slots still bound it */
        }
        rt->answer.len = 0;
        res = legplan_jps(rt->legs, s, g, cap, &rt->answer);
    }
    if (res == JPS_PAUSED)
        return ROUTE_PAUSED;
    *expanded = rt->legs->last_expanded;
    int kind = rt->jps_kind;
    /* An answer past the cap (the abstraction waiting) is a try the cap
     * would have given up: the credit says whether JPS pays at the cap. */
    /* kind 2 is a try past the reach only without bands; with them it is a band */
    uint64_t kind_cap = (uint64_t)(kind == 2 && !rt->band ? rt->cfg.far_cap : rt->cfg.jps_cap);
    bool over = res == JPS_CAPPED || (kind >= 0 && *expanded > kind_cap);
    routes_try_ended(rt, kind, s, g, res == JPS_CAPPED, over);
    if (res == JPS_CAPPED) {
        rt->stats.jps_capped++;
        return ROUTE_TRIED;
    }
    rt->stats.jps++;
    return answer(rt, out);
}

/* Marks the sectors of the bounding box of s and g grown by one sector. */
static uint32_t mark_box(Routes *rt, xyLoc s, xyLoc g)
{
    const Abstraction *a = rt->abs;
    int sx0 = (s.x < g.x ? s.x : g.x) / a->S - 1, sx1 = (s.x > g.x ? s.x : g.x) / a->S + 1;
    int sy0 = (s.y < g.y ? s.y : g.y) / a->S - 1, sy1 = (s.y > g.y ? s.y : g.y) / a->S + 1;
    uint32_t mark = legplan_new_mark(rt->legs);
    rt->box_x0 = sx0 < 0 ? 0 : sx0;
    rt->box_y0 = sy0 < 0 ? 0 : sy0;
    rt->box_w = (sx1 < a->sw ? sx1 + 1 : a->sw) - rt->box_x0;
    rt->box_h = (sy1 < a->sh ? sy1 + 1 : a->sh) - rt->box_y0;
    for (int y = rt->box_y0; y < rt->box_y0 + rt->box_h; y++)
        for (int x = rt->box_x0; x < rt->box_x0 + rt->box_w; x++)
            legplan_mark_sector(rt->legs, y * a->sw + x, mark);
    return mark;
}

/* A* inside the sectors marked `mark` (mark_box), the whole path at once
 * (resume: the A* paused in an earlier call goes on). Through region
 * centers a short query can walk several times its length; in a box of a
 * few sectors A* costs about what locating and refining does. No path in
 * the box: TRIED. */
static RouteResult box(Routes *rt, xyLoc s, xyLoc g, uint32_t mark, xyPath *out, uint64_t *expanded, bool resume)
{
    if (!resume)
        rt->answer.len = 0;
    LegResult res = resume ? legplan_resume(rt->legs, &rt->answer)
                           : legplan_within(rt->legs, s, g, mark, 1.0, (uint32_t)rt->cfg.box_sectors, &rt->answer);
    if (res == LEG_PAUSED)
        return ROUTE_PAUSED;
    *expanded = rt->legs->last_expanded;
    rt->stats.box_capped += rt->legs->astar.pg.capped;
    if (res == LEG_NONE) {
        rt->stats.box_vain += !rt->legs->astar.pg.capped;
        return ROUTE_TRIED;
    }
    rt->stats.near++;
    return answer(rt, out);
}

/* Region r of sector sec, by its place in the box mark_box marked last
 * (its sectors in row order, most_regions places each). */
static inline size_t box_place(const Routes *rt, int sec, int r)
{
    int sw = rt->abs->sw;
    return ((size_t)(sec / sw - rt->box_y0) * (size_t)rt->box_w + (size_t)(sec % sw - rt->box_x0)) *
               (size_t)rt->most_regions +
           (size_t)r;
}

/* Do the regions of the sectors marked walk_mark (the box mark_box marked
 * last) connect region sr of sector ss to walk_want? Exactly when the
 * box's A* finds a path: a region is connected inside its sector, and an
 * abstract edge is a legal move between two regions of neighbouring
 * sectors (for a diagonal one, its two side cells lie in the box too, which
 * is a rectangle of sectors). A breadth-first walk over the regions
 * reached, listed in `reach`, each marked in `reached` by its place in the
 * box, so a region is looked up in a step however many the box holds (a
 * list searched through was most of a call on a small-rooms map's box of
 * hundreds of regions). True, as the A* would then decide, when they are
 * more than the list holds or a region's index is past the most any sector
 * held at init (after a map change made a sector hold more regions than
 * any did). */
static BoxWalk walk_begin(Routes *rt, int ss, int sr)
{
    size_t bits = (size_t)rt->box_w * (size_t)rt->box_h * (size_t)rt->most_regions;
    if (bits > rt->reach_cap || sr < 0 || sr >= rt->most_regions)
        return BOX_CONNECTED;
    memset(rt->reached, 0, (bits + 63) / 64 * sizeof *rt->reached);
    size_t at = box_place(rt, ss, sr);
    rt->reached[at >> 6] |= 1ull << (at & 63);
    rt->reach[0] = (uint32_t)ss << 8 | (uint32_t)sr; /* regions per sector fit in 8 bits (abs_region_count) */
    rt->walk_i = 0;
    rt->walk_n = 1;
    rt->walking = true;
    return routes_box_walk(rt);
}

BoxWalk routes_box_walk(Routes *rt)
{
    const Abstraction *a = rt->abs;
    const uint8_t *marks = rt->legs->sector_mark;
    uint32_t *reach = rt->reach;
    uint64_t *reached = rt->reached;
    size_t i = rt->walk_i, n = rt->walk_n;
    BoxWalk verdict = BOX_APART;
    for (; i < n; i++) {
        if (reach[i] == rt->walk_want) {
            verdict = BOX_CONNECTED;
            break;
        }
        if (i % ROUTES_WALK_REGIONS == 0) {
            if (rt->legs->work == 0) {
                verdict = BOX_WALK_PAUSED;
                break;
            }
            legplan_charge(rt->legs, 1);
        }
        AbsEdgeIter it;
        AbsEdge e;
        abs_edges(a, (int)(reach[i] >> 8), (int)(reach[i] & 0xffu), &it);
        while (abs_edge_next(a, &it, &e)) {
            if (marks[e.sector] != rt->walk_mark)
                continue; /* outside the box */
            if (e.region >= rt->most_regions) {
                rt->walking = false;
                return BOX_CONNECTED;
            }
            size_t at = box_place(rt, e.sector, e.region);
            if (reached[at >> 6] >> (at & 63) & 1)
                continue;
            if (n == rt->reach_cap) {
                rt->walking = false;
                return BOX_CONNECTED;
            }
            reached[at >> 6] |= 1ull << (at & 63);
            reach[n++] = (uint32_t)e.sector << 8 | (uint32_t)e.region;
        }
    }
    rt->walk_i = i;
    rt->walk_n = n;
    rt->walking = verdict == BOX_WALK_PAUSED;
    return verdict;
}

BoxWalk routes_box_connects(Routes *rt, xyLoc s, xyLoc g, int s_region, int g_region)
{
    const Abstraction *a = rt->abs;
    rt->walking = false;
    rt->walk_mark = mark_box(rt, s, g);
    if (!rt->reach_cap)
        return BOX_CONNECTED;
    rt->walk_want = (uint32_t)abs_sector_of(a, g.x, g.y) << 8 | (uint32_t)g_region;
    return walk_begin(rt, abs_sector_of(a, s.x, s.y), s_region);
}

/* The box's A* once its walk says the box connects s and g, else the
 * route passes (`skipped` counts it); paused while the walk is. */
static RouteResult box_after_walk(Routes *rt, BoxWalk walk, xyLoc s, xyLoc g, xyPath *out, uint64_t *expanded,
                                  uint64_t *skipped)
{
    if (walk == BOX_WALK_PAUSED)
        return ROUTE_PAUSED;
    if (walk == BOX_APART) {
        ++*skipped; /* the A* would search the box and find nothing */
        return ROUTE_PASS;
    }
    return box(rt, s, g, rt->walk_mark, out, expanded, false);
}

/* A box route paused in the call before goes on: its walk, or its A*. */
static RouteResult box_resume(Routes *rt, xyLoc s, xyLoc g, xyPath *out, uint64_t *expanded, uint64_t *skipped)
{
    return rt->walking ? box_after_walk(rt, routes_box_walk(rt), s, g, out, expanded, skipped)
                       : box(rt, s, g, 0, out, expanded, true);
}

bool routes_is_near(const Routes *rt, xyLoc s, xyLoc g) { return is_near(rt, s, g); }

RouteResult routes_near_box(Routes *rt, xyLoc s, xyLoc g, int s_region, int g_region, xyPath *out, uint64_t *expanded,
                            bool resume)
{
    if (resume)
        return box_resume(rt, s, g, out, expanded, &rt->stats.box_skipped);
    if (s_region < 0 || g_region < 0) {
        rt->walking = false;
        return box(rt, s, g, mark_box(rt, s, g), out, expanded, false);
    }
    return box_after_walk(rt, routes_box_connects(rt, s, g, s_region, g_region), s, g, out, expanded,
                          &rt->stats.box_skipped);
}

const Route ROUTES[] = {
    {"same", same_cell, ROUTE_PHASE_LOCATE},
    {"direct", direct, ROUTE_PHASE_LOCATE},
    {"jps", jps, ROUTE_PHASE_JPS},
};
const int ROUTE_COUNT = (int)(sizeof ROUTES / sizeof *ROUTES);

RouteResult routes_guard(Routes *rt, xyLoc s, xyLoc g, int s_region, int g_region, double route, xyPath *out,
                         uint64_t *expanded, bool resume)
{
    RouteResult res;
    if (resume) {
        res = box_resume(rt, s, g, out, expanded, &rt->stats.guard_skipped);
    } else {
        double oct = grid_octile(s.x, s.y, g.x, g.y);
        if (rt->cfg.near <= 0 || routes_octile2(s, g) > 4 * rt->cfg.near || route * GUARD_DEN <= oct * GUARD_NUM)
            return ROUTE_PASS;
        res = box_after_walk(rt, routes_box_connects(rt, s, g, s_region, g_region), s, g, out, expanded,
                             &rt->stats.guard_skipped);
    }
    rt->stats.guarded += res == ROUTE_ANSWERED;
    return res;
}
