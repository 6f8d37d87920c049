import re,glob,os
def ir(f):
    for l in open(f):
        if l.startswith('totals:') or l.startswith('summary:'): return int(l.split()[1])/1e6
def g(t,k):
    m=re.search(r'\b%s=([\d.e+-]+)'%k,t); return float(m.group(1)) if m else None
rows=[]
for m in [l.strip() for l in open('small.txt')]:
    if not os.path.exists('cgS_small0/%s.cg'%m): continue
    b=open('f/base/%s.out'%m).read(); s=open('f/small0/%s.out'%m).read()
    q=g(b,'queries'); ex=(g(s,'subopt_mean')-1)*q
    rows.append((m,int(q),int(g(b,'sectors')),int(g(b,'corners')),g(b,'detour'),ir('cgS_base/%s.cg'%m),ir('cgS_small0/%s.cg'%m),ex))
B=sum(r[5] for r in rows); S0=sum(r[6] for r in rows); E=sum(r[7] for r in rows)
print('maps %d  first-20 base %.1f M  small=0 %.1f M (%.3fx)  +excess %.2f'%(len(rows),B,S0,S0/B,E))
rows.sort(key=lambda r:(r[5]-r[6]))
for r in rows:
    d=r[5]-r[6]
    print('%-8s q%5d sec%4d corners%5d detour %.3f  %7.2f -> %7.2f M (%+.2f)  +ex %.2f  rate %s'%(r[:5]+(r[5],r[6],-d,r[7],('%.3f ex/M'%(r[7]/d)) if d>0.05 else '-')))
