#!/usr/bin/env python3
"""cgcombo.py: first-20 and whole Ir (callgrind) over the dao sample when base's small-map maps run at one reach and
its default maps at another (each class's maps from the cg run at that reach; 0 = base)."""
import os, sys
def ir(f):
    for line in open(f):
        if line.startswith('totals:') or line.startswith('summary:'):
            return int(line.split()[1])
runs = {0: 'cg-base', 128: 'cg-r128', 192: 'cg-r192', 256: 'cg-r256'}
maps = open('maps.txt').read().split()
prof = {m: [x.split('=')[1] for x in open(f'cg-base/{m}.sum').read().split() if x.startswith('profile=')][0] for m in maps}
have = {k: all(os.path.exists(f'{v}/{m}.all.cg') for m in maps) for k, v in runs.items()}
b20 = sum(ir(f'cg-base/{m}.f20.cg') for m in maps); bw = sum(ir(f'cg-base/{m}.all.cg') for m in maps)
for a in runs:
    for b in runs:
        if not (have[a] and have[b]): continue
        f = sum(ir(f'{runs[a if prof[m] == "small-map" else b]}/{m}.f20.cg') for m in maps)
        w = sum(ir(f'{runs[a if prof[m] == "small-map" else b]}/{m}.all.cg') for m in maps)
        print(f'small-map reach {a:3d} default reach {b:3d}: first-20 {f / 1e6:.2f} M ({f / b20:.3f}x) whole {w / 1e6:.2f} M ({w / bw:.3f}x)')
