/* The regions' hierarchy after map changes (refine/abs_ch.h): its refresh
 * (the least shape built again, in pieces handed out over calls:
 * abs_ch_build_piece) and its deferral until it is worth its cost
 * (abs_ch_due, the one place of that policy). */
#include <stdlib.h>

#include "abs_ch_custom.h"

/* A shape's whole customisation, in work units (abs_ch.h) per arc: about a
 * row's length of triangles each, a few dozen on these shapes. */
#define BUILD_WORK 32u

void abs_ch_drop_build(AbsCh *ch)
{
    if (ch->dyn.next)
        abs_ch_free(ch->dyn.next);
    free(ch->dyn.next);
    ch->dyn.next = NULL;
    ch->dyn.piece = 0;
}

bool abs_ch_defer(AbsCh *ch, const uint8_t *touched, Err *err)
{
    AbsChCarried *c = &ch->dyn.carried;
    if (!ch->dyn.stale && !(ch->dyn.stale = calloc(ch->sec.ns ? ch->sec.ns : 1, 1)))
        return err_set(err, "out of memory for the abstract contraction hierarchy's update");
    ch->dyn.fresh_change = true;
    abs_ch_drop_build(ch);
    /* A refresh serves only until the next change: the rent paid before
     * this one bought nothing a refresh now would save, so the ski rental
     * starts again (abs_ch_due). */
    c->rent_total += ch->dyn.rent;
    ch->dyn.rent = 0;
    c->paid = c->refreshes > c->refreshes_at_change;
    c->refreshes_at_change = c->refreshes;
    for (uint32_t s = 0; s < ch->sec.ns; s++)
        ch->dyn.stale[s] |= touched[s] != 0;
    ch->dyn.pending = true;
    return true;
}

int abs_ch_refresh(AbsCh *ch, uint32_t n, const AbsChEdges *g, const uint32_t *region_sector, Err *err)
{
    if (!ch->dyn.pending)
        return 0;
    if (ch->dyn.carried.own_call && ch->dyn.fresh_change) {
        /* The call that deferred the change usually re-derived the
         * abstraction too: the refresh waits for the next call. */
        ch->dyn.fresh_change = false;
        return 0;
    }
    /* One piece a call: the whole build in one is as long as the
     * abstraction's re-derivation, and the order alone is close to half of
     * it. The queries meanwhile take the route they take while pending. */
    AbsChDyn *d = &ch->dyn;
    if (!d->next) {
        if (!(d->next = malloc(sizeof *d->next)))
            return err_set(err, "out of memory for the abstract contraction hierarchy's refresh");
        ch->sec.region_order = ABS_CH_ORDER_DEGREE;
        d->piece = 0;
    }
    int done = abs_ch_build_piece(d->next, d->piece, n, g, region_sector, &ch->sec, err);
    if (done < 0) {
        free(d->next); /* its arrays freed by the failed piece */
        d->next = NULL;
        return -1;
    }
    if (!done || ++d->piece < ABS_CH_PIECES)
        return 1;
    AbsCh *fresh = d->next;
    d->next = NULL;
    AbsChCarried *c = &fresh->dyn.carried;
    *c = d->carried;
    c->refreshes++;
    c->rent_total += d->rent;
    c->redone += fresh->shape_arcs;
    c->rows += n;
    fresh->tracer = ch->tracer;
    fresh->centers = ch->centers;
    abs_ch_free(ch);
    *ch = *fresh;
    free(fresh);
    ch->dyn.cost = BUILD_WORK * ch->shape_arcs;
    ch->dyn.carried.work += ch->dyn.cost;
    return 1;
}

bool abs_ch_due(const AbsCh *ch)
{
    /* The searches between the last two changes paid for a refresh: as
     * many are likely to come before the next one, so it is due at once
     * (one rented search, the query that took the change, comes first).
     * Else ski rental: once the rent reaches the last refresh's cost, or
     * before the first, a whole customisation's worth. */
    if (ch->dyn.carried.paid)
        return true;
    uint64_t cost = ch->dyn.carried.refreshes ? ch->dyn.cost : BUILD_WORK * (uint64_t)ch->shape_arcs;
    return ch->dyn.rent >= cost;
}

void abs_ch_rent(AbsCh *ch, uint64_t astar_work)
{
    ch->dyn.rent += astar_work > ch->query_work ? astar_work - ch->query_work : 0;
}
