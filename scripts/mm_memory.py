#!/usr/bin/env python3
"""mm's memory against its budget, whole families (issue #31): runs
`BIN --entry SPEC -full MAP SCEN` once per map (mm alone), reads SUMMARY's
`mm_bytes` and its parts `mm_bytes_*` (docs/entries/mm.md "Memory"), and
tabulates them against the budget of 64 KiB + 3 bits per map cell, with the
run's quality (subopt mean and max, invalid paths) beside them.

    python3 scripts/mm_memory.py --bench-dir /work/shared/benchmarks \\
        --family rooms,random,mazes --gppc before=OLD/build/gppc --gppc after=build/gppc \\
        --out results/reference/mm-memory/families

Writes OUT.csv (one row per binary and map: bytes by part, budget, ratio,
quality) and OUT.md: per family and binary the median and worst ratio, the
maps within budget, the mean bytes of each part and the quality; then each
map's parts in KiB. Several --gppc NAME=BIN run map by map, interleaved.

    python3 scripts/mm_memory.py --bench-dir /work/shared/benchmarks \\
        --from-csv dao-parts.csv --out results/reference/mm-memory-dao/budget

tabulates rows measured before instead (`scripts/bench.py counters` CSV
with mm_bytes and its parts; one row per binary and map, the binary named
in its `binary` column), nothing run. Exit 1 when a run fails, 2 on bad
usage. Stdlib only.
"""
import argparse
import csv
import os
import statistics
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import ROOT, maps_of  # noqa: E402
from gppc_output import parse_summary  # noqa: E402
from run_suite import map_cells  # noqa: E402

PARTS = ("map", "abs", "index", "region", "ch", "legs", "jps", "refiner", "cache", "segs", "fixed")
QUALITY = ("subopt_mean", "subopt_max", "invalid", "total_cpu_s")


def budget_bytes(cells):
    """The issue's budget: 64 KiB plus 3 bits a map cell."""
    return 64 * 1024 + (3 * cells + 7) // 8


def run_one(binary, spec, mp, sc):
    cmd = [binary, "--entry", spec, "-full", mp, sc]
    p = subprocess.run(cmd, capture_output=True, text=True)
    sm = parse_summary(p.stdout)
    if p.returncode != 0 or sm is None or "mm_bytes" not in sm:
        sys.exit("mm_memory: %s failed (exit %d): %s" % (" ".join(cmd), p.returncode, p.stderr.strip()[-400:]))
    return sm


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bench-dir", default=os.environ.get("GPPC_BENCH_DIR", ROOT))
    ap.add_argument("--family", default="rooms,random,mazes", help="comma-separated")
    ap.add_argument("--maps", default="", help="only these map names (comma-separated)")
    ap.add_argument("--entry", default="mm", help="the entry spec (mm, mm:key=value,...)")
    ap.add_argument("--gppc", action="append", default=[], help="NAME=BIN, repeatable (default now=build/gppc)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--from-csv", action="append", default=[],
                    help="tabulate this bench.py counters CSV instead of running (repeatable)")
    ap.add_argument("--out", required=True, help="OUT.csv and OUT.md are written")
    args = ap.parse_args(argv)
    if args.from_csv and args.gppc:
        ap.error("--from-csv tabulates rows measured before: no --gppc")
    bins = []
    for g in [] if args.from_csv else args.gppc or ["now=" + os.path.join(ROOT, "build", "gppc")]:
        name, eq, path = g.partition("=")
        if not eq or not name or not os.access(path, os.X_OK):
            ap.error("--gppc %r: want NAME=BIN with BIN executable" % g)
        bins.append((name, path))
    args.bins = bins
    return args


def family_lines(fam, bins, rows):
    out = ["## %s" % fam, "",
           "| binary | maps | within budget | median ratio | worst ratio (map) | KiB over budget | mean KiB | "
           + " | ".join(PARTS) + " | subopt mean | subopt max | invalid |",
           "|---|---:|---:|---:|---|---:|---:|" + "---:|" * len(PARTS) + "---:|---:|---:|"]
    for name, _ in bins:
        sel = [r for r in rows if r["family"] == fam and r["binary"] == name]
        if not sel:
            continue
        ratios = [r["ratio"] for r in sel]
        worst = max(sel, key=lambda r: r["ratio"])
        parts = ["%.1f" % (statistics.mean(r["mm_bytes_" + p] for r in sel) / 1024) for p in PARTS]
        over = sum(max(0, r["mm_bytes"] - r["budget"]) for r in sel) / 1024
        out.append("| %s | %d | %d | %.3f | %.3f (%s) | %.0f | %.1f | %s | %.4f | %.4f | %d |" % (
            name, len(sel), sum(1 for x in ratios if x <= 1.0), statistics.median(ratios), worst["ratio"],
            worst["map"], over, statistics.mean(r["mm_bytes"] for r in sel) / 1024, " | ".join(parts),
            statistics.mean(r["subopt_mean"] for r in sel), max(r["subopt_max"] for r in sel),
            sum(r["invalid"] for r in sel)))
    return out + [""]


