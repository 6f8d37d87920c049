#include <math.h>
#include <string.h>

#include "../common/clock.h"
#include "../grid/validate.h"
#include "driver.h"

/* A GetPath call that returns false without appending anything is allowed (an
 * entry may spend a call on abstract search), but not forever. */
#define MAX_IDLE_CALLS 100000

/* The kits' "first 20 steps": the calls until the path is 20 distance units
 * long (with their 1e-6 slack), since 2023; before, 20 cells. */
#define FIRST20_LENGTH 20.0

/* -check's limit: bound x the optimum, which the scenario knows only to its
 * printed precision (optimal_tol), plus a relative 1e-6 for the sums. */
static bool within_bound(double length, const ScenQuery *q, double bound)
{
    return length <= bound * (q->optimal + q->optimal_tol) + 1e-6 * q->optimal;
}

void replay_query(const Entry *e, void *inst, const Grid *map, const ScenQuery *q, double bound, bool first20_cells,
                  bool join_idle, xyPath *path, QueryResult *r, CallTimes *times, char *why, size_t why_size)
{
    memset(r, 0, sizeof *r);
    /* Moving AI marks a pair with no path by an optimum of 0 with s != g. */
    r->unreachable = q->optimal == 0 && (q->start.x != q->goal.x || q->start.y != q->goal.y);
    path->len = 0;
    Counters before = {0}, after = {0};
    e->counters(inst, &before, false);
    bool done = false, shrank = false, stuck = false;
    long idle = 0;
    uint64_t total = 0;
    bool have20 = false;
    double length_so_far = 0; /* of the cells appended so far, summed call by call */
    uint64_t cpu_overhead = times ? times->cpu_overhead_ns : 0;
    bool per_call = !times || times->cpu_per_call;
    uint64_t q0 = per_call ? 0 : clock_thread_cpu_ns();
    /* --calls: the page faults around each call, read outside its clocks so
     * the times stay the call's; a plain run makes no such system call. */
    bool faults_on = times && times->calls_on;
    /* --call-counters: read before the first call, then after each, where
     * the faults are read (the reading's own faults are not the call's). */
    CallCounters *cc = faults_on && times->counters.n ? &times->counters : NULL;
    if (cc)
        call_counters_start(cc, e, inst);
    while (!done) {
        size_t len_before = path->len;
        Faults f0 = faults_on ? faults_now() : (Faults){0, 0};
        uint64_t c0 = per_call ? clock_thread_cpu_ns() : 0;
        uint64_t t0 = clock_now_ns();
        /* join_idle: a call that appends nothing and is not done is made
         * again at once, inside the same timed call, as the dynamic kit's
         * binding does within the kit's call (no clock is read between). */
        do {
            done = e->get_path(inst, q->start, q->goal, path);
            idle = path->len == len_before ? idle + 1 : 0;
        } while (join_idle && !done && idle > 0 && idle < MAX_IDLE_CALLS);
        uint64_t t1 = clock_now_ns();
        uint64_t dc = per_call ? clock_thread_cpu_ns() - c0 : 0, dt = t1 - t0;
        Faults f1 = faults_on ? faults_now() : (Faults){0, 0};
        bool clamped; /* never without per_call: dc is 0 then */
        dc = call_cpu_net(dc, dt, cpu_overhead, &clamped);
        if (clamped && times)
            times->cpu_clamped++;
        total += dt;
        r->total_cpu_ns += dc;
        if (r->calls++ == 0)
            r->first_call_ns = dt;
        if (dt > r->max_step_ns)
            r->max_step_ns = dt;
        if (dc > r->max_step_cpu_ns)
            r->max_step_cpu_ns = dc;
        if (times && times->calls_on) {
            if (times->calls_nkept == CALLS_KEPT_MAX)
                report_calls_flush(times);
            if (cc)
                call_counters_step(cc, e, inst, &cc->kept[(size_t)times->calls_nkept * (size_t)cc->n]);
            times->calls_kept[times->calls_nkept++] = (CallLine){.wall_ns = dt,
                                                                 .cpu_ns = dc,
                                                                 .cells = path->len - len_before,
                                                                 .call = r->calls - 1,
                                                                 .query = times->calls_query,
                                                                 .minflt = (uint32_t)(f1.minor - f0.minor),
                                                                 .majflt = (uint32_t)(f1.major - f0.major),
                                                                 .done = done};
        }
        if (times) {
            call_hist_add(&times->wall, dt);
            if (per_call)
                call_hist_add(&times->cpu, dc);
        }
        if (!have20 && !first20_cells && path->len > len_before) {
            size_t from = len_before ? len_before - 1 : 0;
            length_so_far += path_length(path->cells + from, path->len - from);
        }
        if (!have20 && (first20_cells ? path->len >= 20 : length_so_far >= FIRST20_LENGTH - 1e-6)) {
            r->first20_ns = total;
            r->first20_calls = r->calls;
            have20 = true;
        }
        if (path->len < len_before) {
            shrank = true;
            break;
        }
        if (!done && idle >= MAX_IDLE_CALLS) {
            stuck = true;
            break;
        }
    }
    if (!per_call) { /* the whole query, the driver's bookkeeping between its calls included */
        uint64_t dq = clock_thread_cpu_ns() - q0;
        r->total_cpu_ns = dq > cpu_overhead ? dq - cpu_overhead : 0;
    }
    r->cpu_per_call = per_call;
    e->counters(inst, &after, false);
    r->total_ns = total;
    if (times && total > times->query_wall_max)
        times->query_wall_max = total;
    if (times && r->total_cpu_ns > times->query_cpu_max)
        times->query_cpu_max = r->total_cpu_ns;
    if (!have20) {
        r->first20_ns = total;
        r->first20_calls = r->calls;
    }
    r->expanded = after.expanded - before.expanded;
    r->path_size = path->len;

    if (shrank) {
        snprintf(why, why_size, "the entry shrank the caller's path");
        r->length = path_length(path->cells, path->len);
        r->valid = false;
    } else if (stuck) {
        snprintf(why, why_size, "GetPath returned false %d times without appending a cell", MAX_IDLE_CALLS);
        r->length = path_length(path->cells, path->len);
        r->valid = false;
    } else if (r->unreachable) {
        /* The scenario states that no path exists: the right answer is none. */
        r->valid = path->len == 0;
        if (!r->valid)
            snprintf(why, why_size,
                     "the scenario says no path exists (optimum 0), but the entry "
                     "returned %zu cells",
                     path->len);
    } else if (path->len == 0 && !join_idle && q->start.x == q->goal.x && q->start.y == q->goal.y) {
        /* Nothing to walk: the classic kit's validator takes the empty path
         * (length 0, the optimum; the archived 2013-Dao answers so). In the
         * dynamic kit an empty path says "no path", wrong here. */
        r->valid = true;
    } else if (path->len == 0) {
        snprintf(why, why_size, "the entry reported no path; the scenario's optimum is %g", q->optimal);
        r->valid = false;
    } else {
        r->valid = path_validate(map, q->start, q->goal, path->cells, path->len, &r->length, why, why_size);
    }
    if (q->optimal > 0)
        r->subopt = r->length / q->optimal;
    else
        r->subopt = r->length == 0 ? 1.0 : INFINITY;
    if (r->valid && bound > 0)
        r->over_bound = !within_bound(r->length, q, bound);
    r->optimal = r->valid && !r->unreachable && within_bound(r->length, q, 1.0);
    /* A valid path cannot beat the optimum: the scenario is wrong. */
    r->below_optimum = r->valid && !r->unreachable && r->length < q->optimal - q->optimal_tol - 1e-6 * q->optimal;
}

