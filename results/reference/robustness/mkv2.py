#!/usr/bin/env python3
"""A Moving AI map + scenario written in the dynamic kit's version-2 form:
patch 0 the whole map, then 6x6 walls (patch 1) put up on open ground away
from every query's ends, one every EVERY queries, each taken down (patch 2,
all open) about LIFE queries later. Queries: every STRIDE-th of the scenario.
Optima: build/gppc --entry astar --paths on the file with placeholder costs,
then written in (-1 where astar found none and s != g).

usage: mkv2.py GPPC MAP SCEN OUTDIR NAME [--stride N] [--every 25] [--life 100]"""
import os
import random
import subprocess
import sys

gppc, mp, sc, out, name = sys.argv[1:6]
opts = dict(zip(sys.argv[6::2], sys.argv[7::2]))
stride = int(opts.get("--stride", 1))
every = int(opts.get("--every", 25))
life = int(opts.get("--life", 100))
rng = random.Random(37)

lines = open(mp).read().split("\n")
h = int(lines[1].split()[1])
w = int(lines[2].split()[1])
rows = [r.rstrip("\r") for r in lines[4:4 + h]]
passable = lambda x, y: rows[y][x] in ".GS"
qs = []
for l in open(sc).read().split("\n")[1:]:
    f = l.split("\t")
    if len(f) == 9:
        qs.append(tuple(int(v) for v in f[4:8]))
qs = qs[::stride]
ends = set()
for sx, sy, gx, gy in qs:
    ends.add((sx, sy))
    ends.add((gx, gy))
# open 6x6 blocks, away from ends (a margin of 1) and from each other
cands = []
for y in range(0, h - 6, 3):
    for x in range(0, w - 6, 3):
        if all(passable(x + i, y + j) for i in range(6) for j in range(6)) and \
           not any((x + i, y + j) in ends for i in range(-1, 7) for j in range(-1, 7)):
            cands.append((x, y))
rng.shuffle(cands)
walls = []
for c in cands:
    if all(abs(c[0] - o[0]) >= 8 or abs(c[1] - o[1]) >= 8 for o in walls):
        walls.append(c)
    if len(walls) >= len(qs) // every + 1:
        break

patch = ["type patch", "patches 3", "patch 0", "height %d" % h, "width %d" % w, "map"] + rows
patch += ["patch 1", "height 6", "width 6", "map"] + ["@" * 6] * 6
patch += ["patch 2", "height 6", "width 6", "map"] + ["." * 6] * 6
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, name + ".patch"), "w") as f:
    f.write("\n".join(patch) + "\n")


downs = [rng.randrange(-10, 11) for _ in walls]


def write(costs):
    cmds = ["P 0 0 0 0"]
    up = {}  # query index -> walls to take down after it
    wi = 0
    for i, (sx, sy, gx, gy) in enumerate(qs):
        cmds.append("Q %d %d %d %d %d %s" % (i // every, sx, sy, gx, gy, costs[i]))
        for (x, y) in up.pop(i, []):
            cmds.append("P %d 2 %d %d" % (i // every, x, y))
        if i % every == every - 1 and wi < len(walls):
            x, y = walls[wi]
            cmds.append("P %d 1 %d %d" % (i // every, x, y))
            up.setdefault(i + life + downs[wi], []).append((x, y))
            wi += 1
    head = ["version 2", "height %d" % h, "width %d" % w, "cost 1 octile", "patch %s.patch" % name, "commands"]
    with open(os.path.join(out, name + ".scen"), "w") as f:
        f.write("\n".join(head + cmds) + "\n")


write(["1"] * len(qs))
pre = os.path.join(out, "pre")
os.makedirs(pre, exist_ok=True)
paths = os.path.join(out, name + ".paths")
p = subprocess.run([gppc, "--entry", "astar", "--pre-dir", pre, "--paths", paths, "-full",
                    os.path.join(out, name + ".scen")], capture_output=True, text=True)
got = {}
for l in open(paths):
    f = l.split("\t")
    got[int(f[0])] = float(f[1])
costs = []
for i, (sx, sy, gx, gy) in enumerate(qs):
    L = got[i]
    costs.append("%.14g" % L if L > 0 or (sx, sy) == (gx, gy) else "-1")
write(costs)
print("%s: %d queries, %d walls, %d with no path" % (name, len(qs), len(walls), costs.count("-1")))
