/* abs_ch_query.c: the hierarchy's query (refine/abs_ch.h): the elimination-
 * tree search from s and t (abs_ch_begin, abs_ch_run) and the unpacking of
 * its shortcuts into the region route, in pieces (abs_ch_unpack,
 * abs_ch_finish). The build, the customisation's entry points and the
 * byte counts are abs_ch.c's; both read the one AbsCh. */
#include "abs_ch.h"

#include <limits.h>

#include "../abstraction/index.h"
#include "../common/work.h"
#include "abs_cost.h"

/* The middle of v's arc of direction dir (0 up, 1 down) whose other end is
 * `other`; ABS_CH_NONE for an edge, or when there is no such arc. The arcs
 * it scans before it are taken off *units (not below 0): a scan grows with
 * the region's arcs, which a dense hierarchy has many of. Inlined into unpack, whose
 * scans are a large part of a long route's finish (a call per scan costs
 * as much as the scan). */
static inline __attribute__((always_inline)) uint32_t find_mid(const AbsCh *ch, int dir, uint32_t v, uint32_t other,
                                                               uint64_t *units)
{
    uint32_t lo, hi;
    abs_ch_rows(ch, dir, v, &lo, &hi);
    if (ch->narrow) {
        other = abs_ch_end_key(ch, other);
        const uint8_t *packed = dir ? ch->dnk : ch->upk;
        const uint32_t bits = ch->arc_bits;
        const uint64_t to_mask = ((uint64_t)1 << ch->to_bits) - 1;
        uint32_t i = lo;
        if (bits == 32) { /* whole words, as abs_ch_run reads them */
            for (const uint8_t *p = packed + (size_t)4 * lo; i < hi; i++, p += 4)
                if ((abs_ch_le64(p) & to_mask) == other)
                    break;
        } else {
            for (uint64_t at = (uint64_t)bits * lo; i < hi; i++, at += bits)
                if ((abs_ch_packed_at(packed, at) & to_mask) == other)
                    break;
        }
        work_take(units, i - lo);
        return i < hi ? abs_ch_packed_mid(ch, dir, i) : ABS_CH_NONE;
    }
    const AbsChArc *arc = dir ? ch->dn : ch->up;
    uint32_t i = lo;
    while (i < hi && arc[i].to != other)
        i++;
    work_take(units, i - lo);
    return i < hi ? arc[i].mid : ABS_CH_NONE;
}

/* Unpacking the arc a -> b of middle `mid` (shortcuts unpacked, §4.2)
 * begins: unpack_some appends the regions after a. */
static void unpack_arc(AbsCh *ch, uint32_t a, uint32_t b, uint32_t mid)
{
    AbsChQuery *q = &ch->q;
    q->from = a;
    q->mid = mid;
    q->pending = 1;
    ch->unpacking[0] = b;
}

/* What a step of unpacking (a region appended or a shortcut split, the
 * rows and the middle it reads) costs in units, an arc its look-up of the
 * next middle scans costing one: a step takes about as many instructions
 * as 8 arcs (callgrind per call, results/reference/mm-paper/calls40.md). */
#define UNPACK_STEP_UNITS 8u

/* Goes on with the arc being unpacked while *units last (UNPACK_STEP_UNITS
 * a step: a region appended, or a shortcut split, and one an arc its
 * look-up of the next middle scans) and path has room (cap regions);
 * true once it is whole. The arc
 * is from q->from to the top of the stack, its middle q->mid: a shortcut
 * splits at its middle, which ranks below both ends, so a -> mid is a down
 * arc of mid and mid -> b an up arc of mid; each region stacked is a
 * descendant of the one below it in the elimination tree, so the stack
 * holds at most the tree's height. */
