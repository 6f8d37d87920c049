/* driver.h: the pieces of build/gppc (main.c): command line, query replay and
 * reporting. docs/ARCHITECTURE.md "Floors" (floor 7) and "The entry contract"
 * place it; docs/driver.md gives the options and output formats. */
#ifndef GPPC_DRIVER_H
#define GPPC_DRIVER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../common/binio.h"
#include "../entries/entry.h"
#include "../grid/grid.h"
#include "../grid/scen.h"

typedef enum { MODE_NONE, MODE_PRE, MODE_RUN, MODE_FULL, MODE_CHECK } DriverMode;

/* --call-counters KEY,...: the most keys, each at most as long as a
 * counter's own key (Counters.extra[].key). */
#define CALL_COUNTERS_MAX 8
#define CALL_COUNTER_KEY 32

typedef struct DriverArgs {
    const char *entry_spec;
    const Entry *entry;
    EntryOpts opts;
    const char *pre_dir; /* --pre-dir, else pre_dir_default */
    char pre_dir_default[4096];
    const char *csv;
    int repeat;
    DriverMode mode;
    const char *map_path, *scen_path;
    const char *changes;   /* --changes FILE or NULL */
    bool rebuild;          /* --rebuild: apply changes by a rebuild even with update() */
    bool updates_apart;    /* --charge-updates 0: an update's time is not charged to the next query */
    bool cpu_per_call;     /* --cpu-clock call: the thread's CPU clock around every call, not every query */
    bool skip_bad_queries; /* --bad-queries=skip: run the queries with both ends valid */
    double bound;          /* --bound X with -check; 0: the entry's subopt_bound */
    int time_limit_s;      /* --time-limit S: the run's wall-clock limit (driver/guard.c); 0 none */
    bool ext_failed;       /* args_parse failed on an ext:DIR entry's build or load, not on the usage */
    bool help;
    bool version;            /* --version: the commit the binary was built from, exit 0 */
    const Entry *help_entry; /* --entry NAME:help: NAME's options alone */
    /* The start kits' conventions (driver/kit_csv.c, docs/driver.md "Start-kit compatibility"). */
    bool json;          /* --json: stdout as JSON lines (driver/json.c) */
    bool csv_extra;     /* --csv-extra: our columns after the kit's */
    bool strict_pre;    /* --strict-pre: a rejected preprocessing file is an error */
    bool first20_cells; /* --first20 cells: the pre-2023 rule (20 cells, not 20 distance units) */
    int npos;           /* 1: MAP alone (-pre) or a version-2 scenario alone (the dynamic kit's form) */
    /* One query's details (docs/traces.md): --query N replays query N alone
     * (-1: all); --trace FILE writes its searches as a posthoc trace,
     * --paths FILE each replayed query's cells, --calls FILE its GetPath
     * calls one by one. */
    int query;
    const char *trace, *paths, *calls;
    /* --call-counters: the entry's counters whose change over each call
     * --calls writes (driver/call_counters.c). */
    int ncall_keys;
    char call_keys[CALL_COUNTERS_MAX][CALL_COUNTER_KEY];
} DriverArgs;

/* Dynamic maps: --changes FILE (driver/changes.c). Sorted by after_query,
 * file order kept within one query, so each batch is a contiguous run of
 * `cell` that goes to an entry's update() as it is. */
typedef struct Changes {
    CellChange *cell; /* runs (a version-2 scenario's) or single cells (--changes) */
    int *after_query; /* applied once this query (0-based) has finished */
    size_t n;
} Changes;
/* Reads and checks FILE against the map and the query count; false + "FILE:LINE: problem". */
bool changes_load(Changes *c, const char *path, const Grid *map, int nqueries, Err *err);
void changes_free(Changes *c);

/* The scenario against its map, before anything runs (driver/scen_checks.c):
 * start and goal of every query on the map and passable, else false + the
 * first named ("SCEN:LINE: ..."); with --bad-queries=skip such queries are
 * marked in `bad` instead, the first few named on stderr. Optima below the
 * octile distance of their ends or above any path on the map, and map
 * columns naming another map, are warned about once and counted (SUMMARY
 * below_octile, scen_map_mismatch); those queries still run. */
typedef struct ScenChecks {
    bool *bad; /* --bad-queries=skip: the queries left out; NULL otherwise; the caller frees */
    int nbad, below_octile;
    int scen_map_mismatch; /* queries whose map column names another map than MAP */
} ScenChecks;
bool scen_checks_run(ScenChecks *c, const DriverArgs *a, const Scenario *sc, const Grid *map, Err *err);

