/* cache/edge_cache: legs go in and come out canonical, sym serves both
 * ways, the byte cap holds, and the slots grow in bounded pieces. Each test
 * is bounded in CPU time, so a cache that probes a full table for ever fails
 * with a message instead of hanging. */
#include <stdlib.h>
#include <string.h>

#include "../../cache/edge_cache.h"
#include "../../cache/edge_cache_slots.h"
#include "test.h"

/* What an edge-cache test bounded in CPU time says when stopped. */
#define EDGE_CACHE_LOOPS "a put or get probes a full table for ever: an eviction left no slot empty"

/* Legs go in and come out canonical (from the lower id's center), as
 * waypoints (here five one-move lines); sym
 * serves 9 -> 3 from the record of 3 -> 9, nosym does not; leg_orient turns
 * a canonical leg for travel from the higher id. Keys narrow (ids below
 * EDGE_CACHE_NARROW_IDS: 8-byte slots) and wide (no bound given) alike. */
static void test_edge_cache_sym_and_nosym(T *t)
{
    t_cpu_bound(t, 5, EDGE_CACHE_LOOPS);
    xyLoc leg[] = {{5, 5}, {6, 5}, {7, 6}, {7, 7}, {8, 8}};
    for (int run = 0; run < 4; run++) {
        int mode = LEGS_NOSYM + run % 2;
        uint32_t ids = run < 2 ? 0 : EDGE_CACHE_NARROW_IDS;
        EdgeCache c;
        Err err;
        CHECK(t, edge_cache_init(&c, (LegMode)mode, 0, ids, 0, &err));
        CHECK(t, c.wide == (ids == 0) && edge_cache_slot_bytes(&c) == (ids ? 8u : 12u));
        xyPath p = {0};
        CHECK(t, !edge_cache_get(&c, 3, 9, leg[0], leg[4], &p) && c.misses == 1);
        CHECK(t, edge_cache_put(&c, 3, 9, leg, 5));
        CHECK(t, edge_cache_get(&c, 3, 9, leg[0], leg[4], &p) && p.len == 4);
        CHECK(t, memcmp(p.cells, leg + 1, 4 * sizeof *leg) == 0);
        p.len = 0;
        path_push(&p, leg[0]);
        bool back = edge_cache_get(&c, 9, 3, leg[0], leg[4], &p);
        CHECK(t, back == (mode == LEGS_SYM));
        if (back) {
            CHECK(t, p.len == 5 && memcmp(p.cells, leg, 5 * sizeof *leg) == 0);
            leg_orient(p.cells, p.len, 9, 3);
            for (int i = 0; i < 5; i++)
                CHECK(t, p.cells[i].x == leg[4 - i].x && p.cells[i].y == leg[4 - i].y);
        }
        /* As cells: the waypoints of a leg of three lines (3, 2 and 1 moves) drawn. */
        const xyLoc way3[] = {{5, 5}, {8, 5}, {10, 7}, {11, 7}};
        const xyLoc drawn[] = {{6, 5}, {7, 5}, {8, 5}, {9, 6}, {10, 7}, {11, 7}};
        CHECK(t, edge_cache_put(&c, 4, 11, way3, 4));
        p.len = 0;
        CHECK(t, edge_cache_get_cells(&c, 4, 11, way3[0], way3[3], &p) && p.len == 6 &&
                     memcmp(p.cells, drawn, sizeof drawn) == 0);
        CHECK(t, !edge_cache_get_cells(&c, 4, 12, way3[0], way3[3], &p) && p.len == 6);
        for (uint32_t k = 0; k < 5000; k++) /* growth keeps old entries */
            CHECK(t, edge_cache_put(&c, 100 + k, 7, leg, 5));
        p.len = 0;
        CHECK(t, edge_cache_get(&c, 3, 9, leg[0], leg[4], &p) && p.len == 4);
        uint32_t a = 0, b = 0, found = 0;
        for (uint32_t i = 0; i < edge_cache_slots(&c); i++)
            found += edge_cache_slot(&c, i, &a, &b, NULL, NULL) && a == 4 && b == 11;
        CHECKF(t, found == 1, "the slot of 4 -> 11 found %u times", found);
        /* The largest pair a narrow key holds, and past it none. */
        uint32_t top = EDGE_CACHE_NARROW_IDS - 1;
        CHECK(t, edge_cache_put(&c, top, top - 1, leg, 5) && edge_cache_get(&c, top, top - 1, leg[0], leg[4], &p));
        CHECK(t, edge_cache_put(&c, top + 1, 7, leg, 5) == (ids == 0));
        CHECK(t, edge_cache_get(&c, top + 1, 7, leg[0], leg[4], &p) == (ids == 0));
        /* A slot's hit count sits above its record's offset: counted,
         * saturating, and the offset read back unchanged. */
        uint32_t at_before = 0, at_after = 0;
        uint16_t hits = 0;
        for (uint32_t i = 0; i < edge_cache_slots(&c); i++)
            if (edge_cache_slot(&c, i, &a, &b, &at_before, NULL) && a == 4 && b == 11)
                break;
        for (uint32_t k = 0; k < 70000; k++)
            edge_cache_get(&c, 4, 11, way3[0], way3[3], &p);
        p.len = 0;
        CHECK(t, edge_cache_get_cells(&c, 4, 11, way3[0], way3[3], &p) && p.len == 6 &&
                     memcmp(p.cells, drawn, sizeof drawn) == 0);
        for (uint32_t i = 0; i < edge_cache_slots(&c); i++)
            if (edge_cache_slot(&c, i, &a, &b, &at_after, &hits) && a == 4 && b == 11)
                break;
        CHECKF(t, at_after == at_before && hits == (uint16_t)((UINT32_C(1) << (32 - c.at_bits)) - 1),
               "offset %u -> %u, %u hits (at_bits %d)", at_before, at_after, hits, c.at_bits);
        Counters out = {0};
        edge_cache_report(&c, NULL, &out);
        CHECK(t, out.n >= 5 && !strcmp(out.extra[0].key, "cache_hits"));
        path_free(&p);
        edge_cache_free(&c);
    }
}

