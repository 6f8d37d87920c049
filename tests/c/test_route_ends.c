/* Issue 31: the abstract route costed from s and g themselves
 * (refine/abstract_search.h region_search_ends), as mm's corridor steps
 * follow it: a route from s's region to g's over adjacent regions at the
 * cost a plain Dijkstra finds, never dearer than the route between the two
 * regions' centers, never cheaper than the straight line. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../entries/mm/mm.h"
#include "mm_regions.h"

/* Is there an edge u -> v? */
static bool adjacent(const RegionSearch *as, uint32_t u, uint32_t v)
{
    AbsAdj c;
    AbsAdjEdge e;
    for (abs_adj_begin(as->ix, NULL, u, false, &c); abs_adj_next(as->ix, &c, &e);)
        if (e.to == v)
            return true;
    return false;
}

/* Does as->path run from `from` to `to` over edges, visiting `to` once? */
static bool route_ok(const RegionSearch *as, uint32_t from, uint32_t to)
{
    if (as->path_len < 1 || as->path[0] != from || as->path[as->path_len - 1] != to)
        return false;
    for (int i = 0; i + 1 < as->path_len; i++)
        if (!adjacent(as, as->path[i], as->path[i + 1]) || as->path[i] == to)
            return false;
    return true;
}

/* The cheapest route cost from cell s to cell g as region_search_ends
 * defines it, with share `share` of the excess, by a plain Dijkstra over
 * every region (d: n doubles of scratch); in cells. */
static double reference(const RegionSearch *as, uint32_t from, uint32_t to, xyLoc s, xyLoc g, double share, double *d,
                        bool *done)
{
    const AbsIndex *ix = as->ix;
    uint32_t n = ix->abs->nregions;
    for (uint32_t r = 0; r < n; r++) {
        d[r] = INFINITY;
        done[r] = false;
    }
    d[from] = grid_octile(s.x, s.y, abs_center(ix, from).x, abs_center(ix, from).y) * ABS_COST_SCALE;
    AbsAdj it;
    AbsAdjEdge e;
    for (abs_adj_begin(ix, NULL, from, true, &it); abs_adj_next(ix, &it, &e);) {
        uint32_t v = e.to;
        xyLoc c = abs_center(ix, v);
        d[v] = fmin(d[v], grid_octile(s.x, s.y, c.x, c.y) * ABS_COST_SCALE);
    }
    for (;;) {
        uint32_t u = n;
        for (uint32_t r = 0; r < n; r++)
            if (!done[r] && d[r] < INFINITY && (u == n || d[r] < d[u]))
                u = r;
        if (u == n)
            break;
        done[u] = true;
        for (abs_adj_begin(ix, NULL, u, true, &it); abs_adj_next(ix, &it, &e);) {
            uint32_t v = e.to;
            double oct = abs_octile_units(abs_center(ix, u), abs_center(ix, v));
            d[v] = fmin(d[v], d[u] + oct + share * ((double)region_edge_cost(as, abs_center(ix, u), &e) - oct));
        }
    }
    double best = d[to] + grid_octile(abs_center(ix, to).x, abs_center(ix, to).y, g.x, g.y) * ABS_COST_SCALE;
    for (abs_adj_begin(ix, NULL, to, false, &it); abs_adj_next(ix, &it, &e);) {
        uint32_t v = e.to;
        xyLoc c = abs_center(ix, v);
        best = fmin(best, d[v] + grid_octile(c.x, c.y, g.x, g.y) * ABS_COST_SCALE);
    }
    return best / ABS_COST_SCALE;
}

/* A cell up to 6 cells from c in each direction, inside the map. */
static xyLoc near_cell(xyLoc c, const Abstraction *a, uint64_t *seed)
{
    *seed = *seed * 6364136223846793005u + 1442695040888963407u;
    int dx = (int)((*seed >> 40) % 13) - 6, dy = (int)((*seed >> 20) % 13) - 6;
    int x = c.x + dx, y = c.y + dy;
    x = x < 0 ? 0 : x >= a->width ? a->width - 1 : x;
    y = y < 0 ? 0 : y >= a->height ? a->height - 1 : y;
    return (xyLoc){(uint16_t)x, (uint16_t)y};
}

/* Two regions picked at random (seed's next value), and a cell near each
 * of their centers. */
static void pick_ends(const AbsIndex *ix, uint64_t *seed, uint32_t *from, uint32_t *to, xyLoc *s, xyLoc *g)
{
    uint32_t n = ix->abs->nregions;
    *seed = *seed * 6364136223846793005u + 1442695040888963407u;
    *from = (uint32_t)((*seed >> 33) % n);
    *to = (uint32_t)((*seed >> 13) % n);
    *s = near_cell(abs_center(ix, *from), ix->abs, seed);
    *g = near_cell(abs_center(ix, *to), ix->abs, seed);
}

/* The edges' octile costs are rounded to 1/ABS_COST_SCALE cells, the
 * heuristic is not, so an A* may close a region up to half a unit per edge
 * above its cost (as the centers' A* may): a few units over a route. */
