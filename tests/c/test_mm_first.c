/* The hierarchy's route unpacked only as far as a query's legs reach
 * (refine/abstract_search.h RegionSearch.unpack_least, region_search_unpack):
 * its first regions, then the rest in pieces, are the same route, region by
 * region, and the same cost, as the route unpacked whole at once. */
#include <stdlib.h>
#include <string.h>

#include "mm_regions.h"

/* `pairs` pseudo-random region pairs on `name`, each route unpacked whole
 * and then from its first `first` regions on, `step` more at a time, each
 * piece on one unit of work at a time. */
static void same_routes_in_pieces(T *t, const char *name, int pairs, int first, int step, uint64_t seed)
{
    MmRegions m;
    if (!mm_regions_open(t, name, "mm", true, &m))
        return;
    RegionSearch *as = &m.as;
    uint32_t n = as->ch.n, *whole = malloc((size_t)n * sizeof *whole);
    int bad = 0, partial = 0;
    for (int i = 0; i < pairs && whole; i++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        uint32_t s = (uint32_t)((seed >> 33) % n), g = (uint32_t)((seed >> 13) % n);
        uint64_t work = UINT64_MAX;
        double cw, cp;
        as->unpack_least = 0;
        region_search_steps(as, s, g, 1.0, false, &work, &cw);
        int len = as->path_len;
        if (as->unpacking)
            bad++;
        memcpy(whole, as->path, (size_t)len * sizeof *whole);
        as->unpack_least = first;
        work = UINT64_MAX;
        region_search_steps(as, s, g, 1.0, false, &work, &cp);
        partial += as->unpacking;
        if (as->unpacking && as->path_len < first)
            bad++;
        for (int least = as->path_len + step; as->unpacking; least += step) {
            do
                work = 1;
            while (!region_search_unpack(as, least, &work));
            if (as->unpacking && as->path_len < least)
                break;
        }
        if (cp != cw || as->unpacking || as->path_len != len || memcmp(whole, as->path, (size_t)len * sizeof *whole))
            bad++;
    }
    CHECKF(t, bad == 0, "%s: %d of %d routes differ unpacked in pieces", name, bad, pairs);
    CHECKF(t, partial > pairs / 4, "%s: only %d of %d routes were longer than %d regions", name, partial, pairs, first);
    as->unpack_least = 0;
    free(whole);
    mm_regions_close(&m);
}

static void test_first_regions_then_the_rest(T *t)
{
    same_routes_in_pieces(t, "rooms/8room256-0", 200, 8, 8, 3);
    same_routes_in_pieces(t, "rooms/16room256-0", 200, 3, 1, 7);
}

const TestCase MM_FIRST_TESTS[] = {
    {"first_regions_then_the_rest", test_first_regions_then_the_rest},
    {NULL, NULL},
};
