#include "abs_ch.h"

#include <stdlib.h>
#include <string.h>

#include "abs_ch_custom.h"

/* The one message of every failed allocation here; false. */
static bool no_memory(Err *err, uint32_t n)
{
    return err_set(err, "out of memory for the abstract contraction hierarchy (%u regions)", n);
}

/* A build that ran out of memory: what `ch` holds let go, the message
 * set; false. */
static bool build_failed(AbsCh *ch, Err *err, uint32_t n)
{
    abs_ch_free(ch);
    return no_memory(err, n);
}

/* The query's scratch, sized by the shape's height. */
static bool alloc_scratch(AbsCh *ch)
{
    size_t h = ch->height ? ch->height : 1;
    ch->freg = malloc(h * sizeof *ch->freg);
    ch->breg = malloc(h * sizeof *ch->breg);
    ch->fpar = malloc(h * sizeof *ch->fpar);
    ch->bpar = malloc(h * sizeof *ch->bpar);
    ch->fnode = malloc(h * sizeof *ch->fnode);
    ch->bnode = malloc(h * sizeof *ch->bnode);
    ch->chain = malloc(h * sizeof *ch->chain);
    ch->unpacking = malloc(h * sizeof *ch->unpacking);
    ch->fg = malloc(h * sizeof *ch->fg);
    ch->bg = malloc(h * sizeof *ch->bg);
    bool ok = ch->freg && ch->breg && ch->chain && ch->unpacking && ch->fpar && ch->bpar && ch->fnode && ch->bnode &&
              ch->fg && ch->bg;
    for (size_t k = 0; ok && k < h; k++) /* as every query leaves them (abs_ch_begin) */
        ch->fg[k] = ch->bg[k] = ABS_CH_FAR;
    return ok;
}

/* Lets the customised costs and middles go (one array each when the two
 * directions share it). */
static void free_costs(AbsCh *ch)
{
    if (ch->w_dn != ch->w_up)
        free(ch->w_dn);
    if (ch->mid_dn != ch->mid_up)
        free(ch->mid_dn);
    free(ch->w_up);
    free(ch->mid_up);
    ch->w_up = ch->w_dn = ch->mid_up = ch->mid_dn = NULL;
}

/* A build's start: the sector order copied and the regions ordered, their
 * shape filled too when `fill`; else their order only begun (its steps,
 * abs_ch_topo_order_steps, then abs_ch_topo_fill make the rest). All or
 * nothing. */
static bool shape_begin(AbsCh *ch, uint32_t n, const AbsChEdges *g, const uint32_t *region_sector,
                        const AbsChSectors *sec, bool fill, Err *err)
{
    memset(ch, 0, sizeof *ch);
    ch->n = n;
    if (!abs_ch_edges_fit(sec, g, n, region_sector))
        return err_set(err, "abstract contraction hierarchy: an edge between sectors that do not touch");
    const uint32_t *to = g->to;
    bool ok = abs_ch_sectors_copy(&ch->sec, sec) &&
              (fill ? abs_ch_topo_build_exact(&ch->topo, &ch->sec, n, region_sector, g->first, to, g->stride)
                    : abs_ch_topo_ordered(&ch->topo, &ch->sec, n, region_sector, g->first, to, g->stride));
    ch->shaped = ok;
    if (!ok)
        return build_failed(ch, err, n);
    return true;
}

/* On a filled shape: its depths and parents, and the metric over `g`, not
 * customised. All or nothing. */
