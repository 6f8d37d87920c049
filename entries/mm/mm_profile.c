/* entries/mm/mm_profile.c: the policy: the profiles' rows and the rule
 * that chooses one for a map (mm_profile.h). How a row becomes every
 * option's value is mm_profile_config.c's. Each threshold and value says
 * why in one line; the measurements behind them are in
 * results/reference/mm-profiles/README.md. */
#include "mm_profile.h"

/* Small maps: JPS answers every query, optimally, where its whole search
 * costs about what the abstract route does, or less. Its expansions grow
 * with the corners it meets (refine/mapkind.h map_corners: each a place
 * its scans stop), not with the map's area: lake shores of a few hundred
 * cells across with more corners than this cost JPS twice the abstract
 * route, while dungeons and halls of the same size or larger with fewer
 * cost it about the same, and their paths come out optimal
 * (results/reference/mm-paper/daotime40.md). At most this many corners
 * (small=auto; small=N: at most N corners, on a map of any size and kind). */
#define SMALL_MAP_CORNERS 1000
/* ... on maps of at most SMALL_MAP_SECTORS sectors whose kind is the
 * default profile's, or of at most SMALL_MAP_ANY sectors whatever their
 * kind: on larger maps the abstract route's legs and joints cost less than
 * JPS's longer searches through as many corners (daotime40.md), and the
 * small route's JPS has no bound but the map. Rooms, corridors and
 * scattered obstacles of 256 x 256 cells with few corners were not
 * measured on small-map, so their profiles stay theirs. Broad corridors
 * take it at any size: the 32-wide mazes (a few hundred corners) were
 * answered by their row's capped JPS already, none capped, and as the
 * small route they build no hierarchy, edge cache or joint memo, which
 * leaves the JPS its whole transposed rows instead of tiles: fewer
 * instructions, the same paths (results/reference/mm-paper/mazes47.md).
 * The city maps of that kind have thousands of corners. */
#define SMALL_MAP_SECTORS 384
#define SMALL_MAP_ANY 192
/* Tiny maps, of at most this many sectors, take small-map whatever their
 * corners (small=auto): there a JPS search reaches at most a few thousand
 * cells, and the small route answers every query optimally where the
 * cluttered and scattered profiles' capped JPS and corridor steps did not
 * (on some random maps of 64 and 80 cells a side), in no more
 * instructions and mostly fewer bytes
 * (results/reference/mm-paper/jpsstate43.md; it was first taken for their
 * capped JPS's node state, then per cell, smallmap42.md). Random maps of
 * 80 x 80 cells (25 sectors) keep within their budget with it, and 96 x 96
 * ones, a fifth blocked or more, did not, where the scattered profile did
 * (smallmap42.md). */
#define SMALL_MAP_TINY 25
/* ... but not maps of the default kind with at least this many corners a
 * sector on which a query can reach past the default profile's JPS reach:
 * there the small route's uncapped JPS meets the most corners and
 * searches a query's whole path before its first cell, where the default
 * profile's capped tries and abstract route hand the first steps out
 * sooner. The dao maps below it gained little or lost by the move, and
 * those above it lengthened dao's paths by little
 * (results/reference/mm-paper/reach53.md, "The next lever"; first54.md). */
#define SMALL_MAP_DENSE 3.5
/* Scattered obstacles: a share (grid_scattered) between the dao maps' most
 * and the random maps' least. */
#define SCATTERED 0.01
/* Walls only: lone obstacle cells so rare that they are decoration. */
#define WALLS_ONLY 0.001
/* Mazes have more regions per stored sector than any rooms or open map. */
#define MAZE_REGIONS_PER_SECTOR 1.5
/* Center legs detour this much on the denser random maps: more regions a
 * sector, a route through more of them, and corridor steps that look
 * further ahead pay there (P_CLUTTERED). */
#define CLUTTERED_DETOUR 1.15
/* Rooms about a sector's size (center legs detour from door to door):
 * with a room a region, the regions' route is chosen by center-to-center
 * costs that miss how much a turn through a room's doors saves, and most
 * of mm's excess is that choice, not the refinement. */
