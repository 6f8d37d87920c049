/* entries/astar: the optimal baseline. No preprocessing; each GetPath call runs
 * one grid A* (search/astar) and appends the whole path. Option: w=W (weighted
 * A*, default 1; with w > 1 the entry is no longer optimal and -check applies
 * no bound). */
#include <stdlib.h>

#include "../../grid/grid.h"
#include "../../search/astar.h"
#include "../entry.h"

typedef struct AStarEntry {
    Grid grid;
    AStar search;
    AStarLimits limits;
    size_t passable; /* cells of the map as it is now */
} AStarEntry;

static const char *const KNOWN[] = {"w", NULL};

static bool parse(const EntryOpts *opts, double *weight, Err *err)
{
    return opts_only(opts, KNOWN, "astar", err) && opts_double(opts, "w", 1.0, 1000.0, 1.0, weight, "astar", err);
}

static bool astar_check_options(const EntryOpts *opts, Err *err)
{
    double w;
    return parse(opts, &w, err);
}

static void astar_destroy(void *inst)
{
    AStarEntry *e = inst;
    if (!e)
        return;
    astar_free(&e->search);
    grid_free(&e->grid);
    free(e);
}

static void *astar_prepare(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    (void)file;
    AStarEntry *e = calloc(1, sizeof *e);
    if (!e) {
        err_set(err, "astar: out of memory");
        return NULL;
    }
    if (!parse(opts, &e->limits.weight, err) || !grid_copy(&e->grid, map, err) ||
        !astar_init(&e->search, &e->grid, err)) {
        astar_destroy(e);
        return NULL;
    }
    e->passable = grid_count_passable(&e->grid);
    return e;
}

/* The grid copy is A*'s only map state; the open list is grown first when
 * the batch may open cells, so a failure leaves the map as it was. */
static bool astar_update(void *inst, const CellChange *changes, int n, Err *err)
{
    AStarEntry *e = inst;
    if (!astar_reserve(&e->search, e->passable + changes_opening(changes, n), err))
        return false;
    for (int i = 0; i < n; i++) /* (size_t)-k wraps: the count goes down by k */
        e->passable +=
            (size_t)grid_set_run(&e->grid, changes[i].x, changes[i].y, changes[i].more + 1, changes[i].passable);
    return true;
}

static bool astar_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    AStarEntry *e = inst;
    astar_find(&e->search, s, g, &e->limits, path);
    return true;
}

static void astar_set_tracer(void *inst, const Tracer *t) { ((AStarEntry *)inst)->search.tracer = t; }

static void astar_counters(void *inst, Counters *out, bool detail)
{
    AStarEntry *e = inst;
    out->expanded = e->search.expanded;
    if (detail)
        counters_add(out, "search_bytes", (double)astar_bytes(&e->search));
}

static const char *const HELP[] = {"w=W (1) weighted A*: f = g + W*h, W in 1..1000", NULL};

const Entry ENTRY_ASTAR = {
    .name = "astar",
    .summary = "optimal grid A* (octile heuristic), whole path in one call; w=W for weighted A*",
    .subopt_bound = 1.0,
    .option_keys = KNOWN,
    .option_help = HELP,
    .check_options = astar_check_options,
    .prepare = astar_prepare,
    .get_path = astar_get_path,
    .update = astar_update,
    .counters = astar_counters,
    .destroy = astar_destroy,
    .set_tracer = astar_set_tracer,
};
