/* abstract_search_make.c: the region search (abstract_search.h) made,
 * made again after a map change, made lean, freed and counted, and its
 * open regions' table grown; the searches themselves are
 * abstract_search.c and abstract_search_ends.c. */
#include "abstract_search.h"

#include <stdlib.h>
#include <string.h>

#include "abstract_search_astar.h"
#include "abstract_search_first.h"

/* The parent codes' width, and the back codes they are made with. */
static void set_codes(RegionSearch *as)
{
    const Abstraction *a = as->ix->abs;
    as->local_bits = REGION_LOCAL_NARROW;
    for (uint32_t s = 0; s < a->nsectors && as->local_bits == REGION_LOCAL_NARROW; s++)
        if (abs_region_count(a, (int)s) > ABS_NARROW_MAX_REGIONS)
            as->local_bits = REGION_LOCAL_WIDE;
    for (int d = 0; d < 8; d++) /* the way back across an edge of d */
        as->back_code[d] = (uint16_t)(abs_opposite_dir(d) << as->local_bits);
}

/* No cost yet (region_search_flat's first pass). */
#define FLAT_LATER UINT32_MAX

bool region_search_flat(const RegionSearch *as, uint32_t **first, RegionAdj **out)
{
    const AbsIndex *ix = as->ix;
    const Abstraction *a = ix->abs;
    const uint32_t n = a->nregions;
    RegionAdj *flat = *out = malloc(((size_t)a->nedges + 1) * sizeof *flat);
    uint32_t *f = *first = malloc(((size_t)n + 1) * sizeof *f), m = 0;
    if (!flat || !f) {
        free(flat);
        free(f);
        *out = NULL;
        *first = NULL;
        return false;
    }
    /* An edge's excess is kept by one of its two sectors (abstraction/edges.h):
     * an edge whose own sector does not keep it, between two narrow sectors,
     * takes its cost from the edge back in a second pass, where a look-up
     * in the layout scans the other sector's bytes; between two default
     * sectors neither keeps one and the excess is 0. */
    for (uint32_t r = 0; r < n; r++) {
        AbsAdj c;
        AbsAdjEdge e;
        const xyLoc cr = abs_center(ix, r);
        f[r] = m;
        for (abs_adj_begin(ix, as->kept_first, r, false, &c); abs_adj_next(ix, &c, &e) && m < a->nedges;) {
            uint32_t cost = FLAT_LATER;
            if (e.kept_at >= 0 || !a->costs_on)
                cost = region_edge_cost(as, cr, &(AbsAdjEdge){.to = e.to, .excess = abs_adj_excess_at(ix, &c, &e)});
            else if (!c.fast || abs_word_flags(abs_word(a, (int)e.sector)) & ABS_FLAG_WIDE)
                cost = region_edge_cost(as, cr, &(AbsAdjEdge){.to = e.to, .excess = abs_adj_excess(ix, &c, &e)});
            flat[m++] = (RegionAdj){e.to, cost};
        }
    }
    f[n] = m;
    for (uint32_t r = 0; r < n; r++)
        for (uint32_t i = f[r]; i < f[r + 1]; i++) {
            if (flat[i].cost != FLAT_LATER)
                continue;
            uint32_t t = flat[i].to, cost = abs_octile_units(abs_center(ix, r), abs_center(ix, t));
            for (uint32_t j = f[t]; j < f[t + 1]; j++)
                if (flat[j].to == r && flat[j].cost != FLAT_LATER)
                    cost = flat[j].cost;
            flat[i].cost = cost;
        }
    return true;
}

/* The edges as the hierarchy reads them: over `flat` (region_search_flat). */
static AbsChEdges edges_of(const uint32_t *first, const RegionAdj *flat)
{
    return (AbsChEdges){first, &flat[0].to, &flat[0].cost, sizeof *flat};
}

/* Blocks of REGION_BLOCK regions (RegionSearch.block). */
static size_t blocks_of(const RegionSearch *as)
{
    return as->ix ? (as->ix->abs->nregions + REGION_BLOCK - 1) / REGION_BLOCK : 0;
}

