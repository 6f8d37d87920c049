/* entries/mm/mm_budget.c: what an mm instance holds, part by part, against
 * its memory budget (issue #31: 64 KiB and 3 bits a map cell), and the
 * choices made against that budget: the edge cache's cap and its room at
 * prepare, the JPS route's turn bits (taken where they fit a share of it)
 * and the JPS's transposed rows as tiles (where the instance nears it).
 * The grow gate that weighs them as the instance grows is mm_gate.c. The
 * algorithms take what is chosen here; they do not look at the budget
 * themselves. */
#include <stdio.h>
#include <string.h>

#include "mm_inst.h"

/* What the instance holds, by part: allocated capacities, not what is in
 * use. Everything here grows and never shrinks while queries run (the edge
 * cache up to its cap), so after a run it is the peak of what the instance
 * keeps, but for one drop: when the JPS tiles its transposed rows
 * (mm_tile_jps), `peak` is what the instance held then beyond what it holds
 * now (0 once it holds more), so that the sum stays its peak. What
 * preparing allocates and frees again (the fresh build the file is checked
 * against, the hierarchy's build arrays) is not held, and shows only in
 * the process's peak RSS. `fixed`: the entry's own record (the refiner's
 * locator and the counters' arrays are in it). */
const char *const MM_PART_KEY[MM_PARTS] = {"mm_bytes_map",   "mm_bytes_abs",  "mm_bytes_index", "mm_bytes_region",
                                           "mm_bytes_ch",    "mm_bytes_legs", "mm_bytes_jps",   "mm_bytes_refiner",
                                           "mm_bytes_cache", "mm_bytes_segs", "mm_bytes_fixed", "mm_bytes_peak"};
size_t mm_bytes(const MmEntry *e, size_t part[MM_PARTS])
{
    size_t jps = legplan_jps_bytes(&e->legs);
    const size_t p[MM_PARTS] = {grid_bytes(&e->grid),
                                abs_bytes(&e->abs) + abs_update_bytes(e->pending.upd) +
                                    abs_reach_bytes(&e->pending.reach) + e->pending.lead.cap * sizeof(xyLoc),
                                abs_index_bytes(&e->ix),
                                region_search_bytes(&e->as),
                                abs_ch_kept_bytes(&e->as.ch),
                                legplan_bytes(&e->legs) - jps,
                                jps,
                                refiner_bytes(&e->refiner),
                                edge_cache_bytes(&e->cache),
                                e->have_segs ? segs_bytes(&e->segs) : 0,
                                sizeof *e,
                                0};
    size_t total = 0;
    for (int i = 0; i < MM_PARTS; i++)
        total += part[i] = p[i];
    part[MM_PARTS - 1] = e->bytes_before_tiles > total ? e->bytes_before_tiles - total : 0;
    return total + part[MM_PARTS - 1];
}

/* The instance's memory budget (issue #31): 64 KiB and 3/8 of a byte (3
 * bits) per map cell. */
size_t mm_budget(const MmEntry *e) { return 65536 + (size_t)e->grid.width * (size_t)e->grid.height * 3 / 8; }

/* The edge cache's cap: cache_kb, or with auto the whole budget. Game maps'
 * legs fit in a small part of that; the rooms' and narrow mazes' take up to
 * most of it, and a cap below what a map's legs take costs time at once
 * (legs evicted and planned again; results/reference/mm-paper/cache38.md),
 * so the cap is no smaller, but where the instance can fit its budget
 * (mm_fit_cache). */
static size_t mm_cache_cap(const MmEntry *e)
{
    if (e->cfg.cache_kb >= 0)
        return (size_t)e->cfg.cache_kb * 1024;
    return mm_budget(e);
}

/* The fewest tiles the JPS's transposed rows take (mm_tile_jps). */
#define JPS_TILES_FEWEST 16

