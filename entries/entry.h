/* entry.h: the entry table, the contract every path planner here fulfils so
 * the driver, the GPPC binding (Entry.c) and tests can run any of them by name.
 *
 * GPPC semantics (classic competition driver):
 *  - preprocess(map, file) may write `file`; prepare(map, file) loads it and
 *    returns the instance; get_path(inst, s, g, path) is called again with the
 *    same s and g until it returns true.
 *  - The entry APPENDS cells to the caller's path. It never rewrites or
 *    shrinks what is already there. The first cell appended for a query is
 *    s, the last g. An unreachable goal: true having appended nothing.
 *  - Costs: a cardinal step costs 1, a diagonal step exactly sqrt(2); a
 *    diagonal step needs both cardinal cells beside it passable (no corner
 *    cutting).
 *
 * Ownership: the path belongs to the caller; entries grow it only through
 * path_push/path_reserve (grid/path.h). The instance belongs to the entry and
 * is released by its destroy(). The map passed to preprocess/prepare is valid
 * only during the call: an entry copies what it keeps. */
#ifndef GPPC_ENTRIES_ENTRY_H
#define GPPC_ENTRIES_ENTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../common/counters.h"
#include "../common/err.h"
#include "../grid/grid.h"
#include "../search/trace.h"

/* Options after the entry name: "mm:sector=16,w=1.5" -> {sector:16, w:1.5}. */
#define ENTRY_MAX_OPTS 24
typedef struct EntryOpts {
    int n;
    struct {
        char key[32];
        char val[64];
    } kv[ENTRY_MAX_OPTS];
} EntryOpts;

typedef struct Entry {
    const char *name;
    const char *summary; /* one line for --help */
    /* Largest path length / optimum the entry guarantees (1.0 = optimal);
     * 0 when it guarantees none. `-check` enforces it. */
    double subopt_bound;
    /* Left out of `run_suite.py --entries all` (and so of `make bench`) when it
     * takes minutes per map on some families; run it by name. */
    bool not_in_default_suite;
    /* Every option key check_options accepts (NULL-terminated; NULL: none)
     * and one --help line per key, "key=VALUES (default) meaning". The
     * driver prints option_help; a test checks it names every key. */
    const char *const *option_keys;
    const char *const *option_help;
    /* Validates every option key and value; false + message on the first bad one. */
    bool (*check_options)(const EntryOpts *opts, Err *err);
    /* Writes `file` whole or not at all (common/binio.h bin_create); NULL for
     * an entry with nothing to preprocess (call it through entry_preprocess).
     * False + message on failure. */
    bool (*preprocess)(const Grid *map, const char *file, const EntryOpts *opts, Err *err);
    /* Loads `file` when the entry uses one; file NULL: builds in memory what
     * preprocess would have written. A missing, truncated, foreign, stale
     * or forged file, or one built with other options, is rejected: NULL
     * + the reason, no rebuild (entry_prepare decides what follows). NULL
     * + message on any other failure too. */
    void *(*prepare)(const Grid *map, const char *file, const EntryOpts *opts, Err *err);
    bool (*get_path)(void *inst, xyLoc s, xyLoc g, xyPath *path);
    /* Applies a batch of changed cells to the instance's map and to what it
     * derived from it; NULL when the entry cannot (the driver then rebuilds
     * it from scratch). A query in progress continues from its last cell.
     * Cells must be inside the map. False + message when the instance could
     * not be updated (it keeps the map it had). */
    bool (*update)(void *inst, const CellChange *changes, int n, Err *err);
    /* `expanded` always (cheap: the driver reads it around every query); with
     * `detail` also the entry's key=value pairs for the SUMMARY line. */
    void (*counters)(void *inst, Counters *out, bool detail);
    void (*destroy)(void *inst);
    /* Optional: the searches of the next get_path calls report their events
     * to `t` (search/trace.h; NULL: stop), until it is set again; the
     * tracer outlives those calls. NULL when the entry cannot be traced
     * (the driver's --trace then says so). */
    void (*set_tracer)(void *inst, const Tracer *t);
} Entry;

/* Registered entries, NULL-terminated (entries/registry.c). */
extern const Entry *const ENTRY_TABLE[];
const Entry *entry_find(const char *name);
/* The entry the GPPC free functions bind (Entry.c). */
const Entry *entry_default(void);

/* Parses "name:key=val,key=val" into the entry and its options (checked by
 * the entry). False + message on an unknown entry, a malformed pair or a bad
 * option. */
bool entry_parse_spec(const char *spec, const Entry **entry, EntryOpts *opts, Err *err);

/* What became of the preprocessing file entry_prepare was given. */
typedef struct PreLoad {
    bool strict;      /* in: a rejected file is an error, not rebuilt (--strict-pre) */
    bool rejected;    /* out: the file was rejected */
    char why[512];    /* out: why (the entry's message) */
    double rebuild_s; /* out: the rebuild in memory that followed (prepare with no file) */
} PreLoad;

/* The one way to prepare an entry from a file: e->prepare(map, file); when
 * the entry preprocesses and rejects the file, the rejection is recorded in
 * `load` (may be NULL) and said on stderr ("ENTRY: rejected WHY; rebuilding
 * in memory"), then the entry is built in memory (e->prepare with no file)
 * and that rebuild timed, unless load->strict: then NULL + "rejected WHY".
 * No silent fallback: a caller that reports (the driver's SUMMARY,
 * pre_rejected= and rebuild_s=) reads `load`. */
void *entry_prepare(const Entry *e, const Grid *map, const char *file, const EntryOpts *opts, PreLoad *load, Err *err);

/* e->preprocess, or nothing (true) for an entry without preprocessing. */
bool entry_preprocess(const Entry *e, const Grid *map, const char *file, const EntryOpts *opts, Err *err);

/* Parses "key=val,key=val" (NULL or "" = none) into opts; `entry` names the
 * entry in messages. Keys are not checked here: that is check_options' job. */
bool opts_parse(const char *text, const char *entry, EntryOpts *opts, Err *err);
/* The options as one string, keys sorted ("a=1,b=2"; "" for none), for the
 * header of a preprocessing file (common/binio.h BinFile.options): a file is
 * used only by a run given the same options. `out` holds OPTS_TEXT_MAX bytes. */
#define OPTS_TEXT_MAX (ENTRY_MAX_OPTS * 98)
const char *opts_canonical(const EntryOpts *opts, char *out, size_t size);
/* Option helpers for check_options/prepare: look up a key (NULL if absent). */
const char *opts_get(const EntryOpts *opts, const char *key);
/* Every key must be in the NULL-terminated `known` list. */
bool opts_only(const EntryOpts *opts, const char *const *known, const char *entry, Err *err);
/* Parse helpers: false + message naming entry, key and value when malformed. */
bool opts_int(const EntryOpts *opts, const char *key, int lo, int hi, int dflt, int *out, const char *entry, Err *err);
bool opts_double(const EntryOpts *opts, const char *key, double lo, double hi, double dflt, double *out,
                 const char *entry, Err *err);
/* One of the NULL-terminated `choices`; *out is its index. */
bool opts_choice(const EntryOpts *opts, const char *key, const char *const *choices, int dflt, int *out,
                 const char *entry, Err *err);

#endif
