#include "segfile.h"

#include <stdlib.h>
#include <string.h>

/* The edge_first table of an abstraction: region r's edges are k in
 * edge_first[r] .. edge_first[r + 1] - 1. */
static uint32_t *make_edge_first(const AbsIndex *ix)
{
    const Abstraction *a = ix->abs;
    uint32_t *first = malloc(((size_t)a->nregions + 1) * sizeof *first);
    if (!first)
        return NULL;
    uint32_t k = 0;
    for (uint32_t r = 0; r < a->nregions; r++) {
        first[r] = k;
        AbsEdgeIter it;
        AbsEdge e;
        abs_edges(a, (int)abs_region_sector(ix, r), abs_local(ix, r), &it);
        while (abs_edge_next(a, &it, &e))
            k++;
    }
    first[a->nregions] = k;
    return first;
}

bool segs_init(SegStore *ss, LegMode mode, const AbsIndex *ix, Err *err)
{
    memset(ss, 0, sizeof *ss);
    ss->mode = mode;
    ss->nregions = ix->abs->nregions;
    ss->edge_first = make_edge_first(ix);
    if (ss->edge_first) {
        ss->nlegs = ss->edge_first[ss->nregions];
        ss->offset = malloc(((size_t)ss->nlegs + 1) * sizeof *ss->offset);
    }
    if (!ss->offset) {
        segs_free(ss);
        return err_set(err, "out of memory for the segment store");
    }
    for (uint32_t k = 0; k < ss->nlegs; k++)
        ss->offset[k] = SEG_NONE;
    return true;
}

void segs_free(SegStore *ss)
{
    free(ss->offset);
    free(ss->edge_first);
    leg_bits_free(&ss->legs);
    memset(ss, 0, sizeof *ss);
}

size_t segs_bytes(const SegStore *ss) { return ((size_t)ss->nlegs + ss->nregions + 1) * 4 + leg_bits_bytes(&ss->legs); }

long segs_edge(const SegStore *ss, const AbsIndex *ix, uint32_t a, uint32_t b)
{
    AbsEdgeIter it;
    AbsEdge e;
    abs_edges(ix->abs, (int)abs_region_sector(ix, a), abs_local(ix, a), &it);
    for (long k = ss->edge_first[a]; abs_edge_next(ix->abs, &it, &e); k++)
        if (abs_gid(ix, e.sector, e.region) == b)
            return k;
    return -1;
}

bool segs_put(SegStore *ss, uint32_t k, const xyLoc *way, size_t nway)
{
    uint64_t at;
    if (!leg_put(&ss->legs, way, nway, SEG_NONE - 1, &at))
        return false;
    ss->offset[k] = (uint32_t)at;
    return true;
}

bool segs_get(SegStore *ss, const AbsIndex *ix, uint32_t a, uint32_t b, xyLoc from, xyPath *out)
{
    uint32_t ka, kb;
    leg_key(ss->mode, a, b, &ka, &kb);
    long k = segs_edge(ss, ix, ka, kb);
    if (k < 0 || ss->offset[k] == SEG_NONE)
        return false;
    ss->hits++;
    leg_decode(ss->legs.p, ss->offset[k], from, abs_center(ix, kb > ka ? kb : ka), out);
    return true;
}

void segs_write(BinFile *f, const SegStore *ss)
{
    uint64_t sum = BIN_FNV_SEED;
    uint32_t head[2] = {(uint32_t)ss->mode | LEG_CODEC << 8, ss->nlegs}, bytes = (uint32_t)leg_bits_bytes(&ss->legs);
    bin_put_u32(f, head[0]);
    bin_put_u32(f, head[1]);
    sum = bin_fnv1a(sum, head, sizeof head);
    for (uint32_t i = 0; i < ss->nlegs; i++)
        bin_put_u32(f, ss->offset[i]);
    sum = bin_fnv1a(sum, ss->offset, (size_t)ss->nlegs * 4);
    bin_put_u32(f, bytes);
    bin_put_bytes(f, ss->legs.p, bytes);
    sum = bin_fnv1a(sum, ss->legs.p, bytes);
    bin_put_u64(f, sum);
}

/* Checks stored leg k of edge lo -> hi: inside the stream, waypoints on the
 * map and at most LEG_MAX_MOVES moves (so its cells can be decoded), legal
 * moves, from lo's center to hi's. */
static bool check_leg(const SegStore *ss, const AbsIndex *ix, const Grid *g, uint32_t k, uint32_t lo, uint32_t hi,
                      xyPath *leg, const char *path, Err *err)
{
    uint64_t at = ss->offset[k], total = ss->legs.used;
    if (at >= total || at + leg_record_bits(ss->legs.p, at) > total)
        return err_set(err, "%s: segment %u outside the stream", path, k);
    leg->len = 0;
    leg_decode_way(ss->legs.p, at, abs_center(ix, lo), abs_center(ix, hi), leg);
    size_t moves = 0;
    xyLoc prev = abs_center(ix, lo);
    for (size_t i = 0; i < leg->len; i++) {
        xyLoc c = leg->cells[i];
        if (!grid_in_bounds(g, c.x, c.y))
            return err_set(err, "%s: segment %u leaves the map", path, k);
        moves += line_moves(prev, c);
        prev = c;
    }
    if (moves > LEG_MAX_MOVES)
        return err_set(err, "%s: segment %u longer than %u moves", path, k, LEG_MAX_MOVES);
    leg->len = 0;
    path_push(leg, abs_center(ix, lo));
    leg_decode(ss->legs.p, at, abs_center(ix, lo), abs_center(ix, hi), leg);
    for (size_t i = 1; i < leg->len; i++) {
        xyLoc p = leg->cells[i - 1], c = leg->cells[i];
        int dir = grid_dir_of(c.x - p.x, c.y - p.y); /* -1: a waypoint repeated (no move) */
        if (dir < 0 || !grid_move_legal(g, p.x, p.y, dir))
            return err_set(err, "%s: segment %u makes an illegal move", path, k);
    }
    xyLoc end = leg->cells[leg->len - 1];
    if (end.x != abs_center(ix, hi).x || end.y != abs_center(ix, hi).y)
        return err_set(err, "%s: segment %u does not end at its neighbour's center", path, k);
    return true;
}

