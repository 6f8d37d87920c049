/* Times one phase of an entry in a process of its own, for growth tables
 * (results/reference/large-maps/): `pre` writes the preprocessing file
 * (gppc_mm_preprocess, what `build/gppc -pre` writes), `create` makes an
 * instance from it (gppc_mm_create, what `-run` does before the first
 * query). Prints the phase's CPU seconds and the process's peak resident
 * memory, and the resident memory before the phase (the map, read and
 * kept by the caller).
 * Usage: ./phase_cost pre|create MAP FILE [ENTRY]     (ENTRY: mm unless given)
 * Built as examples/find_path.c is:
 *   cc examples/phase_cost.c $(pkg-config --cflags --libs gppc-mm) -o phase_cost */
#include <gppc_mm.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double cpu_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double peak_mb(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_maxrss / 1024.0;
}

int main(int argc, char **argv)
{
    char err[512];
    int w, h;
    bool pre = argc >= 4 && !strcmp(argv[1], "pre");
    if (argc < 4 || (!pre && strcmp(argv[1], "create")))
        return fprintf(stderr, "usage: %s pre|create MAP FILE [ENTRY]\n", argv[0]), 2;
    const char *entry = argc > 4 ? argv[4] : "mm";
    uint8_t *cells = gppc_mm_load_map(argv[2], &w, &h, err, sizeof err);
    if (!cells)
        return fprintf(stderr, "%s\n", err), 2;
    double mb = peak_mb(), t0 = cpu_s();
    GppcMm *mm = NULL;
    bool ok = pre ? gppc_mm_preprocess(entry, cells, w, h, argv[3], err, sizeof err) == 0
                  : (mm = gppc_mm_create(entry, cells, w, h, argv[3], err, sizeof err)) != NULL;
    double t = cpu_s() - t0;
    if (!ok)
        return fprintf(stderr, "%s\n", err), 1;
    printf("%s %s %dx%d cpu_s=%.3f rss_before_mb=%.0f peak_rss_mb=%.0f\n", argv[1], argv[2], w, h, t, mb, peak_mb());
    gppc_mm_free(mm);
    free(cells);
    return 0;
}
