/* Local rebuild after cells change (Sturtevant 2007, §"Dynamic Maps").
 *
 * A changed cell can only alter its own sector's regions and centers, the
 * edges leaving that sector, and the edges of the sectors around it that
 * point into it or (diagonal moves check the two cardinal cells beside them)
 * pass by it. So only the touched sectors are flood-filled again (and the
 * ring around them where its labels are not kept, AbsLabels) and their
 * borders scanned for edges; the ring keeps its regions and centers and
 * gets the edges towards the touched sectors (those sectors' edges turned
 * round) and the diagonal ones past a touched sector's corner (scanned)
 * recomputed; every other sector is copied from the old abstraction as it
 * is. The result is packed anew
 * (abs_encode): a linear copy of a few kilobytes, whereas the flood fill and
 * edge scans are what a full build pays over the whole map. With plain
 * centers the result is byte for byte what abs_build gives on the changed
 * map (tests/c/test_dyn_abs.c checks it). */
#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "plain.h"

typedef struct Need {
    const uint8_t *touched; /* per sector, caller's */
    uint8_t *ring;          /* per sector: touched or next to a touched one */
    uint8_t *near;          /* per sector: within two sectors of a touched one */
    RawEdge *scan;          /* the touched sectors' edges (scan_touched) */
    size_t scan_cap;
    int *scan_first; /* per sector + 1: sector s's are scan[scan_first[s] ..] */
} Need;

/* Labels every sector in the ring whose labels are not kept (each flood
 * fill is a pure function of its own cells, so untouched ones come out
 * numbered as before, and kept ones are what a fill gives); the fresh
 * centers are only read for touched sectors. */
