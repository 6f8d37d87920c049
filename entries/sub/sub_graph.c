/* The subgoal graph of the sub entry: its levels and the file section
 * (sub.h); the subgoals, scan and linking are search/subgoal.h's. */
#include <stdlib.h>
#include <string.h>

#include "../../common/binio.h"
#include "sub.h"

bool sub_graph_build(SubGraph *sg, const Grid *map, int levels, Err *err)
{
    if (!sub_graph_mark(sg, map, err) || !sub_graph_link(sg, err))
        return false;
    sg->levels = (uint32_t)levels;
    if (levels == 2 && !sub_tl_contract(sg, err)) {
        sub_graph_free(sg);
        return false;
    }
    return true;
}

static void put_u32(BinFile *f, uint64_t *sum, uint32_t v)
{
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 24)};
    bin_put_bytes(f, b, 4);
    *sum = bin_fnv1a(*sum, b, 4);
}

static uint32_t get_u32(BinFile *f, uint64_t *sum)
{
    unsigned char b[4];
    bin_get_bytes(f, b, 4);
    *sum = bin_fnv1a(*sum, b, 4);
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

void sub_graph_write(const SubGraph *sg, BinFile *f)
{
    uint64_t sum = BIN_FNV_SEED;
    put_u32(f, &sum, sg->n);
    put_u32(f, &sum, sg->m);
    put_u32(f, &sum, sg->levels);
    for (uint32_t v = 0; v < sg->n; v++)
        put_u32(f, &sum, (uint32_t)(uint16_t)sg->pos[v].x | (uint32_t)(uint16_t)sg->pos[v].y << 16);
    for (uint32_t v = 0; v <= sg->n; v++)
        put_u32(f, &sum, sg->first[v]);
    for (uint32_t e = 0; e < sg->m; e++)
        put_u32(f, &sum, sg->edge[e]);
    if (sg->levels == 2) {
        for (uint32_t e = 0; e < sg->m; e++)
            put_u32(f, &sum, sg->mid[e]);
        for (uint32_t w = 0; w < (sg->n + 31) / 32; w++) {
            uint32_t bits = 0;
            for (uint32_t v = w * 32; v < sg->n && v < w * 32 + 32; v++)
                bits |= (uint32_t)((sg->cell[sub_cell(sg, sg->pos[v])] & SUB_LOCAL) != 0) << (v & 31);
            put_u32(f, &sum, bits);
        }
    }
    bin_put_u64(f, sum);
}

/* Does the edge a -> b stand for a legal path, diagonal first, then straight? */
static bool walks_from(const SubGraph *sg, xyLoc a, xyLoc b)
{
    int dx = (b.x > a.x) - (b.x < a.x), dy = (b.y > a.y) - (b.y < a.y);
    int ex = abs(b.x - a.x), ey = abs(b.y - a.y), diag = ex < ey ? ex : ey;
    uint32_t p = sub_cell(sg, a);
    int step = dy * sg->stride + dx;
    for (int k = 0; k < diag; k++, p += (uint32_t)step)
        if (!sg->cell[p + (uint32_t)step] || !sg->cell[p + (uint32_t)dx] || !sg->cell[p + (uint32_t)(dy * sg->stride)])
            return false;
    step = ex > ey ? dx : dy * sg->stride;
    for (int k = diag; k < (ex > ey ? ex : ey); k++) {
        p += (uint32_t)step;
        if (!sg->cell[p])
            return false;
    }
    return p == sub_cell(sg, b) && (ex || ey);
}

/* A scan's edge, found from either end. */
static bool edge_walks(const SubGraph *sg, xyLoc a, xyLoc b) { return walks_from(sg, a, b) || walks_from(sg, b, a); }

/* Is v's list holding t (and the middle of that edge)? */
static bool list_has(const SubGraph *sg, uint32_t v, uint32_t t)
{
    for (uint32_t e = sg->first[v]; e < sg->first[v + 1]; e++)
        if (sg->edge[e] == t)
            return true;
    return false;
}

/* An added edge a-b through the local m: both ends in m's list, at the octile distances. */
static bool added_edge_fits(const SubGraph *sg, uint32_t a, uint32_t b, uint32_t m)
{
    const xyLoc *p = sg->pos;
    return m < sg->n && (sg->cell[sub_cell(sg, p[m])] & SUB_LOCAL) && list_has(sg, m, a) && list_has(sg, m, b) &&
           sub_octile(p[a], p[m]) + sub_octile(p[m], p[b]) == sub_octile(p[a], p[b]);
}

bool sub_graph_read(SubGraph *sg, const Grid *map, int levels, BinFile *f, Err *err)
{
    if (!sub_graph_mark(sg, map, err))
        return false;
    uint64_t sum = BIN_FNV_SEED;
    uint32_t n = get_u32(f, &sum), m = get_u32(f, &sum), lv = get_u32(f, &sum);
    sg->levels = lv;
    bool ok = !f->failed, two = lv == 2;
    if (!ok)
        err_set(err, "%s: truncated file", f->path);
    else if (lv != (uint32_t)levels)
        ok = err_set(err, "%s: a %u-level graph, %d levels asked for", f->path, lv, levels);
    else if (n != sg->n)
        ok = err_set(err, "%s: %u subgoals, the map has %u", f->path, n, sg->n);
    else if (m > (1u << 30) ||
             !bin_fits(f, (uint64_t)n * 8 + 4 + (uint64_t)m * (two ? 8 : 4) + (two ? (n + 31) / 32 * 4 : 0) + 8))
        ok = err_set(err, "%s: %u edges: more than the file holds (truncated file)", f->path, m);
    else if (!(sg->edge = malloc(((size_t)m + 1) * sizeof *sg->edge)) ||
             (two && !(sg->mid = malloc(((size_t)m + 1) * sizeof *sg->mid))))
        ok = err_set(err, "%s: %u edges: out of memory", f->path, m);
    for (uint32_t v = 0; ok && v < n; v++) {
        uint32_t xy = get_u32(f, &sum);
        if ((int16_t)(xy & 0xffff) != sg->pos[v].x || (int16_t)(xy >> 16) != sg->pos[v].y)
            ok = err_set(err, "%s: subgoal %u is not the map's", f->path, v);
    }
    for (uint32_t v = 0; ok && v <= n; v++)
        sg->first[v] = get_u32(f, &sum);
    for (uint32_t e = 0; ok && e < m; e++)
        sg->edge[e] = get_u32(f, &sum);
    for (uint32_t e = 0; ok && two && e < m; e++)
        sg->mid[e] = get_u32(f, &sum);
    for (uint32_t w = 0; ok && two && w < (n + 31) / 32; w++) {
        uint32_t bits = get_u32(f, &sum);
        for (uint32_t v = w * 32; v < n && v < w * 32 + 32; v++)
            if (bits >> (v & 31) & 1) {
                sg->cell[sub_cell(sg, sg->pos[v])] |= SUB_LOCAL;
                sg->locals++;
            }
        if (w == (n - 1) / 32 && n % 32 && bits >> (n % 32))
            ok = err_set(err, "%s: local bits past the last subgoal", f->path);
    }
    uint64_t stored = bin_get_u64(f);
    if (ok && f->failed)
        ok = err_set(err, "%s: truncated file", f->path);
    else if (ok && !bin_sum_ok(stored, sum))
        ok = err_set(err, "%s: checksum differs (corrupt file)", f->path);
    else if (ok && fgetc(f->fp) != EOF)
        ok = err_set(err, "%s: trailing bytes", f->path);
    sg->m = m;
    for (uint32_t v = 0; ok && v < n; v++) {
        if (sg->first[v] > sg->first[v + 1] || sg->first[v + 1] > m || sg->first[0] != 0)
            ok = err_set(err, "%s: edge ranges out of order at subgoal %u", f->path, v);
        for (uint32_t e = sg->first[v]; ok && e < sg->first[v + 1]; e++)
            if (sg->edge[e] >= n)
                ok = err_set(err, "%s: edge %u leads to no subgoal", f->path, e);
    }
    /* Only once every range is known good: the checks below read lists. */
    for (uint32_t v = 0; ok && v < n; v++)
        for (uint32_t e = sg->first[v]; ok && e < sg->first[v + 1]; e++) {
            uint32_t t = sg->edge[e], mid = two ? sg->mid[e] : SUB_DIRECT;
            if (mid == SUB_DIRECT ? !edge_walks(sg, sg->pos[v], sg->pos[t]) : !added_edge_fits(sg, v, t, mid))
                ok = err_set(err, "%s: edge %u is no h-reachable path on the map", f->path, e);
        }
    if (ok && sg->first[n] != m)
        ok = err_set(err, "%s: edge count differs", f->path);
    if (!ok)
        sub_graph_free(sg);
    return ok;
}
