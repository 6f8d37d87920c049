/* Issue 17: the contraction hierarchy over the regions (refine/abs_ch.h)
 * finds the optimal abstract route, the same cost as A* with w = 1, and
 * stays so after update(). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/popcount.h"
#include "../../entries/mm/mm.h"
#include "mm_regions.h"

/* The cost of as->path summed over its edges (the cheapest edge between
 * each two), or -1 when two consecutive regions are not adjacent. */
static double path_cost(const RegionSearch *as)
{
    double sum = 0;
    for (int i = 0; i + 1 < as->path_len; i++) {
        uint32_t u = as->path[i], v = as->path[i + 1], best = UINT32_MAX;
        AbsAdj c;
        AbsAdjEdge e;
        const xyLoc cu = abs_center(as->ix, u);
        for (abs_adj_begin(as->ix, NULL, u, true, &c); abs_adj_next(as->ix, &c, &e);)
            if (e.to == v && region_edge_cost(as, cu, &e) < best)
                best = region_edge_cost(as, cu, &e);
        if (best == UINT32_MAX)
            return -1;
        sum += best;
    }
    return sum / ABS_COST_SCALE;
}

/* `pairs` pseudo-random region pairs: the hierarchy's cost equals A*'s, and
 * its unpacked route runs from s to t over edges of the abstraction at that
 * cost. Returns the number of mismatches. */
static uint64_t astar_open_grows; /* compare_routes' A*: times its open list doubled */
static int route_room;            /* compare_routes: the most regions either search's route grew to hold */
static int ends_by[2];            /* compare_routes: hierarchies whose arcs' ends were held by id, by depth */
static int compare_routes(T *t, const AbsIndex *ix, int pairs, uint64_t seed)
{
    Err err;
    RegionSearch astar, ch;
    CHECKF(t, region_search_init(&astar, ix, false, NULL, &err), "%s", err.msg);
    CHECKF(t, region_search_init(&ch, ix, true, NULL, &err), "%s", err.msg);
    uint32_t n = ix->abs->nregions;
    int bad = 0;
    CHECKF(t, ch.ch.n == n && abs_ch_built(&ch.ch), "no hierarchy over %u regions", n);
    ends_by[ch.ch.by_depth]++;
    for (int i = 0; i < pairs && n > 1 && abs_ch_built(&ch.ch); i++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        uint32_t s = (uint32_t)((seed >> 33) % n), g = (uint32_t)((seed >> 13) % n);
        double a = region_search_run(&astar, s, g, 1.0), c = region_search_run(&ch, s, g, 1.0);
        bool route_ok = c < 0 || (ch.path_len >= 1 && ch.path[0] == s && ch.path[ch.path_len - 1] == g &&
                                  fabs(path_cost(&ch) - c) < 1e-9);
        if (fabs(a - c) > 1e-9 || !route_ok) {
            if (bad++ < 3)
                CHECKF(t, false, "regions %u -> %u: A* %.6f, hierarchy %.6f (route %s)", s, g, a, c,
                       route_ok ? "ok" : "broken");
        }
    }
    astar_open_grows += astar.open_grows;
    route_room = astar.path_cap > route_room ? astar.path_cap : route_room;
    route_room = ch.path_cap > route_room ? ch.path_cap : route_room;
    region_search_free(&astar);
    region_search_free(&ch);
    return bad;
}

/* On a random map, a rooms map and a maze (asymmetric costs on all, from
 * the costs= excess bytes): same cost as A*, valid routes; the A*'s open
 * list and the route, which start small, have grown in some of those
 * searches. */
static void test_ch_equals_astar(T *t)
{
    const char *const maps[] = {"random/random256-20-0", "rooms/8room256-0", "mazes/maze256-2-0", NULL};
    astar_open_grows = 0;
    ends_by[0] = ends_by[1] = 0;
    route_room = 0;
    Loaded l;
    for (int m = 0; load_nth(t, maps, m, &l); m++) {
        const Entry *e;
        void *inst = prepare_spec(t, "mm", &l, &e);
        if (inst) {
            int bad = compare_routes(t, mm_abs_index(inst), 400, 7 + (uint64_t)m);
            CHECKF(t, bad == 0, "%s: %d of 400 routes differ from A*", maps[m], bad);
            e->destroy(inst);
        }
        unload(&l);
    }
    CHECKF(t, astar_open_grows > 0, "the regions' A* never grew its open list: the growth went untested");
    CHECKF(t, route_room > 64, "no route outgrew the first %d regions: the growth went untested", route_room);
    CHECKF(t, ends_by[0] > 0 && ends_by[1] > 0,
           "arcs' ends held by id on %d maps, by depth on %d: a form went untested", ends_by[0], ends_by[1]);
}

