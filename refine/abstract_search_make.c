/* abstract_search_make.c: the region search (abstract_search.h) made,
 * made again after a map change, made lean, freed and counted; the
 * searches themselves are abstract_search.c. */
#include "abstract_search.h"

#include <stdlib.h>
#include <string.h>

#include "abstract_search_first.h"

/* Where the adjacency of the search before a map change serves again:
 * `prev`, and ring[sector] marking the sectors whose edges may differ (a
 * touched sector or one beside it); NULL prev for none. */
typedef struct Reuse {
    const RegionSearch *prev;
    const uint8_t *ring;
} Reuse;

/* Edge i's code: the direction of its target's sector and its local id. */
static void put_code(RegionSearch *as, uint32_t i, uint32_t dir, uint32_t local)
{
    uint32_t code = dir << as->local_bits | local;
    if (as->local_bits == REGION_LOCAL_NARROW)
        as->adj.narrow[i] = (uint8_t)code;
    else
        as->adj.wide[i] = (uint16_t)code;
}

/* The CSR adjacency of the abstraction (abstract_search.h), each edge's
 * excess code kept (`kept`, or decoded from the layout when NULL; 0
 * without edge costs). A region of a sector outside the ring keeps its
 * edges, their targets' local ids and their cost bytes
 * (abstraction/update.c: same regions, centers and cost bytes there and in
 * the sectors beside it), so its row is copied from `reuse->prev`. */
static bool decode_adjacency(RegionSearch *as, const uint8_t *kept, const Reuse *reuse, Err *err)
{
    const AbsIndex *ix = as->ix;
    const Abstraction *a = ix->abs;
    uint32_t n = a->nregions, m = 0;
    as->local_bits = REGION_LOCAL_NARROW;
    for (uint32_t s = 0; s < a->nsectors && as->local_bits == REGION_LOCAL_NARROW; s++)
        if (abs_region_count(a, (int)s) > ABS_NARROW_MAX_REGIONS)
            as->local_bits = REGION_LOCAL_WIDE;
    for (int d = 0; d < 8; d++) {
        as->sector_step[d] = GRID_DY[d] * a->sw + GRID_DX[d];
        for (int o = 0; o < 8; o++) /* the way back across an edge of direction d */
            if (GRID_DX[o] == -GRID_DX[d] && GRID_DY[o] == -GRID_DY[d])
                as->back_code[d] = (uint16_t)(o << as->local_bits);
    }
    as->adj_first = malloc(((size_t)n + 1) * sizeof *as->adj_first);
    as->adj.any = malloc(((size_t)a->nedges + 1) * region_code_bytes(as));
    uint8_t *decoded = NULL;
    if (!as->adj_first || !as->adj.any || (!kept && !abs_edge_excess(a, &decoded, err)))
        return err_set(err, "out of memory for the abstract adjacency (%u edges)", a->nedges);
    if (kept || !decoded) { /* decoded is the array wanted, when it was made */
        as->adj_excess = calloc((size_t)a->nedges + 1, 1);
        if (!as->adj_excess)
            return err_set(err, "out of memory for the abstract adjacency (%u edges)", a->nedges);
        if (kept)
            memcpy(as->adj_excess, kept, a->nedges);
    } else
        as->adj_excess = decoded;
    for (uint32_t r = 0; r < n; r++) {
        as->adj_first[r] = m;
        uint32_t s = abs_region_sector(ix, r);
        if (reuse->prev && !reuse->ring[s]) {
            const RegionSearch *p = reuse->prev;
            uint32_t o = abs_base(p->ix, s) + (uint32_t)abs_local(ix, r);
            const uint32_t local = (1u << p->local_bits) - 1;
            for (uint32_t i = region_adj_first(p, o), e = region_adj_first(p, o + 1); i < e && m < a->nedges; i++) {
                uint32_t code = region_code(p, p->adj, i); /* p's codes may be of the other width */
                as->adj_excess[m] = p->adj_excess[i];
                put_code(as, m++, code >> p->local_bits, code & local);
            }
            continue;
        }
        AbsEdgeIter it;
        AbsEdge e;
        abs_edges(a, (int)s, abs_local(ix, r), &it);
        while (abs_edge_next(a, &it, &e) && m < a->nedges)
            put_code(as, m++, (uint32_t)e.dir, (uint32_t)e.region);
    }
    as->adj_first[n] = m;
    as->nadj = m;
    return true;
}

