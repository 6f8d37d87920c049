#!/usr/bin/env python3
"""Generate the embedded default benchmark: Moving AI-style maps in maps/ and
their scenarios in scenarios/ (via build/scengen).

Families (256x256): random (10/20/30/40 % blocked), rooms (8/16/32), mazes
(corridor 1/2/4/8, walls one cell wide). Every map comes from a fixed seed and
our own splitmix64 generator, so the files do not depend on Python's `random`
implementation and regenerate byte for byte.

    python3 scripts/genmaps.py [--out .] [--scengen build/scengen]
"""
import argparse
import os
import subprocess
import sys

SIZE = 256
MASK64 = (1 << 64) - 1


class Rng:
    """splitmix64: small, fast, identical on every platform (same as tools/scengen.c)."""

    def __init__(self, seed):
        self.s = seed & MASK64

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & MASK64
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def chance(self, p):
        return self.next() < p * (1 << 64)


def random_map(pct, seed):
    rng = Rng(seed)
    return [[rng.chance(pct / 100.0) for _ in range(SIZE)] for _ in range(SIZE)]


def rooms_map(room, seed):
    """Square rooms of `room` cells pitch (walls one cell wide on every pitch
    line), joined by one-cell doors: a random spanning tree of the rooms keeps
    them connected, and each other wall gets a door with probability 0.6."""
    rng = Rng(seed)
    blocked = [[x % room == 0 or y % room == 0 for x in range(SIZE)] for y in range(SIZE)]
    n = (SIZE + room - 1) // room
    walls = []  # (room a, room b, door cells)
    for ry in range(n):
        for rx in range(n):
            if rx + 1 < n:  # vertical wall at x = (rx + 1) * room
                x = (rx + 1) * room
                cells = [(x, y) for y in range(ry * room + 1, min((ry + 1) * room, SIZE))]
                walls.append((ry * n + rx, ry * n + rx + 1, cells))
            if ry + 1 < n:  # horizontal wall at y = (ry + 1) * room
                y = (ry + 1) * room
                cells = [(x, y) for x in range(rx * room + 1, min((rx + 1) * room, SIZE))]
                walls.append((ry * n + rx, (ry + 1) * n + rx, cells))
    parent = list(range(n * n))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    order = walls[:]
    for i in range(len(order) - 1, 0, -1):  # Fisher-Yates with our generator
        j = rng.below(i + 1)
        order[i], order[j] = order[j], order[i]
    for a, b, cells in order:
        joined = find(a) != find(b)
        if joined:
            parent[find(a)] = find(b)
        if cells and (joined or rng.chance(0.6)):
            x, y = cells[rng.below(len(cells))]
            blocked[y][x] = False
    return blocked


def maze_map(corridor, seed):
    """Recursive-backtracker maze: cells `corridor` wide at pitch corridor + 1,
    walls one cell wide (the Moving AI maze layout)."""
    rng = Rng(seed)
    pitch = corridor + 1
    n = (SIZE - 1) // pitch
    blocked = [[True] * SIZE for _ in range(SIZE)]

    def carve(x0, y0, w, h):
        for y in range(y0, min(y0 + h, SIZE)):
            for x in range(x0, min(x0 + w, SIZE)):
                blocked[y][x] = False

    visited = [[False] * n for _ in range(n)]
    stack = [(rng.below(n), rng.below(n))]
    visited[stack[0][1]][stack[0][0]] = True
    carve(1 + stack[0][0] * pitch, 1 + stack[0][1] * pitch, corridor, corridor)
    while stack:
        cx, cy = stack[-1]
        options = [(dx, dy) for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
                   if 0 <= cx + dx < n and 0 <= cy + dy < n and not visited[cy + dy][cx + dx]]
        if not options:
            stack.pop()
            continue
        dx, dy = options[rng.below(len(options))]
        nx, ny = cx + dx, cy + dy
        visited[ny][nx] = True
        x0, y0 = 1 + min(cx, nx) * pitch, 1 + min(cy, ny) * pitch
        carve(x0, y0, corridor + abs(dx) * pitch, corridor + abs(dy) * pitch)
        stack.append((nx, ny))
    return blocked


def write_map(path, blocked):
    with open(path, "w", newline="\n") as f:
        f.write("type octile\nheight %d\nwidth %d\nmap\n" % (len(blocked), len(blocked[0])))
        for row in blocked:
            f.write("".join("@" if b else "." for b in row) + "\n")


# family, name, builder, argument, seed
MAPS = [("random", "random256-%d-0" % p, random_map, p, 1000 + p) for p in (10, 20, 30, 40)] + \
       [("rooms", "%droom256-0" % r, rooms_map, r, 2000 + r) for r in (8, 16, 32)] + \
       [("mazes", "maze256-%d-0" % c, maze_map, c, 3000 + c) for c in (1, 2, 4, 8)]

# Scenario buckets are capped so `make bench` stays within minutes: 10 queries
# per bucket in buckets 0..MAX_BUCKET (Moving AI fills every bucket; the long
# maze buckets would multiply run time without new information).
MAX_BUCKET = 199


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=".", help="folder holding maps/ and scenarios/")
    ap.add_argument("--scengen", default="build/scengen")
    args = ap.parse_args()
    if not os.access(args.scengen, os.X_OK):
        sys.exit("genmaps: %s not found; run 'make build/scengen' first" % args.scengen)
    for family, name, build, arg, seed in MAPS:
        mdir = os.path.join(args.out, "maps", family)
        sdir = os.path.join(args.out, "scenarios", family)
        os.makedirs(mdir, exist_ok=True)
        os.makedirs(sdir, exist_ok=True)
        mpath = os.path.join(mdir, name + ".map")
        write_map(mpath, build(arg, seed))
        column = "maps/%s/%s.map" % (family, name)
        subprocess.run([args.scengen, mpath, column, os.path.join(sdir, name + ".map.scen"),
                        str(seed), "10", str(MAX_BUCKET)], check=True)


if __name__ == "__main__":
    main()
