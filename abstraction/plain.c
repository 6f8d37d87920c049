/* The plain form's memory: growing its arrays while building, freeing them. */
#include <stdlib.h>
#include <string.h>

#include "plain.h"

bool abs_grow(Growable *v, size_t need)
{
    if (need <= v->cap)
        return true;
    size_t cap = v->cap ? v->cap : 1024;
    while (cap < need)
        cap *= 2;
    void *np = realloc(v->p, cap * v->elem);
    if (!np)
        return false;
    v->p = np;
    v->cap = cap;
    return true;
}

void abs_plain_free(AbsPlain *p)
{
    free(p->reg_first);
    free(p->center);
    free(p->edge_first);
    free(p->edge_dir);
    free(p->edge_target);
    free(p->edge_excess);
    memset(p, 0, sizeof *p);
}