/* On the profiles that fit (mm_profile_fit_memo_least: the corridors but
 * the narrow ones), where no corridor steps run, what the instance holds besides the edge
 * cache and the joint memo is what prepare made (the JPS route's
 * transposed rows counted as the fewest tiles: the broad corridors' JPS
 * has coarse turn bits, and the grow gate tiles it before the instance
 * passes the line), the legs' first pages and a few KiB its queries add
 * (FIT_GROWTH: the legs' further pages, the region search's open list, the
 * refiner's paths). So whether it can fit its budget is known at prepare:
 * below the line past which the memo's doublings wait (grow_gate), the
 * memo is held to the most joints (halved from the profile's, down to
 * the profile's least) that take at most FIT_MEMO_SHARE_PERCENT of what is left
 * and leave the cache FIT_CACHE_LEAST, and the cache's cap is the rest.
 * Where the memo keeps its most (the corridors, and the wider corridors
 * where it takes at most that share of what the budget itself leaves),
 * the cache's cap is what is left below the budget itself: weighed against
 * the line, the 8-wide mazes' caches were a quarter smaller, missed about
 * twice as often, and ended well under their budget
 * (results/reference/mm-paper/mazefit45.md), and the 16-wide ones' missed
 * a sixth more (mazefit46.md).
 * Both cost time held smaller (a joint smoothed again, a leg planned
 * again); a memo held to half of what is left would take the broad mazes'
 * memo from them where their cache needs no more than the rest
 * (results/reference/mm-paper/mazecache43.md). Where the least leaves
 * the cache less than its least, a profile may hold the memo tighter still
 * (mm_profile_fit_memo_tight: the 4-wide mazes, whose cache then takes the
 * rest and plans more legs again). Where even that would not fit, the memo
 * and the cap stay as they were: a small cache and memo
 * cost time, and would not bring the instance within
 * (results/reference/mm-paper/mazemem42.md); `beyond` says so to the
 * grow gate, which then lets the memo take its blocks at prepare: weighed
 * against the headroom left before the cache holds a leg, the last block
 * was taken or refused by a few hundred bytes either way, on maps that
 * end over their budget by more than the memo's most. */
#define FIT_GROWTH (6 * 1024)
#define FIT_CACHE_LEAST EDGE_CACHE_MIN_BYTES
#define FIT_MEMO_SHARE_PERCENT 65

size_t mm_fit_cache(MmEntry *e)
{
    size_t budget = mm_budget(e), cap = mm_cache_cap(e);
    uint32_t least = mm_profile_fit_memo_least(e->profile);
    if (e->cfg.cache_kb >= 0 || !least || e->cfg.refine.ahead != 0)
        return cap;
    Window *w = &e->refiner.win;
    size_t rest = mm_held_with_memo_grown(e) - win_memo_bytes_most(w) + legplan_first_bytes(&e->legs) + FIT_GROWTH;
    if (e->legs.have_jps) /* tiled where the rest would pass the line (mm_tile_jps) */
        rest -= jps_tile_saving(&e->legs.jps, JPS_TILES_FEWEST);
    uint32_t memo = win_memo_most(w);
    /* The memo's doublings wait past the line (grow_gate); a memo that
     * keeps its most (its profile's least, or its share of what the budget
     * leaves) reaches it in the first queries' joints, long before the
     * cache its cap, so there the cache may take the budget's rest. */
    size_t most = (size_t)memo * sizeof(JointMemo), left = budget > rest ? budget - rest : 0;
    bool kept =
        w->memo && (memo <= least || (most * 100 <= left * FIT_MEMO_SHARE_PERCENT && most + FIT_CACHE_LEAST <= left));
    size_t line = kept ? budget : budget / 100 * TURNS_TILES_BUDGET_PERCENT;
    if (rest + FIT_CACHE_LEAST > line) {
        e->beyond = true;
        return cap;
    }
    size_t room = line - rest;
    if (!w->memo)
        return room;
    while (memo / 2 >= least && ((size_t)memo * sizeof(JointMemo) * 100 > room * FIT_MEMO_SHARE_PERCENT ||
                                 (size_t)memo * sizeof(JointMemo) + FIT_CACHE_LEAST > room))
        memo /= 2;
    size_t held = (size_t)memo * sizeof(JointMemo);
    uint32_t tight = mm_profile_fit_memo_tight(e->profile);
    if (held + FIT_CACHE_LEAST > room && tight && tight < memo) {
        memo = tight;
        held = (size_t)memo * sizeof(JointMemo);
    }
    if (held + FIT_CACHE_LEAST > room) {
        e->beyond = true;
        return cap;
    }
    win_memo_hold(w, memo);
    return room - held;
}

