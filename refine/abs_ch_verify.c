/* abs_ch_verify (refine/abs_ch.h): a kept hierarchy against one built from
 * scratch. Apart from the build (abs_ch.c) so that tests' checking stays out
 * of it. */
#include "abs_ch_custom.h"

/* A hierarchy holds no shape once built (abs_ch_unshape): its query arcs
 * against a fresh least shape's on its sector order (its region order made
 * again from it). */
bool abs_ch_verify(const AbsCh *ch, const AbsChEdges *g, const uint32_t *region_sector, Err *err)
{
    AbsCh fresh;
    bool ok = abs_ch_build_shaped(&fresh, ch->n, g, region_sector, &ch->sec, err);
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