/* The dynamic start kit's scenario, "version 2" (driver/scen2.c): one file
 * with map size, queries and map changes, patches in a second file. */
bool scen2_is_v2(const char *path);
/* Fills the map the entry preprocesses (all passable, then the patches before
 * the first query), the queries (a kit cost of -1 becomes the unreachable
 * mark, optimum 0) and the later patches as change batches. Caller frees
 * all three; false + "FILE:LINE: problem" with nothing to free. */
bool scen2_load(const char *path, Grid *map, Scenario *sc, Changes *ch, Err *err);

/* Exit codes. EXIT_ENTRY_DIED: the entry called exit() before the run ended
 * (driver/guard.c); a fatal signal or the time limit ends it by that signal. */
enum { EXIT_ALL_VALID = 0, EXIT_INVALID = 1, EXIT_BAD_INPUT = 2, EXIT_ENTRY_DIED = 3 };

/* driver/guard.c: one stderr line naming entry, map, query (1-based, with
 * its scenario line) and signal or reason when the entry ends the process:
 * a fatal signal, exit() during the run, or the --time-limit alarm (wall
 * seconds from an ext entry's build, else from guard_start; 0: none). */
typedef enum { GUARD_OFF, GUARD_PREPROCESS, GUARD_PREPARE, GUARD_QUERY, GUARD_DONE } GuardPhase;
void guard_start(const char *entry, const char *map_path, const char *scen_path, int time_limit_s);
void guard_phase(GuardPhase p);
void guard_query(long index, long line);
/* The entry failed in a way only it knows (an exception out of a classic
 * entry, driver/ext.c): the same one line with `reason`, then SIGABRT. */
_Noreturn void guard_die(const char *reason);
/* Something only the entry knows went wrong but the run goes on (a classic
 * entry that shrank its path): the same one line with `reason`, and return. */
void guard_warn(const char *reason);
/* Seconds of --time-limit S left, counted from the first call (the ext
 * entry's build, else guard_start): the build and the run share one limit. */
double guard_seconds_left(int limit_s);

/* Parses argv; false + message on a usage error. *help is set for --help. */
bool args_parse(DriverArgs *a, int argc, char **argv, bool *help, Err *err);
void args_usage(FILE *out);
/* One entry's lines of args_usage: its summary and options (--entry NAME:help). */
void args_entry_usage(FILE *out, const Entry *e);

/* PRE_DIR/<entry>[_<key>=<val>...]-<map base name>.pre, creating the
 * folder when absent. PRE_DIR is --pre-dir, else results/pre of the checkout
 * the binary was built in (the binary's folder's parent), never a folder
 * relative to the current one. False + message when it cannot be made or used. */
bool pre_file_path(const DriverArgs *a, char *out, size_t size, Err *err);

/* What one query (one repetition) measured. */
typedef struct QueryResult {
    uint64_t total_ns, max_step_ns, first20_ns;
    /* The same calls by the thread's CPU clock (never charged a map change). */
    uint64_t total_cpu_ns, max_step_cpu_ns;
    bool cpu_per_call;      /* max_step_cpu_ns measured (--cpu-clock call); else 0 */
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
    bool optimal;       /* valid and within the scenario's printed precision of its optimum (-check's rule, bound 1) */
} QueryResult;

/* Every GetPath call's time in a histogram of fixed size, so that recording
 * a call costs a few instructions and no memory grows while the entry runs
 * (the driver's own growth would count in mem_kb): values below 128 ns
 * exactly, above that 64 buckets per power of two, each at most 1/64 of its
 * lower edge wide (driver/calltimes.c). */
#define CALL_HIST_SUB_BITS 6
#define CALL_HIST_BUCKETS ((64 - CALL_HIST_SUB_BITS + 1) << CALL_HIST_SUB_BITS)
typedef struct CallHist {
    uint64_t count[CALL_HIST_BUCKETS];
    uint64_t n, max; /* calls recorded; the largest value, exactly */
} CallHist;
void call_hist_add(CallHist *h, uint64_t ns);
/* The nearest-rank quantile per_mille/1000 (990: p99, 999: p99.9) as its
 * bucket's upper edge, never above the exact maximum: at most 1/64 above the
 * true value. 0 when nothing was recorded. */
