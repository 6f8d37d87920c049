#!/usr/bin/env python3
"""mv.py TAG...: the moved maps' first-20 Ir, subopt, turn bytes, legs bytes, per TAG."""
import sys, os
def ir(f):
    if not os.path.exists(f): return None
    for line in open(f):
        if line.startswith(('totals:', 'summary:')): return int(line.split()[1])
def summ(f):
    if not os.path.exists(f): return {}
    return dict(x.split('=', 1) for x in open(f).read().split() if '=' in x)
tags = sys.argv[1:]
maps = open('moved.txt').read().split()
print('| map | q | corners/sector | detour | regions/sector | ' + ' | '.join(f'{t} f20 M | subopt | turns | legs' for t in tags) + ' |')
print('|---' * (5 + 4 * len(tags)) + '|')
tot = [0] * len(tags)
for m in maps:
    s0 = summ(f'{tags[0]}/{m}.sum')
    row = [m, s0.get('queries'), f"{int(s0['corners'])/int(s0['sectors']):.2f}", f"{float(s0['detour']):.3f}", f"{int(s0['regions'])/int(s0['sectors']):.2f}"]
    for i, t in enumerate(tags):
        s = summ(f'{t}/{m}.sum'); f = ir(f'{t}/{m}.f20.cg') or 0; tot[i] += f
        row += [f'{f/1e6:.2f}', s.get('subopt_mean'), s.get('jps_turn_bytes'), s.get('mm_bytes_legs')]
    print('| ' + ' | '.join(str(x) for x in row) + ' |')
print('| total | | | | | ' + ' | '.join(f'{x/1e6:.2f} | | |' for x in tot) + ' |')
