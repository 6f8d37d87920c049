#!/usr/bin/env python3
"""mix.py BASE/sum.csv NEW/sum.csv OUT.csv: NEW's rows where base's profile was default, base's elsewhere (the reach
on default maps alone: small-map maps keep the small route, so their rows are base's)."""
import csv, sys
a = list(csv.DictReader(open(sys.argv[1]))); b = {r['map']: r for r in csv.DictReader(open(sys.argv[2]))}
w = csv.DictWriter(open(sys.argv[3], 'w'), fieldnames=list(a[0].keys())); w.writeheader()
for r in a: w.writerow(b[r['map']] if r['profile'] == 'default' else r)
