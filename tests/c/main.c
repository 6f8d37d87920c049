#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "test.h"

void t_fail(T *t, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL %s (%s:%d): ", t->name, file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    t->failures++;
}

void t_skip(T *t, const char *why)
{
    if (!t->skipped)
        printf("skip %s: %s\n", t->name, why);
    t->skipped = true;
}

/* The line the CPU bound's signal writes (written out when armed: the
 * handler may only write(2) and _exit). */
static char bound_line[512];

static void bound_passed(int sig)
{
    (void)sig;
    ssize_t n = write(STDERR_FILENO, bound_line, strlen(bound_line));
    (void)n;
    _exit(1);
}

void t_cpu_bound(T *t, double seconds, const char *why)
{
    snprintf(bound_line, sizeof bound_line, "FAIL %s: stopped after %.0f s of CPU: %s\n", t->name, seconds, why);
    struct sigaction sa = {0};
    sa.sa_handler = bound_passed;
    sigaction(SIGPROF, &sa, NULL);
    struct itimerval it = {{0, 0}, {(time_t)seconds, (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6)}};
    setitimer(ITIMER_PROF, &it, NULL);
}

const char *temp_dir(void)
{
    static char dir[64];
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/gppc-test-XXXXXX");
        if (!mkdtemp(dir)) {
            perror("mkdtemp");
            exit(2);
        }
    }
    return dir;
}

const char *temp_file(int slot, const char *text)
{
    static char paths[4][128];
    snprintf(paths[slot], sizeof paths[slot], "%s/file%d", temp_dir(), slot);
    FILE *fp = fopen(paths[slot], "wb");
    if (!fp || fputs(text, fp) < 0 || fclose(fp) != 0) {
        perror(paths[slot]);
        exit(2);
    }
    return paths[slot];
}

const char *bench_dir(T *t)
{
    const char *dir = getenv("GPPC_BENCH_DIR");
    bool given = dir && *dir;
    if (!given)
        dir = "../shared/benchmarks";
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        char why[PATH_MAX + 300], cwd[PATH_MAX];
        if (given)
            snprintf(why, sizeof why, "benchmark folder absent ($GPPC_BENCH_DIR %s)", dir);
        else
            snprintf(why, sizeof why,
                     "benchmark folder absent (looked for %s from %s; $GPPC_BENCH_DIR unset: make test sets it, "
                     "beside a worktree's main checkout too)",
                     dir, getcwd(cwd, sizeof cwd) ? cwd : ".");
        t_skip(t, why);
        return NULL;
    }
    return dir;
}

bool contains(const char *haystack, const char *needle) { return strstr(haystack, needle) != NULL; }

/* Every suite by name: `test_c --list` prints "suite test" lines, so
 * tests/run_all.py runs each test as its own job and reports per suite (a
 * suite or test added here is picked up there). */
static const struct {
    const char *name;
    const TestCase *cases;
} SUITES[] = {{"grid", GRID_TESTS},
              {"scen", SCEN_TESTS},
              {"validate", VALIDATE_TESTS},
              {"heap", HEAP_TESTS},
              {"astar", ASTAR_TESTS},
              {"entry", ENTRY_TESTS},
              {"binio", BINIO_TESTS},
              {"abstraction", ABSTRACTION_TESTS},
              {"abs_layout", ABS_LAYOUT_TESTS},
              {"abs_locate", ABS_LOCATE_TESTS},
              {"mm", MM_TESTS},
              {"mm_memory", MM_MEMORY_TESTS},
              {"mm_chquery", MM_CHQUERY_TESTS},
              {"mm_first", MM_FIRST_TESTS},
              {"mm_file", MM_FILE_TESTS},
              {"mm_calls", MM_CALLS_TESTS},
              {"smooth", SMOOTH_TESTS},
              {"edge_cache", EDGE_CACHE_TESTS},
              {"baselines", BASELINE_TESTS},
              {"jumptable", JUMPTABLE_TESTS},
              {"sub", SUB_TESTS},
              {"seeds", SEED_TESTS},
              {"dynamic", DYNAMIC_TESTS},
              {"dyn_abs", DYN_ABS_TESTS},
              {"abs_ch", ABS_CH_TESTS},
              {"route_ends", ROUTE_ENDS_TESTS},
              {"mm_try", MM_TRY_TESTS},
              {"dyn_diff", DYN_DIFF_TESTS},
              {"stamps", STAMP_TESTS},
              {"grow", GROW_TESTS},
              {"legs", LEG_TESTS},
              {"corridor_jps", CORRIDOR_JPS_TESTS},
              {"jps", JPS_TESTS},
              {"jps_answers", JPS_ANSWER_TESTS},
              {"jps_state", JPS_STATE_TESTS},
              {"coarse", COARSE_TESTS},
              {"kit", KIT_TESTS},
              {"cli", CLI_TESTS},
              {"window", WINDOW_TESTS},
              {"window_memo", WINDOW_MEMO_TESTS},
              {"mapkind", MAPKIND_TESTS},
              {"api", API_TESTS},
              {"differential", DIFF_TESTS},
              {"fuzz", FUZZ_TESTS},
              {NULL, NULL}};

