/* jps.h (search floor): Jump Point Search (Harabor & Grastien, AAAI 2011) for 8-connected
 * grids without corner cutting, with block-based straight jumps (bitrows.h).
 *
 * Rules without corner cutting (the parent p precedes n along the travel):
 *  - straight, e.g. east into n = (x, y): n is a jump point when (x-1, y-1) is
 *    blocked and (x, y-1) passable (p's diagonal to (x, y-1) would cut that
 *    corner, so only n reaches it); then N and NE are forced; likewise below;
 *  - diagonal moves have no forced neighbours; a diagonal cell is a jump point
 *    when one of its two straight jumps finds one (or it is the goal).
 * Successors: the start tries all 8 directions; a straight arrival continues
 * straight plus its forced pair; a diagonal arrival tries its two straight
 * components and the diagonal. Each parent -> child segment is one straight or
 * diagonal line, unpacked into cells for the caller.
 * Two sources of jumps, one search: online JPS scans bit rows (bitrows.h, no
 * preprocessing); JPS+ looks every jump up in the jump table (jumptable.h,
 * built in PreprocessMap) and never scans. They share the successor rules,
 * the search and the unpacking on purpose: the table answers exactly what
 * the scans answer, except that JPS+ also stops a diagonal jump where it
 * meets the goal's row or column (the table cannot know the goal). JPS+
 * applies the rules through a table (Jps.succ, filled from the same rules at
 * init): a cell's 8 jump values are one 8-byte load, and which of them are 0
 * (no legal step) decides the forced neighbours, so an expansion is two
 * loads and a loop over the set bits instead of a test per direction.
 * Online JPS prunes a diagonal stop only where it cannot cost: a stop that
 * would take the bypass (be expanded next) is expanded in place, its
 * successors generated from the sweep's origin with the scans that found
 * it, and the sweep goes on; any other stop is a node (jps_sweep.h
 * try_diagonal_in; counted as an expansion, so caps and work are those of
 * the unpruned search; docs/entries/jps.md).
 * JPS+'s intermediate pruning is a per-map choice (Jps.prune_diag, decided in
 * jps_init and after every update from grid_scattered, grid/grid.h): where
 * obstacles are scattered (share >= 0.15, as on sparse random maps) almost
 * every cell of a diagonal sweep is a jump point, and generating the
 * straight successors of each from the sweep's origin costs more than
 * queueing the first stop as a node, as online JPS does; on walls (dao,
 * rooms, mazes) and on dense random maps pruning wins (the measurements:
 * docs/entries/jpsplus.md). Both are exact: unpruned, the first stop
 * is queued with its true g and continues the same diagonal under the same
 * rules when expanded, which is JPS (2011); pruned, each stop's straight
 * successors get that same g plus their straight run with the origin as
 * parent (2014, §5), so either search reaches every jump point at its
 * shortest distance and A*'s argument holds. Only ties may differ.
 * Owns a copy of the map, its bit rows (and turn bits, jps_enable_turns,
 * or coarse ones, jps_enable_coarse) or jump table, the per-cell search
 * arrays and the open list (stamps, no clearing), all allocated in jps_init
 * (jps_init_bounded: hashed node state, grown between searches to what
 * they reach, up to a bound or, JPS_NODES_GROW, none;
 * the map may be borrowed; its pages are touched when taken, jo_touch, so
 * no call of a caller that bounds its calls meets a page fault); a search
 * allocates nothing (a growing one: only when it begins again, jps_grow;
 * jps_run zeroes the grown slots, touching their pages, in pieces of its
 * work, JPS_ZERO_SLOTS_PER_WORK, before it begins again).
 * Both run on one integer open list (search/jps_open.h, costs 2^k and
 * round(sqrt(2) 2^k)): JPS+ spends most of its time there, and online JPS,
 * the yardstick JPS+ is measured against, must not be slowed by a heap the
 * other one has outgrown (on the best-first core it was slower on every
 * family, with the same paths' lengths: docs/entries/jps.md). */
#ifndef GPPC_SEARCH_JPS_H
#define GPPC_SEARCH_JPS_H

#include "../common/grow.h"
#include "bitrows.h"
#include "bitrows_tiles.h"
#include "jps_coarse.h"
#include "jps_open.h"
#include "jps_turns.h"
#include "jumptable.h"
#include "trace.h"

