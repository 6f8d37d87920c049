/* abs_ch.h: a customisable contraction hierarchy over the regions of an MM
 * abstraction (Dibbelt, Strasser & Wagner 2016, "Customizable Contraction
 * Hierarchies", CCH; queries as in Geisberger et al. 2008), the exact
 * alternative to the abstract A* (refine/abstract_search.h).
 *
 * Three phases, so that a map change costs what it changes:
 *  - the order (refine/abs_ch_topo.h): a build orders the regions, by least
 *    degree or least fill on the region graph, whichever shape's queries
 *    scan less (abs_ch_topo_order: about half the arcs), and its shape is
 *    that order's fill of the region graph, the least shape;
 *  - customisation puts the edge costs (integer, 1/ABS_COST_SCALE cells) on
 *    that shape bottom-up over its lower triangles (CCH §5), then exact
 *    distances top-down over the other triangles (perfect customisation,
 *    §6); an arc whose first cost another route beats is left out of the
 *    query graph, which makes the searches about as small as a witness-
 *    pruned hierarchy's;
 *  - a query is the elimination-tree search (CCH): both upward searches
 *    handle the ancestors of s and t in the shape's elimination tree, the
 *    deepest first, over the arcs kept: no queue and no stalling, and a
 *    region whose distance already reaches the best meeting's cost relaxes
 *    nothing; shortcuts record their middle region and are unpacked into
 *    the region route the refiner consumes.
 * After a map change the refresh (abs_ch_refresh) builds the least shape
 * again over the held edges, its regions ordered by least degree, in
 * pieces each in a call of its own (abs_ch_build_piece, the order's over
 * as many calls as its work needs); nothing of
 * the old shape is kept between changes.
 *
 * The build, customisation entry points and byte counts are abs_ch.c; the
 * query and its unpacking abs_ch_query.c.
 *
 * Why this lives in refine/ and not in entries/ch: entries sit above refine/,
 * and entries/ch contracts a different graph (the subgoal graph, 64-bit
 * costs, its own packed layout, witness searches).
 *
 * Graphs with asymmetric costs are handled (up arcs for the forward search,
 * down arcs for the backward one); when both arc lists come out identical,
 * as on every abstraction with symmetric edge costs, one copy is kept.
 *
 * Memory: a map that never changes keeps the query arcs (target, cost,
 * middle region: packed, each field in as few bits as the region count
 * and the dearest arc need, where the regions fit 16 bits: 2 log2(regions)
 * + log2(cost) bits, the end and cost rounded up to a 4-byte word when
 * that adds at most 2 bits, the middle only for a shortcut, with a bit
 * and a quarter an arc to find it: about 4.5 B an arc on a map of a
 * thousand regions, 5.5 on one of twelve thousand; else 12 B; the end as its depth
 * in the elimination tree, log2(height) bits, with a parent a region,
 * where that takes fewer bytes), their offsets, a depth per region (and
 * that parent) each in as few bits as the hierarchy needs (AbsCh, narrow;
 * else 8 B a region) and the sector order; the shape (4 B an arc) and its costs and middles (8 B an arc a
 * direction) are let go once the query arcs are made (abs_ch_unshape);
 * while they are made, the build's peak, the exact distances are written
 * over the customised costs and the arcs left out are dropped first, so
 * the peak holds the kept arcs about twice, not the shape's arcs three
 * times beside them (abs_ch_perfect_over, abs_ch_drop_unkept). A
 * change deferred keeps a flag per sector (AbsChDyn.stale). All of it is
 * reported as ch_bytes (mm SUMMARY).
 * The search arrays (two distances, regions, parents) are per-query scratch,
 * reused, indexed by depth in the shape's elimination tree: as long as the
 * tree is high, not as the regions are many. Owns everything it allocates;
 * abs_ch_free releases it. */
#ifndef GPPC_REFINE_ABS_CH_H
#define GPPC_REFINE_ABS_CH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../common/err.h"
#include "../common/le64.h"
#include "../common/popcount.h"
#include "../search/trace.h"
#include "abs_ch_topo.h"

#define ABS_CH_NONE UINT32_MAX
#define ABS_CH_FAR UINT64_MAX /* a query's distance where its search has not been */

typedef struct AbsChArc {
    uint32_t to;   /* the other end (region id) */
    uint32_t cost; /* 1/ABS_COST_SCALE cells */
    uint32_t mid;  /* a shortcut's middle region, ABS_CH_NONE for an edge of the abstraction */
} AbsChArc;

