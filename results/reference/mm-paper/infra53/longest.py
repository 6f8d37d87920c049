"""longest.py COUNTS ROUND...: a map's longest calls, each call's least CPU
time over the ROUND files (--calls of runs without --call-counters, so the
times are not read beside the counters' reading), with that call's minflt in
the round that read it least and its counters from COUNTS (a --calls file of
a run with --call-counters; the calls match by query and call, the entry is
deterministic). Prints a markdown table of the TOP (env, default 8) calls."""
import csv
import os
import sys

TOP = int(os.environ.get("TOP", "8"))


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f, delimiter="\t"))


counts = {(r["query"], r["call"]): r for r in rows(sys.argv[1])}
keys = [k for k in next(iter(counts.values())) if k not in
        ("query", "call", "cells", "done", "wall_us", "cpu_us", "minflt", "majflt")]
least = {}
for path in sys.argv[2:]:
    for r in rows(path):
        k = (r["query"], r["call"])
        if k not in least or float(r["cpu_us"]) < float(least[k]["cpu_us"]):
            least[k] = r
top = sorted(least.items(), key=lambda kv: -float(kv[1]["cpu_us"]))[:TOP]
print("| query | call | cells | CPU µs (least of %d) | minflt | %s |" % (len(sys.argv) - 2, " | ".join(keys)))
print("|" + "---:|" * (5 + len(keys)))
for (q, c), r in top:
    n = counts[(q, c)]
    assert n["cells"] == r["cells"], (q, c)
    print("| %s | %s | %s | %.1f | %s | %s |" % (q, c, r["cells"], float(r["cpu_us"]), r["minflt"],
                                               " | ".join(n[k] for k in keys)))
