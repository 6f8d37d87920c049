#include "segfile.h"

#include <stdlib.h>
#include <string.h>

typedef struct Bits {
    uint8_t *p;
    size_t cap, used; /* in bits */
} Bits;

static bool bits_put(Bits *b, uint32_t v, int n)
{
    if (b->used + (size_t)n > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 1 << 16;
        while (b->used + (size_t)n > cap)
            cap *= 2;
        uint8_t *np = realloc(b->p, cap / 8);
        if (!np)
            return false;
        memset(np + b->cap / 8, 0, (cap - b->cap) / 8);
        b->p = np;
        b->cap = cap;
    }
    for (int i = 0; i < n; i++, b->used++)
        if (v >> i & 1)
            b->p[b->used >> 3] |= (uint8_t)(1u << (b->used & 7));
    return true;
}

static uint32_t bits_get(const uint8_t *p, size_t *at, int n)
{
    uint32_t v = 0;
    for (int i = 0; i < n; i++, (*at)++)
        v |= (uint32_t)(p[*at >> 3] >> (*at & 7) & 1) << i;
    return v;
}

/* Position of edge a -> b in the abstraction's edge order, or -1. */
static long edge_index(const SegStore *ss, const AbsSearch *as, uint32_t a, uint32_t b)
{
    uint32_t s = as->region_sector[a];
    AbsEdgeIter it;
    AbsEdge e;
    abs_edges(as->abs, (int)s, (int)(a - as->region_base[s]), &it);
    for (long k = ss->edge_first[a]; abs_edge_next(as->abs, &it, &e); k++)
        if (as->region_base[e.sector] + (uint32_t)e.region == b)
            return k;
    return -1;
}

static bool make_edge_first(SegStore *ss, const AbsSearch *as)
{
    const Abstraction *a = as->abs;
    ss->edge_first = malloc(((size_t)a->nregions + 1) * sizeof *ss->edge_first);
    if (!ss->edge_first)
        return false;
    uint32_t k = 0;
    for (uint32_t r = 0; r < a->nregions; r++) {
        ss->edge_first[r] = k;
        uint32_t s = as->region_sector[r];
        AbsEdgeIter it;
        AbsEdge e;
        abs_edges(a, (int)s, (int)(r - as->region_base[s]), &it);
        while (abs_edge_next(a, &it, &e))
            k++;
    }
    ss->edge_first[a->nregions] = k;
    return true;
}

/* Stored slot of edge a -> b, and whether it is read backwards; -1 if none. */
static long slot_of(const SegStore *ss, const AbsSearch *as, uint32_t a, uint32_t b, bool *reversed)
{
    *reversed = ss->mode == CACHE_SYM && a > b;
    long k = *reversed ? edge_index(ss, as, b, a) : edge_index(ss, as, a, b);
    return k;
}

bool segs_build(SegStore *ss, CacheMode mode, LegPlanner *lp, const AbsSearch *as, Err *err)
{
    memset(ss, 0, sizeof *ss);
    ss->mode = mode;
    const Abstraction *a = as->abs;
    Bits bits = {0};
    xyPath leg = {0};
    if (!make_edge_first(ss, as))
        goto oom;
    ss->nlegs = ss->edge_first[a->nregions];
    ss->offset = malloc(((size_t)ss->nlegs + 1) * sizeof *ss->offset);
    if (!ss->offset)
        goto oom;
    for (uint32_t r = 0; r < a->nregions; r++) {
        uint32_t s = as->region_sector[r];
        AbsEdgeIter it;
        AbsEdge e;
        abs_edges(a, (int)s, (int)(r - as->region_base[s]), &it);
        for (uint32_t k = ss->edge_first[r]; abs_edge_next(a, &it, &e); k++) {
            uint32_t b = as->region_base[e.sector] + (uint32_t)e.region;
            ss->offset[k] = (uint32_t)bits.used;
            if (mode == CACHE_SYM && b < r)
                continue; /* read backwards from b -> r */
            leg.len = 0;
            legs_center(lp, as, r, b, &leg);
            bool ok = leg.len >= 1 && leg.len - 1 <= UINT16_MAX && bits.used < UINT32_MAX / 2 &&
                      bits_put(&bits, (uint16_t)leg.cells[0].x, 16) &&
                      bits_put(&bits, (uint16_t)leg.cells[0].y, 16) &&
                      bits_put(&bits, (uint32_t)(leg.len - 1), 16);
            for (size_t i = 1; ok && i < leg.len; i++)
                ok = bits_put(&bits, (uint32_t)move_code(leg.cells[i - 1], leg.cells[i]), 3);
            if (!ok)
                goto oom;
        }
    }
    ss->offset[ss->nlegs] = (uint32_t)bits.used;
    ss->stream = bits.p ? bits.p : calloc(1, 1);
    ss->stream_bytes = (uint32_t)((bits.used + 7) / 8);
    path_free(&leg);
    return ss->stream != NULL || err_set(err, "out of memory");
oom:
    free(bits.p);
    path_free(&leg);
    segs_free(ss);
    return err_set(err, "out of memory precomputing segments");
}

