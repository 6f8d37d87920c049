/* build/gppc: replays a Moving AI scenario through one entry, times every
 * GetPath call, validates every path and reports per query and in total.
 * Interface: docs/ARCHITECTURE.md "Floors" (floor 7); options and formats: docs/driver.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/binio.h"
#include "common/clock.h"
#include "common/files.h"
#include "common/grow.h"
#include "driver/driver.h"
#include "driver/run_files.h"
#include "search/astar.h"

/* The commit this binary was built from (the Makefile passes it: its short
 * hash, -dirty with uncommitted changes), so a table can name the binary it
 * measured. */
#ifndef GPPC_BUILD_ID
#define GPPC_BUILD_ID "unknown"
#endif

/* The report's own stream, a copy of the standard output's descriptor, with
 * the standard output itself sent to stderr: what an entry prints there (an
 * external entry's progress lines) then never falls between the GPPC lines
 * or breaks --json. stdout as it is when a descriptor cannot be had. */
static FILE *report_stream(void)
{
    fflush(stdout);
    int fd = dup(STDOUT_FILENO);
    FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (out && dup2(STDERR_FILENO, STDOUT_FILENO) >= 0)
        return out;
    if (out)
        fclose(out);
    else if (fd >= 0)
        close(fd);
    return stdout;
}

static int bad_input(const char *msg)
{
    fprintf(stderr, "gppc: %s\n", msg);
    return EXIT_BAD_INPUT;
}

/* The reason a preprocessing file was rejected as one SUMMARY word: the
 * message without the file's name, letters and digits kept, the rest '_'
 * ("map_checksum_differs_file_is_for_another_map_or_stale"). */
static const char *reason_word(const char *why, const char *file, char *out, size_t size)
{
    size_t n = strlen(file), o = 0;
    if (strncmp(why, file, n) == 0 && why[n] == ':')
        why += n + 1;
    for (; *why && o + 1 < size; why++) {
        bool word = (*why >= 'a' && *why <= 'z') || (*why >= 'A' && *why <= 'Z') || (*why >= '0' && *why <= '9');
        if (word)
            out[o++] = *why;
        else if (o && out[o - 1] != '_')
            out[o++] = '_';
    }
    while (o && out[o - 1] == '_')
        o--;
    out[o] = '\0';
    return o ? out : "unknown";
}

/* Preprocesses unless the mode is -run; returns false on failure. */
static bool preprocess(Run *run, double *pre_s, Err *err)
{
    *pre_s = 0;
    if (run->args.mode == MODE_RUN)
        return true;
    uint64_t t0 = clock_now_ns();
    bool ok = entry_preprocess(run->args.entry, &run->map, run->pre_file, &run->args.opts, err);
    *pre_s = (double)(clock_now_ns() - t0) * 1e-9;
    return ok;
}

/* Applies the changes queued after query i to the driver's map and to the
 * entry: through its update(), or by rebuilding it from scratch. */
static bool apply_changes(Run *run, void **inst, int i, size_t *next, Totals *totals, Err *err)
{
    const DriverArgs *a = &run->args;
    const Changes *ch = &run->changes;
    size_t first = *next;
    while (*next < ch->n && ch->after_query[*next] == i)
        (*next)++;
    if (*next == first)
        return true;
    /* The reference A*'s open list must hold every passable cell (not timed).
     * A version-2 scenario gives each snapshot's optimum, so no A* runs: its
     * whole-map count would only evict the entry's memory just before the
     * timed update. */
    size_t opening = changes_opening(ch->cell + first, (int)(*next - first));
    if (!run->kit_dynamic && !astar_reserve(&run->reference, grid_count_passable(&run->map) + opening, err))
        return false;
    for (size_t k = first; k < *next; k++)
        grid_set_run(&run->map, ch->cell[k].x, ch->cell[k].y, ch->cell[k].more + 1, ch->cell[k].passable);
    uint64_t c0 = clock_thread_cpu_ns();
    uint64_t t0 = clock_now_ns();
    bool ok = true;
    if (a->entry->update && !a->rebuild) {
        ok = a->entry->update(*inst, ch->cell + first, (int)(*next - first), err);
    } else {
        char file[sizeof run->pre_file + 16];
        snprintf(file, sizeof file, "%s.changed", run->pre_file);
        a->entry->destroy(*inst);
        *inst = NULL;
        PreLoad just_written = {.strict = true}; /* a rejection here is a bug, never a silent rebuild */
        ok = entry_preprocess(a->entry, &run->map, file, &a->opts, err) &&
             (*inst = entry_prepare(a->entry, &run->map, file, &a->opts, &just_written, err)) != NULL;
        remove(file);
        totals->rebuilt = true;
    }
    uint64_t dt = clock_now_ns() - t0;
    uint64_t dc = clock_thread_cpu_ns() - c0;
    dc = dc > totals->times.cpu_overhead_ns ? dc - totals->times.cpu_overhead_ns : 0; /* as replay_query's calls */
    run->snapshot_ns += dt; /* batches before one query all go to it */
    run->snapshot_cpu_ns += dc;
    totals->update_ns += (double)dt;
    totals->update_cpu_ns += (double)dc;
    if (ok && !grow_room(&totals->update_each_ns, &totals->update_each_cap, (size_t)totals->updates + 1,
                         sizeof *totals->update_each_ns, 64))
        ok = err_set(err, "out of memory for the update times");
    if (ok)
        totals->update_each_ns[totals->updates] = dt;
    totals->updates++;
    return ok;
}

