import sys,re,glob
# joinalloc.py MAP TAG: the calls by least CPU over the rounds, marked with the bytes they allocated (alloc-MAP.txt)
m,tag=sys.argv[1],sys.argv[2]; N=int(sys.argv[3]) if len(sys.argv)>3 else 15
al={}
for l in open('/work/scratch/cold48/alloc-%s.txt'%m):
    for q,c,b in re.findall(r'ALLOC q=(\d+) call=(\d+) bytes=(-?\d+)',l): al[(q,c)]=al.get((q,c),0)+int(b)
best={}
for fn in glob.glob('/work/scratch/cold48/calls/%s/%s.[0-9]*'%(tag,m)):
    if '.sum.' in fn: continue
    for line in open(fn):
        if line.startswith('query'): continue
        q,c,cells,done,w,cpu=line.rstrip('\n').split('\t'); k=(q,c); v=float(cpu); best[k]=min(best.get(k,v),v)
r=sorted(best.items(),key=lambda x:-x[1])
print(m,'top:',' '.join('%s/%s %.1f%s'%(k[0],k[1],v,'[A%d]'%al[k] if k in al else '') for k,v in r[:N]))
na=[(k,v) for k,v in r if k not in al]
print(m,'max without allocating calls: %s/%s %.1f; allocating calls %d, their max %.1f'%(na[0][0][0],na[0][0][1],na[0][1],len(al),max(best.get(k,0) for k in al)))
