#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/lines.h"
#include "driver.h"

/* The driver's options, one row each: getopt_long's table and --help are
 * both generated from it, so an option added here is parsed and documented
 * in one place. The competition's modes keep their single dash
 * (getopt_long_only accepts -full as well as --full); every other option
 * takes both GNU forms, --entry X and --entry=X. */
typedef struct DriverOption {
    const char *name;
    const char *metavar; /* NULL: takes no value */
    const char *help;    /* lines after the first start with "\n" */
    bool (*apply)(DriverArgs *a, const char *val, Err *err);
    bool mode; /* shown as -NAME */
} DriverOption;

static bool set_mode(DriverArgs *a, DriverMode m, const char *flag, Err *err)
{
    if (a->mode != MODE_NONE)
        return err_set(err, "-%s: only one of -full, -pre, -run, -check may be given", flag);
    a->mode = m;
    return true;
}

static bool opt_full(DriverArgs *a, const char *v, Err *err) { return (void)v, set_mode(a, MODE_FULL, "full", err); }
static bool opt_pre(DriverArgs *a, const char *v, Err *err) { return (void)v, set_mode(a, MODE_PRE, "pre", err); }
static bool opt_run(DriverArgs *a, const char *v, Err *err) { return (void)v, set_mode(a, MODE_RUN, "run", err); }
static bool opt_check(DriverArgs *a, const char *v, Err *err) { return (void)v, set_mode(a, MODE_CHECK, "check", err); }
/* --entry NAME:help: NAME's options as --help lists them, exit 0, no mode
 * needed. */
static bool opt_entry(DriverArgs *a, const char *v, Err *err)
{
    a->entry_spec = v;
    const char *colon = strchr(v, ':');
    if (!colon || strcmp(colon + 1, "help") != 0 || !strncmp(v, "ext:", 4))
        return true;
    char name[64];
    EntryOpts none;
    snprintf(name, sizeof name, "%.*s", (int)(colon - v), v);
    if (!entry_parse_spec(name, &a->help_entry, &none, err))
        return false;
    a->help = true;
    return true;
}
static bool opt_pre_dir(DriverArgs *a, const char *v, Err *err) { return (void)err, a->pre_dir = v, true; }
static bool opt_csv(DriverArgs *a, const char *v, Err *err) { return (void)err, a->csv = v, true; }
static bool opt_changes(DriverArgs *a, const char *v, Err *err) { return (void)err, a->changes = v, true; }
static bool opt_rebuild(DriverArgs *a, const char *v, Err *err) { return (void)v, (void)err, a->rebuild = true; }
/* The dynamic kit charges a map change to the next get_path call; 0 reports
 * updates apart only (the searches' own times). */
static bool opt_charge_updates(DriverArgs *a, const char *v, Err *err)
{
    if (strcmp(v, "0") && strcmp(v, "1"))
        return err_set(err, "--charge-updates %s: expected 0 or 1", v);
    a->updates_apart = v[0] == '0';
    return true;
}
static bool opt_cpu_clock(DriverArgs *a, const char *v, Err *err)
{
    if (strcmp(v, "call") && strcmp(v, "query"))
        return err_set(err, "--cpu-clock %s: expected call or query", v);
    a->cpu_per_call = v[0] == 'c';
    return true;
}
static bool opt_help(DriverArgs *a, const char *v, Err *err) { return (void)v, (void)err, a->help = true; }
static bool opt_version(DriverArgs *a, const char *v, Err *err) { return (void)v, (void)err, a->version = true; }
static bool opt_json(DriverArgs *a, const char *v, Err *err) { return (void)v, (void)err, a->json = true; }
static bool opt_csv_extra(DriverArgs *a, const char *v, Err *err) { return (void)v, (void)err, a->csv_extra = true; }
static bool opt_strict_pre(DriverArgs *a, const char *v, Err *err) { return (void)v, (void)err, a->strict_pre = true; }

/* The current start kits count the first 20 distance units (docs/driver.md
 * "Start-kit compatibility"); the older rule counted 20 cells. */
static bool opt_first20(DriverArgs *a, const char *v, Err *err)
{
    if (strcmp(v, "cells") && strcmp(v, "distance"))
        return err_set(err, "--first20 %s: expected 'cells' or 'distance'", v);
    a->first20_cells = v[0] == 'c';
    return true;
}

