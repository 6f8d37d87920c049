/* Issue 8: the abstraction across a map change: abs_update's local rebuild
 * equals a full build of the changed map, byte for byte, the plain form it
 * keeps for the next update included, and every edge's stored cost is the
 * leg the refinement plans. The entries across a change: test_dynamic.c. */
#include <stdlib.h>
#include <string.h>

#include "../../abstraction/abstraction.h"
#include "../../abstraction/plain.h"
#include "../../refine/legplan.h"
#include "../../search/heap.h"
#include "test.h"

bool abs_same(const Abstraction *a, const Abstraction *b, char *why, size_t size)
{
    if (a->nsectors != b->nsectors || a->nregions != b->nregions || a->nedges != b->nedges ||
        a->ndefault != b->ndefault || a->nwide != b->nwide || a->pool_bytes != b->pool_bytes) {
        snprintf(why, size, "totals differ: regions %u/%u edges %u/%u default %u/%u wide %u/%u pool %u/%u", a->nregions,
                 b->nregions, a->nedges, b->nedges, a->ndefault, b->ndefault, a->nwide, b->nwide, a->pool_bytes,
                 b->pool_bytes);
        return false;
    }
    for (uint32_t s = 0; s < a->nsectors; s++)
        if (abs_word(a, (int)s) != abs_word(b, (int)s)) {
            snprintf(why, size, "sector word %u differs: %08x vs %08x", s, abs_word(a, (int)s), abs_word(b, (int)s));
            return false;
        }
    if (memcmp(a->group_base, b->group_base, a->ngroups * sizeof *a->group_base) ||
        (a->pool_bytes && memcmp(a->pool, b->pool, a->pool_bytes)) ||
        (a->nwide && memcmp(a->wide, b->wide, a->nwide * sizeof *a->wide))) {
        snprintf(why, size, "group bases, pool or wide entries differ");
        return false;
    }
    return true;
}

/* The plain form an update keeps for the next one is what decoding its
 * layout gives (edge costs included: none between two default sectors). */
static bool kept_matches(const AbsKept *k, const Abstraction *a)
{
    AbsPlain d;
    Err err;
    if (!k->plain || !abs_decode(a, &d, &err))
        return false;
    const AbsPlain *p = k->plain;
    bool same = p->nregions == d.nregions && p->nedges == d.nedges && p->nsectors == d.nsectors &&
                !memcmp(p->reg_first, d.reg_first, ((size_t)d.nsectors + 1) * sizeof *d.reg_first) &&
                !memcmp(p->center, d.center, (size_t)d.nregions) &&
                !memcmp(p->edge_first, d.edge_first, ((size_t)d.nregions + 1) * sizeof *d.edge_first) &&
                !memcmp(p->edge_dir, d.edge_dir, (size_t)d.nedges) &&
                !memcmp(p->edge_target, d.edge_target, (size_t)d.nedges) && !p->edge_excess == !d.edge_excess &&
                (!d.edge_excess || !memcmp(p->edge_excess, d.edge_excess, (size_t)d.nedges));
    abs_plain_free(&d);
    return same;
}

/* Random toggles, `batch` cells at a time; after every batch the local
 * rebuild must equal a full build of the changed map. */
static void check_updates_equal_rebuild(T *t, const char *map, int S, bool defaults, bool costs, uint64_t seed)
{
    Loaded l;
    if (!load_named(t, map, &l))
        return;
    Grid *g = &l.g;
    Abstraction cur;
    Err err;
    CHECKF(t, abs_build_centers(&cur, g, S, defaults, false, costs, &err), "%s", err.msg);
    uint8_t *touched = malloc(cur.nsectors);
    AbsKept kept = {0}; /* kept across the rounds, as mm keeps them: sectors not touched are not flooded again */
    /* Fewer rounds under the sanitizers: each is a full build, several times slower there. */
    for (int round = 0; round < (T_SANITIZED ? 8 : 25) && t->failures == 0; round++) {
        memset(touched, 0, cur.nsectors);
        int batch = 1 + (int)(t_rng(&seed) % 6);
        for (int i = 0; i < batch; i++) {
            /* Half the picks near the previous one, so sectors' corners and shared borders get hit. */
            int x = (int)(t_rng(&seed) % (uint64_t)g->width), y = (int)(t_rng(&seed) % (uint64_t)g->height);
            grid_set_passable(g, x, y, !grid_passable(g, x, y));
            touched[abs_sector_of(&cur, x, y)] = 1;
        }
        Abstraction upd, full;
        CHECKF(t, abs_update(&upd, &cur, g, touched, &kept, &err), "%s", err.msg);
        CHECKF(t, abs_build_centers(&full, g, S, defaults, false, costs, &err), "%s", err.msg);
        char why[256];
        CHECKF(t, abs_same(&upd, &full, why, sizeof why), "%s S=%d defaults=%d round %d: %s", map, S, defaults, round,
               why);
        CHECKF(t, abs_validate(&upd, g, &err), "%s", err.msg);
        CHECKF(t, kept_matches(&kept, &upd), "%s S=%d round %d: the kept plain form is not the layout's", map, S,
               round);
        abs_free(&cur);
        abs_free(&full);
        cur = upd;
    }
    free(touched);
    abs_kept_free(&kept);
    abs_free(&cur);
    unload(&l);
}

