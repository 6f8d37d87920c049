/* `--entry ext:DIR`: a classic-kit entry folder as an entry of the driver.
 * scripts/ext_build.py builds the folder with its own build into entry.so
 * (cached by content) and prints its path; this file runs it, dlopens the
 * object and adapts the shim's functions (driver/ext_abi.h) to the entry
 * contract (entries/entry.h).
 *
 * The entry is named after the folder (its last path component); a name of
 * one of the registered entries is refused before anything is built. One
 * external entry per process: the record and the loaded object live in this
 * file's statics until the process ends (the classic API cannot free an
 * instance, so the object is never unloaded).
 *
 * Index files: `file` (the driver's pre-file path, one per entry and map) is
 * made a folder, and the entry is given FOLDER/GETNAME, as the kit's main.cpp
 * gives index_data/GETNAME-MAP; storage is what the folder holds.
 *
 * Waypoints: the classic kit returns waypoints (each segment cardinal or
 * exactly diagonal). The entry contract takes them as they are: the driver
 * validates every segment cell by cell with the kits' rules (grid/validate.h)
 * and reports path_size in waypoints, as the kit's result.csv does. */
#define _DEFAULT_SOURCE /* dlopen's flags, mkdir */
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "driver.h"
#include "ext_abi.h"

typedef struct ExtLib {
    void (*preprocess)(const bool *, int, int, const char *);
    ExtInstance *(*prepare)(const bool *, int, int, const char *);
    int (*get_path)(ExtInstance *, ExtPoint, ExtPoint, const ExtPoint **, size_t *);
    void (*release)(ExtInstance *);
    const char *(*name)(void);
} ExtLib;

/* Set once by ext_entry_open; the Entry's functions cannot be given it. */
static ExtLib lib;
static Entry ext_record;
static char ext_folder_name[256];

static bool ext_check_options(const EntryOpts *opts, Err *err)
{
    static const char *const known[] = {NULL};
    return opts_only(opts, known, ext_record.name, err);
}

/* FILE as a folder, and the name the entry gets inside it. */
static bool index_name(const char *file, char *out, size_t size, Err *err)
{
    if (mkdir(file, 0777) != 0 && errno != EEXIST)
        return err_set(err, "%s: cannot create the entry's index folder: %s", file, strerror(errno));
    struct stat st;
    if (stat(file, &st) != 0 || !S_ISDIR(st.st_mode))
        return err_set(err, "%s: exists and is not a folder (left by another entry?)", file);
    if (snprintf(out, size, "%s/%s", file, lib.name()) >= (int)size)
        return err_set(err, "%s: index path too long", file);
    return true;
}

static bool *map_bits(const Grid *map, Err *err)
{
    bool *bits = grid_to_bits(map);
    if (!bits)
        err_set(err, "%s: out of memory for a %dx%d map", ext_record.name, map->width, map->height);
    return bits;
}

static bool ext_preprocess_map(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    (void)opts;
    if (!file) { /* the kit's entry only reads its own file; it cannot build in memory */
        err_set(err, "ext: a classic-kit entry needs its preprocessing file (-pre or -full first)");
        return NULL;
    }
    char name[4096];
    bool *bits = index_name(file, name, sizeof name, err) ? map_bits(map, err) : NULL;
    if (!bits)
        return false;
    lib.preprocess(bits, map->width, map->height, name);
    free(bits);
    return true;
}

static void *ext_prepare_map(const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    (void)opts;
    char name[4096];
    bool *bits = index_name(file, name, sizeof name, err) ? map_bits(map, err) : NULL;
    if (!bits)
        return NULL;
    ExtInstance *inst = lib.prepare(bits, map->width, map->height, name);
    free(bits);
    return inst;
}

/* The shim's points are our cells byte for byte: appended in one copy (this
 * runs inside the timed call, so the bridge adds as little as it can). */
_Static_assert(sizeof(ExtPoint) == sizeof(xyLoc) && offsetof(ExtPoint, y) == offsetof(xyLoc, y),
               "ExtPoint and xyLoc differ");

