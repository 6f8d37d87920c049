/* grow.h: the one way an array here grows.
 *
 * An array is a pointer `p` to `cap` elements of `elem` bytes, owned by the
 * caller, who frees it with free(). grow_room makes room for `need` elements:
 * when `need` exceeds the capacity it reallocates to `first` elements (for an
 * empty array) or to the capacity, doubled as often as `need` requires, so
 * pushing n elements one by one costs O(n) copying in all. On failure (out of
 * memory, or a byte count that does not fit in size_t) it returns false and
 * leaves the pointer, the elements and the capacity as they were: the caller
 * still owns the old array and reports its own error.
 *
 * Arrays that grow side by side to one capacity (parallel arrays) take the
 * new capacity from grow_cap once and resize each with grow_to, and store the
 * capacity when all succeeded. grow_to alone also serves a buffer sized to a
 * known bound (exactly `n`). Neither clears the new elements.
 *
 * `pp` is the address of the caller's pointer (`&v->items`, any object
 * pointer type, read and written as bytes: every platform we build on gives
 * object pointers void *'s representation); GROW and GROW32 pass it and sizeof the element, so the
 * element size cannot disagree with the pointer. GROW32 is for uint32_t
 * capacities and fails rather than pass UINT32_MAX elements. */
#ifndef GPPC_COMMON_GROW_H
#define GPPC_COMMON_GROW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The capacity an array of `cap` elements grows to so that `need` fit: `cap`
 * itself when they already do, else `first` (cap 0) or cap doubled until
 * need fits; `need` when doubling would pass SIZE_MAX. */
size_t grow_cap(size_t cap, size_t need, size_t first);

/* Reallocates *pp to exactly n > 0 elements of elem bytes; false and *pp
 * untouched when n * elem overflows or memory runs out. */
bool grow_to(void *pp, size_t n, size_t elem);

/* Room for `need` elements in *pp of capacity *cap (see the top). Inline so
 * that the common case, room already there, costs a compare and no call. */
static inline bool grow_room(void *pp, size_t *cap, size_t need, size_t elem, size_t first)
{
    if (need <= *cap)
        return true;
    size_t c = grow_cap(*cap, need, first);
    if (!grow_to(pp, c, elem))
        return false;
    *cap = c;
    return true;
}

static inline bool grow_room32(void *pp, uint32_t *cap, size_t need, size_t elem, uint32_t first)
{
    if (need <= *cap)
        return true;
    size_t c = grow_cap(*cap, need, first);
    if (c > UINT32_MAX)
        c = need; /* past the doubling's last uint32_t step: exactly what is needed, if that fits */
    if (c > UINT32_MAX || !grow_to(pp, c, elem))
        return false;
    *cap = (uint32_t)c;
    return true;
}

/* A growing part's owner's say (the grow gate): `ask`, when set, is called
 * with `ctx` and the bytes the part is about to add, before it adds them,
 * so that the owner can make room elsewhere first (mm tiles its JPS's
 * transposed rows: entries/mm/mm_gate.c grow_gate). Its answer:
 * whether the owner has room for them. A part that can do without the
 * growth (a memo: it remembers fewer entries) may stay as it is on false;
 * a search's pages or node state grow anyway (a search never fails or
 * changes its answer for the gate). Zero: no owner to ask (true). */
typedef struct GrowGate {
    bool (*ask)(void *ctx, size_t more);
    void *ctx;
} GrowGate;

static inline bool grow_gate_ask(const GrowGate *g, size_t more) { return !g->ask || g->ask(g->ctx, more); }

#define GROW(p, cap, need, first) grow_room(&(p), &(cap), (need), sizeof *(p), (first))
#define GROW32(p, cap, need, first) grow_room32(&(p), &(cap), (need), sizeof *(p), (first))

#endif