/* What the instance will hold once the joint memo has grown to its most
 * (refine/window.h win_memo_bytes_most: it starts small and doubles as
 * joints churn it): the turn bits and the tiles are weighed against that,
 * not against the memo as it is now. */
size_t mm_held_with_memo_grown(const MmEntry *e)
{
    size_t part[MM_PARTS], held = mm_bytes(e, part);
    const Window *w = &e->refiner.win;
    return held + win_memo_bytes_most(w) - win_memo_bytes(w);
}

/* The small route's JPS (refine/routes.h `whole`: every query by an
 * uncapped JPS, nothing refined, so nothing else of the instance grows
 * much) is sized at prepare for up to a node a RESERVE_CELLS_PER_NODE
 * passable cells, doubled from what it holds while the instance stays
 * RESERVE_SPARE under that line with it (after the turn bits): a growth
 * inside a call cost several times a call's work (the grow gate's walk
 * over the parts, an allocation, the pages zeroed), the longest call on
 * the small maps whose searches outgrow the first slots. */
#define RESERVE_CELLS_PER_NODE 16
#define RESERVE_SPARE (6 * 1024)

/* The capped JPS tried first where center legs are refined (refine/routes.h,
 * not `whole`, no corridor steps) is sized at prepare as the small route's,
 * for its cap's expansions, with an open list for a CAPPED_OPEN_SHARE-th of
 * its slots: what its searches reach on game and rooms maps over a run. Its
 * open list's doublings had been memaligns inside the calls of the queries
 * whose search first filled it, a rooms map's longest call
 * (results/reference/mm-paper/cold48.md). Not where the instance is over
 * its budget at prepare (rooms maps): sized for its cap's expansions, it
 * held more than the runs' searches reached there
 * (results/reference/mm-paper/cache54.md). */
#define CAPPED_OPEN_SHARE 4

static void reserve_capped_jps(MmEntry *e, size_t line)
{
    Jps *j = &e->legs.jps;
    uint64_t cap = (uint64_t)e->cfg.refine.routes.jps_cap;
    if (e->cfg.refine.ahead != 0 || cap == 0 || !j->open.sparse || j->share)
        return;
    if (mm_held_with_memo_grown(e) + jps_reserve_bytes(j, cap) + RESERVE_SPARE > line || !jps_reserve(j, cap))
        return; /* out of memory: it grows as its searches need */
    uint32_t list = (uint32_t)(j->open.count / CAPPED_OPEN_SHARE);
    size_t more = list > j->open.cap ? (list - j->open.cap) * sizeof(JoItem) : 0;
    if (mm_held_with_memo_grown(e) + more + RESERVE_SPARE <= line)
        (void)jo_reserve(&j->open, list);
}

/* The chains of the paths the JPS finds (search/jps.h, its trace; with
 * corridor steps the corridors' JPS's too) are given room for RESERVE_TRACE
 * cells at prepare, written, where it fits under the line: a chain longer
 * than the trace grows it inside a call, where its block could land on a
 * fresh page whose fault cost more than the call (the random maps' JPS
 * outgrew its first trace so in a few queries). */
#define RESERVE_TRACE 128

