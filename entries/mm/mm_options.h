/* mm_options.h (private to entries/mm/): mm's options, parsed and checked
 * in one place (mm_options.c), the help lines the driver prints, and the
 * configuration an instance keeps. Every default comes from a profile
 * (mm_profile.h); a key given overrides it. An unknown key or a bad value
 * is an error naming the entry ("entry mm: ..."). The keys, their values
 * and why: MM_OPTION_HELP (build/gppc --help) and docs/entries/mm.md. */
#ifndef GPPC_ENTRIES_MM_OPTIONS_H
#define GPPC_ENTRIES_MM_OPTIONS_H

#include "../../refine/refiner.h"
#include "../entry.h"

typedef struct MmConfig {
    int sector;   /* S, the sector side */
    int defaults; /* default sectors left out of the pool (abstraction.h) */
    int centers;  /* 0 plain, 1 optimised in preprocessing (abstraction/centers.c) */
    int cache;    /* LegMode of the runtime edge cache */
    int cache_kb; /* its cap in KiB; 0 none; -1 (auto) sized to the map (mm_entry.c) */
    int segfile;  /* LegMode of the segment store: off (0), nosym, sym */
    int ahead;    /* corridor steps' look-ahead; refine.ahead is this or 0 */
    int small;    /* the small-map profile's ceiling on a map's corners (mm_profile.c); 0 never */
    int coarse;   /* the JPS route's coarse turn bits (search/jps.h jps_enable_coarse): -1 auto, 0 off, 1 on */
    RefineConfig refine;
} MmConfig;

extern const char *const MM_OPTION_KEYS[];
extern const char *const MM_OPTION_HELP[];
/* The values of centers= and segfile=, by their number in MmConfig. */
extern const char *const MM_CENTER_MODES[];
extern const char *const MM_SEG_MODES[];

/* Fills c from `base` (a profile's values) and the keys in opts; false +
 * message on an unknown key or a bad value. */
bool mm_options_parse(const EntryOpts *opts, const MmConfig *base, MmConfig *c, Err *err);
/* Was sector= given (and not `auto`)? Then the profile's side is not used. */
bool mm_options_sector_given(const EntryOpts *opts);

#endif