void replay_path_ready(xyPath *path, const Scenario *scen, const Grid *map)
{
    /* Cells of a path are at most its length + 1 (a move is at least 1
     * long); 2 x the optimum leaves room for any entry within that bound.
     * A path that visits no cell twice has at most the map's cells, so an
     * optimum no path on the map can have (scen_checks warns of it) asks
     * for no more than those. */
    double longest = 0;
    for (int i = 0; i < scen->count; i++)
        if (scen->q[i].optimal > longest)
            longest = scen->q[i].optimal;
    double map_cells = (double)map->width * map->height;
    double want = 2 * longest + 2 < map_cells ? 2 * longest + 2 : map_cells;
    size_t page_cells = 4096 / sizeof *path->cells;
    size_t cells = (size_t)want;
    path_reserve(path, cells > page_cells ? cells : page_cells);
    memset(path->cells, 0, path->cap * sizeof *path->cells);
}

void replay_charge_update(QueryResult *r, uint64_t ns)
{
    r->first_call_ns += ns;
    r->total_ns += ns;
    r->first20_ns += ns;
    if (r->first_call_ns > r->max_step_ns)
        r->max_step_ns = r->first_call_ns;
}

void totals_add(Totals *t, const QueryResult *r)
{
    t->queries++;
    t->total_ns += (double)r->total_ns;
    t->total_cpu_ns += (double)r->total_cpu_ns;
    t->first20_ns += (double)r->first20_ns;
    t->expanded += (double)r->expanded;
    t->calls += (double)r->calls;
    if (r->max_step_ns > t->max_step_ns)
        t->max_step_ns = r->max_step_ns;
    if (!r->valid) {
        t->invalid++;
        return;
    }
    t->valid++;
    if (r->unreachable) { /* no length to compare: kept out of the subopt statistics */
        t->unreachable++;
        return;
    }
    t->over_bound += r->over_bound;
    t->optimal += r->optimal;
    t->below_optimum += r->below_optimum;
    t->subopt_sum += r->subopt;
    if (r->subopt > t->subopt_max)
        t->subopt_max = r->subopt;
}