/* mm on a map of rooms whose changes split and join regions; NULL (nothing
 * held) when it could not be loaded or prepared. */
static void *prepare_rooms(T *t, Loaded *l, const Entry **e)
{
    if (!load_named(t, "rooms/16room256-0", l))
        return NULL;
    void *inst = prepare_spec(t, "mm", l, e);
    if (!inst)
        unload(l);
    return inst;
}

/* After updates that split and join regions, mm's own hierarchy, once its
 * deferred refresh is done, answers with the costs a fresh build over the
 * updated abstraction gives, and as A* does. The refresh builds the least
 * shape again (and keeps no shape), in calls after the one that waits; and
 * once the searches between two changes paid for a refresh, the next
 * change's refresh is due at once (abs_ch_due), not after as much rent
 * again. */
static void test_ch_update_equals_fresh(T *t)
{
    Loaded l;
    const Entry *e;
    void *inst = prepare_rooms(t, &l, &e);
    if (!inst)
        return;
    uint64_t seed = 5;
    for (int round = 0; round < 3; round++) {
        flip_random_cells(t, e, inst, &l, 40, &seed); /* walls across sectors: regions split, others join */
        Err err;
        CHECKF(t, mm_sync(inst, &err), "%s", err.msg); /* the abstraction follows the cells when asked */
        RegionSearch *las = (RegionSearch *)mm_region_search(inst);
        CHECKF(t, las->ch.dyn.pending && abs_ch_due(&las->ch) == (round > 0),
               "round %d: a refresh %s due before any rent", round, round ? "not" : "already");
        int pieces = 0;
        /* What a refresh reads is made by the first search after the
         * change's own (or the refresh's first call), made once and let go
         * once the refresh is done. */
        const RegionAdj *made = NULL;
        do {
            CHECKF(t, region_search_refresh(las, &err), "%s", err.msg);
            made = made ? made : las->refresh_edges;
            CHECKF(t, !las->ch.dyn.pending || (made && las->refresh_sector),
                   "round %d: the refresh's edges were not made", round);
            CHECKF(t, !las->ch.dyn.pending || las->refresh_edges == made, "round %d: a refresh made its edges again",
                   round);
            if (++pieces == 1 && las->ch.dyn.pending) { /* the call that waits (AbsChDyn.fresh_change) */
                /* Queries mid-way, the refresh due (so each abstract search runs a
                 * piece more, A* answering): valid paths, exact costs. */
                las->ch.dyn.rent = UINT64_MAX / 4;
                int ran = 0, bad = replay_valid(t, e, inst, &l, round, 199, &ran);
                CHECKF(t, bad == 0 && ran > 0, "round %d: %d of %d queries mid-way went wrong", round, bad, ran);
                /* and the regions' costs mid-way are exact (the pending hierarchy is not read) */
                RegionSearch astar;
                CHECKF(t, region_search_init(&astar, mm_abs_index(inst), false, NULL, &err), "%s", err.msg);
                uint32_t n = mm_abs_index(inst)->abs->nregions;
                for (uint32_t i = 0, wrong = 0; i < 40 && n > 1 && las->ch.dyn.pending; i++) {
                    uint32_t a = (i * 7919u) % n, b = (i * 104729u + n / 2) % n;
                    double want = region_search_run(&astar, a, b, 1.0), got = region_search_run(las, a, b, 1.0);
                    CHECKF(t, fabs(want - got) < 1e-9 || wrong++ > 2,
                           "round %d mid-way: regions %u -> %u cost %.6f, A* %.6f", round, a, b, got, want);
                }
                region_search_free(&astar);
            }
        } while (pieces < 100000 && las->ch.dyn.pending);
        CHECKF(t, las->ch.dyn.pending || (!las->refresh_edges && !las->refresh_sector),
               "round %d: the refresh's edges outlived the refresh", round);
        CHECKF(t, !las->ch.shaped && !las->ch.dyn.pending && las->ch.dyn.carried.refreshes == (uint64_t)round + 1,
               "round %d: %s, %llu refreshes", round, las->ch.shaped ? "a shape kept" : "no shape kept",
               (unsigned long long)las->ch.dyn.carried.refreshes);
        /* A fresh build orders the regions by the rule the first build
         * chose, the live one by least degree: other arcs, the same exact
         * costs. */
        AbsCh *live = &las->ch;
        RegionSearch fresh;
        CHECKF(t, region_search_init(&fresh, mm_abs_index(inst), true, mm_region_search(inst), &err), "%s", err.msg);
        uint32_t n = live->n, *path = malloc(((size_t)n + 1) * sizeof *path), wrong = 0;
        CHECKF(t, path && n == fresh.ch.n, "round %d: live hierarchy of %u regions, fresh %u", round, n, fresh.ch.n);
        for (uint32_t i = 0; path && n > 1 && n == fresh.ch.n && i < 200; i++) {
            uint32_t a = (i * 7919u) % n, b = (i * 104729u + n / 3) % n;
            int len;
            double got = abs_ch_query(live, a, b, path, &len), want = abs_ch_query(&fresh.ch, a, b, path, &len);
            wrong += got != want;
            CHECKF(t, got == want || wrong > 3, "round %d: regions %u -> %u cost %.0f live, %.0f fresh", round, a, b,
                   got, want);
        }
        free(path);
        region_search_free(&fresh);
        int bad = compare_routes(t, mm_abs_index(inst), 200, 100 + (uint64_t)round);
        CHECKF(t, bad == 0, "round %d: %d of 200 routes differ from A*", round, bad);
    }
    e->destroy(inst);
    unload(&l);
}