typedef struct Jps {
    Grid grid;
    bool plus;          /* JPS+: jumps from `table`, no bit rows */
    bool prune_diag;    /* JPS+: diagonal sweeps skip intermediate jump points */
    BitRows rows, cols; /* online: the grid as bit rows; cols: transposed */
    bool tiled;         /* online, bounded, borrowed: `tiles` in place of `cols` (jps_tile_cols) */
    BitTiles tiles;
    JpsTurns turns;    /* online, packed, once jps_enable_turns (not tiled; kept where tiled later, jps_tile_cols) */
    JpsCoarse *coarse; /* online, packed, without turns, once jps_enable_coarse: diagonal steps read them first */
    JumpTable table;   /* JPS+ */
    /* JPS+: [entry direction + 1][the cell's nonzero table values as bits]
     * -> its successor directions as bits (jps_state.c fill_succ); NULL for
     * online JPS, which scans instead (allocated, not inline: an online
     * JPS, mm's, would carry it unused) */
    uint8_t (*succ)[256];
    JpsOpen open; /* JPS+: the same with integer costs (jps_open.h) */
    uint64_t expanded;
    int gx, gy;           /* the goal, padded coordinates */
    int sx, sy;           /* the start (unpadded) of the search jps_begin began */
    uint64_t cap;         /* the search's cap (jps_begin), for a restart after growing */
    uint64_t cap_left;    /* expansions the search may still make (jps_begin) */
    bool running;         /* begun and not ended: jps_run goes on */
    size_t unwind_n;      /* found, its chain of unwind_n jump points in `trace`, not yet appended (jps_run) */
    uint64_t unwind_work; /* what appending it costs (JPS_UNWIND_POINTS, JPS_UNWIND_CELLS) */
    uint64_t steps;       /* diagonal steps of the expansion in progress (jps_run's work) */
    uint64_t pruned;      /* online: diagonal stops it expanded in place (jps_sweep.h try_diagonal_in) */
    uint32_t *trace;      /* jump points of the path, goal first; during the
                        search the bypass stack, node indices as the open list's (jps.c relax) */
    size_t nbypass, trace_cap;
    uint64_t fcur_fixed; /* the same for JPS+, in jps_open.h's unit */
    uint64_t from_g;     /* g of the node being expanded (jps.c relax) */
    uint32_t from_idx;   /* its index in the open list's node state (the parent its successors keep) */
    uint32_t start_idx;  /* the start's index there */
    size_t passable;     /* cells of the map as it is now */
    bool failed;         /* bounded: the latest search reached more nodes than it was sized for */
    uint64_t node_cap;   /* sparse: the most nodes a search may take now (jps_grow) */
    uint64_t node_bound; /* and ever (jps_init_bounded's max_nodes and the start) */
    uint64_t slot_bound; /* the slots for node_bound */
    uint64_t grown;      /* searches begun again after growing the node state */
    /* The owner's choice (0, at init: none): the most bytes (jps_bytes) a
     * sparse JPS may hold with its turn bits. A growth of its node state
     * (jps_grow) that would take it past them gives the turn bits back
     * first, for good (jps_enable_turns then does nothing; jps_retake_turns
     * takes them again): the same searches, their diagonal steps scanned
     * again. SIZE_MAX: no room of its own, the owner gives them back
     * (jps_give_back_turns, from the gate below). */
    size_t turns_room;
    /* The owner's (zero at init: none): asked before the node state grows
     * (jps_grow, after the turn bits were given back where they would
     * be), with the bytes it adds; it grows whatever the answer. Between
     * two expansions, so the owner may tile the transposed rows there
     * (jps_tile_cols) even in a search paused between runs. */
    GrowGate gate;
    size_t held_peak;      /* what it held just before it gave them back */
    bool turns_given_back; /* (beside the other flags: no padding of its own) */
    bool borrowed;         /* bounded: `grid` is the caller's (jps_init_bounded) */
    bool waypoints;        /* the owner's choice (false at init): a found path is appended as its
                           * turns, each segment cardinal or diagonal (grid/validate.h), not cell by cell */
    /* jps_share_nodes: the other JPS this one holds one node state with
     * (NULL: its own). The state (the slots and the open list) is in
     * whichever of the two began a search last; the other's `open` holds
     * none. `share_counted`: jps_bytes counts it here, wherever it is. */
    struct Jps *share;
    bool share_counted;
    bool dropped;         /* the other began a search while this one's was begun: given up (JPS_CAPPED) */
    const Tracer *tracer; /* NULL: not traced (search/trace.h) */
} Jps;

