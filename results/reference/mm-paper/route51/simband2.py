# simband2.py TRYLOG...: the same logs under credit by bands of distance (width, bands, probe every, probe only beside a band in credit[, start]); sums against simsure's near/far credit
import sys
from simsure import run
GAIN,LOSS,MAX,START,PROBE=1,4,32,8,32
def band(rows, width, nb=16, probe_n=PROBE, adj=True, start=START, loss=LOSS):
    credit=[start]*nb; probe=[0]*nb; tries=ans=capped=exp=wasted=0; answered=set()
    for i,(c,e,o2) in enumerate(rows):
        k=min(o2//width, nb-1)
        t=False
        if credit[k]>0: t=True; probe[k]=0
        else:
            probe[k]+=1
            if probe[k]>=probe_n and (not adj or k==0 or credit[k-1]>0): t=True; probe[k]=0
        if t:
            tries+=1; exp+=e
            if c: capped+=1; wasted+=e; credit[k]-=loss
            else:
                ans+=1; answered.add(i)
                if credit[k]<MAX: credit[k]+=GAIN
    return tries,ans,capped,exp,wasted,answered
tot={}
for f in sys.argv[1:]:
    rows=[(int(a[2]),int(a[3]),int(a[4])) for a in (l.split() for l in open(f)) if a[0]=='T']
    base=run(rows)
    for cfg in [(32,16,32,True),(32,32,32,True),(64,16,32,True),(32,16,64,True),(32,16,10**9,True),(48,16,64,True),(32,16,32,False),(24,32,32,True),(16,64,32,True),(32,16,32,True,4),(32,16,32,True,2)]:
        r=band(rows,cfg[0],cfg[1],cfg[2],cfg[3],**({'start':cfg[4]} if len(cfg)>4 else {}))
        t=tot.setdefault(cfg,[0,0,0,0,0,0])
        for j,v in enumerate([r[1]-base[1],r[2]-base[2],r[4]-base[4],len(base[5]-r[5]),len(r[5]-base[5]),r[3]-base[3]]): t[j]+=v
for cfg,t in tot.items(): print(cfg, "d_ans=%d d_capped=%d d_wasted=%d lost=%d gained=%d d_exp=%d"%tuple(t))
