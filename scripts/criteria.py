#!/usr/bin/env python3
"""The competition's criteria for every entry of a run_suite.py output folder,
per family and overall, with the undominated entries marked; frontier plots.

Reads OUT/raw/<entry>/<family>/<map>.{txt,csv} (a map an external entry
failed on holds a FAILED line: its queries count, none solved) and writes
OUT/criteria.md and OUT/criteria.csv (columns: results/README.md
"criteria.csv"). Criteria, over the first repetition:
  solved      valid answers (a path, or none where the scenario has none)   more is better
  optimal     solved queries within a unit of the optimum's last printed digit (+1e-6 relative), as -check  more
  total_s     GetPath time summed over every query                         less
  first20_s   time to the first 20 distance units, summed                  less
  max_step_us the longest single GetPath call                              less
  mem_kb      what the entry added to the driver at its peak (SUMMARY mem_kb), largest map  less
  pre_s       preprocessing time, summed                                   less
  storage_bytes  bytes the entry's preprocessing wrote, summed             less
  subopt_mean, subopt_max  over solved queries with a path                 less
An entry is undominated when no other entry of the same table is at least
as good on every criterion and better on one (GPPC's rule). Measured
quantities (times, memory) within 1% of each other count as equal, and so
do preprocessing times both under 10 ms (what an entry without preprocessing
measures is the clock): a difference in the noise decides nothing. Plots, per
family in OUT/plots/<family>/: frontier_time (total time against memory) and
frontier_first20 (first-20 time against memory), undominated entries filled
(and starred) and joined by the two-criterion frontier, dominated ones open.

    python3 scripts/criteria.py results/default
"""
import argparse
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ext_entries  # noqa: E402
from aggregate import raw_jobs  # noqa: E402
from gppc_output import parse_summary, read_csv  # noqa: E402

# (key, column title, better: +1 more, -1 less)
CRITERIA = [("solved", "solved", 1), ("optimal", "optimal", 1), ("total_s", "total time (s)", -1),
            ("first20_s", "first-20 time (s)", -1), ("max_step_us", "max call (µs)", -1),
            ("mem_kb", "memory (kB)", -1), ("pre_s", "preprocess (s)", -1),
            ("storage_bytes", "storage (B)", -1), ("subopt_mean", "subopt mean", -1),
            ("subopt_max", "subopt max", -1)]
OPTIMAL_REL = 1e-6
MEASURED = {"total_s", "first20_s", "max_step_us", "mem_kb", "pre_s"}
MEASURED_SAME, PRE_NONE_S = 0.01, 0.01
MIN_PLOT_MB = 0.01  # memory axes are logarithmic: an entry that added nothing measurable sits here


def load_maps(out_dir):
    """{label: {family: [map record]}}; a record is {map, queries, rows, summary} or {map, queries, failed}."""
    data = {}
    for label, fam, map_name, text, csv_path in raw_jobs(out_dir, "criteria"):
        failed = ext_entries.parse_failed(text)
        summary = parse_summary(text)
        if failed:
            rec = {"map": map_name, "queries": failed["queries"], "failed": failed["reason"]}
        elif summary and os.path.isfile(csv_path):
            rows = [r for r in read_csv(csv_path) if r.get("rep", 0) == 0]
            rec = {"map": map_name, "queries": len(rows), "rows": rows, "summary": summary}
        else:
            continue  # an unfinished job
        data.setdefault(label, {}).setdefault(fam, []).append(rec)
    return data


def optimum_unit(ref):
    """A unit in the last digit the scenario printed (the shortest repr of the
    parsed value: 1003.84 -> 0.01, as the Moving AI files print 6 digits)."""
    text = repr(ref)
    if "e" in text or "." not in text:
        return 1e-9
    return 10.0 ** -len(text.split(".")[1])


def is_optimal(r):
    ref = r["ref_length"]
    return ref <= 0 or r["path_length"] <= ref + optimum_unit(ref) + OPTIMAL_REL * ref


