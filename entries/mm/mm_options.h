/* mm_options.h (private to entries/mm/): mm's options, parsed and checked
 * in one place (mm_options.c), the help lines the driver prints, and the
 * configuration an instance keeps. An unknown key or a bad value is an
 * error naming the entry ("entry mm: ...").
 *
 * Options:
 *   sector=auto|4..16 (auto: 16, 8 on maps of small rooms: refine/mapkind.h) sector side S
 *   refine=auto|centers|corridor (auto: refine/mapkind.h), ahead=K (3)  corridor steps (refine/corridor.h)
 *   legsearch=jps|astar (jps)  how a corridor step searches its corridor (refine/legs.h)
 *   defaults=0|1 (1)    default-sector compression
 *   labels=0|1 (0)      per-cell region table    w=W (1)           abstract search weight
 *   centers=plain|opt (plain)  centroid centers, or optimised in PreprocessMap (abstraction/centers.c)
 *   n=N (1)             abstract edges refined per GetPath call
 *   budget_us=N (0)     instead of n: refine legs until N µs of the call passed (>= 1 leg)
 *   trim=K | trim=P% (0) cut the tail of each leg  corridor=0|1 (1) restrict legs to the abstract path
 *   smooth=0|1 (1; 0 on maps without a diagonal move)  extended post-smoothing
 *   cache=off|nosym|sym (sym)  runtime edge cache
 *   segfile=0|nosym|sym (0)  precompute every leg into the preprocessing file
 *   landmarks=K (4)     ALT landmarks of the abstract A*, 0..16 (refine/abstract_search.h)
 *   ch=0|1 (1)          contraction hierarchy over the regions (refine/abs_ch.h)
 *   costs=0|1 (1)       true abstract edge costs kept in the abstraction (abstraction/costs.c)
 *   levels=1|2 (1), block=B (4), chunk=C (3)  level 2 over blocks of B x B sectors
 *                       and lazy planning C level-2 steps at a time (refine/level2.h)
 *   small=N (192), jps=C (256; 512 on maps of scattered obstacles, 0 on maps of
 *                       corridors), near=D (32; 0 on maps of corridors), far=0|1 (1)
 *                       whole queries by online JPS first (refine/refiner.c,
 *                       try_jps; the per-map defaults come from refine/mapkind.h;
 *                       the numbers behind them: results/reference/issue17/,
 *                       merged-2026-11-24/, maze-window/)
 *   hold=K (16), joint=K (3), back=K|all (all); on maps of corridors 64, 1, 1
 *                       the refinement window (refine/window.h): cells held back
 *                       at a joint, waypoints smoothed after and before it
 */
#ifndef GPPC_ENTRIES_MM_OPTIONS_H
#define GPPC_ENTRIES_MM_OPTIONS_H

#include "../../refine/refiner.h"
#include "../entry.h"

typedef enum { REFINE_AUTO, REFINE_CENTERS, REFINE_CORRIDOR } RefineMode;

typedef struct MmConfig {
    int sector;
    int defaults, labels;
    int centers;   /* 0 plain, 1 opt */
    int landmarks; /* ALT landmarks of the abstract search (refine/abstract_search.h) */
    int ch;        /* 1: contraction hierarchy over the regions (refine/abs_ch.h) */
    bool
        jps_auto; /* jps= not given: 512 on maps of scattered obstacles, 0 on maps of corridors (mm_prepare), else 256 */
    bool near_auto;   /* near= not given: 0 on maps of corridors (mm_prepare), else 32 */
    bool smooth_auto; /* smooth= not given: 0 on maps without a diagonal move (mm_prepare), else 1 */
    bool hold_auto;   /* hold=, joint=, back= not given: the window's settings */
    bool joint_auto;  /* on maps of corridors (mm_prepare) */
    bool back_auto;
    int costs;       /* true abstract edge costs kept in the abstraction */
    int refine_mode; /* RefineMode */
    int ahead;       /* corridor steps' look-ahead (refine/corridor.h) */
    int levels;      /* 2: level 2 derived (refine/level2.h) and lazy planning */
    int block;       /* level-2 block side in sectors */
    RefineConfig refine;
    int cache;   /* LegMode */
    int segfile; /* LegMode: off (0), nosym, sym */
} MmConfig;

extern const char *const MM_OPTION_KEYS[];
extern const char *const MM_OPTION_HELP[];
/* The values of centers= and segfile=, by their number in MmConfig. */
extern const char *const MM_CENTER_MODES[];
extern const char *const MM_SEG_MODES[];

/* Fills c from opts; false + message on an unknown key or a bad value. */
bool mm_options_parse(const EntryOpts *opts, MmConfig *c, Err *err);

#endif
