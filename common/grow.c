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

bool grow_room(void *pp, size_t *cap, size_t need, size_t elem, size_t first)
{
    if (need <= *cap)
        return true;
    size_t c = grow_cap(*cap, need, first);
    if (!grow_to(pp, c, elem))
        return false;
    *cap = c;
    return true;
}

bool grow_room32(void *pp, uint32_t *cap, size_t need, size_t elem, uint32_t first)
{
    if (need <= *cap)
        return true;
    size_t c = grow_cap(*cap, need, first);
    if (c > UINT32_MAX)
        c = need;
    if (c > UINT32_MAX || !grow_to(pp, c, elem))
        return false;
    *cap = (uint32_t)c;
    return true;
}
