/* update_ring.c: the ring's part of a local rebuild after cells change
 * (update_ring.h): its flood fills, the touched sectors' border scans, and
 * the new plain form made from the old one and them. The pieces that run
 * these, and what they hand on, are update.c's. */
#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "update_ring.h"

/* Labels every sector in the ring whose labels are not kept (each flood
 * fill is a pure function of its own cells, so untouched ones come out
 * numbered as before, and kept ones are what a fill gives); the fresh
 * centers are only read for touched sectors. */
bool abs_ring_label(const Abstraction *a, const Grid *g, const AbsRing *n, uint8_t *labels, uint8_t *valid,
                    Growable *centers, int *first_center)
{
    for (int s = 0; s < (int)a->nsectors; s++) {
        first_center[s] = (int)centers->n;
        if (!n->ring[s] || (!n->touched[s] && valid[s]))
            continue;
        valid[s] = 1;
        int x0, y0, w, h;
        abs_sector_box(a, s, &x0, &y0, &w, &h);
        for (int y = y0; y < y0 + h; y++)
            memset(labels + (size_t)y * g->width + x0, ABS_BLOCKED_LABEL, (size_t)w);
        if (abs_fill_sector(g, x0, y0, w, h, labels, centers) < 0)
            return false;
    }
    first_center[a->nsectors] = (int)centers->n;
    return true;
}

/* Room for the edges of a touched sector (abs_ring_scan) and of a ring
 * sector (abs_ring_plain) at first: most have a few dozen, ABS_RAW_EDGES_MAX
 * at the most; the arrays grow when a change needs more. Sized for the
 * most, a change over many sectors made arrays past the allocator's mmap
 * threshold, fresh pages at every update whose first writes faulted inside
 * the query's call. */
#define SCAN_EDGES_FIRST 32u
#define RING_EDGES_FIRST 16u

/* Every touched sector's edges, all directions, scanned once into
 * n->scan: a ring sector beside it reads its own edges towards it from
 * these, turned round (a move and its reverse are legal together). */
bool abs_ring_scan(const Abstraction *a, const Grid *g, AbsRing *n, const uint8_t *labels, const AbsPlain *old,
                   const int *first_center)
{
    size_t k = 0;
    for (uint32_t s = 0; s < a->nsectors; s++)
        k += n->touched[s] != 0;
    n->scan_first = malloc(((size_t)a->nsectors + 1) * sizeof *n->scan_first);
    if (!n->scan_first)
        return false;
    int used = 0;
    for (int s = 0; s < (int)a->nsectors; s++) {
        n->scan_first[s] = used;
        if (!n->touched[s])
            continue;
        if (!grow_room(&n->scan, &n->scan_cap, (size_t)used + ABS_RAW_EDGES_MAX, sizeof *n->scan,
                       k * SCAN_EDGES_FIRST + ABS_RAW_EDGES_MAX))
            return false;
        int x0, y0, w, h;
        abs_sector_box(a, s, &x0, &y0, &w, &h);
        unsigned single = abs_single_regions((int)a->sw, (int)a->sh, s, old->reg_first, first_center, n->touched);
        used += abs_sector_edges(g, x0, y0, w, h, labels, 0xffu, single, n->scan + used);
    }
    n->scan_first[a->nsectors] = used;
    return true;
}

/* Edges of ring sector s: all from its scan when s is touched; else
 * towards a touched sector turned round from that sector's scan, scanned
 * for a diagonal past a touched sector's corner cell, kept from the old
 * form elsewhere. */
static int ring_edges(const Abstraction *a, const Grid *g, const AbsRing *n, const AbsPlain *old, int s,
                      const uint8_t *labels, RawEdge *out)
{
    if (n->touched[s]) {
        int count = n->scan_first[s + 1] - n->scan_first[s];
        memcpy(out, n->scan + n->scan_first[s], (size_t)count * sizeof *out);
        return count;
    }
    unsigned mask = 0, turned = 0;
    for (int d = 0; d < 8; d++) {
        int t = abs_neighbour_sector(a, s, d);
        if (t >= 0 && n->touched[t])
            turned |= 1u << d;
        else if (t >= 0 && d >= 4 && abs_corner_marked(a->sw, a->sh, s, d, n->touched))
            mask |= 1u << d;
    }
    int count = 0;
    if (mask) {
        int x0, y0, w, h;
        abs_sector_box(a, s, &x0, &y0, &w, &h);
        count = abs_sector_edges(g, x0, y0, w, h, labels, mask, 0, out);
    }
    for (int d = 0; d < 8; d++) {
        if (!(turned >> d & 1))
            continue;
        int t = abs_neighbour_sector(a, s, d), back = abs_opposite_dir(d);
        for (int i = n->scan_first[t]; i < n->scan_first[t + 1]; i++)
            if (n->scan[i].dir == back)
                out[count++] = (RawEdge){n->scan[i].target, (uint8_t)d, n->scan[i].region};
    }
    mask |= turned;
    for (int r = old->reg_first[s]; r < old->reg_first[s + 1]; r++)
        for (int e = old->edge_first[r]; e < old->edge_first[r + 1]; e++)
            if (!(mask >> old->edge_dir[e] & 1))
                out[count++] = (RawEdge){(uint8_t)(r - old->reg_first[s]), old->edge_dir[e], old->edge_target[e]};
    return abs_raw_edges_sort(out, count);
}

/* The cost byte of the old edge from local region r of untouched sector s
 * in direction e.dir to e.target (the same edge before the change). */
