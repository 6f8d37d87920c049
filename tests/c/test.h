/* test.h: the project's own small C test runner.
 * A test is `void fn(T *t)`; CHECK records a failure and carries on, SKIP marks
 * the test skipped with a one-line reason. tests/c/main.c lists every suite and
 * prints "N passed, N failed, N skipped" last. */
#ifndef GPPC_TEST_H
#define GPPC_TEST_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct T {
    const char *name;
    int failures;
    bool skipped;
} T;

typedef void (*TestFn)(T *t);
typedef struct TestCase {
    const char *name;
    TestFn fn;
} TestCase;

void t_fail(T *t, const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void t_skip(T *t, const char *why);
/* A test that runs on past its bound of CPU time (the process's, user and
 * system) is stopped: the job fails, printing "FAIL name: ..." with `why`,
 * rather than hanging make test. Every test has T_CPU_BOUND_S; a test whose
 * broken code would loop for ever sets a tighter bound, from now on, and
 * says in `why` what such a loop would mean. */
#define T_CPU_BOUND_S 100.0
void t_cpu_bound(T *t, double seconds, const char *why);

#define CHECK(t, cond)                                                                                                 \
    do {                                                                                                               \
        if (!(cond))                                                                                                   \
            t_fail((t), __FILE__, __LINE__, "%s", #cond);                                                              \
    } while (0)
#define CHECKF(t, cond, ...)                                                                                           \
    do {                                                                                                               \
        if (!(cond))                                                                                                   \
            t_fail((t), __FILE__, __LINE__, __VA_ARGS__);                                                              \
    } while (0)

/* Every test runs in the plain build and again under ASan+UBSan, where a query
 * costs several times as much. A workload's loop over queries takes every
 * t_thin(k)-th query: k in the plain build, which runs the whole workload,
 * and T_SAN_THIN * k under the sanitizers, which still run every code path of
 * the test on a sample (make test's CPU budget, tests/run_all.py). */
#if defined(__SANITIZE_ADDRESS__)
#define T_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define T_SANITIZED 1
#endif
#endif
#ifndef T_SANITIZED
#define T_SANITIZED 0
#endif
#define T_SAN_THIN 8
static inline int t_thin(int stride) { return T_SANITIZED ? stride * T_SAN_THIN : stride; }
/* The query after i in a sample of `count` queries: every t_thin(stride)-th,
 * then the last `stride` ones all (a scenario's longest buckets may hold a
 * single query, and they are the searches most likely to go wrong). */
static inline int t_sample_next(int i, int stride, int count)
{
    int tail = count - stride, next = i + t_thin(stride);
    return i + 1 >= tail ? i + 1 : next < tail ? next : tail;
}

/* xorshift64: a test's reproducible random picks (cells to toggle, slots to
 * sample); `*s` must start non-zero. */
static inline uint64_t t_rng(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Writes `text` to a fresh file under /tmp and returns its path (a static
 * buffer per slot 0..3, reused by the next call with that slot). */
const char *temp_file(int slot, const char *text);
/* A temp folder, created once per run. */
const char *temp_dir(void);
/* $GPPC_BENCH_DIR, else ../shared/benchmarks (make test sets the variable to
 * what tests/py/util.py finds); NULL and a skip naming what was looked for
 * when absent. */
const char *bench_dir(T *t);
/* Does `haystack` contain `needle`? */
bool contains(const char *haystack, const char *needle);

/* Byte-for-byte: every array of the compact layout (edge costs included)
 * and every total; `why` says what differs (tests/c/test_dyn_abs.c). */
struct Abstraction;
bool abs_same(const struct Abstraction *a, const struct Abstraction *b, char *why, size_t size);

/* Entry test helpers (tests/c/entry_util.c). */
#include "../../entries/entry.h"
#include "../../grid/scen.h"
typedef struct Loaded {
    Grid g;
    Scenario sc;
} Loaded;
/* Do two paths hold the same cells, in order? */
static inline bool t_same_path(const xyPath *a, const xyPath *b)
{
    return a->len == b->len && (a->len == 0 || memcmp(a->cells, b->cells, a->len * sizeof *a->cells) == 0);
}
/* An embedded map: "rooms/8room256-0" -> maps/rooms/8room256-0.map and
 * scenarios/rooms/8room256-0.map.scen. */
bool load_named(T *t, const char *name, Loaded *l);
/* Entry i of a NULL-terminated list of embedded maps (load_named): false
 * past the list's end or when it would not load (a failure), which ends a
 * test's loop over the maps:
 *     for (int m = 0; load_nth(t, maps, m, &l); m++) { ...; unload(&l); } */
bool load_nth(T *t, const char *const *names, int i, Loaded *l);
/* ROOT/maps/NAME.map and ROOT/scenarios/NAME.map.scen, each at most `size`
 * bytes (ROOT "." for the embedded maps, bench_dir for the benchmark's). */
void map_scen_paths(const char *root, const char *name, char *map, char *scen, size_t size);
/* A benchmark map and its scenario ("dao/arena2"): false, the test skipped,
 * without the benchmark folder (bench_dir); false and a failure when either
 * does not load. */
bool load_bench(T *t, const char *name, Loaded *l);
bool load_paths(T *t, const char *map, const char *scen, Loaded *l);
/* The top-left w x h cells of embedded map `name`, for a preprocessing whose
 * cost grows with the map (centers=opt): with w and h not multiples of a
 * sector, the crop's right and bottom sectors are partial. Its scenario is
 * `n` queries between seeded random open cells that connect in the crop;
 * a query's `optimal` is the octile distance, a lower bound only (for tests
 * of validity and "never shorter than optimal", not of optimality). */
bool load_crop(T *t, const char *name, int w, int h, int n, Loaded *l);
/* A 64 x 64 map with a fifth of its cells blocked, the same every time (a
 * fixed generator), no scenario: a tiny map of mm's cluttered kind. false
 * when memory ran out. unload() frees it. */
bool load_small_cluttered(Loaded *l);
/* Runs a query from every open cell (x, y) of l's map on a lattice of steps
 * dx, dy to the cell mirrored through the map's center, where that is open,
 * each path checked valid (or none). */
void run_mirrored_queries(T *t, const Entry *e, void *inst, const Loaded *l, int dx, int dy);
void unload(Loaded *l);
/* Calls fn on every embedded map (maps/random, rooms, mazes), each in one
 * build: under the sanitizers every other map of each family (a test that
 * checks every cell is several times slower there), the plain build the rest. */
void for_each_embedded_map(T *t, void (*fn)(T *, const Grid *, const char *));
/* Runs one query, checking that every call only appended; returns the calls. */
int run_query(T *t, const Entry *e, void *inst, const ScenQuery *q, xyPath *p);
/* Preprocesses `spec` on l into the temp dir and prepares an instance; NULL
 * (and a failure) when either step fails. *e is the entry. */
void *prepare_spec(T *t, const char *spec, const Loaded *l, const Entry **e);
/* The value of `key` in c, or -1 when absent. */
double counter_of(const Counters *c, const char *key);
/* Flips `n` (<= 64) pseudo-random cells of l (next values of *seed) through
 * the entry's update() and in l->g, so that l keeps matching the instance. */
void flip_random_cells(T *t, const Entry *e, void *inst, Loaded *l, int n, uint64_t *seed);
/* Sends the n changes through the entry's update() and to l->g. */
void change_cells(T *t, const Entry *e, void *inst, Loaded *l, const CellChange *ch, int n);
/* The entry's detailed SUMMARY counter `key`, -1 when it has none. */
double entry_counter(const Entry *e, void *inst, const char *key);
/* Sends stderr to a temp file until capture_end, which copies what was said
 * into buf (NUL-terminated, cut at size - 1) and returns its length. */
typedef struct Capture {
    int saved;
    FILE *fp;
} Capture;
void capture_begin(Capture *c);
size_t capture_end(Capture *c, char *buf, size_t size);
/* Calls e->prepare with stderr captured into buf. */
void *prepare_capturing(const Entry *e, const Grid *g, const char *file, const EntryOpts *o, char *buf, size_t size);

/* Connected components of the passable cells, indexed by grid_index (0:
 * blocked). Without corner cutting a diagonal step needs both cardinal cells
 * beside it open, so 8-connected reachability equals 4-connected: one flood
 * fill answers "is g reachable from s" for every query of a map, where an A*
 * per query would. Caller frees; NULL when out of memory. */
int *grid_components(const Grid *g);
/* A w x h map with about pct % of its cells blocked, at random from `seed`
 * (the same map for the same seed everywhere). */
Grid t_random_grid(int w, int h, int pct, uint64_t seed);
/* Replays queries first, first + stride, ... whose ends are open on l's
 * current map: each must give a valid path where s and g are connected
 * (grid_components) and none where they are not. Reports the first three
 * failures; returns how many failed, and *replayed (may be NULL) how many ran. */
int replay_valid(T *t, const Entry *e, void *inst, const Loaded *l, int first, int stride, int *replayed);

/* Allocation counter (tests/c/alloc_count.c, linked with --wrap), and the
 * largest single request seen. While realloc_fail_next (calloc_fail_next)
 * > 0, each realloc (calloc) counts it down and returns NULL (out of memory
 * on demand). */
extern long alloc_calls;
extern size_t alloc_largest;
extern int realloc_fail_next;
extern int calloc_fail_next;

/* Each suite file exports its cases, NULL-terminated. */
extern const TestCase GRID_TESTS[], SCEN_TESTS[], VALIDATE_TESTS[], HEAP_TESTS[], ASTAR_TESTS[], ENTRY_TESTS[],
    BINIO_TESTS[], ABSTRACTION_TESTS[], MM_TESTS[], BASELINE_TESTS[], SEED_TESTS[], DYNAMIC_TESTS[], DYN_ABS_TESTS[],
    STAMP_TESTS[], LEG_TESTS[], CORRIDOR_JPS_TESTS[], JPS_ANSWER_TESTS[], KIT_TESTS[], CLI_TESTS[], WINDOW_TESTS[],
    WINDOW_MEMO_TESTS[], API_TESTS[], DIFF_TESTS[], FUZZ_TESTS[], SUB_TESTS[], ABS_CH_TESTS[], GROW_TESTS[],
    DYN_DIFF_TESTS[], ROUTE_ENDS_TESTS[], SMOOTH_TESTS[], EDGE_CACHE_TESTS[], MM_MEMORY_TESTS[], MM_CHQUERY_TESTS[],
    MM_FIRST_TESTS[], MM_FILE_TESTS[], MM_CALLS_TESTS[], JUMPTABLE_TESTS[], ABS_LOCATE_TESTS[], MAPKIND_TESTS[],
    JPS_TESTS[], JPS_STATE_TESTS[], MM_TRY_TESTS[], COARSE_TESTS[];
/* test_abs_layout.c (split from test_abstraction.c) */
extern const TestCase ABS_LAYOUT_TESTS[];

#endif
