#!/usr/bin/env python3
"""Plots of a run_suite.py output folder, drawn with gnuplot.

Writes OUT/plots/<name>.dat (the data), <name>.gp (the gnuplot script) and,
when gnuplot is installed, <name>.png:
  subopt        suboptimality vs path-length bucket, per entry
  time          time per path vs bucket (log y)
  first20       time to the first 20 moves vs bucket (log y)
  expanded      nodes expanded per path vs bucket (log y; MM vs A*, paper Fig. 10)
  abs_memory    abstraction bytes vs sector size (paper Fig. 7), from
                OUT/abs_memory/abs_memory.csv or --abs-memory FILE
  cache_hits    cached edges by how often they were hit (thesis Fig. 5.2), from
                the cache_hist_* counters of the mm runs
Without gnuplot the data and scripts are still written and one line says how
to install it.

    python3 scripts/plot.py results/default
"""
import argparse
import math
import os
import shutil
import subprocess
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from aggregate import load  # noqa: E402

INSTALL_HINT = "plot: gnuplot not found; install it (apt-get install gnuplot-nox) to draw the PNGs"


def by_bucket(rows, value):
    """{bucket: mean of value(row)} over rows where value is not None."""
    sums, counts = defaultdict(float), defaultdict(int)
    for r in rows:
        v = value(r)
        if v is not None:
            sums[r["bucket"]] += v
            counts[r["bucket"]] += 1
    return {b: sums[b] / counts[b] for b in sums}


def subopt(r):
    return r["path_length"] / r["ref_length"] if r["valid"] and r["ref_length"] > 0 else None


SERIES = {
    "subopt": (subopt, "Suboptimality by path length", "mean path length / optimal", False),
    "time": (lambda r: r["time_cost"] * 1e-3, "Time per path", "mean time per path (µs)", True),
    "first20": (lambda r: r["20steps_cost"] * 1e-3, "Time to the first 20 moves",
                "mean time to 20 moves (µs)", True),
    "expanded": (lambda r: float(r["expanded"]), "Nodes expanded per path", "mean nodes expanded", True),
}


def quote(s):
    return '"%s"' % s.replace('"', "'")


def write_bucket_plot(pdir, name, data):
    value, title, ylabel, logy = SERIES[name]
    labels = sorted(data)
    curves = {lab: by_bucket([r for rows, _ in data[lab].values() for r in rows], value) for lab in labels}
    buckets = sorted({b for c in curves.values() for b in c})
    with open(os.path.join(pdir, name + ".dat"), "w") as f:
        f.write("# bucket " + " ".join(quote(l) for l in labels) + "\n")
        for b in buckets:
            f.write("%d %s\n" % (b, " ".join("%.6g" % curves[l][b] if b in curves[l] else "NaN" for l in labels)))
    plots = ", ".join("'%s.dat' using 1:%d with linespoints title %s" % (name, i + 2, quote(l))
                      for i, l in enumerate(labels))
    write_gp(pdir, name, title, "path-length bucket (optimal length / 4)", ylabel, logy, plots)


def write_gp(pdir, name, title, xlabel, ylabel, logy, plots, extra=""):
    with open(os.path.join(pdir, name + ".gp"), "w") as f:
        f.write("set terminal pngcairo size 960,600 enhanced font 'sans,11'\n"
                "set output '%s.png'\nset title %s\nset xlabel %s\nset ylabel %s\n"
                "set key outside right top\nset grid\nset datafile missing 'NaN'\n%s%s"
                "plot %s\n" % (name, quote(title), quote(xlabel), quote(ylabel),
                               "set logscale y\n" if logy else "", extra, plots))


