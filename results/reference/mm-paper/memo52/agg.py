import sys, subprocess, collections, os
# agg.py BIN DIR: every allocation logged by shim/ashim.so inside timed calls, by site
binp, d = sys.argv[1], sys.argv[2]
rows = []
for f in sorted(os.listdir(d)):
    if not f.endswith('.log'): continue
    n = f[:-4]
    calls = [l.split('\t') for l in open(os.path.join(d, n + '.calls')).read().split('\n')[1:] if l]
    for l in open(os.path.join(d, f)):
        p = l.split()
        rows.append((n, p[0], int(p[1]), int(p[2]), p[3:], calls))
addrs = sorted({a for r in rows for a in r[4][:4]})
sym = {}
if addrs:
    o = subprocess.run(['addr2line', '-f', '-s', '-e', binp] + addrs, capture_output=True, text=True).stdout.split('\n')
    for i, a in enumerate(addrs):
        sym[a] = o[2 * i] + '@' + o[2 * i + 1].split(' ')[0]
g = collections.defaultdict(list)
for n, t, pair, size, bt, calls in rows:
    site = ' < '.join(sym.get(a, a) for a in bt[:4])
    q = calls[pair][0] + 'c' + calls[pair][1] if pair < len(calls) else '?'
    g[(n, t, site)].append((size, q, int(calls[pair][6]) if pair < len(calls) else -1))
for (n, t, site), v in sorted(g.items()):
    sizes = collections.Counter(s for s, _, _ in v)
    qs = sorted({q for _, q, _ in v})
    print(f"{n:16s} {t} x{len(v):5d} sizes {dict(sizes.most_common(4))} calls {len(qs)} e.g. {','.join(qs[:3])} flt {sum(1 for *_, f in v if f>0)}\n    {site}")
