#!/usr/bin/env python3
"""Aggregate a run_suite.py output folder into tables.

Reads OUT/raw/<entry>/<family>/<map>.{txt,csv} and writes OUT/summary.md (the
layout of Li's thesis Table 5.1: total time, average time per path, first-20
moves, max step, average step, path length, suboptimality, RAM before/after,
storage, preprocessing time; overall and per family) and OUT/summary.csv.
With --repeat runs, each timing is the mean over repetitions with a 99%
Student-t confidence interval (thesis Table 5.3).

    python3 scripts/aggregate.py results/default
"""
import argparse
import csv
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gppc_output import parse_summary, read_csv  # noqa: E402
from suite_shard import machines_line  # noqa: E402
import ext_entries  # noqa: E402

# Two-sided 99% critical values of Student's t (t_0.995) by degrees of freedom.
T995 = {1: 63.657, 2: 9.925, 3: 5.841, 4: 4.604, 5: 4.032, 6: 3.707, 7: 3.499, 8: 3.355,
        9: 3.250, 10: 3.169, 11: 3.106, 12: 3.055, 13: 3.012, 14: 2.977, 15: 2.947, 16: 2.921,
        17: 2.898, 18: 2.878, 19: 2.861, 20: 2.845, 21: 2.831, 22: 2.819, 23: 2.807, 24: 2.797,
        25: 2.787, 26: 2.779, 27: 2.771, 28: 2.763, 29: 2.756, 30: 2.750, 40: 2.704, 60: 2.660,
        120: 2.617}


def t_critical(df):
    """t_0.995 for `df` degrees of freedom (table, then the next lower tabulated df,
    which errs wide; the normal 2.576 past 120)."""
    if df in T995:
        return T995[df]
    if df > 120:
        return 2.576
    return T995[max(k for k in T995 if k < df)]


def mean_ci99(values):
    """(mean, half-width of the 99% CI); half-width 0 for a single value."""
    n = len(values)
    m = sum(values) / n
    if n < 2:
        return m, 0.0
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, t_critical(n - 1) * math.sqrt(var / n)


TIMED = [("total_s", "total time (s)"), ("mean_us", "avg per path (µs)"),
         ("first20_us", "first 20 moves (µs)"), ("max_step_us", "max step (µs)"),
         ("step_us", "avg step (µs)")]
PLAIN = [("queries", "queries"), ("invalid", "invalid"), ("length_mean", "avg path length"),
         ("subopt_mean", "subopt mean"), ("subopt_max", "subopt max"),
         ("expanded_mean", "expanded/path"), ("ram_before_kb", "RAM before (kB)"),
         ("ram_after_kb", "RAM after (kB)"), ("storage_bytes", "storage (B)"), ("pre_s", "preprocess (s)")]


def timing_of(rows):
    """Timing metrics of one repetition's rows."""
    n = len(rows)
    total_ns = sum(r["time_cost"] for r in rows)
    calls = sum(r.get("calls", 1) for r in rows)
    return {"total_s": total_ns * 1e-9, "mean_us": total_ns * 1e-3 / n,
            "first20_us": sum(r["20steps_cost"] for r in rows) * 1e-3 / n,
            "max_step_us": max(r["max_step_time"] for r in rows) * 1e-3,
            "step_us": total_ns * 1e-3 / max(calls, 1)}


def metrics(rows, summaries):
    """Table metrics for one group of CSV rows (all repetitions) and the SUMMARY
    dicts of the runs they came from."""
    reps = sorted({r.get("rep", 0) for r in rows})
    per_rep = [timing_of([r for r in rows if r.get("rep", 0) == k]) for k in reps]
    out = {"reps": len(reps)}
    for key, _ in TIMED:
        out[key] = mean_ci99([p[key] for p in per_rep])
    first = [r for r in rows if r.get("rep", 0) == reps[0]]
    measured = [r for r in first if r["valid"] and r["ref_length"] > 0]
    out["queries"] = len(first)
    out["invalid"] = sum(1 for r in first if not r["valid"])
    out["length_mean"] = sum(r["path_length"] for r in measured) / max(len(measured), 1)
    subopts = [r["path_length"] / r["ref_length"] for r in measured]
    out["subopt_mean"] = sum(subopts) / max(len(subopts), 1)
    out["subopt_max"] = max(subopts, default=0.0)
    out["expanded_mean"] = sum(r["expanded"] for r in first) / max(len(first), 1)
    out["ram_before_kb"] = max((s.get("ram_before_kb", 0) for s in summaries), default=0)
    out["ram_after_kb"] = max((s.get("ram_after_kb", 0) for s in summaries), default=0)
    out["storage_bytes"] = sum(s.get("storage_bytes", 0) for s in summaries)
    out["pre_s"] = sum(s.get("pre_s", 0) for s in summaries)
    return out


def raw_jobs(out_dir, who):
    """Every finished or failed job under OUT/raw, in a stable order: (entry
    label, family, map name, the job's .txt text, its .csv path). The label
    is an external entry's folder name (its SPEC), else the folder's tag."""
    raw = os.path.join(out_dir, "raw")
    if not os.path.isdir(raw):
        sys.exit("%s: %s has no raw/ folder (run scripts/run_suite.py first)" % (who, out_dir))
    for tag in sorted(os.listdir(raw)):
        edir = os.path.join(raw, tag)
        if not os.path.isdir(edir):
            continue
        label = tag
        spec_file = os.path.join(edir, "SPEC")
        if os.path.isfile(spec_file):
            with open(spec_file) as f:
                label = ext_entries.label(f.read().strip()) or tag
        for fam in sorted(os.listdir(edir)):
            fdir = os.path.join(edir, fam)
            if not os.path.isdir(fdir):
                continue
            for name in sorted(n for n in os.listdir(fdir) if n.endswith(".txt")):
                with open(os.path.join(fdir, name)) as f:
                    text = f.read()
                yield label, fam, name[:-4], text, os.path.join(fdir, name[:-4] + ".csv")


