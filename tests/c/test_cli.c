/* The driver's command line (driver/args.c): both GNU forms of every option,
 * the competition's single-dash modes, clear errors, and --help naming every
 * option each entry accepts. */
#include <stdlib.h>
#include <string.h>

#include "../../driver/driver.h"
#include "test.h"

/* Parses a space-separated command line (argv[0] included). */
static bool parse(const char *line, DriverArgs *a, bool *help, Err *err)
{
    char buf[512];
    char *argv[32];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *tok = strtok(buf, " "); tok && argc < 31; tok = strtok(NULL, " "))
        argv[argc++] = tok;
    argv[argc] = NULL;
    bool ok = args_parse(a, argc, argv, help, err);
    /* argv points into buf: keep what the tests read. */
    static char map[64], scen[64];
    if (ok && a->map_path) {
        snprintf(map, sizeof map, "%s", a->map_path);
        snprintf(scen, sizeof scen, "%s", a->scen_path);
        a->map_path = map;
        a->scen_path = scen;
    }
    a->entry_spec = NULL;
    a->pre_dir = NULL;
    a->csv = NULL;
    a->changes = NULL;
    return ok;
}

static void test_cli_gnu_forms(T *t)
{
    DriverArgs a;
    bool help;
    Err err;
    CHECKF(t, parse("gppc --entry=astar:w=2 --repeat=3 -full m.map m.scen", &a, &help, &err), "%s", err.msg);
    CHECK(t, a.entry && !strcmp(a.entry->name, "astar") && a.repeat == 3 && a.mode == MODE_FULL);
    CHECK(t, !strcmp(a.map_path, "m.map") && !strcmp(a.scen_path, "m.scen"));
    CHECKF(t, parse("gppc --entry jps --repeat 2 -run m.map m.scen", &a, &help, &err), "%s", err.msg);
    CHECK(t, a.entry && !strcmp(a.entry->name, "jps") && a.repeat == 2 && a.mode == MODE_RUN);
    /* Options after the positional arguments, as getopt allows. */
    CHECKF(t, parse("gppc -check m.map m.scen --entry=ch --bound=1.5 --bad-queries=skip", &a, &help, &err), "%s",
           err.msg);
    CHECK(t, a.mode == MODE_CHECK && a.bound == 1.5 && a.skip_bad_queries && !strcmp(a.entry->name, "ch"));
    CHECK(t, parse("gppc --help", &a, &help, &err) && help);
    CHECK(t, parse("gppc -h", &a, &help, &err) && help);
}

static void test_cli_errors(T *t)
{
    DriverArgs a;
    bool help;
    Err err;
    CHECK(t, !parse("gppc --entyr=astar -full m s", &a, &help, &err) && contains(err.msg, "unknown option") &&
                 contains(err.msg, "--entyr"));
    CHECK(t, !parse("gppc -full m s --entry", &a, &help, &err) && contains(err.msg, "--entry needs a value"));
    CHECK(t, !parse("gppc -full -run m s", &a, &help, &err) && contains(err.msg, "only one of"));
    CHECK(t, !parse("gppc m s", &a, &help, &err) && contains(err.msg, "no mode"));
    CHECK(t, !parse("gppc -full", &a, &help, &err) && contains(err.msg, "expected MAP and SCEN"));
    /* One positional is the dynamic kit's version-2 scenario alone (main.c checks the file). */
    CHECK(t, parse("gppc -full s2", &a, &help, &err) && a.npos == 1 && !strcmp(a.scen_path, "s2"));
    CHECK(t, !parse("gppc -full m s x", &a, &help, &err) && contains(err.msg, "unexpected argument 'x'"));
    CHECK(t, !parse("gppc --repeat=0 -full m s", &a, &help, &err) && contains(err.msg, "--repeat 0"));
    CHECK(t, !parse("gppc --bad-queries=drop -full m s", &a, &help, &err) && contains(err.msg, "fail or skip"));
    CHECK(t, !parse("gppc --bound=0.5 -check m s", &a, &help, &err) && contains(err.msg, "--bound 0.5"));
    CHECK(t, !parse("gppc --bound=2 -full m s", &a, &help, &err) && contains(err.msg, "only applies with -check"));
    CHECK(t, !parse("gppc --rebuild -full m s", &a, &help, &err) && contains(err.msg, "--changes"));
    CHECK(t, !parse("gppc --entry=nosuch -full m s", &a, &help, &err) && contains(err.msg, "nosuch"));
    /* An option list cut short is refused as "mm:sector=8," is; the name alone means the defaults. */
    CHECK(t,
          !parse("gppc --entry=mm: -full m s", &a, &help, &err) && contains(err.msg, "entry mm: no options after ':'"));
    CHECK(t, parse("gppc --entry=mm -full m s", &a, &help, &err) && a.opts.n == 0);
}

