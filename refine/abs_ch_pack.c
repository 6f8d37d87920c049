/* abs_ch_pack.c: a hierarchy that will not change packed into as few bits
 * as its regions and arcs need (refine/abs_ch.h, narrow): its arcs, their
 * middles and a record a region. */
#include <stdlib.h>
#include <string.h>

#include "abs_ch.h"
#include "abs_ch_custom.h"

/* The bits a value up to `most` takes (at least 1). */
static uint32_t bits_for(uint64_t most)
{
    uint32_t b = 1;
    while (b < 64 && most >> b)
        b++;
    return b;
}

/* Fields appended to a bit array, the lowest bit first. */
typedef struct BitOut {
    uint8_t *b;
    size_t out;   /* bytes written */
    uint64_t acc; /* bits not yet written */
    uint32_t have;
} BitOut;

static void bits_put(BitOut *o, uint64_t v, uint32_t bits)
{
    o->acc |= v << o->have; /* at most 7 bits wait, and a field is at most 57 */
    o->have += bits;
    for (; o->have >= 8; o->have -= 8, o->acc >>= 8)
        o->b[o->out++] = (uint8_t)o->acc;
}

/* The array's end: its last bits and 8 spare bytes; its size. */
static size_t bits_end(BitOut *o)
{
    if (o->have)
        o->b[o->out++] = (uint8_t)o->acc;
    memset(o->b + o->out, 0, 8);
    return o->out + 8;
}

/* The arcs' shortcut bits into `sc` and their counts into `rk`, `rw`
 * (abs_ch_shortcut_bits_bytes), the shortcuts' middles into `mids`
 * (abs_ch_packed_bytes(mid_bits, shortcuts)), then their ends and costs
 * packed (abs_ch.h) in place: the packed bits of arcs 0 .. i end before
 * record i + 1 begins (at most 57 bits against 12 bytes an arc), so each
 * record is read before any of its bytes is written over; the array (room
 * for m + 1 records) is then shrunk to fit. */
static uint8_t *pack_arcs(const AbsCh *ch, AbsChArc *arcs, uint32_t m, uint8_t *mids, uint64_t *sc, uint32_t *rk,
                          uint16_t *rw)
{
    BitOut mo = {mids, 0, 0, 0};
    uint32_t k = 0;
    memset(sc, 0, ((size_t)m / 64 + 1) * sizeof *sc);
    for (uint32_t i = 0; i <= m; i++) {
        if (i % ABS_CH_RANK_ARCS == 0)
            rk[i / ABS_CH_RANK_ARCS] = k;
        if (i % 64 == 0)
            rw[i / 64] = (uint16_t)(k - rk[i / ABS_CH_RANK_ARCS]);
        if (i < m && arcs[i].mid != ABS_CH_NONE) {
            sc[i / 64] |= UINT64_C(1) << (i % 64);
            bits_put(&mo, arcs[i].mid, ch->mid_bits);
            k++;
        }
    }
    bits_end(&mo);
    BitOut o = {(uint8_t *)(void *)arcs, 0, 0, 0};
    for (uint32_t i = 0; i < m; i++) {
        AbsChArc a;
        memcpy(&a, o.b + (size_t)i * sizeof a, sizeof a);
        bits_put(&o, a.to | (uint64_t)a.cost << ch->to_bits, ch->arc_bits);
    }
    uint8_t *fit = realloc(o.b, bits_end(&o)); /* within the m + 1 records */
    return fit ? fit : o.b;
}

/* The bits a packed arc takes whose end and cost take `ends` (abs_ch.h). */
static uint32_t arc_bits_for(uint32_t ends) { return ends >= ABS_CH_WORD_FROM && ends <= 32 ? 32 : ends; }

/* The bytes the packed ends and costs take, `ends` bits an arc. */
static size_t ends_bytes(const AbsCh *ch, uint32_t ends)
{
    uint32_t bits = arc_bits_for(ends);
    return abs_ch_packed_bytes(bits, ch->nup) + (ch->shared ? 0 : abs_ch_packed_bytes(bits, ch->ndn));
}

