import glob,sys
# each round's longest calls (min(cpu,wall)), and the same calls' least over the rounds
def load(f):
    q=-1; out={}
    for l in open(f):
        if not l.startswith('CALL '): continue
        p=l.split(); c=int(p[1])
        if c==0: q+=1
        out[(q,c)]=(min(int(p[2]),int(p[3])),int(p[7]),int(p[8]))
    return out
m,b=sys.argv[1],sys.argv[2]
runs=[load(f) for f in sorted(glob.glob('d/%s.%s.*.err'%(m,b)))]
for i,r in enumerate(runs):
    top=sorted(r.items(),key=lambda kv:-kv[1][0])[:5]
    print(b,'round',i+1,' '.join('q%d.c%d=%.1f(flt%d,csw%d;least %.1f)'%(k[0],k[1],v[0]/1e3,v[1],v[2],min(x[k][0] for x in runs if k in x)/1e3) for k,v in top))