static bool ext_get(void *inst, xyLoc s, xyLoc g, xyPath *path)
{
    const ExtPoint *pts;
    size_t n;
    bool done = lib.get_path(inst, (ExtPoint){s.x, s.y}, (ExtPoint){g.x, g.y}, &pts, &n);
    if (n) {
        path_reserve(path, n);
        memcpy(path->cells + path->len, pts, n * sizeof *pts);
        path->len += n;
    }
    return done;
}

static void ext_counters(void *inst, Counters *out, bool detail)
{
    (void)inst;
    (void)detail;
    out->expanded = 0; /* the classic API reports no counts */
}

static void ext_destroy(void *inst) { lib.release(inst); }

/* The builder's path: $GPPC_EXT_BUILD, else scripts/ext_build.py of the tree
 * this binary was built in (build/gppc -> ..). */
static bool builder_path(char *out, size_t size, Err *err)
{
    const char *env = getenv("GPPC_EXT_BUILD");
    if (env && *env) {
        snprintf(out, size, "%s", env);
        if (access(out, R_OK) != 0)
            return err_set(err, "ext: no builder at %s ($GPPC_EXT_BUILD): %s", out, strerror(errno));
        return true;
    }
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return err_set(err, "ext: cannot find this binary (/proc/self/exe) to locate scripts/ext_build.py; "
                            "set GPPC_EXT_BUILD");
    exe[n] = '\0';
    for (int up = 0; up < 2; up++) {
        char *slash = strrchr(exe, '/');
        if (!slash)
            return err_set(err, "ext: %s: cannot locate scripts/ext_build.py; set GPPC_EXT_BUILD", exe);
        *slash = '\0';
    }
    if (snprintf(out, size, "%s/scripts/ext_build.py", exe) >= (int)size)
        return err_set(err, "ext: builder path too long");
    /* A binary copied out of its tree (or one in build/asan/) has no builder
     * beside it: one line saying so, not python's error and ours. */
    if (access(out, R_OK) != 0)
        return err_set(err,
                       "ext: no builder at %s (scripts/ext_build.py of the tree this binary was built in); "
                       "set GPPC_EXT_BUILD to it",
                       out);
    return true;
}

/* The build's process group (its own, so a time limit ends the compilers it
 * started too); an interrupt or termination of the driver during the build
 * ends the group as well, then the driver as that signal would. */
static volatile pid_t build_group;

static void end_build(int sig)
{
    if (build_group > 0)
        kill(-build_group, SIGKILL);
    signal(sig, SIG_DFL);
    raise(sig);
}

static const int FORWARDED[] = {SIGINT, SIGTERM, SIGHUP};
enum { NFORWARDED = sizeof FORWARDED / sizeof FORWARDED[0] };

/* Reads the builder's stdout into so until it closes, or until the time
 * limit (limit_s > 0) passes: then false. */
static bool read_until(int fd, char *so, size_t size, int limit_s)
{
    size_t got = 0;
    for (;;) {
        int left_ms = -1;
        if (limit_s > 0) {
            double left = guard_seconds_left(limit_s);
            if (left <= 0)
                return false;
            left_ms = left > 1e6 ? 1000000000 : (int)(left * 1000) + 1; /* a day-long limit fits an int */
        }
        struct pollfd p = {.fd = fd, .events = POLLIN};
        int n = poll(&p, 1, left_ms);
        if (n < 0 && errno == EINTR)
            continue;
        if (n == 0)
            continue; /* the limit is tested above */
        ssize_t r = n > 0 ? read(fd, so + got, size - 1 - got) : 0;
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0 || got + (size_t)r >= size - 1) {
            got += r > 0 ? (size_t)r : 0;
            so[got] = '\0';
            return true;
        }
        got += (size_t)r;
    }
}

/* Runs the builder on DIR; its stdout (the object's path) goes to `so`, its
 * messages straight to our stderr. --time-limit counts the build: past it the
 * build's whole process group is killed and the entry is not loaded. */