/* A capped cache never holds more than its cap, and grows to most of it
 * (slots and stream take what the other leaves): past it, its oldest legs
 * are evicted a slice at a time (counted), and the legs put after that are
 * served; the same puts in the same order leave the same entries. */
static void test_edge_cache_cap(T *t)
{
    t_cpu_bound(t, 5, EDGE_CACHE_LOOPS);
    xyLoc leg[] = {{5, 5}, {6, 5}, {7, 6}, {7, 7}, {8, 8}};
    EdgeCache c[2];
    Err err;
    size_t most = 0;
    for (int r = 0; r < 2; r++) {
        CHECK(t, edge_cache_init(&c[r], LEGS_SYM, 30000, r ? 0 : 6000, 0, &err));
        for (uint32_t k = 0; k < 5000; k++) {
            CHECK(t, edge_cache_put(&c[r], 100 + k, 7, leg, 5));
            size_t kept = edge_cache_bytes(&c[r]);
            CHECKF(t, kept <= 30000, "%zu bytes past a cap of 30000", kept);
            most = kept > most ? kept : most;
        }
    }
    CHECKF(t, most >= 28500, "a cap of 30000 bytes, of which the cache took only %zu", most);
    xyPath p = {0};
    /* narrow (c[0]) and wide slots: the narrow ones keep more legs under the cap */
    CHECKF(t, c[0].evictions > 0 && c[1].evicted >= c[0].evicted, "evicted %llu (narrow), %llu (wide)",
           (unsigned long long)c[0].evicted, (unsigned long long)c[1].evicted);
    EdgeCache again;
    CHECK(t, edge_cache_init(&again, LEGS_SYM, 30000, 6000, 0, &err));
    for (uint32_t k = 0; k < 5000; k++)
        CHECK(t, edge_cache_put(&again, 100 + k, 7, leg, 5));
    CHECKF(t, again.evicted == c[0].evicted && again.used == c[0].used, "evicted %llu, %u entries",
           (unsigned long long)c[0].evicted, c[0].used);
    edge_cache_free(&again);
    CHECK(t, edge_cache_get(&c[0], 5099, 7, leg[0], leg[4], &p) && p.len == 4); /* the last put is kept */
    CHECK(t, !edge_cache_get(&c[0], 100, 7, leg[0], leg[4], &p));               /* the first was evicted */
    path_free(&p);
    for (int r = 0; r < 2; r++)
        edge_cache_free(&c[r]);
}

