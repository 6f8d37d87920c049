#!/usr/bin/env python3
"""The reference table of issue #18: entries side by side on the four families, with -check.

One command builds results/reference/baselines-four-families.md:

    python3 scripts/reference_table.py --families dao,rooms,random,mazes \\
        --entries astar,jps,jps+,ch,sub,mm --every dao=4,rooms=4,random=10,mazes=10 \\
        --skip mazes:astar --rounds 3 --work results/reftable

Two phases per family (--phase time,check; default both):
- time: every selected map as scripts/compare.py runs it (each entry
  preprocessed once, then ROUNDS interleaved rounds, order rotated, median per
  map); the rows of each finished map are appended to WORK/FAMILY/time.csv.
- check: `build/gppc --entry E -check MAP SCEN` for every entry and selected map
  (--check-every, default the timing selection): exit 0 = every path valid and
  within the entry's bound (1 for the optimal entries; mm is only validated).
  One row per (entry, map) in WORK/FAMILY/check.csv.
A map or job already in those files is skipped, so a stopped run resumes where
it stopped, and the families can be run one at a time (--families dao, then
rooms, ...) into one WORK folder: the table is always written from everything
WORK holds. Use a fresh WORK (or --fresh) after changing the code.

Writes OUT (default results/reference/baselines-four-families.md) and OUT
with .csv: the per-map medians. Exit 1 when any path was invalid or over its
bound, 2 on bad usage. Stdlib only.
"""
import argparse
import csv
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import (ROOT, Runner, add_bench_dir, add_loop_args, family_table, loop_args,  # noqa: E402
                     maps_of, parse_pairs, run_family)
from provenance import made_at  # noqa: E402

FAMILIES = ["dao", "rooms", "random", "mazes"]
TIME_FIELDS = ["family", "map", "entry", "queries", "invalid", "total_s", "first20_s", "subopt_mean", "subopt_max",
               "measured", "storage_bytes", "pre_s"]
CHECK_FIELDS = ["family", "map", "entry", "queries", "invalid", "over_bound", "exit"]


def per_family(text, what):
    """'4' or 'dao=4,mazes=10' -> {family: N} (a bare number for every family, default 1)."""
    out = {f: 1 for f in FAMILIES}
    for part in filter(None, (text or "").split(",")):
        fam, _, n = part.rpartition("=")
        try:
            k = int(n)
        except ValueError:
            sys.exit("reference_table: %s %s: expected N or FAMILY=N" % (what, part))
        if k < 1:
            sys.exit("reference_table: %s %s: N must be at least 1" % (what, part))
        if fam:
            out[fam] = k
        else:
            out = {f: k for f in out}
    return out


