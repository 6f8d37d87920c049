/* entries/mm/mm_profile_config.c: the mechanism: a profile's row, and the
 * values only some rows take, as every option's value: the MmConfig that
 * mm_options.c then overrides with the user's keys (mm_profile.h). Which
 * profile a map takes is mm_profile.c's. Each value says why in one line;
 * the measurements behind them are in results/reference/mm-profiles/README.md. */
#include "mm_profile.h"

/* The default profile's JPS runs to its cap only for queries within this
 * octile distance (refine/routes.h jps_reach); a farther one runs to
 * DEFAULT_FAR_CAP expansions, on a credit of its own, then takes the abstract
 * route, whose first steps go out after its first legs (a JPS hands out
 * no cell before its whole path). A far query that JPS answers in a few
 * jumps costs less than those legs, optimally; the long tries were most of
 * the first steps' cost. Nearer reaches or no far tries lengthened paths
 * past the family's budget; a farther reach or cap gained less
 * (results/reference/mm-paper/reach53.md). */
#define DEFAULT_JPS_REACH 192
#define DEFAULT_FAR_CAP 64
/* On every rooms row through centers, a query's first joint keeps this
 * many cells back, not `hold`: its first cells go out a leg or so sooner,
 * for paths a little longer, which the large rooms' longer hold takes
 * back (rooms48.md; first-hold in rooms47.md). So on the default row: on
 * dao's maps too a query's first steps waited for a second leg, and the
 * shorter holds lengthen their paths less than the reach did
 * (results/reference/mm-paper/first54.md). */
#define ROOMS_FIRST_HOLD 4
/* ... and every joint keeps only that many until the query's first this
 * many steps are out: a joint holding `hold` cells back hands out few, so
 * a query's first steps waited for two or three more legs, each joined and
 * smoothed, where the rest of the query then takes back what the shorter
 * holds cost (results/reference/mm-paper/route51.md). */
#define ROOMS_FIRST_STEPS 20
/* On every rooms row capped JPS tries keep a credit per band of distance
 * (refine/routes.h RoutesConfig.bands) of this many units of octile2,
 * twice the octile distance: through rooms a try answers within its cap
 * less often the farther its query, and one credit for every far query
 * gave up the near ones the far ones' failures spent it on, whose tries
 * answer, optimally, in fewer instructions than the abstract route's
 * first steps (route51.md). */
#define ROOMS_TRY_BAND 32
/* Rooms rows try JPS first only within this octile distance (routes.h
 * jps_reach): a try that answers has searched the whole path before the
 * first step, a cost growing with the distance, while the abstract route's
 * first steps cost about the same at any distance; nearer, the optimal
 * answers cost less (results/reference/mm-paper/rooms53.md). Large rooms:
 * a try's expansions grow more slowly with the distance. Open rooms: JPS
 * crosses a room in a few jumps, and a route through centers refines and
 * smooths more legs a room: nearer, the whole run costs more than the first
 * steps save. */
#define ROOMS_JPS_REACH 80
#define LARGE_ROOMS_JPS_REACH 160
#define OPEN_ROOMS_JPS_REACH 480
/* Loose-cluttered maps' corridor steps are bounded to this many nodes,
 * what 2048 of the state's slots hold (mm_profile.c LOOSE_SCATTERED). */
#define LOOSE_CLUTTERED_NODES 1792
/* Cluttered maps bound the route's JPS try as well as a step's corridor
 * search to what 1024 of the node state they share hold: a few of either
 * reached past that, and the state doubled to 2048 slots for good, about
 * a sixth of the instance. A try that would reach more gives up (the abstract route
 * answers), a step looks half as far ahead; the paths a little longer
 * (results/reference/mm-paper/rand49.md). */
#define CLUTTERED_NODES 896
/* The window's joint memo (refine/window.h): joints recur per pair of legs,
 * so a larger map has more; an entry per MEMO_CELLS cells, between
 * MEMO_MIN and the profile's memo_max. */
#define MEMO_CELLS 128
#define MEMO_MIN 256
/* Corridor steps: the cells a query's first joint keeps back. A step keeps
 * a shortest path inside its corridor up to a point it did not aim at, so
 * little of it is left for the joint's smoothing to take back; holding the
 * whole `hold` there held back most of a first step's cells, and nearly
 * half the queries waited for a second step (its painting and search)
 * before their first steps went out. The later joints keep `hold`. Through
 * centers every joint keeps `hold`: there the first joint's smoothing
 * takes back more (results/reference/mm-paper/first35.md). */
#define CORRIDOR_FIRST_HOLD 4
/* A query's first corridor step looks between these many regions ahead,
 * whatever its later steps do. At least the least (scattered: 3 -> 4):
 * where a first step commits the path decides most of its excess on those
 * maps, and one region more there took back more than the first joint's
 * smaller hold and the rarer JPS probes cost, for one larger search a query
 * (results/reference/mm-paper/first35.md). At most the most (cluttered: 7
 * -> 5): the first step's search, all of it before the first cells go out,
 * grows with every region it looks ahead, and the later steps, looking
 * further, take back the excess of a first step that looked less far
 * (results/reference/mm-paper/first36.md). */