#define SECTOR_ROOMS_DETOUR 1.15
/* Small rooms: a sector holds several rooms and its center sits in a
 * room's corner, so center legs detour this much. */
#define SMALL_ROOMS_DETOUR 1.3
/* Large rooms (a room two sectors across or more, whose center legs
 * detour less than SECTOR_ROOMS_DETOUR): walls only, on a grid that
 * crosses nearly every sector, so at least this many regions a stored
 * sector (0.96-1.39 on the 32room and 64room maps, at most 0.51 on the
 * dao maps of up to 1.5 corners a sector), and straight walls, at most
 * LARGE_ROOMS_CORNERS a sector (0.17-0.80 on those rooms)
 * (results/reference/mm-paper/rooms48.md). */
#define LARGE_ROOMS_REGIONS 0.75
#define LARGE_ROOMS_CORNERS 1.0
/* Open rooms: large rooms of at most this many corners a sector (0.17-0.20
 * on the 64room maps, 0.73-0.80 on the 32room ones, rooms48.md). */
#define OPEN_ROOMS_CORNERS 0.4
/* Their joints keep a few more cells back than the default's 16: a joint's
 * smoothing sees past more of a room's doorway, and the paths come out
 * shorter for a few per cent more smoothing (24 and 32 shorter still, for
 * a tenth and a fifth more of a query's instructions, rooms48.md). */
#define LARGE_ROOMS_HOLD 20
/* The rooms' joints smooth one waypoint back (back 1), not the whole
 * window: a center leg's joint in a room is a doorway or a room's corner,
 * and re-smoothing the window from its anchor at every joint tests lines
 * across whole rooms again and again for little length; the family's
 * paths stay well within issue #31's quality bound for rooms
 * (results/reference/mm-paper/rooms62.md). */
#define ROOMS_BACK 1
/* Open rooms' center legs run straight past up to 4 of the route's
 * centers where the line is legal (RefineConfig.skip): across an open room
 * the centers see each other, and the legs skipped cost lookups and joints
 * for no length (rooms62.md). On smaller rooms the lines past centers are
 * mostly illegal, their tests spent for nothing. */
#define OPEN_ROOMS_SKIP 4
/* The weight on the heuristic of the cluttered profile's route search
 * (the A* over the regions costed from s and g, region_search_ends): among
 * dense obstacles an edge's excess makes that A* expand a wide band of
 * regions, all before a query's first cell goes out; weighted, it expands
 * far fewer. The route it finds is a little longer now and then, which the
 * corridor steps after the first, looking CLUTTERED_AHEAD regions ahead
 * over the sectors around the route, take back and more. Every other
 * profile's route is optimal (weight 1: the regions' hierarchy, or that A*
 * unweighted where scattered obstacles leave it few regions to expand);
 * the measurements: results/reference/mm-paper/first34.md, first36.md. */
#define CLUTTERED_ROUTE_WEIGHT 1.2
/* Cluttered maps' sectors: side 12. With 16 a route costed from s and g
 * still went round the wrong side of a cluster now and then, as the bigger
 * sectors' regions span it (results/reference/mm-quality); at 10 the
 * route's A* had a third more regions to expand before a query's first
 * cell, and the corridor steps looking further ahead do better at 12
 * (results/reference/mm-paper/first36.md). 13 and 14 took the random maps
 * of 35 per cent blocked within their budget, but 13 lengthened the
 * embedded random256-40-0's paths several times over and 14 gave one query
 * longer than any other random map's (results/reference/mm-paper/rand49.md). */
#define CLUTTERED_SIDE 12
/* Cluttered maps' corridor steps look this many regions ahead after a
 * query's first step: a step that keeps more of a longer search commits
 * less often to the center it aims at, and only the first step's search
 * comes before a query's first cells (results/reference/mm-paper/first36.md). */