/* On a changed map the scenario's optimum is stale: the driver's own A*
 * gives it. False when the query must be skipped (an end blocked or cut off). */
static bool reference_optimum(Run *run, ScenQuery *q)
{
    if (!grid_passable(&run->map, q->start.x, q->start.y) || !grid_passable(&run->map, q->goal.x, q->goal.y))
        return false;
    if (run->kit_dynamic) /* the scenario gives the optimum of each snapshot */
        return true;
    double d = astar_distance(&run->reference, q->start, q->goal, NULL);
    if (d < 0)
        return false;
    q->optimal = d;
    q->optimal_tol = 1e-9 * (d + 1);
    return true;
}

static int replay_all(Run *run, void **inst, Totals *totals)
{
    const DriverArgs *a = &run->args;
    const char *scen_name = base_name(a->scen_path);
    double bound = a->mode != MODE_CHECK ? 0.0 : a->bound > 0 ? a->bound : a->entry->subopt_bound;
    if (a->mode == MODE_CHECK && bound == 0)
        fprintf(stderr,
                "gppc: -check: %s has no proven suboptimality bound; paths are validated but their length "
                "is not limited (give --bound X)\n",
                a->entry->name);
    xyPath *path = &run->path;
    size_t next_change = 0;
    bool map_changed = false;
    totals->dynamic = run->has_changes;
    totals->updates_charged = !a->updates_apart;
    if (run->has_changes && !a->entry->update)
        fprintf(stderr,
                "gppc: %s has no update(): the driver rebuilds it from scratch after each batch of "
                "changes (update_us_mean is that rebuild)\n",
                a->entry->name);
    else if (run->has_changes && a->rebuild)
        fprintf(stderr,
                "gppc: --rebuild: the driver rebuilds %s from scratch after each batch of changes "
                "(update_us_mean is that rebuild)\n",
                a->entry->name);
    for (int rep = 0; rep < a->repeat; rep++) {
        for (int i = 0; i < run->scen.count; i++) {
            ScenQuery q = run->scen.q[i];
            if (a->query >= 0 && i > a->query)
                break; /* --query: no changes to apply (args_parse) */
            if (a->query >= 0 && i < a->query) {
                /* The queries before it run unreported: an entry that learns
                 * as it goes (mm's caches and credits) answers query N as it
                 * does in the whole run, so a picture or trace shows that path. */
                if (!(run->checks.bad && run->checks.bad[i])) {
                    QueryResult r;
                    char why[8];
                    replay_query(a->entry, *inst, &run->map, &q, bound, a->first20_cells, run->kit_dynamic, path, &r,
                                 NULL, why, sizeof why);
                }
                continue;
            }
            if (run->checks.bad && run->checks.bad[i]) {
                /* counted once, in Totals.bad_queries */
            } else if ((map_changed || run->kit_dynamic) && !reference_optimum(run, &q)) {
                totals->skipped++;
            } else {
                QueryResult r;
                char why[256] = "";
                guard_query(i, q.line);
                bool traced = run->trace.f.fp && rep == 0;
                if (traced)
                    a->entry->set_tracer(*inst, &run->trace.tracer);
                totals->times.calls_on = rep == 0 && run->calls.fp;
                totals->times.calls_query = i;
                if (totals->times.calls_on)
                    report_calls_between(&totals->times);
                replay_query(a->entry, *inst, &run->map, &q, bound, a->first20_cells, run->kit_dynamic, path, &r,
                             &totals->times, why, sizeof why);
                if (traced)
                    a->entry->set_tracer(*inst, NULL);
                if (run->paths.fp && rep == 0)
                    report_path_line(run->paths.fp, i, &q, &r, path);
                if (totals->updates_charged) {
                    replay_charge_update(&r, run->snapshot_ns);
                    totals->total_cpu_ns += (double)run->snapshot_cpu_ns;
                }
                if (!r.valid)
                    fprintf(stderr, "gppc: %s:%d: invalid path from (%d,%d) to (%d,%d): %s\n", a->scen_path, q.line,
                            q.start.x, q.start.y, q.goal.x, q.goal.y, why);
                else if (r.over_bound)
                    fprintf(stderr, "gppc: %s:%d: length %.6f is above %g x the optimum %.6f\n", a->scen_path, q.line,
                            r.length, bound, q.optimal);
                if (r.below_optimum && rep == 0)
                    fprintf(stderr,
                            "gppc: %s:%d: valid path of length %.6f is shorter than the scenario's optimum %.10g: "
                            "a wrong scenario (below_optimum in SUMMARY)\n",
                            a->scen_path, q.line, r.length, q.optimal);
                if (a->json)
                    json_query(run->out, scen_name, i, rep, &q, &r);
                else
                    report_gppc_line(run->out, scen_name, &r);
                if (run->has_csv) {
                    CsvRow row = {a->map_path, a->scen_path, i, rep, &q, &r, run->snapshot_ns, totals->updates_charged};
                    kit_csv_row(run->csv.fp, run->kit_dynamic, a->csv_extra, &row);
                }
                run->snapshot_ns = 0;
                run->snapshot_cpu_ns = 0;
                totals_add(totals, &r);
            }
            if (run->has_changes && next_change < run->changes.n && run->changes.after_query[next_change] == i) {
                Err err;
                if (!apply_changes(run, inst, i, &next_change, totals, &err)) {
                    fprintf(stderr, "gppc: %s: update after query %d failed: %s\n", a->entry->name, i, err.msg);
                    return EXIT_BAD_INPUT;
                }
                map_changed = true;
            }
        }
    }
    if (totals->times.calls_out)
        report_calls_flush(&totals->times);
    bool wrong = totals->invalid || totals->over_bound || (a->mode == MODE_CHECK && totals->below_optimum);
    return wrong ? EXIT_INVALID : EXIT_ALL_VALID;
}

