#!/usr/bin/env python3
"""Does the bridge change or slow an external entry? Its own `run` against
`build/gppc --entry ext:DIR`, map by map, query by query.

For every entry folder: a copy is built with its own build (compile.sh, else
make; unchanged, the real compiler) in OUT/own/<name>/. For every map each
side preprocesses once (`run -pre` with its index_data/, `gppc -pre`), then
ROUNDS rounds run both (`run -run`, `gppc -run --csv`), the order swapped
each round. Compared: every query's path length (their result.csv against
ours, the kit's columns; equal within 1e-6) and path validity (ours validates
every segment), and the total GetPath time (the sum of time_cost, their
clock and ours), median over the rounds per map, summed per entry; the
ratio is ours / theirs. On a loaded machine a preempted call counts its wait
in either clock, so the sum over queries of each query's fastest round is
given too: the same comparison with most of that noise taken out.

    python3 scripts/ext_parity.py --maps arena2,den520d --rounds 3 \\
        --out results/parity DIR1 DIR2 ...
Writes OUT/parity.md and OUT/parity.csv (one row per entry and map). Exit 1
when a length differs or a path is invalid.
"""
import argparse
import csv
import os
import shutil
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import add_bench_dir  # noqa: E402


def build_own(folder, dest):
    """Their `run`, built by their own build in a copy; returns the copy's path."""
    if os.path.isfile(os.path.join(dest, "run")):
        return dest
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(folder, dest, symlinks=True, ignore=shutil.ignore_patterns("index_data", "*.o", "run"))
    cmd = ["bash", "compile.sh"] if os.path.isfile(os.path.join(dest, "compile.sh")) else ["make"]
    p = subprocess.run(cmd, cwd=dest, capture_output=True, text=True)
    if p.returncode != 0 or not os.path.isfile(os.path.join(dest, "run")):
        sys.exit("ext_parity: %s: its own build failed:\n%s" % (folder, (p.stdout + p.stderr)[-2000:]))
    os.makedirs(os.path.join(dest, "index_data"), exist_ok=True)
    return dest


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def run_checked(cmd, cwd=None, ok=(0,)):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if p.returncode not in ok:
        sys.exit("ext_parity: %s failed (exit %d):\n%s" % (" ".join(cmd), p.returncode, p.stderr[-1500:]))
    return p


