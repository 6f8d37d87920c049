/* The doubling rule and the one checked realloc (grow.h). */
#include <stdlib.h>
#include <string.h>

#include "grow.h"

size_t grow_cap(size_t cap, size_t need, size_t first)
{
    if (need <= cap)
        return cap;
    size_t c = cap ? cap : first ? first : 1;
    while (c < need)
        c = c <= SIZE_MAX / 2 ? c * 2 : need;
    return c;
}

bool grow_to(void *pp, size_t n, size_t elem)
{
    if (n == 0 || elem == 0 || n > SIZE_MAX / elem)
        return false;
    /* The caller's pointer is read and written as bytes, so any object
     * pointer type can be passed without breaking aliasing rules. */
    void *p;
    memcpy(&p, pp, sizeof p);
    void *np = realloc(p, n * elem);
    if (!np)
        return false;
    memcpy(pp, &np, sizeof np);
    return true;
}