bool segs_read(BinFile *f, SegStore *ss, LegMode mode, const AbsIndex *ix, const Grid *g, Err *err)
{
    memset(ss, 0, sizeof *ss);
    const char *path = f->path;
    uint32_t head[2];
    head[0] = bin_get_u32(f);
    head[1] = bin_get_u32(f);
    if (f->failed)
        return err_set(err, "%s: truncated file (no segment section)", path);
    if (head[0] >> 8 != LEG_CODEC)
        return err_set(err, "%s: segments stored in another leg format (prepare the map again)", path);
    if ((head[0] & 0xff) != (uint32_t)mode)
        return err_set(err, "%s: segments stored as %s, asked for %s", path,
                       (head[0] & 0xff) == LEGS_SYM ? "sym" : "nosym", mode == LEGS_SYM ? "sym" : "nosym");
    if (!segs_init(ss, mode, ix, err))
        return false;
    if (head[1] != ss->nlegs) {
        segs_free(ss);
        return err_set(err, "%s: %u segments for %u abstract edges", path, head[1], ix->abs->nedges);
    }
    uint64_t sum = bin_fnv1a(BIN_FNV_SEED, head, sizeof head);
    for (uint32_t i = 0; i < ss->nlegs; i++)
        ss->offset[i] = bin_get_u32(f);
    sum = bin_fnv1a(sum, ss->offset, (size_t)ss->nlegs * 4);
    uint32_t bytes = bin_get_u32(f);
    uint8_t *raw = NULL;
    bool ok = true;
    if (f->failed || !bin_fits(f, (uint64_t)bytes + 8))
        ok = err_set(err, "%s: truncated or oversized segment section", path);
    else if (!(raw = malloc((size_t)bytes + 1)))
        ok = err_set(err, "%s: out of memory", path);
    if (ok) {
        bin_get_bytes(f, raw, bytes);
        sum = bin_fnv1a(sum, raw, bytes);
        uint64_t stored = bin_get_u64(f);
        if (f->failed)
            ok = err_set(err, "%s: truncated file (segments cut short)", path);
        else if (!bin_sum_ok(stored, sum))
            ok = err_set(err, "%s: segment checksum differs (corrupt file)", path);
        else if (!leg_bits_adopt(&ss->legs, raw, bytes))
            ok = err_set(err, "%s: out of memory", path);
    }
    free(raw);
    /* Every edge that holds a record must have a legal one; the others none. */
    xyPath leg = {0};
    for (uint32_t r = 0; ok && r < ss->nregions; r++) {
        AbsEdgeIter it;
        AbsEdge e;
        abs_edges(ix->abs, (int)abs_region_sector(ix, r), abs_local(ix, r), &it);
        for (uint32_t k = ss->edge_first[r]; ok && abs_edge_next(ix->abs, &it, &e); k++) {
            uint32_t b = abs_gid(ix, e.sector, e.region);
            if (!segs_holds(ss, r, b))
                ok = ss->offset[k] == SEG_NONE || err_set(err, "%s: segment %u stored twice", path, k);
            else if (ss->offset[k] == SEG_NONE)
                ok = err_set(err, "%s: segment %u missing", path, k);
            else
                ok = check_leg(ss, ix, g, k, leg_first(r, b), r < b ? b : r, &leg, path, err);
        }
    }
    path_free(&leg);
    if (!ok)
        segs_free(ss);
    return ok;
}

long segs_remap(SegStore *ss, const AbsIndex *old, const AbsIndex *fresh, const uint8_t *touched, Err *err)
{
    SegStore next = {.mode = ss->mode};
    if (!segs_init(&next, ss->mode, fresh, err))
        return -1;
    const Abstraction *a = fresh->abs;
    long dropped = 0;
    xyPath scratch = {0};
    for (uint32_t r = 0; r < next.nregions; r++) {
        uint32_t s = abs_region_sector(fresh, r);
        AbsEdgeIter it;
        AbsEdge e;
        abs_edges(a, (int)s, abs_local(fresh, r), &it);
        for (uint32_t k = next.edge_first[r]; abs_edge_next(a, &it, &e); k++) {
            uint32_t b = abs_gid(fresh, e.sector, e.region);
            if (!segs_holds(&next, r, b))
                continue;                          /* read from the record of b -> r */
            if (touched[s] || touched[e.sector]) { /* renumbered: no old leg to look up */
                dropped++;
                continue;
            }
            uint32_t old_r = abs_gid(old, (int)s, abs_local(fresh, r)), old_b = abs_gid(old, e.sector, e.region);
            long old_k = segs_edge(ss, old, old_r, old_b);
            if (old_k < 0 || ss->offset[old_k] == SEG_NONE) /* new edge, or dropped before */
                continue;
            if (leg_survives(old, touched, leg_first(old_r, old_b), old_r < old_b ? old_b : old_r, ss->legs.p,
                             ss->offset[old_k], &scratch))
                next.offset[k] = ss->offset[old_k];
            else
                dropped++;
        }
    }
    path_free(&scratch);
    /* The stream carries over as it is; only the index is new. */
    next.legs = ss->legs;
    ss->legs = (LegBits){0};
    segs_free(ss);
    *ss = next;
    return dropped;
}
