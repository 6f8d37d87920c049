/* scratch: default-to-default edges whose measured excess is not the 0 the layout gives them */
#include "abstraction/edges.h"
#include "abstraction/plain.h"
#include "grid/grid.h"
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int S = atoi(argv[1]);
    long tot_dd = 0, tot_bad = 0, tot_def = 0, tot_sec = 0, tot_fix = 0;
    for (int i = 2; i < argc; i++) {
        Grid g;
        Err err;
        Abstraction a;
        AbsPlain p, q;
        if (!grid_load_map(&g, argv[i], &err) || !abs_build_centers(&a, &g, S, true, false, true, &err) ||
            !abs_decode(&a, &p, &err) || !abs_decode(&a, &q, &err)) {
            fprintf(stderr, "%s: %s\n", argv[i], err.msg);
            return 1;
        }
        free(q.edge_excess);
        q.edge_excess = NULL;
        if (!abs_plain_costs(&q, &g, S, NULL, NULL, &err))
            return 1;
        long dd = 0, bad = 0, halves[4] = {0}, card = 0;
        uint8_t *unfix = calloc(a.nsectors, 1);
        for (int s = 0; s < p.nsectors; s++)
            for (int r = p.reg_first[s]; r < p.reg_first[s + 1]; r++)
                for (int e = p.edge_first[r]; e < p.edge_first[r + 1]; e++) {
                    int t = abs_neighbour_sector(&a, s, p.edge_dir[e]);
                    if (!abs_is_default(&a, (uint32_t)s) || !abs_is_default(&a, (uint32_t)t) || t < s)
                        continue;
                    dd++;
                    if (q.edge_excess[e] != p.edge_excess[e]) {
                        bad++;
                        card += p.edge_dir[e] < 4;
                        halves[q.edge_excess[e] < 3 ? q.edge_excess[e] : 3]++;
                        if (!unfix[t])
                            unfix[s] = 1;
                        if (argc < 5 && bad <= 5)
                            printf("  %s sector %d dir %d -> %d: measured code %u, layout %u\n", argv[i], s,
                                   p.edge_dir[e], t, q.edge_excess[e], p.edge_excess[e]);
                    }
                }
        long nfix = 0;
        for (uint32_t s = 0; s < a.nsectors; s++)
            nfix += unfix[s];
        printf("%s S=%d sectors %u default %u dd_edges %ld off %ld (cardinal %ld; codes 1:%ld 2:%ld >=3:%ld) "
               "sectors_to_store<=%ld\n",
               argv[i], S, a.nsectors, a.ndefault, dd, bad, card, halves[1], halves[2], halves[3], nfix);
        tot_dd += dd;
        tot_bad += bad;
        tot_def += a.ndefault;
        tot_sec += a.nsectors;
        tot_fix += nfix;
        free(unfix);
        abs_plain_free(&p);
        abs_plain_free(&q);
        abs_free(&a);
        grid_free(&g);
    }
    printf("TOTAL S=%d sectors %ld default %ld dd_edges %ld off %ld sectors_to_store<=%ld\n", S, tot_sec, tot_def,
           tot_dd, tot_bad, tot_fix);
    return 0;
}