static void reserve_trace(MmEntry *e, Jps *j, size_t line)
{
    while (j->trace_cap < RESERVE_TRACE &&
           mm_held_with_memo_grown(e) + j->trace_cap * sizeof *j->trace + RESERVE_SPARE <= line && jps_grow_trace(j))
        memset(j->trace, 0, j->trace_cap * sizeof *j->trace);
}

static void reserve_jps(MmEntry *e, size_t line)
{
    Jps *j = &e->legs.jps;
    if (!e->legs.have_jps)
        return;
    if (!e->cfg.refine.routes.whole) {
        reserve_capped_jps(e, line);
        return;
    }
    size_t held = mm_held_with_memo_grown(e);
    uint64_t want = j->passable / RESERVE_CELLS_PER_NODE, nodes = 0;
    for (uint64_t n = 64; n <= want; n *= 2)
        if (held + jps_reserve_bytes(j, n) + RESERVE_SPARE <= line)
            nodes = n;
    (void)jps_reserve(j, nodes); /* out of memory: it grows as its searches need */
}

/* Turn bits for the JPS route's diagonal steps where they fit under that
 * line; grow_gate gives them back when any part would grow past it. Then
 * the small route's node state in what is left (reserve_jps). */
bool mm_take_turns(MmEntry *e, Err *err)
{
    size_t held = mm_held_with_memo_grown(e), share = mm_budget(e) / 100 * TURNS_TILES_BUDGET_PERCENT;
    if (held >= share)
        return true;
    if (!routes_enable_turns_within(&e->refiner.routes, share - held, err))
        return false;
    /* No room of the JPS's own: the instance's line decides (grow_gate). */
    if (e->legs.have_jps && e->legs.jps.turns.block)
        e->legs.jps.turns_room = SIZE_MAX;
    reserve_jps(e, share);
    if (e->legs.have_jps)
        reserve_trace(e, &e->legs.jps, share);
    if (e->legs.have_cjps)
        reserve_trace(e, e->legs.cjps, share);
    return true;
}

/* The JPS's transposed rows as a cache of tiles instead of a whole copy
 * (search/jps.h jps_tile_cols), from the moment the instance holds more
 * than TURNS_TILES_BUDGET_PERCENT of its budget with the copy: at prepare (its
 * joint memo counted at its most), before a part grows past that line (the
 * grow gate, mm_gate.c: the joint memo, the legs' A* pages, the JPS's node
 * state, the corridor window, the region search's open list and route
 * and the edge cache), or at the end of every TILE_CHECK_EVERY-th
 * query as what does not ask grows (the refiner's scratch paths). Below that the copy
 * stays: it scans without a lookup (a tiled scan costs about twice as
 * many instructions, and a miss a tile's transpose) and takes turn bits,
 * so a map whose instance ends within its budget with room to spare runs
 * as before; the rest of the budget is for what grows within the queries
 * that cross the line. Where the instance would be over the line even
 * tiled (the instance only grows: rooms and mazes far over their budget),
 * the copy stays for good: tiles would cost time and bring it no closer
 * to within. But an instance that steps corridors (its corridor JPS on:
 * the cluttered and scattered profiles, random maps) tiles even then: its
 * window is painted through the tiles as well, and tiled it holds most of
 * the copy's bytes less for a few more instructions a query, the trade
 * measured in results/reference/mm-paper/randmem41.md. What the instance
 * held when tiled, with the copy, is its peak until it holds more
 * (mm_bytes_peak). The cache has half the map's tiles, at least JPS_TILES_FEWEST (a quarter thrashed where a
 * search's scans cross the map; results/reference/mm-paper/daomem37.md),
 * but JPS_TILES_FEWEST where few scans read them: where corridors are
 * stepped (their route JPS is capped and their window a step's corridor,
 * so their scans stay near and more tiles save too few misses to pay for
 * their bytes, randmem41.md), there MM_JPS_TILES_CORRIDORS (mm_profile.h): half as many
 * again cost random512-20-0 a fifth more fills (0.2 hundredths of its
 * instructions) for 4 KiB, part of what the random maps a fifth blocked
 * needed to come within their budget
 * (results/reference/mm-paper/randfit44.md), and where the JPS has coarse
 * turn bits (its diagonal steps and straight successors scan columns down
 * the rows, not through the tiles: search/jps.h jps_enable_coarse). */