/* The most regions a narrow hierarchy holds (its build holds the parents in 16 bits). */
#define ABS_CH_NARROW_MAX UINT16_MAX
/* The most bits of a packed field: one 8-byte read at its first byte holds
 * all of it, whatever its first bit's place in that byte. */
#define ABS_CH_ARC_BITS_MAX 57u
/* From this many bits of end and cost on, an arc takes a whole 4-byte word. */
#define ABS_CH_WORD_FROM 30u

/* An abstraction's edges, region r's out-edges being entries
 * first[r] .. first[r + 1] of `to` and `cost` (elements `stride` bytes
 * apart); only between regions of the same or 8-neighbouring sectors. */
typedef struct AbsChEdges {
    const uint32_t *first, *to, *cost;
    size_t stride;
} AbsChEdges;

/* What a refresh carries from the hierarchy it replaces to the one it builds
 * (abs_ch_refresh: one assignment, so that no field is left behind). */
typedef struct AbsChCarried {
    uint64_t work; /* work units (below) of every refresh so far */
    uint64_t refreshes;
    uint64_t rent_total;   /* work units the abstract A* spent while pending, before the current rent */
    uint64_t redone, rows; /* arcs customised, rows made exact, by the refreshes */
    /* abs_ch_due's memory: the refreshes when the last change came, and
     * whether the searches between the two changes before paid for one */
    uint64_t refreshes_at_change;
    bool paid;
    bool own_call; /* a refresh waits for the call after the one that deferred a change */
} AbsChCarried;

/* The hierarchy's state after map changes (abs_ch_defer, abs_ch_refresh). */
typedef struct AbsChDyn {
    uint8_t *stale;    /* per sector: changed since the last refresh (abs_ch_defer) */
    bool pending;      /* stale holds a change: the query arcs are not to be used */
    bool fresh_change; /* deferred since the last refresh call (with own_call, that call only waits) */
    uint64_t cost;     /* of the last refresh */
    uint64_t rent;     /* work units the abstract A* spent while pending, since the last change */
    AbsChCarried carried;
    /* The refresh's build while it is handed out over calls (abs_ch_refresh):
     * the hierarchy being built (NULL: none begun) and its next piece. A
     * change meanwhile drops it (abs_ch_defer): its edges are no longer the
     * map's. */
    struct AbsCh *next;
    int piece;
} AbsChDyn;

/* A query in progress (abs_ch_begin .. abs_ch_finish). */
typedef struct AbsChQuery {
    uint32_t s, t;
    uint32_t meet; /* where the best route met, ABS_CH_NONE before one did */
    double best;   /* its cost, -1 before */
    uint64_t settled, scanned;
    uint32_t next; /* the depth both searches handle next, plus one (abs_ch_run) */
    int side;      /* at that depth: 0 the forward search next, 1 the backward one */
    bool done;     /* the search has ended */
    /* Unpacking its route (abs_ch_unpack): the stage; the forward chain's
     * heads left (chain[heads - 1] next); the backward chain's region whose
     * arc is next; the arc being unpacked: from `from` to the region on top
     * of `unpacking` (pending of them stacked), its middle `mid`. */
    enum { ABS_CH_UNPACK_NOT_BEGUN, ABS_CH_UNPACK_FORWARD, ABS_CH_UNPACK_BACKWARD, ABS_CH_UNPACK_WHOLE } stage;
    int heads;
    uint32_t back, from, mid, pending;
} AbsChQuery;

