#!/usr/bin/env python3
"""delta.py A/sum.csv B/sum.csv: per map the query-weighted subopt excess B adds over A (sum over queries), largest first."""
import csv, sys, os
B = '/work/shared/benchmarks/scenarios/dao'
a = {r['map']: r for r in csv.DictReader(open(sys.argv[1]))}
b = {r['map']: r for r in csv.DictReader(open(sys.argv[2]))}
rows = []; tq = 0
for m in a:
    q = sum(1 for l in open(f'{B}/{m}.map.scen') if l.strip() and not l.startswith('version')); tq += q
    d = (float(b[m]['subopt_mean']) - float(a[m]['subopt_mean'])) * q
    rows.append((d, m, a[m]['profile'], b[m]['profile'], a[m]['subopt_mean'], b[m]['subopt_mean'], b[m]['subopt_max'], int(a[m]['cells'])))
rows.sort(reverse=True)
print('total added qw', sum(r[0] for r in rows) / tq)
for r in rows[:25]: print(f'{r[0]:8.2f} {r[1]:10s} {r[2]}->{r[3]} {r[4]} {r[5]} max {r[6]} cells {r[7]}')
print('by profile change:', {k: round(sum(r[0] for r in rows if (r[2], r[3]) == k) / tq, 6) for k in {(r[2], r[3]) for r in rows}})
