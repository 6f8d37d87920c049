/* mm_profile.h (private to entries/mm/): the policy of mm: what the map is
 * (refine/mapkind.h, measured on the abstraction as first built) chooses
 * one complete, named profile, a value for every option; the user's keys
 * then override it (mm_options.h). This is the one place a default is set:
 * the options' help, the SUMMARY's `profile=NAME` and docs/entries/mm.md
 * read it from here.
 *
 * The profiles, first match wins (mm_profile.c says why each differs from
 * `default`; the measurements: results/reference/mm-profiles/):
 *   small-map         few corners (`small`) on a map small enough, not
 *                     dense with corners where queries reach past the
 *                     default's JPS reach: JPS answers every query
 *   narrow-corridors  a maze of corridors at most two cells wide
 *   corridors         a maze of wider corridors
 *   wide-corridors    a maze of corridors at least a sector wide
 *   broad-corridors   a maze of corridors at least two sectors wide
 *   no-diagonals      no diagonal move anywhere
 *   sparse-cluttered  as loose-cluttered, obstacles more alone still
 *   loose-cluttered   as cluttered, obstacles mostly alone: sectors of 16
 *   cluttered         scattered obstacles whose center legs detour
 *   scattered         scattered obstacles
 *   small-rooms       rooms smaller than a sector
 *   sector-rooms      rooms about a sector
 *   large-rooms       rooms of two sectors or more, walls on a grid
 *   open-rooms        as large-rooms, few corners a sector
 *   default           everything else (dao maps)
 *
 * Owns nothing; the profiles are constants. */
#ifndef GPPC_ENTRIES_MM_PROFILE_H
#define GPPC_ENTRIES_MM_PROFILE_H

#include "../../refine/mapkind.h"
#include "mm_options.h"

/* What the profiles set apart; everything else is the same in all of them
 * (mm_profile.c, BASE). */
typedef struct MmProfile {
    const char *name;
    int sector; /* S */
    /* > 0: corridor steps (refine=corridor, refine/corridor.h) looking this
     * many regions ahead; 0: legs through centers */
    int ahead;
    int jps_cap, near, hold, joint, back;
    bool smooth;
    double weight; /* w: the abstract search's weight */
    /* the most joints the refinement window remembers (mm_profile_memo) */
    uint32_t memo_max;
    /* center legs skip up to this many centers along a legal line
     * (RefineConfig.skip); 0 never */
    int skip;
} MmProfile;

/* The profiles, one id a row (mm_profile.c PROFILES), in the order above. */
typedef enum MmProfileId {
    P_SMALL_MAP,
    P_NARROW,
    P_CORRIDORS,
    P_WIDE_CORRIDORS,
    P_BROAD_CORRIDORS,
    P_NO_DIAGONALS,
    P_CLUTTERED,
    P_LOOSE_CLUTTERED,
    P_SPARSE_CLUTTERED,
    P_SCATTERED,
    P_SMALL_ROOMS,
    P_SECTOR_ROOMS,
    P_LARGE_ROOMS,
    P_OPEN_ROOMS,
    P_DEFAULT
} MmProfileId;

/* The mechanism (mm_profile_config.c): what a profile's row means for
 * every option, and the sizes its values imply. */

/* Every option's value under profile p. */
void mm_profile_config(const MmProfile *p, MmConfig *c);

/* The joints the refinement window remembers on a map of `cells` cells
 * under profile p (RefineConfig.memo, refine/window.h). */
uint32_t mm_profile_memo(const MmProfile *p, size_t cells);
/* Whether an instance under profile p holds its joint memo and edge cache
 * to what fits its memory budget where it can (entries/mm/mm_budget.c
 * mm_fit_cache), at some cost in time: 0 it does not, else the fewest
 * joints the memo may be held to there (halved from its most). */
uint32_t mm_profile_fit_memo_least(const MmProfile *p);
/* Where even that least leaves the edge cache less than its least beside
 * it, the joints the memo is held to instead so that the instance still
 * fits, the cache taking what is left (more of its legs planned again): 0
 * none, the memo and the cache's cap stay as they were. */
uint32_t mm_profile_fit_memo_tight(const MmProfile *p);

/* The most share of coarse turn bits set at which the JPS route keeps them
 * (search/jps.h jps_enable_coarse) under configuration c (coarse=). */
double mm_profile_coarse_busy(const MmConfig *c);

/* The policy (mm_profile.c): the rows and the rule that chooses one. */

/* Which row p is. */
MmProfileId mm_profile_id(const MmProfile *p);
/* The profile every option's default comes from before the map is known
 * (check_options, --help), and the one whose side the first build uses. */
const MmProfile *mm_profile_default(void);
/* The profile for a map of kind `k`, measured on the abstraction as first
 * built (at the default profile's side unless sector= was given). `small`
 * is the `small` key's value: -1 (auto) the measured rule, else the
 * small-map profile's ceiling on corners, 0 never. */
const MmProfile *mm_profile_choose(const MapKind *k, int small);
/* mm_profile_choose on map g measured on its abstraction a (refine/mapkind.h:
 * the abstraction alone, no search over it), a built at the side a map is
 * first built at (the default profile's, or the one given); the measures in
 * *kind (what a preprocessing file keeps, so that its load chooses by
 * mm_profile_choose without measuring). NULL + message when memory ran out. */
const MmProfile *mm_profile_of_map(const Grid *g, const Abstraction *a, int small, MapKind *kind, Err *err);
/* The tiles a JPS's transposed rows are kept as where corridors are
 * stepped: the count mm_budget.c tiles such an instance to, and the one a
 * cluttered profile's route JPS takes from the start (mm_budget.c says why
 * this many). */
#define MM_JPS_TILES_CORRIDORS 8
/* The tiles the small and sector rooms' route JPS keeps its transposed
 * rows as from the start. Their instances hold several times their budget
 * (the regions' hierarchy, the edge cache), so mm_budget.c leaves them the
 * whole copy; yet that copy was most of what their JPS held, and its
 * capped searches stay within a few rooms of s and g, whose tiles a cache
 * this size mostly keeps. Halved, the sector rooms' refills cost a few
 * hundredths more of their queries' instructions; the small rooms, whose
 * tries are fewer, pay less for them (results/reference/mm-paper/mem53.md). */
#define MM_JPS_TILES_SMALL_ROOMS 16
#define MM_JPS_TILES_SECTOR_ROOMS 32

#endif
