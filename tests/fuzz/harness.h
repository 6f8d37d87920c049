/* harness.h: what `make fuzz` does with one input, per target, shared by the
 * libFuzzer binary (tests/fuzz/fuzz_main.c) and by make test's replay of the
 * committed corpora and crash inputs (tests/c/test_fuzz.c).
 *
 * Each target hands the input, written to a temporary file, to one parser the
 * driver uses (map, scenario, change file) or to one entry's prepare() with
 * its preprocessing file; the map they check against is FUZZ_MAP (fixed,
 * built in code). A parser may reject the input; it must never crash, leak or
 * trip a sanitizer, and what it accepts must behave: an entry that loaded a
 * file answers the probe queries with valid paths (optimal ones when its
 * subopt_bound is 1), before and after an update().
 *
 * Adding a preprocessing format = one line in FUZZ_TARGETS (harness.c) and a
 * seed folder tests/fuzz/NAME (`FUZZ_MAKE_SEED=1` writes it, see docs/testing.md). */
#ifndef GPPC_TESTS_FUZZ_HARNESS_H
#define GPPC_TESTS_FUZZ_HARNESS_H

#include <stddef.h>
#include <stdint.h>

typedef struct FuzzTarget FuzzTarget;
/* Runs the target on the file at `path`: NULL when it was handled correctly
 * (accepted or rejected), else a one-line description of the broken
 * invariant (a static string). */
typedef const char *(*FuzzRun)(const FuzzTarget *t, const char *path);
struct FuzzTarget {
    const char *name; /* also the seed folder tests/fuzz/NAME */
    const char *spec; /* entry spec for preprocessing targets, else NULL */
    FuzzRun run;
    int w, h; /* the corner of FUZZ_MAP a preprocessing target uses; 0 = all */
};

/* NULL-terminated (name == NULL). */
extern const FuzzTarget FUZZ_TARGETS[];
const FuzzTarget *fuzz_find(const char *name);
/* Writes the input to a temporary file (memory-backed when /dev/shm exists)
 * and runs t on it; as FuzzRun. */
const char *fuzz_run(const FuzzTarget *t, const uint8_t *data, size_t n);

/* Writes a seed for t into `path`: the entry's preprocessing file of FUZZ_MAP
 * for preprocessing targets; false (message on stderr) otherwise or on error. */
int fuzz_make_seed(const FuzzTarget *t, const char *path);

/* Releases what the harness keeps between inputs (the fixed map, the
 * reference instance); safe to call more than once. */
void fuzz_cleanup(void);

#endif