/* open_g's first slots: a search's open regions are a small part of the
 * regions it reaches; it doubles when a search fills it (region_grow_open_g). */
#define REGION_OPEN_G_FIRST 64u

/* The A*'s arrays (its marks, open regions' g, open list and parents) and the route. */
static bool alloc_astar(RegionSearch *as)
{
    size_t n = as->ix->abs->nregions ? as->ix->abs->nregions : 1, nb = blocks_of(as);
    as->parent.any = malloc(n * region_code_bytes(as));
    as->blocks = calloc(nb ? nb : 1, sizeof *as->blocks);
    as->open_g = malloc(REGION_OPEN_G_FIRST * sizeof *as->open_g);
    as->open_g_cap = as->open_g ? REGION_OPEN_G_FIRST : 0;
    as->open_g_shift = 32u - (uint32_t)__builtin_ctz(REGION_OPEN_G_FIRST);
    as->open_g_n = 0;
    if (as->open_g)
        open_g_empty(as->open_g, as->open_g_cap);
    as->kept_first = malloc((n + 1) / 2);
    if (as->kept_first && as->ix->abs->nregions)
        abs_kept_first(as->ix, as->kept_first);
    if (!as->path) {
        as->path = malloc(REGION_PATH_FIRST * sizeof *as->path);
        as->path_cap = as->path ? (int)REGION_PATH_FIRST : 0;
    }
    return as->parent.any && as->blocks && as->open_g && as->kept_first && as->path &&
           keyheap_reserve(&as->lazy, REGION_OPEN_FIRST);
}

/* The A*'s marks, open regions' g and open list let go. */
static void free_astar_core(RegionSearch *as)
{
    free(as->blocks);
    free(as->open_g);
    free(as->kept_first);
    as->blocks = NULL;
    as->open_g = NULL;
    as->open_g_cap = as->open_g_n = as->open_g_most = 0;
    as->kept_first = NULL;
    keyheap_free(&as->lazy);
}

/* open_g doubled, its entries put in again from their homes in the larger
 * table when `keep` (else dropped: a search begins, the last one's open
 * regions no longer wanted). False (the table as it was) when memory ran
 * out. */
static bool double_open_g(RegionSearch *as, bool keep)
{
    const uint32_t cap = as->open_g_cap;
    RegionOpen *was = as->open_g, *now = cap < UINT32_MAX / 2 ? malloc(2 * (size_t)cap * sizeof *now) : NULL;
    if (!now)
        return false;
    as->open_grows++;
    grow_gate_ask(&as->gate, (size_t)cap * sizeof *now); /* it grows whatever the answer */
    open_g_empty(now, 2 * cap);
    as->open_g = now;
    as->open_g_cap = 2 * cap;
    as->open_g_shift--;
    as->open_g_n = 0;
    for (uint32_t i = 0; keep && i < cap; i++)
        if (was[i].r != REGION_OPEN_NONE)
            (void)open_add(as, was[i].r, was[i].g); /* at most half full: no growth */
    free(was);
    return true;
}

__attribute__((noinline)) bool region_grow_open_g(RegionSearch *as) { return double_open_g(as, true); }

void region_open_g_ahead(RegionSearch *as)
{
    while (8 * (uint64_t)as->open_g_most > REGION_OPEN_G_AHEAD_EIGHTHS * (uint64_t)as->open_g_cap &&
           double_open_g(as, false)) {
    }
}

/* The codes; the A*'s arrays too when `astar` (else after the
 * hierarchy, which they would only add to the peak of). */
static bool init_search(RegionSearch *as, const AbsIndex *ix, bool astar, Err *err)
{
    memset(as, 0, sizeof *as);
    as->ix = ix;
    set_codes(as);
    if (astar && !alloc_astar(as)) {
        region_search_free(as);
        return err_set(err, "out of memory for the abstract search (%u regions)", ix->abs->nregions);
    }
    return true;
}

