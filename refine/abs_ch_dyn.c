/* The regions' hierarchy after map changes (refine/abs_ch.h): its refresh
 * (a build again from scratch, or for a slotted shape what local
 * re-customisation keeps and the local re-customisation itself), and its
 * deferral until it is worth its cost (abs_ch_due, the one place of that
 * policy). */
#include <stdlib.h>
#include <string.h>

#include "abs_ch_custom.h"

#define INF ABS_CH_INF

/* Row flags of AbsChDyn.row: the row holds arcs to customise again; its
 * exact distances are to be made again. */
#define DYN_BASIC 1u
#define DYN_EXACT 2u

/* A change whose ring (changed sectors and their neighbours) holds at least
 * 1/WHOLE_AT of the sectors is customised whole. */
#define WHOLE_AT 4u

/* A new shape's whole customisation, in work units (abs_ch.h) per arc:
 * about a row's length of triangles each, a few dozen on these shapes. */
#define RESHAPE_WORK 32u

/* What local re-customisation needs, allocated and filled: exact distances
 * of the current costs, the arcs into each rank from below, flags, room in
 * the query arrays for every slot and arc (and a direction of its own for
 * the down arcs). False (the hierarchy as it was) when memory ran out. */
static bool dyn_init(AbsCh *ch)
{
    const AbsChTopo *t = &ch->topo;
    AbsChDyn d = {0};
    bool exact = ch->dyn.pu != NULL; /* the build of a slotted shape left its exact distances */
    size_t m = t->m ? t->m : 1, n = t->n, ns = ch->sec.ns ? ch->sec.ns : 1, longest = 1;
    for (uint32_t x = 0; x < t->n; x++)
        if (t->first[x + 1] - t->first[x] > longest)
            longest = t->first[x + 1] - t->first[x];
    d.pu = exact ? ch->dyn.pu : malloc(m * sizeof *d.pu);
    d.pd = exact ? ch->dyn.pd : malloc(m * sizeof *d.pd);
    d.down_first = calloc(n + 2, sizeof *d.down_first);
    d.down_from = malloc(m * sizeof *d.down_from);
    d.down_arc = malloc(m * sizeof *d.down_arc);
    d.dirty = calloc(m, 1);
    d.row = calloc(n ? n : 1, 1);
    d.ring = calloc(ns, 1);
    d.stale = calloc(ns, 1);
    d.count = malloc(ns * sizeof *d.count);
    d.old = malloc(2 * longest * sizeof *d.old);
    d.rank_depth = malloc((n ? n : 1) * sizeof *d.rank_depth);
    uint32_t *up_first = malloc((n + 1) * sizeof *up_first), *dn_first = malloc((n + 1) * sizeof *dn_first);
    AbsChArc *up = malloc(m * sizeof *up), *dn = malloc(m * sizeof *dn);
    if (!d.pu || !d.pd || !d.down_first || !d.down_from || !d.down_arc || !d.dirty || !d.row || !d.ring || !d.stale ||
        !d.count || !d.old || !d.rank_depth || !up_first || !dn_first || !up || !dn) {
        if (exact) /* still the hierarchy's own */
            d.pu = d.pd = NULL;
        abs_ch_dyn_free(&d);
        free(up_first);
        free(dn_first);
        free(up);
        free(dn);
        return false;
    }
    /* Counting sort by the higher end: scanning x upwards keeps each list increasing. */
    for (uint32_t i = 0; i < t->m; i++)
        d.down_first[t->head[i] + 2]++;
    for (size_t y = 0; y < n; y++)
        d.down_first[y + 2] += d.down_first[y + 1];
    for (uint32_t x = 0; x < t->n; x++)
        for (uint32_t i = t->first[x]; i < t->first[x + 1]; i++) {
            uint32_t k = d.down_first[t->head[i] + 1]++;
            d.down_from[k] = x;
            d.down_arc[k] = i;
        }
    if (!exact)
        abs_ch_perfect(ch, d.pu, d.pd);
    (void)abs_ch_topo_depths(t, d.rank_depth); /* the height the scratch was sized by */
    memcpy(up_first, ch->up_first, ((size_t)ch->n + 1) * sizeof *up_first);
    memcpy(dn_first, ch->dn_first, ((size_t)ch->n + 1) * sizeof *dn_first);
    memcpy(up, ch->up, (size_t)ch->nup * sizeof *up);
    memcpy(dn, ch->dn, (size_t)ch->ndn * sizeof *dn);
    if (!ch->shared) {
        free(ch->dn_first);
        free(ch->dn);
    }
    free(ch->up_first);
    free(ch->up);
    ch->up_first = up_first;
    ch->dn_first = dn_first;
    ch->up = up;
    ch->dn = dn;
    ch->shared = false;
    ch->dyn = d;
    ch->dynamic = true;
    return true;
}

