#!/usr/bin/env python3
"""Plots of a run_suite.py output folder, drawn with gnuplot.

Per family F, in OUT/plots/F/, one PNG and one SVG per figure:
  subopt      mean suboptimality vs path-length bucket
  time        mean time per path vs bucket (log y)
  first20     mean time to the first 20 moves vs bucket (log y)
  expanded    mean nodes expanded per path vs bucket (log y; MM vs A*, paper Fig. 10)
  tradeoff    mean time per path vs memory (peak resident set, MB), one point per entry
  subopt_cdf  fraction of queries at or below each suboptimality
The bucket figures carry 99% Student-t error bars over repetitions when the
run had --repeat > 1 (timings only: subopt and expansions do not vary), and
the number of queries per bucket as grey bars on the right axis. Entries are
drawn in the Okabe-Ito colour-blind-safe palette, mm thick and dark orange,
each entry shifted a little along x and given its own point and dash type so
entries with equal values (the optimal ones at subopt 1) stay visible.
Titles name the benchmark set, the build (git revision) and the CPU.
In OUT/plots/: abs_memory (paper Fig. 7, from OUT/abs_memory/abs_memory.csv
or --abs-memory FILE) and cache_hits (thesis Fig. 5.2, from mm's counters).
Every picture keeps its .dat and .gp beside it, so anyone can restyle it.

gnuplot is `gnuplot` on PATH, or $GNUPLOT. When it is missing the data and
scripts are still written and one line says how to install it; with
--install-gnuplot (make bench) a root user with apt gets gnuplot-nox installed.

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
from aggregate import load, mean_ci99  # noqa: E402
from provenance import cpu_model, run_binary, tree_revision  # noqa: E402
from suite_shard import hosts_of  # noqa: E402

INSTALL_HINT = "plot: gnuplot not found; install it (apt-get install gnuplot-nox) to draw the PNGs and SVGs"

# Okabe & Ito (2008), colour-blind safe; mm gets vermillion, drawn thick.
PALETTE = ["#0072B2", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]
MM_COLOUR = "#D55E00"
# gnuplot point types: mm's filled square is its own; the others take filled
# shapes, then open ones, so no two of up to 13 entries share a marker.
MM_POINT = 5
POINTS = [7, 9, 11, 13, 15, 4, 6, 8, 10, 12, 14, 1]
# The key goes under the plot, in as many columns as fit: beside it, it took a
# third of the width.
KEY = "set key below center horizontal noenhanced"


def subopt(r):
    return r["path_length"] / r["ref_length"] if r["valid"] and r["ref_length"] > 0 else None


# name: (value of a row, title, y label, log y, varies between repetitions)
SERIES = {
    "subopt": (subopt, "Suboptimality by path length", "mean path length / optimal", False, False),
    "time": (lambda r: r["time_cost"] * 1e-3, "Time per path", "mean time per path (µs)", True, True),
    "first20": (lambda r: r["20steps_cost"] * 1e-3, "Time to the first 20 moves", "mean time to 20 moves (µs)",
                True, True),
    "expanded": (lambda r: float(r["expanded"]), "Nodes expanded per path", "mean nodes expanded", True, False),
}


def quote(s):
    """A gnuplot double-quoted string; a newline in s stays a line break."""
    return '"%s"' % s.replace("\\", "\\\\").replace('"', "'").replace("\n", "\\n")


def build_line(out_dir):
    """'build REV, CPU' for a figure: the binary that made the runs (raw/RUN)
    and the machines that ran them (raw/HOSTS); for a folder older than those
    records, this tree and this machine."""
    raw = os.path.join(out_dir, "raw")
    models = []
    for _, model, _, _ in hosts_of(raw):
        if model not in models:
            models.append(model)
    return "build %s, %s" % (run_binary(raw) or tree_revision(), " / ".join(models) or cpu_model())


def styles(labels, dashed=True):
    """{label: gnuplot line style} in a fixed order: mm first and prominent;
    `dashed` gives each entry its own dash type (for figures where entries
    coincide; error bars are drawn solid)."""
    order = sorted(labels, key=lambda l: (not l.startswith("mm"), l))
    out, k = {}, 0
    for i, lab in enumerate(order):
        if lab.startswith("mm") and not any(o.startswith("mm") for o in order[:i]):
            colour, width, point = MM_COLOUR, 3, MM_POINT
        else:
            colour, width, point = PALETTE[k % len(PALETTE)], 1.5, POINTS[k % len(POINTS)]
            k += 1
        out[lab] = "lc rgb '%s' lw %g pt %d dt %d" % (colour, width, point, i % 5 + 1 if dashed else 1)
    return out, order


def bucket_stats(rows, value, by_rep):
    """{bucket: (mean, ci99 half-width or 0, queries)}; the CI is over the
    repetitions' per-bucket means when by_rep and there are several."""
    per = defaultdict(lambda: defaultdict(list))  # bucket -> rep -> values
    for r in rows:
        v = value(r)
        if v is not None:
            per[r["bucket"]][r.get("rep", 0) if by_rep else 0].append(v)
    out = {}
    for b, reps in per.items():
        means = [sum(v) / len(v) for v in reps.values()]
        m, ci = mean_ci99(means) if len(means) > 1 else (means[0], 0.0)
        out[b] = (m, ci, len(next(iter(reps.values()))))
    return out


