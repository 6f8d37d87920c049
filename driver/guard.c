/* guard.c: when the entry ends the process, the job still ends in one line.
 *
 * An external entry (driver/ext.c) runs inside the driver, so its crash is
 * the driver's. The guard knows where the run is (preprocessing, preparing,
 * which query) and, on a fatal signal, on the --time-limit alarm or on an
 * exit() called before the run ended, writes one line to stderr naming the
 * entry, the map, the query and the signal or reason, then ends the process
 * as that signal would (re-raised with its default action) or with
 * EXIT_ENTRY_DIED for an exit. Handlers run on their own stack, so a stack
 * overflow is reported too.
 *
 * An entry that writes its progress with carriage returns and no newline
 * would leave the line open; where stderr is a file, the guard reads the
 * file's last byte and starts a new line first, so the one line is a line
 * of its own (a pipe's reader must split on '\r' itself: nothing can be read
 * back from a pipe).
 *
 * The state is file-scope on purpose: a signal handler can reach nothing
 * else. It is written before each phase and query (a few stores) and read
 * only by the handlers, which use async-signal-safe calls alone. */
#define _DEFAULT_SOURCE /* on_exit, sigaltstack */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "driver.h"

static char where_prefix[700]; /* "gppc: ENTRY on MAP" */
static char scen_name[300];
static volatile sig_atomic_t phase = GUARD_OFF;
static volatile long query_index, query_line;
static int limit_s;
static char alt_stack[1 << 16];

static const struct {
    int sig;
    const char *name;
} FATAL[] = {
    {SIGSEGV, "SIGSEGV (segmentation fault)"}, {SIGBUS, "SIGBUS (bus error)"}, {SIGFPE, "SIGFPE (arithmetic error)"},
    {SIGILL, "SIGILL (illegal instruction)"},  {SIGABRT, "SIGABRT (abort)"},   {SIGALRM, NULL}};
enum { NFATAL = sizeof FATAL / sizeof FATAL[0] };

/* Appends s at *at within buf's size (async-signal-safe). */
static void put(char *buf, size_t size, size_t *at, const char *s)
{
    while (*s && *at + 1 < size)
        buf[(*at)++] = *s++;
}

static void put_long(char *buf, size_t size, size_t *at, long v)
{
    char digits[24];
    int n = 0;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do
        digits[n++] = (char)('0' + u % 10);
    while ((u /= 10) && n < (int)sizeof digits);
    if (v < 0)
        put(buf, size, at, "-");
    while (n && *at + 1 < size)
        buf[(*at)++] = digits[--n];
}

/* Whether stderr is a file whose last byte is not a newline (fstat, open,
 * pread and close are async-signal-safe; fd 2 itself is often write-only). */
static int stderr_ends_mid_line(void)
{
    struct stat st;
    if (fstat(2, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0)
        return 0;
    int fd = open("/proc/self/fd/2", O_RDONLY);
    if (fd < 0)
        return 0;
    char last = '\n';
    int mid = pread(fd, &last, 1, st.st_size - 1) == 1 && last != '\n';
    close(fd);
    return mid;
}

static void say(const char *reason, long code)
{
    char line[1400];
    size_t at = 0;
    if (stderr_ends_mid_line())
        put(line, sizeof line, &at, "\n");
    put(line, sizeof line, &at, where_prefix);
    switch (phase) {
    case GUARD_PREPROCESS:
        put(line, sizeof line, &at, ", while preprocessing");
        break;
    case GUARD_PREPARE:
        put(line, sizeof line, &at, ", while preparing (PrepareForSearch)");
        break;
    case GUARD_QUERY:
        put(line, sizeof line, &at, ", query ");
        put_long(line, sizeof line, &at, query_index + 1);
        put(line, sizeof line, &at, " (");
        put(line, sizeof line, &at, scen_name);
        put(line, sizeof line, &at, ":");
        put_long(line, sizeof line, &at, query_line);
        put(line, sizeof line, &at, ")");
        break;
    default:
        put(line, sizeof line, &at, ", after the last query");
    }
    put(line, sizeof line, &at, ": ");
    put(line, sizeof line, &at, reason);
    if (code >= 0) {
        put_long(line, sizeof line, &at, code);
        put(line, sizeof line, &at, ")");
    }
    put(line, sizeof line, &at, "\n");
    ssize_t ignored = write(2, line, at);
    (void)ignored;
}

static void on_signal(int sig)
{
    if (sig == SIGALRM) {
        char reason[64];
        size_t at = 0;
        put(reason, sizeof reason, &at, "time limit of ");
        put_long(reason, sizeof reason, &at, limit_s);
        put(reason, sizeof reason, &at, " s passed (signal SIGALRM)");
        reason[at] = '\0';
        say(reason, -1);
    } else {
        for (int i = 0; i < NFATAL; i++)
            if (FATAL[i].sig == sig) {
                char reason[64];
                size_t at = 0;
                put(reason, sizeof reason, &at, "died of signal ");
                put(reason, sizeof reason, &at, FATAL[i].name);
                reason[at] = '\0';
                say(reason, -1);
            }
    }
    raise(sig); /* SA_RESETHAND: now with its default action */
}

static void on_exit_called(int status, void *arg)
{
    (void)arg;
    if (phase == GUARD_OFF || phase == GUARD_DONE)
        return;
    say("the entry ended the process (exit(", status);
    _exit(EXIT_ENTRY_DIED);
}

void guard_start(const char *entry, const char *map_path, const char *scen_path, int time_limit_s)
{
    snprintf(where_prefix, sizeof where_prefix, "gppc: %s on %s", entry, base_name(map_path));
    snprintf(scen_name, sizeof scen_name, "%s", scen_path ? base_name(scen_path) : "-");
    stack_t st = {.ss_sp = alt_stack, .ss_size = sizeof alt_stack, .ss_flags = 0};
    sigaltstack(&st, NULL);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < NFATAL; i++)
        sigaction(FATAL[i].sig, &sa, NULL);
    on_exit(on_exit_called, NULL);
    limit_s = time_limit_s;
    if (time_limit_s > 0) {
        double left = guard_seconds_left(time_limit_s);
        alarm(left < 1 ? 1u : (unsigned)(left + 0.999));
    }
}

double guard_seconds_left(int limit_s)
{
    static struct timespec t0;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (!t0.tv_sec && !t0.tv_nsec)
        t0 = now;
    return limit_s - ((double)(now.tv_sec - t0.tv_sec) + 1e-9 * (double)(now.tv_nsec - t0.tv_nsec));
}

_Noreturn void guard_die(const char *reason)
{
    say(reason, -1);
    phase = GUARD_DONE;       /* abort() calls no exit handler; said once all the same */
    signal(SIGABRT, SIG_DFL); /* not the handler's "died of signal SIGABRT" a second time */
    abort();
}

void guard_warn(const char *reason) { say(reason, -1); }

void guard_phase(GuardPhase p) { phase = p; }

void guard_query(long index, long line)
{
    query_index = index;
    query_line = line;
    phase = GUARD_QUERY;
}
