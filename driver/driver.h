/* driver.h: the pieces of build/gppc (main.c): command line, query replay and
 * reporting. docs/ARCHITECTURE.md "Floors" (floor 7) and "The entry contract"
 * place it; README "The driver" gives the options and output formats. */
#ifndef GPPC_DRIVER_H
#define GPPC_DRIVER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../entries/entry.h"
#include "../grid/grid.h"
#include "../grid/scen.h"

typedef enum { MODE_NONE, MODE_PRE, MODE_RUN, MODE_FULL, MODE_CHECK } DriverMode;

typedef struct DriverArgs {
    const char *entry_spec;
    const Entry *entry;
    EntryOpts opts;
    const char *pre_dir;
    const char *csv;
    int repeat;
    DriverMode mode;
    const char *map_path, *scen_path;
    const char *changes;   /* --changes FILE or NULL */
    bool rebuild;          /* --rebuild: apply changes by a rebuild even with update() */
    bool skip_bad_queries; /* --bad-queries=skip: run the queries with both ends valid */
    double bound;          /* --bound X with -check; 0: the entry's subopt_bound */
    bool help;
    /* The start kits' conventions (driver/kit_csv.c, README "Start-kit compatibility"). */
    bool csv_extra;     /* --csv-extra: our columns after the kit's */
    bool strict_pre;    /* --strict-pre: a rejected preprocessing file is an error */
    bool first20_cells; /* --first20 cells: the pre-2023 rule (20 cells, not 20 distance units) */
    int npos;           /* 1: MAP alone (-pre) or a version-2 scenario alone (the dynamic kit's form) */
} DriverArgs;

/* Dynamic maps: --changes FILE (driver/changes.c). Sorted by after_query,
 * file order kept within one query, so each batch is a contiguous run of
 * `cell` that goes to an entry's update() as it is. */
typedef struct Changes {
    CellChange *cell;
    int *after_query; /* applied once this query (0-based) has finished */
    size_t n;
} Changes;
/* Reads and checks FILE against the map and the query count; false + "FILE:LINE: problem". */
bool changes_load(Changes *c, const char *path, const Grid *map, int nqueries, Err *err);
void changes_free(Changes *c);

/* The dynamic start kit's scenario, "version 2" (driver/scen2.c): one file
 * with map size, queries and map changes, patches in a second file. */
bool scen2_is_v2(const char *path);
/* Fills the map the entry preprocesses (all passable, then the patches before
 * the first query), the queries (a kit cost of -1 becomes the unreachable
 * mark, optimum 0) and the later patches as change batches. Caller frees
 * all three; false + "FILE:LINE: problem" with nothing to free. */
bool scen2_load(const char *path, Grid *map, Scenario *sc, Changes *ch, Err *err);

/* Exit codes. */
enum { EXIT_ALL_VALID = 0, EXIT_INVALID = 1, EXIT_BAD_INPUT = 2 };

/* Parses argv; false + message on a usage error. *help is set for --help. */
bool args_parse(DriverArgs *a, int argc, char **argv, bool *help, Err *err);
void args_usage(FILE *out);

/* results/pre/<entry>[_<key>=<val>...]-<map base name>.pre, creating the
 * folder when absent. False + message when it cannot be made or used. */
bool pre_file_path(const DriverArgs *a, char *out, size_t size, Err *err);

/* What one query (one repetition) measured. */
typedef struct QueryResult {
    uint64_t total_ns, max_step_ns, first20_ns;
    uint64_t first_call_ns; /* the dynamic kit charges a map change to this call */
    long first20_calls;     /* the calls first20_ns covers */
    uint64_t expanded;
    long calls; /* GetPath calls for this query */
    size_t path_size;
    double length;
    double subopt;
    bool valid;
    bool over_bound;
    bool below_optimum; /* valid and shorter than the scenario's optimum beyond its precision */
    bool unreachable;   /* the scenario says no path exists */
} QueryResult;

/* Running totals for the SUMMARY line. */
typedef struct Totals {
    long queries, valid, invalid, over_bound, unreachable;
    /* Dynamic maps: queries skipped (start or goal blocked or cut off),
     * update batches, their time, and whether the entry was rebuilt instead. */
    bool dynamic;
    long skipped, updates;
    double update_ns;
    bool rebuilt;
    /* Scenario policy: queries left out by --bad-queries=skip, and queries
     * whose optimum lies below the octile distance of their ends. */
    long bad_queries, below_octile;
    /* Paths shorter than the optimum (a wrong scenario); the preprocessing
     * file's rejection (a short reason, NULL when it was used) and the
     * rebuild in memory that followed. */
    long below_optimum;
    const char *pre_rejected;
    double rebuild_s;
    double total_ns, first20_ns, subopt_sum, subopt_max, expanded, calls;
    uint64_t max_step_ns;
} Totals;

/* Runs one query through the entry, times every GetPath call and validates
 * the path; `path` is reused (its length reset). `why` gets the reason for an
 * invalid path. first20_ns: the calls until the path is 20 distance units
 * long (the kits' rule since 2023), or 20 cells with first20_cells. */
void replay_query(const Entry *e, void *inst, const Grid *map, const ScenQuery *q, double bound, bool first20_cells,
                  xyPath *path, QueryResult *r, char *why, size_t why_size);
void totals_add(Totals *t, const QueryResult *r);

/* The classic GPPC line for one query. */
void report_gppc_line(FILE *out, const char *scen_name, const QueryResult *r);

/* --csv (driver/kit_csv.c): the start kit's result.csv, column for column and
 * number for number: startkit-classic's for MAP SCEN runs, startkit-dynamic's
 * for a version-2 scenario; with `extra` our columns follow theirs. */
typedef struct CsvRow {
    const char *map_arg, *scen_arg; /* as given on the command line, as the kits print them */
    int id, rep;
    const ScenQuery *q;
    const QueryResult *r;
    uint64_t snapshot_ns; /* the map change before this query (dynamic) */
} CsvRow;
void kit_csv_header(FILE *out, bool dynamic, bool extra);
void kit_csv_row(FILE *out, bool dynamic, bool extra, const CsvRow *row);
void report_summary(FILE *out, const char *entry_name, const Totals *t, long ram_before_kb, long ram_after_kb,
                    long long storage_bytes, double pre_s, const Counters *c);

/* VmRSS of this process in kB (0 when /proc is unavailable). */
long rss_kb(void);
const char *base_name(const char *path);

#endif
