/* Reading a region's edges from the layout (edges.h). */
#include "edges.h"

#include "../common/popcount.h"
#include "plain.h"

/* Is edge byte b of sector s kept there (edges.h)? `defaults`: the map has
 * default sectors. */
static inline uint32_t kept_here(const Abstraction *a, uint32_t s, bool defaults, uint32_t b)
{
    uint32_t d = b >> 5;
    return ABS_FORWARD_DIRS >> d & 1u ||
           (defaults && abs_is_default(a, s + (uint32_t)(GRID_DY[d] * a->sw + GRID_DX[d])));
}

/* A mask byte's edges (d, 0) kept in sector s. */
static inline uint32_t kept_in_mask(const Abstraction *a, uint32_t s, bool defaults, uint32_t mask)
{
    uint32_t n = popcount32(mask & ABS_FORWARD_DIRS);
    for (uint32_t m = mask & ~ABS_FORWARD_DIRS & 0xffu; defaults && m; m &= m - 1)
        n += kept_here(a, s, true, (uint32_t)__builtin_ctz(m) << 5);
    return n;
}

/* A narrow stored sector s (data d, nreg regions): region r's kept edges
 * before its edge `key` (direction << 5 | target; 256: all of them). */
static inline uint32_t kept_in_region(const Abstraction *a, uint32_t s, const uint8_t *d, uint32_t nreg, bool masked,
                                      uint32_t r, uint32_t key)
{
    const uint8_t *edges = d + 2 * nreg;
    const bool defaults = a->ndefault > 0;
    uint32_t i = r ? d[2 * r - 1] : 0, end = d[2 * r + 1], n = 0;
    if (masked) {
        if (key) /* the mask's edges (d, 0) before key: d << 5 < key */
            n += kept_in_mask(a, s, defaults, edges[i] & ((2u << ((key - 1) >> 5)) - 1));
        i++;
    }
    for (; i < end && edges[i] < key; i++)
        n += kept_here(a, s, defaults, edges[i]);
    return n;
}

/* The same sector's kept edges before region r's own (a scan). */
static uint32_t kept_before_region(const Abstraction *a, uint32_t s, const uint8_t *d, uint32_t nreg, bool masked,
                                   uint32_t r)
{
    uint32_t n = 0;
    for (uint32_t q = 0; q < r; q++)
        n += kept_in_region(a, s, d, nreg, masked, q, 256);
    return n;
}

void abs_kept_first(const AbsIndex *ix, uint8_t *out)
{
    const Abstraction *a = ix->abs;
    uint32_t gid = 0;
    for (uint32_t s = 0; s < a->nsectors; s++) {
        uint32_t w = abs_word(a, (int)s), nreg = w & 0xffu, flags = abs_word_flags(w), n = 0;
        const uint8_t *d = flags & (ABS_FLAG_WIDE | ABS_FLAG_DEFAULT) ? NULL : abs_sector_data(a, (int)s, w);
        for (uint32_t r = 0; r < nreg; r++, gid++) {
            uint32_t k = !d || n >= ABS_KEPT_SCAN ? ABS_KEPT_SCAN : n;
            out[gid >> 1] = (uint8_t)(gid & 1u ? (out[gid >> 1] & 15u) | k << 4 : k);
            if (d)
                n += kept_in_region(a, s, d, nreg, flags & ABS_FLAG_MASKED, r, 256);
        }
    }
}

/* Any stored sector s: its kept edges before region r's edge (dir,
 * target), by the layout's iterator. */
static uint32_t kept_before_any(const Abstraction *a, uint32_t s, uint32_t r, uint32_t dir, uint32_t target)
{
    uint32_t n = 0;
    for (uint32_t q = 0; q <= r; q++) {
        AbsEdgeIter it;
        AbsEdge e;
        abs_edges(a, (int)s, (int)q, &it);
        while (abs_edge_next(a, &it, &e)) {
            if (q == r && (uint32_t)e.dir == dir && (uint32_t)e.region == target)
                return n;
            n += abs_excess_kept(false, abs_is_default(a, (uint32_t)e.sector), (int)s, e.sector);
        }
    }
    return n;
}

/* The excess code of the edge from local region r (global id gr) of
 * sector s in direction dir to local region b (global gb) of sector t. */
