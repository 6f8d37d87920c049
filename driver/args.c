#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/lines.h"
#include "driver.h"

void args_usage(FILE *out)
{
    fprintf(out, "usage: build/gppc [--entry NAME[:key=val,...]] [--pre-dir DIR] [--csv FILE]\n"
                 "                  [--repeat N] [--changes FILE [--rebuild]] -full|-pre|-run|-check MAP SCEN\n"
                 "  -pre    preprocess MAP into DIR (default results/pre/)\n"
                 "  -run    load the preprocessing file and replay SCEN\n"
                 "  -full   -pre then -run\n"
                 "  -check  -full, and fail on a path above the entry's suboptimality bound\n"
                 "  --changes FILE  dynamic map: lines 'after_query x y passable' (0/1) change the\n"
                 "          map after that query (0-based); later optima come from the driver's A*\n"
                 "          on the changed map, queries with a blocked or cut-off end are skipped,\n"
                 "          entries without update() are rebuilt from scratch (time reported)\n"
                 "  --rebuild  with --changes: rebuild from scratch even when the entry has update()\n"
                 "          (the baseline an incremental update is compared with)\n"
                 "start-kit forms (README \"Start-kit compatibility\"):\n"
                 "  -pre MAP [none]   the classic kit's preprocessing form (a third argument is ignored)\n"
                 "  -full|-run|-check SCEN2   a version-2 scenario of the dynamic kit, alone\n"
                 "  --csv-extra       our columns (bucket,expanded,valid,rep,calls) after the kit's\n"
                 "  --first20 cells|distance  20steps_cost until 20 cells, or 20 distance units\n"
                 "          (default: the kits' rule since 2023)\n"
                 "exit: 0 all paths valid, 1 an invalid (or, -check, over-bound) path, 2 bad input\n"
                 "entries:\n");
    for (int i = 0; ENTRY_TABLE[i]; i++)
        fprintf(out, "  %-8s %s%s\n", ENTRY_TABLE[i]->name, ENTRY_TABLE[i]->summary,
                ENTRY_TABLE[i]->not_in_default_suite ? " [not in the default suite]" : "");
}

static bool set_mode(DriverArgs *a, DriverMode m, const char *flag, Err *err)
{
    if (a->mode != MODE_NONE)
        return err_set(err, "%s: only one of -full, -pre, -run, -check may be given", flag);
    a->mode = m;
    return true;
}

/* The start-kit options (--csv-extra, --first20); true when `arg` was one,
 * with err->msg set on a bad value. Advances *i past a value it took. */
static bool kit_option(DriverArgs *a, const char *arg, const char *value, int *i, Err *err)
{
    err->msg[0] = '\0';
    if (!strcmp(arg, "--csv-extra")) {
        a->csv_extra = true;
    } else if (!strcmp(arg, "--first20")) {
        (*i)++;
        if (!strcmp(value, "cells"))
            a->first20_cells = true;
        else if (strcmp(value, "distance") != 0)
            err_set(err, "--first20 %s: expected 'cells' or 'distance'", value);
    } else {
        return false;
    }
    return true;
}

bool args_parse(DriverArgs *a, int argc, char **argv, bool *help, Err *err)
{
    memset(a, 0, sizeof *a);
    a->entry_spec = entry_default()->name;
    a->pre_dir = "results/pre";
    a->repeat = 1;
    *help = false;
    const char *positional[2];
    int npos = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        bool takes_value = !strcmp(arg, "--entry") || !strcmp(arg, "--pre-dir") || !strcmp(arg, "--csv") ||
                           !strcmp(arg, "--repeat") || !strcmp(arg, "--changes") || !strcmp(arg, "--first20");
        if (takes_value && i + 1 >= argc)
            return err_set(err, "%s needs a value", arg);
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            *help = true;
            return true;
        } else if (!strcmp(arg, "--entry")) {
            a->entry_spec = argv[++i];
        } else if (!strcmp(arg, "--pre-dir")) {
            a->pre_dir = argv[++i];
        } else if (kit_option(a, arg, argv[i + 1], &i, err)) {
            if (err->msg[0])
                return false;
        } else if (!strcmp(arg, "--rebuild")) {
            a->rebuild = true;
        } else if (!strcmp(arg, "--changes")) {
            a->changes = argv[++i];
        } else if (!strcmp(arg, "--csv")) {
            a->csv = argv[++i];
        } else if (!strcmp(arg, "--repeat")) {
            long n;
            if (!parse_int(argv[++i], &n) || n < 1 || n > 1000)
                return err_set(err, "--repeat %s: expected an integer in 1..1000", argv[i]);
            a->repeat = (int)n;
        } else if (!strcmp(arg, "-pre")) {
            if (!set_mode(a, MODE_PRE, arg, err))
                return false;
        } else if (!strcmp(arg, "-run")) {
            if (!set_mode(a, MODE_RUN, arg, err))
                return false;
        } else if (!strcmp(arg, "-full")) {
            if (!set_mode(a, MODE_FULL, arg, err))
                return false;
        } else if (!strcmp(arg, "-check")) {
            if (!set_mode(a, MODE_CHECK, arg, err))
                return false;
        } else if (arg[0] == '-' && arg[1] != '\0') {
            return err_set(err, "unknown option '%s'", arg);
        } else {
            if (npos == 2)
                return err_set(err, "unexpected argument '%s' (MAP and SCEN already given)", arg);
            positional[npos++] = arg;
        }
    }
    if (a->mode == MODE_NONE)
        return err_set(err, "no mode given: one of -full, -pre, -run, -check");
    if (npos < 1)
        return err_set(err, "expected MAP and SCEN (or a version-2 scenario alone) after the options");
    a->npos = npos;
    if (npos == 1) /* MAP alone (-pre) or a version-2 scenario; main.c tells them apart */
        positional[1] = positional[0];
    if (a->rebuild && !a->changes)
        return err_set(err, "--rebuild only applies with --changes");
    if (a->changes && a->repeat > 1)
        return err_set(err, "--changes and --repeat exclude each other (the map would differ between repetitions)");
    if (a->changes && a->mode == MODE_PRE)
        return err_set(err, "--changes needs queries to replay: use -full, -run or -check");
    a->map_path = positional[0];
    a->scen_path = positional[1];
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
    char tag[1024];
    size_t used = (size_t)snprintf(tag, sizeof tag, "%s", a->entry->name);
    for (int i = 0; i < a->opts.n && used < sizeof tag; i++)
        used += (size_t)snprintf(tag + used, sizeof tag - used, "_%s=%s", a->opts.kv[i].key, a->opts.kv[i].val);
    for (char *p = tag; *p; p++)
        if (*p == '/' || *p == ' ' || *p == '%')
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
