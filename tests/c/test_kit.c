/* The start kits' conventions in the driver: the "first 20 steps" rule
 * (distance units since 2023, cells before). A fake entry appends one cell
 * per GetPath call, so the rule decides how many calls the figure covers.
 * The driver's per-call readings: both clocks, page faults. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "../../common/clock.h"
#include "../../driver/driver.h"
#include "test.h"

typedef struct Walker {
    int dx, dy; /* the step of every call */
    int steps;  /* cells after s */
} Walker;

static bool walk_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    Walker *w = inst;
    if (path->len == 0) {
        path_push(path, s);
        return false;
    }
    xyLoc last = path->cells[path->len - 1];
    path_push(path, (xyLoc){(int16_t)(last.x + w->dx), (int16_t)(last.y + w->dy)});
    return (int)path->len == w->steps + 1 || (last.x + w->dx == g.x && last.y + w->dy == g.y);
}

static void walk_counters(void *inst, Counters *out, bool detail)
{
    (void)inst;
    (void)detail;
    out->expanded = 0;
}

static const Entry WALK = {.name = "walk", .get_path = walk_get_path, .counters = walk_counters};

static long calls_for_first20(int dx, int dy, bool cells)
{
    bool bits[40 * 40];
    for (int i = 0; i < 40 * 40; i++)
        bits[i] = true;
    Grid g;
    Err err;
    grid_from_bits(&g, bits, 40, 40, &err);
    Walker walker = {dx, dy, 30};
    ScenQuery q = {.start = {0, 0}, .goal = {(int16_t)(30 * dx), (int16_t)(30 * dy)}};
    q.optimal = dx && dy ? 30 * GRID_SQRT2 : 30;
    xyPath path = {0};
    QueryResult r;
    char why[160];
    replay_query(&WALK, &walker, &g, &q, 0, cells, false, &path, &r, NULL, why, sizeof why);
    path_free(&path);
    grid_free(&g);
    return r.valid ? r.first20_calls : -1;
}

static void test_first20_rule(T *t)
{
    /* Call 1 appends s, call k the k-th cell: length k - 1 steps. */
    long straight = calls_for_first20(1, 0, false), diagonal = calls_for_first20(1, 1, false);
    CHECKF(t, straight == 21, "straight, 20 distance units: %ld calls, expected 21", straight);
    CHECKF(t, diagonal == 16, "diagonal, 20 distance units: %ld calls, expected 16 (15 sqrt2 >= 20)", diagonal);
    long cells = calls_for_first20(1, 1, true);
    CHECKF(t, cells == 20, "diagonal, 20 cells: %ld calls, expected 20", cells);
}

/* The call-time histogram: exact below 128 ns, within 1/64 above, nearest
 * rank, never above the maximum. */
static void test_call_hist_quantiles(T *t)
{
    static CallHist h; /* 30 KB: off the stack */
    memset(&h, 0, sizeof h);
    CHECK(t, call_hist_quantile(&h, 999) == 0);
    for (uint64_t v = 1; v <= 100; v++)
        call_hist_add(&h, v);
    CHECKF(t, call_hist_quantile(&h, 990) == 99, "p99 of 1..100: %llu",
           (unsigned long long)call_hist_quantile(&h, 990));
    CHECK(t, call_hist_quantile(&h, 999) == 100 && call_hist_quantile(&h, 500) == 50);
    memset(&h, 0, sizeof h);
    /* 1000 calls of 10 us, one of 5 ms, one of 3 ms: p99 is 10 us, p99.9 3 ms. */
    for (int i = 0; i < 1000; i++)
        call_hist_add(&h, 10000);
    call_hist_add(&h, 5000000);
    call_hist_add(&h, 3000000);
    uint64_t p99 = call_hist_quantile(&h, 990), p999 = call_hist_quantile(&h, 999);
    CHECKF(t, p99 >= 10000 && p99 <= 10000 + 10000 / 64, "p99 %llu, expected 10000 (+1/64)", (unsigned long long)p99);
    CHECKF(t, p999 >= 3000000 && p999 <= 3000000 + 3000000 / 64, "p99.9 %llu, expected 3 ms (+1/64)",
           (unsigned long long)p999);
    CHECK(t, h.max == 5000000 && call_hist_quantile(&h, 1000) == 5000000 && h.n == 1002);
    call_hist_add(&h, UINT64_MAX); /* the last bucket */
    CHECK(t, call_hist_quantile(&h, 1000) == UINT64_MAX);
}

