/* mm_inst.h (private to entries/mm/): the mm instance, shared by the entry
 * (mm_entry.c: prepare, queries, counters), its file (mm_file.c), its memory budget (mm_budget.c:
 * what it holds by part, and the choices made against the budget; mm_gate.c:
 * the grow gate its parts ask as queries run) and its
 * map changes (mm_update.c: the cells at once, the abstraction when a query
 * needs it) and its warm-up at prepare (mm_warm.c). */
#ifndef GPPC_ENTRIES_MM_INST_H
#define GPPC_ENTRIES_MM_INST_H

#include <stdio.h>

#include "../../abstraction/reach.h"
#include "../../common/clock.h"
#include "../../refine/refiner.h"
#include "../../search/trace.h"
#include "../entry.h"
#include "mm_profile.h"

/* Map changes whose abstraction is not derived yet (mm_update.c). */
typedef struct MmPending {
    uint8_t *touched;     /* per sector: a cell in it changed since the last re-derivation */
    uint32_t *batch;      /* scratch, a sector each: those an update() call marked first */
    uint32_t sectors;     /* how many are marked */
    uint64_t batches;     /* update() calls since the last re-derivation */
    uint64_t rederived;   /* re-derivations (each for every batch pending then) */
    uint64_t batches_in;  /* batches those re-derivations took in */
    uint64_t sectors_in;  /* and marked sectors */
    uint64_t update_ns;   /* time in update() itself (the cells, the JPS rows) */
    uint64_t rederive_ns; /* time in re-derivations (inside GetPath calls) */
    uint64_t rederive_max_ns;
    uint64_t failed; /* re-derivations that ran out of memory (the query went by A* over the map) */
    AbsUpdate *upd;  /* the re-derivation under way, between its pieces (abs_update_run), or NULL */
    AbsReach reach;  /* the waiting queries' walks (abstraction/reach.h) */
    xyPath lead;     /* scratch: the way an end of such a walk is led out of the marked sectors */
    uint64_t pieces; /* pieces of re-derivations run, one a call */
    /* The next GetPath call is the first since update() took a change: a
     * host that times the update with it (the dynamic kit) gets no piece
     * in it (mm_update.c abs_ready); cleared as every call ends. */
    bool first_call;
} MmPending;

typedef struct MmEntry {
    MmConfig cfg;
    const MmProfile *profile; /* chosen for this map (mm_profile.h) */
    bool sector_given;        /* sector= given: the profile's side is not used */
    Grid grid;
    Abstraction abs;
    AbsIndex ix;
    RegionSearch as;
    LegPlanner legs;
    EdgeCache cache;
    SegStore segs;
    bool have_segs;
    Refiner refiner;
    /* Dynamic-map updates (mm_update.c). */
    size_t passable; /* cells of the map as it is now */
    uint64_t updates, touched_sectors, cache_dropped, segs_dropped;
    AbsKept kept; /* labels and plain form kept across updates (abs_update) */
    MmPending pending;
    uint64_t started_ns;    /* when preprocessing or preparing began (progress lines) */
    Tracer trace_layers[4]; /* mm_set_tracer: one per kind of search, told apart by layer */
    /* The JPS's transposed rows (mm_budget.c mm_tile_jps): watched while whole,
     * and what the instance held when they were tiled or its JPS's turn bits
     * were given back (grow_gate): its peak before it dropped. */
    bool tile_watch;
    /* mm_fit_cache found that even the least cache beside the least memo
     * would not bring the instance within its line: no memo's size keeps it
     * within, so grow_gate does not weigh the memo against headroom there. */
    bool beyond;
    uint32_t tile_check; /* queries answered while watched */
    size_t bytes_before_tiles;
    /* The grow gate's running total (mm_gate.c grow_gate): what the
     * instance held at the gate's last walk over the parts (0: none yet)
     * plus what the parts asked for since, and the map changes and
     * re-derivations (updates + pending.rederived) it had seen then;
     * what the parts that do not ask held when it last counted them. */
    size_t gate_held;
    uint64_t gate_changes;
    size_t gate_unasked;
    uint64_t gate_walks; /* asks it answered by a walk over the parts */
} MmEntry;

/* The line the instance may hold up to with the JPS route's turn bits
 * (refine/routes.h) and with the JPS's whole transposed rows (mm_tile_jps):
 * the rest of the budget is for what grows without asking the grow gate
 * (the refiner's scratch paths, checked every TILE_CHECK_EVERY-th query).
 * Turn bits are taken at prepare where they fit under it; as soon as a
 * part that asks grow_gate would grow past it (the JPS's node state too:
 * jps_grow asks with what it adds), the JPS is tiled where its turn bits
 * may stay with the tiles and the tiles alone bring it back under; else
 * they are given back (the whole copy back where it had tiled for them
 * and fits), and the tiles weighed after that, against what the instance
 * holds without them (mm_gate.c grow_gate). A share of 9/10 fixed at
 * prepare left them out where the edge cache and the leg pages never grow
 * into that tenth: small-map maps, every query by JPS
 * (results/reference/mm-paper/daojps42.md). */
#define TURNS_TILES_BUDGET_PERCENT 97

/* What the instance holds and may hold (mm_budget.c). mm_bytes: the total,
 * and each part's bytes into `part` (SUMMARY's MM_PART_KEY names). */
enum { MM_PARTS = 12 };
extern const char *const MM_PART_KEY[MM_PARTS];
size_t mm_bytes(const MmEntry *e, size_t part[MM_PARTS]);
/* 64 KiB and 3/8 of a byte a map cell. */
size_t mm_budget(const MmEntry *e);
/* The edge cache's cap in bytes: cache_kb, or with auto the whole budget,
 * but where the instance can fit it, what is left of it, the joint memo
 * held so that it does (called once, after the refiner's init). */
