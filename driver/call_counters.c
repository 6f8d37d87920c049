/* call_counters.c: --call-counters KEY,...: the entry's counters read
 * around each call of --calls (driver.h CallCounters), so a long call says
 * what it did (its expansions, cache misses, JPS tries) beside its times.
 * Every reading happens outside the call's clocks; replay.c places them. */
#include <stdio.h>
#include <string.h>

#include "driver.h"

/* The entry's pairs for one call's reading into cc->read. */
static void read_pairs(CallCounters *cc, const Entry *e, void *inst)
{
    Counters *c = &cc->read;
    c->expanded = 0;
    c->n = c->dropped = 0;
    c->per_call = true;
    e->counters(inst, c, true);
}

/* The place of the number called `key` among c's pairs; -1 when none. */
static int find_key(const Counters *c, const char *key)
{
    for (int i = 0; i < c->n; i++)
        if (!c->extra[i].text && !strcmp(c->extra[i].key, key))
            return i;
    return -1;
}

/* Key k's value in the last reading: found where it was the reading
 * before (an entry adds its pairs in one order), else looked for; a pair
 * the entry stopped reporting keeps its last value. */
static double value_of(CallCounters *cc, int k)
{
    const Counters *c = &cc->read;
    if (cc->at[k] < 0)
        return (double)c->expanded;
    if (cc->at[k] >= c->n || strcmp(c->extra[cc->at[k]].key, cc->key[k]) != 0) {
        int i = find_key(c, cc->key[k]);
        if (i < 0)
            return cc->last[k];
        cc->at[k] = i;
    }
    return c->extra[cc->at[k]].value;
}

/* The keys a reading offers, numbers only, after `expanded`. */
static void list_keys(FILE *out, const Counters *c)
{
    fputs("expanded", out);
    for (int i = 0; i < c->n; i++)
        if (!c->extra[i].text)
            fprintf(out, " %s", c->extra[i].key);
}

bool call_counters_bind(CallCounters *cc, const Entry *e, void *inst)
{
    read_pairs(cc, e, inst);
    const Counters *c = &cc->read;
    for (int k = 0; k < cc->n; k++) {
        cc->at[k] = -1;
        if (!strcmp(cc->key[k], "expanded"))
            continue;
        int i = find_key(c, cc->key[k]);
        if (i < 0) {
            fprintf(stderr, "gppc: --call-counters: %s has no counter '%s' read per call; its counters: ", e->name,
                    cc->key[k]);
            list_keys(stderr, c);
            fputc('\n', stderr);
            return false;
        }
        cc->at[k] = i;
    }
    return true;
}

void call_counters_start(CallCounters *cc, const Entry *e, void *inst)
{
    read_pairs(cc, e, inst);
    for (int k = 0; k < cc->n; k++)
        cc->last[k] = value_of(cc, k);
}

void call_counters_step(CallCounters *cc, const Entry *e, void *inst, double *diff)
{
    read_pairs(cc, e, inst);
    for (int k = 0; k < cc->n; k++) {
        double now = value_of(cc, k);
        diff[k] = now - cc->last[k];
        cc->last[k] = now;
    }
}