/* Online JPS with table == NULL; JPS+ with a table of this map, which the
 * search takes over (*table is emptied). */
bool jps_init(Jps *j, const Grid *map, JumpTable *table, Err *err);
/* Online JPS whose node state (per node, open list, trace) holds at most
 * `max_nodes` nodes of one search: hashed by cell in a seventh more slots
 * (jps_open.h, sparse), on any map (per cell, even where that is the
 * smaller at the bound, it holds all of it from the start). It starts with
 * room for a few nodes: a search that finds its slots, its open list or its
 * bypass stack full has the full ones doubled (jps_grow, up to the bound)
 * and begins again, so the state grows between searches, never per node, a
 * few times in an instance's life, to what the searches reach (on game
 * maps a small part of the bound), and the answer is the one a node per
 * cell gives (the open list orders by key alone). For a planner that caps
 * its searches or runs them in a corridor (mm): its memory follows what
 * its searches reach, at most the cap, not the map. Its map copy and
 * row bits are the map's; a packed map (grid.h) is its own row bits
 * (bitrows_view), and a borrowed packed map's transposed rows are a whole
 * copy, which its owner may turn into a cache of tiles where its memory
 * says (jps_tile_cols): then what a search touches is transposed when
 * first read, so the search's answer is the same. A search that
 * would reach more nodes gives up (JPS_CAPPED, `failed` set). `borrow`: no
 * map copy, `map` is read while the Jps lives; jps_update then flips only
 * the bit rows it owns (the transposed ones, and the rows of a byte map),
 * and the owner changes the map's cells itself, after jps_update, before
 * the next search, and keeps Jps.passable, the count the open list is
 * sized by (jps_update adds `opening` to it meanwhile). */
bool jps_init_bounded(Jps *j, const Grid *map, bool borrow, uint64_t max_nodes, Err *err);
/* max_nodes for a JPS whose searches have no bound but the map (mm's
 * small route): its node state grows as above with no bound; never
 * JPS_CAPPED unless memory ran out. */
#define JPS_NODES_GROW UINT64_MAX
/* Two sparse online JPS of one map (jps_init_bounded; mm's route JPS and
 * its corridor copy, refine/legplan.h) whose searches never overlap hold
 * one node state: j gives its own up and takes `with`'s; a search of
 * either takes the state as it begins (jps_begin), grows it to what it
 * reaches within its own bound, and leaves it for the other. The two
 * searches reach about as many nodes each, so the pair holds what the
 * larger reaches, not both. A begun search the other's begin overtakes
 * is given up (its jps_run: JPS_CAPPED), so callers that do overlap stay
 * valid. `with` counts the state in its jps_bytes; jps_free of either
 * leaves it to the other. False (nothing changed) where either is not
 * sparse, already shares, or their costs differ. */
bool jps_share_nodes(Jps *j, Jps *with);
/* Lets the diagonal jumps of an online JPS on a packed map with whole
 * transposed rows (not tiled) read turn bits (jps_turns.h, half a byte a
 * cell of each line from its first passable cell to its last) instead of
 * scanning two lines at each step, and its expansions' straight successors
 * skip the scans whose bit says they would end at a blocked cell: the same
 * search, the same paths. Nothing (true) for any other JPS, when already
 * on or once given back (Jps.turns_room), or where their layout cannot
 * hold the map (jps_turns_bytes_for); false + message when memory ran out
 * (the JPS scans as before). */
bool jps_enable_turns(Jps *j, Err *err);
/* jps_enable_turns even where they were given back, with no room from
 * then on (Jps.turns_room 0): for an owner whose map begins to change, which
 * keeps them whatever its static budget had left them. */
bool jps_retake_turns(Jps *j, Err *err);
/* Gives the turn bits back now, for an owner that weighs its whole
 * memory (its gate, asked before the node state grows) and counts what it
 * held with them itself: jps_bytes is what the JPS holds after. Nothing
 * where none are held or they are held for good (turns_room 0). */