/* Is every leg 100 + k -> 7, k in [from, to), served, each put as
 * leg[0..n)? */
static bool cache_serves(EdgeCache *c, uint32_t from, uint32_t to, const xyLoc *leg, size_t n, xyPath *p)
{
    bool all = true;
    for (uint32_t k = from; k < to; k++) {
        p->len = 0;
        all &= edge_cache_get(c, 100 + k, 7, leg[0], leg[n - 1], p) && p->len == n - 1;
    }
    return all;
}

/* No put grows the cache whole: a part grows by half within the put that
 * fills it, moving no more than that part's slots (about
 * EDGE_CACHE_PART_MOST under a cap, the parts sharing its slots out), every
 * leg served throughout; emptying it (past a cap) and across the epoch's
 * wrap serves no leg put before. */
static void test_edge_cache_grows_in_pieces(T *t)
{
    t_cpu_bound(t, 5, EDGE_CACHE_LOOPS);
    xyLoc leg[] = {{5, 5}, {6, 5}, {7, 6}, {7, 7}, {8, 8}};
    EdgeCache c;
    Err err;
    xyPath p = {0};
    CHECK(t, edge_cache_init(&c, LEGS_SYM, 0, 0, 0, &err));
    uint32_t n0 = c.slots, growths = 0, slots = c.slots;
    for (uint32_t k = 0; k < 20000; k++) {
        CHECK(t, edge_cache_put(&c, 100 + k, 7, leg, 5));
        growths += c.slots != slots;
        slots = c.slots;
        if (k % 1999 == 0)
            CHECKF(t, cache_serves(&c, 0, k + 1, leg, sizeof leg / sizeof *leg, &p),
                   "put %u: a leg put before is not served", k);
    }
    CHECKF(t, c.nparts == EDGE_CACHE_UNCAPPED_PARTS && growths >= 8 * c.nparts && c.slots > 16 * n0,
           "%u parts, %u growths, %u slots from %u", c.nparts, growths, c.slots, n0);
    CHECKF(t, c.grow_max <= 2 * 20000 / c.nparts, "one put moved %u slots", c.grow_max);
    CHECK(t, cache_serves(&c, 0, 20000, leg, sizeof leg / sizeof *leg, &p) && c.used == 20000);
    edge_cache_free(&c);

    /* Under a cap: as many parts as keep each near EDGE_CACHE_PART_MOST
     * slots; the oldest legs evicted a slice at a time, never more than
     * an eighth of the stream and a part's worth of slots beyond what was
     * put since, so the legs of the last slice are always served. */
    const size_t cap = 400000;
    CHECK(t, edge_cache_init(&c, LEGS_SYM, cap, 0, 0, &err));
    for (uint32_t k = 0; k < 120000; k++) {
        CHECK(t, edge_cache_put(&c, 100 + k, 7, leg, 5));
        if (k % 997 == 0 && k > 2000)
            CHECKF(t, cache_serves(&c, k - 2000, k + 1, leg, sizeof leg / sizeof *leg, &p),
                   "put %u: one of the last 2000 legs is not served", k);
        CHECKF(t, edge_cache_bytes(&c) <= cap, "%zu bytes past a cap of %zu", edge_cache_bytes(&c), cap);
    }
    CHECKF(t, c.evictions > 3 && c.used > 10000 && !cache_serves(&c, 0, 1, leg, sizeof leg / sizeof *leg, &p),
           "%llu evictions, %u legs held", (unsigned long long)c.evictions, c.used);
    CHECKF(t, c.nparts == cap / 8 / EDGE_CACHE_PART_MOST + 1 && c.grow_max <= 2 * EDGE_CACHE_PART_MOST,
           "%u parts, one put moved %u slots", c.nparts, c.grow_max);
    /* Every leg the slots list is found from its home slot (the evictions
     * put the others back where linear probing finds them). */
    uint32_t listed = 0, a, b;
    for (uint32_t i = 0; i < edge_cache_slots(&c); i++)
        if (edge_cache_slot(&c, i, &a, &b, NULL, NULL)) {
            listed++;
            p.len = 0;
            CHECKF(t, edge_cache_get(&c, a, b, (xyLoc){5, 5}, (xyLoc){8, 8}, &p) && p.len == 4,
                   "leg %u -> %u listed, not served", a, b);
        }
    CHECKF(t, listed == c.used, "%u legs listed, %u held", listed, c.used);
    path_free(&p);
    edge_cache_free(&c);
}

