#include "heap.h"

#include <stdlib.h>
#include <string.h>

/* Node id's position slot. The heap's loops take the base and stride into
 * locals first: the slots they write could alias the heap's fields. */
static inline int32_t *pos_at(char *base, size_t stride, uint32_t id)
{
    return (int32_t *)(void *)(base + (size_t)id * stride);
}

/* `bytes` that start `skew` bytes past a `line`-byte boundary, so that a
 * node's children share a line; skewed_free gives them back. */
static void *skewed_alloc(size_t line, size_t skew, size_t bytes)
{
    char *block = aligned_alloc(line, (skew + bytes + line - 1) / line * line);
    return block ? block + skew : NULL;
}

static void skewed_free(void *p, size_t skew)
{
    if (p)
        free((char *)p - skew);
}

static inline bool before(const HeapItem *a, const HeapItem *b) { return a->f < b->f || (a->f == b->f && a->g > b->g); }

/* A 4-ary heap: half the depth of a binary one, and the four children of item
 * i (4i+1..4i+4) share one 64-byte cache line because the array starts three
 * 16-byte items past a 64-byte boundary. */
#define ARITY 4
#define LINE 64
#define SKEW (LINE - sizeof(HeapItem))

bool heap_init(Heap *h, uint32_t capacity, void *pos_base, size_t pos_stride)
{
    h->n = 0;
    h->cap = capacity;
    h->pos_base = pos_base;
    h->pos_stride = pos_stride;
    h->items = skewed_alloc(LINE, SKEW, (size_t)(capacity ? capacity : 1) * sizeof(HeapItem));
    return h->items != NULL;
}

bool heap_reserve(Heap *h, uint32_t capacity)
{
    if (capacity <= h->cap)
        return true;
    Heap bigger;
    if (!heap_init(&bigger, capacity, h->pos_base, h->pos_stride))
        return false;
    memcpy(bigger.items, h->items, (size_t)h->n * sizeof *h->items);
    bigger.n = h->n;
    heap_free(h);
    *h = bigger;
    return true;
}

void heap_free(Heap *h)
{
    skewed_free(h->items, SKEW);
    h->items = NULL;
    h->n = h->cap = 0;
}

static void sift_up(Heap *h, uint32_t i)
{
    HeapItem *items = h->items;
    char *const pos_base = h->pos_base;
    const size_t pos_stride = h->pos_stride;
    const HeapItem it = items[i];
    while (i > 0) {
        uint32_t parent = (i - 1) / ARITY;
        if (!before(&it, &items[parent]))
            break;
        items[i] = items[parent];
        *pos_at(pos_base, pos_stride, items[i].id) = (int32_t)i;
        i = parent;
    }
    items[i] = it;
    *pos_at(pos_base, pos_stride, it.id) = (int32_t)i;
}

/* The first best of the four children c[0..3]: two independent pairs,
 * then their winners, so the compares do not wait on each other; a later
 * child wins only when strictly before, as a left-to-right scan. */
static inline const HeapItem *best_of_four(const HeapItem *c)
{
    const HeapItem *a = before(&c[1], &c[0]) ? &c[1] : &c[0];
    const HeapItem *b = before(&c[3], &c[2]) ? &c[3] : &c[2];
    return before(b, a) ? b : a;
}

static void sift_down(Heap *h, uint32_t i)
{
    HeapItem *items = h->items;
    const uint32_t n = h->n;
    char *const pos_base = h->pos_base;
    const size_t pos_stride = h->pos_stride;
    const HeapItem it = items[i];
    for (;;) {
        uint32_t first = ARITY * i + 1;
        const HeapItem *child;
        if (first + ARITY <= n) {
            child = best_of_four(&items[first]);
        } else {
            if (first >= n)
                break;
            child = &items[first];
            for (uint32_t c = first + 1; c < n; c++)
                if (before(&items[c], child))
                    child = &items[c];
        }
        if (!before(child, &it))
            break;
        items[i] = *child;
        *pos_at(pos_base, pos_stride, child->id) = (int32_t)i;
        i = (uint32_t)(child - items);
    }
    items[i] = it;
    *pos_at(pos_base, pos_stride, it.id) = (int32_t)i;
}

bool heap_push(Heap *h, uint32_t id, double f, double g)
{
    if (h->n == h->cap)
        return false;
    h->items[h->n] = (HeapItem){f, (float)g, id};
    sift_up(h, h->n++);
    return true;
}

void heap_decrease(Heap *h, uint32_t id, double f, double g)
{
    uint32_t i = (uint32_t)*pos_at(h->pos_base, h->pos_stride, id);
    h->items[i].f = f;
    h->items[i].g = (float)g;
    sift_up(h, i);
}

HeapItem heap_pop(Heap *h)
{
    HeapItem top = h->items[0];
    h->n--;
    if (h->n > 0) {
        h->items[0] = h->items[h->n];
        sift_down(h, 0);
    }
    return top;
}

/* A KeyHeap's four children of key i (4i+1..4i+4) share one 32-byte half
 * line: the keys start three keys past a 32-byte boundary. */
#define KEY_LINE 32
#define KEY_SKEW (KEY_LINE - sizeof(uint64_t))

bool keyheap_reserve(KeyHeap *h, uint32_t capacity)
{
    if (capacity <= h->cap && h->keys)
        return true;
    uint64_t *keys = skewed_alloc(KEY_LINE, KEY_SKEW, (size_t)(capacity ? capacity : 1) * sizeof *keys);
    if (!keys)
        return false;
    if (h->keys)
        memcpy(keys, h->keys, (size_t)h->n * sizeof *keys);
    skewed_free(h->keys, KEY_SKEW);
    h->keys = keys;
    h->cap = capacity;
    return true;
}

void keyheap_free(KeyHeap *h)
{
    skewed_free(h->keys, KEY_SKEW);
    h->keys = NULL;
    h->n = h->cap = 0;
}

bool keyheap_push(KeyHeap *h, uint64_t key)
{
    if (h->n == h->cap)
        return false;
    uint64_t *k = h->keys;
    uint32_t i = h->n++;
    while (i > 0 && key < k[(i - 1) / ARITY]) {
        k[i] = k[(i - 1) / ARITY];
        i = (i - 1) / ARITY;
    }
    k[i] = key;
    return true;
}

uint64_t keyheap_pop(KeyHeap *h)
{
    uint64_t *k = h->keys, top = k[0], key = k[--h->n];
    const uint32_t n = h->n;
    uint32_t i = 0;
    for (;;) {
        uint32_t c = ARITY * i + 1, best = c;
        /* the first least of the children, as sift_down takes: of all
         * four in two independent pairs (best_of_four's order) */
        if (c + ARITY <= n) {
            uint32_t a = k[c + 1] < k[c] ? c + 1 : c, b = k[c + 3] < k[c + 2] ? c + 3 : c + 2;
            best = k[b] < k[a] ? b : a;
        } else {
            if (c >= n)
                break;
            for (uint32_t j = c + 1; j < n; j++)
                if (k[j] < k[best])
                    best = j;
        }
        if (key <= k[best])
            break;
        k[i] = k[best];
        i = best;
    }
    if (n > 0)
        k[i] = key;
    return top;
}