bool region_search_flat(const RegionSearch *as, RegionAdj **out)
{
    const uint32_t n = as->ix->abs->nregions;
    RegionAdj *flat = *out = malloc(((size_t)as->nadj + 1) * sizeof *flat);
    if (!flat)
        return false;
    for (uint32_t r = 0; r < n; r++)
        for (uint32_t i = region_adj_first(as, r), e = region_adj_first(as, r + 1); i < e; i++) {
            uint32_t to = region_edge_to(as, r, i);
            flat[i] = (RegionAdj){to, region_edge_cost(as, r, to, i)};
        }
    return true;
}

/* The edges as the hierarchy reads them: over `flat` (region_search_flat). */
static AbsChEdges edges_of(const RegionSearch *as, const RegionAdj *flat)
{
    return (AbsChEdges){as->adj_first, &flat[0].to, &flat[0].cost, sizeof *flat};
}

/* A search no hierarchy reads the adjacency of keeps its rows' starts
 * packed (the 32-bit ones stay where they do not fit). */
static void pack_rows(RegionSearch *as)
{
    if (!row_starts_pack(&as->adj_rows, as->adj_first, as->ix->abs->nregions))
        return;
    free(as->adj_first);
    as->adj_first = NULL;
}

/* Blocks of REGION_BLOCK regions (RegionSearch.block). */
static size_t blocks_of(const RegionSearch *as)
{
    return as->ix ? (as->ix->abs->nregions + REGION_BLOCK - 1) / REGION_BLOCK : 0;
}

/* The A*'s arrays (its g, stamps, open list and parents) and the route. */
static bool alloc_astar(RegionSearch *as)
{
    size_t n = as->ix->abs->nregions ? as->ix->abs->nregions : 1, nb = blocks_of(as);
    as->parent.any = malloc(n * region_code_bytes(as));
    as->g = malloc((nb ? nb : 1) * REGION_BLOCK * sizeof *as->g); /* set when a search stamps its block */
    as->block = calloc(nb + 1, sizeof *as->block);                /* block[nb]: the open list's position slot */
    if (!as->path) {
        as->path = malloc(REGION_PATH_FIRST * sizeof *as->path);
        as->path_cap = as->path ? (int)REGION_PATH_FIRST : 0;
    }
    return as->parent.any && as->g && as->block && as->path &&
           heap_init(&as->open, REGION_OPEN_FIRST, &as->block[nb], 0);
}

/* The A*'s g, stamps and open list let go. */
static void free_astar_core(RegionSearch *as)
{
    free(as->g);
    free(as->block);
    as->g = NULL;
    as->block = NULL;
    heap_free(&as->open);
}

/* The adjacency; the A*'s arrays too when `astar` (else after the
 * hierarchy, which they would only add to the peak of). */
static bool init_search(RegionSearch *as, const AbsIndex *ix, const uint8_t *excess, const Reuse *reuse, bool astar,
                        Err *err)
{
    memset(as, 0, sizeof *as);
    as->ix = ix;
    if (!decode_adjacency(as, excess, reuse, err)) {
        region_search_free(as);
        return false;
    }
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
    free(as->refresh_sector);
    as->refresh_edges = NULL;
    as->refresh_sector = NULL;
}

/* Makes the refresh's arrays when the hierarchy awaits a refresh and they
 * are not held. False (none held) when memory ran out. */
static bool prepare_refresh(RegionSearch *as, Err *err)
{
    if (!abs_ch_built(&as->ch) || !as->ch.dyn.pending || as->refresh_edges)
        return true;
    if (!region_search_flat(as, &as->refresh_edges) || !(as->refresh_sector = abs_region_sectors(as->ix))) {
        drop_refresh(as);
        return err_set(err, "out of memory for the hierarchy's refresh (%u edges, %u regions)", as->nadj,
                       as->ix->abs->nregions);
    }
    return true;
}

bool region_search_follow(RegionSearch *fresh, const AbsIndex *ix, RegionSearch *prev, const uint8_t *touched,
                          const uint8_t *excess, Err *err)
{
    const Abstraction *a = ix->abs;
    uint8_t *ring = calloc(a->nsectors ? a->nsectors : 1, 1);
    if (!ring)
        return err_set(err, "out of memory for the abstract search's update");
    /* Edges change in and beside the touched sectors; a sector beside those
     * can change its default flag, and with it the cost the layout gives
     * its neighbours' edges towards it (abstraction/update.c): two steps. */
    for (uint32_t s = 0; s < a->nsectors; s++)
        if (touched[s])
            ring[s] = 1;
    for (uint8_t step = 1; step <= 2; step++)
        for (uint32_t s = 0; s < a->nsectors; s++)
            if (ring[s] == step)
                for (int d = 0; d < 8; d++) {
                    int t = abs_neighbour_sector(a, (int)s, d);
                    if (t >= 0 && !ring[t])
                        ring[t] = (uint8_t)(step + 1);
                }
    /* A hierarchy-only search (region_search_lean) kept no rows to copy. */
    Reuse reuse = {prev->adj.any ? prev : NULL, ring};
    bool ok = init_search(fresh, ix, excess, &reuse, true, err);
    free(ring);
    if (ok && !abs_ch_built(&prev->ch))
        pack_rows(fresh);
    if (ok && abs_ch_built(&prev->ch) && !abs_ch_defer(&prev->ch, touched, err)) {
        region_search_free(fresh);
        return false;
    }
    if (ok) {
        fresh->gate = prev->gate;
        fresh->ch = prev->ch;
        memset(&prev->ch, 0, sizeof prev->ch);
        if (!prepare_refresh(fresh, err)) {
            region_search_unfollow(fresh, prev);
            region_search_free(fresh);
            return false;
        }
    }
    return ok;
}