static bool build_folder(const char *dir, int limit_s, char *so, size_t size, Err *err)
{
    char builder[4096];
    if (!builder_path(builder, sizeof builder, err))
        return false;
    int fd[2];
    if (pipe(fd) != 0)
        return err_set(err, "ext: pipe: %s", strerror(errno));
    struct sigaction sa, old[NFORWARDED];
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = end_build;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < NFORWARDED; i++)
        sigaction(FORWARDED[i], &sa, &old[i]);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return err_set(err, "ext: fork: %s", strerror(errno));
    if (pid == 0) {
        setpgid(0, 0);
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        execlp("python3", "python3", builder, dir, (char *)NULL);
        fprintf(stderr, "ext: cannot run python3 %s: %s\n", builder, strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid); /* as the child does: whichever runs first */
    build_group = pid;
    close(fd[1]);
    bool in_time = read_until(fd[0], so, size, limit_s);
    close(fd[0]);
    if (!in_time)
        kill(-pid, SIGKILL);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    build_group = 0;
    for (int i = 0; i < NFORWARDED; i++)
        sigaction(FORWARDED[i], &old[i], NULL);
    if (!in_time)
        return err_set(err, "ext:%s: entry '%s' not loaded: its build did not end within --time-limit %d s (stopped)",
                       dir, ext_folder_name, limit_s);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return err_set(err, "ext:%s: not loaded: the build above failed", dir);
    so[strcspn(so, "\n")] = '\0';
    if (!*so)
        return err_set(err, "ext:%s: the builder printed no object path", dir);
    return true;
}

bool ext_entry_open(const char *dir, int time_limit_s, const Entry **out, Err *err)
{
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/')
        len--;
    size_t start = len;
    while (start > 0 && dir[start - 1] != '/')
        start--;
    if (len == start || len - start >= sizeof ext_folder_name)
        return err_set(err, "ext:%s: expected an entry folder (ext:DIR)", dir);
    memcpy(ext_folder_name, dir + start, len - start);
    ext_folder_name[len - start] = '\0';
    if (entry_find(ext_folder_name) || !strcmp(ext_folder_name, "ext"))
        return err_set(err, "ext:%s: the folder's name '%s' is the name of one of our entries; rename the folder", dir,
                       ext_folder_name);
    char so[4096];
    if (!build_folder(dir, time_limit_s, so, sizeof so, err))
        return false;
    void *h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return err_set(err, "ext:%s: %s", dir, dlerror());
    /* POSIX: a function pointer may be read through dlsym's void *. */
    *(void **)&lib.preprocess = dlsym(h, "ext_preprocess");
    *(void **)&lib.prepare = dlsym(h, "ext_prepare");
    *(void **)&lib.get_path = dlsym(h, "ext_get_path");
    *(void **)&lib.release = dlsym(h, "ext_release");
    *(void **)&lib.name = dlsym(h, "ext_name");
    void (*on_throw)(void (*)(const char *)), (*on_warn)(void (*)(const char *));
    *(void **)&on_throw = dlsym(h, "ext_on_throw");
    *(void **)&on_warn = dlsym(h, "ext_on_warn");
    if (!lib.preprocess || !lib.prepare || !lib.get_path || !lib.release || !lib.name || !on_throw || !on_warn)
        return err_set(err, "ext:%s: %s lacks the shim's functions (ext_abi.h): not built by ext_build.py", dir, so);
    on_throw(guard_die);
    on_warn(guard_warn);
    ext_record = (Entry){
        .name = ext_folder_name,
        .summary = "a classic-kit entry folder (ext:DIR)",
        .subopt_bound = 0,
        .check_options = ext_check_options,
        .preprocess = ext_preprocess_map,
        .prepare = ext_prepare_map,
        .get_path = ext_get,
        .update = NULL,
        .counters = ext_counters,
        .destroy = ext_destroy,
    };
    fprintf(stderr, "gppc: ext:%s: entry '%s', GetName() \"%s\", object %s\n", dir, ext_folder_name, lib.name(), so);
    *out = &ext_record;
    return true;
}
