#!/usr/bin/env python3
"""Issue #31's call checks over table.py's calls.csv (run.sh OUT; table.py OUT):
per tag, p99.9 and longest call by thread CPU, how many maps pass p99.9 <= 30 µs
and longest call <= 1/4 of the fastest optimal entry's longest query, totals,
quality. usage: checks.py OUT/calls.csv. Stdlib only."""
import csv, statistics, sys
rows=list(csv.DictReader(open(sys.argv[1])))
f=lambda r,k: float(r[k])
n=len(rows)
def cnt(pred): return sum(1 for r in rows if pred(r))
print("maps", n)
for tag in ["before","after"]:
    p=[f(r,tag+'_call_cpu_p999_us') for r in rows]; m=[f(r,tag+'_call_cpu_max_us') for r in rows]; p99=[f(r,tag+'_call_cpu_p99_us') for r in rows]
    lim=[f(r,'fastest_query_cpu_max_us')/4 for r in rows]
    print(tag, "p999 median %.1f mean %.1f max %.1f; <=30: %d" % (statistics.median(p), statistics.mean(p), max(p), sum(x<=30 for x in p)),
          "| p99 median %.1f" % statistics.median(p99),
          "| longest median %.0f; <= 1/4 fastest: %d; ratio to limit median %.1f" % (statistics.median(m), sum(a<=b for a,b in zip(m,lim)), statistics.median(a/b for a,b in zip(m,lim))),
          "| invalid %d" % sum(f(r,tag+'_invalid') for r in rows),
          "| subopt_mean mean %.6f max of subopt_max %.6f" % (statistics.mean(f(r,tag+'_subopt_mean') for r in rows), max(f(r,tag+'_subopt_max') for r in rows)))
tr=[f(r,'after_total_s')/f(r,'before_total_s') for r in rows]
print("total after/before: median %.2f, sum ratio %.3f" % (statistics.median(tr), sum(f(r,'after_total_s') for r in rows)/sum(f(r,'before_total_s') for r in rows)))
print("fastest:", {k: sum(r['fastest_optimal']==k for r in rows) for k in set(r['fastest_optimal'] for r in rows)})