class Figure:
    """One picture: its .dat (gnuplot index blocks) and .gp, drawn to PNG and SVG."""

    def __init__(self, pdir, name, title, subtitle):
        self.pdir, self.name, self.title, self.subtitle = pdir, name, title, subtitle
        self.blocks, self.plots, self.settings = [], [], []

    def block(self, header, rows):
        self.blocks.append("# %s\n%s" % (header, "".join(" ".join(str(c) for c in r) + "\n" for r in rows)))
        return len(self.blocks) - 1

    def write(self):
        with open(os.path.join(self.pdir, self.name + ".dat"), "w") as f:
            f.write("\n\n".join(self.blocks))
        with open(os.path.join(self.pdir, self.name + ".gp"), "w") as f:
            f.write("# %s: data in %s.dat (one index block per series; columns named in its header)\n"
                    "set title %s noenhanced\n%s\nset grid\n"
                    "set datafile missing 'NaN'\n%s\n"
                    "set terminal pngcairo size 1100,650 font 'sans,11'\nset output '%s.png'\nplot %s\n"
                    "set terminal svg size 1100,650 dynamic font 'sans,11'\nset output '%s.svg'\nreplot\n"
                    % (self.name, self.name, quote(self.title + "\n" + self.subtitle), KEY, "\n".join(self.settings),
                       self.name, ", \\\n     ".join(self.plots), self.name))


def bucket_figure(pdir, name, fam_data, subtitle, repeats):
    value, title, ylabel, logy, timed = SERIES[name]
    with_ci = timed and repeats > 1
    style, labels = styles(fam_data, dashed=not with_ci)
    fig = Figure(pdir, name, title, subtitle)
    stats = {lab: bucket_stats(fam_data[lab], value, with_ci) for lab in labels}
    counts = defaultdict(int)
    for r in fam_data[labels[0]]:
        if r.get("rep", 0) == 0:
            counts[r["bucket"]] += 1
    width = 0.6 / max(len(labels), 1)
    for i, lab in enumerate(labels):
        dx = (i - (len(labels) - 1) / 2) * width
        rows = [("%.3f" % (b + dx), b, "%.6g" % m, "%.6g" % ci, n) for b, (m, ci, n) in sorted(stats[lab].items())]
        k = fig.block("%s: x(bucket+shift) bucket mean ci99 queries" % lab, rows)
        # The line through every bucket; markers (and error bars) only on every
        # n-th bucket, staggered per entry, so entries with equal values all show
        # and the bars do not bury each other.
        fig.plots.append("'%s.dat' index %d using 1:3 with lines %s notitle" % (name, k, style[lab]))
        pick = "(int($2) %% %d == %d ? $3 : NaN)" % (len(labels), i)
        if with_ci:
            fig.plots.append("'%s.dat' index %d using 1:%s:4 with yerrorbars %s ps 1.3 notitle"
                             % (name, k, pick, style[lab].replace("lw 3", "lw 2")))
        else:
            fig.plots.append("'%s.dat' index %d using 1:%s with points %s ps 1.3 notitle"
                             % (name, k, pick, style[lab]))
        # The key shows the line (colour, width, dashes) and the marker together.
        fig.plots.append("keyentry with linespoints %s ps 1.3 title %s" % (style[lab], quote(lab)))
    k = fig.block("queries per bucket: bucket queries", sorted(counts.items()))
    fig.plots.insert(0, "'%s.dat' index %d using 1:2 axes x1y2 with boxes fs solid 0.25 noborder "
                        "lc rgb '#999999' title 'queries per bucket (right axis)'" % (name, k))
    fig.settings += ["set xlabel 'path-length bucket (optimal length / 4)'", "set ylabel %s" % quote(ylabel),
                     "set y2label 'queries per bucket'", "set y2tics", "set ytics nomirror",
                     "set boxwidth 0.9", "set xrange [-1:*]", "set y2range [0:%d]" % (max(counts.values(), default=1) * 4)]
    if logy:
        fig.settings.append("set logscale y")
    if name == "subopt":  # keep y = 1 (the optimal entries) off the axis
        fig.settings.append("set yrange [0.99:*]")
    if with_ci:
        fig.settings.append("set bars small")
        fig.title += ", error bars: 99%% CI over %d repetitions" % repeats
    fig.write()


