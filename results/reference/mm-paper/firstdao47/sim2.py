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
def simmap(X,capf,near=32):
    cr=[START,START]; probe=[0,0]; reach=[0,0]; cost=0; ex=0
    for (kind,m,i,opt,E,ea,eb) in sorted(X,key=lambda d:d[2]):
        sx,sy,gx,gy=sc[(m,i)]; o2=o2f(sx,sy,gx,gy)
        if E==0 and ea==1.0: continue  # direct / same (approx)
        k=0 if o2<=2*near else 1
        cap=capf(m,o2)
        if cr[k]>0: tries=True
        else:
            probe[k]+=1; tries=probe[k]>=PROBE and (not reach[k] or o2*2<=reach[k]*3)
        if tries: probe[k]=0
        if not tries or cap==0: cost+=CA; ex+=ea-1; continue
        if E<=cap:
            cost+=K*E; cr[k]=min(MAX,cr[k]+GAIN); reach[k]=max(reach[k],o2)
        else:
            cost+=K*cap+CA; ex+=ea-1; cr[k]-=LOSS
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