/* Arc p = u -> v (u < v) customised again from its edges and its lower
 * triangles, lowest middle first as the whole customisation meets them (so
 * ties keep the same middle); true when a cost moved. */
static bool redo_basic(AbsCh *ch, const AbsChEdges *g, uint32_t p, uint32_t u, uint32_t v)
{
    const AbsChTopo *t = &ch->topo;
    AbsChDyn *d = &ch->dyn;
    d->work += d->down_first[u + 1] - d->down_first[u] + d->down_first[v + 1] - d->down_first[v];
    uint32_t a = t->node[u], b = t->node[v], up = INF, dn = INF, mu = ABS_CH_NONE, md = ABS_CH_NONE;
    if (a != ABS_CH_TOPO_FREE && b != ABS_CH_TOPO_FREE) {
        up = abs_ch_cheapest_edge(g, a, b);
        dn = abs_ch_cheapest_edge(g, b, a);
    }
    for (uint32_t i = d->down_first[u], j = d->down_first[v]; i < d->down_first[u + 1] && j < d->down_first[v + 1];) {
        uint32_t x = d->down_from[i], y = d->down_from[j];
        if (x != y) {
            i += x < y;
            j += y < x;
            continue;
        }
        uint32_t xu = d->down_arc[i++], xv = d->down_arc[j++], c;
        if ((c = abs_ch_add(ch->w_dn[xu], ch->w_up[xv])) < up) {
            up = c;
            mu = x;
        }
        if ((c = abs_ch_add(ch->w_dn[xv], ch->w_up[xu])) < dn) {
            dn = c;
            md = x;
        }
    }
    bool moved = up != ch->w_up[p] || dn != ch->w_dn[p];
    ch->w_up[p] = up;
    ch->w_dn[p] = dn;
    ch->mid_up[p] = mu;
    ch->mid_dn[p] = md;
    return moved;
}

static inline void mark_arc(AbsCh *ch, uint32_t u, uint32_t v)
{
    uint32_t lo = u < v ? u : v, p = abs_ch_topo_arc(&ch->topo, lo, u < v ? v : u);
    if (p != UINT32_MAX) {
        ch->dyn.dirty[p] = 1;
        ch->dyn.row[lo] |= DYN_BASIC;
    }
}

/* Every arc between the slots of two sectors (or within one) to customise again. */
static void mark_sectors(AbsCh *ch, uint32_t s, uint32_t r)
{
    const AbsChTopo *t = &ch->topo;
    for (uint32_t u = t->base[s]; u < t->base[s] + t->cap[s]; u++)
        for (uint32_t v = t->base[r]; v < t->base[r] + t->cap[r]; v++)
            if (u != v)
                mark_arc(ch, u, v);
}

/* Flags `flag` on every row x below both u and v (x in down(u) and down(v)):
 * the rows whose triangles hold the arc u -> v. */