static uint8_t old_excess(const AbsPlain *old, int s, RawEdge e)
{
    int r = old->reg_first[s] + e.region;
    for (int i = old->edge_first[r]; i < old->edge_first[r + 1]; i++)
        if (old->edge_dir[i] == e.dir && old->edge_target[i] == e.target)
            return old->edge_excess[i];
    return 0; /* cannot happen: an edge between untouched sectors is as before */
}

/* Room for `need` edges in p's edge arrays of *cap (0: take them at *cap):
 * doubled as a change needs; false when memory ran out. */
static bool edges_room(AbsPlain *p, size_t *cap, size_t need, bool excess)
{
    if (p->edge_dir && need <= *cap)
        return true;
    size_t c = p->edge_dir ? grow_cap(*cap, need, *cap) : *cap;
    if (!grow_to(&p->edge_dir, c, 1) || !grow_to(&p->edge_target, c, 1) || (excess && !grow_to(&p->edge_excess, c, 1)))
        return false;
    *cap = c;
    return true;
}

/* The new plain form: old sectors copied, ring sectors re-derived. A
 * cardinal edge between two untouched sectors keeps its cost byte: its leg
 * is searched in the two sectors, a rectangle that also holds the corner
 * cells of every diagonal step inside it, and a center moves only in a
 * touched sector. A diagonal edge's corner cells lie in the two other
 * sectors around the corner, so it is measured again when one of them is
 * touched (abs_corner_marked). */
bool abs_ring_plain(const Abstraction *a, const Grid *g, const AbsRing *n, const AbsPlain *old, const uint8_t *labels,
                    const Growable *fresh, const int *first_center, AbsPlain *p)
{
    memset(p, 0, sizeof *p);
    p->nsectors = (int)a->nsectors;
    size_t max_regions = (size_t)old->nregions + (fresh->n ? fresh->n : 1);
    size_t cap = (size_t)old->nedges + 2;
    for (int s = 0; s < p->nsectors; s++)
        cap += n->ring[s] ? RING_EDGES_FIRST : 0;
    p->reg_first = malloc(((size_t)p->nsectors + 1) * sizeof *p->reg_first);
    p->center = malloc(max_regions);
    p->edge_first = malloc((max_regions + 1) * sizeof *p->edge_first);
    /* Ring sectors' edges are measured again (abs_update): the excess is set
     * as each edge is laid, not zeroed whole. */
    if (!p->reg_first || !p->center || !p->edge_first || !edges_room(p, &cap, 0, old->edge_excess != NULL))
        return false;
    RawEdge raw[2 * ABS_RAW_EDGES_MAX];
    int nr = 0, ne = 0;
    for (int s = 0; s < p->nsectors; s++) {
        if (!n->ring[s]) { /* a run of sectors untouched and not beside a change: copied, shifted */
            int s1 = s + 1;
            while (s1 < p->nsectors && !n->ring[s1])
                s1++;
            int r0 = old->reg_first[s], r1 = old->reg_first[s1], e0 = old->edge_first[r0];
            int e1 = old->edge_first[r1], dr = nr - r0, de = ne - e0;
            if (!edges_room(p, &cap, (size_t)(ne + e1 - e0), old->edge_excess != NULL))
                return false;
            for (int k = s; k < s1; k++)
                p->reg_first[k] = old->reg_first[k] + dr;
            for (int r = r0; r < r1; r++)
                p->edge_first[r + dr] = old->edge_first[r] + de;
            memcpy(p->center + nr, old->center + r0, (size_t)(r1 - r0));
            memcpy(p->edge_dir + ne, old->edge_dir + e0, (size_t)(e1 - e0));
            memcpy(p->edge_target + ne, old->edge_target + e0, (size_t)(e1 - e0));
            if (p->edge_excess)
                memcpy(p->edge_excess + ne, old->edge_excess + e0, (size_t)(e1 - e0));
            nr += r1 - r0;
            ne += e1 - e0;
            s = s1 - 1;
            continue;
        }
        p->reg_first[s] = nr;
        int count = ring_edges(a, g, n, old, s, labels, raw);
        if (!edges_room(p, &cap, (size_t)(ne + count + 1), old->edge_excess != NULL))
            return false;
        if (n->touched[s]) {
            for (int c = first_center[s]; c < first_center[s + 1]; c++)
                p->center[nr + c - first_center[s]] = ((const uint8_t *)fresh->p)[c];
            nr += first_center[s + 1] - first_center[s];
        } else {
            for (int r = old->reg_first[s]; r < old->reg_first[s + 1]; r++)
                p->center[nr++] = old->center[r];
        }
        int i = 0;
        for (int r = p->reg_first[s]; r < nr; r++) {
            p->edge_first[r] = ne;
            for (; i < count && raw[i].region == r - p->reg_first[s]; i++) {
                if (p->edge_excess)
                    p->edge_excess[ne] =
                        !n->touched[s] && !n->touched[abs_neighbour_sector(a, s, raw[i].dir)] &&
                                (raw[i].dir < 4 || !abs_corner_marked(a->sw, a->sh, s, raw[i].dir, n->touched))
                            ? old_excess(old, s, raw[i])
                            : 0;
                p->edge_dir[ne] = raw[i].dir;
                p->edge_target[ne++] = raw[i].target;
            }
        }
    }
    p->reg_first[p->nsectors] = nr;
    p->edge_first[nr] = ne;
    p->nregions = nr;
    p->nedges = ne;
    return true;
}
