/* run_files.h: what one run of build/gppc holds (Run, main.c's) and its
 * files: the inputs loaded in one of the forms the driver and the start kits
 * take, every output checked against every input before anything runs, the
 * per-query outputs (--trace, --paths, --calls) opened and then committed.
 * Replaying the queries and reporting are main.c's and the rest of driver.h's. */
#ifndef GPPC_DRIVER_RUN_FILES_H
#define GPPC_DRIVER_RUN_FILES_H

#include "../common/binio.h"
#include "../search/astar.h"
#include "driver.h"

typedef struct Run {
    DriverArgs args;
    Grid map;
    Scenario scen;
    char pre_file[4096];
    BinFile csv; /* --csv: written to a temporary, renamed over the file when the run ends */
    bool has_csv;
    Changes changes;
    AStar reference;          /* optima on the changed map (dynamic runs) */
    bool has_changes;         /* --changes, or a version-2 scenario's patches */
    bool kit_dynamic;         /* a version-2 scenario: its optima are per snapshot, its CSV the dynamic kit's */
    uint64_t snapshot_ns;     /* the last change batch, charged to the next query's CSV row */
    uint64_t snapshot_cpu_ns; /* the same by the thread's CPU clock, for total_cpu_s */
    ScenChecks checks;        /* the scenario against the map: queries left out, warnings counted */
    TraceYaml trace;          /* --trace: open while trace.f.fp is set */
    BinFile paths;            /* --paths: open while paths.fp is set */
    BinFile calls;            /* --calls: open while calls.fp is set */
    FILE *out;                /* the GPPC and SUMMARY lines (report_stream) */
    xyPath path;              /* every query's cells (replay_path_ready) */
    /* Here, not on run_entry's stack: zeroed with the rest of Run at the
     * start, so its call-time histograms are resident before rss_base_kb is
     * read and never count as the entry's memory. */
    Totals totals;
} Run;

/* The map, the queries and the changes: MAP SCEN (-pre: MAP alone or MAP
 * none, the scenario unread, as the classic kit does), or a version-2
 * scenario alone (the dynamic kit's form, map and changes inside). False +
 * message on a bad input. */
bool run_load_inputs(Run *run, Err *err);
/* False + message when an output names an input (the same file by device
 * and inode, or the same path): it would destroy it. */
bool run_check_outputs(const Run *run, Err *err);
/* --query, --trace, --paths, --calls: checked against the scenario, files
 * opened, the --calls buffer reserved before the entry starts. */
bool run_open_query_outputs(Run *run, Err *err);
/* Commits the --trace, --paths and --calls files; false + message when one failed. */
bool run_close_query_outputs(Run *run, Err *err);

#endif
