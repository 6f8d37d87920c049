/* Packing the plain abstraction into the compact layout (abstraction.h, paper
 * Fig. 4) and reading it back. */
#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "plain.h"

/* A WIDE sector's count is in its entry, set before. */
static inline void set_word(Abstraction *a, int s, uint32_t count, uint32_t offset, uint32_t flags)
{
    uint8_t *w = a->sector + (size_t)ABS_WORD_BYTES * (size_t)s;
    w[0] = (uint8_t)offset;
    w[1] = (uint8_t)(offset >> 8);
    w[2] = (uint8_t)(flags << 5 | (flags & ABS_FLAG_WIDE ? 0 : count));
}

int abs_neighbour_sector(const Abstraction *a, int s, int d)
{
    int sx = s % a->sw + GRID_DX[d], sy = s / a->sw + GRID_DY[d];
    if (sx < 0 || sy < 0 || sx >= a->sw || sy >= a->sh)
        return -1;
    return sy * a->sw + sx;
}

/* The centroid-nearest cell of a full w x h rectangle, ties to smaller y then x. */
static uint8_t standard_center_local(const Abstraction *a, int s)
{
    int x0, y0, w, h;
    abs_sector_box(a, s, &x0, &y0, &w, &h);
    return (uint8_t)((((h - 1) / 2) << 4) | ((w - 1) / 2));
}

xyLoc abs_standard_center(const Abstraction *a, int s)
{
    uint8_t c = standard_center_local(a, s);
    return abs_center_cell(abs_sector_x0(a, s), abs_sector_y0(a, s), c);
}

/* Is sector s of the plain form a default sector? */
static bool plain_is_default(const Abstraction *a, const AbsPlain *p, int s)
{
    int r = p->reg_first[s];
    if (p->reg_first[s + 1] - r != 1 || p->center[r] != standard_center_local(a, s))
        return false;
    int e = p->edge_first[r], end = p->edge_first[r + 1], sx = s % a->sw, sy = s / a->sw;
    for (int d = 0; d < 8; d++) {
        int nx = sx + GRID_DX[d], ny = sy + GRID_DY[d];
        if (nx < 0 || ny < 0 || nx >= a->sw || ny >= a->sh)
            continue; /* no neighbour that way */
        if (e == end || p->edge_dir[e] != d || p->edge_target[e] != 0)
            return false;
        e++;
    }
    return e == end;
}

/* Does default sector s have an edge of excess > 0 to a sector dflt marks?
 * The layout gives an edge between two default sectors no cost, but a
 * default sector is one region at the standard center, not an open sector:
 * the leg between two such centers can bend (an anti-diagonal pair of
 * even-sided sectors, whose centers' line misses the corner step the leg
 * must take, or an obstacle), and its cost would read half a cell or more
 * low. abs_encode stores s instead. In sector order, so that a pair both
 * left default was checked from its later sector against the final flag
 * of the earlier. */
static bool bends_to_default(const Abstraction *a, const AbsPlain *p, const uint8_t *dflt, int s)
{
    int r = p->reg_first[s];
    for (int e = p->edge_first[r]; e < p->edge_first[r + 1]; e++)
        if (p->edge_excess[e] && dflt[s + GRID_DY[p->edge_dir[e]] * a->sw + GRID_DX[p->edge_dir[e]]])
            return true;
    return false;
}

/* With edge costs: sector s's kept excess bytes (abs_excess_kept), in edge order. */
static size_t put_excess(const Abstraction *a, const AbsPlain *p, const uint8_t *dflt, int s, uint8_t *out)
{
    size_t n = 0;
    for (int r = p->reg_first[s]; r < p->reg_first[s + 1]; r++)
        for (int e = p->edge_first[r]; e < p->edge_first[r + 1]; e++) {
            /* An edge leads to a sector on the map: no bounds to check. */
            int t = s + GRID_DY[p->edge_dir[e]] * a->sw + GRID_DX[p->edge_dir[e]];
            if (abs_excess_kept(false, dflt[t], r, p->reg_first[t] + p->edge_target[e]))
                out[n++] = p->edge_excess[e];
        }
    return n;
}