# The tradeoff figure's plot area in character cells (1100 x 650 pixels at an
# 11-point font, less the margins, title and key), for placing its labels.
TRADEOFF_CHARS = (125.0, 30.0)


def log_range(values):
    """(low, high) of positive values on a log axis: padded by a fifth of the
    span (half a decade when they are all equal), so the points stay inside,
    then out to whole decades, so the axis has labelled ticks."""
    lo, hi = math.log10(min(values)), math.log10(max(values))
    pad = (hi - lo) * 0.2 if hi > lo else 0.5
    return 10.0 ** math.floor(lo - pad), 10.0 ** math.ceil(hi + pad)


def label_boxes(points, offsets, ranges, chars=TRADEOFF_CHARS):
    """The box (x0, y0, x1, y1), in character cells of the plot area, of each
    label `text` at point (x, y) shifted by its (dx, dy) offset in characters
    (left-aligned, vertically centred), on log axes of the given ranges."""
    boxes = []
    for (x, y, text), (dx, dy) in zip(points, offsets):
        cx = (math.log10(x) - math.log10(ranges[0][0])) / math.log10(ranges[0][1] / ranges[0][0]) * chars[0]
        cy = (math.log10(y) - math.log10(ranges[1][0])) / math.log10(ranges[1][1] / ranges[1][0]) * chars[1]
        boxes.append((cx + dx, cy + dy - 0.5, cx + dx + len(text), cy + dy + 0.5))
    return boxes


def overlap(a, b):
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def place_labels(points, ranges, chars=TRADEOFF_CHARS):
    """An offset (dx, dy), in characters, for each point's label: the first
    of a few places around the point whose box meets no label placed before
    and no point's marker, else the one that overlaps least (entries with
    nearly equal memory and time would otherwise print one label over
    another, 'mm' and 'jps+' as 'mjps+')."""
    offsets, placed = [], []
    markers = [(b[0] - 1, b[1], b[0] + 1, b[3]) for b in label_boxes(points, [(0, 0)] * len(points), ranges, chars)]
    for x, y, text in points:
        n = len(text)
        best = None
        for dx, dy in [(1.5, 1), (1.5, -1), (-n - 1.5, 1), (-n - 1.5, -1), (1.5, 2.2), (1.5, -2.2),
                       (-n - 1.5, 2.2), (-n - 1.5, -2.2), (1.5, 3.4), (1.5, -3.4), (-n / 2.0, 2), (-n / 2.0, -2)]:
            box = label_boxes([(x, y, text)], [(dx, dy)], ranges, chars)[0]
            cost = sum(overlap(box, o) for o in placed + markers)
            if best is None or cost < best[0]:
                best = (cost, (dx, dy), box)
            if cost == 0:
                break
        offsets.append(best[1])
        placed.append(best[2])
    return offsets