/* Lets the refresh's arrays (RegionSearch.refresh_edges) go. */
static void drop_refresh(RegionSearch *as)
{
    free(as->refresh_edges);
    free(as->refresh_first);
    free(as->refresh_sector);
    free(as->refresh_pos);
    free(as->refresh_marks);
    free(as->g);
    heap_free(&as->open);
    as->refresh_marks = NULL;
    as->g = NULL;
    as->refresh_edges = NULL;
    as->refresh_first = NULL;
    as->refresh_sector = NULL;
    as->refresh_pos = NULL;
}

/* The refresh's arrays without the landmarks: what a refresh reads. */
static bool hold_edges(RegionSearch *as, Err *err)
{
    if (!abs_ch_built(&as->ch) || !as->ch.dyn.pending || as->refresh_edges)
        return true;
    if (!region_search_flat(as, &as->refresh_first, &as->refresh_edges) ||
        !(as->refresh_sector = abs_region_sectors(as->ix)) ||
        !(as->refresh_pos = malloc(((size_t)as->ix->abs->nregions + 1) * sizeof *as->refresh_pos)) ||
        !heap_init(&as->open, REGION_OPEN_FIRST, as->refresh_pos, sizeof *as->refresh_pos) ||
        !(as->g = malloc((blocks_of(as) ? blocks_of(as) : 1) * REGION_BLOCK * sizeof *as->g))) {
        drop_refresh(as);
        return err_set(err, "out of memory for the hierarchy's refresh (%u edges, %u regions)", as->ix->abs->nedges,
                       as->ix->abs->nregions);
    }
    return true;
}

bool region_search_hold(RegionSearch *as, Err *err)
{
    if (!hold_edges(as, err))
        return false;
    /* The landmarks' searches run on the A*'s arrays: a search made lean
     * has none (region_search_unfollow's prev), and its A* the octile alone.
     * A refresh made the arrays without them (it reads none) when it left
     * the hierarchy pending: they are made then, filled by
     * region_search_prepare a landmark's search a call (zeros until then:
     * no gap). Memory out: none, the octile alone. */
    if (as->refresh_edges && !as->refresh_marks && as->parent.any) {
        as->refresh_marks = calloc(((size_t)as->ix->abs->nregions + 1) * REGION_LANDMARKS, sizeof *as->refresh_marks);
        as->marks_done = 0;
    }
    return true;
}

int region_search_prepare(RegionSearch *as, Err *err)
{
    if (!abs_ch_built(&as->ch) || !as->ch.dyn.pending)
        return 0;
    bool due = abs_ch_due(&as->ch);
    /* A refresh's build begun (AbsChDyn.next) ends in a call or two: the
     * landmarks' whole searches would cost more than they save those few
     * searches, which take the octile alone. The query that took the
     * change reads the layout (hold_wait): the arrays wait for the next. */
    bool marks = !as->ch.dyn.next && !as->hold_wait && !(as->refresh_marks && as->marks_done > REGION_LANDMARKS);
    if ((due || marks) && !as->refresh_edges) /* the arrays both read: about as long as a piece, so a piece */
        return hold_edges(as, err) ? 1 : -1;
    if (due) {
        AbsChEdges g = edges_of(as->refresh_first, as->refresh_edges);
        int ran = abs_ch_refresh(&as->ch, as->ix->abs->nregions, &g, as->refresh_sector, err);
        if (!as->ch.dyn.pending)
            drop_refresh(as);
        if (ran != 0)
            return ran;
    }
    if (!marks || !as->ch.dyn.pending)
        return 0;
    if (!region_search_hold(as, err))
        return -1;
    if (!as->refresh_marks)
        return 0;
    if (!region_search_marks(as)) { /* the octile alone */
        free(as->refresh_marks);
        as->refresh_marks = NULL;
        return err_set(err, "out of memory for the landmarks' searches"), -1;
    }
    return 1;
}

bool region_search_follow(RegionSearch *fresh, const AbsIndex *ix, RegionSearch *prev, const uint8_t *touched, Err *err)
{
    bool ok = init_search(fresh, ix, true, err);
    if (ok && abs_ch_built(&prev->ch) && !abs_ch_defer(&prev->ch, touched, err)) {
        region_search_free(fresh);
        return false;
    }
    if (ok) {
        fresh->gate = prev->gate;
        fresh->ch = prev->ch;
        memset(&prev->ch, 0, sizeof prev->ch);
        fresh->hold_wait = fresh->ch.dyn.pending; /* its arrays: region_search_hold */
    }
    return ok;
}