/* SUMMARY on out; with --json the same line as one JSON object. */
static void print_summary(FILE *out, const DriverArgs *a, const Totals *t, long ram_before, long ram_after,
                          long long storage, double pre_s, const Counters *c)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = a->json ? open_memstream(&text, &len) : NULL;
    report_summary(mem ? mem : out, a->entry->name, t, ram_before, ram_after, storage, pre_s, c);
    if (mem && fclose(mem) == 0)
        json_summary(out, text);
    else if (a->json)
        fprintf(stderr, "gppc: out of memory writing the JSON summary\n");
    free(text);
}

static int run_entry(Run *run)
{
    const DriverArgs *a = &run->args;
    Err err;
    double pre_s;
    Totals *totals = &run->totals;
    call_times_calibrate(&totals->times);
    totals->times.cpu_per_call = run->args.cpu_per_call;
    if (a->mode != MODE_PRE)
        replay_path_ready(&run->path, &run->scen, &run->map);
    long rss_start = rss_kb(); /* the driver with map, scenario and path, before the entry */
    guard_phase(GUARD_PREPROCESS);
    if (!preprocess(run, &pre_s, &err)) {
        fprintf(stderr, "gppc: %s: preprocessing failed: %s\n", a->entry->name, err.msg);
        return EXIT_BAD_INPUT;
    }
    if (a->mode == MODE_PRE) {
        /* As the kit's -pre: the file written, no instance prepared (preparing
         * can cost more than preprocessing, and -run does it). mem_kb is the
         * preprocessing's peak; the entry's counters need an instance. */
        long peak = peak_rss_kb(), now = rss_kb();
        totals->rss_base_kb = rss_start;
        totals->rss_peak_kb = peak;
        totals->mem_kb = peak > rss_start ? peak - rss_start : 0;
        guard_phase(GUARD_DONE);
        Counters none = {0};
        print_summary(run->out, a, totals, now, now, path_bytes(run->pre_file), pre_s, &none);
        return EXIT_ALL_VALID;
    }
    /* Memory is the entry's at search time: the peak from here on. */
    if (!reset_peak_rss())
        fprintf(stderr, "gppc: warning: /proc/self/clear_refs refused: mem_kb includes the preprocessing's peak\n");
    guard_phase(GUARD_PREPARE);
    PreLoad load = {.strict = a->strict_pre};
    void *inst = entry_prepare(a->entry, &run->map, run->pre_file, &a->opts, &load, &err);
    if (!inst) {
        fprintf(stderr, "gppc: %s: %s\n", a->entry->name, err.msg);
        return EXIT_BAD_INPUT;
    }
    char reason[64];
    if (load.rejected) {
        totals->pre_rejected = reason_word(load.why, run->pre_file, reason, sizeof reason);
        totals->rebuild_s = load.rebuild_s;
    }
    if (totals->times.counters.n && !call_counters_bind(&totals->times.counters, a->entry, inst)) {
        a->entry->destroy(inst);
        return EXIT_BAD_INPUT;
    }
    totals->bad_queries = run->checks.nbad;
    totals->below_octile = run->checks.below_octile;
    totals->scen_map_mismatch = run->checks.scen_map_mismatch;
    long ram_before = rss_kb();
    int code = replay_all(run, &inst, totals);
    guard_phase(GUARD_DONE);
    if (!inst) { /* a failed rebuild after changes */
        free(totals->update_each_ns);
        return code;
    }
    long ram_after = rss_kb(), peak = peak_rss_kb();
    totals->rss_base_kb = rss_start;
    totals->rss_peak_kb = peak;
    totals->mem_kb = peak > rss_start ? peak - rss_start : 0;
    Counters counters = {0};
    a->entry->counters(inst, &counters, true);
    print_summary(run->out, a, totals, ram_before, ram_after, path_bytes(run->pre_file), pre_s, &counters);
    free(totals->update_each_ns);
    a->entry->destroy(inst);
    return code;
}