/* The hierarchy's query in pieces of one unit (abs_ch_begin/run, then
 * abs_ch_unpack, what a bounded GetPath call runs) settles the same regions
 * in the same order as the whole query and unpacks the same route, a step
 * a region at least, into room that grows a region each time it fills
 * (never written past): the same cost and route; and mm's locating
 * (abs_locate_steps) in pieces of one cell finds the whole one's region
 * and walk. */
static void test_ch_query_in_pieces(T *t)
{
    MmRegions m;
    if (!mm_regions_open(t, "rooms/16room256-0", "mm", true, &m))
        return;
    const AbsIndex *ix = m.ix;
    uint32_t n = ix->abs->nregions, *whole = malloc((size_t)n * sizeof *whole),
             *piecewise = malloc((size_t)n * sizeof *piecewise);
    uint64_t seed = 11;
    int bad = 0, paused = 0, unpack_paused = 0, filled = 0;
    for (int i = 0; i < 200 && whole && piecewise; i++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        uint32_t s = (uint32_t)((seed >> 33) % n), g = (uint32_t)((seed >> 13) % n);
        int wlen;
        double c = abs_ch_query(&m.as.ch, s, g, whole, &wlen);
        abs_ch_begin(&m.as.ch, s, g);
        int pieces = 0;
        for (uint64_t units = 1; pieces < 1000000 && !abs_ch_run(&m.as.ch, &units); units = 1)
            pieces++;
        /* Unpacked in pieces of one step: a route of k regions takes at least k - 1 of them. */
        int steps = 1, room = 1, len = 0;
        for (uint64_t units = 1; steps < 1000000 && !abs_ch_unpack(&m.as.ch, piecewise, room, &len, &units);
             units = 1) {
            bad += len > room;
            if (len == room) { /* full: one more region of room */
                room++;
                filled++;
            }
            steps++;
        }
        double p = abs_ch_cost(&m.as.ch);
        paused += pieces > 1;
        unpack_paused += steps > 1;
        if (p != c || len != wlen || len > room || memcmp(piecewise, whole, (size_t)wlen * sizeof *whole) ||
            steps < wlen - 1)
            bad++;
    }
    CHECKF(t, bad == 0 && paused > 100 && unpack_paused > 100 && filled > 100,
           "%d of 200 queries differ in pieces (%d paused, %d paused unpacking, room filled %d times)", bad, paused,
           unpack_paused, filled);
    AbsLocator *loc = calloc(2, sizeof *loc);
    xyPath a = {0}, b = {0};
    int differ = 0, searched = 0;
    for (int i = 0; loc && i < m.l.sc.count; i += 3) {
        xyLoc c = m.l.sc.q[i].start;
        a.len = b.len = 0;
        int ra = abs_locate(ix, &m.l.g, &loc[0], c, &a), rb = -3, pieces = 0;
        uint64_t cells = 1;
        /* Bounded: a resume that lost its place would loop. */
        for (bool resume = false; pieces < 100000 && (rb = abs_locate_steps(ix, &m.l.g, &loc[1], c, resume, &cells,
                                                                            &b)) == ABS_LOCATE_PAUSED;
             resume = true, cells = 1)
            pieces++;
        searched += pieces > 1;
        differ += ra != rb || a.len != b.len || memcmp(a.cells, b.cells, a.len * sizeof *a.cells);
    }
    CHECKF(t, differ == 0 && searched > 10, "%d locates differ in pieces (%d searched in pieces)", differ, searched);
    path_free(&a);
    path_free(&b);
    free(loc);
    free(whole);
    free(piecewise);
    mm_regions_close(&m);
}

