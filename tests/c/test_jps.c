/* The JPS's node state (search/jps.h): it grows in pieces of bounded work,
 * a grown search is traced once, turn bits are given back before the
 * node state outgrows the room left for them, two JPS may share it, and a
 * batch of changes counts the cells it flips. */
#include <string.h>

#include "../../grid/grid.h"
#include "../../search/jps.h"
#include "test.h"

static void count_trace_type(void *sink, const TraceEvent *e) { ((long *)sink)[e->type]++; }

/* rooms/16room256-0 and a JPS on it whose node state grows (JPS_NODES_GROW),
 * two when `second` is not NULL. */
static bool load_growing_jps(T *t, Loaded *l, Jps *j, Jps *second)
{
    if (!load_named(t, "rooms/16room256-0", l))
        return false;
    Err err;
    CHECK(t, jps_init_bounded(j, &l->g, false, JPS_NODES_GROW, &err));
    CHECK(t, !second || jps_init_bounded(second, &l->g, false, JPS_NODES_GROW, &err));
    return true;
}

/* A traced search that grows its node state and begins again reports one
 * source, one destination and one end: the restart is the same search. */
static void test_jps_grown_search_traced_once(T *t)
{
    Loaded l;
    Jps j;
    if (!load_growing_jps(t, &l, &j, NULL))
        return;
    long n[TRACE_END + 1];
    Tracer tr = {count_trace_type, n, "test"};
    j.tracer = &tr;
    xyPath p = {0};
    int wrong = 0, grew = 0;
    for (int k = 0; k < l.sc.count; k += 7 * t_thin(1)) {
        memset(n, 0, sizeof n);
        uint64_t grown = j.grown;
        p.len = 0;
        jps_find_capped(&j, l.sc.q[k].start, l.sc.q[k].goal, UINT64_MAX, &p);
        grew += j.grown > grown;
        wrong += n[TRACE_SOURCE] != 1 || n[TRACE_DESTINATION] != 1 || n[TRACE_END] != 1;
    }
    CHECKF(t, grew > 0 && wrong == 0, "%d searches grew, %d of them with other than one source, destination, end", grew,
           wrong);
    path_free(&p);
    jps_free(&j);
    unload(&l);
}

/* A growing JPS (jps_init_bounded, JPS_NODES_GROW) run in pieces of one
 * unit of work finds what a whole run finds, and a search that outgrows its
 * node slots zeroes the grown ones a bounded piece per run
 * (JPS_ZERO_SLOTS_PER_WORK) before it begins again: no run pays for them
 * whole. */
static void test_jps_grows_in_pieces(T *t)
{
    Loaded l;
    Jps whole, parts;
    if (!load_growing_jps(t, &l, &whole, &parts))
        return;
    xyPath p = {0}, q = {0};
    int differ = 0, zeroing = 0;
    uint32_t most = 0;
    for (int k = 0; k < l.sc.count; k += 7 * t_thin(1)) {
        xyLoc s = l.sc.q[k].start, g = l.sc.q[k].goal;
        p.len = q.len = 0;
        JpsResult a = jps_find_capped(&whole, s, g, UINT64_MAX, &p), b = JPS_NONE;
        if (jps_begin(&parts, s, g, UINT64_MAX)) {
            do {
                uint64_t work = 1;
                uint32_t zeroed = parts.open.zeroed;
                b = jps_run(&parts, &work, &q);
                if (parts.open.zeroed < parts.open.count)
                    zeroing++;
                if (parts.open.zeroed > zeroed && parts.open.zeroed - zeroed > most)
                    most = parts.open.zeroed - zeroed;
            } while (b == JPS_PAUSED);
        }
        differ += a != b || p.len != q.len || memcmp(p.cells, q.cells, p.len * sizeof *p.cells) != 0;
    }
    CHECKF(t,
           differ == 0 && parts.grown > 2 && parts.grown == whole.grown && zeroing > 20 &&
               most <= JPS_ZERO_SLOTS_PER_WORK,
           "%d differ; grown %llu and %llu times, %d runs zeroing, at most %u slots a run", differ,
           (unsigned long long)parts.grown, (unsigned long long)whole.grown, zeroing, most);
    path_free(&p);
    path_free(&q);
    jps_free(&whole);
    jps_free(&parts);
    unload(&l);
}

/* A JPS on a packed map whose node state outgrows its room with turn bits
 * (Jps.turns_room) gives them back before it grows: its answers are those of
 * the JPS that keeps them and of one that never took them, jps_bytes never
 * drops below what it held, and jps_enable_turns does not take them again. */
