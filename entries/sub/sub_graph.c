/* The simple subgoal graph: subgoals, the direct-h-reachable scan, linking,
 * and the file section (sub.h). */
#include <stdlib.h>
#include <string.h>

#include "../../common/binio.h"
#include "sub.h"

/* The cardinal components of diagonal 4 + k (NE SE SW NW): N/S first, E/W second. */
static const int DIAG_PARTS[4][2] = {{0, 1}, {2, 1}, {2, 3}, {0, 3}};

size_t sub_scan_cap(const SubGraph *sg) { return 8 + 8 * ((size_t)sg->width + (size_t)sg->height); }

/* The free non-subgoal cells after p along cardinal d, at most `limit`:
 * clearances, a byte each, where 255 means "255 or more, go on from there". */
static inline int run_len(const SubGraph *sg, uint32_t p, int d, int limit)
{
    for (int k = 0;;) {
        int c = sg->clr[(size_t)p * 4 + (size_t)d];
        if (c < 255)
            return k + c < limit ? k + c : limit;
        k += 255;
        if (k >= limit)
            return limit;
        p += (uint32_t)(255 * sg->off[d]);
    }
}

/* Where `also` lies on the run of `len` cells after p along cardinal d:
 * its step (1..len), or 0. The run is free, so it stays inside one row or
 * column and a range test on the index suffices for rows. */
static inline int also_at(const SubGraph *sg, uint32_t p, int d, int len, uint32_t also)
{
    int64_t delta = (int64_t)also - (int64_t)p, step = sg->off[d];
    int64_t k = delta / step;
    return k >= 1 && k <= len && k * step == delta ? (int)k : 0;
}

size_t sub_scan(const SubGraph *sg, uint32_t origin, uint32_t also, uint32_t *out)
{
    const uint8_t *c = sg->cell;
    const int *off = sg->off;
    size_t n = 0;
    int clear[8]; /* free non-subgoal cells along each ray */
    for (int d = 0; d < 4; d++) {
        int k = run_len(sg, origin, d, INT32_MAX), ka = also != UINT32_MAX ? also_at(sg, origin, d, k, also) : 0;
        if (ka) {
            out[n++] = also;
            k = ka - 1;
        } else if (c[origin + (uint32_t)((k + 1) * off[d])] & SUB_GOAL) {
            out[n++] = origin + (uint32_t)((k + 1) * off[d]);
        }
        clear[d] = k;
    }
    for (int d = 4; d < 8; d++) {
        int oa = off[DIAG_PARTS[d - 4][0]], ob = off[DIAG_PARTS[d - 4][1]], k = 0;
        for (uint32_t p = origin;; p += (uint32_t)off[d], k++) {
            uint32_t q = p + (uint32_t)off[d];
            if (!c[q] || !c[p + (uint32_t)oa] || !c[p + (uint32_t)ob]) /* the move p -> q cuts a corner or is blocked */
                break;
            if ((c[q] & SUB_GOAL) || q == also) {
                out[n++] = q;
                break;
            }
        }
        clear[d] = k;
    }
    /* The wedges: from the i-th cell of a diagonal ray, along one of its
     * cardinals, no further than the row before reached (the area behind a
     * blocked cell or a subgoal is not directly reachable, §3.3). Each row
     * is one clearance lookup. */
    for (int d = 4; d < 8; d++)
        for (int part = 0; part < 2; part++) {
            int cd = DIAG_PARTS[d - 4][part], reach = clear[cd];
            uint32_t p = origin;
            for (int i = 1; i <= clear[d] && reach > 0; i++) {
                p += (uint32_t)off[d];
                int ext = run_len(sg, p, cd, reach), ka = also != UINT32_MAX ? also_at(sg, p, cd, ext, also) : 0;
                if (ka) {
                    out[n++] = also;
                    reach = ka - 1;
                } else if (ext < reach) {
                    uint32_t q = p + (uint32_t)((ext + 1) * off[cd]);
                    if (c[q] & SUB_GOAL)
                        out[n++] = q;
                    reach = ext;
                }
            }
        }
    return n;
}

/* The clearances of sub.h (run_len) from the cell marks. */
static void clearances(SubGraph *sg)
{
    size_t cells = (size_t)(sg->height + 2) * (size_t)sg->stride;
    for (int d = 0; d < 4; d++) {
        bool down = sg->off[d] > 0; /* the next cell comes later in memory: fill from the end */
        for (size_t k = 0; k < cells; k++) {
            size_t p = down ? cells - 1 - k : k;
            int64_t q = (int64_t)p + sg->off[d];
            uint8_t v = 0;
            if (q >= 0 && (size_t)q < cells && sg->cell[q] == SUB_FREE) {
                int next = sg->clr[(size_t)q * 4 + (size_t)d];
                v = (uint8_t)(next < 254 ? next + 1 : 255);
            }
            sg->clr[p * 4 + (size_t)d] = v;
        }
    }
}

