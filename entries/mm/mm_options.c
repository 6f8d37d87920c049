/* entries/mm/mm_options.c: mm's options (mm_options.h). */
#include <string.h>

#include "mm_options.h"

const char *const MM_OPTION_KEYS[] = {"sector", "refine",  "ahead",   "w",        "n",      "budget_us", "smooth",
                                      "cache",  "segfile", "centers", "defaults", "small",  "jps",       "near",
                                      "direct", "hold",    "joint",   "back",     "phases", "cache_kb",  "work",
                                      "coarse", "reach",   "far",     NULL};
static const char *const REFINE_MODES[] = {"auto", "centers", "corridor", NULL};
const char *const MM_CENTER_MODES[] = {"plain", "opt", NULL};
static const char *const CACHE_MODES[] = {"off", "nosym", "sym", NULL};
const char *const MM_SEG_MODES[] = {"0", "nosym", "sym", NULL};

/* key=auto keeps the profile's value; else an integer in lo..hi. */
static bool int_or_auto(const EntryOpts *opts, const char *key, int lo, int hi, int *out, Err *err)
{
    const char *v = opts_get(opts, key);
    return (v && !strcmp(v, "auto")) || opts_int(opts, key, lo, hi, *out, out, "mm", err);
}

/* back=all (-1) or a count K. */
static bool parse_back(const EntryOpts *opts, int *back, Err *err)
{
    const char *v = opts_get(opts, "back");
    if (v && !strcmp(v, "all")) {
        *back = -1;
        return true;
    }
    return opts_int(opts, "back", 0, 1000, *back, back, "mm", err);
}

/* A 0|1 key into a bool. */
static bool flag(const EntryOpts *opts, const char *key, bool *out, Err *err)
{
    int v;
    bool ok = opts_int(opts, key, 0, 1, *out, &v, "mm", err);
    *out = v;
    return ok;
}

bool mm_options_sector_given(const EntryOpts *opts)
{
    const char *v = opts_get(opts, "sector");
    return v && strcmp(v, "auto") != 0;
}

bool mm_options_parse(const EntryOpts *opts, const MmConfig *base, MmConfig *c, Err *err)
{
    *c = *base;
    RefineConfig *rc = &c->refine;
    int steps = base->refine.ahead > 0 ? 2 : 1; /* REFINE_MODES: 1 centers, 2 corridor */
    c->ahead = base->ahead;
    bool ok = opts_only(opts, MM_OPTION_KEYS, "mm", err) &&
              int_or_auto(opts, "sector", ABS_MIN_SECTOR, ABS_MAX_SECTOR, &c->sector, err) &&
              opts_choice(opts, "refine", REFINE_MODES, steps, &steps, "mm", err) &&
              opts_int(opts, "ahead", 2, 1000, c->ahead, &c->ahead, "mm", err) &&
              opts_double(opts, "w", 1.0, 1000.0, rc->weight, &rc->weight, "mm", err) &&
              opts_int(opts, "n", 1, 1000000, rc->legs_per_call, &rc->legs_per_call, "mm", err) &&
              opts_int(opts, "budget_us", 0, 10000000, rc->budget_us, &rc->budget_us, "mm", err) &&
              opts_int(opts, "work", 0, 100000000, rc->work, &rc->work, "mm", err) &&
              flag(opts, "smooth", &rc->smooth, err) &&
              opts_choice(opts, "cache", CACHE_MODES, c->cache, &c->cache, "mm", err) &&
              int_or_auto(opts, "cache_kb", 0, 4194304, &c->cache_kb, err) &&
              opts_choice(opts, "segfile", MM_SEG_MODES, c->segfile, &c->segfile, "mm", err) &&
              opts_choice(opts, "centers", MM_CENTER_MODES, c->centers, &c->centers, "mm", err) &&
              opts_int(opts, "defaults", 0, 1, c->defaults, &c->defaults, "mm", err) &&
              int_or_auto(opts, "small", 0, 1000000, &c->small, err) &&
              opts_int(opts, "jps", 0, 100000000, rc->routes.jps_cap, &rc->routes.jps_cap, "mm", err) &&
              opts_int(opts, "reach", 0, 1000000, rc->routes.jps_reach, &rc->routes.jps_reach, "mm", err) &&
              opts_int(opts, "far", 0, 100000000, rc->routes.far_cap, &rc->routes.far_cap, "mm", err) &&
              opts_int(opts, "near", 0, 4096, rc->routes.near, &rc->routes.near, "mm", err) &&
              flag(opts, "direct", &rc->routes.direct, err) &&
              opts_int(opts, "hold", 0, 100000, rc->hold, &rc->hold, "mm", err) &&
              opts_int(opts, "joint", 0, 1000, rc->joint, &rc->joint, "mm", err) && parse_back(opts, &rc->back, err) &&
              flag(opts, "phases", &rc->phases, err) && int_or_auto(opts, "coarse", 0, 1, &c->coarse, err);
    if (ok && rc->budget_us > 0 && opts_get(opts, "n"))
        ok = err_set(err, "entry mm: n= and budget_us= both set; a budget replaces the leg count");
    if (steps == 0) /* refine=auto: the profile's */
        steps = base->refine.ahead > 0 ? 2 : 1;
    rc->ahead = steps == 2 ? c->ahead : 0;
    /* Corridor steps plan no leg through centers, the edge cache's only
     * use (refine/refiner_legs.c center_leg): no cache unless one is asked for. */
    if (rc->ahead > 0 && !opts_get(opts, "cache"))
        c->cache = LEGS_OFF;
    return ok;
}

