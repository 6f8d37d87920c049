/* abstract_search_marks.c: the landmarks' distances (RegionSearch.refresh_marks)
 * that guide the region search's A* over the refresh's held arrays
 * (abstract_search_held.h held_h), by whole searches from far-apart regions,
 * one a call of region_search_marks. */
#include <math.h>

#include "abstract_search_held.h"

/* pop_held for the landmarks' searches, on the lazy list: a region's
 * first entry off it holds its least g (as->g[r]); the entries of larger
 * ones, left behind, find it closed. */
static inline bool pop_mark(RegionSearch *as, uint32_t *r, double *g)
{
    while (as->lazy.n) {
        float *n = &as->g[ *r = (uint32_t)keyheap_pop(&as->lazy)];
        if (signbit(*n))
            continue;
        *g = *n;
        *n = -*n;
        return true;
    }
    return false;
}

bool region_search_marks(RegionSearch *as)
{
    const uint32_t n = as->ix->abs->nregions, k = REGION_LANDMARKS, i = as->marks_done;
    if (!n || i > k)
        return n > 0;
    float *marks = as->refresh_marks;
    const Tracer *tr = as->tracer;
    as->refresh_marks = NULL; /* the search's own heuristic: none */
    as->tracer = NULL;
    as->out_of_memory = false;
    place_open(as, false);
    /* The first search, from the middle region, only finds the farthest
     * region: the landmarks are far apart, each the region farthest from
     * those before it (the least of its distances to them the largest). */
    uint32_t from = i ? as->marks_from : n / 2;
    region_start_search(as, from, 0.0, 0.0);
    put_parent(as, from, root_code(as));
    uint32_t cur;
    double g;
    while (pop_mark(as, &cur, &g) && !as->out_of_memory)
        expand_held(as, cur, g, 0.0, cur, abs_center(as->ix, cur), false); /* distances only */
    float best = -1;
    for (uint32_t r = 0; r < n; r++) {
        float d = reached(as, r) ? fabsf(as->g[r]) : INFINITY, least = d;
        if (i > 0)
            marks[(size_t)r * k + i - 1] = d;
        for (uint32_t j = 0; j + 1 < i; j++)
            least = fminf(least, marks[(size_t)r * k + j]);
        if (least != INFINITY && least > best) {
            best = least;
            from = r;
        }
    }
    place_open(as, false);
    as->tracer = tr;
    as->refresh_marks = marks;
    as->marks_from = from;
    as->marks_done = i + 1;
    return !as->out_of_memory;
}
