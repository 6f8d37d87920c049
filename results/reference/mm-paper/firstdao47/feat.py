import pickle,csv,collections
from simrev import Eb,bym,sc
maps={}
def loadmap(m):
    L=open('/work/shared/benchmarks/maps/dao/%s.map'%m).read().split('\n')
    h=int(L[1].split()[1]); w=int(L[2].split()[1])
    G=[l for l in L[4:4+h]]
    return G,w,h
def pas(G,w,h,x,y): return 0<=x<w and 0<=y<h and G[y][x] in '.G'
def openness(G,w,h,x,y,r):
    return sum(pas(G,w,h,x+dx,y+dy) for dx in range(-r,r+1) for dy in range(-r,r+1))
rows=[]
for m,X in bym.items():
    G,w,h=loadmap(m)
    for (kind,mm,i,opt,E,ea,eb) in X:
        b=Eb[(m,i)]
        if E==0: continue
        sx,sy,gx,gy=sc[(m,i)]
        rows.append((m,i,E,b,openness(G,w,h,sx,sy,4),openness(G,w,h,gx,gy,4),openness(G,w,h,sx,sy,8),openness(G,w,h,gx,gy,8)))
pickle.dump(rows,open('feat.pkl','wb'))
C=256
gain=[r for r in rows if r[2]>C and r[3]<=C]; loss=[r for r in rows if r[2]<=C and r[3]>C]
print('queries',len(rows),'fwd fails, bwd answers',len(gain),' fwd answers, bwd fails',len(loss))
for name,f in [('open4 s<g',lambda r:r[4]<r[5]),('open4 s>g',lambda r:r[4]>r[5]),('open8 s<g',lambda r:r[6]<r[7]),('open8 s>g',lambda r:r[6]>r[7])]:
    # predictor says go backward when f true
    g=sum(1 for r in gain if f(r)); l=sum(1 for r in loss if f(r))
    tot=sum(min(r[2],C) if not f(r) else min(r[3],C) for r in rows)
    ans=sum(1 for r in rows if (r[3] if f(r) else r[2])<=C)
    print('%-10s backward on %d: gains %d of %d, loses %d of %d; answered %d (fwd %d, oracle %d)'%(name,sum(1 for r in rows if f(r)),g,len(gain),l,len(loss),ans,sum(1 for r in rows if r[2]<=C),sum(1 for r in rows if min(r[2],r[3])<=C)))