def tradeoff_figure(pdir, fam_rows, fam_sums, subtitle):
    style, labels = styles(fam_rows)
    fig = Figure(pdir, "tradeoff", "Time per path against memory", subtitle)
    points = []
    for lab in labels:
        rows = [r for r in fam_rows[lab] if r.get("rep", 0) == 0]
        mean_us = sum(r["time_cost"] for r in rows) * 1e-3 / max(len(rows), 1)
        mem_mb = max((s.get("ram_after_kb", 0) for s in fam_sums[lab]), default=0) / 1024.0
        k = fig.block("%s: peak_rss_mb mean_us_per_path" % lab, [("%.3f" % mem_mb, "%.6g" % mean_us)])
        fig.plots.append("'tradeoff.dat' index %d using 1:2 with points %s ps 2 title %s"
                         % (k, style[lab], quote(lab)))
        points.append((max(mem_mb, 1e-3), max(mean_us, 1e-3), lab))
    ranges = (log_range([p[0] for p in points]), log_range([p[1] for p in points]))
    for (x, y, lab), (dx, dy) in zip(points, place_labels(points, ranges)):
        fig.settings.append("set label %s at %g,%g offset %g,%g left noenhanced" % (quote(lab), x, y, dx, dy))
    fig.settings += ["set xlabel 'memory: peak resident set of the driver, largest map (MB)'",
                     "set ylabel 'mean time per path (µs)'", "set logscale y", "set logscale x",
                     "set xrange [%g:%g]" % ranges[0], "set yrange [%g:%g]" % ranges[1]]
    fig.write()


def optimal_share_label(label, rows):
    """'jps (100.0% optimal)': the share of paths the driver judged optimal
    (CSV column `optimal`: within the scenario's printed precision, as -check
    decides; Moving AI prints 6 significant digits, so a ratio test would call
    long optimal paths suboptimal), over the queries with an optimum to compare
    (the same denominator as SUMMARY's optimal / (valid - unreachable))."""
    first = [r for r in rows if r.get("rep", 0) == 0]
    if any("optimal" not in r for r in first):
        return "%s (optimal share unknown: CSV from an older driver)" % label
    measured = [r for r in first if r["valid"] and r["optimal"] >= 0]
    share = sum(1 for r in measured if r["optimal"] == 1) / max(len(measured), 1)
    return "%s (%.1f%% optimal)" % (label, 100 * share)


def cdf_figure(pdir, fam_rows, subtitle):
    style, labels = styles(fam_rows)
    fig = Figure(pdir, "subopt_cdf", "Per-query suboptimality, cumulative", subtitle)
    top = 1.0
    for lab in labels:
        vals = sorted(v for v in (subopt(r) for r in fam_rows[lab] if r.get("rep", 0) == 0) if v is not None)
        n = len(vals)
        if not n:
            continue
        top = max(top, vals[-1])
        pts = [(vals[0], 0.0)] + [(v, (i + 1) / n) for i, v in enumerate(vals)]
        k = fig.block("%s: subopt fraction_of_queries_at_or_below" % lab, [("%.6f" % x, "%.6f" % y) for x, y in pts])
        fig.plots.append("'subopt_cdf.dat' index %d using 1:2 with steps %s title %s"
                         % (k, style[lab], quote(optimal_share_label(lab, fam_rows[lab]))))
    fig.settings += ["set xlabel 'suboptimality (path length / optimal)'", "set ylabel 'fraction of queries'",
                     "set yrange [0:1.02]", "set xrange [%g:%g]" % (1 - 0.02 * (top - 1) - 0.001,
                                                                    max(1.01, top * 1.01))]
    fig.write()


def write_gp(pdir, name, title, xlabel, ylabel, logy, plots, extra=""):
    with open(os.path.join(pdir, name + ".gp"), "w") as f:
        f.write("set title %s noenhanced\nset xlabel %s\nset ylabel %s\n"
                "%s\nset grid\nset datafile missing 'NaN'\n%s%s"
                "set terminal pngcairo size 960,600 font 'sans,11'\nset output '%s.png'\nplot %s\n"
                "set terminal svg size 960,600 dynamic font 'sans,11'\nset output '%s.svg'\nreplot\n"
                % (quote(title), quote(xlabel), quote(ylabel), KEY, "set logscale y\n" if logy else "", extra, name,
                   plots, name))


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
    plots = ("'abs_memory.dat' using 1:2 with linespoints lc rgb '%s' lw 3 title 'default sectors compressed', "
             "'abs_memory.dat' using 1:3 with linespoints lc rgb '%s' lw 1.5 dt 2 title 'every sector stored'"
             % (MM_COLOUR, PALETTE[0]))
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
    plots = ", ".join("'cache_hits.dat' using %d:xtic(2) lc rgb '%s' title %s"
                      % (i + 3, MM_COLOUR if i == 0 else PALETTE[i % len(PALETTE)], quote(l))
                      for i, l in enumerate(labels))
    biggest = max(v for h in hists.values() for v in h.values())
    write_gp(pdir, "cache_hits", "Cached edges by hit count (all maps)", "hits per cached edge",
             "cached edges", biggest >= 10, plots,
             "set style data histograms\nset style histogram clustered\nset style fill solid 0.8\n"
             "set boxwidth 0.9\nset xtics rotate by -30\n")
    return True


