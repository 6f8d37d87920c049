#!/usr/bin/env python3
"""cmp.py MAPSFILE TAG...: per map first-20 Ir (M) and excess units (queries x (subopt mean - 1)) per TAG, and totals."""
import sys, os
def ir(f):
    if not os.path.exists(f): return None
    for line in open(f):
        if line.startswith(('totals:', 'summary:')): return int(line.split()[1])
def summ(f):
    return dict(x.split('=', 1) for x in open(f).read().split() if '=' in x) if os.path.exists(f) else {}
maps = open(sys.argv[1]).read().split(); tags = sys.argv[2:]
print('| map | queries | ' + ' | '.join(f'{t} f20 M | {t} units' for t in tags) + ' |')
print('|---|---:|' + '---:|---:|' * len(tags))
T = {t: [0, 0] for t in tags}
for m in maps:
    row = [m, None]
    for t in tags:
        s = summ(f'{t}/{m}.sum'); f = ir(f'{t}/{m}.f20.cg')
        if not s or f is None: row += ['', '']; continue
        q = int(s['queries']); row[1] = q; u = q * (float(s['subopt_mean']) - 1)
        T[t][0] += f; T[t][1] += u; row += [f'{f/1e6:.2f}', f'{u:.2f}']
    print('| ' + ' | '.join(str(x) for x in row) + ' |')
print('| total | | ' + ' | '.join(f'{T[t][0]/1e6:.2f} | {T[t][1]:.2f}' for t in tags) + ' |')
