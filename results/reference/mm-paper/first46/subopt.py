# subopt.py TAG...: per TAG (a callgrind run's folder of MAP.out), the query-weighted subopt mean, the max and invalid over its maps (SUMMARY)
import sys, glob, os
def kv(p):
    l = [l for l in open(p) if 'SUMMARY' in l][0]
    return dict(x.split('=', 1) for x in l.split() if '=' in x)
for t in sys.argv[1:]:
    S = [kv(p) for p in sorted(glob.glob(f'{t}/*.out'))]
    q = sum(int(s['queries']) for s in S)
    print(os.path.basename(t), 'maps', len(S), 'queries', q,
          'subopt_qw %.6f' % (sum(float(s['subopt_mean']) * int(s['queries']) for s in S) / q),
          'max %.6f' % max(float(s['subopt_max']) for s in S), 'invalid', sum(int(s['invalid']) for s in S))
