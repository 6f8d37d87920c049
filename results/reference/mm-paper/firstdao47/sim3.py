from sim2 import *
import re
S=set(open('sample.txt').read().replace('dao/','').split())
rows=[]
for m,X in bym.items():
    a0,e0=simmap(X,lambda m,o2:256)
    a1,e1=simmap(X,lambda m,o2:160)
    a2,e2=simmap(X,lambda m,o2:512)
    t=open('f/base/%s.out'%m).read()
    g=lambda k: float(re.search(r'\b%s=([\d.e+-]+)'%k,t).group(1))
    rows.append((m,len(X),(a0-a1)/1e6,e1-e0,(a2-a0)/1e6,e0-e2,g('sectors'),g('corners'),g('detour'),g('jps'),g('jps_capped'),g('subopt_mean')))
rows.sort(key=lambda r: r[3]/max(r[2],1e-9))
print('map q  save160M  +ex160  cost512M -ex512  sectors corners detour jps capped subopt')
for r in rows: print('%-9s %5d %6.2f %6.2f  %6.2f %6.2f  %5d %6d %.3f %5d %4d %.5f %s'%(r+(('*' if r[0] in S else ''),)))