static bool unpack_some(AbsCh *ch, uint32_t *path, int cap, int *len, uint64_t *units)
{
    AbsChQuery *q = &ch->q;
    while (q->pending > 0) {
        if (!*units || (q->mid == ABS_CH_NONE && *len >= cap))
            return false;
        work_take(units, UNPACK_STEP_UNITS);
        uint32_t top = ch->unpacking[q->pending - 1];
        if (q->mid == ABS_CH_NONE) { /* an edge: its end is the route's next region */
            path[(*len)++] = top;
            q->from = top;
            if (--q->pending > 0)
                q->mid = find_mid(ch, 0, top, ch->unpacking[q->pending - 1], units);
        } else { /* a shortcut: its first half next, its middle stacked */
            uint32_t m = q->mid;
            ch->unpacking[q->pending++] = m;
            q->mid = find_mid(ch, 1, m, q->from, units);
        }
    }
    return true;
}

/* A traced event about region v of one direction's search (from: the
 * region it was reached from, ABS_CH_NONE at that search's root). */
static void trace_region(const AbsCh *ch, TraceType type, const uint64_t *dist, uint32_t v, uint32_t from)
{
    uint32_t at = abs_ch_depth(ch, v);
    double g = dist && dist[at] != ABS_CH_FAR ? (double)dist[at] / ABS_COST_SCALE : 0;
    xyLoc pc = abs_center(ch->centers, from == ABS_CH_NONE ? v : from);
    trace_emit(ch->tracer, type, abs_center(ch->centers, v), from == ABS_CH_NONE ? NULL : &pc, g, g);
}

/* Between queries every depth's distances are ABS_CH_FAR (alloc_scratch
 * makes them so, abs_ch_run leaves each depth so once it has handled it):
 * a query clears nothing, however high the tree, but what a search it
 * replaces left unfinished, the depths that one had not handled yet. */
void abs_ch_begin(AbsCh *ch, uint32_t s, uint32_t t)
{
    AbsChQuery *q = &ch->q;
    for (uint32_t k = 0; !q->done && k < q->next; k++)
        ch->fg[k] = ch->bg[k] = ABS_CH_FAR;
    *q = (AbsChQuery){.s = s, .t = t, .meet = ABS_CH_NONE, .best = -1, .done = s == t};
    if (q->done)
        return;
    uint32_t ds = abs_ch_depth(ch, s), dt = abs_ch_depth(ch, t);
    q->next = (ds > dt ? ds : dt) + 1;
    ch->fg[ds] = ch->bg[dt] = 0;
    ch->freg[ds] = s;
    ch->breg[dt] = t;
    /* Ends held by depth: the regions each search may reach, s's and t's
     * ancestors, by depth. */
    for (uint32_t k = ds, v = s; ch->by_depth && k-- > 0;)
        ch->freg[k] = v = abs_ch_parent(ch, v);
    for (uint32_t k = dt, v = t; ch->by_depth && k-- > 0;)
        ch->breg[k] = v = abs_ch_parent(ch, v);
    ch->fpar[ds] = ch->bpar[dt] = ABS_CH_NONE;
    if (ch->tracer) {
        trace_region(ch, TRACE_SOURCE, NULL, s, ABS_CH_NONE);
        trace_region(ch, TRACE_DESTINATION, NULL, t, ABS_CH_NONE);
        trace_region(ch, TRACE_GENERATING, ch->fg, s, ABS_CH_NONE);
        trace_region(ch, TRACE_GENERATING, ch->bg, t, ABS_CH_NONE);
    }
}

/* The query's search has ended: its work into query_work's running mean. */
static void query_ended(AbsCh *ch)
{
    AbsChQuery *q = &ch->q;
    q->done = true;
    ch->last_settled = q->settled;
    uint64_t work = ABS_CH_RELAX_WORK * (q->settled + q->scanned);
    ch->query_work = ch->query_work ? (7 * ch->query_work + work) / 8 : work;
    if (ch->tracer)
        trace_region(ch, TRACE_END, NULL, q->best < 0 ? q->s : q->meet, ABS_CH_NONE);
}

/* One direction's search at region v (distance g) as it scans v's arcs. */
typedef struct Relax {
    const AbsCh *ch;
    uint64_t *g_at;
    uint32_t *reg, *par, *node;
    uint64_t g;
    uint32_t v;
} Relax;

/* Arc i, to region w (at depth wat) at `cost`: w's distance, region and
 * parent when it improves. */