void segs_write(BinFile *f, const SegStore *ss)
{
    uint64_t sum = BIN_FNV_SEED;
    uint32_t head[2] = {(uint32_t)ss->mode, ss->nlegs};
    bin_put_u32(f, head[0]);
    bin_put_u32(f, head[1]);
    sum = bin_fnv1a(sum, head, sizeof head);
    for (uint32_t i = 0; i < ss->nlegs; i++)
        bin_put_u32(f, ss->offset[i]);
    sum = bin_fnv1a(sum, ss->offset, (size_t)ss->nlegs * 4);
    bin_put_u32(f, ss->stream_bytes);
    bin_put_bytes(f, ss->stream, ss->stream_bytes);
    sum = bin_fnv1a(sum, ss->stream, ss->stream_bytes);
    bin_put_u64(f, sum);
}

/* Decodes stored slot k onto out, forwards or backwards from `from`. */
static void decode(const SegStore *ss, long k, bool reversed, xyLoc from, xyPath *out)
{
    size_t at = ss->offset[k] + 32;
    uint32_t moves = bits_get(ss->stream, &at, 16);
    path_reserve(out, moves);
    xyLoc cur = from;
    int sign = reversed ? -1 : 1;
    for (uint32_t i = 0; i < moves; i++) {
        size_t pos = ss->offset[k] + 48 + 3 * (size_t)(reversed ? moves - 1 - i : i);
        int d = (int)bits_get(ss->stream, &pos, 3);
        cur.x = (int16_t)(cur.x + sign * GRID_DX[d]);
        cur.y = (int16_t)(cur.y + sign * GRID_DY[d]);
        out->cells[out->len++] = cur;
    }
}

bool segs_read(BinFile *f, SegStore *ss, CacheMode mode, const AbsSearch *as, const Grid *g, Err *err)
{
    memset(ss, 0, sizeof *ss);
    const char *path = f->path;
    uint32_t head[2];
    head[0] = bin_get_u32(f);
    head[1] = bin_get_u32(f);
    if (f->failed)
        return err_set(err, "%s: truncated file (no segment section)", path);
    if (head[0] != (uint32_t)mode)
        return err_set(err, "%s: segments stored as %s, asked for %s", path, head[0] == CACHE_SYM ? "sym" : "nosym",
                       mode == CACHE_SYM ? "sym" : "nosym");
    ss->mode = mode;
    if (!make_edge_first(ss, as))
        return err_set(err, "%s: out of memory", path);
    if (head[1] != ss->edge_first[as->abs->nregions]) {
        segs_free(ss);
        return err_set(err, "%s: %u segments for %u abstract edges", path, head[1], as->abs->nedges);
    }
    ss->nlegs = head[1];
    uint64_t sum = bin_fnv1a(BIN_FNV_SEED, head, sizeof head);
    ss->offset = malloc(((size_t)ss->nlegs + 1) * sizeof *ss->offset);
    if (!ss->offset) {
        segs_free(ss);
        return err_set(err, "%s: out of memory", path);
    }
    for (uint32_t i = 0; i < ss->nlegs; i++)
        ss->offset[i] = bin_get_u32(f);
    sum = bin_fnv1a(sum, ss->offset, (size_t)ss->nlegs * 4);
    ss->stream_bytes = bin_get_u32(f);
    if (f->failed || ss->stream_bytes > 64u * 1024 * 1024 * 16) {
        segs_free(ss);
        return err_set(err, "%s: truncated or oversized segment section", path);
    }
    ss->stream = malloc((size_t)ss->stream_bytes + 1);
    if (!ss->stream) {
        segs_free(ss);
        return err_set(err, "%s: out of memory", path);
    }
    bin_get_bytes(f, ss->stream, ss->stream_bytes);
    sum = bin_fnv1a(sum, ss->stream, ss->stream_bytes);
    uint64_t stored = bin_get_u64(f);
    bool ok = true;
    if (f->failed)
        ok = err_set(err, "%s: truncated file (segments cut short)", path);
    else if (stored != sum)
        ok = err_set(err, "%s: segment checksum differs (corrupt file)", path);
    /* Every stored leg must walk legally from its center to the neighbour's. */
    xyPath leg = {0};
    size_t bits_total = (size_t)ss->stream_bytes * 8;
    for (uint32_t r = 0; ok && r < as->abs->nregions; r++) {
        uint32_t s = as->region_sector[r];
        AbsEdgeIter it;
        AbsEdge e;
        abs_edges(as->abs, (int)s, (int)(r - as->region_base[s]), &it);
        for (uint32_t k = ss->edge_first[r]; ok && abs_edge_next(as->abs, &it, &e); k++) {
            uint32_t b = as->region_base[e.sector] + (uint32_t)e.region;
            if (mode == CACHE_SYM && b < r)
                continue;
            size_t at = ss->offset[k];
            if (at + 48 > bits_total) {
                ok = err_set(err, "%s: segment %u outside the stream", path, k);
                break;
            }
            xyLoc start = {(int16_t)bits_get(ss->stream, &at, 16), (int16_t)bits_get(ss->stream, &at, 16)};
            uint32_t moves = bits_get(ss->stream, &at, 16);
            if (at + 3 * (size_t)moves > bits_total || start.x != as->center[r].x || start.y != as->center[r].y) {
                ok = err_set(err, "%s: segment %u does not start at its region's center", path, k);
                break;
            }
            leg.len = 0;
            path_push(&leg, start);
            decode(ss, (long)k, false, start, &leg);
            for (size_t i = 1; ok && i < leg.len; i++) {
                int d = move_code(leg.cells[i - 1], leg.cells[i]);
                if (!grid_move_legal(g, leg.cells[i - 1].x, leg.cells[i - 1].y, d))
                    ok = err_set(err, "%s: segment %u makes an illegal move", path, k);
            }
            xyLoc end = leg.cells[leg.len - 1];
            if (ok && (end.x != as->center[b].x || end.y != as->center[b].y))
                ok = err_set(err, "%s: segment %u does not end at its neighbour's center", path, k);
        }
    }
    path_free(&leg);
    if (!ok)
        segs_free(ss);
    return ok;
}