def row_of(bname, fam, name, mp, sm):
    """One table row from a SUMMARY (or a CSV row of its keys)."""
    cells = map_cells(mp)
    r = {"binary": bname, "family": fam, "map": name, "cells": cells, "budget": budget_bytes(cells)}
    r["mm_bytes"] = int(sm["mm_bytes"])
    for p in PARTS:
        r["mm_bytes_" + p] = int(sm.get("mm_bytes_" + p) or 0)
    for q in QUALITY:
        r[q] = float(sm.get(q) or 0.0)
    r["invalid"] = int(r["invalid"])
    r["ratio"] = r["mm_bytes"] / r["budget"]
    return r


def rows_from_csv(args):
    """The rows of --from-csv files; the binaries in the order first seen."""
    rows, bins = [], {}
    for path in args.from_csv:
        try:
            with open(path) as f:
                got = list(csv.DictReader(f))
        except OSError as e:
            sys.exit("mm_memory: %s: %s" % (path, e.strerror))
        for n, c in enumerate(got, 2):
            if not c.get("binary") or not c.get("family") or not c.get("map") or not c.get("mm_bytes"):
                sys.exit("mm_memory: %s:%d: want binary, family, map and mm_bytes (bench.py counters)" % (path, n))
            mp = os.path.join(args.bench_dir, "maps", c["family"], c["map"] + ".map")
            if not os.path.isfile(mp):
                sys.exit("mm_memory: %s:%d: no map %s (--bench-dir)" % (path, n, mp))
            bins.setdefault(c["binary"], path)
            try:
                rows.append(row_of(c["binary"], c["family"], c["map"], mp, c))
            except ValueError as e:
                sys.exit("mm_memory: %s:%d: %s" % (path, n, e))
    args.bins = list(bins.items())
    return rows


def measure(args):
    """Runs every binary on every map selected; one row each."""
    only = set(m for m in args.maps.split(",") if m)
    jobs = []
    for fam in (f for f in args.family.split(",") if f):
        for name, mp, sc in maps_of(args.bench_dir, fam, only):
            for bname, binary in args.bins:
                jobs.append((fam, name, mp, sc, bname, binary))
    if not jobs:
        sys.exit("mm_memory: no maps selected")
    with ThreadPoolExecutor(args.jobs) as pool:
        got = list(pool.map(lambda j: run_one(j[5], args.entry, j[2], j[3]), jobs))
    return [row_of(bname, fam, name, mp, sm) for (fam, name, mp, _sc, bname, _b), sm in zip(jobs, got)]


def main(argv):
    args = parse_args(argv)
    rows = rows_from_csv(args) if args.from_csv else measure(args)
    cols = ["binary", "family", "map", "cells", "budget", "mm_bytes", "ratio"] + ["mm_bytes_" + p for p in PARTS] \
        + list(QUALITY)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)) or ".", exist_ok=True)
    tmp = args.out + ".csv.tmp"
    with open(tmp, "w") as f:
        f.write(",".join(cols) + "\n")
        for r in rows:
            f.write(",".join(("%.4f" % r[c]) if isinstance(r[c], float) else str(r[c]) for c in cols) + "\n")
    os.replace(tmp, args.out + ".csv")
    cmd = "python3 scripts/mm_memory.py " + " ".join(argv)
    md = ["# mm_bytes against 64 KiB + 3 bits a cell", "", "Made by:", "", "    " + cmd, "",
          "ratio = mm_bytes / budget; parts are mean KiB over the family's maps "
          "(docs/entries/mm.md \"Memory\").", ""]
    for fam in dict.fromkeys(r["family"] for r in rows):
        md += family_lines(fam, args.bins, rows)
    md += ["## By map (KiB)", "",
           "| family | map | binary | budget | mm_bytes | ratio | " + " | ".join(PARTS) + " | subopt mean | max |",
           "|---|---|---|---:|---:|---:|" + "---:|" * len(PARTS) + "---:|---:|"]
    for r in rows:
        md.append("| %s | %s | %s | %.0f | %.1f | %.2f | %s | %.4f | %.4f |" % (
            r["family"], r["map"], r["binary"], r["budget"] / 1024, r["mm_bytes"] / 1024, r["ratio"],
            " | ".join("%.1f" % (r["mm_bytes_" + p] / 1024) for p in PARTS), r["subopt_mean"], r["subopt_max"]))
    tmp = args.out + ".md.tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(md) + "\n")
    os.replace(tmp, args.out + ".md")
    for fam in dict.fromkeys(r["family"] for r in rows):
        print("\n".join(family_lines(fam, args.bins, rows)))


if __name__ == "__main__":
    main(sys.argv[1:])