static bool label_ring(const Abstraction *a, const Grid *g, const Need *n, uint8_t *labels, uint8_t *valid,
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

/* Room for the edges of a touched sector (scan_touched) and of a ring
 * sector (rebuild_plain) at first: most have a few dozen, ABS_RAW_EDGES_MAX
 * at the most; the arrays grow when a change needs more. Sized for the
 * most, a change over many sectors made arrays past the allocator's mmap
 * threshold, fresh pages at every update whose first writes faulted inside
 * the query's call. */
#define SCAN_EDGES_FIRST 32u
#define RING_EDGES_FIRST 16u

/* Every touched sector's edges, all directions, scanned once into
 * n->scan: a ring sector beside it reads its own edges towards it from
 * these, turned round (a move and its reverse are legal together). */
static bool scan_touched(const Abstraction *a, const Grid *g, Need *n, const uint8_t *labels, const AbsPlain *old,
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
static int ring_edges(const Abstraction *a, const Grid *g, const Need *n, const AbsPlain *old, int s,
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
static bool rebuild_plain(const Abstraction *a, const Grid *g, const Need *n, const AbsPlain *old,
                          const uint8_t *labels, const Growable *fresh, const int *first_center, AbsPlain *p)
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

/* A plain form's arrays, as far as they are used (none: 0). */
static size_t plain_bytes(const AbsPlain *p)
{
    if (!p->reg_first)
        return 0;
    return ((size_t)p->nsectors + 1 + (size_t)p->nregions + 1) * sizeof(int) + (size_t)p->nregions +
           (size_t)p->nedges * (2 + (p->edge_excess != NULL));
}

/* A re-derivation in progress (abs_update_begin): what its pieces hand on. */
struct AbsUpdate {
    const Abstraction *old;
    const Grid *g;
    const uint8_t *touched;
    AbsKept *keep, own, *lab; /* lab: keep, or own (a whole-map scratch) */
    Need n;
    int *first_center;
    Growable fresh;
    AbsPlain decoded, after, *before; /* before: lab->plain, or decoded */
    uint8_t *placeholder;             /* per sector, for the costs (abs_plain_costs) */
    AbsCostRun costs;
    bool costs_begun;
    int piece;
};

enum { PIECE_LABEL, PIECE_DERIVE, PIECE_COSTS, PIECE_ENCODE };

AbsUpdate *abs_update_begin(const Abstraction *old, const Grid *g, const uint8_t *touched, AbsKept *keep, Err *err)
{
    AbsUpdate *u = calloc(1, sizeof *u);
    if (!u) {
        err_set(err, "out of memory updating the abstraction");
        return NULL;
    }
    u->old = old;
    u->g = g;
    u->touched = touched;
    u->keep = keep;
    u->lab = keep ? keep : &u->own;
    u->fresh.elem = 1;
    return u;
}

/* The ring's labels and the touched sectors' edges (the flood fills and
 * their border scans). */
static bool label(AbsUpdate *u, Err *err)
{
    const Abstraction *old = u->old;
    const Grid *g = u->g;
    Need *n = &u->n;
    AbsKept *lab = u->lab;
    n->touched = u->touched;
    n->ring = calloc(old->nsectors ? old->nsectors : 1, 1);
    n->near = malloc(old->nsectors ? old->nsectors : 1);
    if (!lab->cell) {
        lab->cell = malloc((size_t)g->width * g->height);
        lab->valid = calloc(old->nsectors ? old->nsectors : 1, 1);
        if (!lab->cell || !lab->valid)
            abs_kept_free(lab);
    }
    u->first_center = malloc(((size_t)old->nsectors + 1) * sizeof *u->first_center);
    u->before = lab->plain ? lab->plain : &u->decoded;
    if (!n->ring || !n->near || !lab->cell || !u->first_center)
        return err_set(err, "out of memory updating the abstraction");
    abs_dilate(old->sw, old->sh, u->touched, 1, n->ring);
    if (!lab->plain && !abs_decode(old, &u->decoded, err))
        return false;
    if (!label_ring(old, g, n, lab->cell, lab->valid, &u->fresh, u->first_center) ||
        !scan_touched(old, g, n, lab->cell, u->before, u->first_center))
        return err_set(err, "out of memory updating the abstraction");
    return true;
}

/* The ring's regions, centers and edges in the plain form u->after, and
 * the costs' run begun. */
static bool derive(AbsUpdate *u, Err *err)
{
    const Abstraction *old = u->old;
    const Grid *g = u->g;
    Need *n = &u->n;
    AbsKept *lab = u->lab;
    if (!rebuild_plain(old, g, n, u->before, lab->cell, &u->fresh, u->first_center, &u->after))
        return err_set(err, "out of memory updating the abstraction");
    if (old->centers_opt &&
        abs_optimize_centers(&u->after, g, old->S, lab->cell, u->touched, ABS_CENTER_PASSES, err) < 0)
        return false;
    if (!old->costs_on)
        return true;
    /* An edge's cost depends only on its two sectors' cells and centers
     * (and a diagonal one's on the two cells beside its corner): the edges
     * with an end in a touched sector, and the diagonal ones past a touched
     * sector's corner, are measured again, the others kept (rebuild_plain). */
    /* A sector's default flag follows its edges, so an untouched sector
     * beside a change can stop being default; the layout held no cost for
     * an edge between two default sectors (it reads 0: a sector stays
     * default only where its edges to other default sectors measure 0,
     * layout.c bends_to_default), so those beside a change are measured
     * again too. */
    if (!(u->placeholder = malloc(old->nsectors ? old->nsectors : 1)))
        return err_set(err, "out of memory updating the abstraction");
    for (uint32_t s = 0; s < old->nsectors; s++)
        u->placeholder[s] =
            (uint8_t)((abs_word_flags(abs_word(old, s)) & ABS_FLAG_DEFAULT ? 1 : 0) | (n->ring[s] ? 2 : 0));
    return u->costs_begun = abs_costs_begin(&u->costs, &u->after, g, old->S, u->touched, u->placeholder, err);
}

/* Packs u->after into out and keeps it for the next update. */
static bool encode(AbsUpdate *u, Abstraction *out, Err *err)
{
    const Abstraction *old = u->old;
    out->width = old->width;
    out->height = old->height;
    out->S = old->S;
    out->sw = old->sw;
    out->sh = old->sh;
    out->defaults_on = old->defaults_on;
    out->centers_opt = old->centers_opt;
    out->costs_on = old->costs_on;
    if (!abs_encode(out, &u->after, err))
        return false;
    AbsPlain *after = &u->after;
    if (after->edge_excess) {
        /* The layout keeps no cost for an edge between two default sectors
         * (it reads 0, abs_excess_kept): the plain form kept for the next
         * update says what the layout says, as a decode would. Only edges
         * with an end in the ring were measured or changed flags; the others
         * came from `before`. */
        abs_dilate(old->sw, old->sh, u->touched, 2, u->n.near);
        for (int s = 0; s < after->nsectors; s++) {
            if (!u->n.near[s] || !(abs_word_flags(abs_word(out, s)) & ABS_FLAG_DEFAULT))
                continue;
            for (int e = after->edge_first[after->reg_first[s]]; e < after->edge_first[after->reg_first[s + 1]]; e++) {
                int t = abs_neighbour_sector(out, s, after->edge_dir[e]);
                if (abs_word_flags(abs_word(out, t)) & ABS_FLAG_DEFAULT)
                    after->edge_excess[e] = 0;
            }
        }
    }
    AbsKept *keep = u->keep;
    if (keep && (keep->plain || (keep->plain = malloc(sizeof *keep->plain)))) {
        if (u->before == keep->plain)
            abs_plain_free(keep->plain);
        *keep->plain = *after; /* the next update's `before` */
        *after = (AbsPlain){0};
    }
    return true;
}

const AbsPlain *abs_update_plain(const AbsUpdate *u, const Abstraction **old)
{
    *old = u->old;
    return u->piece >= PIECE_COSTS ? &u->after : NULL;
}

int abs_update_region_of(const AbsUpdate *u, AbsLocator *loc, int x, int y)
{
    int s = abs_sector_of(u->old, x, y);
    if (!u->n.ring[s]) /* its cells and so its regions' numbers as before */
        return abs_region_of(u->old, u->g, loc, x, y);
    uint8_t l = u->lab->cell[(size_t)y * u->g->width + x];
    return l == ABS_BLOCKED_LABEL ? -1 : l;
}

int abs_update_run(AbsUpdate *u, Abstraction *out, uint64_t work, Err *err)
{
    memset(out, 0, sizeof *out);
    int done = 0;
    switch (u->piece) {
    case PIECE_LABEL:
        done = label(u, err) ? 0 : -1;
        u->piece = PIECE_DERIVE;
        break;
    case PIECE_DERIVE:
        done = derive(u, err) ? 0 : -1;
        u->piece = u->old->costs_on ? PIECE_COSTS : PIECE_ENCODE;
        break;
    case PIECE_COSTS:
        done = abs_costs_run(&u->costs, work, err);
        if (done > 0) {
            abs_costs_end(&u->costs);
            u->costs_begun = false;
            u->piece = PIECE_ENCODE;
            done = 0;
        }
        break;
    default:
        done = encode(u, out, err) ? 1 : -1;
        if (done < 0)
            abs_free(out);
    }
    return done;
}

void abs_update_end(AbsUpdate *u, bool failed)
{
    if (!u)
        return;
    if (u->costs_begun)
        abs_costs_end(&u->costs);
    AbsKept *lab = u->lab;
    if (failed && lab->valid) /* the caller puts the cells back */
        for (uint32_t s = 0; s < u->old->nsectors; s++)
            lab->valid[s] &= !u->touched[s];
    abs_plain_free(&u->decoded);
    abs_plain_free(&u->after);
    free(u->fresh.p);
    free(u->placeholder);
    free(u->first_center);
    abs_kept_free(&u->own);
    free(u->n.ring);
    free(u->n.near);
    free(u->n.scan);
    free(u->n.scan_first);
    free(u);
}

size_t abs_update_bytes(const AbsUpdate *u)
{
    if (!u)
        return 0;
    size_t ns = u->old->nsectors, b = sizeof *u + u->fresh.cap * u->fresh.elem;
    b += u->n.ring ? 2 * ns : 0; /* ring, near */
    b += u->first_center ? (ns + 1) * sizeof(int) : 0;
    b += u->n.scan_first ? (ns + 1) * sizeof(int) : 0;
    b += u->placeholder ? ns : 0;
    b += u->n.scan_cap * sizeof *u->n.scan;
    b += plain_bytes(&u->after) + plain_bytes(&u->decoded);
    return b + (u->costs_begun ? abs_costs_bytes(&u->costs) : 0);
}

bool abs_update(Abstraction *out, const Abstraction *old, const Grid *g, const uint8_t *touched, AbsKept *keep,
                Err *err)
{
    AbsUpdate *u = abs_update_begin(old, g, touched, keep, err);
    int done = 0;
    while (u && !done)
        done = abs_update_run(u, out, UINT64_MAX, err);
    abs_update_end(u, done < 0);
    return done > 0;
}

void abs_kept_free(AbsKept *k)
{
    free(k->cell);
    free(k->valid);
    if (k->plain)
        abs_plain_free(k->plain);
    free(k->plain);
    memset(k, 0, sizeof *k);
}

size_t abs_kept_bytes(const AbsKept *k, int width, int height, uint32_t nsectors)
{
    return (k->cell ? (size_t)width * height + nsectors : 0) +
           (k->plain ? sizeof *k->plain + plain_bytes(k->plain) : 0);
}

void abs_kept_undo(AbsKept *k, uint32_t nsectors, const uint8_t *touched)
{
    for (uint32_t s = 0; k->valid && s < nsectors; s++)
        k->valid[s] &= !touched[s];
    if (k->plain)
        abs_plain_free(k->plain);
    free(k->plain);
    k->plain = NULL;
}

bool abs_leg_touches(const Abstraction *a, const xyLoc *cells, size_t n, const uint8_t *touched)
{
    for (size_t i = 0; i < n; i++) {
        if (touched[abs_sector_of(a, cells[i].x, cells[i].y)])
            return true;
        /* A diagonal step also needs the two cells beside it (no corner cutting). */
        if (i > 0 && cells[i].x != cells[i - 1].x && cells[i].y != cells[i - 1].y &&
            (touched[abs_sector_of(a, cells[i].x, cells[i - 1].y)] ||
             touched[abs_sector_of(a, cells[i - 1].x, cells[i].y)]))
            return true;
    }
    return false;
}
