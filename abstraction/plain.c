/* The plain form's memory: growing its arrays while building, freeing them. */
#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "plain.h"

bool abs_grow(Growable *v, size_t need) { return grow_room(&v->p, &v->cap, need, v->elem, 1024); }

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
