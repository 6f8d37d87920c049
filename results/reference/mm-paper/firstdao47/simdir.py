import collections,sys
import io,contextlib
with contextlib.redirect_stdout(io.StringIO()):
    from simrev import Eb,bym,S
    from sim2 import Credit,queries
K=800; CA=50e3
def heading(sx,sy,gx,gy):
    dx=gx-sx; dy=gy-sy; ax=abs(dx); ay=abs(dy)
    if 2*ay<=ax: return 0 if dx>=0 else 4
    if 2*ax<=ay: return 2 if dy>=0 else 6
    return (1 if dy>=0 else 7) if dx>=0 else (3 if dy>=0 else 5)
def simmap(X,mode,C=256,T=1,near=32):
    cr=Credit(); cost=0; ex=0
    cnt=collections.Counter(); out=collections.Counter(); nb=0
    for (kind,m,i,opt,E,ea,eb),(sx,sy,gx,gy),o2,k in queries(X,near):
        tries=cr.tries(k,o2)
        h=heading(sx,sy,gx,gy); ss=(sx//16,sy//16); gs=(gx//16,gy//16)
        back=False
        if tries and mode=='base':
            if cnt[(ss,h)]>=3 or cnt[(gs,(h+4)%8)]>=3: tries=False
        if tries and mode in('dir','dirskip'):
            bo=out[(ss,h)]>=T; bi=out[(gs,(h+4)%8)]>=T
            if bo and bi and mode=='dirskip' : tries=False
            elif bo and not bi: back=True
        if not tries: cost+=CA; ex+=ea-1; continue
        e=Eb[(m,i)] if back else E
        nb+=back
        ok=e<=C; c=e if ok else C
        cost+=K*c
        cr.done(k,o2,ok)
        if not ok:
            cost+=CA; ex+=ea-1
            cnt[(ss,h)]=min(3,cnt[(ss,h)]+1); cnt[(gs,(h+4)%8)]=min(3,cnt[(gs,(h+4)%8)]+1)
            if back: out[(gs,(h+4)%8)]+=1
            else: out[(ss,h)]+=1
    return cost,ex,nb
for mode,T in [('fwd',0),('base',0),('dir',1),('dir',2),('dirskip',1),('dirskip',2),('dirskip',3)]:
  for C in [224,256]:
    c=e=n=0
    for m,X in bym.items():
        a,b,nb=simmap(X,mode,C,T); e+=b; n+=nb
        if m in S: c+=a
    print(mode,T,C,'sample %.1f M excess %.2f backward %d'%(c/1e6,e,n))
