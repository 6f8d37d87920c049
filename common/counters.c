#include "counters.h"

#include <string.h>

void counters_add(Counters *c, const char *key, double value)
{
    if (c->n >= COUNTERS_MAX) {
        c->dropped++;
        return;
    }
    /* Copied as snprintf would, truncated to the key's room, without its
     * format parsing: a reader around every call (Counters.per_call) reads
     * each key every call. */
    size_t len = strnlen(key, sizeof c->extra[c->n].key - 1);
    memcpy(c->extra[c->n].key, key, len);
    c->extra[c->n].key[len] = '\0';
    c->extra[c->n].value = value;
    c->extra[c->n].text = NULL;
    c->n++;
}

void counters_add_text(Counters *c, const char *key, const char *text)
{
    counters_add(c, key, 0);
    if (c->n > 0 && !c->dropped)
        c->extra[c->n - 1].text = text;
}