def write_abs_memory(pdir, csv_path):
    rows = []
    with open(csv_path) as f:
        head = f.readline().strip().split(",")
        for line in f:
            rows.append(dict(zip(head, line.strip().split(","))))
    totals = defaultdict(lambda: [0, 0])
    for r in rows:
        key = (int(r["sector"]), int(r["defaults"]))
        totals[key][0] += int(r["abs_bytes"])
        totals[key][1] += int(r["cells"])
    sectors = sorted({s for s, _ in totals})
    with open(os.path.join(pdir, "abs_memory.dat"), "w") as f:
        f.write("# sector  aggregate%%(defaults compressed)  aggregate%%(stored)\n")
        for s in sectors:
            f.write("%d %s\n" % (s, " ".join(
                "%.4f" % (100.0 * totals[(s, d)][0] / totals[(s, d)][1]) if (s, d) in totals else "NaN"
                for d in (1, 0))))
    plots = ("'abs_memory.dat' using 1:2 with linespoints title 'default sectors compressed', "
             "'abs_memory.dat' using 1:3 with linespoints title 'every sector stored'")
    write_gp(pdir, "abs_memory", "MM abstraction memory by sector size",
             "sector size S (cells per side)", "abstraction bytes, % of an 8-bit-per-cell map", False, plots)


def write_cache_hits(pdir, data):
    hists = {}
    for label, fams in data.items():
        h = defaultdict(float)
        for _, sums in fams.values():
            for s in sums:
                for k, v in s.items():
                    if k.startswith("cache_hist_"):
                        h[int(k[len("cache_hist_"):])] += v
        if h:
            hists[label] = h
    if not hists or not any(v for h in hists.values() for v in h.values()):
        return False
    labels = sorted(hists)
    top = max(k for h in hists.values() for k in h)
    with open(os.path.join(pdir, "cache_hits.dat"), "w") as f:
        f.write("# bucket(0: never hit; k: 2^(k-1)..2^k-1 hits) " + " ".join(quote(l) for l in labels) + "\n")
        for k in range(top + 1):
            name = "0" if k == 0 else ("%d" % (1 << (k - 1)) if k == 1 else "%d-%d" % (1 << (k - 1), (1 << k) - 1))
            f.write('%d "%s" %s\n' % (k, name, " ".join("%d" % hists[l].get(k, 0) for l in labels)))
    plots = ", ".join("'cache_hits.dat' using %d:xtic(2) title %s" % (i + 3, quote(l)) for i, l in enumerate(labels))
    biggest = max(v for h in hists.values() for v in h.values())
    write_gp(pdir, "cache_hits", "Cached edges by hit count (all maps)", "hits per cached edge",
             "cached edges", biggest >= 10, plots,
             "set style data histograms\nset style histogram clustered\nset style fill solid 0.8\n"
             "set boxwidth 0.9\nset xtics rotate by -30\n")
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="a run_suite.py --out folder")
    ap.add_argument("--abs-memory", help="abs_memory.csv of scripts/abs_memory.py")
    args = ap.parse_args()
    data = load(args.out)
    if not data:
        sys.exit("plot: no finished runs under %s/raw" % args.out)
    pdir = os.path.join(args.out, "plots")
    os.makedirs(pdir, exist_ok=True)
    names = list(SERIES)
    for name in SERIES:
        write_bucket_plot(pdir, name, data)
    abs_csv = args.abs_memory or os.path.join(args.out, "abs_memory", "abs_memory.csv")
    if os.path.isfile(abs_csv):
        write_abs_memory(pdir, os.path.abspath(abs_csv))
        names.append("abs_memory")
    if write_cache_hits(pdir, data):
        names.append("cache_hits")
    gnuplot = shutil.which("gnuplot")
    if not gnuplot:
        print(INSTALL_HINT)
        print("plot: data and gnuplot scripts written to %s" % pdir)
        return
    for name in names:
        p = subprocess.run([gnuplot, name + ".gp"], cwd=pdir, capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit("plot: gnuplot failed on %s.gp: %s" % (name, p.stderr.strip()))
    print("plot: wrote %d plots to %s" % (len(names), pdir))


if __name__ == "__main__":
    main()
