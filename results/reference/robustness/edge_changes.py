#!/usr/bin/env python3
"""The edge maps of edge.py with random --changes (cells flipped both ways,
in batches), every entry, -check (optimal entries within 1 of the driver's
A* optimum on the changed map)."""
import os, random, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
GPPC, ASAN, EDGE = sys.argv[1:4]
rng = random.Random(11)
ENTRIES = ["mm", "mm:refine=corridor", "mm:segfile=sym", "mm:sector=4", "jps", "jps+", "ch", "sub", "astar"]
jobs = []
for name in sorted(os.listdir(EDGE)):
    d = os.path.join(EDGE, name)
    rows = open(d + "/m.map").read().split("\n")[4:]
    rows = [r for r in rows if r]
    h, w = len(rows), len(rows[0])
    nq = len(open(d + "/m.map.scen").read().split("\n")) - 2
    lines = []
    for k in range(60):
        lines.append("%d %d %d %d" % (rng.randrange(nq), rng.randrange(w), rng.randrange(h), rng.randrange(2)))
    with open(d + "/c.txt", "w") as f:
        f.write("\n".join(lines) + "\n")
    for e in ENTRIES:
        for b in (GPPC, ASAN):
            jobs.append((d, e, b))
def run(j):
    d, e, b = j
    bound = "100" if e.startswith("mm") else "1"
    argv = [b, "--entry", e, "--pre-dir", d + "/prec-" + os.path.basename(b), "--changes", d + "/c.txt", "--bound", bound, "-check", d + "/m.map", d + "/m.map.scen"]
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return j, "HANG", ""
    err = p.stderr
    if "Sanitizer" in err or "runtime error" in err:
        return j, "SAN", err[-800:]
    if p.returncode != 0:
        return j, "rc%d" % p.returncode, err[-400:]
    return j, "ok", ""
with ThreadPoolExecutor(2) as ex:
    res = list(ex.map(run, jobs))
t = {}
for j, c, m in res:
    t[c] = t.get(c, 0) + 1
    if c != "ok":
        print(os.path.basename(j[0]), j[1], os.path.basename(j[2]), c, m.replace("\n", " | "))
print("runs", len(res), t)
