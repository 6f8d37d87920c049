import collections,sys,io,contextlib
with contextlib.redirect_stdout(io.StringIO()):
    from simdir import *
def simmap2(X,C=256,F=1.0,skipT=0,init=None,alpha=0.5):
    cr=Credit(); cost=0; ex=0
    est={}; nb=0; fails=collections.Counter()
    for (kind,m,i,opt,E,ea,eb),(sx,sy,gx,gy),o2,k in queries(X,near_):
        tries=cr.tries(k,o2)
        h=heading(sx,sy,gx,gy); ks=((sx//16,sy//16),h); kg=((gx//16,gy//16),(h+4)%8)
        es=est.get(ks,init); eg=est.get(kg,init)
        back = es is not None and (eg is None and es>0 or eg is not None and eg*F<es)
        if tries and skipT and fails[ks]>=skipT and fails[kg]>=skipT: tries=False
        if not tries: cost+=CA; ex+=ea-1; continue
        e=Eb[(m,i)] if back else E
        nb+=back
        ok=e<=C; c=e if ok else C
        cost+=K*c
        ko=kg if back else ks
        est[ko]=c if ko not in est else est[ko]*(1-alpha)+c*alpha
        cr.done(k,o2,ok)
        if not ok:
            cost+=CA; ex+=ea-1; fails[ko]+=1
    return cost,ex,nb
near_=32
for C in [224,256]:
  for F in [1.0,0.5]:
   for alpha in [0.5,1.0]:
    for skipT in [0,1,2]:
      c=e=n=0
      for m,X in bym.items():
        a,b,nb=simmap2(X,C,F,skipT,None,alpha); e+=b; n+=nb
        if m in S: c+=a
      print('C',C,'F',F,'alpha',alpha,'skipT',skipT,'sample %.1f M excess %.2f backward %d'%(c/1e6,e,n))