static uint8_t excess_of(const Abstraction *a, const uint8_t *kept_first, uint32_t s, uint32_t r, uint32_t gr,
                         uint32_t dir, uint32_t t, uint32_t b, uint32_t gb)
{
    if (!a->costs_on)
        return 0;
    bool sd = abs_is_default(a, s), td = abs_is_default(a, t);
    if (sd && td)
        return 0;
    /* Sector ids order the regions' global ids: the keeper's is the lower. */
    if (!abs_excess_kept(sd, td, (int)s, (int)t)) {
        uint32_t ts = s, tr = r, tg = gr;
        s = t;
        r = b;
        gr = gb;
        t = ts;
        b = tr;
        gb = tg;
        dir = (uint32_t)abs_opposite_dir((int)dir);
    }
    uint32_t w = abs_word(a, (int)s);
    if (abs_word_flags(w) & ABS_FLAG_WIDE)
        return abs_sector_excess(a, (int)s)[kept_before_any(a, s, r, dir, b)];
    const uint8_t *d = abs_sector_data(a, (int)s, w);
    uint32_t nreg = w & 0xffu;
    bool masked = abs_word_flags(w) & ABS_FLAG_MASKED;
    uint32_t first = kept_first ? abs_kept_first_of(kept_first, gr) : ABS_KEPT_SCAN;
    first = first != ABS_KEPT_SCAN ? first : kept_before_region(a, s, d, nreg, masked, r);
    return d[2 * nreg + d[2 * nreg - 1] + first + kept_in_region(a, s, d, nreg, masked, r, dir << 5 | b)];
}

uint8_t abs_adj_excess(const AbsIndex *ix, const AbsAdj *c, const AbsAdjEdge *e)
{
    const Abstraction *a = ix->abs;
    uint32_t t = e->sector, w = abs_word(a, (int)t), flags = abs_word_flags(w);
    if (!c->excess || (flags & (ABS_FLAG_WIDE | ABS_FLAG_DEFAULT)))
        return excess_of(a, c->kept_first, c->sector, c->local, c->gid, e->dir, t, e->local, e->to);
    /* The usual case: a stored narrow sector's edge back to a stored narrow
     * one, whose edge here (opposite direction: dir ^ 2) keeps it. */
    const uint8_t *d = abs_sector_data(a, (int)t, w);
    uint32_t nreg = w & 0xffu, b = e->local;
    bool masked = flags & ABS_FLAG_MASKED;
    uint32_t first = c->kept_first ? abs_kept_first_of(c->kept_first, e->to) : ABS_KEPT_SCAN;
    first = first != ABS_KEPT_SCAN ? first : kept_before_region(a, t, d, nreg, masked, b);
    return d[2 * nreg + d[2 * nreg - 1] + first +
             kept_in_region(a, t, d, nreg, masked, b, (e->dir ^ 2u) << 5 | c->local)];
}

void abs_adj_begin_other(const AbsIndex *ix, AbsAdj *c, uint32_t flags)
{
    const Abstraction *a = ix->abs;
    uint32_t s = c->sector;
    c->fast = !(flags & ABS_FLAG_WIDE);
    if (!c->fast) {
        abs_edges(a, (int)s, (int)c->local, &c->it);
        return;
    }
    uint32_t col = s % (uint32_t)a->sw, row = s / (uint32_t)a->sw; /* default: region 0 of every neighbour */
    for (int d = 0; d < 8; d++) {
        int x = (int)col + GRID_DX[d], y = (int)row + GRID_DY[d];
        if (x >= 0 && y >= 0 && x < a->sw && y < a->sh)
            c->mask |= (uint8_t)(1u << d);
    }
    c->p = c->end = NULL;
}

uint32_t abs_kept_before(const Abstraction *a, uint32_t s, uint32_t r)
{
    uint32_t w = abs_word(a, (int)s);
    return kept_before_region(a, s, abs_sector_data(a, (int)s, w), w & 0xffu, abs_word_flags(w) & ABS_FLAG_MASKED, r);
}

bool abs_adj_next_slow(const AbsIndex *ix, AbsAdj *c, AbsAdjEdge *e)
{
    const Abstraction *a = ix->abs;
    AbsEdge edge;
    if (!abs_edge_next(a, &c->it, &edge))
        return false;
    e->dir = (uint32_t)edge.dir;
    e->local = (uint32_t)edge.region;
    e->sector = (uint32_t)edge.sector;
    e->to = abs_base(ix, e->sector) + e->local;
    e->kept_at = -1;
    e->excess = c->want_excess ? abs_adj_excess(ix, c, e) : 0;
    return true;
}
