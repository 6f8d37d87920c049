import pickle,sys,collections
D=pickle.load(open('D.pkl','rb'))
sc={}
def o2f(sx,sy,gx,gy):
    dx=abs(sx-gx); dy=abs(sy-gy); return 2*dx+dy if dx>dy else 2*dy+dx
for m in set(d[1] for d in D):
    L=open('/work/shared/benchmarks/scenarios/dao/%s.map.scen'%m).read().split('\n')[1:]
    i=0
    for l in L:
        t=l.split()
        if len(t)<9: continue
        sc[(m,i)]=(int(t[4]),int(t[5]),int(t[6]),int(t[7])); i+=1
GAIN,LOSS,MAX,START,PROBE=1,4,32,8,32
K=800; CA=50e3
bym=collections.defaultdict(list)
for d in D:
    if d[0]=='d': bym[d[1]].append(d)
class Credit:
    """routes.c's credit rule (TRY_*) and the probes' reach (PROBE_REACH_*), near [0] and far [1]."""
    def __init__(self): self.cr=[START,START]; self.probe=[0,0]; self.reach=[0,0]
    def tries(self,k,o2):
        if self.cr[k]>0: t=True
        else:
            self.probe[k]+=1; t=self.probe[k]>=PROBE and (not self.reach[k] or o2*2<=self.reach[k]*3)
        if t: self.probe[k]=0
        return t
    def done(self,k,o2,ok):
        if ok: self.cr[k]=min(MAX,self.cr[k]+GAIN); self.reach[k]=max(self.reach[k],o2)
        else: self.cr[k]-=LOSS
def queries(X,near=32):
    """A map's queries in order, but those a direct line answers (approx.): (row, s and g, octile2, kind)."""
    for d in sorted(X,key=lambda d:d[2]):
        kind,m,i,opt,E,ea,eb=d
        sx,sy,gx,gy=sc[(m,i)]; o2=o2f(sx,sy,gx,gy)
        if E==0 and ea==1.0: continue
        yield d,(sx,sy,gx,gy),o2,(0 if o2<=2*near else 1)
def simmap(X,capf,near=32):
    cr=Credit(); cost=0; ex=0
    for (kind,m,i,opt,E,ea,eb),_,o2,k in queries(X,near):
        cap=capf(m,o2)
        if not cr.tries(k,o2) or cap==0: cost+=CA; ex+=ea-1; continue
        ok=E<=cap
        cost+=K*E if ok else K*cap+CA
        if not ok: ex+=ea-1
        cr.done(k,o2,ok)
    return cost,ex
if __name__=='__main__':
    S=set(open('sample.txt').read().replace('dao/','').split())
    for C in [128,192,224,256,288,384]:
        c=e=cs=0
        for m,X in bym.items():
            a,b=simmap(X,lambda m,o2:C); e+=b
            if m in S: cs+=a
        print(C,'sample cost %.1f M  excess %.2f'%(cs/1e6,e))
    print('base excess', sum(d[6]-1 for d in D if d[0]=='d'))