#define CLUTTERED_AHEAD 7
/* Cluttered maps whose obstacles mostly stand alone (grid_scattered at
 * least this: the random maps of 20 to 30 per cent blocked, 0.19-0.40; 35
 * per cent is at 0.12-0.14) take sectors of 16 (P_LOOSE_CLUTTERED): the
 * abstraction, its index and the route's A* take about 28 KiB less than at
 * 12 on a 512 x 512 map, and the paths are as short or shorter (at 35 per
 * cent they were longer). But a step's corridor is 16 cells a sector
 * across, and a few of its searches reached twice the nodes (the state
 * they share with the route's try doubled for good), so a step's search is
 * bounded to LOOSE_CLUTTERED_NODES (mm_profile_config.c), what 2048 of the state's slots hold,
 * and one that would reach more looks half as far ahead
 * (refine/corridor.h) (results/reference/mm-paper/randfit46.md). */
#define LOOSE_SCATTERED 0.165
/* There the route's JPS try runs on to this many expansions, but gives up
 * where it would hold more than LOOSE_CLUTTERED_NODES nodes too, so it
 * keeps to the slots the steps take: past that the abstract route answers.
 * Tries to 1024 expansions left queries whose route, costed from s and g,
 * took a clump's wrong side (random512-40-6: the random family's longest
 * path); to 2048 with no node bound the state doubled for good. Bounded,
 * the random maps of 30 and 40 per cent blocked ran as many bytes or a few
 * hundred more, and their paths came out shorter
 * (results/reference/mm-paper/rand49.md). */
#define LOOSE_CLUTTERED_TRY 2048
/* Cluttered maps whose obstacles mostly clump (grid_scattered below this:
 * the random maps of 40 per cent blocked, 0.017-0.051; 35 per cent is at
 * 0.12-0.14) take P_LOOSE_CLUTTERED's sectors of 16 too: there the
 * clumps leave fewer regions, the smaller abstraction, index and route
 * A* bring each map within its budget, and the paths come out about as
 * long (results/reference/mm-paper/randmem48.md). */
#define CLUMPED_SCATTERED 0.09
/* Of those, where obstacles stand alone more still (the random maps of 20
 * and 25 per cent blocked, grid_scattered 0.38-0.39 and 0.28-0.29; 30 per
 * cent is at 0.20) the abstraction is smaller (fewer regions), and a
 * step's window one region wider fits the budget: their later steps look
 * one region further (P_SPARSE_CLUTTERED), which takes back more than the
 * first step's shorter look costs (mm_profile_config.c CORRIDOR_FIRST_REACH). At 30 per cent
 * the wider window took every map over its budget
 * (results/reference/mm-paper/randfirst47.md). */
#define SPARSE_SCATTERED 0.24
/* There the route's A* is weighted a little more: it expands fewer regions
 * before a query's first cells, and the steps looking one region further
 * take back what its longer routes cost (more weight lost more than they
 * take back, randfirst47.md). */
#define SPARSE_ROUTE_WEIGHT 1.22

/* Broad corridors' center legs skip at most this many centers: further
 * lines are seldom legal in a maze, and each failed test is a line walked
 * for nothing (2 against 1, 4 and 16: results/reference/mm-paper/outliers38.md). */
#define BROAD_SKIP 2

/* Corridors and rooms: routes pass the same legs again and again, and
 * smoothing their joints is much of mm's time there. */
#define MEMO_WIDE 1024
/* Open game maps (the default profile): its sets keep the joints that
 * recur, so this many smooth about as often as MEMO_WIDE did direct-mapped,
 * and every entry is memory of each such map's instance
 * (results/reference/mm-memory-dao/). */
#define MEMO_GAME 512

/* What the profiles set apart. The default row, and why:
 *  - S 16: the paper's side, a region's center fits in a byte;
 *  - jps 256: on open maps most capped tries succeed and a failed one costs little;
 *  - near 32: A* in a box of a few sectors costs about what locating and refining does,
 *    and it keeps short queries off long routes through centers;
 *  - hold 16, joint 3, back all: enough cells held for a joint's smoothing to see past it,
 *    smoothed from the anchor (the window is short);
 *  - smooth: the window's smoothing takes most of the detour through centers out;
 *  - w 1: an optimal abstract route, by the regions' contraction hierarchy. */
