#!/usr/bin/env python3
"""qwx.py SUM.csv...: query-weighted subopt, max, mm_bytes over budget and invalid per CSV (fullx.sh's sum.csv)."""
import csv, sys, os
B = '/work/shared/benchmarks/scenarios'
for f in sys.argv[1:]:
    w = s = 0.0; mx = (0, ''); over = []; inv = 0; n = 0; prof = {}
    for r in csv.DictReader(open(f)):
        q = sum(1 for l in open(os.path.join(B, r['family'], r['map'] + '.map.scen')) if l.strip() and not l.startswith('version'))
        w += q; s += float(r['subopt_mean']) * q; n += 1
        if float(r['subopt_max']) > mx[0]: mx = (float(r['subopt_max']), r['map'])
        if int(r['mm_bytes']) > int(r['budget']): over.append(r['map'])
        inv += int(r['invalid']); prof[r['profile']] = prof.get(r['profile'], 0) + 1
    print(f'{f}: maps {n} qw {s / w:.6f} max {mx[0]:.4f} ({mx[1]}) over-budget {over} invalid {inv} profiles {prof}')