static void keep_no_parents(AbsCh *ch)
{
    free(ch->parent16);
    ch->parent16 = NULL;
}

/* The largest distance of a row's start from its block's base
 * (ABS_CH_REC_BLOCK rows a block). */
static uint32_t row_spread(const uint32_t *first, uint32_t n)
{
    uint32_t most = 0;
    for (uint32_t v = 0; v <= n; v++) {
        uint32_t low = first[v] - first[v & ~(ABS_CH_REC_BLOCK - 1)];
        most = low > most ? low : most;
    }
    return most;
}

/* One direction's rows' offsets (abs_ch.h, narrow) into `rowk` and the
 * blocks' bases into `base`. */
static void pack_rows(uint8_t *rowk, uint32_t *base, const uint32_t *first, uint32_t n, uint32_t bits)
{
    BitOut o = {rowk, 0, 0, 0};
    for (uint32_t v = 0; v <= n; v++) {
        if (v % ABS_CH_REC_BLOCK == 0)
            base[v / ABS_CH_REC_BLOCK] = first[v];
        bits_put(&o, first[v] - base[v / ABS_CH_REC_BLOCK], bits);
    }
    bits_end(&o);
}

/* The regions' records (abs_ch.h, narrow) from the wide depths and parents. */
static void pack_records(const AbsCh *ch, uint8_t *regk)
{
    BitOut o = {regk, 0, 0, 0};
    for (uint32_t v = 0; v <= ch->n; v++)
        bits_put(&o,
                 v == ch->n ? 0 : ch->depth[v] | (ch->parent_bits ? (uint64_t)ch->parent16[v] << ch->depth_bits : 0),
                 ch->rec_bits);
    bits_end(&o);
}

/* A hierarchy that keeps no shape and whose region ids fit in 16 bits
 * keeps its arcs packed, and a record a region for its depth, its arcs'
 * offsets and its parent (abs_ch.h). */