void segs_free(SegStore *ss)
{
    free(ss->offset);
    free(ss->stream);
    free(ss->edge_first);
    memset(ss, 0, sizeof *ss);
}

size_t segs_bytes(const SegStore *ss)
{
    return ((size_t)ss->nlegs + 1) * 4 * 2 + ss->stream_bytes;
}

bool segs_get(SegStore *ss, const AbsSearch *as, uint32_t a, uint32_t b, xyPath *out)
{
    bool reversed;
    long k = slot_of(ss, as, a, b, &reversed);
    if (k < 0 || ss->offset[k] == SEG_DROPPED)
        return false;
    ss->hits++;
    decode(ss, k, reversed, as->center[a], out);
    return true;
}

long segs_remap(SegStore *ss, const AbsSearch *old_as, const AbsSearch *new_as, const uint8_t *touched, Err *err)
{
    SegStore fresh = {.mode = ss->mode};
    if (!make_edge_first(&fresh, new_as))
        return err_set(err, "out of memory updating the segment store"), -1;
    const Abstraction *a = new_as->abs;
    fresh.nlegs = fresh.edge_first[a->nregions];
    fresh.offset = malloc(((size_t)fresh.nlegs + 1) * sizeof *fresh.offset);
    if (!fresh.offset) {
        free(fresh.edge_first);
        return err_set(err, "out of memory updating the segment store"), -1;
    }
    long dropped = 0;
    xyPath leg = {0};
    for (uint32_t r = 0; r < a->nregions; r++) {
        uint32_t s = new_as->region_sector[r], local = r - new_as->region_base[s];
        AbsEdgeIter it;
        AbsEdge e;
        abs_edges(a, (int)s, (int)local, &it);
        for (uint32_t k = fresh.edge_first[r]; abs_edge_next(a, &it, &e); k++) {
            uint32_t b = new_as->region_base[e.sector] + (uint32_t)e.region;
            fresh.offset[k] = SEG_DROPPED;
            if (ss->mode == CACHE_SYM && b < r)
                continue; /* read backwards from b -> r's slot */
            if (touched[s] || touched[e.sector]) {
                dropped++;
                continue;
            }
            uint32_t old_r = old_as->region_base[s] + local;
            long old_k = edge_index(ss, old_as, old_r, old_as->region_base[e.sector] + (uint32_t)e.region);
            if (old_k < 0 || ss->offset[old_k] == SEG_DROPPED) /* new edge, or dropped before */
                continue;
            /* Legs turn corners whose cells lie outside their two sectors. */
            leg.len = 0;
            path_push(&leg, old_as->center[old_r]);
            decode(ss, old_k, false, old_as->center[old_r], &leg);
            if (abs_leg_touches(a, leg.cells, leg.len, touched))
                dropped++;
            else
                fresh.offset[k] = ss->offset[old_k];
        }
    }
    path_free(&leg);
    fresh.offset[fresh.nlegs] = ss->offset[ss->nlegs];
    free(ss->offset);
    free(ss->edge_first);
    ss->offset = fresh.offset;
    ss->edge_first = fresh.edge_first;
    ss->nlegs = fresh.nlegs;
    return dropped;
}