def one_map(args, name, own, folder, mp, sc, work):
    """(their total times, our total times, their and our sums of per-query minima, length mismatches,
    invalid paths, queries)."""
    gppc = [args.gppc, "--entry", "ext:" + folder, "--pre-dir", os.path.join(work, "pre")]
    run_checked(["./run", "-pre", mp, sc], cwd=own)
    run_checked(gppc + ["-pre", mp, sc])
    theirs, ours, mism, invalid, queries = [], [], 0, 0, 0
    their_min, our_min = None, None
    for r in range(args.rounds):
        order = ("theirs", "ours") if r % 2 == 0 else ("ours", "theirs")
        for side in order:
            if side == "theirs":
                run_checked(["./run", "-run", mp, sc], cwd=own)
                their_rows = read_rows(os.path.join(own, "result.csv"))
                t = [int(x["time_cost"]) for x in their_rows]
                theirs.append(sum(t) * 1e-9)
                their_min = t if their_min is None else [min(a, b) for a, b in zip(their_min, t)]
            else:
                out_csv = os.path.join(work, "ours.csv")
                run_checked(gppc + ["--csv", out_csv, "--csv-extra", "-run", mp, sc], ok=(0, 1))
                our_rows = read_rows(out_csv)
                t = [int(x["time_cost"]) for x in our_rows]
                ours.append(sum(t) * 1e-9)
                our_min = t if our_min is None else [min(a, b) for a, b in zip(our_min, t)]
        if r == 0:
            queries = len(their_rows)
            if len(our_rows) != queries:
                mism += abs(len(our_rows) - queries)
            for a, b in zip(their_rows, our_rows):
                if abs(float(a["path_length"]) - float(b["path_length"])) > 1e-6:
                    mism += 1
                    if mism <= 3:
                        print("ext_parity: %s %s query %s: their length %s, ours %s"
                              % (name, os.path.basename(mp), a["experiment_id"], a["path_length"],
                                 b["path_length"]), file=sys.stderr)
            invalid = sum(1 for b in our_rows if b["valid"] != "1")
    return theirs, ours, sum(their_min) * 1e-9, sum(our_min) * 1e-9, mism, invalid, queries


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    add_bench_dir(ap)
    ap.add_argument("--family", default="dao")
    ap.add_argument("--maps", required=True, help="map names (without .map), comma-separated")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--gppc", default=os.path.join(ROOT, "build", "gppc"))
    ap.add_argument("--out", default=os.path.join(ROOT, "results", "parity"))
    ap.add_argument("folders", nargs="+", help="classic-kit entry folders")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    rows = []
    for folder in [os.path.abspath(f.rstrip("/")) for f in args.folders]:
        name = os.path.basename(folder)
        own = build_own(folder, os.path.join(args.out, "own", name))
        for m in args.maps.split(","):
            mp = os.path.join(args.bench_dir, "maps", args.family, m + ".map")
            sc = os.path.join(args.bench_dir, "scenarios", args.family, m + ".map.scen")
            work = os.path.join(args.out, "work", name)
            os.makedirs(work, exist_ok=True)
            theirs, ours, their_min, our_min, mism, invalid, q = one_map(args, name, own, folder, mp, sc, work)
            rows.append({"entry": name, "map": m, "queries": q, "length_mismatches": mism, "invalid": invalid,
                         "their_total_s": statistics.median(theirs), "our_total_s": statistics.median(ours),
                         "their_min_sum_s": their_min, "our_min_sum_s": our_min,
                         "their_rounds_s": " ".join("%.4f" % t for t in theirs),
                         "our_rounds_s": " ".join("%.4f" % t for t in ours)})
            print("ext_parity: %s %s: %d queries, %d length mismatches, %d invalid, %.3f s theirs, %.3f s ours "
                  "(per-query minima %.3f, %.3f)" % (name, m, q, mism, invalid, rows[-1]["their_total_s"],
                                                     rows[-1]["our_total_s"], their_min, our_min),
                  file=sys.stderr, flush=True)
    with open(os.path.join(args.out, "parity.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    lines = ["# External entries: their own run against build/gppc --entry ext:DIR", "",
             "%d rounds per map, interleaved (order swapped each round); time = sum of time_cost (GetPath "
             "only), median of the rounds per map, summed over the maps." % args.rounds, "",
             "| entry | maps | queries | length mismatches | invalid | their total s | our total s | ours / theirs "
             "| per-map ratio min-max | their min-sum s | our min-sum s | ours / theirs (min-sum) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|"]
    for name in dict.fromkeys(r["entry"] for r in rows):
        rs = [r for r in rows if r["entry"] == name]
        t, o = sum(r["their_total_s"] for r in rs), sum(r["our_total_s"] for r in rs)
        per = [r["our_total_s"] / r["their_total_s"] for r in rs if r["their_total_s"] > 0]
        tm, om = sum(r["their_min_sum_s"] for r in rs), sum(r["our_min_sum_s"] for r in rs)
        lines.append("| %s | %d | %d | %d | %d | %.3f | %.3f | %.3f | %.2f-%.2f | %.3f | %.3f | %.3f |" % (
            name, len(rs), sum(r["queries"] for r in rs), sum(r["length_mismatches"] for r in rs),
            sum(r["invalid"] for r in rs), t, o, o / t if t else float("nan"), min(per, default=0),
            max(per, default=0), tm, om, om / tm if tm else float("nan")))
    with open(os.path.join(args.out, "parity.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 1 if any(r["length_mismatches"] or r["invalid"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