void abs_ch_narrow(AbsCh *ch)
{
    if (ch->n > ABS_CH_NARROW_MAX || ch->n == 0) {
        keep_no_parents(ch);
        return;
    }
    uint32_t most = 0;
    for (uint32_t i = 0; i < ch->nup; i++)
        most = ch->up[i].cost > most ? ch->up[i].cost : most;
    for (uint32_t i = 0; !ch->shared && i < ch->ndn; i++)
        most = ch->dn[i].cost > most ? ch->dn[i].cost : most;
    uint32_t to_bits = bits_for(ch->n - 1), cost_bits = bits_for(most), mid_bits = to_bits;
    uint32_t depth_bits = bits_for(ch->height ? ch->height - 1 : 0), spread = row_spread(ch->up_first, ch->n);
    if (!ch->shared) {
        uint32_t dn = row_spread(ch->dn_first, ch->n);
        spread = dn > spread ? dn : spread;
    }
    /* Ends by depth where that saves more than the parents take. */
    bool by_depth = ch->parent16 && depth_bits < to_bits &&
                    ends_bytes(ch, depth_bits + cost_bits) + ((size_t)ch->n * bits_for(ch->n) + 7) / 8 <
                        ends_bytes(ch, to_bits + cost_bits);
    uint32_t row_bits = bits_for(spread), parent_bits = by_depth ? bits_for(ch->n) : 0;
    if (to_bits + cost_bits > ABS_CH_ARC_BITS_MAX || mid_bits > ABS_CH_ARC_BITS_MAX ||
        depth_bits + parent_bits > ABS_CH_ARC_BITS_MAX || row_bits > ABS_CH_ROW_BITS_MAX) {
        keep_no_parents(ch);
        return;
    }
    if (by_depth)
        to_bits = depth_bits;
    ch->dnshortcuts = ch->shortcuts;
    if (!ch->shared)
        for (uint32_t i = ch->dnshortcuts = 0; i < ch->ndn; i++)
            ch->dnshortcuts += ch->dn[i].mid != ABS_CH_NONE;
    size_t blocks = (size_t)ch->n / ABS_CH_REC_BLOCK + 1;
    uint8_t *upm = malloc(abs_ch_packed_bytes(mid_bits, ch->shortcuts)),
            *dnm = ch->shared ? upm : malloc(abs_ch_packed_bytes(mid_bits, ch->dnshortcuts));
    uint64_t *upsc = malloc(abs_ch_shortcut_bits_bytes(ch->nup)),
             *dnsc = ch->shared ? upsc : malloc(abs_ch_shortcut_bits_bytes(ch->ndn));
    uint8_t *regk = malloc(abs_ch_packed_bytes(depth_bits + parent_bits, ch->n + 1)),
            *uprowk = malloc(abs_ch_packed_bytes(row_bits, ch->n + 1)),
            *dnrowk = ch->shared ? uprowk : malloc(abs_ch_packed_bytes(row_bits, ch->n + 1));
    uint32_t *base = malloc(blocks * (ch->shared ? 1 : 2) * sizeof *base);
    if (!upm || !dnm || !upsc || !dnsc || !regk || !uprowk || !dnrowk || !base) { /* the wide form stays */
        keep_no_parents(ch);
        free(upm);
        free(upsc);
        free(regk);
        free(uprowk);
        free(base);
        if (!ch->shared) {
            free(dnrowk);
            free(dnm);
            free(dnsc);
        }
        return;
    }
    /* the records and offsets, while the wide depths, offsets and parents are there */
    ch->depth_bits = depth_bits;
    ch->parent_bits = parent_bits;
    ch->rec_bits = depth_bits + parent_bits;
    ch->row_bits = row_bits;
    pack_records(ch, regk);
    pack_rows(uprowk, base, ch->up_first, ch->n, row_bits);
    if (!ch->shared)
        pack_rows(dnrowk, base + blocks, ch->dn_first, ch->n, row_bits);
    /* the shortcut bits, then their counts (abs_ch_shortcut_bits_bytes) */
    uint32_t *uprk = (uint32_t *)(void *)(upsc + ch->nup / 64 + 1),
             *dnrk = (uint32_t *)(void *)(dnsc + ch->ndn / 64 + 1);
    uint16_t *uprw = (uint16_t *)(void *)(uprk + ch->nup / ABS_CH_RANK_ARCS + 1),
             *dnrw = (uint16_t *)(void *)(dnrk + ch->ndn / ABS_CH_RANK_ARCS + 1);
    ch->to_bits = to_bits;
    ch->cost_bits = cost_bits;
    ch->mid_bits = mid_bits;
    ch->arc_bits = arc_bits_for(to_bits + cost_bits);
    if (by_depth) /* the ends' depths, while the ids still hold them */
        for (uint32_t i = 0; i < ch->nup + (ch->shared ? 0 : ch->ndn); i++) {
            AbsChArc *a = i < ch->nup ? &ch->up[i] : &ch->dn[i - ch->nup];
            a->to = ch->depth[a->to];
        }
    ch->by_depth = by_depth;
    ch->upk = pack_arcs(ch, ch->up, ch->nup, upm, upsc, uprk, uprw);
    ch->dnk = ch->shared ? ch->upk : pack_arcs(ch, ch->dn, ch->ndn, dnm, dnsc, dnrk, dnrw);
    ch->upm = upm;
    ch->dnm = dnm;
    ch->upsc = upsc;
    ch->dnsc = dnsc;
    ch->uprk = uprk;
    ch->dnrk = dnrk;
    ch->uprw = uprw;
    ch->dnrw = dnrw;
    ch->up = ch->dn = NULL;
    ch->regk = regk;
    ch->up_rowk = uprowk;
    ch->dn_rowk = dnrowk;
    ch->up_base = base;
    ch->dn_base = ch->shared ? base : base + blocks;
    keep_no_parents(ch);
    if (!ch->shared)
        free(ch->dn_first);
    free(ch->up_first);
    free(ch->depth);
    ch->up_first = ch->dn_first = ch->depth = NULL;
    ch->narrow = true;
}
