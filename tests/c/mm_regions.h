/* mm_regions.h: a test fixture (tests/c/entry_util.c) for the tests of
 * mm's region searches; apart from test.h because the region search's
 * header brings names other tests define for themselves. */
#ifndef GPPC_TESTS_MM_REGIONS_H
#define GPPC_TESTS_MM_REGIONS_H

#include "../../refine/abstract_search.h"
#include "test.h"

/* mm (`spec`) prepared on embedded map `name`, and a region search of the
 * test's own over mm's index (`ch`: with a regions' hierarchy). False, the
 * failure reported and nothing held, when a step fails; else
 * mm_regions_close releases all of it. */
typedef struct MmRegions {
    Loaded l;
    const Entry *e;
    void *inst;
    const AbsIndex *ix; /* mm's */
    RegionSearch as;
} MmRegions;
bool mm_regions_open(T *t, const char *name, const char *spec, bool ch, MmRegions *m);
void mm_regions_close(MmRegions *m);

#endif