/* A hierarchy built for a map not yet changed holds its query arcs, a
 * record a region (its depth, its arcs' offset, its parent where ends are
 * held by depth) and the sector order, and no shape; its
 * arcs are those a build from scratch on its sector order keeps
 * (abs_ch_verify), and its
 * query scratch is as long as the elimination tree is high. */
static void test_ch_static_keeps_arcs_only(T *t)
{
    MmRegions m;
    if (!mm_regions_open(t, "rooms/16room256-0", "mm", true, &m))
        return;
    const AbsCh *ch = &m.as.ch;
    /* middles for the shortcuts only, a bit an arc telling which arcs they are */
    size_t arcs = ((size_t)ch->nup * ch->arc_bits + 7) / 8 + 8 + ((size_t)ch->shortcuts * ch->mid_bits + 7) / 8 + 8 +
                  ((size_t)ch->nup / 64 + 1) * (8 + 2) + ((size_t)ch->nup / ABS_CH_RANK_ARCS + 1) * 4 +
                  ((size_t)(ch->n + 1) * ch->row_bits + 7) / 8 + 8 + ((size_t)ch->n / ABS_CH_REC_BLOCK + 1) * 4;
    /* a record a region: its depth and (ends by depth) its parent */
    size_t records = ((size_t)(ch->n + 1) * ch->rec_bits + 7) / 8 + 8;
    size_t expect =
        arcs + (ch->shared ? 0 : arcs) + records + ch->sec.nsplit; /* the order let go, its dissection's choices kept */
    CHECKF(t, !ch->shaped && !ch->w_up && !ch->topo.head && ch->shared, "a static hierarchy kept its shape");
    /* its ends and middles in as few bits as its regions need, its costs as its dearest arc */
    uint32_t id_bits = 1, most = 0;
    while (ch->n >> id_bits)
        id_bits++;
    for (uint32_t i = 0; ch->narrow && i < ch->nup; i++)
        most = abs_ch_arc(ch, 0, 0, i).cost > most ? abs_ch_arc(ch, 0, 0, i).cost : most;
    uint32_t ends = ch->to_bits + ch->cost_bits;
    CHECKF(t,
           ch->narrow && ch->upk && ch->upm && !ch->up && ch->regk && !ch->depth && ch->to_bits <= id_bits &&
               ch->mid_bits <= id_bits && most >> (ch->cost_bits - 1) == 1 &&
               ch->arc_bits == (ends >= ABS_CH_WORD_FROM && ends <= 32 ? 32 : ends),
           "a static hierarchy of %u regions on a small map kept arcs of %u bits (%u its ends, %u its costs up to "
           "%u) or 4-byte depths",
           ch->n, ch->arc_bits, ch->to_bits, ch->cost_bits, most);
    /* each record's fields as wide as the tree's height, the widest block of offsets and the ids need */
    uint32_t depth_bits = 1, spread = 0, parent_bits = 0;
    while ((ch->height - 1) >> depth_bits)
        depth_bits++;
    for (uint32_t v = 0; v <= ch->n; v++) {
        uint32_t low = abs_ch_first(ch, 0, v) - abs_ch_first(ch, 0, v & ~(ABS_CH_REC_BLOCK - 1));
        spread = low > spread ? low : spread;
    }
    while (ch->by_depth && ch->n >> parent_bits)
        parent_bits++;
    uint32_t row_bits = 1;
    while (spread >> row_bits)
        row_bits++;
    CHECKF(t,
           !ch->up_first && !ch->parent16 && ch->depth_bits == depth_bits && ch->row_bits == row_bits &&
               ch->rec_bits == depth_bits + parent_bits && ch->rec_bits + ch->row_bits < 48,
           "a static hierarchy of %u regions on a small map kept records of %u bits (depth %u, parent %u) and "
           "offsets of %u",
           ch->n, ch->rec_bits, ch->depth_bits, ch->parent_bits, ch->row_bits);
    const RegionSearch *live = mm_region_search(m.inst); /* region_search_lean: the hierarchy answers all */
    CHECKF(t, live->path && !live->parent.any && !live->g && !live->blocks && !live->open_g,
           "mm's region search kept the A*'s arrays beside its hierarchy");
    CHECKF(t, abs_ch_kept_bytes(ch) == expect, "kept %zu bytes, arcs, offsets, depths and order are %zu",
           abs_ch_kept_bytes(ch), expect);
    size_t per_depth = 2 * sizeof *ch->fg + 8 * sizeof *ch->freg; /* distances, regions, parents, chains */
    CHECKF(t, ch->height > 0 && ch->height < ch->n / 4 && abs_ch_scratch_bytes(ch) == ch->height * per_depth,
           "query scratch of %zu bytes for %u regions (tree height %u)", abs_ch_scratch_bytes(ch), ch->n, ch->height);
    RegionAdj *flat = NULL;
    uint32_t *first = NULL;
    CHECKF(t, region_search_flat(&m.as, &first, &flat), "out of memory");
    AbsChEdges g = {first, flat ? &flat[0].to : NULL, flat ? &flat[0].cost : NULL, sizeof *flat};
    Err err;
    uint32_t *sector = abs_region_sectors(m.ix);
    CHECKF(t, !flat || !sector || abs_ch_verify(ch, &g, sector, &err), "%s", err.msg);
    /* the order made again from the dissection's choices is the one chosen by the region counts */
    uint32_t *count = calloc((size_t)ch->sec.ns + 1, sizeof *count);
    AbsChSectors again = {0}, chosen = {0};
    for (uint32_t r = 0; count && sector && r < ch->n; r++)
        count[sector[r]]++;
    CHECK(t, !ch->sec.order && ch->sec.split && count && abs_ch_sectors_copy(&again, &ch->sec) &&
                 abs_ch_sectors_build(&chosen, ch->sec.sw, ch->sec.sh, count));
    CHECK(t,
          again.order && chosen.order && !memcmp(again.order, chosen.order, (size_t)ch->sec.ns * sizeof *again.order));
    abs_ch_sectors_free(&again);
    abs_ch_sectors_free(&chosen);
    free(count);
    free(sector);
    free(first);
    free(flat);
    mm_regions_close(&m);
}