void jps_give_back_turns(Jps *j);
/* Lets the diagonal jumps of an online JPS on a packed map without turn
 * bits read coarse turn bits (jps_coarse.h, a bit per 64 cells of a line
 * and direction) before they scan: a diagonal step scans only the lines
 * whose segment's bit says a scan there may find a jump point, and an
 * expansion's straight successors likewise: the same search, the same
 * paths. Every line derived now, each changed one again as the next
 * search begins (jps_update marks them). Kept only where at most
 * `busy_most` of the bits (of segments with a passable cell) are set: where
 * more are, most steps scan anyway and reading the bits first costs more
 * than it spares (the owner's choice). Turn bits taken later
 * (jps_enable_turns) replace them. Nothing (true) for any other JPS or
 * when already on; false + message when memory ran out (the JPS scans as
 * before). */
bool jps_enable_coarse(Jps *j, double busy_most, Err *err);
/* Holds the transposed rows of an online JPS on a borrowed packed map
 * (its owner's) as a cache of `slots` tiles (a power of two, at most
 * jps_tile_slots_most) in place of its whole copy, from now on (or until
 * jps_untile_cols), where that is smaller and the JPS holds no turn bits,
 * or holds them with room (turns_room, a static map's) and every line
 * derived: then they stay, read as before, and none is derived again (the
 * first change, jps_update or jps_retake_turns, gives them back, as a
 * column is derived from the whole copy); else nothing. A caller short of
 * memory pays a tile's transpose where a scan first reads it (the same
 * searches, the same paths). False + message when memory ran out (the
 * whole copy kept). */
bool jps_tile_cols(Jps *j, uint32_t slots, Err *err);
/* The whole transposed copy again in place of the tiles (the map as it
 * is now; nothing where not tiled), a tile's transpose at a time: for an
 * owner that tiled so that its turn bits could stay and has given them
 * back since. False + message when memory ran out (the tiles kept). */
bool jps_untile_cols(Jps *j, Err *err);
/* The bytes jps_untile_cols would add: 0 where not tiled. */
static inline size_t jps_untile_cost(const Jps *j)
{
    size_t whole = ((size_t)j->grid.width + 2) * (((size_t)j->grid.height + 2 + 63) / 64) * 8; /* bitrows_init's */
    return j->tiled && whole > bitrows_tiles_bytes(&j->tiles) ? whole - bitrows_tiles_bytes(&j->tiles) : 0;
}
/* Tiles the whole of j's map takes (the most jps_tile_cols takes). */
uint32_t jps_tile_slots_most(const Jps *j);
/* The bytes jps_tile_cols(j, slots) would free: 0 where it would not tile. */
size_t jps_tile_saving(const Jps *j, uint32_t slots);
/* Doubles the parts of a sparse JPS's node state its latest search found
 * full (jps.c jps_run, between two tries of a search). False (the search
 * gives up) at the bound, when memory ran out or per cell (jps_init). */
bool jps_grow(Jps *j);
/* Between searches (its owner's prepare): a sparse JPS's node state sized
 * at once for `nodes` nodes of a search (at most its bound; slots as
 * jps_grow doubles them, its open list and bypass stack an eighth of
 * them), zeroed and its pages written, so that the searches that reach
 * that many grow nothing inside a call. Never shrinks; nothing for a
 * shared state. False when memory ran out (what was held stays or grows).
 * jps_reserve_bytes: what it would add. */
bool jps_reserve(Jps *j, uint64_t nodes);
size_t jps_reserve_bytes(const Jps *j, uint64_t nodes);
/* The trace full as a found path's chain is read into it (jps.c jps_run,
 * after the search): doubled, without asking the owner's gate (it sees the
 * few KiB at its next ask). False when memory ran out. */
bool jps_grow_trace(Jps *j);
/* The most nodes an online search of at most `max_expanded` expansions
 * reaches (a bound for jps_init_bounded): the start's 8 successors, then at
 * most 5 an expansion (a straight arrival goes on and may have two forced
 * pairs; a diagonal one has 3). */
uint64_t jps_nodes_within(uint64_t max_expanded);
void jps_free(Jps *j);
/* Appends a shortest path s .. g to `path`; nothing when there is none. */
void jps_find(Jps *j, xyLoc s, xyLoc g, xyPath *path);
/* The same with at most `max_expanded` expansions (UINT64_MAX: jps_find):
 * a planner above tries JPS first and takes another route when it would cost
 * more than that. JPS_CAPPED appends nothing; whatever it finds is a shortest
 * path, as jps_find's. */