typedef struct AbsCh {
    uint32_t n;
    uint32_t *up_first; /* n + 1: v's arcs v -> to with rank(to) > rank(v) */
    AbsChArc *up;
    uint32_t *dn_first; /* n + 1: v's arcs to -> v with rank(to) > rank(v); == up_first when symmetric */
    AbsChArc *dn;
    /* narrow: the arcs are packed into upk and dnk instead (up and dn
     * NULL): a hierarchy of at most ABS_CH_NARROW_MAX regions (their
     * depths too), a refreshed one as well. Arc i's other end (to_bits, lowest) and
     * cost (cost_bits) are bits [arc_bits * i, + arc_bits) of upk (dnk),
     * counted little-endian from its first byte; bit i of upsc (dnsc) is
     * set where arc i is a shortcut, and the k-th shortcut's middle is
     * bits [mid_bits * k, + mid_bits) of upm (dnm), which only unpacking
     * reads (an edge, a quarter to a half of the arcs, holds no middle;
     * k is the shortcuts before arc i: uprk (dnrk) holds their count before
     * each ABS_CH_RANK_ARCS arcs, uprw (dnrw) before each word of bits
     * since, a popcount the rest): each field as wide
     * as this hierarchy's region count and dearest arc need, and arc_bits
     * their sum, or 32 where that is 30 or more (whole 4-byte words, which
     * a relaxation reads without a shift, for at most 2 bits an arc); 8
     * bytes after each array's last arc, so that any arc is one 8-byte
     * read. Read an arc of either form with abs_ch_arc. */
    bool narrow;
    uint8_t *upk, *dnk, *upm, *dnm;
    uint64_t *upsc, *dnsc;
    uint32_t *uprk, *dnrk;
    uint16_t *uprw, *dnrw;
    uint32_t dnshortcuts; /* the down arcs' shortcuts (shortcuts: the up arcs') */
    uint32_t arc_bits, to_bits, cost_bits, mid_bits;
    /* narrow, instead of depth, up_first and dn_first (each as wide as
     * this hierarchy needs, not a 16-bit array each): per region
     * (and one past the last) its up arcs' first less its block's first
     * (up_base, a block of ABS_CH_REC_BLOCK regions), row_bits bits from
     * bit row_bits * v of up_rowk, and the same for its down arcs (dn_rowk
     * and dn_base, up's when shared): at most 28 bits, so that one 8-byte
     * read holds a region's row and the next's; and a record of rec_bits
     * bits in regk, its depth in the elimination tree (depth_bits, lowest)
     * and, where ends are held by depth, its parent there (parent_bits, a
     * root's n). 8 spare bytes after each array. Read with abs_ch_first,
     * abs_ch_rows, abs_ch_depth and abs_ch_parent. */
    uint8_t *regk, *up_rowk, *dn_rowk;
    uint32_t *up_base, *dn_base;
    uint32_t rec_bits, depth_bits, parent_bits, row_bits;
    /* narrow, by_depth: an arc's other end is held as its depth in the
     * elimination tree (to_bits as the tree's height needs) rather than
     * its id: every region an arc of v reaches is an ancestor of v, one at
     * each depth, so the depth names it, and a search fills its regions
     * by depth from each region's parent there (its record's) before it
     * scans an arc. Chosen where the narrower ends save more than the
     * parents cost (a high tree of many regions). */
    bool by_depth;
    uint16_t *parent16; /* the parents while the hierarchy is built, for by_depth */
    uint32_t nup, ndn, shortcuts;
    bool shared; /* dn is up (symmetric costs; never after an update) */
    /* Query scratch, by depth in the shape's elimination tree: a search
     * from s reaches only s's ancestors, one at each depth, so depth[v] is
     * v's place in that search's arrays (height of them). */
    uint32_t *depth; /* per region: its rank's depth */
    uint32_t height; /* the tree's height: the scratch's length */
    uint64_t *fg,
        *bg; /* per depth: the search's distance there (shifted: abs_ch_query.c), ABS_CH_FAR when not reached */
    uint32_t *freg, *breg;   /* per depth: the region the search reached there */
    uint32_t *fpar, *bpar;   /* per depth: the arc index that reached it, ABS_CH_NONE at the root */
    uint32_t *fnode, *bnode; /* per depth: the region that arc came from */
    uint32_t *chain;         /* per depth: scratch for the forward chain */
    uint32_t *unpacking;     /* per depth: the regions an arc being unpacked still leads to (AbsChQuery) */
    uint64_t last_settled;
    AbsChQuery q;              /* the query in progress, or the last one */
    uint64_t query_work;       /* a query's work in dyn.rent's units, a running mean (abs_ch_rent) */
    AbsChSectors sec;          /* sector order and fill, kept across updates */
    bool shaped;               /* topo, w_*, mid_* held (while building) */
    bool symmetric;            /* a refresh's build between its pieces: abs_ch_symmetric's answer */
    uint64_t shape_arcs;       /* the shape's arcs, kept when it is let go (a refresh's cost) */
    AbsChTopo topo;            /* the region shape */
    uint32_t *w_up, *w_dn;     /* per shape arc lo -> hi: cost lo -> hi and hi -> lo after customisation */
    uint32_t *mid_up, *mid_dn; /* their middle ranks, ABS_CH_NONE for an edge */
    AbsChDyn dyn;
    /* NULL: not traced; else the query's events name each region by its
     * center (set by abs_search_run from its own tracer, search/trace.h,
     * with the index that holds the centers) */
    const Tracer *tracer;
    const struct AbsIndex *centers;
} AbsCh;