def criteria_of(records):
    rows = [r for rec in records if "rows" in rec for r in rec["rows"]]
    sums = [rec["summary"] for rec in records if "summary" in rec]
    solved = [r for r in rows if r["valid"]]
    measured = [r for r in solved if r["ref_length"] > 0 and r["path_length"] > 0]
    subopts = [r["path_length"] / r["ref_length"] for r in measured]
    return {
        "maps": len(records), "failed_on": [rec["map"] for rec in records if "failed" in rec],
        "queries": sum(rec["queries"] for rec in records), "solved": len(solved),
        "optimal": sum(1 for r in solved if is_optimal(r)),
        "total_s": sum(r["time_cost"] for r in rows) * 1e-9,
        "first20_s": sum(r["20steps_cost"] for r in rows) * 1e-9,
        "max_step_us": max((r["max_step_time"] for r in rows), default=0) * 1e-3,
        "mem_kb": max((s.get("mem_kb", 0) for s in sums), default=0),
        "pre_s": sum(s.get("pre_s", 0) for s in sums),
        "storage_bytes": sum(s.get("storage_bytes", 0) for s in sums),
        "subopt_mean": sum(subopts) / len(subopts) if subopts else 0.0,
        "subopt_max": max(subopts, default=0.0),
    }


def compare(key, x, y):
    """-1, 0 or 1 as x is less than, equal to or greater than y for criterion key."""
    if key in MEASURED and (abs(x - y) <= MEASURED_SAME * max(abs(x), abs(y)) or
                            (key == "pre_s" and max(x, y) < PRE_NONE_S)):
        return 0
    return (x > y) - (x < y)


def dominates(a, b):
    """a at least as good as b on every criterion and better on one."""
    better = False
    for key, _, sign in CRITERIA:
        c = compare(key, a[key], b[key]) * sign
        if c < 0:
            return False
        better = better or c > 0
    return better


def mark_undominated(group):
    for label, c in group:
        c["undominated"] = not any(dominates(o, c) for l2, o in group if l2 != label)


def tables(data):
    """[(family or 'all', [(label, criteria)])], every table's undominated marked."""
    fams = sorted({f for fams in data.values() for f in fams})
    out = [("all", [(lab, criteria_of([r for recs in fams.values() for r in recs]))
                    for lab, fams in sorted(data.items())])]
    for fam in fams:
        out.append((fam, [(lab, criteria_of(fams[fam])) for lab, fams in sorted(data.items()) if fam in fams]))
    for _, group in out:
        mark_undominated(group)
    return out


def fmt(key, v):
    if key in ("solved", "optimal", "mem_kb", "storage_bytes"):
        return "%d" % v
    if key in ("subopt_mean", "subopt_max"):
        return "%.4f" % v
    if key == "max_step_us":
        return "%.1f" % v
    return "%.4g" % v if v < 1000 else "%.0f" % v


def markdown(out_dir, groups):
    lines = ["# Competition criteria: %s" % os.path.basename(os.path.abspath(out_dir)), "",
             "GPPC's criteria over the first repetition (scripts/criteria.py; columns: results/README.md "
             "\"criteria.csv\"). **Bold** entries are undominated: no other entry is at least as good on "
             "every criterion and better on one. A map an entry failed on (crash, exit, time limit) counts "
             "its queries, none solved.", ""]
    for fam, group in groups:
        lines += ["## %s" % ("All families" if fam == "all" else "Family: " + fam), "",
                  "| entry | undominated | queries | " + " | ".join(t for _, t, _ in CRITERIA) + " | failed on |",
                  "|---|---|---:|" + "---:|" * len(CRITERIA) + "---|"]
        for label, c in group:
            name = "**%s**" % label if c["undominated"] else label
            lines.append("| %s | %s | %d | %s | %s |" % (
                name, "yes" if c["undominated"] else "no", c["queries"],
                " | ".join(fmt(k, c[k]) for k, _, _ in CRITERIA), ", ".join(c["failed_on"]) or "-"))
        und = [label for label, c in group if c["undominated"]]
        lines += ["", "Undominated: %s." % ", ".join(und), ""]
    return "\n".join(lines)


def write_csv(path, groups):
    with open(path + ".part", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["entry", "family", "maps", "queries"] + [k for k, _, _ in CRITERIA] +
                   ["undominated", "failed_maps", "failed_on"])
        for fam, group in groups:
            for label, c in group:
                w.writerow([label, fam, c["maps"], c["queries"]] + [fmt(k, c[k]) for k, _, _ in CRITERIA] +
                           [1 if c["undominated"] else 0, len(c["failed_on"]), " ".join(c["failed_on"])])
    os.replace(path + ".part", path)


