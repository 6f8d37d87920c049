#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
    if (!dir || !*dir)
        dir = "../shared/benchmarks";
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        char why[300];
        snprintf(why, sizeof why, "benchmark folder %s absent", dir);
        t_skip(t, why);
        return NULL;
    }
    return dir;
}

bool contains(const char *haystack, const char *needle) { return strstr(haystack, needle) != NULL; }

static const TestCase *const SUITES[] = {GRID_TESTS,  SCEN_TESTS,    VALIDATE_TESTS,    HEAP_TESTS, ASTAR_TESTS,
                                         ENTRY_TESTS, BINIO_TESTS,   ABSTRACTION_TESTS, MM_TESTS,   BASELINE_TESTS,
                                         SEED_TESTS,  DYNAMIC_TESTS, STAMP_TESTS,       LEG_TESTS,  DIFF_TESTS,
                                         FUZZ_TESTS,  NULL};

int main(int argc, char **argv)
{
    const char *only = argc > 1 ? argv[1] : NULL;
    int passed = 0, failed = 0, skipped = 0;
    for (int s = 0; SUITES[s]; s++)
        for (const TestCase *tc = SUITES[s]; tc->name; tc++) {
            if (only && !strstr(tc->name, only))
                continue;
            T t = {tc->name, 0, false};
            tc->fn(&t);
            if (t.failures)
                failed++;
            else if (t.skipped)
                skipped++;
            else
                passed++;
        }
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", temp_dir());
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", temp_dir());
    printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    return failed ? 1 : 0;
}
