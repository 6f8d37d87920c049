/* clock.h: nanosecond clocks for timing GetPath calls: the monotonic wall
 * clock, and the calling thread's CPU clock, which leaves out the time the
 * thread spent waiting for a core (on a shared machine a call that loses its
 * core shows that wait on the wall clock only). */
#ifndef GPPC_COMMON_CLOCK_H
#define GPPC_COMMON_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t clock_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID): a system call,
 * not the vDSO, so dearer than clock_now_ns (a fraction of a microsecond). */
static inline uint64_t clock_thread_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#endif
