#!/usr/bin/env python3
"""Writes a --changes file for build/gppc (dynamic maps).

Each batch changes a few cells after one query: half the time it blocks a
random passable cell, otherwise it frees a blocked cell that touches open
ground (a wall that crumbles) or, when there is one, a cell an earlier batch
blocked. Batches are spread evenly over the scenario's queries. Deterministic
for a given --seed.

usage: scripts/genchanges.py MAP SCEN OUT [--changes N] [--batch B] [--seed S]
"""
import argparse
import random
import sys


def read_map(path):
    with open(path) as f:
        lines = f.read().split("\n")
    try:
        h = int(lines[1].split()[1])
        w = int(lines[2].split()[1])
        rows = lines[4:4 + h]
    except (IndexError, ValueError):
        sys.exit(f"{path}: not a Moving AI map (type/height/width/map header)")
    if len(rows) != h or any(len(r) < w for r in rows):
        sys.exit(f"{path}: expected {h} rows of {w} cells")
    return w, h, [[c in ".GS" for c in r[:w]] for r in rows]


def count_queries(path):
    with open(path) as f:
        return sum(1 for line in f.read().split("\n")[1:] if line.strip())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("map")
    ap.add_argument("scen")
    ap.add_argument("out")
    ap.add_argument("--changes", type=int, default=500, help="cells changed in all (default 500)")
    ap.add_argument("--batch", type=int, default=5, help="cells per batch (default 5)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.changes < 1 or args.batch < 1:
        sys.exit("--changes and --batch must be at least 1")
    w, h, open_ = read_map(args.map)
    nq = count_queries(args.scen)
    if nq < 2:
        sys.exit(f"{args.scen}: needs at least 2 queries")
    rng = random.Random(args.seed)
    nbatches = max(1, (args.changes + args.batch - 1) // args.batch)
    blocked_by_us = []
    out = [f"# {args.changes} changes in batches of {args.batch}, seed {args.seed}"]
    made = 0
    for b in range(nbatches):
        after = min(nq - 2, (b + 1) * (nq - 1) // (nbatches + 1))
        for _ in range(min(args.batch, args.changes - made)):
            if rng.random() < 0.5 or not blocked_by_us:
                while True:
                    x, y = rng.randrange(w), rng.randrange(h)
                    if open_[y][x]:
                        break
                open_[y][x] = False
                blocked_by_us.append((x, y))
                out.append(f"{after} {x} {y} 0")
            else:
                x, y = blocked_by_us.pop(rng.randrange(len(blocked_by_us)))
                open_[y][x] = True
                out.append(f"{after} {x} {y} 1")
            made += 1
    with open(args.out, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