def frontier(points):
    """The 2-D frontier (less is better on both) of [(x, y)], sorted by x."""
    best, out = None, []
    for x, y in sorted(points):
        if best is None or y < best:
            out.append((x, y))
            best = y
    return out


def frontier_figures(out_dir, groups, set_name):
    """frontier_time and frontier_first20 per family; returns [(folder, name)] to draw."""
    from plot import Figure, build_line, quote, styles  # gnuplot styling shared with plot.py
    todo = []
    build = build_line(out_dir)
    for fam, group in groups:
        if fam == "all":
            continue
        pdir = os.path.join(out_dir, "plots", fam)
        os.makedirs(pdir, exist_ok=True)
        style, order = styles([label for label, _ in group], dashed=False)
        crit = dict(group)
        for name, key, ylabel in (("frontier_time", "total_s", "total GetPath time (s)"),
                                  ("frontier_first20", "first20_s", "total time to the first 20 moves (s)")):
            fig = Figure(pdir, name, "%s against memory; filled: undominated on all criteria" % ylabel,
                         "benchmark %s, family %s\n%s" % (set_name, fam, build))
            pts = {}
            for label in order:
                c = crit[label]
                x = max(c["mem_kb"] / 1024.0, MIN_PLOT_MB)
                y = max(c[key], 1e-6)
                pts[label] = (x, y)
                failed = " (failed on %d maps)" % len(c["failed_on"]) if c["failed_on"] else ""
                k = fig.block("%s: memory_mb %s" % (label, key), [("%.4f" % x, "%.6g" % y)])
                # Six shapes (square, circle, triangles, diamond, pentagon), each
                # filled when undominated, open when not; the colours repeat.
                shape = order.index(label) % 6
                st = style[label].split(" pt ")[0] + " pt %d" % (2 * shape + (5 if c["undominated"] else 4))
                fig.plots.append("'%s.dat' index %d using 1:2 with points %s ps 2.2 title %s, "
                                 "'' index %d using 1:2:(%s) with labels offset 1.2,0.8 notitle"
                                 % (name, k, st, quote(label + failed), k,
                                    quote(label + ("*" if c["undominated"] else ""))))
            front = frontier([pts[l] for l in order if crit[l]["undominated"]])
            if front:
                k = fig.block("frontier of the undominated: memory_mb %s" % key,
                              [("%.4f" % x, "%.6g" % y) for x, y in front])
                fig.plots.insert(0, "'%s.dat' index %d using 1:2 with steps lc rgb '#888888' dt 2 lw 1.5 "
                                    "title 'frontier (undominated)'" % (name, k))
            fig.settings += ["set xlabel 'memory the entry added at its peak, largest map (MB, log)'",
                             "set ylabel %s" % quote(ylabel + ", log"), "set logscale x", "set logscale y",
                             "set offsets graph 0.15, graph 0.25, graph 0.25, graph 0.25"]
            fig.write()
            todo.append((pdir, name))
    return todo


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="a run_suite.py --out folder")
    ap.add_argument("--no-plots", action="store_true", help="tables only")
    args = ap.parse_args()
    data = load_maps(args.out)
    if not data:
        sys.exit("criteria: no finished runs under %s/raw" % args.out)
    groups = tables(data)
    md = os.path.join(args.out, "criteria.md")
    with open(md + ".part", "w") as f:
        f.write(markdown(args.out, groups))
    os.replace(md + ".part", md)
    write_csv(os.path.join(args.out, "criteria.csv"), groups)
    print("criteria: wrote %s and %s" % (md, os.path.join(args.out, "criteria.csv")))
    if args.no_plots:
        return
    import subprocess
    from plot import find_gnuplot
    todo = frontier_figures(args.out, groups, os.path.basename(os.path.abspath(args.out)))
    gnuplot = find_gnuplot(False)
    if not gnuplot:
        print("criteria: gnuplot not found; frontier data and scripts written (apt-get install gnuplot-nox)")
        return
    for d, name in todo:
        p = subprocess.run([gnuplot, name + ".gp"], cwd=d, capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit("criteria: gnuplot failed on %s: %s" % (os.path.join(d, name + ".gp"), p.stderr.strip()))
    print("criteria: wrote %d frontier plots" % len(todo))


if __name__ == "__main__":
    main()