/* A leg hit again once evictions have begun is kept (its record copied to
 * the stream's head when it is among the older half): a leg asked for
 * after every few puts outlives legs put long after it, never asked for. */
static void test_edge_cache_keeps_hits(T *t)
{
    t_cpu_bound(t, 5, EDGE_CACHE_LOOPS);
    /* A record's bits as the stream's were before a record stored neither
     * end (a waypoint more): with shorter records the slots fill before
     * the stream nears its cap, and a hit is kept only from there
     * (edge_cache.c keep_hit), so the first slices evicted took the hot leg. */
    xyLoc leg[] = {{5, 5}, {6, 5}, {7, 6}, {7, 7}, {8, 8}, {9, 8}};
    EdgeCache c;
    Err err;
    xyPath p = {0};
    /* ids past the legs' (100 + 40000): a narrow key holds ids below it only */
    CHECK(t, edge_cache_init(&c, LEGS_SYM, 20000, 41000, 0, &err));
    CHECK(t, edge_cache_put(&c, 3, 9, leg, 6));
    uint32_t k = 0;
    for (; k < 40000; k++) {
        CHECK(t, edge_cache_put(&c, 100 + k, 7, leg, 6));
        if (k % 50 == 0) {
            p.len = 0;
            CHECKF(t, edge_cache_get(&c, 9, 3, leg[0], leg[5], &p) && p.len == 5, "put %u: the hot leg evicted", k);
        }
    }
    CHECKF(t, c.evictions > 10 && !cache_serves(&c, 0, 1000, leg, sizeof leg / sizeof *leg, &p), "%llu evictions",
           (unsigned long long)c.evictions);
    p.len = 0;
    CHECK(t,
          edge_cache_get_cells(&c, 3, 9, leg[0], leg[5], &p) && p.len == 5 && p.cells[4].x == 9 && p.cells[4].y == 8);
    path_free(&p);
    edge_cache_free(&c);
}

/* Under a cap, a cache told how many legs the map has takes parts for
 * those legs, not for the cap's slots (a game map: a few hundred legs under
 * a cap of thousands of slots), and holds every leg put, more than it was
 * told, in parts that grow. */
