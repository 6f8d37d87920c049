# simsure.py TRYLOG...: replays try-all logs (scratch-tryall.patch, TRYALL=1 TRYLOG=1) under the near/far credit and variants of its probes
import sys
GAIN,LOSS,MAX,START,PROBE=1,4,32,8,32
def run(rows, sure_frac=None, credit_sure=True, near2=64, probe_num=3, probe_den=2, probe_n=PROBE):
    credit=[START,START]; probe=[0,0]; reach=[0,0]; low=None
    tries=ans=capped=exp=wasted=0; answered=set()
    for i,(c,e,o2) in enumerate(rows):
        k=0 if o2<=near2 else 1
        sure = sure_frac is not None and (low is None or o2*sure_frac[1] < low*sure_frac[0])
        t=False; counts=True
        if credit[k]>0: t=True; probe[k]=0
        elif sure: t=True; counts=credit_sure
        else:
            probe[k]+=1
            if probe[k]>=probe_n and (not reach[k] or o2*probe_den<=reach[k]*probe_num): t=True; probe[k]=0
        if t:
            tries+=1; exp+=e
            if c:
                capped+=1; wasted+=e
                if low is None or o2<low: low=o2
                if counts: credit[k]-=LOSS
            else:
                ans+=1; answered.add(i)
                if counts and credit[k]<MAX: credit[k]+=GAIN
                if o2>reach[k]: reach[k]=o2
    return tries,ans,capped,exp,wasted,answered
if __name__ == '__main__':
    for f in sys.argv[1:]:
        rows=[(int(a[2]),int(a[3]),int(a[4])) for a in (l.split() for l in open(f)) if a[0]=='T']
        base=run(rows)
        print(f.split('-')[1], "cur  tries=%d ans=%d capped=%d exp=%d wasted=%d"%base[:5])
        for sf in ((1,1),(3,4),(1,2)):
            for cs in (True,False):
                r=run(rows,sf,cs)
                print("   sure%s cs=%d tries=%d ans=%d capped=%d exp=%d wasted=%d lostvsbase=%d"%(sf,cs,*r[:5],len(base[5]-r[5])))
        for pn in (64,1000000):
            r=run(rows,probe_n=pn); print("   probe%d tries=%d ans=%d capped=%d exp=%d wasted=%d lost=%d"%(pn,*r[:5],len(base[5]-r[5])))
        r=run(rows,probe_num=1,probe_den=1); print("   reach1.0 tries=%d ans=%d capped=%d exp=%d wasted=%d lost=%d"%(*r[:5],len(base[5]-r[5])))