bool abs_encode(Abstraction *a, const AbsPlain *p, Err *err)
{
    a->nsectors = (uint32_t)p->nsectors;
    a->ngroups = (a->nsectors + ABS_GROUP - 1) / ABS_GROUP;
    a->nregions = (uint32_t)p->nregions;
    a->nedges = (uint32_t)p->nedges;
    a->sector = calloc((size_t)a->nsectors + 1, ABS_WORD_BYTES);
    a->group_base = calloc(a->ngroups ? a->ngroups : 1, sizeof *a->group_base);
    /* Wide sectors double at most every byte, so 2x the plain size bounds the pool. */
    size_t cap = 2 * ((size_t)p->nregions * 2 + (size_t)p->nedges) + (size_t)p->nedges + 4;
    a->pool = malloc(cap);
    a->wide = NULL;
    uint8_t *dflt = calloc((size_t)p->nsectors + 1, 1); /* per sector: left out as default */
    if (!a->sector || !a->group_base || !a->pool || !dflt)
        goto oom;
    for (int s = 0; a->defaults_on && s < p->nsectors; s++)
        dflt[s] = plain_is_default(a, p, s);
    for (int s = 0; p->edge_excess && s < p->nsectors; s++)
        dflt[s] = dflt[s] && !bends_to_default(a, p, dflt, s);
    size_t used = 0, wide_cap = 0;
    for (int s = 0; s < p->nsectors; s++) {
        if (s % ABS_GROUP == 0)
            a->group_base[s / ABS_GROUP] = (uint32_t)used;
        int r0 = p->reg_first[s], nreg = p->reg_first[s + 1] - r0;
        if (dflt[s]) {
            set_word(a, s, 1, 0, ABS_FLAG_DEFAULT);
            a->ndefault++;
            continue;
        }
        int e0 = p->edge_first[r0], nedge = p->edge_first[r0 + nreg] - e0, to_first = 0;
        for (int e = e0; e < e0 + nedge; e++)
            to_first += p->edge_target[e] == 0;
        bool masked = nreg > 0 && nreg < to_first; /* a mask byte a region saves a byte an edge to a region 0 */
        int bytes = masked ? nedge - to_first + nreg : nedge;
        bool wide = nreg > ABS_NARROW_MAX_REGIONS || bytes > ABS_NARROW_MAX_EDGES ||
                    used - a->group_base[s / ABS_GROUP] > 0xffffu;
        for (int e = e0; e < e0 + nedge && !wide; e++)
            wide = p->edge_target[e] > ABS_NARROW_MAX_TARGET;
        if (!wide) {
            set_word(a, s, (uint32_t)nreg, (uint32_t)(used - a->group_base[s / ABS_GROUP]),
                     masked ? ABS_FLAG_MASKED : 0);
            size_t end = 0;
            for (int r = r0; r < r0 + nreg; r++) {
                int n = p->edge_first[r + 1] - p->edge_first[r];
                for (int e = p->edge_first[r]; masked && e < p->edge_first[r + 1]; e++)
                    n -= p->edge_target[e] == 0;
                end += (size_t)n + masked;
                a->pool[used++] = p->center[r];
                a->pool[used++] = (uint8_t)end;
            }
            for (int r = r0; r < r0 + nreg; r++) {
                uint8_t *mask = masked ? &a->pool[used++] : NULL;
                if (mask)
                    *mask = 0;
                for (int e = p->edge_first[r]; e < p->edge_first[r + 1]; e++)
                    if (mask && p->edge_target[e] == 0)
                        *mask |= (uint8_t)(1u << p->edge_dir[e]);
                    else
                        a->pool[used++] = (uint8_t)(p->edge_dir[e] << 5 | p->edge_target[e]);
            }
            if (a->costs_on)
                used += put_excess(a, p, dflt, s, a->pool + used);
            continue;
        }
        if (a->nwide > 0xffffu) {
            free(dflt);
            return err_set(err, "more than 65536 wide sectors: the map is too irregular for the layout");
        }
        if (!GROW(a->wide, wide_cap, (size_t)a->nwide + 1, 16)) {
            free(dflt);
            goto oom;
        }
        a->wide[a->nwide] = (AbsWide){(uint32_t)used, (uint16_t)nedge, (uint16_t)nreg};
        set_word(a, s, (uint32_t)nreg, a->nwide++, ABS_FLAG_WIDE);
        for (int r = r0; r < r0 + nreg; r++) {
            uint32_t end = (uint32_t)(p->edge_first[r + 1] - e0);
            a->pool[used++] = p->center[r];
            a->pool[used++] = 0;
            a->pool[used++] = (uint8_t)end;
            a->pool[used++] = (uint8_t)(end >> 8);
        }
        for (int e = e0; e < e0 + nedge; e++) {
            a->pool[used++] = p->edge_dir[e];
            a->pool[used++] = p->edge_target[e];
        }
        if (a->costs_on)
            used += put_excess(a, p, dflt, s, a->pool + used);
    }
    a->pool_bytes = (uint32_t)used;
    free(dflt);
    return true;
oom:
    free(dflt);
    abs_free(a);
    return err_set(err, "out of memory packing the abstraction");
}

