#!/usr/bin/env python3
"""joint.py DIR: per query past the reach (GUARD lines of MM_TRACE) its route/octile and its subopt; how much
query-weighted subopt excess the queries over each route/octile threshold carry."""
import sys, os, csv, glob, collections
D = sys.argv[1]; B = '/work/shared/benchmarks/scenarios/dao'
rows = []; tot_q = 0; tot_ex = 0.0
for f in sorted(glob.glob(D + '/*.tr')):
    m = os.path.basename(f)[:-3]
    sc = [l.split('\t') for l in open(f'{B}/{m}.map.scen') if l.strip() and not l.startswith('version')]
    idx = collections.defaultdict(list)
    for i, q in enumerate(sc): idx[(int(q[4]), int(q[5]), int(q[6]), int(q[7]))].append(i)
    qs = list(csv.DictReader(open(f'{D}/{m}.csv')))
    sub = [float(r['path_length']) / float(r['ref_length']) if float(r['ref_length']) > 0 else 1.0 for r in qs]
    tot_q += len(sub); tot_ex += sum(s - 1 for s in sub)
    for l in open(f):
        if not l.startswith('GUARD'): continue
        _, sx, sy, gx, gy, route, oct = l.split()
        for i in idx[(int(sx), int(sy), int(gx), int(gy))]:
            rows.append((m, i, float(route) / float(oct), sub[i], float(sc[i][8]) / float(oct)))
print(f'queries {tot_q} qw subopt {1 + tot_ex / tot_q:.6f}; past the reach through the guard {len(rows)}')
for x in (1.05, 1.1, 1.15, 1.2, 1.25, 1.3, 1.4, 1.5):
    sel = [r for r in rows if r[2] > x]
    ex = sum(r[3] - 1 for r in sel)
    print(f'route/oct > {x}: {len(sel)} queries, their excess {ex:.2f} (qw {ex / tot_q:.6f}); max subopt among the rest {max([r[3] for r in rows if r[2] <= x] or [1]):.4f}')
rows.sort(key=lambda r: -r[3])
for r in rows[:15]: print(r)
