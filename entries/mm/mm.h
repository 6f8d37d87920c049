/* mm.h: read-only views into an mm instance (entries/mm/mm_entry.c), for
 * tests and tools that check what the entry holds. The instance is what
 * ENTRY_MM.prepare returned; the pointers live as long as it does and until
 * its next update. An update defers the abstraction's re-derivation to the
 * next query that needs it (entries/mm/mm_update.c): the views show the
 * abstraction as last derived, so a check after an update calls mm_sync
 * first. */
#ifndef GPPC_ENTRIES_MM_H
#define GPPC_ENTRIES_MM_H

#include "../../cache/edge_cache.h"
#include "../../refine/abstract_search.h"

const EdgeCache *mm_edge_cache(const void *inst);
const AbsIndex *mm_abs_index(const void *inst);
const RegionSearch *mm_region_search(const void *inst);
/* Re-derives now what updates deferred (the abstraction, index, region
 * search, leg stores); false + message when memory ran out (still deferred). */
bool mm_sync(void *inst, Err *err);

#endif