void region_search_unfollow(RegionSearch *fresh, RegionSearch *prev)
{
    /* The sectors marked stale stay marked: re-customising them again is
     * only work, never a wrong cost. */
    prev->ch = fresh->ch;
    memset(&fresh->ch, 0, sizeof fresh->ch);
    /* prev's own edges now (it may hold them from a change before); when
     * memory runs out, its refresh tries again. */
    Err ignored;
    (void)prepare_refresh(prev, &ignored);
}

bool region_search_refresh(RegionSearch *as, Err *err)
{
    if (!abs_ch_built(&as->ch) || !as->ch.dyn.pending)
        return true;
    if (!prepare_refresh(as, err))
        return false;
    AbsChEdges g = edges_of(as, as->refresh_edges);
    bool ok = abs_ch_refresh(&as->ch, as->ix->abs->nregions, &g, as->refresh_sector, err);
    if (!as->ch.dyn.pending)
        drop_refresh(as);
    return ok;
}

bool region_search_init(RegionSearch *as, const AbsIndex *ix, bool ch, const RegionSearch *prev, Err *err)
{
    Reuse none = {NULL, NULL};
    if (!init_search(as, ix, NULL, &none, !ch, err))
        return false;
    if (!ch)
        pack_rows(as);
    RegionAdj *flat = NULL;
    uint32_t *sector = NULL; /* the hierarchy's build takes them as an array */
    if (ch && (!region_search_flat(as, &flat) || !(sector = abs_region_sectors(ix)))) {
        free(flat);
        region_search_free(as);
        return err_set(err, "out of memory for the abstract adjacency (%u edges)", as->nadj);
    }
    AbsChEdges g = ch ? edges_of(as, flat) : (AbsChEdges){0};
    bool built = !ch || abs_ch_build(&as->ch, ix->abs->nregions, &g, sector, (uint32_t)ix->abs->sw,
                                     (uint32_t)ix->abs->sh, prev ? &prev->ch.sec : NULL, err);
    free(sector);
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
    if (!abs_ch_built(&as->ch) || as->ch.dynamic || as->ch.dyn.pending)
        return;
    free(as->parent.any);
    free(as->adj_first);
    row_starts_free(&as->adj_rows);
    free(as->adj.any);
    free(as->adj_excess);
    as->parent.any = NULL;
    as->adj_first = NULL;
    as->adj.any = NULL;
    as->adj_excess = NULL;
    as->nadj = 0;
    free_astar_core(as);
}

void region_search_free(RegionSearch *as)
{
    free(as->parent.any);
    free(as->path);
    free(as->adj_first);
    row_starts_free(&as->adj_rows);
    free(as->adj.any);
    free(as->adj_excess);
    free_astar_core(as);
    drop_refresh(as);
    abs_ch_free(&as->ch);
    memset(as, 0, sizeof *as);
}

size_t region_search_bytes(const RegionSearch *as)
{
    size_t n = as->ix ? as->ix->abs->nregions : 0, nb = blocks_of(as), code = region_code_bytes(as);
    return (as->g ? (nb ? nb : 1) * REGION_BLOCK * sizeof *as->g : 0) + (as->block ? (nb + 1) * sizeof *as->block : 0) +
           (size_t)as->open.cap * sizeof(HeapItem) + (as->parent.any ? n * code : 0) +
           (size_t)as->path_cap * sizeof *as->path + (as->adj_first ? (n + 1) * sizeof *as->adj_first : 0) +
           row_starts_bytes(&as->adj_rows) + (size_t)as->nadj * (code + sizeof *as->adj_excess) +
           abs_ch_scratch_bytes(&as->ch) +
           (as->refresh_edges ? (size_t)as->nadj * sizeof *as->refresh_edges + n * sizeof *as->refresh_sector : 0);
}