static void test_edge_cache_parts_for_legs(T *t)
{
    xyLoc leg[] = {{5, 5}, {6, 5}, {7, 6}, {7, 7}, {8, 8}};
    EdgeCache c, cap_only;
    Err err;
    xyPath p = {0};
    CHECK(t, edge_cache_init(&c, LEGS_SYM, 400000, 6000, 500, &err));
    CHECK(t, edge_cache_init(&cap_only, LEGS_SYM, 400000, 6000, 0, &err));
    uint32_t want = (500 * 4 + EDGE_CACHE_PART_MOST - 1) / EDGE_CACHE_PART_MOST; /* LEG_PART_SLOTS */
    CHECKF(t, c.nparts == want && cap_only.nparts > 4 * want, "%u parts for 500 legs, %u for the cap alone", c.nparts,
           cap_only.nparts);
    for (uint32_t k = 0; k < 2000; k++)
        CHECK(t, edge_cache_put(&c, 100 + k, 7, leg, 5));
    CHECKF(t, cache_serves(&c, 0, 2000, leg, sizeof leg / sizeof *leg, &p) && c.used == 2000 && !c.evictions,
           "%u legs held, %llu evictions", c.used, (unsigned long long)c.evictions);
    path_free(&p);
    edge_cache_free(&c);
    edge_cache_free(&cap_only);
}

/* Under a cap the size of a 4-wide maze's (about 24 KB), with every leg of
 * the map wanted and the hot ones hit again (their records copied to the
 * stream's head), the oldest slice is evicted EVICT_STEP_SLOTS slots a put,
 * a part's pass going on in the next put's step (many steps end inside a
 * part), begun before a put needs its room: no put looks at more (a step
 * that passed whole parts, one of 705 slots, was a maze's longest calls,
 * results/reference/mm-paper/stages63.md), where a slice evicted at once
 * looks at them all, and with its legs put back part by part moved every
 * entry of each part it touched (results/reference/mm-paper/fitmem51.md).
 * The legs left are all found from their homes (an entry deleted moves the
 * ones after it back, no tombstones; one not yet passed stays where the
 * pass will reach it). */
static void test_edge_cache_evicts_in_steps(T *t)
{
    t_cpu_bound(t, 5, EDGE_CACHE_LOOPS);
    xyLoc leg[] = {{5, 5}, {6, 5}, {7, 6}, {7, 7}, {8, 8}, {20, 8}, {20, 30}};
    EdgeCache c;
    Err err;
    xyPath p = {0};
    CHECK(t, edge_cache_init(&c, LEGS_SYM, 24 * 1024, 6000, 10000, &err));
    uint64_t s = 88172645463325252ull;
    uint32_t inside = 0; /* puts whose step ended inside a part */
    for (uint32_t k = 0; k < 60000; k++) {
        uint32_t a = (uint32_t)(t_rng(&s) % 3000), b = a + 1 + (uint32_t)(t_rng(&s) % 3);
        p.len = 0;
        if (!edge_cache_get(&c, a, b, leg[0], leg[4], &p)) {
            CHECK(t, edge_cache_put(&c, a, b, leg, 3 + k % 5));
            inside += c.ev_on && c.ev_in_part;
        }
        CHECKF(t, edge_cache_bytes(&c) <= c.cap_bytes, "%zu bytes past a cap of %zu", edge_cache_bytes(&c),
               c.cap_bytes);
    }
    CHECKF(t,
           c.evictions > 20 && c.evict_waits * 20 <= c.evictions && c.evict_step_most <= EVICT_STEP_SLOTS &&
               inside > 20,
           "%llu slices evicted, %llu at once; one put looked at %u slots; %u steps ended inside a part",
           (unsigned long long)c.evictions, (unsigned long long)c.evict_waits, c.evict_step_most, inside);
    uint32_t listed = 0, a, b;
    for (uint32_t i = 0; i < edge_cache_slots(&c); i++)
        if (edge_cache_slot(&c, i, &a, &b, NULL, NULL)) {
            listed++;
            p.len = 0;
            CHECKF(t, edge_cache_get(&c, a, b, leg[0], leg[4], &p) && p.len >= 2, "leg %u -> %u listed, not served", a,
                   b);
        }
    CHECKF(t, listed == c.used, "%u legs listed, %u held", listed, c.used);
    path_free(&p);
    edge_cache_free(&c);
}

