# qw.py BASE [TAG...]: rooms family QW subopt with each TAG's maps replacing BASE's
import sys,glob,os
def kv(p):
    l=[l for l in open(p) if 'SUMMARY' in l]
    return dict(x.split('=',1) for x in l[0].split() if '=' in x) if l else None
base={os.path.basename(p)[:-4]:kv(p) for p in glob.glob(sys.argv[1]+'/*.out')}
d=dict(base)
for t in sys.argv[2:]:
    for p in glob.glob(t+'/*.out'):
        k=kv(p)
        if k: d[os.path.basename(p)[:-4]]=k
q=sum(int(s['queries']) for s in d.values())
print(' '.join(sys.argv[2:]) or 'base','qw %.6f'%(sum(float(s['subopt_mean'])*int(s['queries']) for s in d.values())/q),'max %.6f'%max(float(s['subopt_max']) for s in d.values()),'invalid',sum(int(s['invalid']) for s in d.values()))