#define CORRIDOR_FIRST_AHEAD_LEAST 4
#define CORRIDOR_FIRST_AHEAD_MOST 5
/* ... and at most about this many cells ahead: 5 regions of sectors of 12,
 * 4 of 16 (loose-cluttered and sparse-cluttered: a query's first step is
 * the one inside its first 20 steps, and at 4 its search is cheaper, for
 * paths a little longer, which sparse-cluttered's later steps take back,
 * results/reference/mm-paper/randfirst47.md). */
#define CORRIDOR_FIRST_REACH 64
/* The corridors row (the 4- and 8-wide mazes) holds `hold` cells at every
 * joint, a query's first too (a shorter first hold hands out walks into
 * dead ends the later legs would unwind: paths longer, some far longer),
 * so a query's first cells wait for several legs, and a window that went
 * below its hold refills by several; a call that hands out nothing joins
 * at most this many cached legs, each a lookup, an unwinding and a joint's
 * smoothing, and the rest go on in the next call: the same joins in the
 * same order, the same paths, a few more calls
 * (results/reference/mm-paper/maze55.md). */
#define CORRIDORS_IDLE_LEGS 2

/* What every profile shares, and why. */
static const MmConfig BASE = {
    .defaults = 1,     /* open sectors cost nothing in the pool */
    .centers = 0,      /* plain centers: no optimising pass in preprocessing */
    .cache = LEGS_SYM, /* one record serves a leg both ways */
    .cache_kb = -1,    /* capped in proportion to the map (mm_budget.c mm_cache_cap) */
    .segfile = 0,      /* the cache fills within a few queries; the file stays small */
    .ahead = 3,        /* refine=corridor on a profile through centers: the scattered profile's */
    .small = -1,       /* small=auto: mm_profile_choose's rule */
    .coarse = -1,      /* coarse=auto: mm_profile_coarse_busy's share */
    .refine =
        {
            .legs_per_call = 1, /* cells go out after each leg: the first steps come early */
            .budget_us = 0,     /* a leg count, not a clock: the same paths on every machine */
            .work = 12,         /* a call's searches stop after this many expansions and go on in the next */
            .routes =
                {
                    .direct = true, /* a legal line is optimal and costs one walk */
                    /* A box's A* that answers reaches a few sectors; one that
                     * reaches more floods what its box connects to s and
                     * finds nothing (near boxes on dao's brc maps): pages for
                     * them are most of the legs' memory, for no answer */
                    .box_sectors = 10,
                    /* Turn bits at a map's first change, kept whatever the budget:
                     * at most about 64 KiB, where a changing map's JPS answers most
                     * queries (a map that never changes takes them where its budget
                     * has the room, of any size: mm_budget.c mm_take_turns) */
                    .turns_cells = (size_t)1 << 17,
                },
            .phases = false, /* two clock reads per phase are not free */
        },
};

uint32_t mm_profile_memo(const MmProfile *p, size_t cells)
{
    uint32_t n = MEMO_MIN;
    while (n < p->memo_max && (size_t)n * MEMO_CELLS < cells)
        n *= 2;
    return n;
}

/* The corridors step no corridors (and the broad ones' JPS, tiled where
 * the rest is past the line, holds a known part), so what their instance
 * holds beside the edge cache and the joint memo is known at prepare.
 * Held to fit, the 16-wide mazes took about a tenth more instructions, the
 * cache evicting its oldest legs past its cap and keeping those hit again
 * (results/reference/mm-paper/mazecache43.md); there the memo may be
 * halved down to FIT_MEMO_LEAST. The 8-wide mazes' routes pass more legs
 * and joints, and there a memo of half its most cost several times what
 * the misses of a cache held to what is left cost (each a leg planned
 * again): so there the memo keeps its most and only the cache is held.
 * The 1- and 2-wide mazes do not fit with the memo at its most, and keep
 * the whole budget (results/reference/mm-paper/mazefit45.md); the 4-wide
 * ones fit with it held tighter (mm_profile_fit_memo_tight). */
#define FIT_MEMO_LEAST 256

uint32_t mm_profile_fit_memo_least(const MmProfile *p)
{
    MmProfileId id = mm_profile_id(p);
    if (id == P_CORRIDORS)
        return p->memo_max;
    return id == P_WIDE_CORRIDORS || id == P_BROAD_CORRIDORS ? FIT_MEMO_LEAST : 0;
}

/* The 4-wide mazes are corridors whose memo at its most leaves their
 * cache too little room. Held to FIT_MEMO_LEAST, the cache taking the rest
 * (less than their legs take), they end within their budget at a cost in
 * time (legs evicted and planned again): the cache's room weighed more
 * than the memo's there, a memo of half its most beside a smaller cache
 * costing more (results/reference/mm-paper/lead57.md). */
uint32_t mm_profile_fit_memo_tight(const MmProfile *p) { return mm_profile_id(p) == P_CORRIDORS ? FIT_MEMO_LEAST : 0; }

