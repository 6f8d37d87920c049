import sys, glob, collections
# dist.py DIR MAP: least-of-rounds per call, split call 0 vs later: count, median, p99, max, and share of call-0s over T us
d, m = sys.argv[1], sys.argv[2]
best = {}
for fn in sorted(glob.glob('%s/%s.r*.calls' % (d, m))):
    for line in open(fn):
        if line.startswith('query'): continue
        q, c, ce, done, w, cpu = line.rstrip('\n').split('\t')
        k = (int(q), int(c)); v = float(cpu); best[k] = min(best.get(k, v), v)
for name, sel in (('call0', lambda k: k[1] == 0), ('later', lambda k: k[1] > 0)):
    v = sorted(x for k, x in best.items() if sel(k)); n = len(v)
    if not n: continue
    p = lambda f: v[min(n-1, int(n*f))]
    print('%s %s n=%d med=%.2f p90=%.2f p99=%.2f p999=%.2f max=%.2f >3.5:%d >5:%d' % (m, name, n, p(.5), p(.9), p(.99), p(.999), v[-1], sum(x > 3.5 for x in v), sum(x > 5 for x in v)))
