/* The scenario against its map before any query runs (driver.h ScenChecks):
 * ends off the map or blocked fail the run, or with --bad-queries=skip are
 * marked and the first few named; optima no path can have and a map column
 * naming another map are warned about once and counted for SUMMARY. */
#include <stdio.h>
#include <stdlib.h>

#include "../common/lines.h"
#include "driver.h"

/* --bad-queries=skip names this many on stderr, then counts the rest. */
#define BAD_QUERIES_NAMED 3

bool scen_checks_run(ScenChecks *c, const DriverArgs *a, const Scenario *sc, const Grid *map, Err *err)
{
    if (!a->skip_bad_queries) {
        if (!scen_check_against(sc, a->scen_path, map, err))
            return false;
    } else {
        if (!(c->bad = calloc(sc->count ? (size_t)sc->count : 1, sizeof *c->bad)))
            return err_set(err, "%s: out of memory", a->scen_path);
        if (!scen_check_ends(sc, a->scen_path, map, c->bad, &c->nbad, err))
            return false;
        for (int i = 0, named = 0; i < sc->count && named < BAD_QUERIES_NAMED; i++)
            if (c->bad[i]) {
                Err why;
                scen_query_ends_ok(&sc->q[i], a->scen_path, map, &why);
                fprintf(stderr, "gppc: skipped %s\n", why.msg);
                named++;
            }
        if (c->nbad > BAD_QUERIES_NAMED)
            fprintf(stderr, "gppc: skipped %d more bad queries of %s (bad_queries=%d in SUMMARY)\n",
                    c->nbad - BAD_QUERIES_NAMED, a->scen_path, c->nbad);
    }
    if (sc->count == 0)
        fprintf(stderr, "gppc: warning: %s holds no queries\n", a->scen_path);
    /* No path visits a cell twice: an optimum above W x H diagonal moves is
     * not a length on this map (1e300, a stray column). */
    double longest = (double)map->width * map->height * 1.5;
    int first = -1, absurd = -1;
    for (int i = 0; i < sc->count; i++) {
        const ScenQuery *q = &sc->q[i];
        if (absurd < 0 && q->optimal > longest)
            absurd = i;
        if ((c->bad && c->bad[i]) || q->optimal <= 0)
            continue;
        double octile = grid_octile(q->start.x, q->start.y, q->goal.x, q->goal.y);
        /* A full unit in the last printed digit plus 1e-6 relative, as -check
         * allows: public files round some optima down (81 of 970,682 queries in
         * ../shared/benchmarks sit within half a unit below the octile
         * distance); a stale or foreign scenario is off by far more. */
        if (q->optimal + 2 * q->optimal_tol + 1e-6 * octile < octile) {
            c->below_octile++;
            if (first < 0)
                first = i;
        }
    }
    if (absurd >= 0)
        fprintf(stderr, "gppc: warning: %s:%d: optimum %g is longer than any path on a %dx%d map\n", a->scen_path,
                sc->q[absurd].line, sc->q[absurd].optimal, map->width, map->height);
    if (first >= 0) {
        const ScenQuery *q = &sc->q[first];
        fprintf(stderr,
                "gppc: warning: %s:%d: optimum %g is below the octile distance %g of (%d,%d)-(%d,%d); %d such "
                "queries (below_octile in SUMMARY): a stale or foreign scenario?\n",
                a->scen_path, q->line, q->optimal, grid_octile(q->start.x, q->start.y, q->goal.x, q->goal.y),
                q->start.x, q->start.y, q->goal.x, q->goal.y, c->below_octile);
    }
    int line;
    const char *other;
    c->scen_map_mismatch = scen_other_map_queries(sc, a->map_path, &line, &other);
    if (c->scen_map_mismatch)
        fprintf(stderr,
                "gppc: warning: %s:%d: the map column names %s, not %s; %d such queries (scen_map_mismatch in "
                "SUMMARY): a scenario made for another map?\n",
                a->scen_path, line, other, base_name(a->map_path), c->scen_map_mismatch);
    return true;
}
