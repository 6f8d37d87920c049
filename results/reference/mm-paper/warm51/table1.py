import sys, glob, collections
# table1.py TAG ROWS: per (map, query, call): each call's least CPU µs over runs/TAG's 3 rounds with each
# round's minflt, and the callgrind per-call row of cgq/MAP.QUERY.cgbase (Ir, cold lines, I1mr, D1mr)
tag, rows = sys.argv[1], sys.argv[2]
print('| map | query/call | least µs (3 rounds) | minflt | Ir | lines never run before | I1 misses | D1 read misses |')
print('|---|---|---:|---|---:|---:|---:|---:|')
for line in open(rows):
    m, q, c = line.split(); q, c = int(q), int(c)
    vals = []
    for fn in sorted(glob.glob('runs/%s/%s.r*.calls' % (tag, m))):
        for l in open(fn):
            p = l.rstrip('\n').split('\t')
            if p[0] == str(q) and p[1] == str(c): vals.append((float(p[5]), p[6]))
    cg = {}
    for l in open('cgq/%s.%d.cgbase/percall.tsv' % (m, q)):
        p = l.split('\t')
        if p[0] == str(c): cg = dict(zip(['call','Ir','cold','I1mr','D1mr','D1mw','ILmr','DLmr','DLmw'], p))
    least = min(v for v, f in vals)
    print('| %s | %d/%d | %.1f | %s | %s | %s | %s | %s |' % (m, q, c, least, ','.join(f for v, f in vals), cg.get('Ir'), cg.get('cold'), cg.get('I1mr'), cg.get('D1mr')))
