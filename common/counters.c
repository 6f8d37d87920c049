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
    c->n++;
}
