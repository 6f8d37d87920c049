#!/usr/bin/env python3
"""work-sweep.sh's SUMMARY lines, medians per map and tag: total time against
before, thread-CPU p99.9 and longest call per call (µs). usage: work-table.py OUT.
Stdlib only."""
import glob, os, statistics, sys, collections
out = sys.argv[1]
runs = collections.defaultdict(list)
for f in glob.glob(os.path.join(out, "*.txt")):
    tag, name, rnd, _ = os.path.basename(f).split(".")
    kv = dict(x.split("=", 1) for x in open(f).read().split() if "=" in x)
    if kv: runs[(name, tag)].append(kv)
tags = sorted({t for _, t in runs}, key=lambda t: (t != "before", int(t[1:]) if t[1:].isdigit() else 0))
names = sorted({n for n, _ in runs})
def med(n, t, k):
    v = [float(r[k]) for r in runs.get((n, t), []) if k in r]
    return statistics.median(v) if v else float("nan")
print("map | " + " | ".join(f"{t} total/before, p999 µs, max µs" for t in tags))
agg = collections.defaultdict(list)
for n in names:
    b = med(n, "before", "total_s")
    cells = []
    for t in tags:
        tot = med(n, t, "total_s") / b; p = med(n, t, "call_cpu_p999_us"); m = med(n, t, "call_cpu_max_us")
        agg[t].append((tot, p, m))
        cells.append(f"{tot:.2f} {p:.0f} {m:.0f}")
    print(n, "|", " | ".join(cells))
print("median", "|", " | ".join(f"{statistics.median(x[0] for x in agg[t]):.2f} {statistics.median(x[1] for x in agg[t]):.0f} {statistics.median(x[2] for x in agg[t]):.0f}" for t in tags))
print("p999<=30:", {t: sum(x[1] <= 30 for x in agg[t]) for t in tags}, "of", len(names))