static bool shape_metric(AbsCh *ch, const AbsChEdges *g, bool one, Err *err)
{
    uint32_t n = ch->n;
    ch->shape_arcs = ch->topo.m;
    uint32_t *rank_depth = malloc((ch->topo.n ? ch->topo.n : 1) * sizeof *rank_depth);
    ch->depth = malloc((ch->topo.n ? ch->topo.n : 1) * sizeof *ch->depth);
    /* The parents, for ends held by depth (narrow_hierarchy), from the
     * shape before its unkept arcs are dropped (abs_ch_drop_unkept). */
    bool parents = n > 0 && n <= ABS_CH_NARROW_MAX;
    ch->parent16 = parents ? malloc((size_t)n * sizeof *ch->parent16) : NULL;
    bool ok = rank_depth && ch->depth && (!parents || ch->parent16);
    if (ok) {
        ch->height = abs_ch_topo_depths(&ch->topo, rank_depth);
        for (uint32_t r = 0; r < n; r++)
            ch->depth[r] = rank_depth[ch->topo.rank[r]];
        for (uint32_t r = 0; parents && r < n; r++) {
            uint32_t x = ch->topo.rank[r], a = ch->topo.first[x];
            ch->parent16[r] = (uint16_t)(a < ch->topo.first[x + 1] ? ch->topo.node[ch->topo.head[a]] : n);
        }
    }
    free(rank_depth);
    size_t m = ch->topo.m ? ch->topo.m : 1;
    /* One direction serves both when the costs are symmetric (`one`). */
    if (ok) {
        ch->w_up = malloc(m * sizeof *ch->w_up);
        ch->mid_up = malloc(m * sizeof *ch->mid_up);
        ch->w_dn = one ? ch->w_up : malloc(m * sizeof *ch->w_dn);
        ch->mid_dn = one ? ch->mid_up : malloc(m * sizeof *ch->mid_dn);
        /* The costs are made exact in place (abs_ch_perfect_over): no
         * second array at the build's peak. */
        ok = ch->w_up && ch->w_dn && ch->mid_up && ch->mid_dn;
    }
    if (ok && !abs_ch_metric(ch, g)) { /* not after abs_ch_edges_fit */
        abs_ch_free(ch);
        return err_set(err, "abstract contraction hierarchy: an edge the shape does not hold");
    }
    if (!ok)
        return build_failed(ch, err, n);
    return true;
}

bool abs_ch_shape(AbsCh *ch, uint32_t n, const AbsChEdges *g, const uint32_t *region_sector, const AbsChSectors *sec,
                  Err *err)
{
    return shape_begin(ch, n, g, region_sector, sec, true, err) && shape_metric(ch, g, abs_ch_symmetric(g, n), err);
}

bool abs_ch_shape_finish(AbsCh *ch, Err *err)
{
    bool one = ch->w_dn == ch->w_up, ok = true;
    uint32_t n = ch->n;
    size_t slots = ch->topo.n ? ch->topo.n : 1;
    const uint32_t *eu = ch->w_up, *ed = ch->w_dn; /* the exact distances (abs_ch_perfect_over) */
    ch->nup = abs_ch_flat_count(ch, eu, ch->w_up);
    ch->ndn = one ? ch->nup : abs_ch_flat_count(ch, ed, ch->w_dn);
    ch->up_first = malloc((slots + 1) * sizeof *ch->up_first);
    ch->up = malloc(((size_t)ch->nup + 1) * sizeof *ch->up);
    ch->dn_first = one ? ch->up_first : malloc((slots + 1) * sizeof *ch->dn_first);
    ch->dn = one ? ch->up : malloc(((size_t)ch->ndn + 1) * sizeof *ch->dn);
    ch->shared = one;
    ok = ch->up_first && ch->dn_first && ch->up && ch->dn;
    if (ok) {
        abs_ch_flatten(ch, eu, ch->w_up, ch->mid_up, ch->up_first, ch->up);
        if (!one)
            abs_ch_flatten(ch, ed, ch->w_dn, ch->mid_dn, ch->dn_first, ch->dn);
    }
    if (ok) {
        for (uint32_t i = 0; i < ch->nup; i++)
            ch->shortcuts += ch->up[i].mid != ABS_CH_NONE;
        if (!ch->shared && ch->nup == ch->ndn &&
            !memcmp(ch->up_first, ch->dn_first, ((size_t)n + 1) * sizeof *ch->up_first) &&
            !memcmp(ch->up, ch->dn, (size_t)ch->nup * sizeof *ch->up)) {
            /* symmetric costs: one copy serves both directions */
            free(ch->dn_first);
            free(ch->dn);
            ch->dn_first = ch->up_first;
            ch->dn = ch->up;
            ch->shared = true;
        }
        abs_ch_narrow(ch);
        ok = alloc_scratch(ch);
    }
    if (!ok)
        return build_failed(ch, err, n);
    return true;
}

/* After the customisation: the exact costs in place, the arcs they leave
 * out dropped, the query arcs made (abs_ch_shape_finish). False (the
 * hierarchy freed) when memory ran out. */