static inline void relax(const Relax *r, uint32_t w, uint32_t wat, uint32_t cost, uint32_t i)
{
    uint64_t ng = r->g + cost;
    if (ng < r->g_at[wat]) {
        r->g_at[wat] = ng;
        r->reg[wat] = w; /* the same region when it only improved */
        r->par[wat] = i;
        r->node[wat] = r->v;
        if (r->ch->tracer)
            trace_region(r->ch, TRACE_GENERATING, r->g_at, w, r->v);
    }
}

/* Relaxes packed arcs lo .. hi of r->v (abs_ch.h, narrow): `word`, whole
 * 4-byte words (no shift by the bit place, nothing above the cost);
 * `by_depth`, ends held by depth, whose regions abs_ch_begin filled in.
 * Called with constants, so each form is a loop of its own. */
static inline __attribute__((always_inline)) void scan_packed(const Relax *r, const uint8_t *packed, uint32_t lo,
                                                              uint32_t hi, bool word, bool by_depth)
{
    const AbsCh *ch = r->ch;
    const uint32_t bits = ch->arc_bits, to_bits = ch->to_bits;
    const uint64_t to_mask = ((uint64_t)1 << to_bits) - 1, cost_mask = ((uint64_t)1 << ch->cost_bits) - 1;
    uint64_t at = (uint64_t)bits * lo;
    for (uint32_t i = lo; i < hi; i++, at += bits) {
        uint64_t w = word ? (uint32_t)abs_ch_le64(packed + (size_t)4 * i) : abs_ch_packed_at(packed, at);
        uint32_t to = (uint32_t)(w & to_mask), cost = (uint32_t)(word ? w >> to_bits : w >> to_bits & cost_mask);
        if (by_depth)
            relax(r, r->reg[to], to, cost, i);
        else
            relax(r, to, abs_ch_depth(ch, to), cost, i);
    }
}

/* The elimination-tree query (CCH, Dibbelt et al.): every region a
 * search from s reaches is an ancestor of s, one at each depth, and every
 * arc leads to a smaller depth, so handling the depths from the deepest up
 * settles each reached region once its distance is final, with no queue and
 * no stalling. Both searches go up together: at depth k both hold final
 * distances, so a region both reached there is a meeting point. A region
 * whose distance is already at least the best meeting's cost relaxes
 * nothing (costs are not negative). */
bool abs_ch_run(AbsCh *ch, uint64_t *units)
{
    AbsChQuery *q = &ch->q;
    if (q->done)
        return true;
    uint64_t *dist[2] = {ch->fg, ch->bg};
    const uint32_t *depth = ch->depth;
    const AbsChArc *arcs[2] = {ch->up, ch->dn};
    uint32_t *par[2] = {ch->fpar, ch->bpar}, *node[2] = {ch->fnode, ch->bnode}, *reg[2] = {ch->freg, ch->breg};
    uint64_t best = q->best < 0 ? ABS_CH_FAR : (uint64_t)q->best; /* costs are whole units */
    for (; q->next > 0; q->side = 0) {
        uint32_t at = q->next - 1;
        if (q->side == 0 && ch->fg[at] != ABS_CH_FAR && ch->bg[at] != ABS_CH_FAR && ch->freg[at] == ch->breg[at] &&
            ch->fg[at] + ch->bg[at] < best) {
            best = ch->fg[at] + ch->bg[at];
            q->best = (double)best;
            q->meet = ch->freg[at];
        }
        for (; q->side < 2; q->side++) {
            int d = q->side;
            uint64_t *g_at = dist[d], g = g_at[at];
            if (g == ABS_CH_FAR)
                continue;
            if (*units == 0)
                return false;
            uint32_t v = reg[d][at];
            q->settled++;
            uint64_t scanned = 0;
            if (g < best) {
                uint32_t lo, hi;
                abs_ch_rows(ch, d, v, &lo, &hi);
                uint32_t *reg_d = reg[d], *par_d = par[d], *node_d = node[d];
                scanned = hi - lo;
                uint32_t from = par_d[at] == ABS_CH_NONE ? ABS_CH_NONE : node_d[at];
                if (ch->tracer)
                    trace_region(ch, TRACE_EXPANDING, g_at, v, from);
                Relax r = {ch, g_at, reg_d, par_d, node_d, g, v};
                if (ch->narrow) {
                    const uint8_t *packed = d ? ch->dnk : ch->upk;
                    if (ch->arc_bits == 32 && ch->by_depth)
                        scan_packed(&r, packed, lo, hi, true, true);
                    else if (ch->arc_bits == 32)
                        scan_packed(&r, packed, lo, hi, true, false);
                    else if (ch->by_depth)
                        scan_packed(&r, packed, lo, hi, false, true);
                    else
                        scan_packed(&r, packed, lo, hi, false, false);
                } else {
                    const AbsChArc *arc = arcs[d];
                    for (uint32_t i = lo; i < hi; i++)
                        relax(&r, arc[i].to, depth[arc[i].to], arc[i].cost, i);
                }
                if (ch->tracer)
                    trace_region(ch, TRACE_CLOSING, g_at, v, from);
            }
            q->scanned += scanned;
            work_take(units, 1 + scanned);
        }
        ch->fg[at] = ch->bg[at] = ABS_CH_FAR; /* handled: as the next query finds it (abs_ch_begin) */
        q->next--;
    }
    query_ended(ch);
    return true;
}