static bool is_subgoal(const Grid *g, int x, int y)
{
    if (!grid_passable(g, x, y))
        return false;
    for (int d = 4; d < 8; d++) {
        int dx = GRID_DX[d], dy = GRID_DY[d];
        if (!grid_passable(g, x + dx, y + dy) && grid_passable(g, x + dx, y) && grid_passable(g, x, y + dy))
            return true;
    }
    return false;
}

/* The map copy, subgoal marks and rank structure; n and pos. */
static bool mark_subgoals(SubGraph *sg, const Grid *map, Err *err)
{
    memset(sg, 0, sizeof *sg);
    sg->width = map->width;
    sg->height = map->height;
    sg->stride = map->stride;
    for (int d = 0; d < 8; d++)
        sg->off[d] = grid_dir_offset(map, d);
    size_t cells = (size_t)(map->height + 2) * (size_t)map->stride, words = cells / 64 + 1;
    sg->cell = calloc(cells, 1);
    sg->clr = malloc(cells * 4);
    sg->bits = calloc(words, sizeof *sg->bits);
    sg->rank = calloc(words, sizeof *sg->rank);
    if (!sg->cell || !sg->clr || !sg->bits || !sg->rank)
        goto oom;
    for (int y = 0; y < map->height; y++)
        for (int x = 0; x < map->width; x++) {
            uint32_t i = (uint32_t)grid_index(map, x, y);
            sg->cell[i] = grid_passable(map, x, y) ? SUB_FREE : 0;
            if (is_subgoal(map, x, y)) {
                sg->cell[i] |= SUB_GOAL;
                sg->bits[i >> 6] |= 1ull << (i & 63);
                sg->n++;
            }
        }
    clearances(sg);
    for (size_t w = 0, total = 0; w < words; w++) {
        sg->rank[w] = (uint32_t)total;
        total += (size_t)__builtin_popcountll(sg->bits[w]);
    }
    sg->pos = malloc(((size_t)sg->n + 2) * sizeof *sg->pos);
    sg->first = calloc((size_t)sg->n + 1, sizeof *sg->first);
    if (!sg->pos || !sg->first)
        goto oom;
    uint32_t k = 0;
    for (int y = 0; y < map->height; y++)
        for (int x = 0; x < map->width; x++)
            if (sg->cell[grid_index(map, x, y)] & SUB_GOAL)
                sg->pos[k++] = (xyLoc){(int16_t)x, (int16_t)y};
    return true;
oom:
    sub_graph_free(sg);
    return err_set(err, "sub: out of memory for a %dx%d map", map->width, map->height);
}

bool sub_graph_build(SubGraph *sg, const Grid *map, int levels, Err *err)
{
    if (!mark_subgoals(sg, map, err))
        return false;
    sg->levels = (uint32_t)levels;
    uint32_t *found = malloc(sub_scan_cap(sg) * sizeof *found);
    size_t cap = (size_t)sg->n * 4 + 16;
    sg->edge = malloc(cap * sizeof *sg->edge);
    bool ok = found && sg->edge;
    for (uint32_t v = 0; ok && v < sg->n; v++) {
        size_t k = sub_scan(sg, sub_cell(sg, sg->pos[v]), UINT32_MAX, found);
        if (sg->m + k > cap) {
            cap = (cap + k) * 2;
            uint32_t *more = realloc(sg->edge, cap * sizeof *more);
            ok = more != NULL;
            if (ok)
                sg->edge = more;
        }
        for (size_t i = 0; ok && i < k; i++)
            sg->edge[sg->m++] = sub_id(sg, found[i]);
        sg->first[v + 1] = sg->m;
    }
    free(found);
    if (!ok) {
        sub_graph_free(sg);
        return err_set(err, "sub: out of memory linking the subgoals of a %dx%d map", map->width, map->height);
    }
    if (levels == 2 && !sub_tl_contract(sg, err)) {
        sub_graph_free(sg);
        return false;
    }
    return true;
}

void sub_graph_free(SubGraph *sg)
{
    free(sg->cell);
    free(sg->clr);
    free(sg->bits);
    free(sg->rank);
    free(sg->pos);
    free(sg->first);
    free(sg->edge);
    free(sg->mid);
    memset(sg, 0, sizeof *sg);
}

size_t sub_graph_bytes(const SubGraph *sg)
{
    size_t cells = (size_t)(sg->height + 2) * (size_t)sg->stride, words = cells / 64 + 1;
    return cells * 5 + words * (sizeof *sg->bits + sizeof *sg->rank) + ((size_t)sg->n + 2) * sizeof *sg->pos +
           ((size_t)sg->n + 1) * sizeof *sg->first + (size_t)sg->m * sizeof *sg->edge +
           (sg->mid ? (size_t)sg->m * sizeof *sg->mid : 0);
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
    if (!mark_subgoals(sg, map, err))
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