void mm_profile_config(const MmProfile *p, MmConfig *c)
{
    MmProfileId id = mm_profile_id(p);
    *c = BASE;
    c->sector = p->sector;
    if (p->ahead > 0)
        c->ahead = p->ahead;
    c->refine.ahead = p->ahead;
    c->refine.routes.whole = id == P_SMALL_MAP;
    c->refine.routes.jps_cap = p->jps_cap;
    c->refine.routes.jps_reach = id == P_DEFAULT                               ? DEFAULT_JPS_REACH
                                 : id == P_OPEN_ROOMS                          ? OPEN_ROOMS_JPS_REACH
                                 : id == P_LARGE_ROOMS                         ? LARGE_ROOMS_JPS_REACH
                                 : id == P_SMALL_ROOMS || id == P_SECTOR_ROOMS ? ROOMS_JPS_REACH
                                                                               : 0;
    c->refine.routes.far_cap = id == P_DEFAULT ? DEFAULT_FAR_CAP : 0;
    /* Not on the random maps' profiles: two bytes a sector would take the
     * cluttered ones over their budget, and there a try that gives up is
     * mostly a probe, which its reach bounds already (refine/routes.c).
     * Nor on the rooms' small sectors: their maps' first-20 and whole
     * instructions the same within 0.05 % (results/reference/mm-paper/
     * tryfirst46.md), for about 15 KB more on the 8room maps. */
    bool loose = id == P_LOOSE_CLUTTERED || id == P_SPARSE_CLUTTERED;
    c->refine.routes.skip_gave_up =
        id != P_CLUTTERED && !loose && id != P_SCATTERED && id != P_SMALL_ROOMS && id != P_SECTOR_ROOMS;
    c->refine.routes.near = p->near;
    c->refine.corridor_nodes = loose ? LOOSE_CLUTTERED_NODES : id == P_CLUTTERED ? CLUTTERED_NODES : 0;
    c->refine.routes.jps_nodes = id == P_CLUTTERED         ? CLUTTERED_NODES
                                 : id == P_LOOSE_CLUTTERED ? LOOSE_CLUTTERED_NODES
                                                           : 0;
    /* Cluttered maps' route JPS keeps its transposed rows tiled from the
     * start (refine/routes.h jps_tiles), as many as the owner tiles a
     * corridor-stepping instance to at prepare: the whole copy held until
     * then was the instance's peak. So do the small and sector rooms'. */
    c->refine.routes.jps_tiles = id == P_CLUTTERED      ? MM_JPS_TILES_CORRIDORS
                                 : id == P_SMALL_ROOMS  ? MM_JPS_TILES_SMALL_ROOMS
                                 : id == P_SECTOR_ROOMS ? MM_JPS_TILES_SECTOR_ROOMS
                                                        : 0;
    c->refine.hold = p->hold;
    bool large_rooms = id == P_LARGE_ROOMS || id == P_OPEN_ROOMS;
    bool rooms = id == P_SMALL_ROOMS || id == P_SECTOR_ROOMS || large_rooms;
    bool first_early = rooms || id == P_DEFAULT;
    c->refine.first_hold = p->ahead > 0 ? CORRIDOR_FIRST_HOLD : first_early ? ROOMS_FIRST_HOLD : p->hold;
    c->refine.first_steps = first_early ? ROOMS_FIRST_STEPS : 0;
    c->refine.idle_legs = id == P_CORRIDORS ? CORRIDORS_IDLE_LEGS : 0;
    c->refine.routes.bands = rooms ? ROOMS_TRY_BAND : 0;
    int most = CORRIDOR_FIRST_REACH / p->sector < CORRIDOR_FIRST_AHEAD_MOST ? CORRIDOR_FIRST_REACH / p->sector
                                                                            : CORRIDOR_FIRST_AHEAD_MOST;
    most = most > CORRIDOR_FIRST_AHEAD_LEAST ? most : CORRIDOR_FIRST_AHEAD_LEAST;
    c->refine.first_ahead = p->ahead <= 0                           ? 0
                            : p->ahead < CORRIDOR_FIRST_AHEAD_LEAST ? CORRIDOR_FIRST_AHEAD_LEAST
                            : p->ahead > most                       ? most
                                                                    : 0;
    c->refine.joint = p->joint;
    c->refine.back = p->back;
    c->refine.smooth = p->smooth;
    c->refine.weight = p->weight;
    c->refine.skip = p->skip;
}

/* Coarse turn bits (search/jps_coarse.h) spare a diagonal step its scans
 * where both its lines' segments are quiet: in rooms larger than a segment
 * most are (the scans end at a room's wall but in the rows and columns of
 * its doors), and the JPS route's sweeps skip most of their scans; on dao's
 * irregular walls a fifth or more of the bits are set, few runs of steps
 * are quiet, and reading the bits first costs more than it spares
 * (results/reference/mm-paper/coarse41.md). At most this share of the
 * bits set (of segments with a passable cell), coarse=auto keeps them. */
#define COARSE_BUSY_MOST 0.15

double mm_profile_coarse_busy(const MmConfig *c) { return c->coarse < 0 ? COARSE_BUSY_MOST : 1.0; }