static bool opt_repeat(DriverArgs *a, const char *v, Err *err)
{
    long n;
    if (!parse_int(v, &n) || n < 1 || n > 1000)
        return err_set(err, "--repeat %s: expected an integer in 1..1000", v);
    a->repeat = (int)n;
    return true;
}

static bool opt_bad_queries(DriverArgs *a, const char *v, Err *err)
{
    if (strcmp(v, "fail") && strcmp(v, "skip"))
        return err_set(err, "--bad-queries %s: expected fail or skip", v);
    a->skip_bad_queries = v[0] == 's';
    return true;
}

static bool opt_query(DriverArgs *a, const char *v, Err *err)
{
    long n;
    if (!parse_int(v, &n) || n < 0 || n > 100000000)
        return err_set(err, "--query %s: expected a query index (0-based, as the CSV's experiment_id)", v);
    a->query = (int)n;
    return true;
}
static bool opt_trace(DriverArgs *a, const char *v, Err *err) { return (void)err, a->trace = v, true; }
static bool opt_paths(DriverArgs *a, const char *v, Err *err) { return (void)err, a->paths = v, true; }
static bool opt_calls(DriverArgs *a, const char *v, Err *err) { return (void)err, a->calls = v, true; }
/* The keys as given; whether the entry reports them is known only once
 * it has an instance (call_counters_bind). */
static bool opt_call_counters(DriverArgs *a, const char *v, Err *err)
{
    for (const char *p = v;; p++) {
        size_t len = strcspn(p, ",");
        if (len == 0)
            return err_set(err, "--call-counters %s: an empty key (expected KEY,KEY,...)", v);
        if (len >= CALL_COUNTER_KEY)
            return err_set(err, "--call-counters: key '%.*s' is longer than %d characters", (int)len, p,
                           CALL_COUNTER_KEY - 1);
        if (a->ncall_keys == CALL_COUNTERS_MAX)
            return err_set(err, "--call-counters %s: at most %d keys", v, CALL_COUNTERS_MAX);
        snprintf(a->call_keys[a->ncall_keys++], CALL_COUNTER_KEY, "%.*s", (int)len, p);
        p += len;
        if (!*p)
            return true;
    }
}

static bool opt_bound(DriverArgs *a, const char *v, Err *err)
{
    double x;
    if (!parse_double(v, &x) || !(x >= 1.0 && x <= 1e6))
        return err_set(err, "--bound %s: expected a number >= 1 (path length / optimum)", v);
    a->bound = x;
    return true;
}

static bool opt_time_limit(DriverArgs *a, const char *v, Err *err)
{
    long n;
    if (!parse_int(v, &n) || n < 1 || n > 30 * 24 * 3600)
        return err_set(err, "--time-limit %s: expected whole seconds, 1 or more", v);
    a->time_limit_s = (int)n;
    return true;
}