static void test_dyn_update_equals_rebuild(T *t)
{
    const char *maps[] = {"rooms/8room256-0", "random/random256-30-0", "mazes/maze256-2-0"};
    for (int m = 0; m < 3; m++) {
        check_updates_equal_rebuild(t, maps[m], 16, true, false, 11 + (uint64_t)m);
        check_updates_equal_rebuild(t, maps[m], 8, false, false, 23 + (uint64_t)m);
        check_updates_equal_rebuild(t, maps[m], 5, true, false, 37 + (uint64_t)m);
        /* Edge costs: the ring's edges measured again equal a full build's. */
        check_updates_equal_rebuild(t, maps[m], 16, true, true, 41 + (uint64_t)m);
        check_updates_equal_rebuild(t, maps[m], 8, false, true, 43 + (uint64_t)m);
    }
}

/* Every edge's stored excess is the code of the center leg's excess over
 * octile, the leg refine/legplan.h plans (within a code step: the code is
 * rounded), in both directions, default sectors' edges included. */
static void test_dyn_edge_costs_match_legs(T *t)
{
    const char *const maps[] = {"rooms/8room256-0", "mazes/maze256-2-0", NULL};
    Loaded l;
    for (int m = 0; load_nth(t, maps, m, &l); m++) {
        Abstraction a;
        AbsIndex ix;
        LegPlanner legs;
        Err err;
        uint8_t *excess = NULL;
        CHECK(t, abs_build_centers(&a, &l.g, 16, true, false, true, &err) && abs_index_init(&ix, &a, &err) &&
                     legplan_init(&legs, &l.g, &a, &err) && abs_edge_excess(&a, &excess, &err) && excess);
        xyPath leg = {0};
        uint32_t e = 0, bad = 0, nonzero = 0;
        for (uint32_t r = 0; excess && r < a.nregions; r++) {
            AbsEdgeIter it;
            AbsEdge ed;
            abs_edges(&a, (int)abs_region_sector(&ix, r), abs_local(&ix, r), &it);
            while (abs_edge_next(&a, &it, &ed)) {
                uint32_t b = abs_gid(&ix, ed.sector, ed.region);
                leg.len = 0;
                legplan_center(&legs, &ix, r, b, &leg);
                xyLoc p = abs_center(&ix, r), q = abs_center(&ix, b);
                double extra = path_length(leg.cells, leg.len) - grid_octile(p.x, p.y, q.x, q.y);
                bool both_default = abs_word_flags(abs_word(&a, abs_region_sector(&ix, r))) & ABS_FLAG_DEFAULT &&
                                    abs_word_flags(abs_word(&a, ed.sector)) & ABS_FLAG_DEFAULT;
                bad += both_default ? excess[e] != 0 : excess[e] != abs_excess_code(extra);
                nonzero += excess[e] != 0;
                e++;
            }
        }
        CHECKF(t, bad == 0 && e == a.nedges && nonzero > 0, "%s: %u of %u edges off, %u with excess", maps[m], bad, e,
               nonzero);
        path_free(&leg);
        free(excess);
        legplan_free(&legs);
        abs_index_free(&ix);
        abs_free(&a);
        unload(&l);
    }
}

/* A brute-force leg length for the test below: Dijkstra from a over the
 * cells of sectors s and t only (moves legal on the whole map, so a
 * diagonal step's corner cells may lie in the other sectors), every cell of
 * the 2 x 2 sectors around them a node, the open list search/heap.h's. */
typedef struct BruteNode {
    double d;
    int32_t pos;
    bool in, reached, done;
} BruteNode;