/* Packed row starts (common/row_starts.h): every start read back, the last
 * block's end included, in a byte a row where blocks of 8 rows or more span
 * at most 255 entries (the largest such block taken), else in 16 bits at 64
 * rows a block; a block whose rows span 2^16 entries refused, with nothing
 * held. */
static void test_row_starts_pack(T *t)
{
    enum { ROWS = 3 * ROW_STARTS_BLOCK + 5 };
    static const uint32_t gaps[] = {23, 60, 600}; /* rows of 0-22 entries, of 0-59, of 0-599 */
    static const uint32_t shift[] = {3, 0, 0};    /* 0: 16 bits */
    uint32_t first[ROWS + 1];
    for (size_t k = 0; k < sizeof gaps / sizeof *gaps; k++) {
        first[0] = 70000; /* a base past 16 bits */
        for (uint32_t v = 0; v < ROWS; v++)
            first[v + 1] = first[v] + (v * 7919u) % gaps[k];
        RowStarts rs;
        CHECK(t, row_starts_pack(&rs, first, ROWS));
        uint32_t bad = 0;
        for (uint32_t v = 0; rs.base && v <= ROWS; v++)
            bad += row_start(&rs, v) != first[v];
        CHECKF(t, bad == 0, "gaps %u: %u starts read back wrong", gaps[k], bad);
        bool bytes = shift[k] != 0;
        uint32_t sh = bytes ? shift[k] : ROW_STARTS_SHIFT;
        CHECKF(t, (rs.low8 != NULL) == bytes && rs.shift >= sh && (!bytes || rs.shift <= ROW_STARTS_SHIFT),
               "gaps %u: shift %u, %s", gaps[k], rs.shift, rs.low8 ? "bytes" : "16 bits");
        CHECK(t, row_starts_bytes(&rs) == ((size_t)ROWS >> rs.shift) * 4 + 4 + ((size_t)ROWS + 1) * (bytes ? 1 : 2));
        row_starts_free(&rs);
    }
    first[ROWS] = first[ROWS - 1] + UINT16_MAX + 1; /* the last block now spans more than 2^16 */
    RowStarts rs;
    CHECK(t, !row_starts_pack(&rs, first, ROWS) && !rs.base && !rs.low && !rs.low8 && row_starts_bytes(&rs) == 0);
}