static bool shape_exact(AbsCh *ch, Err *err)
{
    uint32_t n = ch->n;
    if (!abs_ch_perfect_over(ch))
        return build_failed(ch, err, n);
    abs_ch_drop_unkept(ch);
    return abs_ch_shape_finish(ch, err);
}

bool abs_ch_build_shaped(AbsCh *ch, uint32_t n, const AbsChEdges *g, const uint32_t *region_sector,
                         const AbsChSectors *sec, Err *err)
{
    if (!abs_ch_shape(ch, n, g, region_sector, sec, err))
        return false;
    abs_ch_customise(ch);
    return shape_exact(ch, err);
}

/* A built hierarchy's last step: a few queries across the map set
 * query_work, what renting (the abstract A* while a change is pending,
 * abs_ch_rent) is weighed against, before the first change comes; then
 * the shape is let go. False (the hierarchy freed) when memory ran out. */
static bool sample_and_unshape(AbsCh *ch, Err *err)
{
    uint32_t n = ch->n;
    uint32_t *path = n > 1 ? malloc((size_t)n * sizeof *path) : NULL;
    if (n > 1 && !path)
        return build_failed(ch, err, n);
    for (uint32_t i = 0; path && i < ABS_CH_SAMPLE_QUERIES; i++) {
        int len;
        uint32_t from = (uint32_t)((uint64_t)i * n / ABS_CH_SAMPLE_QUERIES);
        abs_ch_query(ch, from, (from + n / 2) % n, path, &len);
    }
    free(path);
    abs_ch_unshape(ch);
    return true;
}

bool abs_ch_build(AbsCh *ch, uint32_t n, const AbsChEdges *g, const uint32_t *region_sector, uint32_t sw, uint32_t sh,
                  const AbsChSectors *keep, Err *err)
{
    memset(ch, 0, sizeof *ch);
    AbsChSectors own = {0};
    const AbsChSectors *sec = &own;
    uint32_t *count = calloc((size_t)sw * sh + 1, sizeof *count);
    for (uint32_t r = 0; count && r < n; r++)
        count[region_sector[r]]++;
    bool ok = count != NULL;
    if (ok && keep && keep->ns && keep->sw == sw && keep->sh == sh)
        ok = abs_ch_sectors_copy(&own, keep); /* its order held, a kept one may be compact */
    else if (ok)
        ok = abs_ch_sectors_build(&own, sw, sh, count);
    /* The least shape: it is let go once the query arcs are made; a
     * refresh after a map change builds one again (abs_ch_refresh). */
    if (!ok)
        ok = no_memory(err, n);
    else
        ok = abs_ch_build_shaped(ch, n, g, region_sector, sec, err);
    abs_ch_sectors_free(&own);
    free(count);
    return ok && sample_and_unshape(ch, err);
}

int abs_ch_build_piece(AbsCh *next, int piece, uint32_t n, const AbsChEdges *g, const uint32_t *region_sector,
                       const AbsChSectors *sec, Err *err)
{
    switch (piece) {
    case 0:
        return shape_begin(next, n, g, region_sector, sec, false, err) ? 1 : -1;
    case 1: {
        int done = abs_ch_topo_order_steps(&next->topo, ABS_CH_ORDER_WORK);
        if (done < 0) {
            build_failed(next, err, n);
            return -1;
        }
        return done;
    }
    case 2:
        if (!abs_ch_topo_fill(&next->topo, g->first, g->to, g->stride)) {
            build_failed(next, err, n);
            return -1;
        }
        return 1;
    case 3:
        next->symmetric = abs_ch_symmetric(g, n);
        return 1;
    case 4:
        return shape_metric(next, g, next->symmetric, err) ? 1 : -1;
    case 5:
        abs_ch_customise(next);
        return 1;
    case 6:
    case 7: { /* the exact costs, the upper half of the ranks first */
        uint32_t half = next->topo.n / 2, hi = piece == 6 ? next->topo.n : half, lo = piece == 6 ? half : 0;
        if (!abs_ch_perfect_rows(next, hi, lo))
            return build_failed(next, err, n), -1;
        if (piece == 7)
            abs_ch_perfect_end(next);
        return 1;
    }
    default:
        abs_ch_drop_unkept(next);
        return abs_ch_shape_finish(next, err) && sample_and_unshape(next, err) ? 1 : -1;
    }
}

