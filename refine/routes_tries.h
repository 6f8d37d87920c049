/* routes_tries.h (private to refine/): for routes.c, the bookkeeping of
 * the JPS tried first (refine/routes.h): whether a capped try runs for a query
 * (its kind's credit, the probes, the headings given up) and what a try's
 * end teaches (credit earned or spent, the reach of the tries that
 * answer). A capped try is held, uncharged, until the next try is weighed,
 * so that its query's owner may forgive it (routes_forgive_try). Routes
 * owns the state (credit, band, probe, reach2, gave_up, capped); these
 * read and write it and hold nothing. */
#ifndef GPPC_REFINE_ROUTES_TRIES_H
#define GPPC_REFINE_ROUTES_TRIES_H

#include <stdlib.h>

#include "routes.h"

/* The credit a kind (or band) of tries starts with: two capped tries spend it (routes_tries.c TRY_LOSS). */
#define ROUTES_TRY_START 8

/* Twice the octile distance, roughly: sqrt(2) - 1 taken as 1/2. */
static inline int routes_octile2(xyLoc s, xyLoc g)
{
    int dx = abs(g.x - s.x), dy = abs(g.y - s.y);
    return dx > dy ? 2 * dx + dy : 2 * dy + dx;
}

/* The band of a query at octile2 `o2` (RoutesConfig.bands). */
static inline int routes_try_band(const Routes *rt, int o2)
{
    int k = o2 / rt->cfg.bands;
    return k < ROUTE_BANDS ? k : ROUTE_BANDS - 1;
}

/* Does a capped try of kind `kind` (0 near, 1 far, 2 past the reach; or a
 * band) run for the query s -> g (`far`: past the reach)? Its caller
 * charges the held try first (routes_try_charge). */
bool routes_try_runs(Routes *rt, int kind, xyLoc s, xyLoc g, bool far);
/* The held capped try, if any, charged (its credit spent, its heading
 * given up): when the next try is weighed, whether or not it runs. */
void routes_try_charge(Routes *rt);
/* A try of kind `kind` (-1: uncapped) ended: `capped` it gave up and is
 * held; else it answered, `over` past its kind's cap (while the
 * abstraction waits), which spends the credit as a capped try would. */
void routes_try_ended(Routes *rt, int kind, xyLoc s, xyLoc g, bool capped, bool over);

#endif