def load(out_dir):
    """{entry label: {family: (rows, summaries)}} from OUT/raw."""
    data = {}
    for label, fam, map_name, text, csv_path in raw_jobs(out_dir, "aggregate"):
        sm = parse_summary(text)
        if sm is None or not os.path.isfile(csv_path):
            continue  # an unfinished job
        sm["_map"] = map_name  # for the per-map listing of left-out queries
        rows, sums = data.setdefault(label, {}).setdefault(fam, ([], []))
        sums.append(sm)
        rows.extend(read_csv(csv_path))
    return {label: {fam: v for fam, v in fams.items() if v[0]} for label, fams in data.items()
            if any(v[0] for v in fams.values())}


# summary.csv: fixed decimals per column (results/README.md gives the units);
# a *_ci99 cell is empty without repeats (no interval, not a zero one).
CSV_DECIMALS = {"total_s": 6, "mean_us": 3, "first20_us": 3, "max_step_us": 3, "step_us": 3,
                "queries": 0, "invalid": 0, "length_mean": 4, "subopt_mean": 6, "subopt_max": 6,
                "expanded_mean": 1, "ram_before_kb": 0, "ram_after_kb": 0, "storage_bytes": 0,
                "pre_s": 6}
CSV_COLUMNS = [k for k, _ in TIMED + PLAIN]


def csv_cells(m):
    """One summary.csv row's cells (after entry and family) for metrics `m`."""
    cells = []
    for k in CSV_COLUMNS:
        v = m[k][0] if isinstance(m[k], tuple) else m[k]
        cells.append("%.*f" % (CSV_DECIMALS[k], v))
    for k, _ in TIMED:
        cells.append("%.*f" % (CSV_DECIMALS[k], m[k][1]) if m["reps"] > 1 else "")
    return cells


def fmt(value):
    if isinstance(value, tuple):
        m, ci = value
        return fmt(m) if ci == 0 else "%s ± %s" % (fmt(m), fmt(ci))
    if isinstance(value, float):
        if value == 0:
            return "0"
        if abs(value) >= 1000:
            return "%.0f" % value
        return "%.4g" % value
    return str(value)


def table(rows_by_label, title):
    cols = TIMED + PLAIN
    lines = ["### " + title, "",
             "| entry | " + " | ".join(name for _, name in cols) + " |",
             "|---|" + "---:|" * len(cols)]
    for label, m in rows_by_label:
        lines.append("| %s | %s |" % (label, " | ".join(fmt(m[k]) for k, _ in cols)))
    return "\n".join(lines) + "\n"


def bad_query_table(data):
    """summary.md's listing of queries left out by `--bad-queries skip`: every
    map of the run with its `bad_queries` (the scenario's, the same for every
    entry); None when no map had any."""
    per_map = {}
    for fams in data.values():
        for fam, (_, sums) in fams.items():
            for s in sums:
                key = (fam, s["_map"])
                per_map[key] = max(per_map.get(key, 0), int(s.get("bad_queries", 0)))
    if not any(per_map.values()):
        return None
    lines = ["### Queries left out (start or goal blocked or outside the map; --bad-queries skip)", "",
             "%d queries on %d of %d maps." % (sum(per_map.values()), sum(1 for v in per_map.values() if v),
                                               len(per_map)), "",
             "| family | map | bad_queries |", "|---|---|---:|"]
    lines += ["| %s | %s | %d |" % (fam, name, n) for (fam, name), n in sorted(per_map.items())]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="a run_suite.py --out folder")
    args = ap.parse_args()
    data = load(args.out)
    if not data:
        sys.exit("aggregate: no finished runs under %s/raw" % args.out)
    overall, by_family = [], {}
    for label, fams in data.items():
        all_rows = [r for rows, _ in fams.values() for r in rows]
        all_sums = [s for _, sums in fams.values() for s in sums]
        overall.append((label, metrics(all_rows, all_sums)))
        for fam, (rows, sums) in fams.items():
            by_family.setdefault(fam, []).append((label, metrics(rows, sums)))
    reps = max(m["reps"] for _, m in overall)
    md = ["# Benchmark summary: %s" % os.path.basename(os.path.abspath(args.out)), "",
          "Times are GetPath time only (the driver's monotonic clock). "
          "Subopt is over queries with a path; RAM is the largest VmRSS of any map's run; "
          "storage and preprocessing are summed over maps." +
          (" Timings: mean ± 99%% CI over %d repetitions." % reps if reps > 1 else ""), "",
          table(overall, "All families")]
    machines = machines_line(os.path.join(args.out, "raw"))
    if machines:  # which nodes and CPUs the times come from (shards may differ)
        md[-1:-1] = [machines, ""]
    for fam in sorted(by_family):
        md.append(table(by_family[fam], "Family: " + fam))
    bad = bad_query_table(data)
    if bad:
        md.append(bad)
    with open(os.path.join(args.out, "summary.md"), "w") as f:
        f.write("\n".join(md))
    with open(os.path.join(args.out, "summary.csv.part"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["entry", "family"] + CSV_COLUMNS + [k + "_ci99" for k, _ in TIMED])
        for fam, group in [("all", overall)] + sorted(by_family.items()):
            for label, m in group:
                w.writerow([label, fam] + csv_cells(m))
    os.replace(os.path.join(args.out, "summary.csv.part"), os.path.join(args.out, "summary.csv"))
    print("aggregate: wrote %s and %s" % (os.path.join(args.out, "summary.md"),
                                          os.path.join(args.out, "summary.csv")))


if __name__ == "__main__":
    main()