size_t abs_ch_piece_bytes(const AbsCh *next)
{
    size_t m = next->w_up ? next->topo.m : 0;
    return sizeof *next + abs_ch_sectors_bytes(&next->sec) + abs_ch_topo_bytes(&next->topo, next->sec.ns) +
           (next->depth ? (size_t)next->n * sizeof *next->depth : 0) +
           (next->parent16 ? (size_t)next->n * sizeof *next->parent16 : 0) +
           m * (next->w_dn == next->w_up ? 1 : 2) * (sizeof *next->w_up + sizeof *next->mid_up);
}

void abs_ch_unshape(AbsCh *ch)
{
    abs_ch_topo_free(&ch->topo);
    free_costs(ch);
    abs_ch_sectors_compact(&ch->sec);
    ch->shaped = false;
}

void abs_ch_free(AbsCh *ch)
{
    if (!ch->shared) {
        free(ch->dn_first);
        free(ch->dn);
        free(ch->dnk);
        free(ch->dnm);
        free(ch->dnsc);
    }
    free(ch->up_first);
    free(ch->up);
    free(ch->upk);
    free(ch->upm);
    free(ch->upsc);
    free(ch->up_base); /* dn_base within it */
    if (!ch->shared)
        free(ch->dn_rowk);
    free(ch->up_rowk);
    free(ch->regk);
    free(ch->depth);
    free(ch->parent16);
    free(ch->freg);
    free(ch->breg);
    free(ch->fpar);
    free(ch->bpar);
    free(ch->fnode);
    free(ch->bnode);
    free(ch->chain);
    free(ch->unpacking);
    free_costs(ch);
    free(ch->dyn.stale);
    abs_ch_drop_build(ch);
    abs_ch_topo_free(&ch->topo);
    abs_ch_sectors_free(&ch->sec);
    free(ch->fg);
    free(ch->bg);
    memset(ch, 0, sizeof *ch);
}

size_t abs_ch_kept_bytes(const AbsCh *ch)
{
    if (!abs_ch_built(ch))
        return 0;
    size_t offs = ch->narrow ? 0 : ((size_t)ch->n + 1) * sizeof *ch->up_first;
    size_t up = offs + (ch->narrow
                            ? abs_ch_packed_bytes(ch->arc_bits, ch->nup) +
                                  abs_ch_packed_bytes(ch->mid_bits, ch->shortcuts) + abs_ch_shortcut_bits_bytes(ch->nup)
                            : (size_t)ch->nup * sizeof *ch->up),
           dn = offs + (ch->narrow ? abs_ch_packed_bytes(ch->arc_bits, ch->ndn) +
                                         abs_ch_packed_bytes(ch->mid_bits, ch->dnshortcuts) +
                                         abs_ch_shortcut_bits_bytes(ch->ndn)
                                   : (size_t)ch->ndn * sizeof *ch->dn);
    size_t custom =
        abs_ch_sectors_bytes(&ch->sec) + (ch->dyn.stale ? ch->sec.ns : 0) +
        (ch->parent16 ? (size_t)ch->n * sizeof *ch->parent16 : 0) +
        (ch->narrow ? abs_ch_packed_bytes(ch->rec_bits, ch->n + 1) +
                          (ch->shared ? 1 : 2) * (abs_ch_packed_bytes(ch->row_bits, ch->n + 1) +
                                                  ((size_t)ch->n / ABS_CH_REC_BLOCK + 1) * sizeof *ch->up_base)
                    : (size_t)ch->n * sizeof *ch->depth);
    if (ch->shaped)
        custom += abs_ch_topo_bytes(&ch->topo, ch->sec.ns) + (size_t)ch->topo.m * 16;
    if (ch->dyn.next) /* a refresh's build between its pieces (abs_ch_refresh) */
        custom += abs_ch_piece_bytes(ch->dyn.next);
    return custom + (ch->shared ? up : up + dn);
}

size_t abs_ch_scratch_bytes(const AbsCh *ch)
{
    return ch->fg ? (size_t)(ch->height ? ch->height : 1) * (2 * sizeof(uint64_t) + 8 * sizeof(uint32_t)) : 0;
}