void region_search_unfollow(RegionSearch *fresh, RegionSearch *prev)
{
    /* The sectors marked stale stay marked: refreshing them again is
     * only work, never a wrong cost. */
    prev->ch = fresh->ch;
    memset(&fresh->ch, 0, sizeof fresh->ch);
    /* prev's own edges (it may hold them from a change before) are made
     * by its next search, or its refresh (region_search_hold). */
}

bool region_search_refresh(RegionSearch *as, Err *err)
{
    if (!abs_ch_built(&as->ch) || !as->ch.dyn.pending)
        return true;
    if (!hold_edges(as, err))
        return false;
    AbsChEdges g = edges_of(as->refresh_first, as->refresh_edges);
    bool ok = abs_ch_refresh(&as->ch, as->ix->abs->nregions, &g, as->refresh_sector, err) >= 0;
    if (!as->ch.dyn.pending)
        drop_refresh(as);
    return ok;
}

bool region_search_init(RegionSearch *as, const AbsIndex *ix, bool ch, const RegionSearch *prev, Err *err)
{
    if (!init_search(as, ix, !ch, err))
        return false;
    RegionAdj *flat = NULL;
    uint32_t *first = NULL, *sector = NULL; /* the hierarchy's build takes them as arrays */
    if (ch && (!region_search_flat(as, &first, &flat) || !(sector = abs_region_sectors(ix)))) {
        free(first);
        free(flat);
        region_search_free(as);
        return err_set(err, "out of memory for the abstract adjacency (%u edges)", ix->abs->nedges);
    }
    AbsChEdges g = ch ? edges_of(first, flat) : (AbsChEdges){0};
    bool built = !ch || abs_ch_build(&as->ch, ix->abs->nregions, &g, sector, (uint32_t)ix->abs->sw,
                                     (uint32_t)ix->abs->sh, prev ? &prev->ch.sec : NULL, err);
    free(sector);
    free(first);
    free(flat);
    if (!built) {
        region_search_free(as);
        return false;
    }
    if (ch && !alloc_astar(as)) {
        region_search_free(as);
        return err_set(err, "out of memory for the abstract search (%u regions)", ix->abs->nregions);
    }
    return true;
}

void region_search_lean(RegionSearch *as)
{
    if (!abs_ch_built(&as->ch) || as->ch.dyn.pending)
        return;
    free(as->parent.any);
    as->parent.any = NULL;
    free_astar_core(as);
}

void region_search_free(RegionSearch *as)
{
    free(as->parent.any);
    free(as->path);
    free_astar_core(as);
    drop_refresh(as);
    abs_ch_free(&as->ch);
    memset(as, 0, sizeof *as);
}

size_t region_search_bytes(const RegionSearch *as)
{
    size_t n = as->ix ? as->ix->abs->nregions : 0, nb = blocks_of(as), code = region_code_bytes(as);
    return (as->blocks ? (nb ? nb : 1) * sizeof *as->blocks : 0) + (size_t)as->open_g_cap * sizeof *as->open_g +
           (as->kept_first ? (n + 1) / 2 : 0) + (size_t)as->open.cap * sizeof(HeapItem) +
           (size_t)as->lazy.cap * sizeof *as->lazy.keys + (as->parent.any ? n * code : 0) +
           (size_t)as->path_cap * sizeof *as->path + abs_ch_scratch_bytes(&as->ch) +
           (as->refresh_edges
                ? (size_t)as->ix->abs->nedges * sizeof *as->refresh_edges + (2 * n + 1) * sizeof *as->refresh_sector +
                      (n + 1) * sizeof *as->refresh_pos + (nb ? nb : 1) * REGION_BLOCK * sizeof *as->g +
                      (as->refresh_marks ? (n + 1) * REGION_LANDMARKS * sizeof *as->refresh_marks : 0)
                : 0);
}
