#!/usr/bin/env python3
"""Sums times.csv of run.sh: before (b90c273), grid (this branch, ch:graph=grid), after (this branch, ch)."""
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1] if len(sys.argv) > 1 else 'times.csv')))
def col(k, f=float): return [f(r[k]) for r in rows]
print("maps", len(rows))
for name in ("grid", "after"):
    bs, s = sum(col('before_s')), sum(col(name + '_s'))
    print("%-5s time sum before %.1f s, %s %.1f s: %.1fx faster" % (name, bs, name, s, bs / s))
    bk, k, fk = col('before_kb', int), col(name + '_kb', int), col('floor_kb', int)
    big = max(range(len(rows)), key=lambda i: bk[i])
    print("%-5s peak RSS largest map (%s) before %d kB, %s %d kB: %.2fx smaller" % (name, rows[big]['map'], bk[big], name, k[big], bk[big] / k[big]))
    mx = max(range(len(rows)), key=lambda i: k[i])
    print("%-5s largest %s peak: %s %d kB (before %d kB)" % (name, name, rows[mx]['map'], k[mx], bk[mx]))
    print("%-5s peak RSS sum before %d kB, %s %d kB: %.2fx" % (name, sum(bk), name, sum(k), sum(bk) / sum(k)))
    ab = sum(b - f for b, f in zip(bk, fk)); aa = sum(max(a - f, 0) for a, f in zip(k, fk))
    print("%-5s above the driver floor, sum: before %d kB, %s %d kB: %.1fx" % (name, ab, name, aa, ab / max(aa, 1)))
    r = sorted(b / a for b, a in zip(bk, k))
    print("%-5s per-map peak ratio min %.2f median %.2f" % (name, r[0], r[len(r) // 2]))