#define ROUNDING (16.0 / ABS_COST_SCALE)

static void test_route_ends(T *t)
{
    MmRegions m;
    if (!mm_regions_open(t, "random/random256-20-0", "mm", false, &m))
        return;
    const AbsIndex *ix = m.ix;
    uint32_t n = ix->abs->nregions;
    double *d = malloc((size_t)n * sizeof *d);
    bool *done = malloc(n);
    CHECK(t, d && done);
    uint64_t seed = 31;
    int bad = 0, differ = 0;
    for (int i = 0; i < 100 && n > 1 && d && done; i++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        uint32_t from = (uint32_t)((seed >> 33) % n), to = (uint32_t)((seed >> 13) % n);
        AbsAdj c;
        AbsAdjEdge e;
        abs_adj_begin(ix, NULL, from, false, &c);
        if (i % 4 == 0) /* s and g near each other: the cost may not drop below 0 ("unreachable") */
            to = adjacent(&m.as, from, to) || !abs_adj_next(ix, &c, &e) ? from : e.to;
        xyLoc s = near_cell(abs_center(ix, from), ix->abs, &seed), g = near_cell(abs_center(ix, to), ix->abs, &seed);
        xyLoc cf = abs_center(ix, from), ct = abs_center(ix, to);
        double add = grid_octile(s.x, s.y, cf.x, cf.y) + grid_octile(ct.x, ct.y, g.x, g.y);
        region_search_ends(&m.as, false, s, g, 1.0);
        double centers = region_search_run(&m.as, from, to, 1.0);
        region_search_ends(&m.as, true, s, g, 1.0);
        double whole = region_search_run(&m.as, from, to, 1.0);
        bool ok = (centers < 0) == (whole < 0);
        double none = -2;
        if (ok && whole >= 0) {
            ok = route_ok(&m.as, from, to) && whole <= centers + 1e-6 &&
                 whole + add >= grid_octile(s.x, s.y, g.x, g.y) - 1e-6 &&
                 fabs(fmax(whole + add, add) - fmax(reference(&m.as, from, to, s, g, 1.0, d, done), add)) < ROUNDING;
            differ += whole < centers - 1e-6;
            region_search_ends(&m.as, true, s, g, 0.0);
            none = region_search_run(&m.as, from, to, 1.0);
            ok = ok && none >= 0 && none <= whole + 1e-6 && route_ok(&m.as, from, to) &&
                 fabs(fmax(none + add, add) - fmax(reference(&m.as, from, to, s, g, 0.0, d, done), add)) < ROUNDING;
        }
        if (!ok && bad++ < 3)
            CHECKF(t, false,
                   "regions %u -> %u from (%d,%d) to (%d,%d): centers %.4f, from the cells %.4f (+ %.4f; a plain "
                   "Dijkstra %.4f); share 0 %.4f (%.4f), route %s",
                   from, to, s.x, s.y, g.x, g.y, centers, whole, add, reference(&m.as, from, to, s, g, 1.0, d, done),
                   none, reference(&m.as, from, to, s, g, 0.0, d, done), route_ok(&m.as, from, to) ? "ok" : "broken");
    }
    CHECKF(t, bad == 0, "%d of 100 routes wrong", bad);
    /* The ends must matter somewhere, or the test tests nothing. */
    CHECKF(t, differ > 0, "no route costed from the cells was cheaper than between the centers");
    free(d);
    free(done);
    mm_regions_close(&m);
}

/* The search costed from the ends in pieces of 12 units (a GetPath call's
 * work, region_search_steps): the same route and cost as run whole, no
 * piece scans more steps (an expansion and each edge it scans,
 * REGION_ENDS_PER_WORK a unit) than its units buy and one expansion more,
 * and the piece that ends it is charged the route it takes too
 * (REGION_ROUTE_PER_WORK);
 * charged a unit an expansion, a piece expanded 12 regions whatever their
 * edges (the random maps' longest calls, results/reference/mm-paper/stages63.md). */