/* What --help prints (only == NULL), or --entry NAME:help for entry `only`;
 * the caller frees it. */
static char *usage_text(T *t, const Entry *only)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    CHECK(t, out != NULL);
    if (!out)
        return NULL;
    if (only)
        args_entry_usage(out, only);
    else
        args_usage(out);
    fclose(out);
    return text;
}

/* --entry NAME:help: that entry's lines of --help alone, exit 0 with no mode;
 * an unknown NAME is the usual unknown-entry error. */
static void test_cli_entry_help(T *t)
{
    DriverArgs a;
    bool help;
    Err err;
    CHECK(t, parse("gppc --entry=jps+:help", &a, &help, &err) && help && a.help_entry == entry_find("jps+"));
    CHECK(t, parse("gppc --entry mm:help -full m s", &a, &help, &err) && help && a.help_entry == entry_find("mm"));
    CHECK(t, parse("gppc --help", &a, &help, &err) && help && !a.help_entry);
    CHECK(t, !parse("gppc --entry=nosuch:help", &a, &help, &err) && contains(err.msg, "unknown entry 'nosuch'"));
    char *text = usage_text(t, entry_find("astar"));
    if (!text)
        return;
    CHECKF(t, !strncmp(text, "  astar ", 8) && contains(text, "\n             w=") && !contains(text, "jps"),
           "astar:help printed: %s", text);
    free(text);
}

/* --help lists every option key of every entry, under that entry (the help
 * text is written by hand beside the keys, so it can fall behind). */
static void test_cli_help_lists_every_entry_option(T *t)
{
    char *text = usage_text(t, NULL);
    if (!text)
        return;
    static const char *const DRIVER_OPTIONS[] = {"-full",     "-pre",          "-run",     "-check",    "--entry",
                                                 "--pre-dir", "--csv",         "--repeat", "--changes", "--rebuild",
                                                 "--bound",   "--bad-queries", "--help",   NULL};
    for (int i = 0; DRIVER_OPTIONS[i]; i++)
        CHECKF(t, contains(text, DRIVER_OPTIONS[i]), "--help does not list %s", DRIVER_OPTIONS[i]);
    for (int i = 0; ENTRY_TABLE[i]; i++) {
        const Entry *e = ENTRY_TABLE[i];
        char head[64];
        snprintf(head, sizeof head, "\n  %-8s ", e->name);
        const char *section = strstr(text, head);
        CHECKF(t, section != NULL, "--help does not list entry %s", e->name);
        if (!section)
            continue;
        const char *next = strstr(section + 1, "\n  ");
        while (next && next[3] == ' ') /* option lines are indented further */
            next = strstr(next + 1, "\n  ");
        size_t len = next ? (size_t)(next - section) : strlen(section);
        int nkeys = 0;
        while (e->option_keys && e->option_keys[nkeys])
            nkeys++;
        CHECKF(t, nkeys <= ENTRY_MAX_OPTS, "%s has %d keys, more than one spec can give (ENTRY_MAX_OPTS %d)", e->name,
               nkeys, ENTRY_MAX_OPTS);
        for (int k = 0; e->option_keys && e->option_keys[k]; k++) {
            char key[64];
            snprintf(key, sizeof key, "\n             %s=", e->option_keys[k]);
            const char *at = strstr(section, key);
            CHECKF(t, at && (size_t)(at - section) < len, "--help does not document %s's option %s", e->name,
                   e->option_keys[k]);
            /* The key really is one the entry accepts (a bad value, not an unknown key). */
            char spec[128];
            const Entry *got;
            EntryOpts opts;
            Err err;
            snprintf(spec, sizeof spec, "%s:%s=@bad@", e->name, e->option_keys[k]);
            CHECKF(t, entry_parse_spec(spec, &got, &opts, &err) || !contains(err.msg, "unknown option"),
                   "%s: option_keys lists %s, which check_options does not know", e->name, e->option_keys[k]);
        }
        char spec[64];
        const Entry *got;
        EntryOpts opts;
        Err err;
        snprintf(spec, sizeof spec, "%s:zz_not_an_option=1", e->name);
        CHECK(t, !entry_parse_spec(spec, &got, &opts, &err) && contains(err.msg, "unknown option"));
    }
    free(text);
}

const TestCase CLI_TESTS[] = {{"cli_gnu_forms", test_cli_gnu_forms},
                              {"cli_errors", test_cli_errors},
                              {"cli_entry_help", test_cli_entry_help},
                              {"cli_help_lists_every_entry_option", test_cli_help_lists_every_entry_option},
                              {NULL, NULL}};