/* The hierarchy of `n` regions on an sw x sh sector grid, region r in
 * sector region_sector[r], over the edges `g`. False (nothing held) when
 * memory ran out or an edge joins sectors that do not touch. `keep` (NULL:
 * none): the sector order and fill of an earlier hierarchy of the same
 * grid, reused after a map change (the order is then the one chosen when
 * the map was first seen). */
bool abs_ch_build(AbsCh *ch, uint32_t n, const AbsChEdges *g, const uint32_t *region_sector, uint32_t sw, uint32_t sh,
                  const AbsChSectors *keep, Err *err);
/* Deferred updates: the caller records a change (touched[sector] nonzero
 * marks the sectors whose cells changed) and stops querying the hierarchy;
 * while it is pending the caller searches otherwise (exactly: the abstract
 * A*) and adds that search's work to dyn.rent; once the rent since the last
 * change reaches the last refresh's cost (abs_ch_due: ski rental, so the
 * queries between two changes cost at most about twice what the better of
 * the two would have), or at once when the searches between the last two
 * changes paid for a refresh, it calls abs_ch_refresh, which builds the
 * hierarchy again for every change since the last refresh at once, a piece
 * of the build a call (abs_ch_build_piece; the hierarchy stays pending, and
 * the caller searches otherwise, until the last piece swaps it in). With
 * carried.own_call set, the first refresh call after a change only waits
 * (the caller that deferred it has usually just spent its call on the
 * change). Work units are arcs and triangles scanned on one side, edges
 * relaxed on the other: both a few dozen instructions. abs_ch_defer:
 * false (nothing changed) when memory ran out; abs_ch_refresh: 1 a piece
 * ran, 0 none (nothing pending, or the wait above), -1 memory ran out (the
 * build dropped, the hierarchy still pending). */
bool abs_ch_defer(AbsCh *ch, const uint8_t *touched, Err *err);
/* The pieces of a refresh's build (AbsChDyn.next, abs_ch_refresh), one a
 * call (the order's piece over as many calls as its work needs); and what
 * such a build holds between its pieces, its record included (in
 * abs_ch_kept_bytes while held). */
#define ABS_CH_PIECES 9
size_t abs_ch_piece_bytes(const AbsCh *next);
/* Lets a refresh's build in progress go (none: nothing), as a change and abs_ch_free do. */
void abs_ch_drop_build(AbsCh *ch);
int abs_ch_refresh(AbsCh *ch, uint32_t n, const AbsChEdges *g, const uint32_t *region_sector, Err *err);
bool abs_ch_due(const AbsCh *ch);
/* Adds to dyn.rent what an abstract A* of `astar_work` units cost beyond
 * what a query of the hierarchy would have (its running mean, query_work:
 * nodes settled and arcs scanned, each ABS_CH_RELAX_WORK units, as an A*
 * expansion and each of its relaxations): the rent is what the pending
 * hierarchy loses, so where the hierarchy's queries are hardly cheaper
 * than A* (a small map) a refresh is rarely due. */
#define ABS_CH_RELAX_WORK 3u
/* Queries abs_ch_build runs to set query_work's first value. */
#define ABS_CH_SAMPLE_QUERIES 8u
void abs_ch_rent(AbsCh *ch, uint64_t astar_work);
/* Tests: the hierarchy's query arcs (it holds no shape) compared with a
 * build from scratch over `g` on its sector order (region r in sector
 * region_sector[r]). False and the first difference in err. */
bool abs_ch_verify(const AbsCh *ch, const AbsChEdges *g, const uint32_t *region_sector, Err *err);
void abs_ch_free(AbsCh *ch);
/* The bits from bit `at` on (a relaxation's loop steps `at` by arc_bits
 * itself: no multiply an arc). */
static inline uint64_t abs_ch_packed_at(const uint8_t *packed, uint64_t at)
{
    return le64_read(packed + (at >> 3)) >> (at & 7);
}
/* Arc i's other end and cost in `packed` (upk or dnk), the end lowest
 * (abs_ch_packed_to and abs_ch_packed_cost take them apart). */