static void mark_rows_below(AbsChDyn *d, uint32_t u, uint32_t v, uint8_t flag)
{
    d->work += d->down_first[u + 1] - d->down_first[u] + d->down_first[v + 1] - d->down_first[v];
    for (uint32_t i = d->down_first[u], j = d->down_first[v]; i < d->down_first[u + 1] && j < d->down_first[v + 1];) {
        uint32_t x = d->down_from[i], y = d->down_from[j];
        if (x == y)
            d->row[x] |= flag;
        i += x <= y;
        j += y <= x;
    }
}

/* The local customisation: arcs between the changed sectors' slots and
 * their neighbours' (the only ones whose edges can have changed), then,
 * rank by rank upwards, every arc a triangle joins to an arc whose cost
 * moved; then, rank by rank downwards, the exact distances of every row
 * whose own costs moved or whose triangles hold an arc whose distance moved. */
static void recustomise(AbsCh *ch, const AbsChEdges *g, const uint8_t *touched)
{
    const AbsChTopo *t = &ch->topo;
    AbsChDyn *d = &ch->dyn;
    uint32_t sw = ch->sec.sw, sh = ch->sec.sh, ns = ch->sec.ns;
    memset(d->ring, 0, ns);
    for (uint32_t s = 0; s < ns; s++)
        if (touched[s])
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int64_t x = (int64_t)(s % sw) + dx, y = (int64_t)(s / sw) + dy;
                    if (x >= 0 && y >= 0 && x < sw && y < sh)
                        d->ring[(size_t)y * sw + (size_t)x] = 1;
                }
    uint32_t ring = 0;
    for (uint32_t s = 0; s < ns; s++)
        ring += d->ring[s];
    if ((uint64_t)ring * WHOLE_AT >= ns) {
        /* Changed nearly everywhere: a whole customisation scans each
         * triangle once, where the local one merges two lists per arc. */
        (void)abs_ch_metric(ch, g); /* its edges fit (abs_ch_edges_fit) */
        abs_ch_customise(ch);
        abs_ch_perfect(ch, d->pu, d->pd);
        d->redone += t->m;
        d->rows += t->n;
        d->work += RESHAPE_WORK * (uint64_t)t->m;
        return;
    }
    for (uint32_t s = 0; s < ns; s++) {
        if (!d->ring[s])
            continue;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int64_t x = (int64_t)(s % sw) + dx, y = (int64_t)(s / sw) + dy;
                uint32_t r = (uint32_t)(y * sw + x);
                /* A pair of ring sectors is marked from its lower sector id only. */
                if (x >= 0 && y >= 0 && x < sw && y < sh && (!d->ring[r] || r >= s))
                    mark_sectors(ch, s, r);
            }
    }
    for (uint32_t x = 0; x < t->n; x++) {
        if (!(d->row[x] & DYN_BASIC))
            continue;
        d->row[x] &= (uint8_t)~DYN_BASIC;
        for (uint32_t i = t->first[x]; i < t->first[x + 1]; i++) {
            if (!d->dirty[i])
                continue;
            d->dirty[i] = 0;
            d->redone++;
            uint32_t a = t->head[i];
            if (!redo_basic(ch, g, i, x, a))
                continue;
            d->row[x] |= DYN_EXACT;
            for (uint32_t j = t->first[x]; j < t->first[x + 1]; j++)
                if (j != i)
                    mark_arc(ch, a, t->head[j]);
        }
    }
    for (uint32_t x = t->n; x-- > 0;) {
        if (!(d->row[x] & DYN_EXACT))
            continue;
        d->row[x] = 0;
        d->rows++;
        uint32_t lo = t->first[x], hi = t->first[x + 1];
        d->work += (uint64_t)(hi - lo) * (hi - lo) / 2 + 1;
        memcpy(d->old, d->pu + lo, (size_t)(hi - lo) * sizeof *d->old);
        memcpy(d->old + (hi - lo), d->pd + lo, (size_t)(hi - lo) * sizeof *d->old);
        abs_ch_perfect_row(ch, x, d->pu, d->pd);
        for (uint32_t i = lo; i < hi; i++)
            if (d->pu[i] != d->old[i - lo] || d->pd[i] != d->old[hi - lo + i - lo])
                mark_rows_below(d, x, t->head[i], DYN_EXACT);
    }
}

