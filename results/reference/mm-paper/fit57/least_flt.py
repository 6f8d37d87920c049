# each call's least cpu_us over the rounds (files), with the minflt of the round that gave it; the longest 3
import sys
best = {}
for fn in sys.argv[1:]:
    for line in open(fn):
        if line.startswith('query'): continue
        f = line.rstrip("\n").split("\t")
        k = (f[0], f[1]); v = float(f[5])
        if k not in best or v < best[k][0]: best[k] = (v, f[6])
top = sorted(best.items(), key=lambda x: -x[1][0])[:3]
print(' '.join('q%s/c%s %.1fus minflt=%s' % (k[0], k[1], v[0], v[1]) for k, v in top))
