import sys, glob, os, collections
# faults.py DIR: per binary and map, the calls with minflt>0 in each round (query:call cells cpu_us minflt)
d = sys.argv[1]
rows = collections.defaultdict(dict)
for fn in sorted(glob.glob(d + '/*.calls')):
    lab, rest = os.path.basename(fn).split('.', 1)
    name, r, _ = rest.rsplit('.', 2)
    hits = []
    for line in open(fn):
        if line.startswith('query'): continue
        q, c, cells, done, w, cpu, mi, ma = line.rstrip('\n').split('\t')
        if int(mi) or int(ma):
            hits.append('%s:%s %sc %sus f%s' % (q, c, cells, cpu, mi))
    rows[(name, lab)][r] = hits
for (name, lab), rr in sorted(rows.items()):
    if any(rr.values()):
        print(name, lab, ' | '.join('r%s: %s' % (r, ', '.join(h) or '-') for r, h in sorted(rr.items())))
