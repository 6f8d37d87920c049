import pickle,csv,collections
from sim2 import sc,o2f,bym,Credit,queries
Eb={}
for m in bym:
    for r in csv.DictReader(open('q/rev/%s.csv'%m)): Eb[(m,int(r['experiment_id']))]=int(r['expanded'])
S=set(open('sample.txt').read().replace('dao/','').split())
K=800; CA=50e3
def simmap(X,mode,C=256,near=32):
    cr=Credit(); cost=0; ex=0
    for (kind,m,i,opt,E,ea,eb),_,o2,k in queries(X,near):
        if not cr.tries(k,o2): cost+=CA; ex+=ea-1; continue
        b=Eb[(m,i)]
        if mode=='fwd': ok=E<=C; c=E if ok else C
        elif mode=='min': ok=min(E,b)<=C; c=min(E,b) if ok else C   # oracle direction
        elif mode=='half':
            if E<=C//2: ok=True; c=E
            elif b<=C//2: ok=True; c=C//2+b
            else: ok=False; c=C
        elif mode=='alt':  # interleave: both directions step by step, cost 2*min
            ok=min(E,b)*2<=C; c=2*min(E,b) if ok else C
        cost+=K*c
        if not ok: cost+=CA; ex+=ea-1
        cr.done(k,o2,ok)
    return cost,ex
for mode in ['fwd','min','half','alt']:
  for C in [256,320,384]:
    c=e=0
    for m,X in bym.items():
        a,b=simmap(X,mode,C); e+=b
        if m in S: c+=a
    print(mode,C,'sample %.1f M excess %.2f'%(c/1e6,e))
