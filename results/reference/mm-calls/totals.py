#!/usr/bin/env python3
"""Total time of mm before and after from run.sh's SUMMARY lines (median
over the rounds per map): wall (total_s) and the thread's CPU clock
(total_cpu_s, the one to read on a loaded machine), and the longest whole
query by the CPU clock. usage: totals.py OUT > totals.md. Stdlib only."""
import glob
import os
import statistics
import sys


def main():
    runs = {}
    for f in glob.glob(os.path.join(sys.argv[1], "*.txt")):
        tag, name, _rnd, _ = os.path.basename(f).split(".")
        kv = dict(x.split("=", 1) for x in open(f).read().split() if "=" in x)
        runs.setdefault((name, tag), []).append(kv)
    med = lambda rs, k: statistics.median(float(r[k]) for r in rs)
    print("| map | total_s before | after | after / before | total_cpu_s before | after | after / before "
          "| longest query CPU µs before | after |")
    print("|---|---|---|---|---|---|---|---|---|")
    wall, cpu = [], []
    for n in sorted({n for n, _ in runs}):
        if (n, "before") not in runs or (n, "after") not in runs:
            continue
        b, a = runs[(n, "before")], runs[(n, "after")]
        tb, ta, cb, ca = med(b, "total_s"), med(a, "total_s"), med(b, "total_cpu_s"), med(a, "total_cpu_s")
        wall.append(ta / tb)
        cpu.append(ca / cb)
        print(f"| {n} | {tb:.4f} | {ta:.4f} | {ta / tb:.2f} | {cb:.4f} | {ca:.4f} | {ca / cb:.2f} | "
              f"{med(b, 'query_cpu_max_us'):.0f} | {med(a, 'query_cpu_max_us'):.0f} |")
    print()
    print(f"Median over the maps, after / before: total_s {statistics.median(wall):.2f}, "
          f"total_cpu_s {statistics.median(cpu):.2f}.")


if __name__ == "__main__":
    main()