def read_rows(path):
    if not os.path.isfile(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def append_rows(path, fields, rows):
    new = not os.path.isfile(path)
    with open(path, "a", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        if new:
            w.writeheader()
        w.writerows(rows)


def numeric(rows):
    """time.csv rows back to the types compare.family_table expects."""
    out = []
    for r in rows:
        d = dict(r)
        for k in ("queries", "invalid", "measured", "storage_bytes"):
            d[k] = int(float(d[k]))
        for k in ("total_s", "first20_s", "subopt_mean", "subopt_max", "pre_s"):
            d[k] = float(d[k])
        out.append(d)
    return out


def time_phase(args, runner, family, maps, entries):
    path = os.path.join(args.work, family, "time.csv")
    done = {r["map"] for r in read_rows(path)}
    for name, mp, sc in maps:
        if name in done:
            continue
        rows = []
        run_family(runner, family, [(name, mp, sc)], entries, args.externals, args.rounds, rows)
        append_rows(path, TIME_FIELDS, rows)


def check_phase(args, family, maps, entries):
    path = os.path.join(args.work, family, "check.csv")
    done = {(r["entry"], r["map"]) for r in read_rows(path)}
    pre = os.path.join(args.work, "pre-check")
    os.makedirs(pre, exist_ok=True)
    for name, mp, sc in maps:
        for spec in entries:
            if (spec, name) in done:
                continue
            cmd = [args.gppc, "--entry", spec, "--pre-dir", pre, "-check", mp, sc]
            p = subprocess.run(cmd, capture_output=True, text=True)
            pairs = parse_pairs(p.stdout)
            if p.returncode == 2 or pairs is None:
                sys.exit("reference_table: %s failed (exit %d): %s" % (" ".join(cmd), p.returncode,
                                                                       p.stderr.strip()[-400:]))
            append_rows(path, CHECK_FIELDS, [{
                "family": family, "map": name, "entry": spec, "queries": pairs.get("queries", "0"),
                "invalid": pairs.get("invalid", "0"), "over_bound": pairs.get("over_bound", "0"),
                "exit": p.returncode}])
            print("check: %s %s %s exit %d" % (family, name, spec, p.returncode), file=sys.stderr, flush=True)


def check_table(args, families):
    out = ["| entry | family | maps checked | of | queries | invalid | over bound | failing maps |",
           "|---|---|---:|---:|---:|---:|---:|---|"]
    bad = False
    for family in families:
        rows = read_rows(os.path.join(args.work, family, "check.csv"))
        if not rows:
            continue
        total = len(maps_of(args.bench_dir, family, None))
        for spec in args.entries:
            rs = [r for r in rows if r["entry"] == spec]
            if not rs:
                continue
            failing = sorted(r["map"] for r in rs if r["exit"] != "0")
            bad = bad or bool(failing)
            out.append("| %s | %s | %d | %d | %d | %d | %d | %s |" % (
                spec, family, len(rs), total, sum(int(r["queries"]) for r in rs),
                sum(int(r["invalid"]) for r in rs), sum(int(r["over_bound"]) for r in rs),
                ", ".join(failing[:8]) + (" ..." if len(failing) > 8 else "") if failing else "none"))
    return out, bad


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    add_bench_dir(ap)
    ap.add_argument("--families", default=",".join(FAMILIES), help="comma-separated (default all four)")
    ap.add_argument("--entries", default="astar,jps,jps+,ch,sub,mm",
                    help="entry specs, comma-separated; options after ':' use ';' (default the six of #18)")
    ap.add_argument("--baseline", help="the entry ratios are taken against (default jps, else the first entry)")
    ap.add_argument("--every", default="1", help="time every Nth map: N, or FAMILY=N,... (default 1: all)")
    ap.add_argument("--check-every", help="-check every Nth map (same form; default: --every)")
    ap.add_argument("--skip", action="append", default=[], metavar="FAMILY:ENTRY",
                    help="leave an entry out of a family (e.g. mazes:astar, minutes per map); repeatable")
    add_loop_args(ap)
    ap.add_argument("--phase", default="time,check", help="time, check or both (default)")
    ap.add_argument("--work", default=os.path.join(ROOT, "results", "reftable"),
                    help="per-family progress and preprocessing files (resumed; default results/reftable)")
    ap.add_argument("--fresh", action="store_true", help="empty WORK first")
    ap.add_argument("--out", default=os.path.join(ROOT, "results", "reference", "baselines-four-families.md"))
    args = ap.parse_args(argv)
    args.entries = [e.replace(";", ",") for e in args.entries.split(",") if e]
    args.externals = loop_args(ap, args)
    families = [f for f in args.families.split(",") if f]
    phases = set(p for p in args.phase.split(",") if p)
    if not phases or phases - {"time", "check"}:
        ap.error("--phase: time, check or time,check")
    skip = set()
    for s in args.skip:
        fam, _, spec = s.partition(":")
        if not spec:
            ap.error("--skip %s: expected FAMILY:ENTRY" % s)
        skip.add((fam, spec.replace(";", ",")))
    names = args.entries + [n for n, _ in args.externals]
    if not names:
        ap.error("--entries: none given")
    baseline = args.baseline.replace(";", ",") if args.baseline else "jps" if "jps" in names else names[0]
    if baseline not in names:
        ap.error("--baseline %s is not among the entries" % baseline)
    if not os.access(args.gppc, os.X_OK):
        sys.exit("reference_table: %s not found; run make first" % args.gppc)
    every = per_family(args.every, "--every")
    check_every = per_family(args.check_every, "--check-every") if args.check_every else every
    if args.fresh and os.path.isdir(args.work):
        shutil.rmtree(args.work)
    args.pre_dir = os.path.join(args.work, "pre")
    runner, t0 = Runner(args), time.time()
    for family in families:
        os.makedirs(os.path.join(args.work, family), exist_ok=True)
        maps = maps_of(args.bench_dir, family, None)
        entries = [e for e in args.entries if (family, e) not in skip]
        if "time" in phases:
            time_phase(args, runner, family, maps[::every.get(family, 1)], entries)
        if "check" in phases:
            check_phase(args, family, maps[::check_every.get(family, 1)], entries)
    lines = ["# Baselines side by side: %s" % ", ".join(names), "",
             "Made by `python3 scripts/reference_table.py %s` at %s (this run's wall time %.0f s; "
             "the table holds every family WORK has, from earlier runs too)." % (
                 " ".join(argv), made_at(args.gppc), time.time() - t0), "",
             "Times: each map's entries preprocessed once, then %d interleaved rounds (order rotated per round), "
             "the median per map, summed over the maps timed; search time only (the driver's total-time). "
             "Ratios are against %s, measured in the same loop. -check: exit 0 = every path valid and within the "
             "entry's bound (1 for optimal entries; mm, with no proven bound, is only validated)." % (
                 args.rounds, baseline), ""]
    all_rows = []
    for family in FAMILIES + [f for f in families if f not in FAMILIES]:
        rows = numeric(read_rows(os.path.join(args.work, family, "time.csv")))
        if not rows:
            continue
        all_rows += rows
        present = [n for n in names if any(r["entry"] == n for r in rows)]
        base = baseline if baseline in present else present[0]
        total = len(maps_of(args.bench_dir, family, None))
        lines += ["## %s: %d of %d maps timed" % (family, len({r['map'] for r in rows}), total), ""]
        lines += family_table(rows, family, present, base) + [""]
    checks, bad = check_table(args, FAMILIES + [f for f in families if f not in FAMILIES])
    if len(checks) > 2:
        lines += ["## -check", ""] + checks + [""]
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    tmp = args.out + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines))
    os.replace(tmp, args.out)
    csv_out = os.path.splitext(args.out)[0] + ".csv"
    with open(csv_out + ".tmp", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=TIME_FIELDS)
        w.writeheader()
        w.writerows(all_rows)
    os.replace(csv_out + ".tmp", csv_out)
    print("\n".join(lines))
    return 1 if bad or any(r["invalid"] for r in all_rows) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
