/* The files of one driver run (run_files.h). */
#include "run_files.h"

#include <stdlib.h>
#include <string.h>

#include "../common/files.h"

/* Every output against every input, before anything runs: an output that
 * names an input (the same file by device and inode, or the same path)
 * would destroy it. */
bool run_check_outputs(const Run *run, Err *err)
{
    const DriverArgs *a = &run->args;
    bool pre_read = a->mode != MODE_PRE, pre_written = a->mode != MODE_RUN;
    const char *inputs[] = {a->map_path, a->npos == 2 ? a->scen_path : NULL, a->changes,
                            pre_read ? run->pre_file : NULL};
    const char *outputs[] = {a->csv, pre_written ? run->pre_file : NULL, a->paths, a->trace, a->calls};
    for (size_t o = 0; o < sizeof outputs / sizeof *outputs; o++)
        for (size_t i = 0; outputs[o] && i < sizeof inputs / sizeof *inputs; i++)
            if (inputs[i] && inputs[i] != outputs[o] && file_same(outputs[o], inputs[i]))
                return err_set(err, "%s: this output is also an input (%s): it would be overwritten", outputs[o],
                               inputs[i]);
    if (a->csv && pre_written && file_same(a->csv, run->pre_file))
        return err_set(err, "%s: --csv names the preprocessing file", a->csv);
    return true;
}

/* The map, the queries and the changes, in one of the forms the driver and
 * the start kits take: MAP SCEN (-pre: MAP alone or MAP none, the scenario
 * unread, as the classic kit does), or a version-2 scenario alone (the
 * dynamic kit's form, map and changes inside). */
bool run_load_inputs(Run *run, Err *err)
{
    const DriverArgs *a = &run->args;
    if (scen2_is_v2(a->map_path) || (a->npos == 2 && a->mode != MODE_PRE && scen2_is_v2(a->scen_path))) {
        if (a->npos != 1)
            return err_set(err, "%s: a version-2 scenario holds its map: give it alone", a->scen_path);
        if (a->changes || a->repeat > 1)
            return err_set(err, "%s: a version-2 scenario brings its own map changes: no --changes or --repeat",
                           a->scen_path);
        run->has_changes = run->kit_dynamic = true;
        return scen2_load(a->scen_path, &run->map, &run->scen, &run->changes, err);
    }
    if (a->npos == 1 && a->mode != MODE_PRE)
        return err_set(err, "%s: not a version-2 scenario; give MAP SCEN", a->map_path);
    if (!grid_load_map(&run->map, a->map_path, err))
        return false;
    if (a->mode == MODE_PRE)
        return true;
    run->has_changes = a->changes != NULL;
    return scen_load(&run->scen, a->scen_path, err) && scen_checks_run(&run->checks, a, &run->scen, &run->map, err) &&
           (!a->changes || changes_load(&run->changes, a->changes, &run->map, run->scen.count, err));
}

/* --query, --trace, --paths, --calls: checked against the scenario, files
 * opened, the --calls lines and their --call-counters reserved. */
bool run_open_query_outputs(Run *run, Err *err)
{
    const DriverArgs *a = &run->args;
    if (a->query >= 0 && run->kit_dynamic)
        return err_set(err, "--query: a version-2 scenario changes the map between queries; replay it whole");
    if (a->query >= run->scen.count)
        return err_set(err, "--query %d: %s has %d queries (0..%d)", a->query, a->scen_path, run->scen.count,
                       run->scen.count - 1);
    if (a->trace && !a->entry->set_tracer)
        return err_set(err, "--trace: entry %s cannot be traced (astar, jps, jps+ and mm can)", a->entry->name);
    if (a->trace && !trace_open(&run->trace, a->trace, &run->map, a, &run->scen.q[a->query], err))
        return false;
    if (a->paths && !bin_create(&run->paths, a->paths, err))
        return false;
    if (a->calls && !bin_create(&run->calls, a->calls, err))
        return false;
    if (a->calls) {
        CallTimes *t = &run->totals.times;
        if (!(t->calls_kept = malloc(CALLS_KEPT_MAX * sizeof *t->calls_kept)))
            return err_set(err, "--calls: out of memory");
        memset(t->calls_kept, 0, CALLS_KEPT_MAX * sizeof *t->calls_kept); /* resident before the entry starts */
        CallCounters *cc = &t->counters;
        cc->n = a->ncall_keys;
        cc->key = a->call_keys;
        size_t kept = CALLS_KEPT_MAX * (size_t)cc->n * sizeof *cc->kept;
        if (cc->n && !(cc->kept = malloc(kept)))
            return err_set(err, "--call-counters: out of memory");
        if (cc->n)
            memset(cc->kept, 0, kept);
        report_calls_start(t, run->calls.fp);
    }
    return true;
}

/* Commits the --trace, --paths and --calls files; false + message when one failed. */
bool run_close_query_outputs(Run *run, Err *err)
{
    bool ok = !run->trace.f.fp || trace_close(&run->trace, err);
    ok = (!run->paths.fp || bin_commit(&run->paths, ok ? err : &(Err){0})) && ok;
    return (!run->calls.fp || bin_commit(&run->calls, ok ? err : &(Err){0})) && ok;
}
