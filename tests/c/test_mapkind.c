/* The map's kind (refine/mapkind.h): the side of the largest open square,
 * which picks mm's profile; out of memory is an error, not a guess. */
#include <string.h>

#include "../../refine/mapkind.h"
#include "test.h"

/* A maze of 1-wide corridors has no diagonal move until a 2 x 2
 * block opens, and no room beyond a 2-wide corridor until a 3 x 3 one; an
 * open room measures its side, wherever its corner is. */
static void test_mapkind_corridors(T *t)
{
    Grid g;
    Err err;
    grid_init_blocked(&g, 9, 9, &err);
    for (int y = 1; y < 8; y++) /* a comb: the spine x = 1, teeth along even rows */
        grid_set_passable(&g, 1, y, true);
    for (int y = 2; y < 8; y += 2)
        for (int x = 2; x < 8; x++)
            grid_set_passable(&g, x, y, true);
    int side = -1;
    CHECK(t, map_open_side(&g, &side, &err) && side == 1);
    grid_set_passable(&g, 2, 3, true); /* (1,2) (2,2) (1,3) (2,3) */
    CHECK(t, map_open_side(&g, &side, &err) && side == 2);
    grid_set_passable(&g, 3, 3, true); /* (1..3, 2..4): the spine and two teeth around it */
    CHECK(t, map_open_side(&g, &side, &err) && side == 3);
    for (int y = 3; y < 9; y++) /* (3..8, 3..8) but (8, 7) and (8, 8): 5 x 5 at most, in (3..7, 2..8) */
        for (int x = 3; x < 9; x++)
            grid_set_passable(&g, x, y, x < 8 || y < 7);
    CHECK(t, map_open_side(&g, &side, &err) && side == 5);
    grid_set_passable(&g, 8, 7, true);
    grid_set_passable(&g, 8, 8, true); /* (3..8, 3..8) */
    CHECK(t, map_open_side(&g, &side, &err) && side == 6);
    /* Out of memory is an error, not a guessed answer (a profile would be
     * chosen on it). */
    calloc_fail_next = 1;
    err.msg[0] = 0;
    CHECK(t, !map_open_side(&g, &side, &err) && strstr(err.msg, "out of memory"));
    calloc_fail_next = 0;
    grid_free(&g);
}

/* Corners: an open room has none; a pillar inside it makes the four cells
 * diagonal to it corners (JPS's scans stop beside it), not the four cells
 * beside it, whose diagonal steps past it are not open either way; a wall
 * along the room's edge adds none. */
static void test_mapkind_corners(T *t)
{
    Grid g;
    Err err;
    grid_init_blocked(&g, 7, 7, &err);
    for (int y = 0; y < 7; y++)
        for (int x = 0; x < 7; x++)
            grid_set_passable(&g, x, y, x > 0 && y > 0 && x < 6 && y < 6);
    CHECK(t, map_corners(&g) == 0);
    grid_set_passable(&g, 3, 3, false);
    CHECK(t, map_corners(&g) == 4);
    grid_free(&g);
}

const TestCase MAPKIND_TESTS[] = {
    {"mapkind_corridors", test_mapkind_corridors},
    {"mapkind_corners", test_mapkind_corners},
    {NULL, NULL},
};
