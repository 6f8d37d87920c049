/* fails_on_base.c: the graph of the test abs_ch.ch_order_least_fill on a build's order, linked against
 * that build's objects (B its tree):
 *   base49:  gcc -std=c11 -I$B fails_on_base.c $B/build/obj/{refine/abs_ch_order,search/heap,common/grow,common/stamp}.o
 *   rooms49: the same with -DROOMS49 (abs_ch_topo_order's least fill)
 * prints which region the order takes first: 4 (whose neighbours are joined) passes. */
#include <stdio.h>

#include "refine/abs_ch_topo.h"

int main(void)
{
    enum { N = 5 };
    const uint32_t first[N + 1] = {0, 2, 3, 5, 6, 6}, to[] = {1, 3, 2, 3, 4, 4};
    uint32_t rank[N] = {0, 1, 2, 3, 4}, node[N];
    AbsChTopo topo = {.rank = rank, .node = node};
#ifdef ROOMS49
    bool ok = abs_ch_topo_order(&topo, N, first, to, sizeof *to, true);
#else
    bool ok = abs_ch_topo_min_degree(&topo, N, first, to, sizeof *to);
#endif
    if (!ok)
        return 2;
    printf("first %u -> %s\n", node[0], node[0] == 4 ? "PASS" : "FAIL");
    return node[0] != 4;
}