uint64_t call_hist_quantile(const CallHist *h, unsigned per_mille);

/* The calling thread's page faults so far (getrusage RUSAGE_THREAD): minor,
 * a page mapped without reading the disk (a first touch of fresh memory, a
 * text page already in the page cache), and major, a page read from disk.
 * A long call with faults paid for pages; one without did not. */
typedef struct Faults {
    long minor, major;
} Faults;
Faults faults_now(void);

/* One GetPath call's --calls line, kept until the buffer is written. */
typedef struct CallLine {
    uint64_t wall_ns, cpu_ns;
    size_t cells;
    long call;
    int query;
    uint32_t minflt, majflt; /* the thread's page faults from just before the call to just after */
    bool done;
} CallLine;
/* --call-counters (driver/call_counters.c): the entry's counters named,
 * read with Counters.per_call after every call of --calls and once before
 * a query's first, outside the call's clocks and page-fault reads; each
 * call's differences are kept beside its CallLine in `kept`, reserved and
 * touched before the entry starts, as calls_kept is. */
typedef struct CallCounters {
    int n;
    const char (*key)[CALL_COUNTER_KEY]; /* DriverArgs.call_keys */
    int at[CALL_COUNTERS_MAX];           /* each key's place in the last reading (-1: Counters.expanded) */
    double last[CALL_COUNTERS_MAX];      /* the values at the last reading */
    Counters read;                       /* the entry's pairs, read into here */
    double *kept;                        /* CALLS_KEPT_MAX lines of n differences */
} CallCounters;
/* Checks cc's keys (n and key set with kept, before the entry starts:
 * run_open_query_outputs) against the pairs entry e reports per call
 * (`expanded`, and Counters.extra with per_call set, numbers only), read
 * once from inst; false after one stderr line naming the first unknown key
 * and every key the entry offers. */
bool call_counters_bind(CallCounters *cc, const Entry *e, void *inst);
/* The entry's counters now, each into cc->last (before a query's first call). */
void call_counters_start(CallCounters *cc, const Entry *e, void *inst);
/* The counters now, less cc->last, into diff[0..n); cc->last becomes now. */
void call_counters_step(CallCounters *cc, const Entry *e, void *inst, double *diff);

/* Lines kept before they are written: 48 bytes each, 192 KB in all, allocated
 * and touched before the entry starts (so not in mem_kb). A write cools the
 * caches for the call after it: too few calls to move a p99.9, but enough to
 * be a map's longest call, so writes fall between queries at a fill drawn
 * anew for each write and each run (calls_write_at), and a call read at its
 * least over rounds is not read cooled in all of them. */
#define CALLS_KEPT_MAX 4096

/* The entry's own GetPath time by both clocks: every call, and the longest
 * whole query (its calls summed). A map change the dynamic kit charges to the
 * next call is not in these (SUMMARY's update_us_* report it). */
typedef struct CallTimes {
    CallHist wall, cpu;
    uint64_t query_wall_max, query_cpu_max;
    /* The CPU clock's own cost inside a call's interval (its system call),
     * taken off every call's CPU time; set by call_times_calibrate. */
    uint64_t cpu_overhead_ns;
    /* Read the CPU clock around every call (cpu filled) rather than around
     * the whole query (--cpu-clock; docs/driver-output.md says why). */
    bool cpu_per_call;
    /* Calls whose CPU time read above their wall time, taken down to it. */
    long cpu_clamped;
    /* --calls: the file (NULL: none); a call of a query with calls_on (its
     * first repetition) is kept in calls_kept under the index calls_query, and
     * the kept lines are written as calls_write_at says and at the end of the
     * run (report_calls_flush): a line written after each call cooled the
     * caches for the calls measured. */
    FILE *calls_out;
    bool calls_on;
    int calls_query, calls_nkept;
    CallLine *calls_kept;
    /* The kept lines are written before the next query once calls_nkept
     * reaches calls_write_at, drawn in [CALLS_KEPT_MAX / 2, CALLS_KEPT_MAX)
     * from calls_draw (seeded by the clock, so each run differs; the file's
     * contents do not depend on when it is written), or in a query's calls
     * when the buffer is full. */
    int calls_write_at;
    uint64_t calls_draw;
    CallCounters counters; /* --call-counters: n 0 without it */
} CallTimes;
/* Sets t->cpu_overhead_ns to the least CPU time measured around nothing, in
 * the order replay_query reads the clocks, over a thousand tries. */