def plural(n, word):
    """'1 family', '2 families', '13 figures'."""
    if n == 1:
        return "1 " + word
    return "%d %s" % (n, word[:-1] + "ies" if word.endswith("y") else word + "s")


def find_gnuplot(install):
    """The gnuplot binary ($GNUPLOT or gnuplot on PATH), or None. With
    `install`, a root user with apt-get gets gnuplot-nox installed first."""
    name = os.environ.get("GNUPLOT") or "gnuplot"
    found = shutil.which(name)
    if found or not install:
        return found
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return None
    print("plot: gnuplot missing; installing gnuplot-nox with apt-get (as CI does)", flush=True)
    p = subprocess.run("apt-get update -qq && apt-get install -y -qq gnuplot-nox", shell=True,
                       capture_output=True, text=True)
    if p.returncode != 0:
        print("plot: apt-get install gnuplot-nox failed: %s" % (p.stderr.strip().splitlines() or ["?"])[-1])
        return None
    return shutil.which(name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="a run_suite.py --out folder")
    ap.add_argument("--abs-memory", help="abs_memory.csv of scripts/abs_memory.py")
    ap.add_argument("--install-gnuplot", action="store_true",
                    help="when gnuplot is missing and this is root with apt-get, install gnuplot-nox")
    ap.add_argument("--set-name", help="benchmark set named in the titles (default: the folder's name)")
    args = ap.parse_args()
    data = load(args.out)
    if not data:
        sys.exit("plot: no finished runs under %s/raw" % args.out)
    pdir = os.path.join(args.out, "plots")
    os.makedirs(pdir, exist_ok=True)
    set_name = args.set_name or os.path.basename(os.path.abspath(args.out))
    build = build_line(args.out)
    families = sorted({fam for fams in data.values() for fam in fams})
    todo = []
    for fam in families:
        fdir = os.path.join(pdir, fam)
        os.makedirs(fdir, exist_ok=True)
        rows = {lab: fams[fam][0] for lab, fams in data.items() if fam in fams}
        sums = {lab: fams[fam][1] for lab, fams in data.items() if fam in fams}
        nmaps = max(len(s) for s in sums.values())
        repeats = max(len({r.get("rep", 0) for r in rs}) for rs in rows.values())
        subtitle = "benchmark %s, family %s (%d maps)\n%s" % (set_name, fam, nmaps, build)
        for name in SERIES:
            bucket_figure(fdir, name, rows, subtitle, repeats)
        tradeoff_figure(fdir, rows, sums, subtitle)
        cdf_figure(fdir, rows, subtitle)
        todo += [(fdir, n) for n in list(SERIES) + ["tradeoff", "subopt_cdf"]]
    abs_csv = args.abs_memory or os.path.join(args.out, "abs_memory", "abs_memory.csv")
    if os.path.isfile(abs_csv):
        write_abs_memory(pdir, os.path.abspath(abs_csv))
        todo.append((pdir, "abs_memory"))
    if write_cache_hits(pdir, data):
        todo.append((pdir, "cache_hits"))
    gnuplot = find_gnuplot(args.install_gnuplot)
    if not gnuplot:
        print(INSTALL_HINT)
        print("plot: data and gnuplot scripts written to %s" % pdir)
        return
    for d, name in todo:
        p = subprocess.run([gnuplot, name + ".gp"], cwd=d, capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit("plot: gnuplot failed on %s: %s" % (os.path.join(d, name + ".gp"), p.stderr.strip()))
    print("plot: wrote %s (PNG and SVG) for %s to %s" % (plural(len(todo), "figure"), plural(len(families), "family"),
                                                         pdir))


if __name__ == "__main__":
    main()