/* An entry whose one call sleeps for `ns` of wall time or computes for `ns`
 * of its thread's CPU time, then returns s..g. */
typedef struct Waiter {
    bool spin;
    uint64_t ns;
} Waiter;

static void sleep_ns(uint64_t ns)
{
    struct timespec ts = {0, (long)ns};
    while (nanosleep(&ts, &ts) != 0) {
    }
}

static bool wait_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    const Waiter *w = inst;
    if (w->spin) {
        /* By the CPU clock, so a busy machine's preemption stretches the
         * call's wall time, not the work the test counts on. */
        uint64_t until = clock_thread_cpu_ns() + w->ns;
        while (clock_thread_cpu_ns() < until) {
        }
    } else {
        sleep_ns(w->ns);
    }
    path_push(path, s);
    path_push(path, g);
    return true;
}

static const Entry WAIT = {.name = "wait", .get_path = wait_get_path, .counters = walk_counters};

/* Times of one query through replay_query: (wall, cpu) of its call. */
static void wait_query(bool spin, uint64_t ns, CallTimes *ct, QueryResult *r)
{
    bool bits[4] = {true, true, true, true};
    Grid g;
    Err err;
    grid_from_bits(&g, bits, 2, 2, &err);
    Waiter w = {spin, ns};
    ScenQuery q = {.start = {0, 0}, .goal = {1, 0}, .optimal = 1};
    xyPath path = {0};
    char why[160];
    replay_query(&WAIT, &w, &g, &q, 0, false, false, &path, r, ct, why, sizeof why);
    path_free(&path);
    grid_free(&g);
}

/* The CPU clock is the thread's: a call that sleeps 20 ms takes 20 ms by the
 * wall clock and next to nothing by the CPU clock; a call that computes 2 ms
 * reads its 2 ms by the CPU clock (the clock's own cost taken off) and no more
 * than its wall time. A figure that is not the call's or the query's own (the
 * thread's since it started, a sum over calls) reads the second of two equal
 * computing calls at least their work above the first: the two must agree
 * within SPIN_AGREE_NS. A busy machine was seen to add a millisecond to one
 * such reading (the kernel's accounting), so no bound is that tight, and
 * every bound holds however loaded the machine: the computing call counts
 * CPU, and a sleeping call's CPU does not grow with load. */
enum { SLEEP_NS = 20000000, SPIN_NS = 2000000, SPIN_AGREE_NS = 3 * SPIN_NS / 4, SPIN_MOST_NS = SPIN_NS + 3000000 };

/* Two computing queries' CPU readings (`cpu` per call or per query): each at
 * least the work and not far past it, and the two within SPIN_AGREE_NS. */
static void check_two_spins(T *t, CallTimes *ct, bool per_call, const char *what)
{
    QueryResult a, b;
    wait_query(true, SPIN_NS, ct, &a);
    wait_query(true, SPIN_NS, ct, &b);
    uint64_t x = per_call ? a.max_step_cpu_ns : a.total_cpu_ns, y = per_call ? b.max_step_cpu_ns : b.total_cpu_ns;
    uint64_t gap = x > y ? x - y : y - x;
    CHECKF(t,
           x >= SPIN_NS - SPIN_NS / 20 && y >= SPIN_NS - SPIN_NS / 20 && x <= SPIN_MOST_NS && y <= SPIN_MOST_NS &&
               gap <= SPIN_AGREE_NS,
           "%s: two 2 ms spins read %llu and %llu ns of CPU", what, (unsigned long long)x, (unsigned long long)y);
    if (per_call)
        CHECKF(t, a.max_step_cpu_ns <= a.max_step_ns && a.total_cpu_ns == a.max_step_cpu_ns,
               "spin: cpu %llu ns, wall %llu ns", (unsigned long long)a.max_step_cpu_ns,
               (unsigned long long)a.max_step_ns);
}

