/* jps_three.h: what the JPS's tests share (test_jps.c, test_jps_answers.c):
 * three JPS on one packed map, and whether their answers differ. */
#ifndef GPPC_TESTS_JPS_THREE_H
#define GPPC_TESTS_JPS_THREE_H

#include "../../grid/grid.h"
#include "../../search/jps.h"
#include "test.h"

/* Three JPS borrowing one packed map, and a path for each one's answers
 * (empty until a test fills them). */
typedef struct JpsThree {
    Loaded l;
    Grid packed;
    Jps j[3];
    xyPath p[3];
} JpsThree;

/* Map `name` packed (rooms/16room256-0 where NULL) into f, and its three
 * JPS, whose node state grows (JPS_NODES_GROW), each appending waypoints.
 * False (nothing held) where the map is absent. */
static inline bool jps_three_open(T *t, const char *name, JpsThree *f)
{
    memset(f->p, 0, sizeof f->p);
    if (!load_named(t, name ? name : "rooms/16room256-0", &f->l))
        return false;
    Err err;
    CHECK(t, grid_pack(&f->packed, &f->l.g, &err));
    for (int i = 0; i < 3; i++) {
        CHECK(t, jps_init_bounded(&f->j[i], &f->packed, true, JPS_NODES_GROW, &err));
        f->j[i].waypoints = true;
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

/* Everything f holds let go. */
static inline void jps_three_close(JpsThree *f)
{
    for (int i = 0; i < 3; i++) {
        path_free(&f->p[i]);
        jps_free(&f->j[i]);
    }
    grid_free(&f->packed);
    unload(&f->l);
}

#endif
