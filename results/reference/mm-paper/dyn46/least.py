import glob, collections, sys
def load(label):
    per = []
    for f in sorted(glob.glob(f'{label}.*.calls')):
        q = collections.Counter()
        for line in open(f):
            p = line.split('\t')
            if p[0] == 'query' or p[5].strip() == '-':
                continue
            q[int(p[0])] += float(p[5])
        per.append(q)
    least = {k: min(r[k] for r in per) for k in per[0]}
    return len(per), least
for label in sys.argv[1:]:
    n, least = load(label)
    top = sorted(least.items(), key=lambda kv: -kv[1])[:5]
    print(label, f'rounds={n}', 'longest query (least of rounds, µs CPU):', ', '.join(f'q{k} {v:.0f}' for k, v in top))