static const DriverOption OPTIONS[] = {
    {"full", NULL, "-pre then -run", opt_full, true},
    {"pre", NULL, "preprocess MAP into the pre-dir", opt_pre, true},
    {"run", NULL, "load the preprocessing file and replay SCEN", opt_run, true},
    {"check", NULL,
     "-full, and fail on a path above the entry's suboptimality bound\n"
     "(1 for optimal entries; an entry without a proven bound, such as mm,\n"
     "is only validated unless --bound X is given)",
     opt_check, true},
    {"entry", "NAME[:key=val,...]", "the entry and its options (default mm; entries and options below)", opt_entry,
     false},
    {"pre-dir", "DIR",
     "where preprocessing files go (default: results/pre beside the binary's\n"
     "folder, i.e. the checkout's own results/pre for build/gppc, whatever the\n"
     "current folder)",
     opt_pre_dir, false},
    {"csv", "FILE", "also write one CSV row per query (columns: docs/driver.md)", opt_csv, false},
    {"repeat", "N", "replay the scenario N times (1..1000), for confidence intervals", opt_repeat, false},
    {"changes", "FILE",
     "dynamic map: lines 'after_query x y passable' (0/1) change the\n"
     "map after that query (0-based); later optima come from the driver's A*\n"
     "on the changed map, queries with a blocked or cut-off end are skipped,\n"
     "entries without update() are rebuilt from scratch (time reported)",
     opt_changes, false},
    {"rebuild", NULL,
     "with --changes: rebuild from scratch even when the entry has update()\n"
     "(the baseline an incremental update is compared with)",
     opt_rebuild, false},
    {"charge-updates", "1|0",
     "with changes: 1 (default, as the dynamic kit) adds each update's time to\n"
     "the next query's first call (total, first-20, longest call); 0 reports it apart",
     opt_charge_updates, false},
    {"cpu-clock", "query|call",
     "the thread's CPU clock read around each query (default) or each call;\n"
     "call gives call_cpu_* in SUMMARY, but its system calls slow the calls\n"
     "that follow them, so an entry answering in many calls is timed slower",
     opt_cpu_clock, false},
    {"bad-queries", "fail|skip",
     "a query whose start or goal is outside the map or blocked: fail stops\n"
     "with a message (default); skip runs the rest and counts bad_queries",
     opt_bad_queries, false},
    {"bound", "X", "with -check: fail on a path longer than X x the optimum (any entry)", opt_bound, false},
    {"csv-extra", NULL, "our columns (bucket,expanded,valid,rep,calls,optimal) after the start kit's in --csv",
     opt_csv_extra, false},
    {"first20", "cells|distance",
     "20steps_cost until the path is 20 distance units long (default, the\n"
     "kits' rule since 2023) or 20 cells (the older rule)",
     opt_first20, false},
    {"query", "N",
     "report query N alone (0-based, the CSV's experiment_id); the queries\n"
     "before it run unreported, so the entry answers it as in the whole run",
     opt_query, false},
    {"trace", "FILE",
     "with --query: write that query's searches as a posthoc search trace\n"
     "(YAML; astar, jps, jps+ and mm; docs/traces.md)",
     opt_trace, false},
    {"paths", "FILE", "write each replayed query's cells: ID LENGTH OPTIMUM x,y x,y ... (tab-separated)", opt_paths,
     false},
    {"calls", "FILE",
     "write a line per GetPath call of each replayed query: query, call, cells\n"
     "it appended, done, wall us, CPU us (with --cpu-clock call, else -), and\n"
     "the thread's minor and major page faults during the call",
     opt_calls, false},
    {"call-counters", "KEY,...",
     "with --calls: a column per KEY, the change of the entry's counter KEY over\n"
     "the call, read outside its clocks (at most 8; 'expanded' and the entry's\n"
     "SUMMARY numbers it reads per call: an unknown KEY lists them; docs/driver-output.md)",
     opt_call_counters, false},
    {"json", NULL,
     "stdout as JSON lines: an object per query, then the SUMMARY pairs as\n"
     "one object (docs/driver-output.md)",
     opt_json, false},
    {"time-limit", "S",
     "end the run after S seconds of wall time (an ext:DIR entry's build and\n"
     "preprocessing included) with one line naming the query it was in (or the\n"
     "entry whose build it stopped); fatal signals and an exit() by the entry\n"
     "are reported the same way (exit 3 for an exit, else the signal's own end)",
     opt_time_limit, false},
    {"strict-pre", NULL,
     "a preprocessing file that is rejected (missing, corrupt, stale, built\n"
     "with other options) is an error, exit 2; without it the entry is rebuilt\n"
     "in memory and SUMMARY says pre_rejected=REASON rebuild_s=SECONDS",
     opt_strict_pre, false},
    {"version", NULL,
     "print the commit this binary was built from (its short hash, -dirty\n"
     "when the tree had uncommitted changes; unknown outside a git checkout),\n"
     "exit 0: tables name the binary they measured, not the tree they were\n"
     "made in",
     opt_version, false},
    {"help", NULL, "this text", opt_help, false},
};
enum { NOPTIONS = sizeof OPTIONS / sizeof OPTIONS[0] };

static void print_help_text(FILE *out, const char *text, int indent)
{
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        int len = nl ? (int)(nl - p) : (int)strlen(p);
        fprintf(out, "%.*s\n", len, p);
        if (!nl)
            break;
        p = nl + 1;
        fprintf(out, "%*s", indent, "");
    }
}

void args_entry_usage(FILE *out, const Entry *e)
{
    fprintf(out, "  %-8s %s%s\n", e->name, e->summary, e->not_in_default_suite ? " [not in the default suite]" : "");
    for (int k = 0; e->option_help && e->option_help[k]; k++)
        fprintf(out, "             %s\n", e->option_help[k]);
}

