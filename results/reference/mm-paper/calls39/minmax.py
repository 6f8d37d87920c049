import glob,sys,collections,statistics
# per (query, call): the least CPU (and wall) over the rounds = the call's own cost; then the top calls of that
def load(f):
    q=-1; out={}
    for l in open(f):
        if not l.startswith('CALL '): continue
        p=l.split(); c=int(p[1])
        if c==0: q+=1
        out[(q,c)]=(int(p[2]),int(p[3]))
    return out
maps=sys.argv[1].split(','); bins=sys.argv[2].split(',')
for m in maps:
    for b in bins:
        runs=[load(f) for f in sorted(glob.glob('d/%s.%s.*.err'%(m,b)))]
        keys=set(runs[0])
        least={k:min(min(r[k][0],r[k][1]) for r in runs if k in r) for k in keys}
        top=sorted(least.items(),key=lambda kv:-kv[1])[:int(sys.argv[3]) if len(sys.argv)>3 else 3]
        over=sum(1 for r in runs for v in r.values() if v[0]>v[1]+1000); n=sum(len(r) for r in runs)
        print(m,b,"rounds",len(runs),"calls",len(keys),"cpu>wall+1us: %d of %d"%(over,n),
              "top by least-over-rounds min(cpu,wall) us:",", ".join("q%d.c%d=%.1f"%(k[0],k[1],v/1e3) for k,v in top))
