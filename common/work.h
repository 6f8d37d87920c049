/* work.h: a GetPath call's work: the units a caller gives a search, a smoothing or
 * a route's unpacking, which pauses where they run out and goes on in the
 * next call (docs/entries/mm.md, "Bounded calls"). Each takes what it
 * spent off the same counter, so one rule: never below 0, a pass that
 * spent more than was left simply ends the call. */
#ifndef GPPC_COMMON_WORK_H
#define GPPC_COMMON_WORK_H

#include <stdint.h>

/* Takes n units off *units, not below 0. */
static inline void work_take(uint64_t *units, uint64_t n) { *units = *units > n ? *units - n : 0; }

#endif
