/* The call-time histogram (driver.h CallHist): log-linear buckets, so that a
 * quantile is known to within 1/64 of itself whatever the range, from a
 * fixed array the driver zeroes before the entry starts; the CPU clock's own
 * cost; the thread's page faults, read around each call for --calls. */
#define _GNU_SOURCE /* RUSAGE_THREAD */
#include <sys/resource.h>

#include "../common/clock.h"
#include "driver.h"

/* Values below 2^(SUB_BITS+1) have a bucket each; above, a value's highest
 * SUB_BITS+1 bits pick its bucket: (shift + 1) << SUB_BITS plus the bits
 * below the leading one. */
static unsigned bucket_of(uint64_t v)
{
    if (v < (2u << CALL_HIST_SUB_BITS))
        return (unsigned)v;
    unsigned msb = 63u - (unsigned)__builtin_clzll(v);
    unsigned shift = msb - CALL_HIST_SUB_BITS;
    return ((shift + 1) << CALL_HIST_SUB_BITS) + (unsigned)((v >> shift) - (1u << CALL_HIST_SUB_BITS));
}

/* The largest value that falls in bucket b. */
static uint64_t upper_edge(unsigned b)
{
    if (b < (2u << CALL_HIST_SUB_BITS))
        return b;
    unsigned shift = (b >> CALL_HIST_SUB_BITS) - 1;
    uint64_t lead = (1u << CALL_HIST_SUB_BITS) + (b & ((1u << CALL_HIST_SUB_BITS) - 1));
    return ((lead + 1) << shift) - 1;
}

void call_hist_add(CallHist *h, uint64_t ns)
{
    h->count[bucket_of(ns)]++;
    h->n++;
    if (ns > h->max)
        h->max = ns;
}

uint64_t call_hist_quantile(const CallHist *h, unsigned per_mille)
{
    if (!h->n)
        return 0;
    /* ceil(n * per_mille / 1000), 1-based; n < 2^54 keeps the product exact */
    uint64_t rank = (h->n * per_mille + 999) / 1000, seen = 0;
    if (rank < 1)
        rank = 1;
    for (unsigned b = 0; b < CALL_HIST_BUCKETS; b++) {
        seen += h->count[b];
        if (seen >= rank) {
            uint64_t v = upper_edge(b);
            return v < h->max ? v : h->max;
        }
    }
    return h->max;
}

void call_times_calibrate(CallTimes *t)
{
    uint64_t least = UINT64_MAX;
    for (int i = 0; i < 1000; i++) {
        uint64_t c0 = clock_thread_cpu_ns();
        uint64_t t0 = clock_now_ns();
        uint64_t t1 = clock_now_ns();
        uint64_t dc = clock_thread_cpu_ns() - c0;
        if (dc < least && t1 >= t0)
            least = dc;
    }
    t->cpu_overhead_ns = least;
}

Faults faults_now(void)
{
#ifdef RUSAGE_THREAD
    int who = RUSAGE_THREAD;
#else /* the entry runs on the driver's one thread, so the process's are its */
    int who = RUSAGE_SELF;
#endif
    struct rusage ru;
    if (getrusage(who, &ru) != 0)
        return (Faults){0, 0};
    return (Faults){ru.ru_minflt, ru.ru_majflt};
}

/* What call_times_floor times: an entry's GetPath that appends s and returns
 * at once. Called through a volatile pointer, so the compiler keeps the call. */
static bool floor_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    (void)inst;
    (void)g;
    path_push(path, s);
    return true;
}

uint64_t call_times_floor(const CallTimes *t, size_t calls)
{
    bool (*volatile get_path)(void *, xyLoc, xyLoc, xyPath *) = floor_get_path;
    uint64_t least[CALL_FLOOR_CALLS_MAX];
    if (calls > CALL_FLOOR_CALLS_MAX)
        calls = CALL_FLOOR_CALLS_MAX;
    xyPath path = {0};
    path_reserve(&path, calls);
    xyLoc s = {0, 0};
    for (int round = 0; round < CALL_FLOOR_ROUNDS; round++) {
        path.len = 0;
        for (size_t i = 0; i < calls; i++) {
            /* replay_query's reads, in its order, read as it reads a call */
            uint64_t c0 = clock_thread_cpu_ns();
            uint64_t t0 = clock_now_ns();
            get_path(NULL, s, s, &path);
            uint64_t t1 = clock_now_ns();
            bool clamped;
            uint64_t dc = call_cpu_net(clock_thread_cpu_ns() - c0, t1 - t0, t->cpu_overhead_ns, &clamped);
            if (round == 0 || dc < least[i])
                least[i] = dc;
        }
    }
    path_free(&path);
    uint64_t floor = 0;
    for (size_t i = 0; i < calls; i++)
        if (least[i] > floor)
            floor = least[i];
    return floor;
}
