import sys, os, collections
# flt.py DIR: per binary and map, the runs and the calls with minflt > 0 (query c call, cpu us), from calls.sh's files
d = sys.argv[1]
runs = collections.defaultdict(int)
hits = collections.defaultdict(list)
for f in sorted(os.listdir(d)):
    if not f.endswith('.calls'):
        continue
    lab, name = f.split('.')[0], f.split('.')[1]
    runs[(lab, name)] += 1
    for l in open(os.path.join(d, f)).read().split('\n')[1:]:
        p = l.split('\t')
        if len(p) >= 7 and int(p[6]) > 0:
            hits[(lab, name)].append('q%sc%s %s' % (p[0], p[1], p[5]))
labs = sorted({k[0] for k in runs})
for lab in labs:
    names = sorted(n for l, n in runs if l == lab)
    total = sum(len(hits[(lab, n)]) for n in names)
    print('%s: %d maps, %d runs, %d calls with minflt > 0' % (lab, len(names), sum(runs[(lab, n)] for n in names), total))
    for n in names:
        if hits[(lab, n)]:
            print('  %s (%d runs): %s' % (n, runs[(lab, n)], ', '.join(hits[(lab, n)][:6])))
