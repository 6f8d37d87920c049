#!/usr/bin/env python3
"""Per family, mm before against after from two mm_paper.py WORK folders
(their FAMILY/time.csv rows): totals, the per-call figures by the thread's
CPU clock, the call checks against ch's longest query, mm_bytes.

    python3 calls34.py BEFORE_WORK AFTER_WORK > calls34-paper.md
"""
import csv
import statistics
import sys
from pathlib import Path


def rows(work, family):
    path = Path(work) / family / "time.csv"
    if not path.exists():
        return {}
    out = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            out[(r["map"], r["entry"])] = r  # a resumed run's later row wins
    return out


def num(r, key):
    try:
        return float(r[key])
    except (KeyError, TypeError, ValueError):
        return float("nan")


def main():
    before, after = sys.argv[1], sys.argv[2]
    print("| family | maps | mm total s before | after | after / before | longest call CPU µs, median map before | after | worst map before | after "
          "| p99.9 CPU µs, worst map before | after | maps longest call <= 1/4 ch's longest query, before | after | mm_bytes after / before, median |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for family in ("dao", "rooms", "random", "mazes"):
        b, a = rows(before, family), rows(after, family)
        maps = sorted(m for (m, e) in a if e == "mm" and (m, "mm") in b and (m, "ch") in a and (m, "ch") in b)
        if not maps:
            continue
        tb = sum(num(b[m, "mm"], "total_s") for m in maps)
        ta = sum(num(a[m, "mm"], "total_s") for m in maps)
        lb = [num(b[m, "mm"], "call_cpu_max_us") for m in maps]
        la = [num(a[m, "mm"], "call_cpu_max_us") for m in maps]
        pb = [num(b[m, "mm"], "call_cpu_p999_us") for m in maps]
        pa = [num(a[m, "mm"], "call_cpu_p999_us") for m in maps]
        okb = sum(num(b[m, "mm"], "call_cpu_max_us") <= num(b[m, "ch"], "query_cpu_max_us") / 4 for m in maps)
        oka = sum(num(a[m, "mm"], "call_cpu_max_us") <= num(a[m, "ch"], "query_cpu_max_us") / 4 for m in maps)
        mem = statistics.median(num(a[m, "mm"], "mm_bytes") / num(b[m, "mm"], "mm_bytes") for m in maps)
        print(f"| {family} | {len(maps)} | {tb:.3f} | {ta:.3f} | {ta / tb:.3f} | {statistics.median(lb):.1f} | "
              f"{statistics.median(la):.1f} | {max(lb):.1f} | {max(la):.1f} | {max(pb):.1f} | {max(pa):.1f} | "
              f"{okb} | {oka} | {mem:.3f} |")


if __name__ == "__main__":
    main()
