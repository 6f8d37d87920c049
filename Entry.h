/* Entry.h: the GPPC API in C and the entry table the driver runs entries through.
 *
 * GPPC semantics (classic competition driver):
 *  - PreprocessMap(bits, w, h, file) may write `file`; PrepareForSearch loads it
 *    and returns the instance (`void *data`); GetPath(data, s, g, path) is called
 *    again with the same s and g until it returns true.
 *  - The entry APPENDS cells to the caller's path. It never rewrites or shrinks
 *    what is already there. The first cell appended for a query is s, the last g.
 *  - An unreachable goal: GetPath returns true having appended nothing.
 *  - bits[y * width + x] is true where the cell is passable.
 *  - Costs: a cardinal step costs 1, a diagonal step exactly sqrt(2); a diagonal
 *    step needs both cardinal cells beside it passable (no corner cutting).
 *
 * Ownership: the path array belongs to the caller; entries grow it only through
 * path_push/path_reserve. The instance belongs to the entry and is released by
 * its destroy(). The map passed to preprocess/prepare is valid only during the
 * call: an entry copies what it keeps. */
#ifndef GPPC_ENTRY_H
#define GPPC_ENTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/err.h"

typedef struct xyLoc {
    int16_t x, y;
} xyLoc;

/* Growable cell array (the C form of std::vector<xyLoc>). */
typedef struct xyPath {
    xyLoc *cells;
    size_t len, cap;
} xyPath;

/* Ensures room for `extra` more cells; aborts the process if memory runs out
 * (an entry cannot report that through the GPPC API). */
void path_reserve(xyPath *p, size_t extra);
static inline void path_push(xyPath *p, xyLoc c)
{
    if (p->len == p->cap)
        path_reserve(p, 1);
    p->cells[p->len++] = c;
}
void path_free(xyPath *p);
/* Reverses n cells in place (legs planned one way and used the other). */
void cells_reverse(xyLoc *cells, size_t n);

/* ---- the GPPC free functions, bound to the default entry (Entry.c) ---- */
void PreprocessMap(const bool *bits, int width, int height, const char *filename);
void *PrepareForSearch(const bool *bits, int width, int height, const char *filename);
bool GetPath(void *data, xyLoc s, xyLoc g, xyPath *path);
const char *GetName(void);
/* Extension: releases what PrepareForSearch returned (the classic API leaks it). */
void ReleaseSearch(void *data);

/* ---- the entry table ---- */
struct Grid;

/* One cell of a dynamic map changing (paper §"Dynamic Maps"). */
typedef struct CellChange {
    int16_t x, y;
    bool passable;             /* what the cell becomes */
} CellChange;

/* The most cells a batch can open (each change to passable opens at most
 * one): what an open list sized to the passable cells must grow by. */
static inline size_t changes_opening(const CellChange *c, int n)
{
    size_t k = 0;
    for (int i = 0; i < n; i++)
        k += c[i].passable;
    return k;
}

/* Options after the entry name: "mm:sector=16,w=1.5" -> {sector:16, w:1.5}. */
#define ENTRY_MAX_OPTS 24
typedef struct EntryOpts {
    int n;
    struct {
        char key[32];
        char val[64];
    } kv[ENTRY_MAX_OPTS];
} EntryOpts;

/* Counters an entry reports. `expanded` is cumulative since prepare and cheap
 * to read (the driver reads it around every query). With `detail`, the entry
 * also fills `extra` with key=value pairs printed on the SUMMARY line. */
#define ENTRY_MAX_STATS 32
typedef struct EntryCounters {
    uint64_t expanded;
    int n;
    struct {
        char key[32];
        double value;
    } extra[ENTRY_MAX_STATS];
} EntryCounters;

void counters_add(EntryCounters *c, const char *key, double value);

typedef struct Entry {
    const char *name;
    const char *summary;  /* one line for --help */
    /* Largest path length / optimum the entry guarantees (1.0 = optimal);
     * 0 when it guarantees none. `-check` enforces it. */
    double subopt_bound;
    /* Left out of `run_suite.py --entries all` (and so of `make bench`) when it
     * takes minutes per map on some families; run it by name. */
    bool not_in_default_suite;
    /* Validates every option key and value; false + message on the first bad one. */
    bool (*check_options)(const EntryOpts *opts, Err *err);
    /* Writes `file`; NULL for an entry with nothing to preprocess (call it
     * through entry_preprocess). False + message on failure. */
    bool (*preprocess)(const struct Grid *map, const char *file, const EntryOpts *opts, Err *err);
    /* Loads `file` when the entry uses one; a missing, truncated, foreign or
     * stale file is rejected (message on stderr) and the entry rebuilds in
     * memory or fails with a message. NULL on failure. */
    void *(*prepare)(const struct Grid *map, const char *file, const EntryOpts *opts, Err *err);
    bool (*get_path)(void *inst, xyLoc s, xyLoc g, xyPath *path);
    /* Applies a batch of changed cells to the instance's map and to what it
     * derived from it; NULL when the entry cannot (the driver then rebuilds
     * it from scratch). A query in progress continues from its last cell.
     * Cells must be inside the map. False + message when the instance could
     * not be updated (it keeps the map it had). */
    bool (*update)(void *inst, const CellChange *changes, int n, Err *err);
    void (*counters)(void *inst, EntryCounters *out, bool detail);
    void (*destroy)(void *inst);
} Entry;

/* Registered entries, NULL-terminated (entries/registry.c). */
extern const Entry *const ENTRY_TABLE[];
const Entry *entry_find(const char *name);
/* The entry the GPPC free functions bind. */
const Entry *entry_default(void);

/* e->preprocess, or nothing (true) for an entry without preprocessing. */
bool entry_preprocess(const Entry *e, const struct Grid *map, const char *file, const EntryOpts *opts, Err *err);

/* Parses "name:key=val,key=val" into the entry and its options (checked by
 * the entry). False + message on an unknown entry, a malformed pair or a bad
 * option. */
bool entry_parse_spec(const char *spec, const Entry **entry, EntryOpts *opts, Err *err);

/* Option helpers for check_options/prepare: look up a key (NULL if absent). */
const char *opts_get(const EntryOpts *opts, const char *key);
/* Every key must be in the NULL-terminated `known` list. */
bool opts_only(const EntryOpts *opts, const char *const *known, const char *entry, Err *err);
/* Parse helpers: false + message naming entry, key and value when malformed. */
bool opts_int(const EntryOpts *opts, const char *key, int lo, int hi, int dflt, int *out,
              const char *entry, Err *err);
bool opts_double(const EntryOpts *opts, const char *key, double lo, double hi, double dflt,
                 double *out, const char *entry, Err *err);
/* One of the NULL-terminated `choices`; *out is its index. */
bool opts_choice(const EntryOpts *opts, const char *key, const char *const *choices, int dflt,
                 int *out, const char *entry, Err *err);

#endif
