/* trace.h (search floor): a search's events, for stepping through it in a
 * visualiser (the driver's --trace writes them as a posthoc search trace,
 * driver/trace_yaml.c; docs/traces.md).
 *
 * A search that can be traced holds `const Tracer *tracer`, NULL unless a
 * caller set it: the search tests that pointer once per event and does
 * nothing else when it is NULL (no global state, nothing allocated).
 * Events name cells of the map (x, y as the map file counts them); a search
 * over regions (refine/abstract_search.c) names each region by its center.
 * The parent is the cell (or center) the event's node was reached from,
 * absent (has_parent false) for a search's start. g and f are in cells.
 *
 * `layer` tells apart the searches one query runs (mm: "abstract" for the
 * search over regions, "leg" for A* legs, "jps" and "corridor" for its JPS
 * searches); the owner of the searches sets it by handing each search its
 * own Tracer copy with the same emit and sink. */
#ifndef GPPC_SEARCH_TRACE_H
#define GPPC_SEARCH_TRACE_H

#include <stdbool.h>

#include "../grid/path.h"

typedef enum {
    TRACE_SOURCE,      /* the search's start */
    TRACE_DESTINATION, /* its goal */
    TRACE_GENERATING,  /* a node opened or given a smaller g */
    TRACE_EXPANDING,   /* a node taken off the open list, its successors next */
    TRACE_CLOSING,     /* its successors are done */
    TRACE_END,         /* the search stopped: at the goal, or with no path (has_parent false) */
} TraceType;

typedef struct TraceEvent {
    TraceType type;
    const char *layer;
    xyLoc cell, parent;
    bool has_parent;
    double g, f;
} TraceEvent;

typedef struct Tracer {
    void (*emit)(void *sink, const TraceEvent *e);
    void *sink;
    const char *layer;
} Tracer;

/* A copy of `base` (NULL: none) with another layer name, for a search the
 * owner of `base` runs; *copy must outlive the search's use of it. */
static inline const Tracer *trace_layer(Tracer *copy, const Tracer *base, const char *layer)
{
    if (!base)
        return NULL;
    *copy = *base;
    copy->layer = layer;
    return copy;
}

static inline void trace_emit(const Tracer *t, TraceType type, xyLoc cell, const xyLoc *parent, double g, double f)
{
    TraceEvent e = {type, t->layer, cell, parent ? *parent : cell, parent != NULL, g, f};
    t->emit(t->sink, &e);
}

#endif