int main(int argc, char **argv)
{
    Run run;
    memset(&run, 0, sizeof run);
    Err err;
    bool help;
    if (!args_parse(&run.args, argc, argv, &help, &err)) {
        fprintf(stderr, "gppc: %s\n", err.msg);
        if (!run.args.ext_failed) /* a folder that did not build is no usage error */
            fprintf(stderr, "gppc: try 'build/gppc --help'\n");
        return EXIT_BAD_INPUT;
    }
    if (help) {
        if (run.args.version)
            printf("gppc-mm %s\n", GPPC_BUILD_ID);
        else if (run.args.help_entry)
            args_entry_usage(stdout, run.args.help_entry);
        else
            args_usage(stdout);
        return EXIT_ALL_VALID;
    }
    const DriverArgs *a = &run.args;
    int code = EXIT_BAD_INPUT;
    run.out = report_stream();
    if (!run_load_inputs(&run, &err) || (run.has_changes && !astar_init(&run.reference, &run.map, &err)) ||
        !pre_file_path(a, run.pre_file, sizeof run.pre_file, &err) || !run_check_outputs(&run, &err) ||
        !run_open_query_outputs(&run, &err)) {
        code = bad_input(err.msg);
    } else if (a->csv && !bin_create(&run.csv, a->csv, &err)) {
        fprintf(stderr, "gppc: %s (the CSV file)\n", err.msg);
    } else {
        run.has_csv = a->csv != NULL;
        if (run.has_csv)
            kit_csv_header(run.csv.fp, run.kit_dynamic, a->csv_extra);
        guard_start(a->entry->name, a->map_path, a->npos == 2 ? a->scen_path : NULL, a->time_limit_s);
        code = run_entry(&run);
        guard_phase(GUARD_DONE);
        /* The CSV replaces the old one only when the run got to its end. */
        if (run.has_csv && code == EXIT_BAD_INPUT)
            run.csv.failed = true;
        if (run.has_csv && !bin_commit(&run.csv, &err) && code != EXIT_BAD_INPUT) {
            fprintf(stderr, "gppc: %s (the CSV file)\n", err.msg);
            code = EXIT_BAD_INPUT;
        }
    }
    if (!run_close_query_outputs(&run, &err))
        code = bad_input(err.msg);
    scen_free(&run.scen);
    changes_free(&run.changes);
    astar_free(&run.reference);
    free(run.checks.bad);
    free(run.totals.times.calls_kept);
    free(run.totals.times.counters.kept);
    path_free(&run.path);
    grid_free(&run.map);
    if (run.out != stdout)
        fclose(run.out);
    return code;
}