/* A new shape being made (AbsChDyn.reshape): its metric, then its rows
 * customised upwards, then their exact distances downwards, as
 * abs_ch_build_shaped runs them, so a shape made in pieces is the one made
 * whole. */
struct AbsChReshape {
    AbsCh fresh;
    bool perfect; /* the basic customisation is done; exact rows row-1 .. 0 are left */
    uint32_t row; /* the next row of the stage */
};

/* A new shape with cap[sector] slots over `g` begun (dyn.reshape), not
 * customised. All or nothing. */
static bool reshape_begin(AbsCh *ch, uint32_t n, const AbsChEdges *g, const uint32_t *region_sector,
                          const uint32_t *cap, Err *err)
{
    struct AbsChReshape *r = calloc(1, sizeof *r);
    if (!r)
        return err_set(err, "out of memory for the abstract contraction hierarchy's update");
    if (!abs_ch_shape(&r->fresh, n, g, region_sector, &ch->sec, cap, err)) {
        free(r);
        return false;
    }
    ch->dyn.reshape = r;
    return true;
}

/* Runs the new shape's rows until `budget` units (0: no bound) are spent,
 * a row's units being its triangles (half its length squared) plus one;
 * true when every row has run. */
static bool reshape_rows(AbsCh *ch, uint64_t budget)
{
    struct AbsChReshape *r = ch->dyn.reshape;
    const AbsChTopo *t = &r->fresh.topo;
    for (uint64_t spent = 0; !budget || spent < budget;) {
        uint32_t x;
        if (!r->perfect && r->row == t->n) {
            r->perfect = true;
            continue;
        }
        if (r->perfect && r->row == 0)
            return true;
        if (!r->perfect)
            abs_ch_customise_row(&r->fresh, x = r->row++);
        else
            abs_ch_perfect_row(&r->fresh, x = --r->row, r->fresh.dyn.pu, r->fresh.dyn.pd);
        uint64_t len = t->first[x + 1] - t->first[x];
        spent += len * len / 2 + 1;
    }
    return r->perfect && r->row == 0;
}

/* The new shape, every row run, made the hierarchy, ready for local
 * re-customisation; the counters carried over. All or nothing: on failure
 * the hierarchy is as it was and the new shape is dropped. */
static bool reshape_end(AbsCh *ch, Err *err)
{
    AbsCh fresh = ch->dyn.reshape->fresh;
    free(ch->dyn.reshape);
    ch->dyn.reshape = NULL;
    if (!abs_ch_shape_finish(&fresh, err))
        return false;
    if (!dyn_init(&fresh)) {
        abs_ch_free(&fresh);
        return err_set(err, "out of memory for the abstract contraction hierarchy's update");
    }
    fresh.dyn.redone = ch->dyn.redone + fresh.topo.m;
    fresh.dyn.work = ch->dyn.work + RESHAPE_WORK * (uint64_t)fresh.topo.m;
    fresh.dyn.refreshes = ch->dyn.refreshes;
    fresh.dyn.rent_total = ch->dyn.rent_total;
    fresh.dyn.rent = ch->dyn.rent;
    fresh.dyn.piece = ch->dyn.piece;
    fresh.dyn.pieces = ch->dyn.pieces;
    fresh.dyn.dropped = ch->dyn.dropped;
    fresh.query_work = ch->query_work;
    fresh.dyn.rows = ch->dyn.rows + fresh.topo.n;
    fresh.dyn.reshaped = ch->dyn.reshaped + 1;
    fresh.tracer = ch->tracer;
    fresh.centers = ch->centers;
    abs_ch_free(ch);
    *ch = fresh;
    return true;
}

