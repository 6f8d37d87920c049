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

#include "update_ring.h"

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
    AbsRing n;
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
    AbsRing *n = &u->n;
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
    if (!abs_ring_label(old, g, n, lab->cell, lab->valid, &u->fresh, u->first_center) ||
        !abs_ring_scan(old, g, n, lab->cell, u->before, u->first_center))
        return err_set(err, "out of memory updating the abstraction");
    return true;
}

/* The ring's regions, centers and edges in the plain form u->after, and
 * the costs' run begun. */
static bool derive(AbsUpdate *u, Err *err)
{
    const Abstraction *old = u->old;
    const Grid *g = u->g;
    AbsRing *n = &u->n;
    AbsKept *lab = u->lab;
    if (!abs_ring_plain(old, g, n, u->before, lab->cell, &u->fresh, u->first_center, &u->after))
        return err_set(err, "out of memory updating the abstraction");
    if (old->centers_opt &&
        abs_optimize_centers(&u->after, g, old->S, lab->cell, u->touched, ABS_CENTER_PASSES, err) < 0)
        return false;
    if (!old->costs_on)
        return true;
    /* An edge's cost depends only on its two sectors' cells and centers
     * (and a diagonal one's on the two cells beside its corner): the edges
     * with an end in a touched sector, and the diagonal ones past a touched
     * sector's corner, are measured again, the others kept (abs_ring_plain). */
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