/* A slot holds no more than its key's and offset's bits: under a 512x512
 * maze's budget (a cap of 160 KiB, offsets of 21 bits) with a 1-wide
 * maze's regions (below 8192: 13 bits an id), a slot is 6 bytes, and the
 * slots of a maze's cached legs take under 8.5 bytes a leg (8-byte slots at
 * most 7/8 full took 10.5); each leg, its record written beside its
 * neighbours' slots, comes back as put, the largest ids too, and its hits
 * are counted (here in the one bit left: hit or not). The k-th leg of
 * that test: distinct pairs, a running over the ids, b a little above it,
 * the first the two largest ids; three waypoints that differ leg to leg. */
static void maze_leg(uint32_t k, uint32_t ids, uint64_t *s, uint32_t *a, uint32_t *b, xyLoc way[3])
{
    *a = k == 0 ? ids - 2 : k % (ids - 1);
    *b = k == 0 ? ids - 1 : *a + 1 + (uint32_t)(t_rng(s) % 9);
    *b = *b < ids ? *b : ids - 1;
    int16_t x = (int16_t)(*a % 500), y = (int16_t)(*b % 500), dx = (int16_t)(1 + k % 7), dy = (int16_t)(1 + k % 5);
    way[0] = (xyLoc){x, y};
    way[1] = (xyLoc){(int16_t)(x + dx), y};
    way[2] = (xyLoc){(int16_t)(x + dx), (int16_t)(y + dy)};
}

static void test_edge_cache_maze_slots_packed(T *t)
{
    t_cpu_bound(t, 5, EDGE_CACHE_LOOPS);
    EdgeCache c;
    Err err;
    xyPath p = {0};
    uint32_t ids = 7982, n = 6000;
    CHECK(t, edge_cache_init(&c, LEGS_SYM, 160 * 1024, ids, 2 * ids, &err));
    CHECKF(t, edge_cache_slot_bytes(&c) == 6, "a slot of %zu bytes", edge_cache_slot_bytes(&c));
    uint64_t s = 0x9e3779b97f4a7c15ull;
    for (uint32_t k = 0; k < n; k++) { /* distinct pairs: a runs over the ids, b above it */
        uint32_t a, b;
        xyLoc way[3];
        maze_leg(k, ids, &s, &a, &b, way);
        CHECK(t, edge_cache_put(&c, a, b, way, 3));
    }
    size_t slot_bytes = edge_cache_bytes(&c) - c.legs.cap;
    CHECKF(t, c.used == n && slot_bytes * 2 < (size_t)c.used * 17, "%zu bytes of slots for %u legs", slot_bytes,
           c.used);
    s = 0x9e3779b97f4a7c15ull;
    uint32_t wrong = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t a, b;
        xyLoc way[3];
        maze_leg(k, ids, &s, &a, &b, way);
        p.len = 0;
        wrong += !(edge_cache_get(&c, b, a, way[0], way[2], &p) && p.len == 2 &&
                   !memcmp(p.cells, way + 1, sizeof way[1] * 2));
    }
    CHECKF(t, wrong == 0, "%u of %u legs not served as put", wrong, n);
    uint32_t a, b, hit = 0;
    uint16_t hits = 0;
    for (uint32_t i = 0; i < edge_cache_slots(&c); i++)
        if (edge_cache_slot(&c, i, &a, &b, NULL, &hits))
            hit += hits == 1;
    CHECKF(t, hit == n, "%u of %u legs counted as hit once", hit, n);
    path_free(&p);
    edge_cache_free(&c);
}

const TestCase EDGE_CACHE_TESTS[] = {
    {"edge_cache_parts_for_legs", test_edge_cache_parts_for_legs},
    {"edge_cache_sym_and_nosym", test_edge_cache_sym_and_nosym},
    {"edge_cache_cap", test_edge_cache_cap},
    {"edge_cache_grows_in_pieces", test_edge_cache_grows_in_pieces},
    {"edge_cache_keeps_hits", test_edge_cache_keeps_hits},
    {"edge_cache_evicts_in_steps", test_edge_cache_evicts_in_steps},
    {"edge_cache_maze_slots_packed", test_edge_cache_maze_slots_packed},
    {NULL, NULL},
};