void args_usage(FILE *out)
{
    fprintf(out, "usage: build/gppc [OPTIONS] -full|-pre|-run|-check MAP SCEN\n"
                 "       build/gppc [OPTIONS] -pre MAP [none]        (the classic kit's form)\n"
                 "       build/gppc [OPTIONS] -full|-run|-check SCEN2  (a version-2 scenario of the dynamic kit)\n"
                 "modes:\n");
    for (int pass = 0; pass < 2; pass++) {
        if (pass)
            fprintf(out, "options (--name VALUE or --name=VALUE):\n");
        for (int i = 0; i < NOPTIONS; i++) {
            const DriverOption *o = &OPTIONS[i];
            if (o->mode != !pass)
                continue;
            char head[64];
            snprintf(head, sizeof head, "%s%s%s%s", o->mode ? "-" : "--", o->name, o->metavar ? " " : "",
                     o->metavar ? o->metavar : "");
            fprintf(out, "  %-26s ", head);
            print_help_text(out, o->help, 29);
        }
    }
    fprintf(out, "exit: 0 all paths valid, 1 an invalid (or, -check, over-bound) path, 2 bad input\n"
                 "entries (--entry NAME:key=val,key=val):\n");
    for (int i = 0; ENTRY_TABLE[i]; i++)
        args_entry_usage(out, ENTRY_TABLE[i]);
    fprintf(out, "  ext:DIR  a classic-kit entry folder, built unchanged and loaded [not in the default suite]\n"
                 "           (Entry.cpp, compile.sh or Makefile; its own build makes a cached shared\n"
                 "           object; named after the folder; docs/ext.md)\n");
}

/* Names a rejected argument for getopt's error returns ('?' and ':'). */
static bool getopt_error(char **argv, int code, Err *err)
{
    const char *arg = argv[optind - 1];
    if (code == ':')
        return err_set(err, "%s needs a value", arg);
    return err_set(err, "unknown option '%s'", arg);
}

/* <the binary's folder>/../results/pre: build/gppc run from anywhere uses its
 * checkout's results/pre (as from the checkout's root), never a results/
 * folder made in the current one. */
static bool default_pre_dir(DriverArgs *a, Err *err)
{
    char exe[sizeof a->pre_dir_default];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0 || (size_t)n >= sizeof exe - 1)
        return err_set(err, "no --pre-dir given and the binary's own folder is unknown (/proc/self/exe): give "
                            "--pre-dir DIR");
    exe[n] = '\0';
    /* /proc/self/exe is canonical (no symlinks, no dots): cutting the last
     * two components gives the folder above the binary's. */
    for (int up = 0; up < 2; up++) {
        char *slash = strrchr(exe, '/');
        if (!slash || slash == exe)
            return err_set(err, "no --pre-dir given and the binary %s has no folder above its own: give --pre-dir DIR",
                           exe);
        *slash = '\0';
    }
    int len = snprintf(a->pre_dir_default, sizeof a->pre_dir_default, "%s/results/pre", exe);
    if (len < 0 || (size_t)len >= sizeof a->pre_dir_default)
        return err_set(err, "%s: the default pre-dir's path is too long: give --pre-dir DIR", exe);
    a->pre_dir = a->pre_dir_default;
    return true;
}