bool abs_ch_unpack(AbsCh *ch, uint32_t *path, int cap, int *len, uint64_t *units)
{
    AbsChQuery *q = &ch->q;
    if (q->stage == ABS_CH_UNPACK_NOT_BEGUN) {
        *len = 0;
        q->stage = ABS_CH_UNPACK_WHOLE;
        if (q->s == q->t) {
            ch->last_settled = 0;
            path[(*len)++] = q->s;
        }
        if (q->s == q->t || q->best < 0)
            return true;
        /* s .. meet: the forward chain, collected backwards then unpacked in order. */
        int top = 0;
        for (uint32_t v = q->meet; ch->fpar[abs_ch_depth(ch, v)] != ABS_CH_NONE; v = ch->fnode[abs_ch_depth(ch, v)])
            ch->chain[top++] = v; /* the chain's heads, meet first */
        path[(*len)++] = q->s;
        q->heads = top;
        q->back = q->meet;
        q->pending = 0;
        q->stage = ABS_CH_UNPACK_FORWARD;
    }
    while (q->stage != ABS_CH_UNPACK_WHOLE) {
        if (!unpack_some(ch, path, cap, len, units))
            return false;
        if (q->stage == ABS_CH_UNPACK_FORWARD && q->heads > 0) {
            uint32_t b = ch->chain[--q->heads], at = abs_ch_depth(ch, b);
            unpack_arc(ch, ch->fnode[at], b, abs_ch_arc_mid(ch, 0, ch->fpar[at]));
        } else if (q->stage == ABS_CH_UNPACK_FORWARD) {
            q->stage = ABS_CH_UNPACK_BACKWARD;
        } else if (ch->bpar[abs_ch_depth(ch, q->back)] != ABS_CH_NONE) {
            /* meet .. t: the backward chain, each arc b -> node[b] a down arc of node[b]. */
            uint32_t v = q->back, at = abs_ch_depth(ch, v);
            q->back = ch->bnode[at];
            unpack_arc(ch, v, q->back, abs_ch_arc_mid(ch, 1, ch->bpar[at]));
        } else {
            q->stage = ABS_CH_UNPACK_WHOLE;
        }
    }
    return true;
}

double abs_ch_finish(AbsCh *ch, uint32_t *path, int *len)
{
    uint64_t units = UINT64_MAX;
    ch->q.stage = ABS_CH_UNPACK_NOT_BEGUN;
    abs_ch_unpack(ch, path, INT_MAX, len, &units);
    return abs_ch_cost(ch);
}

double abs_ch_cost(const AbsCh *ch) { return ch->q.s == ch->q.t ? 0 : ch->q.best < 0 ? -1 : ch->q.best; }

double abs_ch_query(AbsCh *ch, uint32_t s, uint32_t t, uint32_t *path, int *len)
{
    uint64_t units = UINT64_MAX;
    abs_ch_begin(ch, s, t);
    abs_ch_run(ch, &units);
    return abs_ch_finish(ch, path, len);
}
