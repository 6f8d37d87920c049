/* Counts allocations made by the code under test: the test binary is linked
 * with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc, so every call from our
 * objects lands here first. */
#include <stddef.h>

#include "test.h"

long alloc_calls;

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);

void *__wrap_malloc(size_t n)
{
    alloc_calls++;
    return __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
    alloc_calls++;
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
    alloc_calls++;
    return __real_realloc(p, n);
}