void abs_ch_reshape_drop(AbsChDyn *d)
{
    if (!d->reshape)
        return;
    abs_ch_free(&d->reshape->fresh);
    free(d->reshape);
    d->reshape = NULL;
}

size_t abs_ch_reshape_bytes(const AbsChDyn *d)
{
    if (!d->reshape)
        return 0;
    const AbsCh *f = &d->reshape->fresh;
    /* the shape, its costs and middles both ways, its exact distances, its depths */
    return sizeof *d->reshape + abs_ch_topo_bytes(&f->topo, f->sec.ns) + abs_ch_sectors_bytes(&f->sec) +
           (size_t)f->topo.m * (16 + 8) + (size_t)f->topo.n * sizeof *f->depth;
}

/* Starts following a change: a local re-customisation, done at once, or,
 * when the regions outgrew the shape (or there is none yet), a new shape
 * begun (dyn.reshape). False (the hierarchy as it was) on failure. */
static bool follow_begin(AbsCh *ch, uint32_t n, const AbsChEdges *g, const uint32_t *region_sector,
                         const uint8_t *touched, Err *err)
{
    if (!abs_ch_edges_fit(&ch->sec, g, n, region_sector))
        return err_set(err, "abstract contraction hierarchy: an edge between sectors that do not touch");
    uint32_t ns = ch->sec.ns;
    if (!ch->dynamic) {
        /* The first update: the shape was let go after the build (a map
         * that never changes keeps only its query arcs), so a shape is made
         * again over today's regions, with a spare slot in each changed
         * sector, where regions split. */
        uint32_t *cap = calloc(ns ? ns : 1, sizeof *cap);
        if (!cap)
            return err_set(err, "out of memory for the abstract contraction hierarchy's update");
        for (uint32_t r = 0; r < n; r++)
            cap[region_sector[r]]++;
        for (uint32_t s = 0; s < ns; s++)
            cap[s] += touched[s] != 0;
        bool ok = reshape_begin(ch, n, g, region_sector, cap, err);
        free(cap);
        return ok;
    }
    if (!abs_ch_topo_fits(&ch->topo, ns, n, region_sector, ch->dyn.count)) {
        /* A sector outgrew its slots: a new shape, each sector's slots the
         * most regions it has held, customised whole. */
        uint32_t *cap = ch->dyn.count;
        for (uint32_t s = 0; s < ns; s++)
            cap[s] = cap[s] > ch->topo.cap[s] ? cap[s] + 1 : ch->topo.cap[s];
        return reshape_begin(ch, n, g, region_sector, cap, err);
    }
    abs_ch_topo_place(&ch->topo, ns, n, region_sector, ch->dyn.count);
    for (uint32_t r = 0; r < n; r++)
        ch->depth[r] = ch->dyn.rank_depth[ch->topo.rank[r]];
    recustomise(ch, g, touched);
    ch->n = n;
    ch->nup = abs_ch_flatten(ch, ch->dyn.pu, ch->w_up, ch->mid_up, ch->up_first, ch->up);
    ch->ndn = abs_ch_flatten(ch, ch->dyn.pd, ch->w_dn, ch->mid_dn, ch->dn_first, ch->dn);
    ch->shortcuts = 0;
    for (uint32_t i = 0; i < ch->nup; i++)
        ch->shortcuts += ch->up[i].mid != ABS_CH_NONE;
    return true;
}

bool abs_ch_update(AbsCh *ch, uint32_t n, const AbsChEdges *g, const uint32_t *region_sector, const uint8_t *touched,
                   Err *err)
{
    abs_ch_reshape_drop(&ch->dyn); /* made for regions that are no more */
    if (!follow_begin(ch, n, g, region_sector, touched, err))
        return false;
    if (!ch->dyn.reshape)
        return true;
    reshape_rows(ch, 0);
    return reshape_end(ch, err);
}

