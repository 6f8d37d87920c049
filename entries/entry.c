/* The entry options: parsing "key=val,..." and the helpers every entry's
 * check_options uses, so each entry validates its options the same way. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/clock.h"
#include "../common/lines.h"
#include "entry.h"

bool entry_preprocess(const Entry *e, const Grid *map, const char *file, const EntryOpts *opts, Err *err)
{
    return !e->preprocess || e->preprocess(map, file, opts, err);
}

void *entry_prepare(const Entry *e, const Grid *map, const char *file, const EntryOpts *opts, PreLoad *load, Err *err)
{
    if (!e->preprocess || !file)
        return e->prepare(map, file, opts, err);
    if (e->check_options && !e->check_options(opts, err))
        return NULL; /* not the file's fault */
    Err why;
    void *inst = e->prepare(map, file, opts, &why);
    if (inst)
        return inst;
    if (load) {
        load->rejected = true;
        snprintf(load->why, sizeof load->why, "%s", why.msg);
    }
    if (load && load->strict) {
        err_set(err, "rejected %s (--strict-pre)", why.msg);
        return NULL;
    }
    fprintf(stderr, "%s: rejected %s; rebuilding in memory\n", e->name, why.msg);
    uint64_t t0 = clock_now_ns();
    inst = e->prepare(map, NULL, opts, err);
    if (load)
        load->rebuild_s = (double)(clock_now_ns() - t0) * 1e-9;
    return inst;
}

bool opts_parse(const char *text, const char *name, EntryOpts *opts, Err *err)
{
    memset(opts, 0, sizeof *opts);
    if (text && !*text) /* "mm:" as "mm:sector=8," is refused: a list cut short, never the defaults unsaid */
        return err_set(err, "entry %s: no options after ':' (key=value,...; the name alone means the defaults)", name);
    const char *p = text;
    while (p && *p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        const char *eq = memchr(p, '=', len);
        if (!eq || eq == p || eq == p + len - 1)
            return err_set(err, "entry %s: option '%.*s' is not key=value", name, (int)len, p);
        if (opts->n == ENTRY_MAX_OPTS)
            return err_set(err, "entry %s: more than %d options", name, ENTRY_MAX_OPTS);
        size_t klen = (size_t)(eq - p), vlen = len - klen - 1;
        if (klen >= sizeof opts->kv[0].key || vlen >= sizeof opts->kv[0].val)
            return err_set(err, "entry %s: option '%.*s' too long", name, (int)len, p);
        for (int i = 0; i < opts->n; i++)
            if (strlen(opts->kv[i].key) == klen && strncmp(opts->kv[i].key, p, klen) == 0)
                return err_set(err, "entry %s: option '%.*s' given twice", name, (int)klen, p);
        memcpy(opts->kv[opts->n].key, p, klen);
        memcpy(opts->kv[opts->n].val, eq + 1, vlen);
        opts->n++;
        p = comma ? comma + 1 : NULL;
        if (comma && !*p)
            return err_set(err, "entry %s: empty option after ','", name);
    }
    return true;
}

const char *opts_canonical(const EntryOpts *opts, char *out, size_t size)
{
    int order[ENTRY_MAX_OPTS], n = opts ? opts->n : 0;
    for (int i = 0; i < n; i++) { /* insertion sort by key: at most ENTRY_MAX_OPTS */
        int j = i;
        for (; j > 0 && strcmp(opts->kv[order[j - 1]].key, opts->kv[i].key) > 0; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%s=%s", i ? "," : "", opts->kv[order[i]].key,
                                 opts->kv[order[i]].val);
    return out;
}

const char *opts_get(const EntryOpts *opts, const char *key)
{
    for (int i = 0; opts && i < opts->n; i++)
        if (strcmp(opts->kv[i].key, key) == 0)
            return opts->kv[i].val;
    return NULL;
}

bool opts_only(const EntryOpts *opts, const char *const *known, const char *entry, Err *err)
{
    for (int i = 0; opts && i < opts->n; i++) {
        bool found = false;
        for (int k = 0; known[k] && !found; k++)
            found = strcmp(known[k], opts->kv[i].key) == 0;
        if (!found)
            return err_set(err, "entry %s: unknown option '%s'", entry, opts->kv[i].key);
    }
    return true;
}

bool opts_int(const EntryOpts *opts, const char *key, int lo, int hi, int dflt, int *out, const char *entry, Err *err)
{
    const char *v = opts_get(opts, key);
    long x = dflt;
    if (v && (!parse_int(v, &x) || x < lo || x > hi))
        return err_set(err, "entry %s: %s=%s is not an integer in %d..%d", entry, key, v, lo, hi);
    *out = (int)x;
    return true;
}

bool opts_double(const EntryOpts *opts, const char *key, double lo, double hi, double dflt, double *out,
                 const char *entry, Err *err)
{
    const char *v = opts_get(opts, key);
    double x = dflt;
    if (v && (!parse_double(v, &x) || x < lo || x > hi))
        return err_set(err, "entry %s: %s=%s is not a number in %g..%g", entry, key, v, lo, hi);
    *out = x;
    return true;
}

bool opts_choice(const EntryOpts *opts, const char *key, const char *const *choices, int dflt, int *out,
                 const char *entry, Err *err)
{
    const char *v = opts_get(opts, key);
    *out = dflt;
    if (!v)
        return true;
    for (int i = 0; choices[i]; i++)
        if (strcmp(choices[i], v) == 0) {
            *out = i;
            return true;
        }
    char list[256] = "";
    for (int i = 0; choices[i]; i++) {
        size_t used = strlen(list);
        snprintf(list + used, sizeof list - used, "%s%s", i ? "|" : "", choices[i]);
    }
    return err_set(err, "entry %s: %s=%s is not one of %s", entry, key, v, list);
}