static void test_route_ends_in_pieces(T *t)
{
    MmRegions m;
    if (!mm_regions_open(t, "random/random256-10-0", "mm", false, &m))
        return;
    const AbsIndex *ix = m.ix;
    RegionSearch *as = &m.as;
    uint32_t n = ix->abs->nregions, most = 0; /* the most steps one expansion takes */
    for (uint32_t r = 0; r < n; r++) {
        AbsAdj c;
        AbsAdjEdge e;
        uint32_t k = 1;
        for (abs_adj_begin(ix, NULL, r, false, &c); abs_adj_next(ix, &c, &e);)
            k++;
        most = k > most ? k : most;
    }
    uint32_t *whole = malloc((size_t)n * sizeof *whole);
    uint64_t seed = 5;
    int differ = 0, over = 0, pieces = 0, uncharged = 0;
    for (int i = 0; i < 60 && n > 1 && whole; i++) {
        uint32_t from, to;
        xyLoc s, g;
        pick_ends(ix, &seed, &from, &to, &s, &g);
        region_search_ends(as, true, s, g, 1.0);
        double cw = region_search_run(as, from, to, 1.0), cp = 0;
        int len = as->path_len;
        memcpy(whole, as->path, (size_t)(len > 0 ? len : 0) * sizeof *whole);
        region_search_ends(as, true, s, g, 1.0);
        bool done = false;
        for (bool resume = false; !done; resume = true) {
            uint64_t work = 12, steps = as->end_steps;
            done = region_search_steps(as, from, to, 1.0, resume, &work, &cp);
            uint64_t took = resume ? as->end_steps - steps : as->end_steps; /* begun: counted from 0 */
            over += took > 12 * REGION_ENDS_PER_WORK + most;
            /* the route taken at its end is charged on top of the steps: a call that ends the search has spent work */
            uint64_t per = REGION_ENDS_PER_WORK, units = ((took < 12 * per ? took : 12 * per) + per - 1) / per;
            uint64_t route = 1 + (uint64_t)(as->path_len > 0 ? as->path_len : 0) / REGION_ROUTE_PER_WORK;
            uncharged += done && work != (12 - units > route ? 12 - units - route : 0);
            pieces++;
        }
        differ += cp != cw || as->path_len != len || (len > 0 && memcmp(whole, as->path, (size_t)len * sizeof *whole));
    }
    CHECKF(t, differ == 0 && over == 0 && pieces > 120 && uncharged == 0,
           "%d routes differ in pieces; %d of %d pieces scanned past their work and one expansion (%u steps); %d "
           "routes taken uncharged",
           differ, over, pieces, most, uncharged);
    free(whole);
    mm_regions_close(&m);
}

/* open_g (the open regions' g) is doubled while empty as a search begins
 * where an earlier search held more than REGION_OPEN_G_AHEAD_EIGHTHS of
 * it: a search whose frontier stays within the largest so far runs on a
 * table at most half full and doubles nothing inside (doubled at seven
 * eighths in the midst of a search, its entries put in again, was a random
 * map's longest call). Searches costed from the ends, as mm's corridor
 * steps run them, from a first table of 64 slots: the first ones still
 * double it inside, and their routes are the searches' own. */
static void test_open_g_ahead(T *t)
{
    MmRegions m;
    if (!mm_regions_open(t, "random/random256-20-0", "mm", false, &m))
        return;
    const AbsIndex *ix = m.ix;
    RegionSearch *as = &m.as;
    uint32_t n = ix->abs->nregions;
    uint64_t seed = 11;
    int within = 0, full = 0, inside = 0, routes = 0, broken = 0;
    for (int i = 0; i < 300 && n > 1; i++) {
        uint32_t from, to;
        xyLoc s, g;
        pick_ends(ix, &seed, &from, &to, &s, &g);
        uint32_t most = as->open_g_most, cap = as->open_g_cap;
        region_search_ends(as, true, s, g, 1.0);
        double c = region_search_run(as, from, to, 1.0);
        routes += c >= 0;
        broken += c >= 0 && !route_ok(as, from, to);
        inside += as->open_g_cap > cap && as->open_g_most > most; /* a new largest frontier may double it inside */
        if (as->open_g_most == most && most > 0) {
            within++;
            full += 2 * (uint64_t)most > as->open_g_cap;
        }
        CHECKF(t, 8 * (uint64_t)as->open_g_most <= REGION_OPEN_G_EIGHTHS * (uint64_t)as->open_g_cap,
               "search %d: %u open regions in %u slots", i, as->open_g_most, as->open_g_cap);
    }
    CHECKF(t, full == 0 && within > 200 && inside > 0 && routes > 150 && broken == 0,
           "%d of %d searches within the largest frontier so far ran on a table over half full; %d doubled it "
           "inside; %d of %d routes broken",
           full, within, inside, broken, routes);
    mm_regions_close(&m);
}

/* abs_octile_units rounds only the diagonal part (refine/abs_cost.h): the
 * same units as rounding the whole scaled octile distance, for every
 * offset up to 1024 cells (centers of neighbouring sectors are under 32
 * apart). */
static void test_octile_units(T *t)
{
    int bad = 0;
    for (int dx = -1023; dx < 1024; dx += 1 + (dx > 64 || dx < -64) * 6)
        for (int dy = 0; dy < 1024; dy++) {
            xyLoc a = {512, 512}, b = {(int16_t)(512 + dx), (int16_t)(512 + dy)};
            uint32_t want = (uint32_t)lround(grid_octile(a.x, a.y, b.x, b.y) * ABS_COST_SCALE);
            uint32_t got = abs_octile_units(a, b), back = abs_octile_units(b, a);
            if ((got != want || back != want) && bad++ < 3)
                CHECKF(t, false, "offset (%d,%d): %u and %u units, lround %u", dx, dy, got, back, want);
        }
    CHECKF(t, bad == 0, "%d offsets rounded otherwise", bad);
}

const TestCase ROUTE_ENDS_TESTS[] = {
    {"route_ends", test_route_ends},
    {"octile_units", test_octile_units},
    {"route_ends_in_pieces", test_route_ends_in_pieces},
    {"open_g_ahead", test_open_g_ahead},
    {NULL, NULL},
};
