/* counters.h: the numbers a component reports about itself (nodes expanded,
 * bytes held, cache hits), as plain key=value pairs.
 *
 * `expanded` is cumulative and cheap to read, because the driver reads it
 * around every query; `extra` holds the detailed pairs a component adds with
 * counters_add, printed on the driver's SUMMARY line in the order added. The
 * struct is the caller's (no allocation); keys are copied. */
#ifndef GPPC_COMMON_COUNTERS_H
#define GPPC_COMMON_COUNTERS_H

#include <stdbool.h>
#include <stdint.h>

#define COUNTERS_MAX 128 /* mm reports about 110 with phases=1, a map's changes and a full cache histogram */

typedef struct Counters {
    uint64_t expanded;
    int n;
    int dropped; /* pairs past COUNTERS_MAX, reported by the driver so none goes missing unseen */
    /* Set by a reader around every call (the driver's --call-counters): a
     * component then leaves out the pairs that cost more than a few reads
     * (scans of the map or of its own slots, allocations), which would
     * make each call's reading cost more than the call. */
    bool per_call;
    struct {
        char key[32];
        double value;
        const char *text; /* counters_add_text: printed instead of value; NULL for a number */
    } extra[COUNTERS_MAX];
} Counters;

/* Appends key=value; a pair past COUNTERS_MAX is dropped and counted in
 * `dropped` (the SUMMARY line then ends with counters_dropped=N). */
void counters_add(Counters *c, const char *key, double value);
/* Appends key=text, a name (no spaces), as counters_add does a number;
 * `text` is borrowed and must outlive c (a string constant). */
void counters_add_text(Counters *c, const char *key, const char *text);

#endif
