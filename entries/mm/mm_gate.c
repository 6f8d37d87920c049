/* entries/mm/mm_gate.c: the instance's one grow gate. Every part of an mm
 * instance that grows as queries run asks it before it grows (common/grow.h
 * GrowGate, handed out by mm_gate_parts); it keeps a running total of what
 * the instance holds, answers at once while that stays under the line
 * (TURNS_TILES_BUDGET_PERCENT of the budget, mm_inst.h), and past it makes
 * the budget's choices (mm_budget.c: the JPS's tiles, its turn bits given
 * back) before it answers; at prepare's end it writes the heap those parts
 * may grow into (mm_gate_warm_room). Owns nothing but MmEntry's gate
 * fields. */
#include <stdlib.h>

#include "mm_inst.h"

/* What the instance holds now: mm_bytes `all` without its peak part. */
static size_t held_of(size_t all, const size_t part[MM_PARTS]) { return all - part[MM_PARTS - 1]; }

static size_t held_now(const MmEntry *e)
{
    size_t part[MM_PARTS], all = mm_bytes(e, part);
    return held_of(all, part);
}

/* What grows as queries run without asking the gate: the refiner's paths
 * (its scratch paths, the window's way, the routes' answer: refiner_bytes)
 * and the JPS's traces (search/jps.h jps_grow_trace). A few fields, read
 * at every quick answer instead of a walk over every part. What the memo
 * and the JPS's own growth asked for is counted here too when it grows
 * (refiner_bytes, the trace in jps_grow): counted twice until the next
 * walk, so the total only errs high. */
static size_t unasked_bytes(const MmEntry *e)
{
    size_t b = refiner_bytes(&e->refiner);
    if (e->legs.have_jps)
        b += e->legs.jps.trace_cap * sizeof *e->legs.jps.trace;
    if (e->legs.have_cjps)
        b += e->legs.cjps->trace_cap * sizeof *e->legs.cjps->trace;
    return b;
}

/* The gate's running total set to `held` (0: walk at the next ask), with
 * the changes it has seen and what the unasked parts held then. */
static void gate_sync(MmEntry *e, size_t held)
{
    e->gate_held = held;
    e->gate_changes = e->updates + e->pending.rederived;
    e->gate_unasked = unasked_bytes(e);
}

/* The instance's one grow gate (common/grow.h GrowGate; mm_gate_parts
 * gives it to each part that grows as queries run): before a part adds
 * `more` bytes, the tiles are weighed against what the instance will hold
 * with them, not at the next check, after them (then the instance was past
 * its budget for the queries between, and mm_bytes_peak kept what it held
 * before it tiled). The answer matters to the joint memo alone, whose
 * doubling (refine/window.h memo_gate, a few times in an instance's life)
 * may wait: where it would still take the instance past that line, the
 * memo stays as it is: the rest of the budget is for the edge cache and
 * the legs' pages, which grow on after the memo's last doubling (with the
 * budget itself as the memo's bound, small maps whose cache grows late
 * ended over it: results/reference/mm-paper/daomem38.md); a smaller memo
 * costs time (a joint not remembered is smoothed again), never paths, so
 * an instance over its budget already (rooms, mazes: far over it) lets it
 * grow. The searches' growth (the legs' A* pages, slots and open list,
 * search/astar.h; the JPS's node state, search/jps.h jps_grow) happens
 * whatever the answer: a search never fails or changes its answer for the gate. It is
 * asked between two of the JPS's expansions or outside its searches, never
 * inside one: tiling there changes where the scans read the columns, not
 * what they read, and giving the turn bits back there only which scans a
 * diagonal step runs, so a JPS search paused between GetPath calls goes on
 * with the same nodes and the same answer (search/jps.h Jps.gate). */
/* The gate walks over the parts (held_now) only where its answer or a
 * choice could turn on it: it keeps a running total (MmEntry.gate_held:
 * the last walk's sum plus what was asked for since, set again by the
 * every TILE_CHECK_EVERY-th query's walk, mm_tile_check), adds what the
 * parts that do not ask grew since (unasked_bytes), and answers at once
 * while that stays under the line (every part that grows as queries run
 * either asks, with at least what it adds, or is counted there, so the
 * total is never below what the instance holds), or over the budget with
 * no turn bits to give back and no tiles to weigh (the answer is yes,
 * and the instance only grows). A map change or a re-derivation makes it
 * walk again. The walk reads a line or two of every part, all of them
 * cold inside a search: half the instructions of the legs' A* growing its
 * open list, the rest the realloc (results/reference/mm-paper/calls46.md).
 * With a sixteenth of the budget kept for the unasked parts instead of
 * their count, an instance held within that of the line (a map whose turn
 * bits and tiles fill its budget) walked at nearly every ask of its later
 * queries (results/reference/mm-paper/calls49.md). */

/* The running total with what the unasked parts grew since (*unasked:
 * what they hold now); 0 where the gate walks at its next ask. */