static void test_call_times_by_both_clocks(T *t)
{
    static CallTimes ct; /* 60 KB: off the stack */
    memset(&ct, 0, sizeof ct);
    call_times_calibrate(&ct);
    ct.cpu_per_call = true;
    CHECKF(t, ct.cpu_overhead_ns < 100000, "the CPU clock costs %llu ns", (unsigned long long)ct.cpu_overhead_ns);
    QueryResult sleep;
    wait_query(false, SLEEP_NS, &ct, &sleep);
    CHECKF(t, sleep.valid && sleep.max_step_ns >= SLEEP_NS, "sleep: wall %llu ns",
           (unsigned long long)sleep.max_step_ns);
    /* Under half the sleep, not "none": a busy machine's kernel was seen to
     * charge a sleeping call a scheduler tick or so, and a CPU clock that
     * were the wall clock would show the whole sleep. */
    CHECKF(t, sleep.max_step_cpu_ns < SLEEP_NS / 2 && sleep.total_cpu_ns == sleep.max_step_cpu_ns,
           "sleep: %llu ns of CPU for a 20 ms sleep", (unsigned long long)sleep.max_step_cpu_ns);
    check_two_spins(t, &ct, true, "call clock");
    /* All three calls reached the histograms and the whole-query maxima. */
    CHECK(t, ct.wall.n == 3 && ct.cpu.n == 3);
    CHECK(t, ct.query_wall_max == ct.wall.max && ct.query_cpu_max == ct.cpu.max && ct.wall.max >= SLEEP_NS &&
                 ct.cpu.max >= SPIN_NS - SPIN_NS / 20);
    /* --cpu-clock query: the CPU clock around the whole query only; no call's
     * CPU time, the query's as above. */
    ct.cpu_per_call = false;
    wait_query(false, SLEEP_NS, &ct, &sleep);
    CHECKF(t, !sleep.cpu_per_call && sleep.max_step_cpu_ns == 0 && sleep.total_cpu_ns < SLEEP_NS / 2 && ct.cpu.n == 3,
           "query clock: sleep %llu ns of CPU", (unsigned long long)sleep.total_cpu_ns);
    check_two_spins(t, &ct, false, "query clock");
}

/* An entry that spends `idle` calls appending nothing (1 ms each, asleep),
 * then answers in one more call. */
typedef struct Pauser {
    int idle, left;
} Pauser;

static bool pause_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    Pauser *p = inst;
    sleep_ns(1000000);
    if (p->left > 0) {
        p->left--;
        return false;
    }
    path_push(path, s);
    path_push(path, g);
    return true;
}

static const Entry PAUSE = {.name = "pause", .get_path = pause_get_path, .counters = walk_counters};

/* The dynamic kit forbids an empty piece marked incomplete, so its binding
 * joins such calls to the next one: with join_idle the driver counts the
 * kit's calls (one here, as long as the three together), without it each. */
static void test_idle_calls_joined_as_the_dynamic_kit(T *t)
{
    static CallTimes ct; /* 60 KB: off the stack */
    bool bits[4] = {true, true, true, true};
    Grid g;
    Err err;
    grid_from_bits(&g, bits, 2, 2, &err);
    ScenQuery q = {.start = {0, 0}, .goal = {1, 0}, .optimal = 1};
    xyPath path = {0};
    char why[160];
    for (int join = 0; join < 2; join++) {
        memset(&ct, 0, sizeof ct);
        Pauser p = {2, 2};
        QueryResult r;
        replay_query(&PAUSE, &p, &g, &q, 0, false, join, &path, &r, &ct, why, sizeof why);
        CHECKF(t, r.valid, "join %d: %s", join, why);
        CHECKF(t, r.calls == (join ? 1 : 3) && ct.wall.n == (uint64_t)r.calls, "join %d: %llu calls, %llu timed", join,
               (unsigned long long)r.calls, (unsigned long long)ct.wall.n);
        CHECKF(t, join ? r.max_step_ns >= 3000000 && r.first_call_ns == r.max_step_ns : r.max_step_ns < r.total_ns,
               "join %d: longest call %llu ns of %llu", join, (unsigned long long)r.max_step_ns,
               (unsigned long long)r.total_ns);
    }
    path_free(&path);
    grid_free(&g);
}

static bool nothing_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    (void)inst, (void)s, (void)g, (void)path;
    return true;
}

/* An empty answer: for s == g the classic kit's validator takes it (the
 * archived 2013-Dao answers so), the dynamic kit reads it as "no path". */
