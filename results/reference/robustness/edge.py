#!/usr/bin/env python3
"""Extreme but legal maps through every entry: each run must exit 0 with
every path valid (-check; optimal entries within 1), or reject with one
message; never crash, hang or trip a sanitizer.
usage: edge.py GPPC ASAN OUT [--entries SPEC,...]   (ext:DIR specs: classic-kit
entries, checked as optimal; ASAN may be '-' to run GPPC alone)"""
import itertools
import os
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

GPPC, ASAN, OUT = sys.argv[1:4]
rng = random.Random(7)
ENTRIES = ["mm", "mm:refine=corridor", "mm:segfile=sym", "mm:w=1.5", "mm:n=3", "mm:sector=4", "jps", "jps+", "ch",
           "sub", "astar", "akers", "vra"]
if sys.argv[4:5] == ["--entries"]:
    ENTRIES = sys.argv[5].split(",")
BINARIES = [b for b in (GPPC, ASAN) if b != "-"]


def grid(w, h, fill="."):
    return [[fill] * w for _ in range(h)]


def random_grid(w, h, p):
    return [["@" if rng.random() < p else "." for _ in range(w)] for _ in range(h)]


def text(g):
    return "type octile\nheight %d\nwidth %d\nmap\n" % (len(g), len(g[0])) + "".join("".join(r) + "\n" for r in g)


def astar_lengths(g, pairs):
    import heapq
    h, w = len(g), len(g[0])
    ok = lambda x, y: 0 <= x < w and 0 <= y < h and g[y][x] in ".GS"
    out = []
    for (sx, sy), (gx, gy) in pairs:
        dist = {(sx, sy): 0.0}
        pq = [(0.0, sx, sy)]
        best = 0.0
        found = False
        while pq:
            d, x, y = heapq.heappop(pq)
            if d > dist[(x, y)] + 1e-12:
                continue
            if (x, y) == (gx, gy):
                best, found = d, True
                break
            for dx, dy in itertools.product((-1, 0, 1), repeat=2):
                if (dx, dy) == (0, 0) or not ok(x + dx, y + dy):
                    continue
                if dx and dy and not (ok(x + dx, y) and ok(x, y + dy)):
                    continue
                nd = d + (2 ** 0.5 if dx and dy else 1.0)
                if nd < dist.get((x + dx, y + dy), 1e18) - 1e-12:
                    dist[(x + dx, y + dy)] = nd
                    heapq.heappush(pq, (nd, x + dx, y + dy))
        out.append(best if found else 0.0)
    return out


def scen(g, n):
    h, w = len(g), len(g[0])
    cells = [(x, y) for y in range(h) for x in range(w) if g[y][x] == "."]
    if not cells:
        return None
    pairs = [(rng.choice(cells), rng.choice(cells)) for _ in range(n)]
    pairs.append((cells[0], cells[0]))
    lens = astar_lengths(g, pairs)
    s = "version 1\n"
    for (a, b), L in zip(pairs, lens):
        s += "0\tm.map\t%d\t%d\t%d\t%d\t%d\t%d\t%.8f\n" % (w, h, a[0], a[1], b[0], b[1], L)
    return s


maps = {}
maps["1x1"] = grid(1, 1)
maps["1x9"] = grid(1, 9)
maps["9x1"] = grid(9, 1)
maps["2x2-diag"] = [[".", "@"], ["@", "."]]
maps["3x3-one"] = [["@", "@", "@"], ["@", ".", "@"], ["@", "@", "@"]]
maps["5000x1"] = grid(5000, 1)
maps["1x3000"] = grid(1, 3000)
maps["300x2"] = grid(300, 2)
maps["17x17-open"] = grid(17, 17)
maps["33x31-rand30"] = random_grid(33, 31, 0.3)
maps["64x64-rand45"] = random_grid(64, 64, 0.45)
maps["50x50-islands"] = random_grid(50, 50, 0.6)
ck = [["." if (x // 1 + y // 1) % 2 == 0 else "@" for x in range(40)] for y in range(40)]
maps["40x40-checker"] = ck
st = grid(48, 48)
for x in range(0, 48, 4):
    for y in range(48):
        if y != (x * 7) % 48:
            st[y][x] = "@"
maps["48x48-stripes"] = st
all_blocked = grid(20, 20, "@")
all_blocked[10][10] = "."
maps["20x20-one-cell"] = all_blocked
maps["129x1"] = grid(129, 1)
maps["8x8-border"] = [["@" if x in (0, 7) or y in (0, 7) else "." for x in range(8)] for y in range(8)]


def run(args):
    name, entry, binary = args
    d = os.path.join(OUT, name)
    argv = [binary, "--entry", entry, "--pre-dir", os.path.join(d, "pre-" + os.path.basename(binary)), "--bound",
            "1" if not entry.startswith(("mm", "akers", "vra")) else "100", "-check", d + "/m.map", d + "/m.map.scen"]
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=300)
        rc, err, out = p.returncode, p.stderr, p.stdout
    except subprocess.TimeoutExpired:
        return name, entry, binary, "HANG", ""
    if "Sanitizer" in err or "runtime error" in err:
        return name, entry, binary, "SAN", err[-600:]
    if rc < 0 or rc > 2:
        return name, entry, binary, "CRASH", err[-300:]
    if rc == 1:
        return name, entry, binary, "FAIL", err[-300:]
    if rc == 2:
        return name, entry, binary, "REJECT", err.strip()[-300:]
    sm = [l for l in out.splitlines() if l.startswith("SUMMARY")]
    return name, entry, binary, "ok", sm[0][:120] if sm else ""


jobs = []
for name, g in maps.items():
    d = os.path.join(OUT, name)
    os.makedirs(d, exist_ok=True)
    s = scen(g, 25)
    with open(d + "/m.map", "w") as f:
        f.write(text(g))
    with open(d + "/m.map.scen", "w") as f:
        f.write(s)
    for e in ENTRIES:
        for b in BINARIES:
            jobs.append((name, e, b))
with ThreadPoolExecutor(2) as ex:
    res = list(ex.map(run, jobs))
tally = {}
for name, entry, binary, cls, msg in res:
    tally[cls] = tally.get(cls, 0) + 1
    if cls != "ok":
        print("%-16s %-20s %-10s %-6s %s" % (name, entry, os.path.basename(binary), cls, msg.replace("\n", " | ")))
print("runs %d" % len(res), tally)