void abs_free(Abstraction *a)
{
    free(a->sector);
    free(a->group_base);
    free(a->pool);
    free(a->wide);
    memset(a, 0, sizeof *a);
}

size_t abs_bytes(const Abstraction *a)
{
    return ABS_FIXED_BYTES + ABS_WORD_BYTES * (size_t)a->nsectors + 4u * (size_t)a->ngroups +
           sizeof(AbsWide) * (size_t)a->nwide + a->pool_bytes;
}

xyLoc abs_region_center(const Abstraction *a, int s, int r)
{
    uint32_t w = abs_word(a, s);
    uint8_t c;
    if (abs_word_flags(w) & ABS_FLAG_DEFAULT)
        c = standard_center_local(a, s);
    else if (abs_word_flags(w) & ABS_FLAG_WIDE)
        c = abs_sector_data(a, s, w)[4 * r];
    else
        c = abs_sector_data(a, s, w)[2 * r];
    return abs_center_cell(abs_sector_x0(a, s), abs_sector_y0(a, s), c);
}

void abs_edges(const Abstraction *a, int s, int r, AbsEdgeIter *it)
{
    uint32_t w = abs_word(a, s);
    it->sector = s;
    it->wide = it->dflt = it->mask = 0;
    it->dir = 0;
    if (abs_word_flags(w) & ABS_FLAG_DEFAULT) {
        it->dflt = 1;
        it->left = 8;
        it->p = NULL;
        return;
    }
    const uint8_t *d = abs_sector_data(a, s, w);
    int nreg = (int)(w & 0xffu);
    if (abs_word_flags(w) & ABS_FLAG_WIDE) {
        int begin = r ? d[4 * (r - 1) + 2] | d[4 * (r - 1) + 3] << 8 : 0;
        int end = d[4 * r + 2] | d[4 * r + 3] << 8;
        it->wide = 1;
        it->p = d + 4 * nreg + 2 * begin;
        it->left = end - begin;
    } else {
        int begin = r ? d[2 * (r - 1) + 1] : 0, end = d[2 * r + 1];
        it->p = d + 2 * nreg + begin;
        it->left = end - begin;
        it->mask = 0;
        if (abs_word_flags(w) & ABS_FLAG_MASKED && it->left > 0) {
            it->mask = *it->p++;
            it->left--;
        }
    }
}

bool abs_edge_next(const Abstraction *a, AbsEdgeIter *it, AbsEdge *e)
{
    if (it->dflt) {
        while (it->dir < 8) {
            int t = abs_neighbour_sector(a, it->sector, it->dir);
            e->dir = it->dir++;
            if (t >= 0) {
                e->sector = t;
                e->region = 0;
                return true;
            }
        }
        return false;
    }
    if (it->mask && (it->left <= 0 || __builtin_ctz(it->mask) <= it->p[0] >> 5)) {
        /* an edge to region 0 of the sector that way, before the run's others that way */
        e->dir = __builtin_ctz(it->mask);
        e->region = 0;
        it->mask &= (uint8_t)(it->mask - 1);
        e->sector = abs_neighbour_sector(a, it->sector, e->dir);
        return true;
    }
    if (it->left <= 0)
        return false;
    it->left--;
    if (it->wide) {
        e->dir = it->p[0];
        e->region = it->p[1];
        it->p += 2;
    } else {
        e->dir = it->p[0] >> 5;
        e->region = it->p[0] & 31;
        it->p++;
    }
    e->sector = abs_neighbour_sector(a, it->sector, e->dir);
    return true;
}

const uint8_t *abs_sector_excess(const Abstraction *a, int s)
{
    uint32_t w = abs_word(a, s);
    const uint8_t *d = abs_sector_data(a, s, w);
    int nreg = (int)(w & 0xffu);
    if (nreg == 0)
        return d;
    if (abs_word_flags(w) & ABS_FLAG_WIDE)
        return d + 4 * nreg + 2 * (d[4 * (nreg - 1) + 2] | d[4 * (nreg - 1) + 3] << 8);
    return d + 2 * nreg + d[2 * nreg - 1];
}