static void test_empty_answer_at_the_goal(T *t)
{
    bool bits[4 * 4];
    for (int i = 0; i < 4 * 4; i++)
        bits[i] = true;
    Grid g;
    Err err;
    grid_from_bits(&g, bits, 4, 4, &err);
    const Entry nothing = {.name = "nothing", .get_path = nothing_get_path, .counters = walk_counters};
    xyPath path = {0};
    QueryResult r;
    char why[160];
    ScenQuery here = {.start = {1, 2}, .goal = {1, 2}, .optimal = 0};
    replay_query(&nothing, NULL, &g, &here, 1.0, false, false, &path, &r, NULL, why, sizeof why);
    CHECKF(t, r.valid && r.length == 0 && r.optimal && !r.over_bound, "classic, s == g: %s", why);
    replay_query(&nothing, NULL, &g, &here, 0, false, true, &path, &r, NULL, why, sizeof why);
    CHECK(t, !r.valid);
    ScenQuery there = {.start = {1, 2}, .goal = {2, 2}, .optimal = 1};
    replay_query(&nothing, NULL, &g, &there, 0, false, false, &path, &r, NULL, why, sizeof why);
    CHECK(t, !r.valid);
    path_free(&path);
    grid_free(&g);
}

/* An entry whose first call writes a fresh block of FRESH_PAGES pages (each
 * a page fault, a minor one: the kernel maps a zeroed page) and whose later
 * calls touch nothing new. */
#define FRESH_PAGES 64
typedef struct Toucher {
    unsigned char *block;
    int calls;
} Toucher;

static bool touch_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    Toucher *w = inst;
    if (w->calls++ == 0) {
        long page = sysconf(_SC_PAGESIZE);
        w->block = mmap(NULL, (size_t)page * FRESH_PAGES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (w->block == MAP_FAILED)
            w->block = NULL;
        for (long i = 0; w->block && i < FRESH_PAGES; i++)
            w->block[i * page] = 1;
        path_push(path, s);
        return false;
    }
    path_push(path, g);
    return true;
}

static const Entry TOUCH = {.name = "touch", .get_path = touch_get_path, .counters = walk_counters};

/* The per-call record on (--calls), kept in KEPT, and an open W x H map:
 * the setting of the page-fault tests below. */
static void calls_kept_on_open_map(CallTimes *ct, CallLine *kept, Grid *g, int w, int h)
{
    memset(ct, 0, sizeof *ct);
    ct->calls_kept = kept;
    ct->calls_on = true;
    bool *bits = malloc((size_t)w * h * sizeof *bits);
    for (int i = 0; bits && i < w * h; i++)
        bits[i] = true;
    Err err;
    if (!bits || !grid_from_bits(g, bits, w, h, &err))
        *g = (Grid){0};
    free(bits);
}

/* --calls: each call's page faults, the thread's, read around the call: the
 * call that wrote fresh pages shows one fault a page, the one after it none
 * of those. */
static void test_call_faults_counted(T *t)
{
    static CallTimes ct; /* 60 KB: off the stack */
    CallLine kept[4];
    Grid g;
    calls_kept_on_open_map(&ct, kept, &g, 2, 2);
    Toucher w = {NULL, 0};
    ScenQuery q = {.start = {0, 0}, .goal = {1, 0}, .optimal = 1};
    xyPath path = {0};
    QueryResult r;
    char why[160];
    replay_query(&TOUCH, &w, &g, &q, 0, false, false, &path, &r, &ct, why, sizeof why);
    CHECKF(t, w.block && r.valid && ct.calls_nkept == 2, "%d calls kept: %s", ct.calls_nkept, why);
    CHECKF(t, kept[0].minflt >= FRESH_PAGES && kept[0].minflt < 4 * FRESH_PAGES, "the first call: %u minor faults",
           (unsigned)kept[0].minflt);
    CHECKF(t, kept[1].minflt < FRESH_PAGES / 2 && kept[0].majflt == 0 && kept[1].majflt == 0,
           "the second call: %u minor, majors %u %u", (unsigned)kept[1].minflt, (unsigned)kept[0].majflt,
           (unsigned)kept[1].majflt);
    if (w.block)
        munmap(w.block, (size_t)sysconf(_SC_PAGESIZE) * FRESH_PAGES);
    path_free(&path);
    grid_free(&g);
}

/* An entry that appends the goal as many times as the query's optimum says
 * (not a valid path: only the cells' count matters here). */
static bool long_get_path(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    (void)s;
    const ScenQuery *q = inst;
    for (int i = 0; i < (int)q->optimal; i++)
        path_push(path, g);
    return true;
}

static const Entry LONG = {.name = "long", .get_path = long_get_path, .counters = walk_counters};

