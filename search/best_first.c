#include "best_first.h"

#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"

bool bf_init(BestFirst *b, size_t count, uint32_t open_cap)
{
    memset(b, 0, sizeof *b);
    b->node = calloc(count ? count : 1, sizeof *b->node);
    if (!b->node || !heap_init(&b->open, open_cap, &b->node[0].heap_pos, sizeof *b->node)) {
        bf_free(b);
        return false;
    }
    b->count = count;
    return true;
}

void bf_free(BestFirst *b)
{
    free(b->node);
    heap_free(&b->open);
    memset(b, 0, sizeof *b);
}

bool bf_reserve(BestFirst *b, uint32_t open_cap) { return heap_reserve(&b->open, open_cap); }

bool bf_resize_nodes(BestFirst *b, size_t count)
{
    if (count <= b->count)
        return true;
    if (!grow_to(&b->node, count, sizeof *b->node))
        return false;
    BfNode *node = b->node;
    memset(node + b->count, 0, (count - b->count) * sizeof *node);
    /* The open list keeps positions in the nodes: point it at the new array. */
    b->open.pos_base = (char *)&node[0].heap_pos;
    b->count = count;
    return true;
}

bool bf_resize(BestFirst *b, size_t count)
{
    /* The nodes grown and the open list not: the caller sees the failure. */
    return bf_resize_nodes(b, count) && heap_reserve(&b->open, (uint32_t)count);
}