size_t mm_fit_cache(MmEntry *e);
void mm_cache_reserve(MmEntry *e);
/* What the instance holds once its joint memo has grown to its most. */
size_t mm_held_with_memo_grown(const MmEntry *e);
/* At prepare: turn bits for the JPS route where they fit the budget's
 * share for them; false + message only when memory ran out. */
bool mm_take_turns(MmEntry *e, Err *err);
/* The JPS's transposed rows as tiles once the instance, holding `held`,
 * nears its budget (and only where that brings it back under, but with
 * corridor steps, which tile once past it whatever); checked at
 * prepare, by the grow gate (mm_gate_parts) and after every
 * TILE_CHECK_EVERY-th query while tile_watch. */
#define TILE_CHECK_EVERY 4
void mm_tile_jps(MmEntry *e, size_t held, Err *err);
/* The instance's grow gate (mm_gate.c; common/grow.h) given to each part that grows
 * as queries run and asks first: the joint memo (refine/window.h
 * memo_gate), the legs' A* (search/astar.h), both JPS (search/jps.h), the
 * corridor window (refine/legplan.h) and the region search's open list and
 * route (refine/abstract_search.h):
 * before a part adds its bytes, the JPS's rows are tiled where that growth
 * takes the instance past the tiles' line; the memo doubles only where the
 * instance then stays under that line, the searches grow whatever. */
void mm_gate_parts(MmEntry *e);
/* The every TILE_CHECK_EVERY-th query's check: mm_tile_jps on what the
 * instance holds, and the grow gate's running total set to it (what grew
 * without asking since the gate's last walk counted again; tiled: the gate
 * walks at its next ask). */
void mm_tile_check(MmEntry *e);
/* The grow gate's running total set to what the instance holds at the end
 * of prepare: left for its first ask, the walk over the parts, cold, fell
 * in a call of the first query past the routes (or of the first after the
 * tiles). */
void mm_gate_ready(MmEntry *e);
/* Prepare's last step (mm_gate.c): the heap the instance may still grow
 * into within its budget written once and freed, so that no growth inside
 * a call faults on fresh memory. */
void mm_gate_warm_room(MmEntry *e);
/* The grow gate's running total as its next ask would weigh it: never
 * below what the instance holds (mm_bytes without its peak); 0 where that
 * ask walks over the parts. */
size_t mm_gate_total(const MmEntry *e);

/* Prepare's last step (mm_warm.c): the code paths the first queries take
 * run once, so that no query's call is the first to fetch them. */
void mm_warm_up(MmEntry *e);
/* Its part for the abstract route's refinement through centers: a query
 * on a refiner and edge cache of its own, run twice, the instance's
 * refiner, window and cache left as they were. True when it refined a
 * center leg and the second run took it from that cache; false where no
 * center legs are refined (or none of its tries reached one). */
bool mm_warm_refine(MmEntry *e);

/* Large maps take long to preprocess: once 5 s have passed since
 * started_ns, each finished step says so on stderr, so a long run is seen
 * to progress. */
#define MM_PROGRESS_AFTER_NS 5000000000ull
static inline void mm_progress(const Grid *g, uint64_t started_ns, const char *step)
{
    uint64_t dt = clock_now_ns() - started_ns;
    if (dt > MM_PROGRESS_AFTER_NS)
        fprintf(stderr, "mm: %dx%d map: %s after %.1f s\n", g->width, g->height, step, (double)dt * 1e-9);
}

/* The preprocessing file (mm_file.c). mm_file_write: the abstraction a of
 * map, built with `options` (the canonical key text the header carries),
 * the map's measures `kind` as taken at `side` (the side its first build
 * used, mm_profile_of_map), and segfile's mode and segments, whole or not
 * at all. mm_file_load: the file into e (its grid and cfg set; `map` the
 * map e->grid packs, whose header checksum is cheaper on its bytes): the
 * abstraction, checked against the map, the profile this build's rules
 * choose from the stored measures (e->profile), its index, the segments;
 * false + the reason when it must not be trusted (its caller rebuilds).
 * mm_file_put_kind: the measures' section, for a test writing a file by
 * hand. */
bool mm_file_write(const char *file, const char *options, const Abstraction *a, const Grid *map, int side,
                   const MapKind *kind, int segfile, const SegStore *segs, Err *err);
void mm_file_put_kind(struct BinFile *f, int side, const MapKind *kind);
/* The digest of the rules a file's derived data is made by (regions,
 * centers, edges, edge costs, their layout, segments), which every file
 * carries and a load requires: the digest of the probe files test
 * mm_file_rules_pinned writes (tests/c/test_mm_file.c). A change that makes
 * them differ makes every file written before stale: that test fails until
 * this is the new digest, and then those files are refused and rebuilt. */
#define MM_FILE_RULES 0x8e0f19125deed584ull
bool mm_file_load(MmEntry *e, const Grid *map, const char *file, const char *options, Err *err);

/* Entry.update for mm (mm_update.c). */
bool mm_update(void *inst, const CellChange *ch, int n, Err *err);
/* Lets the refiner ask for the abstraction before it uses it (mm_update.c);
 * once the instance is prepared. */
void mm_pending_attach(MmEntry *e);
void mm_pending_free(MmEntry *e);
/* SUMMARY's keys on deferred re-derivations. */
void mm_pending_counters(const MmEntry *e, Counters *out);

#endif
