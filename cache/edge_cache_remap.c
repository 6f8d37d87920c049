/* edge_cache_remap.c: the edge cache after a map change
 * (edge_cache.h edge_cache_remap): the legs that survive it renumbered to
 * the fresh regions' ids, the others dropped. */
#include <stdlib.h>

#include "edge_cache_slots.h"

/* A new epoch: every part empty at once (each emptied when next written);
 * only when the 16-bit epoch wraps, once in 65535, are the parts' epochs
 * zeroed. */
static void next_epoch(EdgeCache *c)
{
    if (++c->epoch == 0) {
        for (uint32_t k = 0; k < c->nparts; k++)
            c->part[k].epoch = 0;
        c->epoch = 1;
    }
    c->used = 0;
    c->ev_on = false; /* a slice begun is given up: its legs' parts are emptied */
}

/* A surviving leg of edge_cache_remap: its fresh key and its slot's val. */
typedef struct Kept {
    uint64_t key;
    uint32_t val;
} Kept;

size_t edge_cache_remap(EdgeCache *c, const AbsIndex *old, const AbsIndex *fresh, const uint8_t *touched)
{
    if (c->mode == LEGS_OFF)
        return 0;
    /* Linear probing needs every key reachable from its home slot, and a
     * fresh key's part is another: the survivors are listed aside, the
     * parts emptied (a new epoch) and the survivors put back; without
     * memory for the list, every leg is dropped. */
    size_t dropped = 0, n = 0;
    Kept *kept = malloc(((size_t)c->used + 1) * sizeof *kept);
    EdgeCache to = {.at_bits = c->at_bits}; /* the slots' layout for the fresh ids */
    edge_cache_layout(&to, fresh->abs->nregions);
    xyPath scratch = {0};
    for (uint32_t k = 0; kept && k < c->nparts; k++) {
        const CachePart *p = &c->part[k];
        for (uint32_t i = 0; i < p->n; i++) {
            if (!live(c, p, i))
                continue;
            uint32_t a, b, val = slot_val(c, p, i), at = val & slot_at_mask(c);
            key_pair(c->id_bits, slot_key(c, p, i), &a, &b);
            if (!leg_survives(old, touched, leg_first(a, b), a < b ? b : a, c->legs.p, at, &scratch)) {
                dropped++;
                continue;
            }
            uint64_t key = pair_key(to.id_bits, abs_index_renumber(old, fresh, a), abs_index_renumber(old, fresh, b));
            uint32_t hits = val >> c->at_bits, most = slot_hits_most(&to);
            kept[n++] = (Kept){key, at | (hits < most ? hits : most) << c->at_bits};
        }
    }
    path_free(&scratch);
    if (!kept)
        dropped = c->used;
    next_epoch(c);
    if (to.stride != c->stride || to.key_bits != c->key_bits || to.wide != c->wide) {
        /* the slots' layout changes: the parts' blocks too */
        for (uint32_t k = 0; k < c->nparts; k++) {
            c->slots -= c->part[k].n;
            c->unborn += c->part[k].slot != NULL;
            free(c->part[k].slot);
            c->part[k] = (CachePart){0};
        }
        edge_cache_layout(c, fresh->abs->nregions);
    }
    for (size_t j = 0; j < n; j++) {
        CachePart *p = part_of(c, kept[j].key);
        if (!kept[j].key || !edge_cache_part_room(c, p)) {
            dropped++; /* no room (the cap) or no memory: only slower */
            continue;
        }
        claim(c, p);
        slot_set(c, p, find_in(c, p, kept[j].key), kept[j].key, kept[j].val);
        p->used++;
        c->used++;
    }
    free(kept);
    return dropped;
}
