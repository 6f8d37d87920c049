/* Issue 17: the derived second level (refine/level2.h) and lazy planning
 * (mm levels=2). */
#include <stdlib.h>
#include <string.h>

#include "../../entries/mm/mm.h"
#include "../../grid/validate.h"
#include "test.h"

/* Level 2 is what its header says of the region adjacency: the regions of a
 * node share a block, every edge inside a block joins regions of one node
 * (nodes are whole components), and every edge across nodes is a level-2
 * edge. Returns the number of violations. */
static int l2_violations(const AbsSearch *as)
{
    const Level2 *l2 = &as->l2;
    const Abstraction *a = as->ix->abs;
    int bad = 0;
    for (uint32_t u = 0; u < as->ix->abs->nregions; u++) {
        int su = (int)as->ix->region_sector[u];
        for (uint32_t i = as->adj_first[u]; i < as->adj_first[u + 1]; i++) {
            uint32_t v = as->adj[i].to, nu = l2->node_of[u], nv = l2->node_of[v];
            int sv = (int)as->ix->region_sector[v];
            bool same_block = (su % a->sw) / l2->block == (sv % a->sw) / l2->block &&
                              (su / a->sw) / l2->block == (sv / a->sw) / l2->block;
            if (same_block != (nu == nv)) {
                bad++;
                continue;
            }
            bool linked = nu == nv;
            for (uint32_t j = l2->first[nu]; j < l2->first[nu + 1] && !linked; j++)
                linked = l2->adj[j].to == nv;
            bad += !linked;
        }
    }
    return bad;
}

/* After updates that split and join regions, mm's level 2 equals a fresh
 * derivation over the updated abstraction, and keeps its invariants. */
static void test_l2_update_equals_fresh(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/16room256-0", &l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, "mm:levels=2,block=3", &l, &e);
    if (!inst) {
        unload(&l);
        return;
    }
    uint64_t seed = 99;
    for (int round = 0; round < 4; round++) {
        flip_random_cells(t, e, inst, &l, 40, &seed); /* walls across sectors: regions split, others join */
        Err err;
        const AbsSearch *live = mm_abs_search(inst);
        AbsSearch fresh;
        CHECKF(t, abs_search_init(&fresh, mm_abs_index(inst), 0, 3, false, NULL, &err), "%s", err.msg);
        CHECKF(t, live->l2.nnodes > 0 && l2_equal(&live->l2, &fresh.l2), "round %d: level 2 %u nodes, fresh %u", round,
               live->l2.nnodes, fresh.l2.nnodes);
        CHECKF(t, l2_violations(live) == 0, "round %d: %d level-2 violations", round, l2_violations(live));
        abs_search_free(&fresh);
    }
    e->destroy(inst);
    unload(&l);
}

/* Chunked routes reach g, valid, one cell at a time (n=1, run_query checks
 * no cell is taken back); levels=2 builds level 2 and plans in chunks (fewer
 * abstract expansions on a maze's long queries), levels=1 does neither. */
static void test_l2_chunked_reaches_goal(T *t)
{
    Loaded l;
    if (!load_named(t, "mazes/maze256-2-0", &l))
        return;
    /* ch=0: level 2 against the region A* it chunks (the hierarchy, ch=1, touches fewer regions still) */
    const char *specs[] = {"mm:refine=centers,n=1,jps=0,levels=1,ch=0",
                           "mm:refine=centers,n=1,jps=0,levels=2,chunk=2,ch=0"};
    double expanded[2] = {0, 0}, nodes[2] = {0, 0};
    for (int s = 0; s < 2; s++) {
        const Entry *e;
        void *inst = prepare_spec(t, specs[s], &l, &e);
        if (!inst)
            break;
        xyPath p = {0};
        int invalid = 0, nq = l.sc.count < 400 ? l.sc.count : 400;
        for (int i = l.sc.count - nq; i < l.sc.count; i++) { /* the longest queries come last */
            const ScenQuery *q = &l.sc.q[i];
            run_query(t, e, inst, q, &p);
            double len;
            char why[200];
            invalid += !path_validate(&l.g, q->start, q->goal, p.cells, p.len, &len, why, sizeof why);
        }
        CHECKF(t, invalid == 0, "%s: %d invalid paths", specs[s], invalid);
        expanded[s] = entry_counter(e, inst, "abs_expanded_mean");
        nodes[s] = entry_counter(e, inst, "l2_nodes");
        path_free(&p);
        e->destroy(inst);
    }
    CHECKF(t, nodes[0] == 0 && nodes[1] > 0, "l2_nodes: levels=1 %g, levels=2 %g", nodes[0], nodes[1]);
    CHECKF(t, expanded[1] < expanded[0], "abstract expansions: levels=2 %g, not below levels=1 %g", expanded[1],
           expanded[0]);
    unload(&l);
}

const TestCase LEVEL2_TESTS[] = {
    {"l2_update_equals_fresh", test_l2_update_equals_fresh},
    {"l2_chunked_reaches_goal", test_l2_chunked_reaches_goal},
    {NULL, NULL},
};