bool abs_excess_fits(const Abstraction *a, Err *err)
{
    if (!a->costs_on)
        return true;
    uint32_t *base = malloc(((size_t)a->nsectors + 1) * sizeof *base);
    if (!base)
        return err_set(err, "out of memory checking the edge costs");
    base[0] = 0;
    for (uint32_t s = 0; s < a->nsectors; s++)
        base[s + 1] = base[s] + (uint32_t)abs_region_count(a, (int)s);
    bool ok = true;
    for (uint32_t s = 0; s < a->nsectors && ok; s++) {
        if (abs_word_flags(abs_word(a, s)) & ABS_FLAG_DEFAULT)
            continue;
        size_t kept = 0;
        for (int r = 0; r < abs_region_count(a, (int)s); r++) {
            AbsEdgeIter it;
            AbsEdge e;
            abs_edges(a, (int)s, r, &it);
            while (abs_edge_next(a, &it, &e))
                kept += abs_excess_kept(false, abs_word_flags(abs_word(a, e.sector)) & ABS_FLAG_DEFAULT,
                                        (int)(base[s] + (uint32_t)r), (int)(base[e.sector] + (uint32_t)e.region));
        }
        if ((size_t)(abs_sector_excess(a, (int)s) - a->pool) + kept > a->pool_bytes)
            ok = err_set(err, "sector %u: edge costs past the end of the pool", s);
    }
    free(base);
    return ok;
}

/* p->edge_excess from the layout: the kept bytes, then every other edge
 * from its reverse (0 between two default sectors). */
static bool decode_excess(const Abstraction *a, AbsPlain *p)
{
    p->edge_excess = calloc((size_t)p->nedges + 1, 1);
    if (!p->edge_excess)
        return false;
    for (int pass = 0; pass < 2; pass++)
        for (int s = 0; s < p->nsectors; s++) {
            bool sd = abs_word_flags(abs_word(a, s)) & ABS_FLAG_DEFAULT;
            const uint8_t *q = sd ? NULL : abs_sector_excess(a, s);
            for (int r = p->reg_first[s]; r < p->reg_first[s + 1]; r++)
                for (int e = p->edge_first[r]; e < p->edge_first[r + 1]; e++) {
                    int t = abs_neighbour_sector(a, s, p->edge_dir[e]), b = p->reg_first[t] + p->edge_target[e];
                    bool kept = abs_excess_kept(sd, abs_word_flags(abs_word(a, t)) & ABS_FLAG_DEFAULT, r, b);
                    if (kept && pass == 0)
                        p->edge_excess[e] = *q++;
                    else if (!kept && pass == 1) {
                        int back = abs_plain_reverse_edge(p, s, r, p->edge_dir[e], t, p->edge_target[e]);
                        p->edge_excess[e] = back >= 0 ? p->edge_excess[back] : 0;
                    }
                }
        }
    return true;
}

bool abs_decode(const Abstraction *a, AbsPlain *p, Err *err)
{
    memset(p, 0, sizeof *p);
    p->nsectors = (int)a->nsectors;
    int nreg = 0, nedge = 0;
    for (uint32_t s = 0; s < a->nsectors; s++)
        for (int r = 0; r < abs_region_count(a, (int)s); r++, nreg++) {
            AbsEdgeIter it;
            AbsEdge e;
            abs_edges(a, (int)s, r, &it);
            while (abs_edge_next(a, &it, &e))
                nedge++;
        }
    p->reg_first = malloc(((size_t)p->nsectors + 1) * sizeof *p->reg_first);
    p->center = malloc((size_t)nreg + 1);
    p->edge_first = malloc(((size_t)nreg + 1) * sizeof *p->edge_first);
    p->edge_dir = malloc((size_t)nedge + 1);
    p->edge_target = malloc((size_t)nedge + 1);
    if (!p->reg_first || !p->center || !p->edge_first || !p->edge_dir || !p->edge_target) {
        abs_plain_free(p);
        return err_set(err, "out of memory decoding the abstraction");
    }
    int ri = 0, ei = 0;
    for (uint32_t s = 0; s < a->nsectors; s++) {
        p->reg_first[s] = ri;
        for (int r = 0; r < abs_region_count(a, (int)s); r++, ri++) {
            xyLoc c = abs_region_center(a, (int)s, r);
            p->center[ri] = (uint8_t)((c.y - abs_sector_y0(a, (int)s)) << 4 | (c.x - abs_sector_x0(a, (int)s)));
            p->edge_first[ri] = ei;
            AbsEdgeIter it;
            AbsEdge e;
            abs_edges(a, (int)s, r, &it);
            while (abs_edge_next(a, &it, &e)) {
                p->edge_dir[ei] = (uint8_t)e.dir;
                p->edge_target[ei++] = (uint8_t)e.region;
            }
        }
    }
    p->reg_first[p->nsectors] = ri;
    p->edge_first[ri] = ei;
    p->nregions = nreg;
    p->nedges = nedge;
    if (a->costs_on && !decode_excess(a, p)) {
        abs_plain_free(p);
        return err_set(err, "out of memory decoding the abstraction's edge costs");
    }
    return true;
}
