/* --csv in the start kits' result.csv layout. The kits print with iostream
 * std::fixed: startkit-classic setprecision(9) for both lengths (main.cpp
 * RunExperiment), startkit-dynamic setprecision(14) (gppc/main.cpp
 * PrintResult); times are integer nanoseconds, map and scen the paths as
 * given on the command line. The dynamic kit charges a map change
 * (snapshot_time) to the first get_path call after it: to time_cost,
 * 20steps_cost and that call's step; an empty answer has path_length -1 and
 * an unreachable query ref_length -1. Our `optimal` column: 1 within the
 * scenario's printed precision of the optimum (-check's rule), 0 not (or
 * invalid), -1 no optimum to compare with (the scenario says unreachable);
 * time_cost_cpu and max_step_time_cpu: the calls by the thread's CPU clock
 * (a map change is never charged to them; max_step_time_cpu -1 unless
 * --cpu-clock call, which reads that clock around every call). */
#include "driver.h"

#define EXTRA_HEADER ",bucket,expanded,valid,rep,calls,optimal,time_cost_cpu,max_step_time_cpu"

void kit_csv_header(FILE *out, bool dynamic, bool extra)
{
    if (dynamic)
        fputs("scen,experiment_id,snapshot_id,snapshot_time,path_size,path_length,ref_length,time_cost,"
              "20steps_cost,max_step_time",
              out);
    else
        fputs("map,scen,experiment_id,path_size,path_length,ref_length,time_cost,20steps_cost,max_step_time", out);
    fputs(extra ? EXTRA_HEADER "\n" : "\n", out);
}

static void extra_columns(FILE *out, const CsvRow *w)
{
    fprintf(out, ",%d,%llu,%d,%d,%ld,%d,%llu,%lld", w->q->bucket, (unsigned long long)w->r->expanded,
            w->r->valid ? 1 : 0, w->rep, w->r->calls, w->r->unreachable ? -1 : w->r->optimal,
            (unsigned long long)w->r->total_cpu_ns, w->r->cpu_per_call ? (long long)w->r->max_step_cpu_ns : -1LL);
}

void kit_csv_row(FILE *out, bool dynamic, bool extra, const CsvRow *w)
{
    const QueryResult *r = w->r;
    if (dynamic) {
        QueryResult c = *r;
        if (!w->charged)
            replay_charge_update(&c, w->snapshot_ns);
        fprintf(out, "%s,%d,%d,%llu,%zu,%.14f,%.14f,%llu,%llu,%llu", w->scen_arg, w->id, w->q->bucket,
                (unsigned long long)w->snapshot_ns, c.path_size, c.path_size ? c.length : -1.0,
                c.unreachable ? -1.0 : w->q->optimal, (unsigned long long)c.total_ns, (unsigned long long)c.first20_ns,
                (unsigned long long)c.max_step_ns);
    } else {
        fprintf(out, "%s,%s,%d,%zu,%.9f,%.9f,%llu,%llu,%llu", w->map_arg, w->scen_arg, w->id, r->path_size, r->length,
                w->q->optimal, (unsigned long long)r->total_ns, (unsigned long long)r->first20_ns,
                (unsigned long long)r->max_step_ns);
    }
    if (extra)
        extra_columns(out, w);
    fputc('\n', out);
}