void mm_tile_jps(MmEntry *e, size_t held, Err *err)
{
    Jps *j = &e->legs.jps;
    /* Turn bits held: tiled only where they stay (search/jps.h
     * jps_tile_saving) and the tiles alone bring it under the line; else
     * the gate gives them back first and weighs the tiles after. */
    bool turns = j->turns.block != NULL;
    if (!e->tile_watch || held <= mm_budget(e) / 100 * TURNS_TILES_BUDGET_PERCENT)
        return;
    uint32_t slots = e->legs.have_cjps ? MM_JPS_TILES_CORRIDORS : JPS_TILES_FEWEST, most = jps_tile_slots_most(j);
    bool near = e->legs.have_cjps || j->coarse; /* few scans read the tiles */
    while (slots * 2 <= most / 2 && !near)
        slots *= 2;
    size_t part[MM_PARTS], now = mm_bytes(e, part), saving = jps_tile_saving(j, slots);
    if (!saving || (held - saving > mm_budget(e) / 100 * TURNS_TILES_BUDGET_PERCENT && (!e->legs.have_cjps || turns))) {
        if (!turns)
            e->tile_watch = false; /* tiles would not bring it back under the line, now or later: the copy stays */
        return;
    }
    if (!jps_tile_cols(j, slots, err))
        fprintf(stderr, "mm: %s: the JPS keeps its whole transposed rows\n", err->msg);
    if (j->tiled)
        e->bytes_before_tiles = now;
    e->tile_watch = false; /* tiled, or it cannot be */
}

/* The edge cache's slots and stream take their room at the end of prepare
 * (cache/edge_cache.h edge_cache_reserve), so that no query's call
 * allocates them until its legs outgrow it: a block taken inside a call
 * could land on a fresh page, and its fault cost more than the call. What
 * it takes is a RESERVE_LEGS_SHARE-th of the room for every leg of the
 * map: no more than the cache itself grows to over a run wherever it
 * holds more than a few legs (game maps, rooms and narrow mazes alike,
 * results/reference/mm-paper/cache54.md), and the parts and the stream
 * take sizes they would grow to anyway. So the room is mostly taken
 * early, not added: what the legs' pages and the other parts grow into is
 * what they had without it, and an instance over its budget already
 * (rooms, narrow mazes) ends no further over it. Within its budget, no
 * more than takes the instance to the line past which the grow gate tiles
 * the JPS or gives its turn bits back (its peak so far counted, as what
 * grows next fills that first), and nothing past that line: reserved
 * there, the room the legs' later pages need was held by the cache
 * instead, and the instance ended over its budget. */
#define RESERVE_LEGS_SHARE 8

void mm_cache_reserve(MmEntry *e)
{
    EdgeCache *c = &e->cache;
    if (e->cfg.refine.routes.whole)
        return; /* the small route answers every query: no leg is refined, none put */
    size_t part[MM_PARTS], now = mm_bytes(e, part); /* with its peak: what grows next fills that first */
    size_t take = edge_cache_legs_bytes(c->mode, e->abs.nregions, e->abs.nedges) / RESERVE_LEGS_SHARE;
    size_t budget = mm_budget(e), line = budget / 100 * TURNS_TILES_BUDGET_PERCENT, had = edge_cache_bytes(c);
    if (now <= budget) {
        size_t room = now < line ? line - now + had : had;
        take = take < room ? take : room;
    }
    if (!edge_cache_reserve(c, take))
        fprintf(stderr, "mm: out of memory for the edge cache's room: it grows as legs are put\n");
    mm_gate_ready(e);
}
