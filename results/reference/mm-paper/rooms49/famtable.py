# famtable.py BASETAG NOWTAG FAMILY...: per family from famrun.sh's SUMMARY lines (fam/TAG-FAMILY/MAP.out):
# query-weighted subopt, max, invalid, maps whose paths' subopt moved, mm_bytes mean and maps within 64 KiB + 3 bits/cell,
# ch_shortcuts summed, abs_expanded_mean (regions settled a query) query-weighted
import sys, glob, os
B = '/work/shared/benchmarks/maps'
def kv(p):
    l = [l for l in open(p) if 'SUMMARY' in l]
    return dict(x.split('=', 1) for x in l[0].split() if '=' in x) if l else None
def budget(f, m):
    h = w = 0
    for line in open('%s/%s/%s.map' % (B, f, m)):
        if line.startswith('height'): h = int(line.split()[1])
        if line.startswith('width'): w = int(line.split()[1])
        if line.startswith('map'): break
    return 65536 + w * h * 3 / 8
base, now = sys.argv[1], sys.argv[2]
print('| family (maps) | subopt qw base49 | rooms49 | max base49 | rooms49 | invalid | maps subopt up / down | mm_bytes mean base49 | rooms49 | within budget base49 | rooms49 | ch_shortcuts base49 | rooms49 | regions settled a query base49 | rooms49 |')
print('|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|')
for f in sys.argv[3:]:
    rows = []
    for p in sorted(glob.glob('fam/%s-%s/*.out' % (base, f))):
        m = os.path.basename(p)[:-4]
        a, b = kv(p), kv('fam/%s-%s/%s.out' % (now, f, m)) if os.path.exists('fam/%s-%s/%s.out' % (now, f, m)) else None
        if a and b: rows.append((m, a, b, budget(f, m)))
    q = sum(int(a['queries']) for _, a, _, _ in rows)
    qw = lambda k, i: sum(float(r[i][k]) * int(r[1]['queries']) for r in rows) / q
    up = [m for m, a, b, _ in rows if float(b['subopt_mean']) > float(a['subopt_mean'])]
    dn = [m for m, a, b, _ in rows if float(b['subopt_mean']) < float(a['subopt_mean'])]
    print('| %s (%d) | %.6f | %.6f | %.6f | %.6f | %d | %d / %d | %.0f | %.0f | %d | %d | %d | %d | %.1f | %.1f |' % (
        f, len(rows), qw('subopt_mean', 1), qw('subopt_mean', 2),
        max(float(a['subopt_max']) for _, a, _, _ in rows), max(float(b['subopt_max']) for _, _, b, _ in rows),
        sum(int(b['invalid']) for _, _, b, _ in rows), len(up), len(dn),
        sum(int(a['mm_bytes']) for _, a, _, _ in rows) / len(rows), sum(int(b['mm_bytes']) for _, _, b, _ in rows) / len(rows),
        sum(int(a['mm_bytes']) <= bu for _, a, _, bu in rows), sum(int(b['mm_bytes']) <= bu for _, _, b, bu in rows),
        sum(int(a.get('ch_shortcuts', 0)) for _, a, _, _ in rows), sum(int(b.get('ch_shortcuts', 0)) for _, _, b, _ in rows),
        qw('abs_expanded_mean', 1) if all('abs_expanded_mean' in a for _, a, _, _ in rows) else -1,
        qw('abs_expanded_mean', 2) if all('abs_expanded_mean' in b for _, _, b, _ in rows) else -1))
    cross = [m for m, a, b, bu in rows if (int(a['mm_bytes']) <= bu) != (int(b['mm_bytes']) <= bu)]
    if cross: print('\nbudget crossed:', cross)
    if up: print('\n%s subopt up: %s' % (f, ', '.join('%s %s -> %s' % (m, a['subopt_mean'], b['subopt_mean']) for m, a, b, _ in rows if m in up)))
