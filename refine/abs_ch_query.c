/* abs_ch_query.c: the hierarchy's query (refine/abs_ch.h): the elimination-
 * tree search from s and t (abs_ch_begin, abs_ch_run) and the unpacking of
 * its shortcuts into the region route, in pieces (abs_ch_unpack,
 * abs_ch_finish). The build, the customisation's entry points and the
 * byte counts are abs_ch.c's; both read the one AbsCh. */
#include "abs_ch.h"

#include <limits.h>
#include <string.h>

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
                if ((le64_read(p) & to_mask) == other)
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

/* The query's distances (fg, bg, best) are kept shifted left by this many
 * bits: by the arcs' end field where they are packed, so that an arc's
 * cost adds where it lies in the packed word, with no shift (abs_ch_run);
 * the same order, so the same route. A packed end takes at most 16 bits
 * (ABS_CH_NARROW_MAX regions) and a route's cost far less than 2^48
 * units, so nothing overflows. */
static inline uint32_t abs_ch_g_shift(const AbsCh *ch) { return ch->narrow ? ch->to_bits : 0; }

/* A traced event about region v of one direction's search (from: the
 * region it was reached from, ABS_CH_NONE at that search's root). */
static void trace_region(const AbsCh *ch, TraceType type, const uint64_t *dist, uint32_t v, uint32_t from)
{
    uint32_t at = abs_ch_depth(ch, v);
    double g = dist && dist[at] != ABS_CH_FAR ? (double)(dist[at] >> abs_ch_g_shift(ch)) / ABS_COST_SCALE : 0;
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
     * ancestors, by depth. Where t's meet s's (at a depth s's reach), the
     * rest above are the same: copied, not walked. */
    for (uint32_t k = ds, v = s; ch->by_depth && k-- > 0;)
        ch->freg[k] = v = abs_ch_parent(ch, v);
    for (uint32_t k = dt, v = t; ch->by_depth && k-- > 0;) {
        ch->breg[k] = v = abs_ch_parent(ch, v);
        if (k < ds && v == ch->freg[k]) {
            memcpy(ch->breg, ch->freg, k * sizeof *ch->breg);
            break;
        }
    }
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

/* How a hierarchy holds its arcs (abs_ch.h): wide records, or packed
 * (narrow) as whole 4-byte words or at any bit width. */
enum { ARCS_WIDE, ARCS_WORD, ARCS_BITS };

/* One direction's search: its arrays by depth and its arcs, read once a
 * run (the compiler cannot keep AbsCh's fields in registers across the
 * stores into the arrays, which might alias them). */
typedef struct Side {
    uint64_t *g;
    uint32_t *reg, *par, *node;
    const uint8_t *packed, *rowk;
    const uint32_t *base, *first;
    const AbsChArc *arc;
} Side;

/* The arcs' fields, as Side. */
typedef struct Form {
    uint32_t bits, to_bits, row_bits;
    uint64_t to_mask, cost_mask, row_mask;
} Form;

/* Region v's arcs lo .. hi - 1 (abs_ch_rows) from the side's own fields. */
static inline __attribute__((always_inline)) void side_rows(const Side *sd, const Form *f, int form, uint32_t v,
                                                            uint32_t *lo, uint32_t *hi)
{
    if (form == ARCS_WIDE) {
        *lo = sd->first[v];
        *hi = sd->first[v + 1];
        return;
    }
    uint64_t w = abs_ch_packed_at(sd->rowk, (uint64_t)f->row_bits * v);
    *lo = sd->base[v / ABS_CH_REC_BLOCK] + (uint32_t)(w & f->row_mask);
    *hi = sd->base[(v + 1) / ABS_CH_REC_BLOCK] + (uint32_t)(w >> f->row_bits & f->row_mask);
}

/* One direction's search arrays, as scan_arcs reads them. */
typedef struct Into {
    uint64_t *g;
    uint32_t *reg, *par, *node;
} Into;

/* Arc i of region v (at distance g) to `to` at `cost` (both shifted as
 * the distances are, abs_ch_g_shift): its end takes
 * g + cost where that improves it (its distance, the region there, the arc
 * and v as its parent). */
static inline __attribute__((always_inline)) void relax(const AbsCh *ch, const Into *in, uint64_t g, uint32_t v,
                                                        uint32_t i, uint32_t to, uint64_t cost, bool keys_depth,
                                                        bool traced)
{
    uint32_t at = keys_depth ? to : abs_ch_depth(ch, to);
    uint64_t ng = g + cost;
    if (ng < in->g[at]) {
        in->g[at] = ng;
        if (!keys_depth)
            in->reg[at] = to; /* by depth: already the region there */
        in->par[at] = i;
        in->node[at] = v;
        if (traced)
            trace_region(ch, TRACE_GENERATING, in->g, in->reg[at], v);
    }
}

/* Region v's arcs lo .. hi - 1 scanned at distance g, in order (relax).
 * `form`, `by_depth` (ends held by depth, whose regions abs_ch_begin filled
 * in) and `traced` are constants in each caller, so each is a loop of its
 * own: the untraced one calls nothing and keeps the arcs' fields and the
 * arrays in registers. Bit-packed arcs of at most ABS_CH_PAIR_BITS bits go
 * two to a read (the read's and the loop's instructions halved). */
#define ABS_CH_PAIR_BITS 28u
static inline __attribute__((always_inline)) void scan_arcs(const AbsCh *ch, const Side *sd, const Form *f, uint32_t v,
                                                            uint64_t g, uint32_t lo, uint32_t hi, int form,
                                                            bool by_depth, bool traced)
{
    const Into in = {sd->g, sd->reg, sd->par, sd->node};
    const bool keys_depth = form != ARCS_WIDE && by_depth;
    const uint8_t *const packed = sd->packed;
    const uint32_t bits = f->bits;
    const uint64_t to_mask = f->to_mask, cost_mask = f->cost_mask; /* packed: the cost's bits where they lie */
    uint64_t bit = (uint64_t)bits * lo;
    uint32_t i = lo;
    if (form == ARCS_BITS && keys_depth && bits <= ABS_CH_PAIR_BITS) /* abs_ch_packed_at reads at least 57 bits */
        for (; i + 1 < hi; i += 2, bit += 2 * bits) {
            uint64_t w = abs_ch_packed_at(packed, bit), w2 = w >> bits;
            relax(ch, &in, g, v, i, (uint32_t)(w & to_mask), w & cost_mask, keys_depth, traced);
            relax(ch, &in, g, v, i + 1, (uint32_t)(w2 & to_mask), w2 & cost_mask, keys_depth, traced);
        }
    for (; i < hi; i++, bit += bits) {
        uint32_t to;
        uint64_t cost;
        if (form == ARCS_WIDE) {
            to = sd->arc[i].to;
            cost = sd->arc[i].cost;
        } else {
            uint64_t w =
                form == ARCS_WORD ? (uint32_t)le64_read(packed + (size_t)4 * i) : abs_ch_packed_at(packed, bit);
            to = (uint32_t)(w & to_mask);
            cost = w & cost_mask;
        }
        relax(ch, &in, g, v, i, to, cost, keys_depth, traced);
    }
}

/* A lower bound of any region route's cost from a to b's centers: the
 * octile distance with a diagonal step of LOW_DIAG units, as no edge's
 * rounded octile part (abs_octile_units) is less (its diagonal steps' sum
 * is rounded by at most half a unit, and one step is over a unit more)
 * and the excess only adds. A metric, so a route of edges costs at least
 * its ends' bound. */
#define LOW_DIAG 361u
static inline uint64_t low_bound(xyLoc a, xyLoc b)
{
    int dx = a.x > b.x ? a.x - b.x : b.x - a.x, dy = a.y > b.y ? a.y - b.y : b.y - a.y;
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return (uint64_t)(hi - lo) * ABS_COST_SCALE + (uint64_t)lo * LOW_DIAG;
}

/* The elimination-tree query (CCH, Dibbelt et al.): every region a
 * search from s reaches is an ancestor of s, one at each depth, and every
 * arc leads to a smaller depth, so handling the depths from the deepest up
 * settles each reached region once its distance is final, with no queue and
 * no stalling. Both searches go up together: at depth k both hold final
 * distances, so a region both reached there is a meeting point. A region
 * relaxes nothing once every route through it costs at least the best
 * meeting's: its distance plus the bound (low_bound) to the other end, where
 * the centers are known (costs are not negative). The route is the same as
 * without the bound: a region on the route found costs less than any
 * meeting found before that route's own (its meeting is a strict
 * improvement), and whatever it reaches is the same. One form of the arcs
 * (scan_arcs) a copy, its state in registers between pauses. */
static inline __attribute__((always_inline)) bool run_form(AbsCh *ch, uint64_t *units, int form, bool by_depth)
{
    AbsChQuery *q = &ch->q;
    const Side sides[2] = {
        {ch->fg, ch->freg, ch->fpar, ch->fnode, ch->upk, ch->up_rowk, ch->up_base, ch->up_first, ch->up},
        {ch->bg, ch->breg, ch->bpar, ch->bnode, ch->dnk, ch->dn_rowk, ch->dn_base, ch->dn_first, ch->dn}};
    const uint32_t sh = abs_ch_g_shift(ch);
    const Form f = {ch->arc_bits,
                    ch->to_bits,
                    ch->row_bits,
                    ((uint64_t)1 << ch->to_bits) - 1,
                    (((uint64_t)1 << ch->cost_bits) - 1) << sh,
                    ((uint64_t)1 << ch->row_bits) - 1};
    const AbsIndex *centers = ch->centers;
    const Tracer *tracer = ch->tracer;
    /* the other end's center, for each side's bound */
    const xyLoc end[2] = {centers ? abs_center(centers, q->t) : (xyLoc){0, 0},
                          centers ? abs_center(centers, q->s) : (xyLoc){0, 0}};
    uint64_t *const fg = ch->fg, *const bg = ch->bg;
    const uint32_t *const freg = ch->freg, *const breg = ch->breg;
    uint64_t best = q->best < 0 ? ABS_CH_FAR : (uint64_t)q->best << sh; /* costs are whole units */
    uint64_t settled = q->settled, scanned = q->scanned;
    uint32_t next = q->next;
    int side = q->side;
    for (; next > 0; side = 0) {
        uint32_t at = next - 1;
        if (side == 0 && fg[at] != ABS_CH_FAR && bg[at] != ABS_CH_FAR && freg[at] == breg[at] &&
            fg[at] + bg[at] < best) {
            best = fg[at] + bg[at];
            q->best = (double)(best >> sh);
            q->meet = freg[at];
        }
        for (; side < 2; side++) {
            const Side *sd = &sides[side];
            uint64_t g = sd->g[at];
            if (g == ABS_CH_FAR)
                continue;
            if (*units == 0) {
                q->settled = settled;
                q->scanned = scanned;
                q->next = next;
                q->side = side;
                return false;
            }
            uint32_t v = sd->reg[at], lo = 0, hi = 0;
            settled++;
            if (g < best &&
                (best == ABS_CH_FAR || !centers || g + (low_bound(abs_center(centers, v), end[side]) << sh) < best)) {
                side_rows(sd, &f, form, v, &lo, &hi);
                if (tracer) {
                    uint32_t from = sd->par[at] == ABS_CH_NONE ? ABS_CH_NONE : sd->node[at];
                    trace_region(ch, TRACE_EXPANDING, sd->g, v, from);
                    scan_arcs(ch, sd, &f, v, g, lo, hi, form, by_depth, true);
                    trace_region(ch, TRACE_CLOSING, sd->g, v, from);
                } else {
                    scan_arcs(ch, sd, &f, v, g, lo, hi, form, by_depth, false);
                }
            }
            scanned += hi - lo;
            work_take(units, 1 + (uint64_t)(hi - lo));
        }
        fg[at] = bg[at] = ABS_CH_FAR; /* handled: as the next query finds it (abs_ch_begin) */
        next--;
    }
    q->settled = settled;
    q->scanned = scanned;
    q->next = 0;
    q->side = 0;
    query_ended(ch);
    return true;
}

bool abs_ch_run(AbsCh *ch, uint64_t *units)
{
    if (ch->q.done)
        return true;
    if (!ch->narrow)
        return run_form(ch, units, ARCS_WIDE, false);
    if (ch->arc_bits == 32)
        return ch->by_depth ? run_form(ch, units, ARCS_WORD, true) : run_form(ch, units, ARCS_WORD, false);
    return ch->by_depth ? run_form(ch, units, ARCS_BITS, true) : run_form(ch, units, ARCS_BITS, false);
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