/* Replays of many maps through code the other tests already run under
 * ASan+UBSan (benchmarks of a search's answers, not memory checks): the
 * sanitizer build leaves them out (make test's CPU budget). */
static const char *const PLAIN_ONLY[] = {"astar astar_optimal_on_embedded_maps", "astar astar_optimal_on_real_maps",
                                         "baselines baselines_optimal_on_real_maps", "abstraction abs_real_maps_sample",
                                         NULL};

static bool plain_only(const char *suite, const char *test)
{
    size_t n = strlen(suite);
    for (int i = 0; PLAIN_ONLY[i]; i++)
        if (!strncmp(PLAIN_ONLY[i], suite, n) && PLAIN_ONLY[i][n] == ' ' && !strcmp(PLAIN_ONLY[i] + n + 1, test))
            return true;
    return false;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int usage(void)
{
    fprintf(stderr, "usage: test_c [--list] [--times] [--suite NAME] [--test NAME] [TEST-NAME-PART]\n");
    return 2;
}

/* test_c [--suite NAME] [--test NAME] [PART]: every test (of that suite,
 * of that exact name) whose name contains PART; --times prints each test's
 * wall time. */
int main(int argc, char **argv)
{
    const char *only = NULL, *suite = NULL, *exact = NULL;
    bool times = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--list")) {
            for (int s = 0; SUITES[s].name; s++)
                for (const TestCase *tc = SUITES[s].cases; tc->name; tc++)
                    if (!(T_SANITIZED && plain_only(SUITES[s].name, tc->name)))
                        printf("%s %s\n", SUITES[s].name, tc->name);
            return 0;
        } else if (!strcmp(argv[i], "--times")) {
            times = true;
        } else if (!strcmp(argv[i], "--suite") && i + 1 < argc) {
            suite = argv[++i];
        } else if (!strcmp(argv[i], "--test") && i + 1 < argc) {
            exact = argv[++i];
        } else if (argv[i][0] == '-' || only) {
            return usage();
        } else {
            only = argv[i];
        }
    }
    int passed = 0, failed = 0, skipped = 0, matched_suite = 0;
    for (int s = 0; SUITES[s].name; s++) {
        if (suite && strcmp(suite, SUITES[s].name))
            continue;
        matched_suite++;
        for (const TestCase *tc = SUITES[s].cases; tc->name; tc++) {
            if ((only && !strstr(tc->name, only)) || (exact && strcmp(tc->name, exact)) ||
                (T_SANITIZED && plain_only(SUITES[s].name, tc->name)))
                continue;
            T t = {tc->name, 0, false};
            double t0 = now_s();
            t_cpu_bound(&t, T_CPU_BOUND_S, "a test runs for ever (a loop that never ends?)");
            tc->fn(&t);
            if (times)
                printf("time %s.%s %.3f s\n", SUITES[s].name, tc->name, now_s() - t0);
            if (t.failures)
                failed++;
            else if (t.skipped)
                skipped++;
            else
                passed++;
        }
    }
    if (!matched_suite) {
        fprintf(stderr, "test_c: no suite '%s' (see --list)\n", suite);
        return 2;
    }
    if (exact && passed + failed + skipped == 0) {
        fprintf(stderr, "test_c: no test '%s'%s%s (see --list)\n", exact, suite ? " in suite " : "",
                suite ? suite : "");
        return 2;
    }
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", temp_dir());
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", temp_dir());
    printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    return failed ? 1 : 0;
}
