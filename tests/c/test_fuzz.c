/* make test's share of the fuzzing (tests/fuzz/harness.h): every committed
 * seed and every saved crash input (tests/fuzz/regress/NAME/) goes through its
 * target again, here in the plain and the ASan+UBSan build, so a fixed crash
 * stays fixed without clang, and no input may make the parser ask for more
 * than FUZZ_ALLOC_LIMIT bytes at once. The seeds of preprocessing targets must still be
 * accepted: a format change makes them stale, and
 * GPPC_FUZZ_WRITE_SEEDS=1 build/test_c fuzz_ rewrites them. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "../fuzz/harness.h"
#include "test.h"

#define FUZZ_ALLOC_LIMIT (64u << 20)

/* Runs t on one file with stderr captured; *said = whether anything was said
 * (a preprocessing file that was rejected). */
static const char *replay(const FuzzTarget *t, const char *path, bool *said)
{
    Capture c;
    char text[256];
    capture_begin(&c);
    const char *bad = t->run(t, path);
    *said = capture_end(&c, text, sizeof text) > 0;
    return bad;
}

/* Every file in dir through t; returns how many there were. */
static int replay_dir(T *t, const FuzzTarget *ft, const char *dir, bool seeds)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int files = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.')
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        bool said = false;
        alloc_largest = 0;
        const char *bad = replay(ft, path, &said);
        CHECKF(t, !bad, "%s: %s", path, bad);
        /* A count read from a corrupt file must not be trusted with memory
         * (binio.h bin_fits); the fixed map needs far less than this. */
        CHECKF(t, alloc_largest < FUZZ_ALLOC_LIMIT, "%s: one allocation of %zu bytes", path, alloc_largest);
        CHECKF(t, !(seeds && ft->spec && said),
               "%s: the entry rejects its seed (stale after a format change?); "
               "GPPC_FUZZ_WRITE_SEEDS=1 build/test_c fuzz_ rewrites it",
               path);
        files++;
    }
    closedir(d);
    return files;
}

static void test_fuzz_corpora_replay(T *t)
{
    bool rewrite = getenv("GPPC_FUZZ_WRITE_SEEDS") != NULL;
    for (const FuzzTarget *ft = FUZZ_TARGETS; ft->name; ft++) {
        char dir[256];
        if (!fuzz_find(ft->name)) {
            t_fail(t, __FILE__, __LINE__, "fuzz harness cannot start");
            return;
        }
        snprintf(dir, sizeof dir, "tests/fuzz/%s", ft->name);
        if (rewrite && ft->spec) {
            char seed[300];
            snprintf(seed, sizeof seed, "%s/seed.bin", dir);
            CHECKF(t, fuzz_make_seed(ft, seed), "could not rewrite %s", seed);
        }
        CHECKF(t, replay_dir(t, ft, dir, true) > 0, "%s: no seeds", dir);
        snprintf(dir, sizeof dir, "tests/fuzz/regress/%s", ft->name);
        replay_dir(t, ft, dir, false);
    }
    fuzz_cleanup();
}

/* The replay can fail: a seed with a broken checksum is rejected (said on
 * stderr), and a target that breaks an invariant is reported. */
static void test_fuzz_replay_can_fail(T *t)
{
    const FuzzTarget *ft = fuzz_find("pre_mm");
    CHECK(t, ft != NULL);
    if (!ft)
        return;
    static unsigned char data[1 << 16];
    FILE *fp = fopen("tests/fuzz/pre_mm/seed.bin", "rb");
    size_t n = fp ? fread(data, 1, sizeof data, fp) : 0;
    if (fp)
        fclose(fp);
    CHECK(t, n > 16);
    if (n <= 16)
        return;
    /* The file ends with the map measures' checksum, then the u32 segment mode. */
    data[n - 5] ^= 0x55;
    Capture c;
    char text[512];
    capture_begin(&c);
    const char *bad = fuzz_run(ft, data, n);
    capture_end(&c, text, sizeof text);
    CHECKF(t, !bad && contains(text, "checksum differs"), "a corrupt seed must be rejected for its checksum (%s; %s)",
           bad ? bad : "-", text);
    FuzzTarget broken = *ft;
    broken.spec = "nosuchentry";
    CHECK(t, fuzz_run(&broken, data, n) != NULL);
    fuzz_cleanup();
}

const TestCase FUZZ_TESTS[] = {
    {"fuzz_corpora_replay", test_fuzz_corpora_replay},
    {"fuzz_replay_can_fail", test_fuzz_replay_can_fail},
    {NULL, NULL},
};