static const MmProfile PROFILES[] = {
    /*                          name               S  ahead jps near hold joint back smooth w  memo_max skip */
    [P_DEFAULT] = {"default", 16, 0, 256, 32, 16, 3, -1, true, 1.0, MEMO_GAME, 0},
    /* JPS answers every query (the small route), optimally; the rest only
     * serves what the abstraction keeps for updates, and a query the route
     * gives up on (its JPS out of memory): no smoothing, so the window
     * keeps no table of smoothed joints (refine/window.h), which would be
     * a quarter of the instance on these maps. */
    [P_SMALL_MAP] = {"small-map", 16, 0, 256, 32, 16, 3, -1, false, 1.0, MEMO_GAME, 0},
    /* Mazes (walls only, many regions a sector): a box A* floods every
     * corridor of its box (near 0); JPS tried first answered most queries
     * at JPS's own cost (jps 0); a walk into a dead end and back is unwound
     * only while its cells are held (hold 64); cached legs and the window
     * are smoothed already, so only the waypoints near a joint are new: two
     * on each side, as where the joint's waypoint goes the next one often
     * can too, and one on each side left most of mm's excess on these maps
     * (joint 2, back 2; the stretch is remembered, refine/window.h).
     * Corridors at most two cells wide: a turn's diagonal cut saves a
     * fraction of a cell for a quarter of the time (smooth 0). */
    [P_NARROW] = {"narrow-corridors", 16, 0, 0, 0, 64, 1, 1, false, 1.0, MEMO_WIDE, 0},
    [P_CORRIDORS] = {"corridors", 16, 0, 0, 0, 64, 2, 2, true, 1.0, MEMO_WIDE, 0},
    /* Corridors at least a sector wide (the largest open square, their
     * width on a maze of thin walls, at least S): most sectors are open
     * floor cut by a wall or two, a center leg runs along a corridor and
     * seldom into a dead end, so a joint's unwinding needs few of the held
     * cells, while holding 64 made each joint's smoothing test long lines
     * across the open floor: hold 16, as the default row, for much less
     * smoothing and about the same paths
     * (results/reference/mm-paper/mazes36.md). */
    [P_WIDE_CORRIDORS] = {"wide-corridors", 16, 0, 0, 0, 16, 2, 2, true, 1.0, MEMO_WIDE, 0},
    /* Corridors at least two sectors wide: along a corridor the route's
     * centers see each other, and a center leg runs straight on past up to
     * BROAD_SKIP of them where the line is legal (RefineConfig.skip): half
     * the legs, each a cache lookup, a joint and its smoothing, and the
     * line is no longer than the legs it replaces. But a line from center
     * to center passes a wall's end further off than the smoothed legs
     * did, so each joint smooths three waypoints on either side (joint 3,
     * back 3), which the fewer joints pay for; with two the paths got
     * longer. Where corridors are one sector wide the lines cut across
     * their walls' ends less often, and the paths got longer
     * (results/reference/mm-paper/outliers38.md). But JPS is tried first
     * (jps 256): across floors two sectors wide its jumps run a corridor's
     * length in one expansion, about 80 a query on the 32-wide mazes and
     * none capped, and it answered them optimally in about half the
     * instructions of the route through centers, whose regions' hierarchy
     * query and lines tested across the open floor were most of its cost;
     * a query it gives up on goes through the centers as before
     * (results/reference/mm-paper/maze44.md). With few corners (the
     * 32-wide mazes) the map takes small-map instead (SMALL_MAP_CORNERS). */
    [P_BROAD_CORRIDORS] = {"broad-corridors", 16, 0, 256, 0, 16, 3, 3, true, 1.0, MEMO_WIDE, BROAD_SKIP},
    /* No diagonal move: every legal line runs along a row or a column, so
     * smoothing cuts nothing the window's unwinding does not. */
    [P_NO_DIAGONALS] = {"no-diagonals", 16, 0, 256, 32, 16, 3, -1, false, 1.0, MEMO_GAME, 0},
    /* Scattered obstacles: through centers each leg commits to a region's
     * corner and the route to the sectors center-to-center costs chose,
     * where the shortest path often runs a sector beside them; corridor
     * steps commit to no center and search the route's sectors and those
     * around them (refine/corridor.h). Looking further ahead than 3
     * where sectors hold more regions (cluttered, CLUTTERED_AHEAD): a step
     * that keeps more of a longer search commits less often to the center
     * it aims at (results/reference/mm-quality/README.md, "Random maps"). A
     * failed capped try's abstract route is long among scattered
     * obstacles, so tries go on up to a higher cap (jps 512; 1024 where
     * cluttered: there the route costed from s and g can still take a
     * cluster's wrong side, and the longer try answers more queries
     * optimally for no more memory, as the corridor steps it saves hold
     * their own, results/reference/mm-quality/README.md). Cluttered
     * maps take smaller sectors (CLUTTERED_SIDE), and no near box (near
     * 0): among their obstacles a box's A* took pages for up to its 10
     * sectors and answered queries the corridor steps answer as well
     * (random512-40-1: 30 KiB of pages; on the random maps of 20 to 40 per
     * cent blocked the same path lengths but for three queries of two maps,
     * one shorter, results/reference/mm-paper/randfit44.md). The
     * corridor profiles' routes come from an A* over the regions, so they
     * build no hierarchy (mm_entry.c), which pays for the smaller sectors. */
    [P_CLUTTERED] = {"cluttered", CLUTTERED_SIDE, CLUTTERED_AHEAD, 1024, 0, 16, 3, -1, true, CLUTTERED_ROUTE_WEIGHT,
                     MEMO_WIDE, 0},
    [P_LOOSE_CLUTTERED] = {"loose-cluttered", 16, CLUTTERED_AHEAD, LOOSE_CLUTTERED_TRY, 0, 16, 3, -1, true,
                           CLUTTERED_ROUTE_WEIGHT, MEMO_WIDE, 0},
    [P_SPARSE_CLUTTERED] = {"sparse-cluttered", 16, CLUTTERED_AHEAD + 1, 1024, 0, 16, 3, -1, true, SPARSE_ROUTE_WEIGHT,
                            MEMO_WIDE, 0},
    [P_SCATTERED] = {"scattered", 16, 3, 512, 32, 16, 3, -1, true, 1.0, MEMO_WIDE, 0},
    /* Rooms: the abstract route through whole rooms' centers picks the
     * wrong rooms (SECTOR_ROOMS_DETOUR); sectors of about half a room split
     * each room into a few regions, whose centers let the route turn where
     * the doors are. Rooms smaller than a sector (a 16-cell sector holds
     * several, its center in one's corner) at 6; rooms about a sector at 8. */
    [P_SMALL_ROOMS] = {"small-rooms", 6, 0, 256, 32, 16, 3, ROOMS_BACK, true, 1.0, MEMO_WIDE, 0},
    [P_SECTOR_ROOMS] = {"sector-rooms", 8, 0, 256, 32, 16, 3, ROOMS_BACK, true, 1.0, MEMO_WIDE, 0},
    /* Rooms of two sectors or more: the default row's sectors and memo (the
     * 32room maps are held at their budget), a longer hold
     * (LARGE_ROOMS_HOLD). */
    [P_LARGE_ROOMS] = {"large-rooms", 16, 0, 256, 32, LARGE_ROOMS_HOLD, 3, ROOMS_BACK, true, 1.0, MEMO_GAME, 0},
    /* Large rooms with few corners: the same, JPS tried farther, center
     * legs past centers (OPEN_ROOMS_SKIP). */
    [P_OPEN_ROOMS] = {"open-rooms", 16, 0, 256, 32, LARGE_ROOMS_HOLD, 3, ROOMS_BACK, true, 1.0, MEMO_GAME,
                      OPEN_ROOMS_SKIP},
};

