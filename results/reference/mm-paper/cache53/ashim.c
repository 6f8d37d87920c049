/* LD_PRELOAD (a measurement shim, not linked into anything): every malloc/calloc/realloc/free (and, cache53,
 * aligned_alloc/memalign/posix_memalign) made between the
 * driver's two getrusage(RUSAGE_THREAD) reads around a timed call, with its pair number and its
 * callers (offsets in the main binary), to SHIM_LOG. */
#define _GNU_SOURCE
#include <execinfo.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);

static int fd = -1, inside, busy;
static long pairs, reads;
static uintptr_t base;
static void out(const char *fmt, ...)
{
    char b[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b, sizeof b, fmt, ap);
    va_end(ap);
    if (fd < 0) {
        const char *p = getenv("SHIM_LOG");
        fd = p ? open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644) : 2;
    }
    if (n > 0) { ssize_t w = write(fd, b, (size_t)n); (void)w; }
}
static void note(char t, size_t n)
{
    if (!inside || busy) return;
    busy = 1;
    if (!base) {
        int m = open("/proc/self/maps", O_RDONLY);
        char s[64];
        ssize_t k = read(m, s, sizeof s - 1);
        close(m);
        s[k > 0 ? k : 0] = 0;
        base = (uintptr_t)strtoul(s, NULL, 16);
    }
    void *f[10];
    int k = backtrace(f, 10);
    char b[300];
    int o = 0;
    for (int i = 2; i < k && o < 250; i++) {
        uintptr_t a = (uintptr_t)f[i];
        if (a >= base && a < base + (64u << 20)) o += snprintf(b + o, sizeof b - o, " %#lx", (unsigned long)(a - base - 1));
    }
    out("%c %ld %zu%s\n", t, pairs, n, b);
    busy = 0;
}
void *malloc(size_t n) { note('M', n); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { note('C', a * b); return __libc_calloc(a, b); }
void *realloc(void *q, size_t n) { note('R', n); return __libc_realloc(q, n); }
void free(void *q) { if (q) note('F', 0); __libc_free(q); }
extern void *__libc_memalign(size_t, size_t);
void *aligned_alloc(size_t a, size_t n) { note('A', n); return __libc_memalign(a, n); }
void *memalign(size_t a, size_t n) { note('A', n); return __libc_memalign(a, n); }
int posix_memalign(void **p, size_t a, size_t n) { note('A', n); *p = __libc_memalign(a, n); return *p ? 0 : 12; }
int getrusage(int who, struct rusage *ru)
{
    if (who != RUSAGE_THREAD) return (int)syscall(SYS_getrusage, who, ru);
    int rc;
    if (reads % 2 == 0) { rc = (int)syscall(SYS_getrusage, who, ru); inside = 1; }
    else { inside = 0; rc = (int)syscall(SYS_getrusage, who, ru); pairs++; }
    reads++;
    return rc;
}
__attribute__((constructor)) static void warm(void) { void *f[2]; busy = 1; backtrace(f, 2); busy = 0; }