/* The shortcuts' places count bits (common/popcount.h): the inline count
 * against a bit-by-bit one, on every single bit, their runs and
 * pseudo-random words. */
static uint32_t bits_one_by_one(uint64_t x)
{
    uint32_t n = 0;
    for (; x; x >>= 1)
        n += (uint32_t)(x & 1);
    return n;
}

static void test_popcount(T *t)
{
    uint32_t bad = 0;
    uint64_t x = UINT64_C(0x9e3779b97f4a7c15);
    for (int k = 0; k < 64; k++) {
        uint64_t one = UINT64_C(1) << k, run = one | (one - 1);
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        bad += popcount64(one) != 1 || popcount64(run) != (uint32_t)k + 1 || popcount64(~run) != 63u - (uint32_t)k;
        bad += popcount64(x) != bits_one_by_one(x) || popcount32((uint32_t)x) != bits_one_by_one((uint32_t)x);
    }
    bad += popcount64(0) != 0 || popcount64(UINT64_MAX) != 64 || popcount32(UINT32_MAX) != 32;
    CHECKF(t, bad == 0, "%u counts wrong", bad);
}

/* The least shape's order by least fill takes first the region whose
 * elimination joins no pair of its neighbours: on a ring of four regions
 * (0-1-2-3-0) with a fifth joined to 2 and 3, regions 0, 1 and 4 have two
 * neighbours each, but only 4's are joined already. By least degree, ties
 * to the lower rank, 0 goes first and joins 1 and 3 by a shortcut. The
 * measure that chooses between the two counts each rank's ancestors' arcs
 * and a settling cost of 3 arcs each. */
static void test_ch_order_least_fill(T *t)
{
    enum { N = 5 };
    const uint32_t first[N + 1] = {0, 2, 3, 5, 6, 6}, to[] = {1, 3, 2, 3, 4, 4};
    uint32_t rank[N], node[N];
    for (int fill = 0; fill < 2; fill++) {
        for (uint32_t r = 0; r < N; r++)
            rank[r] = r;
        AbsChTopo topo = {.rank = rank, .node = node};
        CHECKF(t, abs_ch_topo_order(&topo, N, first, to, sizeof *to, fill), "out of memory");
        CHECKF(t, node[0] == (fill ? 4u : 0u), "by least %s region %u went first", fill ? "fill" : "degree", node[0]);
        /* in pauses (the lists made, unique, queued, then the elimination,
         * each a region a call at a unit's work), an eliminated region's
         * list leaves the bytes counted */
        AbsChOrderRun *o = abs_ch_order_begin(&topo, N, first, to, sizeof *to, fill);
        size_t most = abs_ch_order_bytes(o);
        int done = 0, calls = 0;
        for (; o && calls < 5 * N && !done; calls++) {
            done = abs_ch_order_run(o, &topo, 1);
            most = abs_ch_order_bytes(o) > most ? abs_ch_order_bytes(o) : most;
        }
        CHECKF(t, done == 1 && calls >= 3 * N && abs_ch_order_bytes(o) < most,
               "the order's lists still counted when done, or made in one call (%d calls)", calls);
        CHECKF(t, node[0] == (fill ? 4u : 0u), "in pauses, by least %s region %u went first", fill ? "fill" : "degree",
               node[0]);
        abs_ch_order_end(o);
    }
    /* a path 0 - 1 - 2 by rank: 2 a root, 1 its child, 0 below */
    const uint32_t up_first[4] = {0, 1, 2, 2}, up_head[2] = {1, 2};
    uint64_t scratch[3];
    CHECKF(t, abs_ch_topo_search_space(up_first, up_head, 3, scratch) == (3 + 1 + 3 + 1 + 3) + (3 + 1 + 3) + 3,
           "the search space of a path of three");
}