/* The driver's path is ready before the entry starts (replay_path_ready):
 * a long path after a short one is appended without growing the buffer, so
 * the call takes no page fault in it (a grown buffer's fresh pages would be
 * one fault each, timed as the entry's call). The map has room for such a
 * path (256 x 257 cells): the reservation stops at the map's cells. */
static void test_path_ready_before_the_calls(T *t)
{
    static CallTimes ct; /* 60 KB: off the stack */
    CallLine kept[4];
    Grid g;
    calls_kept_on_open_map(&ct, kept, &g, 256, 257);
    ScenQuery q[2] = {{.start = {0, 0}, .goal = {1, 0}, .optimal = 1},
                      {.start = {0, 0}, .goal = {1, 0}, .optimal = 32768}};
    Scenario scen = {.count = 2, .q = q};
    xyPath path = {0};
    replay_path_ready(&path, &scen, &g);
    xyLoc *cells = path.cells;
    CHECKF(t, path.cap >= 2 * 32768 + 2, "room for %zu cells", path.cap);
    QueryResult r;
    char why[160];
    for (int i = 0; i < 2; i++) {
        ct.calls_nkept = 0;
        replay_query(&LONG, &q[i], &g, &q[i], 0, false, false, &path, &r, &ct, why, sizeof why);
    }
    CHECKF(t, ct.calls_nkept == 1 && path.len == 32768, "%d calls, %zu cells", ct.calls_nkept, path.len);
    CHECKF(t, path.cells == cells && kept[0].minflt == 0, "the long path's call: %u minor faults, buffer %s",
           (unsigned)kept[0].minflt, path.cells == cells ? "kept" : "moved");
    path_free(&path);
    grid_free(&g);
}

/* An optimum no path on the map can have (a stray column, 1e12 on a 2 x 2
 * map: scen_checks warns and the run goes on) reserves no more than the
 * map's cells, a page at least: 2 x the optimum would abort the driver on
 * the allocation. */
static void test_path_ready_bounded_by_the_map(T *t)
{
    bool bits[4] = {true, true, true, true};
    Grid g;
    Err err;
    grid_from_bits(&g, bits, 2, 2, &err);
    ScenQuery q = {.start = {0, 0}, .goal = {1, 1}, .optimal = 1e12};
    Scenario scen = {.count = 1, .q = &q};
    xyPath path = {0};
    replay_path_ready(&path, &scen, &g);
    CHECKF(t, path.cells && path.cap <= 2 * 4096 / sizeof *path.cells, "room for %zu cells", path.cap);
    path_free(&path);
    grid_free(&g);
}

/* The timer's floor is what timing costs, not a call's work: a call that
 * computes 20 µs reads far above it, and no calls read none. */
static void test_call_floor_is_the_timer_not_a_call(T *t)
{
    static CallTimes ct; /* 60 KB: off the stack */
    memset(&ct, 0, sizeof ct);
    call_times_calibrate(&ct);
    ct.cpu_per_call = true;
    QueryResult spin;
    wait_query(true, SPIN_NS / 100, &ct, &spin);
    uint64_t floor = call_times_floor(&ct, 256);
    CHECKF(t, floor < spin.max_step_cpu_ns / 4, "floor %llu ns against a call of %llu ns of CPU",
           (unsigned long long)floor, (unsigned long long)spin.max_step_cpu_ns);
    CHECK(t, call_times_floor(&ct, 0) == 0);
    /* more calls than it keeps readings for: the cap, not past it (ASan) */
    CHECK(t, call_times_floor(&ct, 10 * CALL_FLOOR_CALLS_MAX) < spin.max_step_cpu_ns);
}

const TestCase KIT_TESTS[] = {
    {"first20_rule", test_first20_rule},
    {"call_hist_quantiles", test_call_hist_quantiles},
    {"call_times_by_both_clocks", test_call_times_by_both_clocks},
    {"idle_calls_joined_as_the_dynamic_kit", test_idle_calls_joined_as_the_dynamic_kit},
    {"empty_answer_at_the_goal", test_empty_answer_at_the_goal},
    {"call_faults_counted", test_call_faults_counted},
    {"path_ready_before_the_calls", test_path_ready_before_the_calls},
    {"path_ready_bounded_by_the_map", test_path_ready_bounded_by_the_map},
    {"call_floor_is_the_timer_not_a_call", test_call_floor_is_the_timer_not_a_call},
    {NULL, NULL},
};
