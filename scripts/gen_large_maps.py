#!/usr/bin/env python3
"""Large maps for preprocessing growth measurements (issue 34, item 8).

  open: every cell passable.
  dao:  a Moving AI map (--src, e.g. a DAO map) tiled, every other tile
        mirrored, with a 2-cell open seam along the tile borders so that
        the tiles connect. With --tile T the tile is the source's top-left
        T x T cells: a side that T divides then holds whole tiles only, so
        maps of every such side have the same content per cell (but for
        the map's border) and their growth measures the code, not the
        share of cut tiles.
Writes one Moving AI map of side x side cells."""
import argparse


def read_map(path):
    with open(path) as f:
        lines = f.read().split("\n")
    at = lines.index("map")
    h = int(lines[1].split()[1])
    return [row for row in lines[at + 1 : at + 1 + h]]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--side", type=int, required=True)
    ap.add_argument("--kind", choices=["open", "dao"], required=True)
    ap.add_argument("--src", help="the map tiled by --kind dao")
    ap.add_argument("--tile", type=int, help="--kind dao: tile the source's top-left TILE x TILE cells")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    n = a.side
    if a.kind == "open":
        rows = ["." * n] * n
    else:
        src = read_map(a.src)
        if a.tile:
            if a.tile < 3 or a.tile > min(len(src), len(src[0])):
                ap.error("--tile %d: the source is %dx%d" % (a.tile, len(src[0]), len(src)))
            src = [row[: a.tile] for row in src[: a.tile]]
        th, tw = len(src), len(src[0])
        rows = []
        for y in range(n):
            ty, sy = divmod(y, th)
            srow = src[th - 1 - sy if ty % 2 else sy]
            out = []
            for tx in range((n + tw - 1) // tw):
                out.append(srow[::-1] if tx % 2 else srow)
            row = "".join(out)[:n]
            row = "".join("." if c in ".G" else "@" for c in row)
            if sy < 2:  # seam along the tile border
                row = "." * n
            else:
                row = "".join("." if x % tw < 2 else row[x] for x in range(n))
            rows.append(row)
    with open(a.out, "w", newline="\n") as f:
        f.write("type octile\nheight %d\nwidth %d\nmap\n" % (n, n))
        for r in rows:
            f.write(r + "\n")


if __name__ == "__main__":
    main()
