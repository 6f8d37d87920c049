#!/usr/bin/env python3
"""Per map, before and after: mm's longest call and p99.9 by the thread's CPU
clock, the limit (1/4 of the fastest optimal entry's longest query, CPU),
mm's total against jps2+'s, from two mm_paper.py WORK folders.
usage: table.py BEFORE_WORK AFTER_WORK FAMILY..."""
import csv
import os
import sys

OPTIMAL = ("jps", "jps+", "ch", "sub")


def rows(work, fam):
    out = {}
    with open(os.path.join(work, fam, "time.csv")) as f:
        for r in csv.DictReader(f):
            out[(r["map"], r["entry"])] = r
    return out


def num(r, k):
    try:
        return float(r[k])
    except (KeyError, TypeError, ValueError):
        return float("nan")


def main():
    before, after, fams = sys.argv[1], sys.argv[2], sys.argv[3:]
    print("| family | map | limit µs | longest call CPU µs before | after | p99.9 CPU µs before | after "
          "| mm / jps2+ total before | after |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for fam in fams:
        b, a = rows(before, fam), rows(after, fam)
        for m in sorted({k[0] for k in b if k[1] == "mm"}):
            if (m, "mm") not in a:
                continue
            # the fastest optimal entry: least total; its longest query (CPU) / 4, per side
            def limit(side):
                best = min((side[(m, e)] for e in OPTIMAL if (m, e) in side), key=lambda r: num(r, "total_s"))
                return num(best, "query_cpu_max_us") / 4
            lim = min(limit(b), limit(a))
            rb, ra = b[(m, "mm")], a[(m, "mm")]
            jb, ja = num(b[(m, "jps2+")], "total_s"), num(a[(m, "jps2+")], "total_s")
            print(f"| {fam} | {m} | {lim:.1f} | {num(rb, 'call_cpu_max_us'):.1f} | {num(ra, 'call_cpu_max_us'):.1f} "
                  f"| {num(rb, 'call_cpu_p999_us'):.1f} | {num(ra, 'call_cpu_p999_us'):.1f} "
                  f"| {num(rb, 'total_s') / jb:.2f} | {num(ra, 'total_s') / ja:.2f} |")


if __name__ == "__main__":
    main()
