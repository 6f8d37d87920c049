/* The regions' hierarchy's query (refine/abs_ch_query.c) with its bound: a
 * region whose distance plus the bound to the other end's center reaches
 * the best meeting's cost relaxes nothing. That changes no route: the same
 * regions and cost as the query without the centers (no bound), whole and
 * in pieces, on rooms maps whose arcs' ends are held by depth and by id. */
#include <stdlib.h>
#include <string.h>

#include "mm_regions.h"

/* `pairs` pseudo-random region pairs on `name`: the route and cost with the
 * centers equal those without, and the bound spared some arcs. */
static void same_routes_with_bound(T *t, const char *name, int pairs, uint64_t seed)
{
    MmRegions m;
    if (!mm_regions_open(t, name, "mm", true, &m))
        return;
    AbsCh *ch = &m.as.ch;
    uint32_t n = ch->n, *plain = malloc((size_t)n * sizeof *plain), *bound = malloc((size_t)n * sizeof *bound),
             *pieces = malloc((size_t)n * sizeof *pieces);
    uint64_t scanned[2] = {0, 0};
    int bad = 0;
    for (int i = 0; i < pairs && plain && bound && pieces; i++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        uint32_t s = (uint32_t)((seed >> 33) % n), g = (uint32_t)((seed >> 13) % n);
        int plen, blen, len = 0;
        ch->centers = NULL;
        double pc = abs_ch_query(ch, s, g, plain, &plen);
        scanned[0] += ch->q.scanned;
        ch->centers = m.ix;
        double bc = abs_ch_query(ch, s, g, bound, &blen);
        scanned[1] += ch->q.scanned;
        abs_ch_begin(ch, s, g); /* in pieces of one unit: the bound kept across pauses */
        for (uint64_t units = 1; !abs_ch_run(ch, &units); units = 1)
            ;
        double c = abs_ch_finish(ch, pieces, &len);
        if (pc != bc || plen != blen || memcmp(plain, bound, (size_t)plen * sizeof *plain) || c != pc || len != plen ||
            memcmp(plain, pieces, (size_t)plen * sizeof *plain))
            bad++;
    }
    CHECKF(t, bad == 0, "%s: %d of %d routes differ with the bound", name, bad, pairs);
    CHECKF(t, scanned[1] < scanned[0], "%s: the bound spared no arc (%llu, without it %llu)", name,
           (unsigned long long)scanned[1], (unsigned long long)scanned[0]);
    ch->centers = NULL;
    free(plain);
    free(bound);
    free(pieces);
    mm_regions_close(&m);
}

static void test_ch_bound_keeps_routes(T *t)
{
    same_routes_with_bound(t, "rooms/8room256-0", 300, 5);
    same_routes_with_bound(t, "rooms/16room256-0", 300, 9);
}

const TestCase MM_CHQUERY_TESTS[] = {
    {"ch_bound_keeps_routes", test_ch_bound_keeps_routes},
    {NULL, NULL},
};
