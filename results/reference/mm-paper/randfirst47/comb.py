# comb.py TAG: family QW subopt with fam/TAG's maps replacing fam/base's
import sys, glob, re, os
def load(t):
    d = {}
    for f in glob.glob('fam/%s/*.sum' % t):
        s = open(f).read(); g = lambda k: re.search(r'\b' + k + r'=([0-9.e+-]+)', s).group(1)
        d[os.path.basename(f)[:-4]] = (int(g('queries')), float(g('subopt_mean')), int(g('mm_bytes')), float(g('subopt_max')), int(g('invalid')))
    return d
b = load('base'); n = load(sys.argv[1]); m = dict(b); m.update(n)
qw = lambda d: sum(v[0]*v[1] for v in d.values()) / sum(v[0] for v in d.values())
print('%s: family QW %.6f (base %.6f); changed maps %d: QW %.6f -> %.6f; max %.4f; invalid %d' % (sys.argv[1], qw(m), qw(b), len(n), qw({k: b[k] for k in n}), qw(n), max(v[3] for v in m.values()), sum(v[4] for v in m.values())))
budget = lambda k: 64*1024 + 3*512*512/8
print('within: base %d, now %d of 70; changed maps bytes max %d' % (sum(v[2] <= budget(k) for k, v in b.items()), sum(v[2] <= budget(k) for k, v in m.items()), max(v[2] for v in n.values())))
for grp in ('-20-', '-25-', '-30-'):
    ks = [k for k in n if grp in k]
    if ks: print(grp, 'QW %.6f -> %.6f' % (qw({k: b[k] for k in ks}), qw({k: n[k] for k in ks})))
