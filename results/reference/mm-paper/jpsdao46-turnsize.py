#!/usr/bin/env python3
"""jpsdao46: what exact turn bits (search/jps_turns.h: 4 bits a cell, rows' and
transposed rows' planes) would take on a map held in three compact layouts:
each line only from its first to its last passable cell, rounded out to 64-,
16- or 8-cell words, and only the box round the passable cells (whole words,
the lines' pitch kept). Usage: jpsdao46-turnsize.py MAP..."""
import sys


def load(path):
    lines = open(path).read().split("\n")
    h, w = int(lines[1].split()[1]), int(lines[2].split()[1])
    g = [[False] * (w + 2) for _ in range(h + 2)]  # padded, as bitrows.h
    for y in range(h):
        for x in range(w):
            g[y + 1][x + 1] = lines[4 + y][x] in ".G"
    return g, h + 2, w + 2


def ranged(lines, gran):
    """Bits of one plane of these lines, each from its first to its last passable cell."""
    total = 0
    for line in lines:
        idx = [i for i, c in enumerate(line) if c]
        if idx:
            total += (idx[-1] // gran - idx[0] // gran + 1) * gran
    return total


for path in sys.argv[1:]:
    g, H, W = load(path)
    cols = [[g[y][x] for y in range(H)] for x in range(W)]
    dense = 2 * (H * ((W + 63) >> 6) + W * ((H + 63) >> 6)) * 8
    out = ["%s %dx%d padded, %d passable; dense %d B" % (path.split("/")[-1], W, H, sum(map(sum, g)), dense)]
    for gran in (64, 16, 8):  # two planes a line orientation, bits to bytes; each line's start besides (not counted)
        out.append("lines from first to last passable, %d-cell words: %d B" % (gran, 2 * (ranged(g, gran) + ranged(cols, gran)) // 8))
    ys = [y for y in range(H) if any(g[y])]
    xs = [x for x in range(W) if any(g[y][x] for y in range(H))]
    y0, y1, x0, x1 = ys[0] - 1, ys[-1] + 1, xs[0] - 1, xs[-1] + 1
    box = 2 * (y1 - y0 + 1) * ((x1 >> 6) - (x0 >> 6) + 1) * 8 + 2 * (x1 - x0 + 1) * ((y1 >> 6) - (y0 >> 6) + 1) * 8
    out.append("box x %d-%d y %d-%d: %d B" % (x0, x1, y0, y1, box))
    print("; ".join(out))
