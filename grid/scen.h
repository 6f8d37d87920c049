/* scen.h: Moving AI .scen files.
 *   version 1 (or 1.0): 9 fields  bucket map width height sx sy gx gy optimal
 *   version 0         : 7 fields  bucket map sx sy gx gy optimal (no map size)
 * Fields are separated by tabs or spaces; blank lines are skipped. A file with
 * no version line is read by the field count of its first query line.
 * Owns: `q` (freed by scen_free). */
#ifndef GPPC_GRID_SCEN_H
#define GPPC_GRID_SCEN_H

#include <stdbool.h>

#include "grid.h"

typedef struct ScenQuery {
    int bucket;
    int line;          /* line number in the file, for messages */
    int width, height; /* -1 in version 0 files */
    xyLoc start, goal;
    double optimal;
    /* How far the true optimum may lie from `optimal`, given how the file
     * printed it (see set_tolerances in scen.c): half a unit in the last
     * decimal of a fixed-point file; for a %g file (Moving AI's: 6
     * significant digits, trailing zeros dropped, so "1007" may be 1007.002)
     * half a unit in the sixth significant digit. */
    double optimal_tol;
} ScenQuery;

/* The map column, as runs of consecutive queries whose column has the same
 * base name (folders dropped): a file made for one map is one run. */
typedef struct ScenMapRun {
    int first;   /* index of the run's first query */
    size_t name; /* offset of its base name in Scenario.map_names */
} ScenMapRun;

typedef struct Scenario {
    int version;
    int count;
    ScenQuery *q;
    char map_name[256]; /* map column of the first query */
    ScenMapRun *map_runs;
    int nmap_runs;
    char *map_names; /* the runs' base names, NUL-terminated one after another */
} Scenario;

bool scen_load(Scenario *sc, const char *path, Err *err);
/* Every query's size matches the map; start and goal in range and passable. */
bool scen_check_against(const Scenario *sc, const char *path, const Grid *map, Err *err);
/* The same with bad queries tolerated (--bad-queries=skip): a size mismatch
 * still fails, but a query whose start or goal is outside the map or blocked
 * only sets bad[i] (an array of sc->count, caller's) and counts in *nbad. */
bool scen_check_ends(const Scenario *sc, const char *path, const Grid *map, bool *bad, int *nbad, Err *err);
/* One query's start and goal: in range and passable; false + "PATH:LINE: problem". */
bool scen_query_ends_ok(const ScenQuery *q, const char *path, const Grid *map, Err *err);
void scen_free(Scenario *sc);
/* How many queries name another map than `map_path` in their map column
 * (base names compared: "maps/dao/arena.map" names arena.map); the first
 * such query's line and base name go to *first_line and *first_name (0 and
 * NULL when none; the name is the scenario's). */
int scen_other_map_queries(const Scenario *sc, const char *map_path, int *first_line, const char **first_name);

/* Moving AI writes optima with printf("%g"): six significant digits. */
#define SCEN_G_DIGITS 6
/* Digits after the decimal point (less the exponent) and significant digits
 * of a printed number: "3.82843" -> 5, 6; "1007" -> 0, 4; "1.5e+03" -> -2, 2. */
void scen_number_digits(const char *text, int *decimals, int *significant);

#endif