static inline uint64_t abs_ch_packed(const AbsCh *ch, const uint8_t *packed, uint32_t i)
{
    return abs_ch_packed_at(packed, (uint64_t)ch->arc_bits * i);
}
static inline uint32_t abs_ch_packed_to(const AbsCh *ch, uint64_t w)
{
    return (uint32_t)(w & ((UINT64_C(1) << ch->to_bits) - 1));
}
static inline uint32_t abs_ch_packed_cost(const AbsCh *ch, uint64_t w)
{
    return (uint32_t)((w >> ch->to_bits) & ((UINT64_C(1) << ch->cost_bits) - 1));
}
/* Packed arcs per count of the shortcuts before them (uprk, dnrk; a
 * 16-bit count each 64 arcs within them, uprw, dnrw): no loop a look-up. */
#define ABS_CH_RANK_SHIFT 10u
#define ABS_CH_RANK_ARCS (1u << ABS_CH_RANK_SHIFT)
/* Packed arc i's middle (up: dir 0, down: 1), ABS_CH_NONE for an edge. */
static inline uint32_t abs_ch_packed_mid(const AbsCh *ch, int dir, uint32_t i)
{
    uint64_t word = (dir ? ch->dnsc : ch->upsc)[i >> 6], bit = UINT64_C(1) << (i & 63);
    if (!(word & bit))
        return ABS_CH_NONE;
    uint64_t k = (uint64_t)(dir ? ch->dnrk : ch->uprk)[i >> ABS_CH_RANK_SHIFT] + (dir ? ch->dnrw : ch->uprw)[i >> 6] +
                 popcount64(word & (bit - 1));
    uint64_t w = abs_ch_packed_at(dir ? ch->dnm : ch->upm, ch->mid_bits * k);
    return (uint32_t)(w & ((UINT64_C(1) << ch->mid_bits) - 1));
}
/* The bytes m fields of `bits` bits take, the spare ones included. */
static inline size_t abs_ch_packed_bytes(uint32_t bits, uint32_t m)
{
    return (size_t)(((uint64_t)bits * m + 7) / 8) + 8;
}
/* The bytes of m packed arcs' shortcut bits and their counts, in this
 * order: a bit an arc in 64-bit words, a 32-bit count each
 * ABS_CH_RANK_ARCS arcs, a 16-bit count a word. */
static inline size_t abs_ch_shortcut_bits_bytes(uint32_t m)
{
    return ((size_t)m / 64 + 1) * (sizeof(uint64_t) + sizeof(uint16_t)) +
           ((size_t)m / ABS_CH_RANK_ARCS + 1) * sizeof(uint32_t);
}
/* Arc i's middle (ABS_CH_NONE for an edge), of either form. */
static inline uint32_t abs_ch_arc_mid(const AbsCh *ch, int dir, uint32_t i)
{
    return ch->narrow ? abs_ch_packed_mid(ch, dir, i) : (dir ? ch->dn : ch->up)[i].mid;
}
/* Regions a block of narrow offsets shares a base (abs_ch.h). */
#define ABS_CH_REC_BLOCK 64u
/* The widest narrow offset: a row's and the next's in one 8-byte read. */
#define ABS_CH_ROW_BITS_MAX 28u
/* `bits` bits from bit `at` of `packed`. */
static inline uint32_t abs_ch_field(const uint8_t *packed, uint64_t at, uint32_t bits)
{
    return (uint32_t)(abs_ch_packed_at(packed, at) & ((UINT64_C(1) << bits) - 1));
}
/* Region v's depth in the elimination tree, of either form. */
static inline uint32_t abs_ch_depth(const AbsCh *ch, uint32_t v)
{
    return ch->narrow ? abs_ch_field(ch->regk, (uint64_t)ch->rec_bits * v, ch->depth_bits) : ch->depth[v];
}
/* Region v's parent in the elimination tree, n for a root (narrow, by_depth). */
static inline uint32_t abs_ch_parent(const AbsCh *ch, uint32_t v)
{
    return abs_ch_field(ch->regk, (uint64_t)ch->rec_bits * v + ch->depth_bits, ch->parent_bits);
}
/* The key an arc holds for its other end w: w's depth where ends are held
 * by depth (abs_ch.h, by_depth), else w. */
static inline uint32_t abs_ch_end_key(const AbsCh *ch, uint32_t w) { return ch->by_depth ? abs_ch_depth(ch, w) : w; }
/* Arc i of the up (dir 0) or down (dir 1) arcs, of either form; v is the
 * region whose arc it is (its other end is an ancestor of v). */
