/* jps_three.h: what the JPS's tests share (test_jps.c, test_jps_answers.c):
 * three JPS on one packed map, and whether their answers differ. */
#ifndef GPPC_TESTS_JPS_THREE_H
#define GPPC_TESTS_JPS_THREE_H

#include "../../grid/grid.h"
#include "../../search/jps.h"
#include "test.h"

/* Map `name` packed (rooms/16room256-0 where NULL), and three JPS
 * borrowing it whose node state grows (JPS_NODES_GROW), each appending
 * waypoints. */
static inline bool load_packed_three(T *t, const char *name, Loaded *l, Grid *packed, Jps j[3])
{
    if (!load_named(t, name ? name : "rooms/16room256-0", l))
        return false;
    Err err;
    CHECK(t, grid_pack(packed, &l->g, &err));
    for (int i = 0; i < 3; i++) {
        CHECK(t, jps_init_bounded(&j[i], packed, true, JPS_NODES_GROW, &err));
        j[i].waypoints = true;
    }
    return true;
}

/* 1 when three answers differ (their results or their paths), else 0. */
static inline int three_differ(const JpsResult r[3], const xyPath p[3])
{
    for (int i = 1; i < 3; i++)
        if (r[i] != r[0] || !t_same_path(&p[i], &p[0]))
            return 1;
    return 0;
}

static inline void free_packed_three(Loaded *l, Grid *packed, Jps j[3], xyPath p[3])
{
    for (int i = 0; i < 3; i++) {
        path_free(&p[i]);
        jps_free(&j[i]);
    }
    grid_free(packed);
    unload(l);
}

#endif
