/* The libFuzzer binary of `make fuzz` (build/fuzz/gppc_fuzz): one binary for
 * every target of harness.h, chosen by the environment:
 *   FUZZ_TARGET=NAME            the target to fuzz (required)
 *   FUZZ_LIST=1                 print the target names, one a line, and exit
 *   FUZZ_MAKE_SEED=PATH         write NAME's seed (a preprocessing file) and exit
 * A broken invariant (harness.h) aborts, so libFuzzer saves the input. */
#include <stdio.h>
#include <stdlib.h>

#include "harness.h"

static const FuzzTarget *target;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (getenv("FUZZ_LIST")) {
        for (const FuzzTarget *t = FUZZ_TARGETS; t->name; t++)
            printf("%s\n", t->name);
        exit(0);
    }
    const char *name = getenv("FUZZ_TARGET");
    if (!name || !(target = fuzz_find(name))) {
        fprintf(stderr, "gppc_fuzz: set FUZZ_TARGET to one of the names FUZZ_LIST=1 prints (got '%s')\n",
                name ? name : "");
        exit(2);
    }
    const char *seed = getenv("FUZZ_MAKE_SEED");
    if (seed) {
        int ok = fuzz_make_seed(target, seed);
        fuzz_cleanup();
        exit(ok ? 0 : 1);
    }
    atexit(fuzz_cleanup);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
    const char *bad = fuzz_run(target, data, n);
    if (bad) {
        fprintf(stderr, "gppc_fuzz %s: %s\n", target->name, bad);
        abort();
    }
    return 0;
}
