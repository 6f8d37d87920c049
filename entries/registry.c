/* The entry table: every registered entry, found by name, and the parsing of
 * an entry spec "name:key=val,...". Adding an entry = one line here. */
#include <stdio.h>
#include <string.h>

#include "entry.h"

extern const Entry ENTRY_ASTAR, ENTRY_MM, ENTRY_JPS, ENTRY_JPS_PLUS, ENTRY_CH, ENTRY_SUB, ENTRY_AKERS, ENTRY_VRA;

const Entry *const ENTRY_TABLE[] = {&ENTRY_MM,    &ENTRY_ASTAR, &ENTRY_JPS, &ENTRY_JPS_PLUS, &ENTRY_CH, &ENTRY_SUB,
                                    &ENTRY_AKERS, &ENTRY_VRA,   NULL};

const Entry *entry_find(const char *name)
{
    for (int i = 0; ENTRY_TABLE[i]; i++)
        if (strcmp(ENTRY_TABLE[i]->name, name) == 0)
            return ENTRY_TABLE[i];
    return NULL;
}

const Entry *entry_default(void) { return &ENTRY_MM; }

static void list_entries(char *buf, size_t size)
{
    buf[0] = '\0';
    for (int i = 0; ENTRY_TABLE[i]; i++) {
        size_t used = strlen(buf);
        snprintf(buf + used, size - used, "%s%s", i ? ", " : "", ENTRY_TABLE[i]->name);
    }
}

bool entry_parse_spec(const char *spec, const Entry **entry, EntryOpts *opts, Err *err)
{
    char name[64];
    const char *colon = strchr(spec, ':');
    size_t nlen = colon ? (size_t)(colon - spec) : strlen(spec);
    memset(opts, 0, sizeof *opts);
    if (nlen >= sizeof name)
        return err_set(err, "entry spec: entry name too long");
    memcpy(name, spec, nlen);
    name[nlen] = '\0';
    *entry = entry_find(name);
    if (!*entry) {
        char known[256];
        list_entries(known, sizeof known);
        return err_set(err, "entry spec: unknown entry '%s' (known: %s)", name, known);
    }
    return opts_parse(colon ? colon + 1 : NULL, name, opts, err) && (*entry)->check_options(opts, err);
}