void call_times_calibrate(CallTimes *t);
/* A call's CPU time as the driver reads it: dc, the thread's CPU clock
 * around the call, less the clocks' own cost (t->cpu_overhead_ns), and
 * never above dt, the wall time around it: the CPU interval holds the wall
 * one, so CPU time above the wall time is the clock's error, never the
 * call's (docs/driver-output.md). *clamped says whether it was cut to dt.
 * replay_query and call_times_floor both read calls so. */
static inline uint64_t call_cpu_net(uint64_t dc, uint64_t dt, uint64_t overhead, bool *clamped)
{
    dc = dc > overhead ? dc - overhead : 0;
    *clamped = dc > dt;
    return *clamped ? dt : dc;
}
/* The floor of the longest call in this harness (SUMMARY call_cpu_floor_us):
 * `calls` (at most CALL_FLOOR_CALLS_MAX) timed calls of a GetPath that
 * returns at once, each read as replay_query reads a call by the CPU clock,
 * each taken at its least over CALL_FLOOR_ROUNDS passes (as a map's calls
 * are read at their least over rounds, scripts/mm_paper.py), and the longest
 * of those. A limit on a map's longest call below it is one that no entry's
 * call meets here, whatever the entry does. */
#define CALL_FLOOR_CALLS_MAX 1024
#define CALL_FLOOR_ROUNDS 3
uint64_t call_times_floor(const CallTimes *t, size_t calls);

/* Running totals for the SUMMARY line. */
typedef struct Totals {
    long queries, valid, invalid, over_bound, unreachable;
    /* Dynamic maps: queries skipped (start or goal blocked or cut off),
     * update batches, their time, and whether the entry was rebuilt instead. */
    bool dynamic;
    long skipped, updates;
    double update_ns, update_cpu_ns; /* the second by the thread's CPU clock */
    bool rebuilt;
    bool updates_charged;     /* each update's time is in the next query's first call (the kit's rule) */
    uint64_t *update_each_ns; /* per update, for the p99 and max */
    size_t update_each_cap;
    /* Scenario policy: queries left out by --bad-queries=skip, and queries
     * whose optimum lies below the octile distance of their ends. */
    long bad_queries, below_octile;
    /* Paths within the scenario's precision of the optimum; queries whose map
     * column names another map than MAP. */
    long optimal, scen_map_mismatch;
    /* Paths shorter than the optimum (a wrong scenario); the preprocessing
     * file's rejection (a short reason, NULL when it was used) and the
     * rebuild in memory that followed. */
    long below_optimum;
    const char *pre_rejected;
    double rebuild_s;
    double total_ns, first20_ns, subopt_sum, subopt_max, expanded, calls;
    double total_cpu_ns; /* the queries' calls by the thread's CPU clock, updates charged or not as total_ns */
    uint64_t max_step_ns;
    /* What the entry added to the process at its peak, prepare and queries:
     * mem_kb = rss_peak_kb - rss_base_kb, the peak resident set from the
     * entry's prepare to the end of the run minus the driver's own resident
     * set before the entry started (docs/driver-output.md "Memory"). */
    long mem_kb, rss_base_kb, rss_peak_kb;
    CallTimes times; /* sized at compile time: zeroed before rss_base_kb is read */
} Totals;

/* Runs one query through the entry, times every GetPath call by the wall
 * clock and, around each call when times->cpu_per_call (NULL times: too),
 * else around the whole query, by the thread's CPU clock (each read once
 * before and once after, the CPU clock outside the wall clock's interval so
 * the wall times hold none of its cost, and its own cost,
 * times->cpu_overhead_ns, taken off each CPU time) and validates the path; `path` is reused (its
 * length reset). Each call's times go into `times` too (NULL: not recorded).
 * `why` gets the reason for an invalid path. first20_ns: the calls until the
 * path is 20 distance units long (the kits' rule since 2023), or 20 cells
 * with first20_cells. join_idle: the dynamic kit's rule, which forbids an
 * empty piece marked incomplete (its binding, kits/dynamic, calls again
 * within the same kit call): a call that returns false having appended
 * nothing is joined to the next one, so calls, the longest call and the
 * per-call histograms count kit calls, as the kit's result.csv does; the
 * joined calls are made back to back inside one timed interval, as the
 * binding makes them inside the kit's, with no clock read between. An
 * empty answer to s == g is valid (length 0) unless join_idle: the classic
 * kit's validator takes it, the dynamic kit reads an empty path as "no path". */
