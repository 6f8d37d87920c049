/* --trace FILE (with --query N): the query's searches as a posthoc search
 * trace (ShortestPathLab's visualiser), in the trace format whose `render`
 * section and event names (source, destination, generating, expanding,
 * closing, end) posthoc reads for versions before 1.4.0. docs/traces.md
 * says how to load it. An event's id is its cell's index y * width + x and
 * pId its parent's; `layer` names the search that emitted it (search/trace.h:
 * the entry's name, or mm's names for its searches), "query" for the driver's
 * own source and destination of the query. */
#include <string.h>

#include "driver.h"

/* posthoc draws each event's cell in the colour of its type ($.color is
 * posthoc's palette by event type); a region of mm's abstract search is
 * drawn as a larger, paler square round its center. */
static const char RENDER[] = "render:\n"
                             "  components:\n"
                             "    tile:\n"
                             "      - $: rect\n"
                             "        width: \"{{ $.event.layer == 'abstract' ? 3 : 1 }}\"\n"
                             "        height: \"{{ $.event.layer == 'abstract' ? 3 : 1 }}\"\n"
                             "        x: \"{{ $.event.x - ($.event.layer == 'abstract' ? 1 : 0) }}\"\n"
                             "        y: \"{{ $.event.y - ($.event.layer == 'abstract' ? 1 : 0) }}\"\n"
                             "        fill: \"{{ $.color[$.event.type] }}\"\n"
                             "        alpha: \"{{ $.event.layer == 'abstract' ? 0.5 : 1 }}\"\n"
                             "  views:\n"
                             "    main:\n"
                             "      components:\n"
                             "        - $: tile\n"
                             "  path:\n"
                             "    pivot:\n"
                             "      x: \"{{ $.event.x + 0.5 }}\"\n"
                             "      y: \"{{ $.event.y + 0.5 }}\"\n"
                             "    scale: 1\n";

static const char *const TYPE_NAME[] = {"source", "destination", "generating", "expanding", "closing", "end"};

static void write_event(void *sink, const TraceEvent *e)
{
    TraceYaml *t = sink;
    if (t->events >= TRACE_MAX_EVENTS) {
        t->truncated = true;
        return;
    }
    t->events++;
    FILE *fp = t->f.fp;
    long id = (long)e->cell.y * t->width + e->cell.x;
    fprintf(fp, "  - { type: %s, id: %ld", TYPE_NAME[e->type], id);
    if (e->has_parent)
        fprintf(fp, ", pId: %ld", (long)e->parent.y * t->width + e->parent.x);
    fprintf(fp, ", x: %d, y: %d, g: %.6g, f: %.6g, layer: %s }\n", e->cell.x, e->cell.y, e->g, e->f, e->layer);
}

bool trace_open(TraceYaml *t, const char *path, const Grid *map, const DriverArgs *a, const ScenQuery *q, Err *err)
{
    memset(t, 0, sizeof *t);
    if (!bin_create(&t->f, path, err))
        return false;
    t->width = map->width;
    t->tracer = (Tracer){write_event, t, a->entry->name}; /* mm names its searches' layers itself */
    fprintf(t->f.fp,
            "version: 1.0.5\n"
            "# build/gppc --trace: entry %s, map %s (%dx%d), query %d: (%d,%d) -> (%d,%d), optimum %.8g.\n"
            "# id = y * %d + x; layer: which search emitted the event. Load the map file\n"
            "# as a map layer beside this trace (docs/traces.md).\n",
            a->entry_spec, a->map_path, map->width, map->height, a->query, q->start.x, q->start.y, q->goal.x, q->goal.y,
            q->optimal, map->width);
    fputs(RENDER, t->f.fp);
    fputs("events:\n", t->f.fp);
    Tracer query;
    trace_emit(trace_layer(&query, &t->tracer, "query"), TRACE_SOURCE, q->start, NULL, 0, 0);
    trace_emit(&query, TRACE_DESTINATION, q->goal, NULL, 0, 0);
    return true;
}

bool trace_close(TraceYaml *t, Err *err)
{
    if (t->truncated) {
        fprintf(t->f.fp, "# truncated: only the first %d events are written\n", TRACE_MAX_EVENTS);
        fprintf(stderr, "gppc: %s: the trace stops after its first %d events (the search went on)\n", t->f.path,
                TRACE_MAX_EVENTS);
    }
    return bin_commit(&t->f, err);
}
