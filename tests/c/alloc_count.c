/* Counts allocations made by the code under test: the test binary is linked
 * with -Wl,--wrap= each allocator our objects call (malloc, calloc, realloc,
 * aligned_alloc: the Makefile's WRAP), so every call from them lands here
 * first. */
#include <stddef.h>

#include "test.h"

long alloc_calls;
size_t alloc_largest;
int realloc_fail_next;
int calloc_fail_next;

static void note(size_t n)
{
    alloc_calls++;
    if (n > alloc_largest)
        alloc_largest = n;
}

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__real_aligned_alloc(size_t align, size_t n);

void *__wrap_malloc(size_t n)
{
    note(n);
    return __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
    note(size && n > (size_t)-1 / size ? (size_t)-1 : n * size);
    if (calloc_fail_next > 0) {
        calloc_fail_next--;
        return NULL;
    }
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
    note(n);
    if (realloc_fail_next > 0) {
        realloc_fail_next--;
        return NULL; /* as an exhausted heap would: p stays valid */
    }
    return __real_realloc(p, n);
}

void *__wrap_aligned_alloc(size_t align, size_t n)
{
    note(n);
    return __real_aligned_alloc(align, n);
}
