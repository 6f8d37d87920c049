/* abs_ch_verify (refine/abs_ch.h): a kept hierarchy against one customised
 * or built from scratch. Apart from the customisation (abs_ch_custom.c)
 * and the build (abs_ch.c) because it calls both, which call each other in
 * one direction only. */
#include "abs_ch_custom.h"

#include <stdlib.h>
#include <string.h>

/* A hierarchy without its shape (never updated) against a fresh least
 * shape on its sector order (its region order made again from it): the
 * same query arcs. */
static bool verify_unshaped(const AbsCh *ch, const AbsChEdges *g, const uint32_t *region_sector, Err *err)
{
    AbsCh fresh;
    bool ok = abs_ch_build_shaped(&fresh, ch->n, g, region_sector, &ch->sec, NULL, err);
    if (!ok)
        return false;
    for (int dir = 0; ok && dir < 2; dir++) {
        uint32_t nf = dir ? fresh.ndn : fresh.nup, nk = dir ? ch->ndn : ch->nup;
        bool same = nf == nk;
        for (uint32_t v = 0; same && v <= ch->n; v++) /* the kept offsets may be packed */
            same = abs_ch_first(&fresh, dir, v) == abs_ch_first(ch, dir, v);
        for (uint32_t v = 0; same && v < ch->n; v++) /* the kept arcs may be narrow, the fresh ones are not */
            for (uint32_t i = abs_ch_first(ch, dir, v); same && i < abs_ch_first(ch, dir, v + 1); i++) {
                AbsChArc a = abs_ch_arc(&fresh, dir, v, i), b = abs_ch_arc(ch, dir, v, i);
                same = a.to == b.to && a.cost == b.cost && a.mid == b.mid;
            }
        if (!same)
            ok = err_set(err, "the %s query arcs (%u) differ from a build from scratch (%u)", dir ? "down" : "up", nk,
                         nf);
    }
    abs_ch_free(&fresh);
    return ok;
}

bool abs_ch_verify(const AbsCh *ch, const AbsChEdges *g, const uint32_t *region_sector, Err *err)
{
    if (!ch->shaped)
        return verify_unshaped(ch, g, region_sector, err);
    AbsCh tmp = *ch; /* shares the shape; customised into arrays of its own */
    size_t m = ch->topo.m ? ch->topo.m : 1, n = ch->topo.n;
    tmp.w_up = malloc(m * sizeof *tmp.w_up);
    tmp.w_dn = malloc(m * sizeof *tmp.w_dn);
    tmp.mid_up = malloc(m * sizeof *tmp.mid_up);
    tmp.mid_dn = malloc(m * sizeof *tmp.mid_dn);
    uint32_t *pu = malloc(m * sizeof *pu), *pd = malloc(m * sizeof *pd);
    uint32_t *first = malloc((n + 1) * sizeof *first);
    AbsChArc *arcs = malloc(m * sizeof *arcs);
    bool ok = tmp.w_up && tmp.w_dn && tmp.mid_up && tmp.mid_dn && pu && pd && first && arcs;
    if (!ok)
        err_set(err, "out of memory verifying the abstract contraction hierarchy");
    else if (!(ok = abs_ch_metric(&tmp, g)))
        err_set(err, "an edge between sectors that do not touch");
    if (ok) {
        abs_ch_customise(&tmp);
        abs_ch_perfect(&tmp, pu, pd);
    }
    for (uint32_t i = 0; ok && i < ch->topo.m; i++)
        if (tmp.w_up[i] != ch->w_up[i] || tmp.w_dn[i] != ch->w_dn[i] || tmp.mid_up[i] != ch->mid_up[i] ||
            tmp.mid_dn[i] != ch->mid_dn[i] || (ch->dynamic && (pu[i] != ch->dyn.pu[i] || pd[i] != ch->dyn.pd[i])))
            ok = err_set(err, "arc %u (rank %u): kept costs %u/%u middles %u/%u, from scratch %u/%u middles %u/%u", i,
                         ch->topo.head[i], ch->w_up[i], ch->w_dn[i], ch->mid_up[i], ch->mid_dn[i], tmp.w_up[i],
                         tmp.w_dn[i], tmp.mid_up[i], tmp.mid_dn[i]);
    for (int dir = 0; ok && dir < 2; dir++) {
        uint32_t k =
            abs_ch_flatten(&tmp, dir ? pd : pu, dir ? tmp.w_dn : tmp.w_up, dir ? tmp.mid_dn : tmp.mid_up, first, arcs);
        bool same = k == (dir ? ch->ndn : ch->nup) &&
                    !memcmp(first, dir ? ch->dn_first : ch->up_first, ((size_t)ch->n + 1) * sizeof *first);
        for (uint32_t v = 0; same && v < ch->n; v++)
            for (uint32_t i = first[v]; same && i < first[v + 1]; i++) {
                AbsChArc b = abs_ch_arc(ch, dir, v, i);
                same = arcs[i].to == b.to && arcs[i].cost == b.cost && arcs[i].mid == b.mid;
            }
        if (!same)
            ok = err_set(err, "the %s query arcs differ from a customisation from scratch", dir ? "down" : "up");
    }
    free(tmp.w_up);
    free(tmp.w_dn);
    free(tmp.mid_up);
    free(tmp.mid_dn);
    free(pu);
    free(pd);
    free(first);
    free(arcs);
    return ok;
}