static inline AbsChArc abs_ch_arc(const AbsCh *ch, int dir, uint32_t v, uint32_t i)
{
    if (ch->narrow) {
        uint64_t w = abs_ch_packed(ch, dir ? ch->dnk : ch->upk, i);
        uint32_t to = abs_ch_packed_to(ch, w);
        if (ch->by_depth)
            for (to = v; abs_ch_depth(ch, to) > abs_ch_packed_to(ch, w);)
                to = abs_ch_parent(ch, to);
        return (AbsChArc){to, abs_ch_packed_cost(ch, w), abs_ch_packed_mid(ch, dir, i)};
    }
    return (dir ? ch->dn : ch->up)[i];
}
/* The first of region v's up (dir 0) or down (dir 1) arcs, of either
 * form; v's arcs end where v + 1's begin (v < n). */
static inline uint32_t abs_ch_first(const AbsCh *ch, int dir, uint32_t v)
{
    if (ch->narrow)
        return (dir ? ch->dn_base : ch->up_base)[v / ABS_CH_REC_BLOCK] +
               abs_ch_field(dir ? ch->dn_rowk : ch->up_rowk, (uint64_t)ch->row_bits * v, ch->row_bits);
    return (dir ? ch->dn_first : ch->up_first)[v];
}
/* Region v's up (dir 0) or down (dir 1) arcs, *lo .. *hi - 1, of either
 * form (narrow: one read for both ends). */
static inline void abs_ch_rows(const AbsCh *ch, int dir, uint32_t v, uint32_t *lo, uint32_t *hi)
{
    if (ch->narrow) {
        const uint32_t *base = dir ? ch->dn_base : ch->up_base, bits = ch->row_bits;
        uint64_t w = abs_ch_packed_at(dir ? ch->dn_rowk : ch->up_rowk, (uint64_t)bits * v),
                 mask = (UINT64_C(1) << bits) - 1;
        *lo = base[v / ABS_CH_REC_BLOCK] + (uint32_t)(w & mask);
        *hi = base[(v + 1) / ABS_CH_REC_BLOCK] + (uint32_t)(w >> bits & mask);
        return;
    }
    const uint32_t *first = dir ? ch->dn_first : ch->up_first;
    *lo = first[v];
    *hi = first[v + 1];
}
/* Has the hierarchy been built (its query arcs are there)? */
static inline bool abs_ch_built(const AbsCh *ch) { return ch->up_first || ch->regk; }
/* Bytes kept for queries (arcs and offsets; the memory budget's figure). */
size_t abs_ch_kept_bytes(const AbsCh *ch);
/* Bytes of the per-query scratch (search cores, parents). */
size_t abs_ch_scratch_bytes(const AbsCh *ch);

/* The optimal region route from s to t into path[] (s first, t last,
 * at most n entries), its length into *len; returns its cost in
 * 1/ABS_COST_SCALE cells, or -1 when t is unreachable. */
double abs_ch_query(AbsCh *ch, uint32_t s, uint32_t t, uint32_t *path, int *len);
/* The same query in pieces, for a caller that bounds the work of each of
 * its calls (refine/refiner.h): abs_ch_begin starts it; abs_ch_run settles
 * reached regions, depth by depth, while *units lasts (each costs 1 plus
 * the arcs it scans, taken off *units; a region is never split) and
 * returns true once the search has ended, false when *units ran out first
 * (call it again, with fresh units, to go on: the same regions are settled
 * in the same order, so the route does not depend on the pieces); then
 * abs_ch_finish gives abs_ch_query's result (path[] with room for n
 * regions), or abs_ch_unpack gives its route in pieces: each call appends
 * regions to path[0 .. *len) (the first call sets *len) while *units lasts
 * (8 units a region appended or a shortcut split, and one each arc scanned
 * for the next shortcut's middle, taken off *units) and
 * path has room (cap regions, at least 1) and returns true once the route
 * is whole, false when *units ran out or path is full (*len == cap) first
 * (call it again with the regions so far, moved or not, their len and
 * fresh units or more room to go on), and abs_ch_cost its cost. The
 * hierarchy must not change in between (a map change drops the query:
 * begin again). */
void abs_ch_begin(AbsCh *ch, uint32_t s, uint32_t t);
bool abs_ch_run(AbsCh *ch, uint64_t *units);
double abs_ch_finish(AbsCh *ch, uint32_t *path, int *len);
bool abs_ch_unpack(AbsCh *ch, uint32_t *path, int cap, int *len, uint64_t *units);
double abs_ch_cost(const AbsCh *ch);

#endif