/* The refresh after a change is handed out over calls, a piece each
 * (abs_ch_build_piece), so that no call builds the whole hierarchy: after
 * the call that waits, the order begun, then made (no arcs yet; on this
 * map its steps take one call, on a large one several), then the shape's
 * arcs, then the costs' symmetry, their metric, customised, made exact in
 * two (no query arcs yet), then the query arcs swapped in; until then the hierarchy stays pending (A* answers) and what the build
 * holds is counted in ch_bytes. A change between two pieces drops the build
 * begun (its edges are no longer the map's), and the next refresh starts
 * again from the order. */
static void test_ch_refresh_in_pieces(T *t)
{
    Loaded l;
    const Entry *e;
    void *inst = prepare_rooms(t, &l, &e);
    if (!inst)
        return;
    uint64_t seed = 11;
    Err err;
    for (int round = 0; round < 2; round++) {
        flip_random_cells(t, e, inst, &l, 40, &seed);
        CHECKF(t, mm_sync(inst, &err), "%s", err.msg);
        RegionSearch *las = (RegionSearch *)mm_region_search(inst);
        const AbsChDyn *d = &las->ch.dyn;
        CHECKF(t, d->pending && !d->next, "round %d: a build held across the change", round);
        CHECKF(t, region_search_refresh(las, &err), "%s", err.msg); /* the call that waits */
        CHECKF(t, d->pending && !d->next, "round %d: the waiting call built", round);
        size_t kept = abs_ch_kept_bytes(&las->ch);
        uint64_t refreshes = d->carried.refreshes;
        for (int piece = 0; piece < ABS_CH_PIECES - 1; piece++) {
            CHECKF(t, region_search_refresh(las, &err), "%s", err.msg);
            const AbsCh *b = d->next;
            CHECKF(t, d->pending && b && d->piece == piece + 1, "round %d: the refresh went past piece %d in one call",
                   round, piece);
            if (!b)
                break;
            /* 0 and 1 the order (begun, then made), 2 the shape's arcs, 3 the symmetry, 4 on its costs */
            bool shaped = piece >= 2;
            CHECKF(t,
                   shaped ? b->shaped && b->topo.first && !b->w_up == (piece == 2 || piece == 3) && !abs_ch_built(b)
                          : b->topo.rank && !b->topo.first && !b->topo.order == (piece == 1),
                   "round %d: piece %d built %s", round, piece, shaped ? "the query arcs" : "the shape's arcs");
            CHECKF(t, abs_ch_kept_bytes(&las->ch) == kept + abs_ch_piece_bytes(b) && abs_ch_piece_bytes(b) > sizeof *b,
                   "round %d: the build's %zu bytes not counted", round, abs_ch_piece_bytes(b));
            if (round == 0 && piece == 1) { /* a change between two pieces */
                flip_random_cells(t, e, inst, &l, 10, &seed);
                CHECKF(t, mm_sync(inst, &err), "%s", err.msg);
                las = (RegionSearch *)mm_region_search(inst);
                d = &las->ch.dyn;
                CHECKF(t, d->pending && !d->next && d->piece == 0, "the build outlived a change");
                break;
            }
        }
        if (round == 0)
            continue;
        CHECKF(t, region_search_refresh(las, &err), "%s", err.msg);
        CHECKF(t, !d->pending && !d->next && d->carried.refreshes == refreshes + 1 && abs_ch_built(&las->ch),
               "round %d: the last piece did not swap the hierarchy in", round);
    }
    e->destroy(inst);
    unload(&l);
}

const TestCase ABS_CH_TESTS[] = {
    {"popcount", test_popcount},
    {"row_starts_pack", test_row_starts_pack},
    {"ch_equals_astar", test_ch_equals_astar},
    {"ch_update_equals_fresh", test_ch_update_equals_fresh},
    {"ch_query_in_pieces", test_ch_query_in_pieces},
    {"ch_static_keeps_arcs_only", test_ch_static_keeps_arcs_only},
    {"ch_order_least_fill", test_ch_order_least_fill},
    {"ch_refresh_in_pieces", test_ch_refresh_in_pieces},
    {NULL, NULL},
};
