import sys, glob, collections
# top.py DIR MAP [N]: each call's least cpu_us over the rounds; the N longest: query, call, cells, least,
# each round's reading with its minflt in brackets
d, m = sys.argv[1], sys.argv[2]; N = int(sys.argv[3]) if len(sys.argv) > 3 else 10
best = {}; allv = collections.defaultdict(list); cells = {}
for fn in sorted(glob.glob('%s/%s.r*.calls' % (d, m))):
    for line in open(fn):
        if line.startswith('query'): continue
        p = line.rstrip('\n').split('\t')
        k = (int(p[0]), int(p[1])); v = float(p[5])
        best[k] = min(best.get(k, v), v); allv[k].append((v, int(p[6]))); cells[k] = p[2]
v = sorted(best.values()); n = len(v)
print('%s calls=%d least_max=%.1f p999=%.1f p99=%.1f' % (m, n, v[-1], v[min(n-1, -(-n*999//1000)-1)], v[min(n-1, -(-n*990//1000)-1)]))
for k in sorted(best, key=lambda k: -best[k])[:N]:
    print('  q=%d call=%d cells=%s least=%.1f  %s' % (k[0], k[1], cells[k], best[k], ' '.join('%.1f[%d]' % x for x in allv[k])))