static size_t gate_total(const MmEntry *e, size_t *unasked)
{
    if (!e->gate_held || e->updates + e->pending.rederived != e->gate_changes)
        return 0;
    *unasked = unasked_bytes(e);
    return e->gate_held + (*unasked > e->gate_unasked ? *unasked - e->gate_unasked : 0);
}

size_t mm_gate_total(const MmEntry *e)
{
    size_t unasked;
    return gate_total(e, &unasked);
}

static bool grow_gate(void *ctx, size_t more)
{
    MmEntry *e = ctx;
    size_t budget = mm_budget(e), line = budget / 100 * TURNS_TILES_BUDGET_PERCENT;
    size_t unasked, total = gate_total(e, &unasked);
    if (total) {
        bool givable = e->legs.jps.turns.block && e->legs.jps.turns_room;
        bool under = total + more <= line;
        bool over = e->gate_held > budget && !givable && !e->tile_watch; /* the answer can only be yes */
        if (under || over) {
            e->gate_held = total + more;
            e->gate_unasked = unasked;
            return true;
        }
    }
    e->gate_walks++;
    size_t now = held_now(e);
    Err err = {0};
    if (now + more > line && e->tile_watch && e->legs.jps.turns.block) {
        /* tiles first where the turn bits may stay with them (mm_tile_jps) */
        mm_tile_jps(e, now + more, &err);
        now = held_now(e);
    }
    if (now + more > line && e->legs.jps.turns.block && e->legs.jps.turns_room) {
        /* static turn bits (mm_take_turns) first; what was held with them stays the peak */
        size_t part[MM_PARTS], peak = mm_bytes(e, part);
        bool for_turns = e->legs.jps.tiled; /* tiled above, or by an earlier ask, so that they could stay */
        jps_give_back_turns(&e->legs.jps);
        e->bytes_before_tiles = peak;
        now = held_now(e);
        /* Without them the tiles cost more than they did (every diagonal
         * step scans a column: a map whose scans cross its tiles thrashes),
         * so the whole copy is back where it fits under the line, as it
         * would have stayed had the bits gone first; the tiles weighed
         * again as it grows. */
        if (for_turns && now + more + jps_untile_cost(&e->legs.jps) <= line && jps_untile_cols(&e->legs.jps, &err)) {
            e->tile_watch = true;
            now = held_now(e);
        }
    }
    if (now + more > line && e->tile_watch && !e->legs.jps.turns.block) {
        mm_tile_jps(e, now + more, &err);
        now = held_now(e);
    }
    /* over already, or known at prepare to end over (beyond): a smaller memo would keep nothing within */
    bool yes = now + more <= line || now > budget || e->beyond;
    gate_sync(e, yes ? now + more : 0); /* no: whether the part grows is its own, so the next ask walks */
    return yes;
}

void mm_tile_check(MmEntry *e)
{
    size_t part[MM_PARTS], held = held_of(mm_bytes(e, part), part);
    Err err = {0};
    mm_tile_jps(e, held, &err); /* what is held now: tiles take nothing off a peak that was */
    gate_sync(e, e->legs.jps.tiled ? 0 : held);
}

void mm_gate_ready(MmEntry *e) { gate_sync(e, held_now(e)); }

void mm_gate_parts(MmEntry *e)
{
    const GrowGate gate = {grow_gate, e};
    e->refiner.win.memo_gate = gate;
    e->legs.astar.gate = gate;
    e->legs.jps.gate = gate;
    e->cache.gate = gate;
    e->as.gate = gate; /* kept across map changes (refine/abstract_search.h region_search_follow) */
    if (e->legs.have_cjps)
        e->legs.cjps->gate = gate; /* kept when its window is made again (refine/legplan_corridor.c make_window) */
}

/* One write a page: the smallest page size (a larger page is written more
 * than once, never skipped). */
#define WARM_STRIDE 4096

/* Prepare's last step. The parts that grow as queries run (the legs' A*
 * pages, the edge cache, the memo) grow by realloc inside a call, and
 * where the allocator hands them heap the process never wrote, every fresh
 * 4 KiB is a page fault there, several times the call's own work (a box
 * search's page growth was a default map's longest call, with its faults
 * most of it). So the heap the instance may still grow into is written
 * here, once, and freed: what is left under its budget, and the turn bits
 * the gate may give back (their room is taken again by what grows after).
 * The allocator keeps a freed block of this size for the next requests
 * (one it maps apart, past its threshold, goes back at free, written for
 * nothing); the instance holds no more than before (mm_bytes), the
 * process's resident memory at most that room more. */
void mm_gate_warm_room(MmEntry *e)
{
    size_t budget = mm_budget(e), now = held_now(e);
    if (now >= budget) /* over already: no room to keep warm within it */
        return;
    bool givable = e->legs.jps.turns.block && e->legs.jps.turns_room;
    size_t room = budget - now + (givable ? jps_turns_bytes(&e->legs.jps.turns) : 0);
    volatile char *p = malloc(room);
    if (!p)
        return; /* the growths fault as they did */
    for (size_t i = 0; i < room; i += WARM_STRIDE)
        p[i] = 0;
    free((void *)p);
}
