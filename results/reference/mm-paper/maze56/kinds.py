import sys, collections
# kinds.py FILE...: each call's least cpu over rounds; classes by counters (calls.sh's columns); count, median, p99.9, max per class
best={}
for fn in sys.argv[1:]:
    for line in open(fn):
        if line.startswith('query'): continue
        r=line.rstrip('\n').split('\t'); k=(int(r[0]),int(r[1])); v=float(r[5])
        if k not in best or v<best[k][0]: best[k]=(v,r)
cl=collections.defaultdict(list)
for k,(v,r) in best.items():
    # cols: 6 minflt 8 refine_expanded 9 abs_expanded 10 cache_misses 11 cache_hits 12 leg_page_grows 13 mm_bytes_cache 14 mm_bytes_legs
    kind=('grow' if int(r[13])>0 else '')+('legs' if int(r[14])>0 else '')+('flt' if int(r[6])>0 else '')+('miss' if int(r[10])>0 else '')+('exp' if int(r[8])>0 else '')+('abs' if int(r[9])>0 else '')+('hit' if int(r[11])>0 else '')+('_0cells' if r[2]=='0' else '')+('_c0' if k[1]==0 else '')
    cl[kind].append(v)
for kind,v in sorted(cl.items(), key=lambda kv:-max(kv[1])):
    v.sort(); n=len(v); print('%-28s n=%8d med=%.2f p999=%.2f max=%.2f'%(kind,n,v[n//2],v[min(n-1,int(n*.999))],v[-1]))
