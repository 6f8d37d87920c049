#include "counters.h"

#include <stdio.h>

void counters_add(Counters *c, const char *key, double value)
{
    if (c->n >= COUNTERS_MAX) {
        c->dropped++;
        return;
    }
    snprintf(c->extra[c->n].key, sizeof c->extra[c->n].key, "%s", key);
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
