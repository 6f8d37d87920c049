import sys
# least_top.py N FILE...: each call's least cpu_us over the files, the N largest with their rows (from the round that gave the least)
n=int(sys.argv[1]); best={}
for fn in sys.argv[2:]:
    for line in open(fn):
        if line.startswith('query'): continue
        r=line.rstrip('\n').split('\t'); k=(int(r[0]),int(r[1])); v=float(r[5])
        if k not in best or v<best[k][0]: best[k]=(v,r)
top=sorted(best.items(), key=lambda kv:-kv[1][0])[:n]
for k,(v,r) in top: print('\t'.join(r))
