#!/usr/bin/env python3
"""Checks a search trace written by `build/gppc --trace` against the posthoc
trace format's rules and the map it was made on (docs/traces.md).

The rules: a `version` line; a `render` section with `views: main:` whose
components draw each event's cell (x and y from the event); an `events` list
whose every event has a known type (source, destination, generating,
expanding, closing, end), an integer `id`, `x`, `y`, `g` and `f`; every `id`
and `pId` is a cell of the map (id = y * width + x, inside the map, passable)
and names the event's own x, y; every `pId` was generated (a `generating`
event with that id) before an event uses it.

    python3 scripts/check_trace.py TRACE MAP     # prints a summary, exit 1 on the first broken rule
"""
import argparse
import re
import sys

TYPES = ("source", "destination", "generating", "expanding", "closing", "end")
FIELD = re.compile(r"\s*([A-Za-z]+):\s*([^,]*?)\s*(?:,|$)")


class TraceError(Exception):
    pass


def read_map(path):
    """(width, height, rows) of a Moving AI map; rows[y][x] is the character."""
    with open(path) as f:
        lines = f.read().splitlines()
    size = {}
    for i, line in enumerate(lines):
        parts = line.split()
        if len(parts) == 2 and parts[0] in ("width", "height"):
            size[parts[0]] = int(parts[1])
        if line.strip() == "map":
            return size["width"], size["height"], lines[i + 1:i + 1 + size["height"]]
    raise TraceError("%s: no 'map' line" % path)


def passable(rows, x, y):
    return rows[y][x] in ".GS"


def parse_event(text, where):
    """One flow mapping `{ key: value, ... }` of the events list into a dict."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        raise TraceError("%s: an event is not a { key: value, ... } mapping" % where)
    event = {}
    for key, value in FIELD.findall(body[1:-1]):
        event[key] = value
    return event


def number(event, key, where, kind=float):
    try:
        return kind(event[key])
    except KeyError:
        raise TraceError("%s: no %s" % (where, key))
    except ValueError:
        raise TraceError("%s: %s is not a number: %r" % (where, key, event[key]))


def check(trace_path, map_path):
    """Returns {type: count, 'layers': {...}}; raises TraceError naming file, line and rule."""
    width, height, rows = read_map(map_path)
    with open(trace_path) as f:
        lines = f.read().splitlines()
    top = {line.split(":", 1)[0] for line in lines if re.match(r"^[a-z]+:", line)}
    for key in ("version", "render", "events"):
        if key not in top:
            raise TraceError("%s: no top-level '%s'" % (trace_path, key))
    text = "\n".join(lines)
    if not re.search(r"\n  views:\n    main:\n      components:\n", text) or "$.event.x" not in text \
            or "$.event.y" not in text:
        raise TraceError("%s: the render section does not draw the events' cells in views.main" % trace_path)
    start = lines.index("events:") + 1
    generated, counts, layers = set(), {t: 0 for t in TYPES}, {}
    for n, line in enumerate(lines[start:], start + 1):
        if line.startswith("#") or not line.strip():
            continue
        where = "%s:%d" % (trace_path, n)
        if not line.startswith("  - "):
            raise TraceError("%s: not an item of the events list" % where)
        e = parse_event(line[4:], where)
        kind = e.get("type")
        if kind not in TYPES:
            raise TraceError("%s: unknown event type %r" % (where, kind))
        x, y, ident = number(e, "x", where, int), number(e, "y", where, int), number(e, "id", where, int)
        number(e, "g", where)
        number(e, "f", where)
        if not (0 <= x < width and 0 <= y < height) or ident != y * width + x:
            raise TraceError("%s: id %d is not the cell (%d,%d) of the %dx%d map" % (where, ident, x, y, width, height))
        if not passable(rows, x, y):
            raise TraceError("%s: (%d,%d) is a blocked cell" % (where, x, y))
        if "pId" in e:
            pid = number(e, "pId", where, int)
            px, py = pid % width, pid // width
            if not (0 <= pid < width * height) or not passable(rows, px, py):
                raise TraceError("%s: pId %d is not a passable cell of the map" % (where, pid))
            if pid not in generated:
                raise TraceError("%s: pId %d is used before an event generated it" % (where, pid))
        if kind == "generating":
            generated.add(ident)
        counts[kind] += 1
        layers[e.get("layer", "")] = layers.get(e.get("layer", ""), 0) + 1
    if not counts["source"] or not counts["destination"]:
        raise TraceError("%s: no source or destination event" % trace_path)
    counts["layers"] = layers
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trace", help="a file written by build/gppc --query N --trace FILE")
    ap.add_argument("map", help="the .map the trace was made on")
    args = ap.parse_args()
    try:
        counts = check(args.trace, args.map)
    except (TraceError, OSError) as e:
        sys.exit("check_trace: %s" % e)
    layers = counts.pop("layers")
    print("check_trace: ok: " + " ".join("%s=%d" % kv for kv in counts.items()) +
          " layers: " + " ".join("%s=%d" % kv for kv in sorted(layers.items())))


if __name__ == "__main__":
    main()