const MmProfile *mm_profile_default(void) { return &PROFILES[P_DEFAULT]; }

MmProfileId mm_profile_id(const MmProfile *p) { return (MmProfileId)(p - PROFILES); }

/* Obstacles mostly alone (LOOSE_SCATTERED) or mostly clumped (CLUMPED_SCATTERED). */
static bool loose_clutter(const MapKind *k)
{
    return k->scattered >= LOOSE_SCATTERED || (k->scattered >= SCATTERED && k->scattered < CLUMPED_SCATTERED);
}

/* The default profile's JPS reach (mm_profile_config.c), in octile. */
static int default_reach(void)
{
    MmConfig c;
    mm_profile_config(&PROFILES[P_DEFAULT], &c);
    return c.refine.routes.jps_reach;
}

const MmProfile *mm_profile_choose(const MapKind *k, int small)
{
    bool corridors = k->scattered < WALLS_ONLY && k->regions_per_sector > MAZE_REGIONS_PER_SECTOR;
    bool large_rooms = k->scattered < WALLS_ONLY && k->regions_per_sector >= LARGE_ROOMS_REGIONS &&
                       k->corners <= LARGE_ROOMS_CORNERS * k->nsectors;
    bool open_rooms = large_rooms && k->corners <= OPEN_ROOMS_CORNERS * k->nsectors;
    int p = corridors && !k->wide                                                                 ? P_NARROW
            : corridors && k->open_side < PROFILES[P_WIDE_CORRIDORS].sector                       ? P_CORRIDORS
            : corridors && k->open_side < 2 * PROFILES[P_BROAD_CORRIDORS].sector                  ? P_WIDE_CORRIDORS
            : corridors                                                                           ? P_BROAD_CORRIDORS
            : !k->diagonals                                                                       ? P_NO_DIAGONALS
            : k->scattered >= SPARSE_SCATTERED && k->detour >= CLUTTERED_DETOUR                   ? P_SPARSE_CLUTTERED
            : loose_clutter(k) && k->detour >= CLUTTERED_DETOUR                                   ? P_LOOSE_CLUTTERED
            : k->scattered >= SCATTERED && k->detour >= CLUTTERED_DETOUR                          ? P_CLUTTERED
            : k->scattered >= SCATTERED                                                           ? P_SCATTERED
            : k->detour >= SMALL_ROOMS_DETOUR && k->regions_per_sector < MAZE_REGIONS_PER_SECTOR  ? P_SMALL_ROOMS
            : k->detour >= SECTOR_ROOMS_DETOUR && k->regions_per_sector < MAZE_REGIONS_PER_SECTOR ? P_SECTOR_ROOMS
            : open_rooms                                                                          ? P_OPEN_ROOMS
            : large_rooms                                                                         ? P_LARGE_ROOMS
                                                                                                  : P_DEFAULT;
    bool measured = k->nsectors <= SMALL_MAP_ANY ||
                    ((p == P_DEFAULT || p == P_LARGE_ROOMS || p == P_OPEN_ROOMS) && k->nsectors <= SMALL_MAP_SECTORS) ||
                    p == P_BROAD_CORRIDORS;
    bool tiny = k->nsectors <= SMALL_MAP_TINY;
    bool dense = p == P_DEFAULT && k->corners >= SMALL_MAP_DENSE * k->nsectors && k->across2 > 2 * default_reach();
    if (small < 0 ? (measured && k->corners <= SMALL_MAP_CORNERS && !dense) || tiny
                  : small > 0 && k->corners <= (uint32_t)small)
        p = P_SMALL_MAP;
    return &PROFILES[p];
}

const MmProfile *mm_profile_of_map(const Grid *g, const Abstraction *a, int small, MapKind *kind, Err *err)
{
    return map_kind(g, a, kind, err) ? mm_profile_choose(kind, small) : NULL;
}
