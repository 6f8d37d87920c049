/* ch_open.h (private to entries/ch/): the open list of CH's two searches, the
 * query (ch_query.h) and the witness searches of the build (ch_build.c).
 *
 * A binary min-heap of (u64 key, node) without decrease-key: an improved
 * label is pushed again and the stale entry is skipped when popped (its key
 * no longer equals the label). Integer keys and no position slots to keep up
 * to date make a push or pop much cheaper than search/heap.h's, and in both
 * searches most labels are set once, so few entries go stale; the keys are
 * exact 64-bit distances (ch.h), which search/best_first.h's double g cannot
 * carry. Sifting down picks the smaller child without a branch: the
 * comparison of two children is a coin toss the predictor always loses, and
 * at a few hundred pops per query those mispredictions were the query's
 * largest cost. Owns `item`; cap doubles when a search needs more (abort on
 * out of memory, as a search cannot report it). */
#ifndef GPPC_CH_OPEN_H
#define GPPC_CH_OPEN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "../../common/grow.h"

typedef struct ChOpenItem {
    uint64_t key;
    uint32_t node;
    uint32_t tag; /* the pusher's (the query: the label's `via`), in what was padding */
} ChOpenItem;

typedef struct ChOpen {
    ChOpenItem *item;
    uint32_t n, cap;
} ChOpen;

static inline bool ch_open_init(ChOpen *o, uint32_t cap)
{
    o->n = 0;
    o->cap = cap < 16 ? 16 : cap;
    o->item = malloc((size_t)o->cap * sizeof *o->item);
    return o->item != NULL;
}

static inline void ch_open_free(ChOpen *o)
{
    free(o->item);
    o->item = NULL;
    o->n = o->cap = 0;
}

static inline void ch_open_push_tag(ChOpen *o, uint64_t key, uint32_t node, uint32_t tag)
{
    /* One spare slot lets ch_open_pop read a missing right child. */
    if (o->n + 1 >= o->cap && !GROW32(o->item, o->cap, (size_t)o->n + 2, 16))
        abort();
    uint32_t i = o->n++;
    while (i > 0 && o->item[(i - 1) / 2].key > key) {
        o->item[i] = o->item[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    o->item[i] = (ChOpenItem){key, node, tag};
}

static inline void ch_open_push(ChOpen *o, uint64_t key, uint32_t node) { ch_open_push_tag(o, key, node, 0); }

static inline ChOpenItem ch_open_pop(ChOpen *o)
{
    ChOpenItem top = o->item[0], last = o->item[--o->n];
    uint32_t i = 0, n = o->n;
    o->item[n].key = UINT64_MAX; /* a missing right child never wins */
    for (uint32_t c = 1; c < n; c = 2 * i + 1) {
        c += o->item[c + 1].key < o->item[c].key;
        if (o->item[c].key >= last.key)
            break;
        o->item[i] = o->item[c];
        i = c;
    }
    o->item[i] = last;
    return top;
}

#endif
