#!/usr/bin/env python3
"""combo.py: query-weighted subopt and max over all 156 dao maps when base's small-map maps run at one reach and its
default maps at another (each class's rows from the full run at that reach; 0 = base's rows)."""
import csv, os
B = '/work/shared/benchmarks/scenarios/dao'
runs = {0: 'full-base', 128: 'full-r128', 192: 'full-r192', 256: 'full-r256'}
rows = {k: {r['map']: r for r in csv.DictReader(open(v + '/sum.csv'))} for k, v in runs.items()}
q = {m: sum(1 for l in open(f'{B}/{m}.map.scen') if l.strip() and not l.startswith('version')) for m in rows[0]}
for a in runs:
    for b in runs:
        w = s = 0; mx = (0, '')
        for m, r in rows[0].items():
            x = rows[a if r['profile'] == 'small-map' else b][m]
            s += float(x['subopt_mean']) * q[m]; w += q[m]
            if float(x['subopt_max']) > mx[0]: mx = (float(x['subopt_max']), m)
        print(f'small-map maps reach {a:3d}, default maps reach {b:3d}: qw {s / w:.6f} max {mx[0]:.4f} ({mx[1]})')
