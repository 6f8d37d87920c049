/* heap.h: indexed 4-ary min-heap of search nodes, keyed by f with ties broken
 * towards the larger g (deeper nodes first, fewer expansions on open grids).
 *
 * The heap writes each node's position into a caller-owned int32 slot, found at
 * `pos_base + id * pos_stride` bytes, so decrease-key is O(log n) without a
 * search. Slots of nodes not in the heap are never read. `items` is allocated
 * with the capacity given to heap_init and grows only through heap_reserve,
 * never during a search; the caller sizes it to the most nodes that can be
 * open at once. */
#ifndef GPPC_SEARCH_HEAP_H
#define GPPC_SEARCH_HEAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct HeapItem {
    double f;
    float g; /* tie-break only */
    uint32_t id;
} HeapItem;

typedef struct Heap {
    HeapItem *items;
    uint32_t n, cap;
    char *pos_base;
    size_t pos_stride;
} Heap;

bool heap_init(Heap *h, uint32_t capacity, void *pos_base, size_t pos_stride);
void heap_free(Heap *h);
/* Grows the capacity to at least `capacity`, keeping the items (their slots
 * stay valid: they hold positions, not addresses). On failure the heap is
 * unchanged and false. */
bool heap_reserve(Heap *h, uint32_t capacity);
static inline void heap_clear(Heap *h) { h->n = 0; }
/* Where the positions go from now on (as heap_init's); the heap is empty. */
static inline void heap_place(Heap *h, void *pos_base, size_t pos_stride)
{
    h->pos_base = pos_base;
    h->pos_stride = pos_stride;
}
static inline bool heap_empty(const Heap *h) { return h->n == 0; }
/* Pushing past capacity is a caller bug: the push is refused (returns false). */
bool heap_push(Heap *h, uint32_t id, double f, double g);
/* `id` is in the heap and its key is not larger than before. */
void heap_decrease(Heap *h, uint32_t id, double f, double g);
HeapItem heap_pop(Heap *h);
static inline const HeapItem *heap_top(const Heap *h) { return &h->items[0]; }

/* A 4-ary min-heap of bare 64-bit keys, for a search that deletes lazily
 * and so keeps no position a node (mm's A* over regions,
 * refine/abstract_search.h): the caller packs its order and its node into
 * the key, and an item is half a HeapItem, where that open list was the
 * largest part of the search's memory on the maps that run it. Grows only
 * through keyheap_reserve. */
typedef struct KeyHeap {
    uint64_t *keys;
    uint32_t n, cap;
} KeyHeap;

/* Grows the capacity to at least `capacity` (from none too), keeping the
 * keys; on failure the heap is unchanged and false. */
bool keyheap_reserve(KeyHeap *h, uint32_t capacity);
void keyheap_free(KeyHeap *h);
/* Pushing past capacity is a caller bug: the push is refused (returns false). */
bool keyheap_push(KeyHeap *h, uint64_t key);
/* The least key, taken off; the heap is not empty. */
uint64_t keyheap_pop(KeyHeap *h);

#endif
