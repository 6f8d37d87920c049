#!/usr/bin/env python3
"""mm's memory against issue #31's budget, map by map, from bench.py counters CSVs.

    python3 results/reference/mm-memory-dao/budget_table.py CSV [CSV...] --bench-dir B > OUT.md

Each CSV is `scripts/bench.py counters` output with the keys mm_bytes and
mm_bytes_<part> (one or more binaries in its `binary` column). Per binary:
how many maps fit the budget (64 KiB + 3 bits per map cell, the map's cells
read off its .map header), the median and worst ratio, then one row per map
over budget in any binary, worst first, with each part's bytes. Stdlib only.
"""
import argparse
import csv
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "scripts"))
from run_suite import map_cells  # noqa: E402

PARTS = ["map", "abs", "index", "region", "ch", "legs", "jps", "refiner", "cache", "segs", "fixed"]


def budget(cells):
    return 64 * 1024 + 3 * cells / 8.0


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", nargs="+")
    ap.add_argument("--bench-dir", required=True)
    ap.add_argument("--top", type=int, default=0, help="rows of the per-map table (default: every map over budget)")
    args = ap.parse_args(argv)
    rows = []
    for path in args.csv:
        with open(path) as f:
            rows += list(csv.DictReader(f))
    cells = {}
    by_bin = {}
    for r in rows:
        key = (r["family"], r["map"])
        if key not in cells:
            cells[key] = map_cells(os.path.join(args.bench_dir, "maps", r["family"], r["map"] + ".map"))
        r["ratio"] = int(r["mm_bytes"]) / budget(cells[key])
        by_bin.setdefault(r["binary"], {})[key] = r
    out = ["| binary | maps | within budget | median ratio | worst map | worst ratio | sum of mm_bytes over budget KB |",
           "|---|---|---|---|---|---|---|"]
    for b, m in by_bin.items():
        ratios = [r["ratio"] for r in m.values()]
        worst = max(m.values(), key=lambda r: r["ratio"])
        excess = sum(max(0.0, int(r["mm_bytes"]) - budget(cells[k])) for k, r in m.items()) / 1024
        out.append("| %s | %d | %d | %.3f | %s | %.3f | %.0f |" % (
            b, len(m), sum(x <= 1.0 for x in ratios), statistics.median(ratios), worst["map"], worst["ratio"], excess))
    over = sorted({k for m in by_bin.values() for k, r in m.items() if r["ratio"] > 1.0},
                  key=lambda k: -max(m[k]["ratio"] for m in by_bin.values() if k in m))
    if args.top:
        over = over[:args.top]
    out += ["", "Maps over budget in any binary, worst first (bytes; budget = 64 KiB + 3 bits a cell):", "",
            "| map | cells | budget | binary | mm_bytes | ratio | " + " | ".join(PARTS) + " |",
            "|---|---|---|---|---|---|" + "---|" * len(PARTS)]
    for k in over:
        for b, m in by_bin.items():
            if k not in m:
                continue
            r = m[k]
            out.append("| %s | %d | %.0f | %s | %s | %.3f | %s |" % (
                k[1], cells[k], budget(cells[k]), b, r["mm_bytes"], r["ratio"],
                " | ".join(r.get("mm_bytes_" + p, "") for p in PARTS)))
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1:])
