/* entries/mm/mm_options.c: mm's options (mm_options.h). */
#include <stdlib.h>
#include <string.h>

#include "mm_options.h"

const char *const MM_OPTION_KEYS[] = {
    "sector", "defaults", "labels",    "w",         "n",      "trim",  "corridor",  "smooth",
    "cache",  "segfile",  "budget_us", "centers",   "direct", "hold",  "joint",     "back",
    "near",   "ends",     "phases",    "landmarks", "costs",  "ch",    "jps",       "small",
    "far",    "refine",   "ahead",     "levels",    "block",  "chunk", "legsearch", NULL};
static const char *const REFINE_MODES[] = {"auto", "centers", "corridor", NULL};
static const char *const LEG_SEARCHES[] = {"astar", "jps", NULL};
static const char *const ENDS_MODES[] = {"locate", "search", NULL};
const char *const MM_CENTER_MODES[] = {"plain", "opt", NULL};
static const char *const CACHE_MODES[] = {"off", "nosym", "sym", NULL};
const char *const MM_SEG_MODES[] = {"0", "nosym", "sym", NULL};

static bool parse_trim(const EntryOpts *opts, RefineConfig *rc, Err *err)
{
    const char *v = opts_get(opts, "trim");
    rc->trim_cells = rc->trim_percent = 0;
    if (!v)
        return true;
    size_t len = strlen(v);
    char *end;
    long x = strtol(v, &end, 10);
    bool percent = len > 1 && v[len - 1] == '%';
    if (end == v || (percent ? end != v + len - 1 : *end != '\0') || x < 0 || x > (percent ? 99 : 1000))
        return err_set(err, "entry mm: trim=%s is not K (0..1000 cells) or P%% (0..99)", v);
    if (percent)
        rc->trim_percent = (int)x;
    else
        rc->trim_cells = (int)x;
    return true;
}

/* back=all (-1) or a count K. */
static bool parse_back(const EntryOpts *opts, int *back, Err *err)
{
    const char *v = opts_get(opts, "back");
    *back = -1;
    return (v && !strcmp(v, "all")) || opts_int(opts, "back", 0, 1000, -1, back, "mm", err);
}

/* sector=auto (0) or a side S. */
static bool parse_sector(const EntryOpts *opts, int *sector, Err *err)
{
    const char *v = opts_get(opts, "sector");
    *sector = 0;
    return (v && !strcmp(v, "auto")) || opts_int(opts, "sector", ABS_MIN_SECTOR, ABS_MAX_SECTOR, 0, sector, "mm", err);
}

bool mm_options_parse(const EntryOpts *opts, MmConfig *c, Err *err)
{
    int corridor, smooth, direct, phases, ends, far, legsearch;
    bool ok =
        opts_only(opts, MM_OPTION_KEYS, "mm", err) && parse_sector(opts, &c->sector, err) &&
        opts_int(opts, "defaults", 0, 1, 1, &c->defaults, "mm", err) &&
        opts_int(opts, "labels", 0, 1, 0, &c->labels, "mm", err) &&
        opts_choice(opts, "centers", MM_CENTER_MODES, 0, &c->centers, "mm", err) &&
        opts_double(opts, "w", 1.0, 1000.0, 1.0, &c->refine.weight, "mm", err) &&
        opts_int(opts, "n", 1, 1000000, 1, &c->refine.legs_per_call, "mm", err) &&
        opts_int(opts, "budget_us", 0, 10000000, 0, &c->refine.budget_us, "mm", err) &&
        parse_trim(opts, &c->refine, err) && opts_int(opts, "corridor", 0, 1, 1, &corridor, "mm", err) &&
        opts_int(opts, "smooth", 0, 1, 1, &smooth, "mm", err) &&
        opts_choice(opts, "cache", CACHE_MODES, LEGS_SYM, &c->cache, "mm", err) &&
        opts_choice(opts, "segfile", MM_SEG_MODES, 0, &c->segfile, "mm", err) &&
        opts_int(opts, "direct", 0, 1, 1, &direct, "mm", err) &&
        opts_int(opts, "hold", 0, 100000, 16, &c->refine.hold, "mm", err) &&
        opts_int(opts, "joint", 0, 1000, 3, &c->refine.joint, "mm", err) && parse_back(opts, &c->refine.back, err) &&
        opts_int(opts, "near", 0, 4096, 32, &c->refine.near, "mm", err) &&
        opts_int(opts, "jps", 0, 100000000, 256, &c->refine.jps_cap, "mm", err) &&
        opts_int(opts, "small", 0, 1000000, 192, &c->refine.small, "mm", err) &&
        opts_int(opts, "far", 0, 1, 1, &far, "mm", err) &&
        opts_choice(opts, "ends", ENDS_MODES, ENDS_LOCATE, &ends, "mm", err) &&
        opts_int(opts, "phases", 0, 1, 0, &phases, "mm", err) &&
        opts_int(opts, "landmarks", 0, 16, 4, &c->landmarks, "mm", err) &&
        opts_int(opts, "ch", 0, 1, 1, &c->ch, "mm", err) && opts_int(opts, "costs", 0, 1, 1, &c->costs, "mm", err) &&
        opts_choice(opts, "refine", REFINE_MODES, REFINE_AUTO, &c->refine_mode, "mm", err) &&
        opts_int(opts, "ahead", 2, 1000, 3, &c->ahead, "mm", err) &&
        opts_int(opts, "levels", 1, 2, 1, &c->levels, "mm", err) &&
        opts_int(opts, "block", 2, 64, 4, &c->block, "mm", err) &&
        opts_int(opts, "chunk", 1, 1000, 3, &c->refine.chunk, "mm", err) &&
        opts_choice(opts, "legsearch", LEG_SEARCHES, 1, &legsearch, "mm", err);
    c->jps_auto = !opts_get(opts, "jps");
    c->near_auto = !opts_get(opts, "near");
    c->smooth_auto = !opts_get(opts, "smooth");
    c->hold_auto = !opts_get(opts, "hold");
    c->joint_auto = !opts_get(opts, "joint");
    c->back_auto = !opts_get(opts, "back");
    if (ok && c->refine.budget_us > 0 && opts_get(opts, "n"))
        ok = err_set(err, "entry mm: n= and budget_us= both set; a budget replaces the leg count");
    c->refine.corridor = ok && corridor;
    c->refine.smooth = ok && smooth;
    c->refine.direct = ok && direct;
    c->refine.phases = ok && phases;
    c->refine.far = ok && far;
    c->refine.leg_jps = ok && legsearch == 1;
    c->refine.ends = ok ? (RefineEnds)ends : ENDS_LOCATE;
    if (c->levels != 2)
        c->refine.chunk = 0;
    return ok;
}