bool abs_ch_defer(AbsCh *ch, const uint8_t *touched, Err *err)
{
    /* Before the first refresh only the marks: the shape is made then. */
    if (!ch->dyn.stale && !(ch->dyn.stale = calloc(ch->sec.ns ? ch->sec.ns : 1, 1)))
        return err_set(err, "out of memory for the abstract contraction hierarchy's update");
    /* A new shape in progress was made for the regions before this change:
     * the next refresh begins again, for every change since the last one
     * (the marks stay until a refresh ends). */
    ch->dyn.fresh_change = true;
    /* A refresh serves only until the next change: the rent paid before
     * this one bought nothing a refresh now would save, so the ski rental
     * starts again (abs_ch_due). */
    ch->dyn.rent_total += ch->dyn.rent;
    ch->dyn.rent = 0;
    ch->dyn.paid = ch->dyn.refreshes > ch->dyn.refreshes_at_change;
    ch->dyn.refreshes_at_change = ch->dyn.refreshes;
    ch->dyn.dropped += ch->dyn.reshape != NULL;
    abs_ch_reshape_drop(&ch->dyn);
    for (uint32_t s = 0; s < ch->sec.ns; s++)
        ch->dyn.stale[s] |= touched[s] != 0;
    ch->dyn.pending = true;
    return true;
}

bool abs_ch_refresh(AbsCh *ch, uint32_t n, const AbsChEdges *g, const uint32_t *region_sector, Err *err)
{
    if (!ch->dyn.pending)
        return true;
    if (ch->dyn.piece && ch->dyn.fresh_change) {
        /* The call that deferred the change usually re-derived the
         * abstraction too: a piece, above all a new shape's first, waits
         * for the next call. */
        ch->dyn.fresh_change = false;
        return true;
    }
    if (!ch->dynamic && !ch->dyn.reshape) {
        if (!abs_ch_rebuild(ch, n, g, region_sector, err))
            return false;
        ch->dyn.cost = RESHAPE_WORK * ch->shape_arcs;
        ch->dyn.work += ch->dyn.cost;
        return true;
    }
    uint64_t before = ch->dyn.work; /* no re-customisation runs while a new shape is in progress */
    uint8_t *stale = ch->dyn.stale;
    if (!ch->dyn.reshape) {
        if (!follow_begin(ch, n, g, region_sector, stale, err))
            return false;
        if (ch->dyn.reshape && ch->dyn.piece)
            return true; /* its rows from the next call on */
    }
    if (ch->dyn.reshape) {
        ch->dyn.pieces++;
        if (!reshape_rows(ch, ch->dyn.piece))
            return true;
        ch->dyn.stale = NULL; /* the new shape must not free it */
        bool ok = reshape_end(ch, err);
        uint8_t *spare = ch->dyn.stale; /* a new shape's own, zeroed */
        ch->dyn.stale = stale;
        free(spare);
        if (!ok)
            return false;
    }
    memset(stale, 0, ch->sec.ns);
    ch->dyn.pending = false;
    ch->dyn.cost = ch->dyn.work - before;
    ch->dyn.rent_total += ch->dyn.rent;
    ch->dyn.rent = 0;
    ch->dyn.refreshes++;
    return true;
}

bool abs_ch_due(const AbsCh *ch)
{
    /* The searches between the last two changes paid for a refresh: as
     * many are likely to come before the next one, so it is due at once
     * (one rented search, the query that took the change, comes first).
     * Else ski rental: once the rent reaches the last refresh's cost, or
     * before the first, a whole customisation's worth. */
    if (ch->dyn.paid)
        return true;
    uint64_t cost = ch->dyn.refreshes ? ch->dyn.cost : RESHAPE_WORK * (uint64_t)ch->shape_arcs;
    return ch->dyn.rent >= cost;
}

void abs_ch_rent(AbsCh *ch, uint64_t astar_work)
{
    ch->dyn.rent += astar_work > ch->query_work ? astar_work - ch->query_work : 0;
}