const char *const MM_OPTION_HELP[] = {
    "sector=auto|S (auto: the profile's, 16; cluttered 12, sector-rooms 8, small-rooms 6) sector side in cells, 4..16",
    "refine=auto|centers|corridor (auto: the profile's, centers; cluttered, loose-, sparse-cluttered, scattered "
    "corridor) legs through region centers, or corridor steps (refine/corridor.h)",
    "ahead=K (3; 7 on cluttered, loose-cluttered, 8 on sparse-cluttered) corridor steps look K regions ahead and "
    "keep about 3/4 (a query's first step 4 to 5: at most about 64 cells)",
    "w=W (1; 1.2 on cluttered, loose-cluttered, 1.22 on sparse-cluttered) weight of the abstract search, 1..1000 "
    "(above 1: A*, not the regions' contraction hierarchy; with corridor steps the A* costed from s and g)",
    "n=N (1) abstract edges refined per GetPath call",
    "budget_us=N (0) refine legs until N us of the call passed (replaces n)",
    "work=N (12; small-map 5) search work one GetPath call may spend, in units (a legs' A* expansion 3, a JPS "
    "expansion 2, a diagonal step 1/4); a search that needs more goes on in the next call (the same paths); 0 no "
    "bound",
    "smooth=0|1 (1; 0 on narrow-corridors, no-diagonals) extended post-smoothing of the refinement window",
    "cache=off|nosym|sym (sym; off with corridor steps) edge cache of refined legs",
    "cache_kb=auto|N (auto: 64 + 3 bits per map cell) the edge cache's cap in KiB, its oldest legs evicted past "
    "it; 0 no cap",
    "segfile=0|nosym|sym (0) precomputed segments in the preprocessing file",
    "centers=plain|opt (plain) region centres as laid out, or optimised in preprocessing",
    "defaults=0|1 (1) leave standard sectors (one region, standard center) out of the pool",
    "small=auto|N (auto: at most 1000 corners, on maps of at most 384 sectors of the default kind, 192 of any, or any "
    "size of broad corridors) maps of at most N corners: every query by online JPS (optimal); 0 off",
    "jps=C (256; 1024 on cluttered, sparse-cluttered, 2048 on loose-cluttered, 512 on scattered; 0 on corridors) "
    "expansion cap of the JPS tried first; capped: the abstract route; 0 off",
    "reach=D (192 on default, 80 on small-, sector-rooms, 160 on large-rooms, 480 on open-rooms, else 0) JPS "
    "tried to its cap only for s and g within octile distance D (twice D taken as 2 dx + dy); farther: to `far` "
    "expansions (never on rooms), then the abstract route; 0 no bound",
    "far=C (64 on default, else 0) expansions of the JPS tried past reach, on a credit of its own; 0: not tried",
    "near=D (32; 0 on corridors, cluttered, loose-, sparse-cluttered) s and g within octile distance D: A* in their "
    "box of sectors when JPS is not tried, and the guard up to 2D; 0 off",
    "direct=0|1 (1) a straight legal line from s to g is the path",
    "hold=K (16; 64 on corridors narrower than a sector, 20 on large-, open-rooms; a query's first joint 4 on the "
    "rooms profiles) cells kept back at each leg joint for the refinement window",
    "joint=K (3; 2 on corridors, 1 on narrow-corridors) waypoints smoothed past a joint after a cached leg; 0: to "
    "the window's end",
    "back=K|all (all; 2 on corridors, 1 on narrow-corridors) waypoints smoothed before a joint after a cached leg; "
    "all: from the window's anchor",
    "phases=0|1 (0) per-phase times locate/abstract/legs/join/jps_us_mean in SUMMARY",
    "coarse=auto|0|1 (auto: where at most 15 % of their bits are set, on maps of large rooms) coarse turn bits for "
    "the JPS route's diagonal steps where it takes no exact ones (search/jps_coarse.h: the same paths)",
    NULL};
