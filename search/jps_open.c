/* The open list and node state of JPS+ (jps_open.h). */
#include "jps_open.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/stamp.h"

/* As heap.c: the array starts three items past a 64-byte boundary, so the
 * four children 4i+1..4i+4 of item i share one line. */
#define LINE 64
#define SKEW (LINE - sizeof(JoItem))

/* Three slots past the capacity: a node with one child has its four child
 * slots readable (JO_SENTINEL), so sift-down needs no partial-family case. */
#define SENTINEL JO_SENTINEL
#define SLACK 3

static void fill_sentinels(JoItem *items, uint32_t from, uint32_t to)
{
    for (uint32_t i = from; i < to; i++)
        items[i] = (JoItem){SENTINEL, 0, 0};
}

static JoItem *items_alloc(uint32_t cap)
{
    size_t bytes = SKEW + ((size_t)cap + SLACK) * sizeof(JoItem);
    char *block = aligned_alloc(LINE, (bytes + LINE - 1) / LINE * LINE);
    JoItem *items = block ? (JoItem *)(void *)(block + SKEW) : NULL;
    if (items)
        fill_sentinels(items, 0, cap + SLACK);
    return items;
}

static void items_free(JoItem *items)
{
    if (items)
        free((char *)items - SKEW);
}

static int bit_length(uint64_t v) { return v ? 64 - __builtin_clzll(v) : 0; }

bool jo_init(JpsOpen *o, size_t count, uint32_t open_cap, uint64_t max_steps)
{
    memset(o, 0, sizeof *o);
    /* Every f is below 4 max_steps cardinal steps (g of a generated node at
     * most twice the longest simple path, h at most sqrt(2) times the
     * map's side): 2 + bit_length(max_steps) + k bits must fit JO_F_BITS. */
    int k = JO_F_BITS - 2 - bit_length(max_steps);
    o->k = k > 32 ? 32 : k;
    o->card = (uint64_t)1 << o->k;
    o->diag = (uint64_t)llround(sqrt(2.0) * (double)o->card);
    o->node = calloc(count ? count : 1, sizeof *o->node);
    o->items = items_alloc(open_cap);
    if (!o->node || !o->items) {
        jo_free(o);
        return false;
    }
    o->count = count;
    o->zeroed = (uint32_t)(count < UINT32_MAX ? count : UINT32_MAX);
    o->cap = open_cap;
    return true;
}

bool jo_init_sparse(JpsOpen *o, uint32_t slots, uint32_t open_cap, uint64_t max_steps)
{
    if (!jo_init(o, slots, open_cap, max_steps))
        return false;
    o->sparse = true;
    o->shift = 32 - bit_length(slots - 1);
    return true;
}

bool jo_resize_sparse(JpsOpen *o, uint32_t slots)
{
    JoNode *node = malloc((size_t)slots * sizeof *node);
    if (!node)
        return false;
    free(o->node);
    o->node = node;
    o->count = slots;
    o->zeroed = 0;
    o->shift = 32 - bit_length(slots - 1);
    return true;
}

bool jo_zero_some(JpsOpen *o, uint64_t *budget)
{
    uint64_t left = o->count - o->zeroed, k = left < *budget ? left : *budget;
    /* stamp 0: never a search's (common/stamp.h); the writes map the pages too */
    memset(o->node + o->zeroed, 0, (size_t)k * sizeof *o->node);
    o->zeroed += (uint32_t)k;
    *budget -= k;
    return o->zeroed == o->count;
}

/* A write every TOUCH_STRIDE bytes reaches every page: no platform we build
 * on has pages smaller than this. */
#define TOUCH_STRIDE 4096

static void touch_pages(void *p, size_t bytes)
{
    volatile char *c = p;
    for (size_t b = 0; b < bytes; b += TOUCH_STRIDE)
        c[b] = c[b];
}

void jo_touch(JpsOpen *o)
{
    touch_pages(o->node, o->count * sizeof *o->node);
    /* The open list's items are written (sentinels) where they are made. */
}

void jo_free(JpsOpen *o)
{
    free(o->node);
    items_free(o->items);
    memset(o, 0, sizeof *o);
}

bool jo_reserve(JpsOpen *o, uint32_t open_cap)
{
    if (open_cap <= o->cap)
        return true;
    JoItem *items = items_alloc(open_cap);
    if (!items)
        return false;
    memcpy(items, o->items, (size_t)o->n * sizeof *items);
    items_free(o->items);
    o->items = items;
    o->cap = open_cap;
    return true;
}

void jo_start(JpsOpen *o, uint32_t id, uint64_t h0, uint32_t aux)
{
    StampArea marks = STAMP_FIELD(o->node, stamp, o->count);
    uint32_t stamp = stamp_next(&o->stamp, &marks, 1);
    int shift = bit_length(h0) - 10;
    o->tie_shift = shift > 0 ? shift : 0;
    fill_sentinels(o->items, 0, o->n); /* what the last search left open */
    o->n = 0;
    o->live = 1;
    JoNode *n = jo_node(o, id);
    *n = (JoNode){.stamp = stamp, .xy = o->sparse ? id : 0};
    jo_push(o, jo_index(o, n, id), jo_key(o, h0, 0), aux);
}
