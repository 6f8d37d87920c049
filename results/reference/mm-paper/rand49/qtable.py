#!/usr/bin/env python3
"""rand49's loose-cluttered table: random512-30-* and -40-*, base49 (runs/q_base) against the
try to 2048 expansions held to 1792 nodes (runs/q_2048), SUMMARY lines from sweep.sh."""
import glob, os


def load(d):
    out = {}
    for f in glob.glob(d + '/*.txt'):
        out[os.path.basename(f).split('.')[0]] = dict(l.strip().split('=', 1) for l in open(f) if '=' in l)
    return out


b, n = load('runs/q_base'), load('runs/q_2048')
print('| map | subopt base | now | max base | now | mm_bytes base | now | invalid |')
print('|---|---:|---:|---:|---:|---:|---:|---:|')
dq = 0.0
for m in sorted(n):
    q = int(b[m]['queries'])
    dq += (float(n[m]['subopt_mean']) - float(b[m]['subopt_mean'])) * q
    print('| %s | %s | %s | %s | %s | %s | %s | %s |' % (m, b[m]['subopt_mean'], n[m]['subopt_mean'], b[m]['subopt_max'],
                                                    n[m]['subopt_max'], b[m]['mm_bytes'], n[m]['mm_bytes'], n[m]['invalid']))
print()
print('sum of (subopt now - base) x queries: %+.2f; over the random family (146,220 queries): %+.6f' % (dq, dq / 146220))