static void test_jps_gives_turns_back(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/16room256-0", &l))
        return;
    Grid packed;
    Jps keep, give, none;
    Err err;
    CHECK(t, grid_pack(&packed, &l.g, &err));
    CHECK(t, jps_init_bounded(&keep, &packed, true, JPS_NODES_GROW, &err) &&
                 jps_init_bounded(&give, &packed, true, JPS_NODES_GROW, &err) &&
                 jps_init_bounded(&none, &packed, true, JPS_NODES_GROW, &err));
    CHECK(t, jps_enable_turns(&keep, &err) && jps_enable_turns(&give, &err) && give.turns.block && keep.turns.block);
    keep.waypoints = give.waypoints = none.waypoints = true;
    size_t held = jps_bytes(&give);
    give.turns_room = held + 1; /* the first growth passes it */
    xyPath a = {0}, b = {0}, c = {0};
    int differ = 0, kept_before_growing = 1;
    for (int k = 0; k < l.sc.count; k += 11 * t_thin(1)) {
        xyLoc s = l.sc.q[k].start, g = l.sc.q[k].goal;
        a.len = b.len = c.len = 0;
        JpsResult ra = jps_find_capped(&keep, s, g, UINT64_MAX, &a), rb = jps_find_capped(&give, s, g, UINT64_MAX, &b),
                  rc = jps_find_capped(&none, s, g, UINT64_MAX, &c);
        differ += ra != rb || rb != rc || a.len != b.len || b.len != c.len ||
                  memcmp(a.cells, b.cells, a.len * sizeof *a.cells) != 0 ||
                  memcmp(b.cells, c.cells, b.len * sizeof *b.cells) != 0;
        kept_before_growing &= give.grown > 0 || give.turns.block != NULL;
    }
    CHECK(t, jps_enable_turns(&give, &err));
    CHECKF(t,
           differ == 0 && kept_before_growing && give.grown > 0 && give.turns_given_back && !give.turns.block &&
               keep.turns.block && give.held_peak >= held && jps_bytes(&give) >= give.held_peak,
           "%d differ; grown %llu times, given back %d, held %zu then %zu", differ, (unsigned long long)give.grown,
           give.turns_given_back, held, jps_bytes(&give));
    path_free(&a);
    path_free(&b);
    path_free(&c);
    jps_free(&keep);
    jps_free(&give);
    jps_free(&none);
    grid_free(&packed);
    unload(&l);
}

/* Two JPS sharing one node state (jps_share_nodes), searching in turn,
 * answer as a JPS with its own; the pair counts the state once; a begun
 * search another's begin overtook is given up (JPS_CAPPED, never a wrong
 * "no path"); freeing one leaves the state to the other. */
static void test_jps_shared_nodes(T *t)
{
    Loaded l;
    Jps alone, a, b;
    if (!load_growing_jps(t, &l, &alone, &a))
        return;
    Err err;
    CHECK(t, jps_init_bounded(&b, &l.g, false, JPS_NODES_GROW, &err));
    CHECK(t, jps_share_nodes(&b, &a) && !jps_share_nodes(&b, &a) && a.share == &b && !b.open.node);
    xyPath p = {0}, q = {0};
    int differ = 0, n = 0;
    for (int k = 0; k < l.sc.count; k += 7 * t_thin(1), n++) {
        xyLoc s = l.sc.q[k].start, g = l.sc.q[k].goal;
        p.len = q.len = 0;
        JpsResult want = jps_find_capped(&alone, s, g, UINT64_MAX, &p);
        JpsResult got = jps_find_capped(n % 3 ? &a : &b, s, g, UINT64_MAX, &q);
        differ += want != got || p.len != q.len || memcmp(p.cells, q.cells, p.len * sizeof *p.cells) != 0;
    }
    size_t own = jps_bytes(&alone), pair = jps_bytes(&a) + jps_bytes(&b), map = jps_bytes(&b);
    xyLoc s = l.sc.q[0].start, g = l.sc.q[0].goal;
    uint64_t work = 0;
    q.len = 0;
    CHECK(t, jps_begin(&a, s, g, UINT64_MAX) && jps_run(&a, &work, &q) == JPS_PAUSED);
    CHECK(t, jps_begin(&b, s, g, UINT64_MAX));
    work = UINT64_MAX;
    JpsResult overtaken = jps_run(&a, &work, &q);
    jps_free(&a);
    p.len = q.len = 0;
    JpsResult want = jps_find_capped(&alone, s, g, UINT64_MAX, &p), got = jps_find_capped(&b, s, g, UINT64_MAX, &q);
    CHECKF(t,
           differ == 0 && overtaken == JPS_CAPPED && want == got && p.len == q.len && !b.share && pair <= own + map &&
               jps_bytes(&b) > map,
           "%d of %d differ; the pair %zu bytes, alone %zu (its map part %zu); overtaken %d", differ, n, pair, own, map,
           (int)overtaken);
    path_free(&p);
    path_free(&q);
    jps_free(&alone);
    jps_free(&b);
    unload(&l);
}

const TestCase JPS_TESTS[] = {
    {"jps_shared_nodes", test_jps_shared_nodes},
    {"jps_grows_in_pieces", test_jps_grows_in_pieces},
    {"jps_grown_search_traced_once", test_jps_grown_search_traced_once},
    {"jps_gives_turns_back", test_jps_gives_turns_back},
    {NULL, NULL},
};