bool args_parse(DriverArgs *a, int argc, char **argv, bool *help, Err *err)
{
    memset(a, 0, sizeof *a);
    a->entry_spec = entry_default()->name;
    a->repeat = 1;
    a->query = -1;
    *help = false;
    struct option longopts[NOPTIONS + 1];
    for (int i = 0; i < NOPTIONS; i++)
        longopts[i] =
            (struct option){OPTIONS[i].name, OPTIONS[i].metavar ? required_argument : no_argument, NULL, 256 + i};
    longopts[NOPTIONS] = (struct option){0, 0, 0, 0};
    /* getopt keeps its position in libc globals: start afresh (0 also resets
     * glibc's internal state) and report errors ourselves. */
    optind = 0;
    opterr = 0;
    int c;
    bool given[NOPTIONS] = {false};
    while ((c = getopt_long_only(argc, argv, ":h", longopts, NULL)) != -1) {
        if (c == 'h')
            c = 256 + NOPTIONS - 1;
        if (c < 256 || c >= 256 + NOPTIONS)
            return getopt_error(argv, c, err);
        if (given[c - 256] && !OPTIONS[c - 256].mode) /* the modes say it their own way */
            return err_set(err, "--%s given twice", OPTIONS[c - 256].name);
        given[c - 256] = true;
        if (!OPTIONS[c - 256].apply(a, optarg, err))
            return false;
        if (a->help || a->version) {
            *help = true;
            return true;
        }
    }
    int npos = argc - optind;
    if (a->mode == MODE_NONE)
        return err_set(err, "no mode given: one of -full, -pre, -run, -check");
    if (npos > 2)
        return err_set(err, "unexpected argument '%s' (MAP and SCEN already given)", argv[optind + 2]);
    if (npos < 1)
        return err_set(err, "expected MAP and SCEN (or a version-2 scenario alone) after the options");
    a->npos = npos;
    if (a->csv_extra && !a->csv)
        return err_set(err, "--csv-extra only applies with --csv");
    if (a->rebuild && !a->changes)
        return err_set(err, "--rebuild only applies with --changes");
    if (a->bound > 0 && a->mode != MODE_CHECK)
        return err_set(err, "--bound only applies with -check");
    if (a->changes && a->repeat > 1)
        return err_set(err, "--changes and --repeat exclude each other (the map would differ between repetitions)");
    if (a->trace && a->query < 0)
        return err_set(err, "--trace needs --query N: the query whose searches it writes");
    if (a->query >= 0 && a->changes)
        return err_set(err, "--query and --changes exclude each other (the map would miss earlier changes)");
    if ((a->query >= 0 || a->trace || a->paths || a->calls) && a->mode == MODE_PRE)
        return err_set(err, "--query, --trace, --paths and --calls need queries to replay: use -full, -run or -check");
    if (a->ncall_keys && !a->calls)
        return err_set(err, "--call-counters only applies with --calls");
    if (a->changes && a->mode == MODE_PRE)
        return err_set(err, "--changes needs queries to replay: use -full, -run or -check");
    if (!a->pre_dir && !default_pre_dir(a, err))
        return false;
    a->map_path = argv[optind];
    /* MAP alone (-pre) or a version-2 scenario alone: main.c tells them apart */
    a->scen_path = argv[optind + (npos == 2)];
    if (!strcmp(a->entry_spec, "ext"))
        return err_set(err, "--entry ext needs the entry's folder: --entry ext:DIR");
    if (!strncmp(a->entry_spec, "ext:", 4)) { /* no options: the rest is the folder */
        a->ext_failed = !ext_entry_open(a->entry_spec + 4, a->time_limit_s, &a->entry, err);
        return !a->ext_failed;
    }
    return entry_parse_spec(a->entry_spec, &a->entry, &a->opts, err);
}

static bool make_dirs(const char *dir, Err *err)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", dir) >= (int)sizeof buf)
        return err_set(err, "%s: --pre-dir path too long", dir);
    for (char *p = buf + 1;; p++) {
        if (*p == '/' || *p == '\0') {
            char c = *p;
            *p = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return err_set(err, "%s: cannot create pre-dir: %s", buf, strerror(errno));
            *p = c;
            if (!c)
                break;
        }
    }
    return true;
}

bool pre_file_path(const DriverArgs *a, char *out, size_t size, Err *err)
{
    struct stat st;
    if (a->mode != MODE_RUN && !make_dirs(a->pre_dir, err))
        return false;
    if (stat(a->pre_dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return err_set(err, "%s: pre-dir does not exist or is not a folder", a->pre_dir);
    int need = a->mode == MODE_RUN ? R_OK | X_OK : R_OK | W_OK | X_OK;
    if (access(a->pre_dir, need) != 0)
        return err_set(err, "%s: pre-dir is not %s", a->pre_dir,
                       a->mode == MODE_RUN ? "readable" : "readable and writable");
    /* The options in the order of their keys (opts_canonical), as the file
     * records them: the same settings given in another order name the same file. */
    char tag[1024], options[900];
    snprintf(tag, sizeof tag, "%s%s%s", a->entry->name, a->opts.n ? "_" : "",
             opts_canonical(&a->opts, options, sizeof options));
    for (char *p = tag; *p; p++)
        if (*p == '/' || *p == ' ' || *p == '%' || *p == ',')
            *p = *p == '%' ? 'p' : '_';
    char map[512];
    snprintf(map, sizeof map, "%s", base_name(a->map_path));
    char *dot = strrchr(map, '.');
    if (dot && !strcmp(dot, ".map"))
        *dot = '\0';
    if (snprintf(out, size, "%s/%s-%s.pre", a->pre_dir, tag, map) >= (int)size)
        return err_set(err, "%s: preprocessing file path too long", a->pre_dir);
    return true;
}