static double two_sector_leg(const Grid *g, int S, int sw, int s, int t, xyLoc a, xyLoc b, Heap *open, BruteNode *node)
{
    const int W = 2 * ABS_MAX_SECTOR, wx0 = (s % sw < t % sw ? s % sw : t % sw) * S,
              wy0 = (s / sw < t / sw ? s / sw : t / sw) * S;
    memset(node, 0, (size_t)W * W * sizeof *node);
    for (int k = 0; k < 2; k++) {
        int x0, y0, w, h;
        abs_box(g->width, g->height, S, sw, k ? t : s, &x0, &y0, &w, &h);
        for (int y = y0; y < y0 + h; y++)
            for (int x = x0; x < x0 + w; x++)
                node[(y - wy0) * W + x - wx0].in = true;
    }
    heap_place(open, &node[0].pos, sizeof *node);
    heap_clear(open);
    int start = (a.y - wy0) * W + a.x - wx0;
    node[start].reached = true;
    heap_push(open, (uint32_t)start, 0, 0);
    while (!heap_empty(open)) {
        int u = (int)heap_pop(open).id, ux = u % W + wx0, uy = u / W + wy0;
        node[u].done = true;
        if (ux == b.x && uy == b.y)
            return node[u].d;
        for (int d = 0; d < 8; d++) {
            int x = ux + GRID_DX[d] - wx0, y = uy + GRID_DY[d] - wy0, v = y * W + x;
            if (x < 0 || y < 0 || x >= W || y >= W || !node[v].in || node[v].done || !grid_move_legal(g, ux, uy, d))
                continue;
            double nd = node[u].d + (d >= 4 ? GRID_SQRT2 : 1.0);
            if (!node[v].reached) {
                node[v].reached = true;
                node[v].d = nd;
                heap_push(open, (uint32_t)v, nd, nd);
            } else if (nd < node[v].d) {
                node[v].d = nd;
                heap_decrease(open, (uint32_t)v, nd, nd);
            }
        }
    }
    return -1;
}

/* Every edge's cost byte is the code of its center leg's excess found by
 * brute force inside the edge's two sectors: costs.c's window search, its
 * straight, bent and corner lines that spare a search, and its line test
 * for two sectors meeting at a corner. Sector sides that do not divide the
 * map leave narrow sectors at its edges; no default sectors, so every
 * edge's cost is stored. */
static void check_costs_brute_force(T *t, const Grid *g, const char *name)
{
    const int sides[] = {16, 7};
    for (int k = 0; k < 2; k++) {
        int S = sides[k], sw = (g->width + S - 1) / S;
        Abstraction a;
        AbsPlain p;
        Err err;
        bool built = abs_build_centers(&a, g, S, false, false, true, &err);
        CHECKF(t, built, "%s: %s", name, err.msg);
        if (!built)
            return;
        bool decoded = abs_decode(&a, &p, &err);
        CHECKF(t, decoded && p.edge_excess, "%s: %s", name, decoded ? "no edge costs" : err.msg);
        if (decoded) {
            enum { W = 2 * ABS_MAX_SECTOR };
            BruteNode *node = malloc(W * W * sizeof *node);
            Heap open;
            bool have = node && heap_init(&open, W * W, &node[0].pos, sizeof *node);
            CHECK(t, have);
            int bad = 0, nonzero = 0;
            for (int s = 0; s < p.nsectors; s++)
                for (int r = p.reg_first[s]; r < p.reg_first[s + 1]; r++)
                    for (int e = p.edge_first[r]; e < p.edge_first[r + 1]; e++) {
                        int d = p.edge_dir[e], tt = s + GRID_DY[d] * sw + GRID_DX[d];
                        xyLoc ca = abs_center_cell(s % sw * S, s / sw * S, p.center[r]);
                        xyLoc cb =
                            abs_center_cell(tt % sw * S, tt / sw * S, p.center[p.reg_first[tt] + p.edge_target[e]]);
                        double len = have ? two_sector_leg(g, S, sw, s, tt, ca, cb, &open, node) : -1;
                        uint8_t want = len < 0 ? 255 : abs_excess_code(len - grid_octile(ca.x, ca.y, cb.x, cb.y));
                        bad += p.edge_excess[e] != want;
                        nonzero += want != 0;
                    }
            CHECKF(t, bad == 0 && nonzero > 0, "%s S=%d: %d of %d edge costs off the brute force (%d with excess)",
                   name, S, bad, p.nedges, nonzero);
            if (have)
                heap_free(&open);
            free(node);
            abs_plain_free(&p);
        }
        abs_free(&a);
    }
}

static void test_dyn_edge_costs_brute_force(T *t) { for_each_embedded_map(t, check_costs_brute_force); }

const TestCase DYN_ABS_TESTS[] = {
    {"dyn_update_equals_rebuild", test_dyn_update_equals_rebuild},
    {"dyn_edge_costs_match_legs", test_dyn_edge_costs_match_legs},
    {"dyn_edge_costs_brute_force", test_dyn_edge_costs_brute_force},
    {NULL, NULL},
};
