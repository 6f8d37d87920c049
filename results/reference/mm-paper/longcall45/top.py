import sys
# top.py N FILE...: the N calls with the highest least cpu_us over the files
n=int(sys.argv[1]); best={}; info={}
for fn in sys.argv[2:]:
    for line in open(fn):
        if line.startswith('query'): continue
        q,c,cells,done,w,cpu=line.rstrip('\n').split('\t')
        k=(int(q),int(c)); v=float(cpu)
        best[k]=min(best.get(k,v),v); info[k]=(cells,done)
for k,v in sorted(best.items(), key=lambda x:-x[1])[:n]:
    print(k[0],k[1],info[k][0],info[k][1],v)