void replay_query(const Entry *e, void *inst, const Grid *map, const ScenQuery *q, double bound, bool first20_cells,
                  bool join_idle, xyPath *path, QueryResult *r, CallTimes *times, char *why, size_t why_size);
void totals_add(Totals *t, const QueryResult *r);
/* The path every query is replayed into, made ready before the entry starts:
 * room for the longest path the scenario's optima foresee (2 x the longest
 * optimum plus 2 cells, at most the map's cells, a page at least), every
 * byte of it written once. An
 * entry appends to it inside timed calls, so a buffer grown there (a realloc,
 * fresh heap pages taking their first write) would time the kernel's page
 * faults as the entry's call; the pages count in the driver's own memory
 * (rss_base_kb), not the entry's. A longer path still grows it. */
void replay_path_ready(xyPath *path, const Scenario *scen, const Grid *map);
/* The dynamic kit's rule: a map change's time `ns` counts in the first
 * get_path call after it, so in total, first-20 and that call's step. */
void replay_charge_update(QueryResult *r, uint64_t ns);

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
    bool charged;         /* r's times already hold snapshot_ns (replay_charge_update) */
} CsvRow;
void kit_csv_header(FILE *out, bool dynamic, bool extra);
void kit_csv_row(FILE *out, bool dynamic, bool extra, const CsvRow *row);
void report_summary(FILE *out, const char *entry_name, const Totals *t, long ram_before_kb, long ram_after_kb,
                    long long storage_bytes, double pre_s, const Counters *c);

/* --trace (driver/trace_yaml.c): a posthoc search trace of one query, written
 * whole (temporary file, renamed by trace_close) and stopped after
 * TRACE_MAX_EVENTS events, which trace_close then says on stderr and in the file. */
#define TRACE_MAX_EVENTS 2000000
typedef struct TraceYaml {
    BinFile f;
    Tracer tracer; /* what the entry's set_tracer gets */
    int width;
    long events;
    bool truncated;
} TraceYaml;
/* Opens the file and writes the header and the query's own source and
 * destination; false + "FILE: problem". */
bool trace_open(TraceYaml *t, const char *path, const Grid *map, const DriverArgs *a, const ScenQuery *q, Err *err);
bool trace_close(TraceYaml *t, Err *err);

/* --calls (driver/report.c): writes the file's header line to out, which
 * t's lines go to, and draws the first calls_write_at from a seed of the
 * clock and the process (t->calls_kept allocated by the caller). */
void report_calls_start(CallTimes *t, FILE *out);
/* Writes the --calls lines t->calls_kept holds, empties it and draws the
 * next calls_write_at. */
void report_calls_flush(CallTimes *t);
/* Before a query: writes the kept lines once they reach calls_write_at. */
void report_calls_between(CallTimes *t);

/* --paths: one line per replayed query, "ID<TAB>LENGTH<TAB>OPTIMUM<TAB>x,y x,y ...",
 * the cells (or waypoints) as the entry returned them; LENGTH -1 for no path. */
void report_path_line(FILE *out, int id, const ScenQuery *q, const QueryResult *r, const xyPath *path);

/* --json (driver/json.c): a query as one JSON object line; the SUMMARY text
 * line (as report_summary writes it) as one object of the same pairs, numbers
 * as numbers, other values as strings, plus "type":"summary". */
void json_query(FILE *out, const char *scen_name, int id, int rep, const ScenQuery *q, const QueryResult *r);
void json_summary(FILE *out, const char *summary_line);

/* `--entry ext:DIR` (driver/ext.c): builds the classic-kit entry folder DIR
 * with scripts/ext_build.py (its messages on stderr), loads the object and
 * points *out at an entry named after the folder. False + message when the
 * name is one of ours, the build fails, outlasts time_limit_s (> 0) or the
 * object does not load. */
bool ext_entry_open(const char *dir, int time_limit_s, const Entry **out, Err *err);

/* VmRSS of this process in kB (0 when /proc is unavailable). */
long rss_kb(void);
/* VmHWM, the peak resident set, in kB (0 when unavailable); reset_peak_rss
 * sets it back to the current VmRSS (false when the kernel refuses). */
long peak_rss_kb(void);
bool reset_peak_rss(void);
/* The bytes of a file, or of every file below a folder (0 when absent). */
long long path_bytes(const char *path);
const char *base_name(const char *path);

#endif
