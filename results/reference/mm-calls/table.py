#!/usr/bin/env python3
"""Medians of run.sh's SUMMARY lines: mm before and after, per map, and how
far mm is from issue #31's call checks. usage: table.py OUT > calls.md
(and OUT/calls.csv). Stdlib only."""
import csv
import glob
import os
import statistics
import sys

OPTIMAL = ["ch", "jpsplus", "sub"]
KEYS = ["call_cpu_max_us", "call_max_us", "call_cpu_p999_us", "call_p999_us", "call_cpu_p99_us", "call_p99_us",
        "total_s", "total_cpu_s",
        "first20_mean_us",
        "query_cpu_max_us", "mm_bytes", "invalid", "subopt_mean", "subopt_max"]


def load(out):
    runs = {}
    for f in glob.glob(os.path.join(out, "*.txt")):
        tag, name, _rnd, _ = os.path.basename(f).split(".")
        kv = dict(x.split("=", 1) for x in open(f).read().split() if "=" in x)
        runs.setdefault((name, tag), []).append(kv)
    med = {}
    for key, rows in runs.items():
        med[key] = {k: statistics.median(float(r[k]) for r in rows) for k in KEYS if all(k in r for r in rows)}
        med[key]["rounds"] = len(rows)
    return med


def main():
    out = sys.argv[1]
    med = load(out)
    names = sorted({n for n, _ in med}, key=lambda n: list(m for m, _ in sorted(med)).index(n))
    rows = []
    for n in names:
        b, a = med.get((n, "before")), med.get((n, "after"))
        if not a or not b:
            continue
        fastest = min((t for t in OPTIMAL if (n, t) in med), key=lambda t: med[(n, t)]["total_s"])
        f = med[(n, fastest)]
        rows.append({"map": n, "rounds": a["rounds"],
                     **{f"before_{k}": b.get(k, "") for k in KEYS}, **{f"after_{k}": a.get(k, "") for k in KEYS},
                     "fastest_optimal": fastest, "fastest_total_s": f["total_s"],
                     "fastest_query_cpu_max_us": f["query_cpu_max_us"]})
    with open(os.path.join(out, "calls.csv"), "w", newline="") as fp:
        w = csv.DictWriter(fp, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    print("| map | longest call CPU µs before | after | wall µs before | after | p99.9 CPU µs before | after "
          "| p99.9 wall µs before | after | total s before | after | mm_bytes before | after | invalid after |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        c = lambda k, fmt="{:.0f}": fmt.format(r[k])
        print(f"| {r['map']} | {c('before_call_cpu_max_us')} | {c('after_call_cpu_max_us')} | "
              f"{c('before_call_max_us')} | {c('after_call_max_us')} | {c('before_call_cpu_p999_us')} | "
              f"{c('after_call_cpu_p999_us')} | {c('before_call_p999_us')} | {c('after_call_p999_us')} | "
              f"{c('before_total_s', '{:.3f}')} | {c('after_total_s', '{:.3f}')} | {c('before_mm_bytes')} | "
              f"{c('after_mm_bytes')} | {c('after_invalid')} |")
    print()
    print("| map | p99 CPU µs before | after | p99 wall µs before | after | first-20 mean µs before | after "
          "| total after / before |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['map']} | {r['before_call_cpu_p99_us']:.1f} | {r['after_call_cpu_p99_us']:.1f} | "
              f"{r['before_call_p99_us']:.1f} | {r['after_call_p99_us']:.1f} | "
              f"{r['before_first20_mean_us']:.1f} | {r['after_first20_mean_us']:.1f} | "
              f"{r['after_total_s'] / r['before_total_s']:.2f} |")
    print()
    print("Issue #31's call checks, after: longest call by thread CPU <= 1/4 of the fastest optimal entry's "
          "longest whole query (fastest by total time among ch, jps+, sub); per-call p99.9 <= 30 µs.")
    print()
    print("| map | fastest optimal | its longest query CPU µs | limit (1/4) | mm longest call CPU µs | ratio to limit "
          "| check | mm p99.9 CPU µs | check |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        lim = r["fastest_query_cpu_max_us"] / 4
        mx, p = r["after_call_cpu_max_us"], r["after_call_cpu_p999_us"]
        print(f"| {r['map']} | {r['fastest_optimal']} | {r['fastest_query_cpu_max_us']:.0f} | {lim:.0f} | {mx:.0f} | "
              f"{mx / lim:.1f}x | {'PASS' if mx <= lim else 'FAIL'} | {p:.0f} | {'PASS' if p <= 30 else 'FAIL'} |")


if __name__ == "__main__":
    main()
