#!/usr/bin/env python3
"""rand49's memory table: one row per random512-35-* map, base against a run
directory (runs/DIR/MAP.VARIANT.txt, SUMMARY lines written by sweep.sh).
usage: table.py BASEDIR:VARIANT NOWDIR:VARIANT [TOTAL_QUERIES]"""
import sys, glob, os

BUDGET = 65536 + 512 * 512 * 3 // 8


def load(spec):
    d, v = spec.split(':')
    out = {}
    for f in sorted(glob.glob(os.path.join(d, '*.%s.txt' % v))):
        kv = dict(l.strip().split('=', 1) for l in open(f) if '=' in l)
        out[os.path.basename(f).split('.')[0]] = kv
    return out


base, now = load(sys.argv[1]), load(sys.argv[2])
total_q = int(sys.argv[3]) if len(sys.argv) > 3 else 0
print('| map | queries | subopt base | now | max base | now | mm_bytes base | now | over now | abs+index now | region now | jps now |')
print('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
dq = within = 0
for m in sorted(base):
    b, n = base[m], now[m]
    q = int(b['queries'])
    dq += (float(n['subopt_mean']) - float(b['subopt_mean'])) * q
    over = int(n['mm_bytes']) - BUDGET
    within += over <= 0
    print('| %s | %d | %s | %s | %s | %s | %s | %s | %+d | %d | %s | %s |' % (
        m, q, b['subopt_mean'], n['subopt_mean'], b['subopt_max'], n['subopt_max'], b['mm_bytes'], n['mm_bytes'],
        over, int(n['mm_bytes_abs']) + int(n['mm_bytes_index']), n['mm_bytes_region'], n['mm_bytes_jps']))
print()
print('within the budget (%d B): %d of %d; sum over the maps of (subopt now - base) x queries: %+.2f' % (
    BUDGET, within, len(base), dq))
if total_q:
    print('the family\'s query-weighted subopt moves by %+.6f (%d queries)' % (dq / total_q, total_q))