typedef enum {
    JPS_FOUND,  /* the path appended */
    JPS_NONE,   /* no path: nothing appended */
    JPS_CAPPED, /* the search's cap (or its node slots) spent: given up, nothing appended */
    JPS_PAUSED  /* jps_run only: the call's work spent; the next jps_run goes on */
} JpsResult;
JpsResult jps_find_capped(Jps *j, xyLoc s, xyLoc g, uint64_t max_expanded, xyPath *path);
/* jps_find_capped in steps, for a caller that bounds each of its calls
 * (mm's GetPath): jps_begin starts the search (false: s or g blocked, no
 * path), and each jps_run goes on while *work lasts, taking off each
 * expansion's work as it is spent: JPS_EXPANSION_WORK, plus one for each
 * step of its online diagonal jumps (each step scans two straight lines:
 * on open maps an expansion's diagonals, not the expansion, are its cost;
 * one for JPS_TURN_STEPS steps where turn bits answer them; and
 * JPS_TILE_FILL_WORK for each tile its scans filled, where tiled);
 * with none left it returns JPS_PAUSED before its next pop, and a path
 * found with too little left for it waits for the next run
 * (JPS_UNWIND_POINTS), so the search runs in the same order, with the same
 * result, however it is split between runs. Between runs nothing else may
 * search `j` or change its map (a change: jps_begin again). */
#define JPS_EXPANSION_WORK 8
/* With turn bits (jps_enable_turns) a diagonal step reads two bits instead
 * of scanning two lines, for about half its instructions (callgrind on dao
 * maps): it takes this many steps to spend one unit of that work. */
#define JPS_TURN_STEPS 2
/* Grown node slots (jps_grow) zeroed for one unit of that work: a search
 * that outgrew its slots pauses while they are zeroed, then begins again. */
#define JPS_ZERO_SLOTS_PER_WORK 8
/* A tile of transposed rows filled (bitrows_tiles_fill: 64 loads and a
 * 64 x 64 bit transpose) in units of that work, as their instructions
 * compare (callgrind): the scan that misses pays for it, else a call of
 * misses ran past its bound. */
#define JPS_TILE_FILL_WORK 24
/* A found path appended (jps_path_of_chain) in units of that work: one for
 * each JPS_UNWIND_POINTS jump points of its chain and each JPS_UNWIND_CELLS
 * cells (callgrind: about 40 instructions a jump point, 6 a cell, where a
 * unit is about 40). A run that expanded nodes and has less work left than
 * its path takes pauses instead (JPS_PAUSED, its work spent): the next run
 * appends it first, so a call does not pay for the last expansions and a
 * long path's cells together. */
#define JPS_UNWIND_POINTS 1
#define JPS_UNWIND_CELLS 6
bool jps_begin(Jps *j, xyLoc s, xyLoc g, uint64_t max_expanded);
JpsResult jps_run(Jps *j, uint64_t *work, xyPath *path);
/* Searches whose answers are dropped, each of at most max_expanded
 * expansions, between the passable cell nearest the map's middle and the
 * passable cells farthest in each of the 8 directions, each way: the first
 * search to run a branch of the sweeps' and expansions' code fetches it
 * from memory (no page fault: its lines are not cached), and on a small map
 * that made the first query to run it the longest call, several times its
 * work. Searches from the middle sweep every direction and cross the goal's
 * row and column from every side, which a corner-to-corner query does not.
 * An owner that bounds its calls runs this at prepare, so that its queries
 * find the code cached. `expanded` is left as it was; no search is in
 * progress after it; node slots grow as for any search of that many
 * expansions. */
void jps_warm_up(Jps *j, uint64_t max_expanded);
/* Applies changed cells (inside the map) to the map copy and the bit rows or
 * the jump table; `opening` is changes_opening(changes, n), which the
 * caller counts once for everything it updates. False + message when the
 * open list could not grow (nothing changed). */
bool jps_update(Jps *j, const CellChange *changes, int n, size_t opening, Err *err);
/* Bytes the search owns: its map copy, search arrays, open list, trace and
 * bit rows (the JPS+ table apart: jt_bytes); after its turn bits were given
 * back (Jps.turns_room), what it held then if that was more: the most it
 * has held at once, as its other parts never shrink. */
size_t jps_bytes(const Jps *j);

#endif