const char *const MM_OPTION_HELP[] = {
    "sector=auto|S (auto) sector side in cells, 4..16; auto: 16, or 8 on maps of small rooms (refine/mapkind.h)",
    "refine=auto|centers|corridor (auto) legs through region centers, or corridor steps (refine/corridor.h); auto: "
    "corridor on maps of scattered obstacles whose center legs detour",
    "ahead=K (3) corridor steps look K regions ahead and keep about 3/4",
    "legsearch=jps|astar (jps) corridor steps search their corridor by JPS over the painted corridor, or by A*",
    "levels=1|2 (1) 2: a derived second level over blocks of sectors, and the abstract path planned a few level-2 "
    "steps at a time (refine/level2.h)",
    "block=B (4) levels=2: level-2 blocks of B x B sectors",
    "chunk=C (3) levels=2: level-2 steps planned at a time",
    "defaults=0|1 (1) leave standard sectors (one region, standard center) out of the pool",
    "labels=0|1 (0) keep a per-cell region label table (W*H bytes) for locating s and g",
    "centers=plain|opt (plain) region centres as laid out, or optimised in preprocessing",
    "w=W (1) weight of the refinement A*, 1..1000",
    "n=N (1) legs refined per GetPath call",
    "budget_us=N (0) refine legs until N us of the call passed (replaces n)",
    "trim=K|P% (0) drop the last K cells (0..1000) or P% (0..99) of every leg but the last",
    "corridor=0|1 (1) plan legs in the sectors of the abstract path (widened on failure)",
    "smooth=0|1 (1; 0 on maps without a diagonal move, refine/mapkind.h) VRA*'s extended post-smoothing, per leg",
    "cache=off|nosym|sym (sym) edge cache of refined legs",
    "segfile=0|nosym|sym (0) precomputed segments in the preprocessing file",
    "direct=0|1 (1) a straight legal line from s to g is the path",
    "small=N (192) maps of at most N sectors: every query by online JPS (optimal); 0 off",
    "jps=C (256; 512 on maps of scattered obstacles, 0 on maps of corridors) expansion cap of the JPS tried first "
    "(near and "
    "far queries); capped: the abstract route; 0 off",
    "near=D (32; 0 on maps of corridors, refine/mapkind.h) s and g within octile distance D: capped JPS first (jps=0: "
    "A* in their box of sectors); 0 off",
    "far=0|1 (1) queries beyond near try capped JPS too; near and far tries go on while they keep succeeding",
    "ends=locate|search (locate) first/last legs on the locator's walks, or corridor A* skipping the end centers",
    "hold=K (16; 64 on maps of corridors) cells kept back at each leg joint for the refinement window",
    "joint=K (3; 1 on maps of corridors) waypoints smoothed past a joint after a cached leg; 0: to the window's end",
    "back=K|all (all; 1 on maps of corridors) waypoints smoothed before a joint after a cached leg; all: from the "
    "window's anchor",
    "phases=0|1 (0) per-phase times locate/abstract/legs/join/jps_us_mean in SUMMARY",
    "costs=0|1 (1) true abstract edge costs: one byte per edge (excess of the real leg over octile), built in "
    "preprocessing",
    "landmarks=K (4) ALT landmarks of the abstract A* (K distances per region, computed when loading); 0 off",
    "ch=0|1 (1) a contraction hierarchy over the regions answers the abstract search (exact, same cost as A*); "
    "0: A* with landmarks",
    NULL};
