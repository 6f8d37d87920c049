import pickle,csv,collections
from sim2 import sc,o2f,bym,GAIN,LOSS,MAX,START,PROBE
Eb={}
for m in bym:
    for r in csv.DictReader(open('q/rev/%s.csv'%m)): Eb[(m,int(r['experiment_id']))]=int(r['expanded'])
S=set(open('sample.txt').read().replace('dao/','').split())
K=800; CA=50e3
def simmap(X,mode,C=256,near=32):
    cr=[START,START]; probe=[0,0]; reach=[0,0]; cost=0; ex=0
    for (kind,m,i,opt,E,ea,eb) in sorted(X,key=lambda d:d[2]):
        sx,sy,gx,gy=sc[(m,i)]; o2=o2f(sx,sy,gx,gy)
        if E==0 and ea==1.0: continue
        k=0 if o2<=2*near else 1
        if cr[k]>0: tries=True
        else:
            probe[k]+=1; tries=probe[k]>=PROBE and (not reach[k] or o2*2<=reach[k]*3)
        if tries: probe[k]=0
        if not tries: cost+=CA; ex+=ea-1; continue
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
        if ok: cr[k]=min(MAX,cr[k]+GAIN); reach[k]=max(reach[k],o2)
        else: cost+=CA; ex+=ea-1; cr[k]-=LOSS
    return cost,ex
for mode in ['fwd','min','half','alt']:
  for C in [256,320,384]:
    c=e=0
    for m,X in bym.items():
        a,b=simmap(X,mode,C); e+=b
        if m in S: c+=a
    print(mode,C,'sample %.1f M excess %.2f'%(c/1e6,e))
