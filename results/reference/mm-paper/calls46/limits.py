import csv,sys
OPT=['jps','jps+','ch','sub','jps2+']
for fn in sys.argv[1:]:
    rows=list(csv.DictReader(open(fn)))
    maps={}
    for r in rows: maps.setdefault((r['family'],r['map']),{})[r['entry']]=r
    print(fn)
    for (f,m),es in sorted(maps.items()):
        if f not in('dao','rooms'): continue
        mm=es.get('mm')
        cand=[(float(e['total_s']),n) for n,e in es.items() if n in OPT and e['query_cpu_max_us']]
        if not cand or not mm: continue
        fast=es[min(cand)[1]]
        q=float(fast['query_cpu_least_max_us'] or fast['query_cpu_max_us'])
        c=float(mm['call_cpu_least_max_us'] or mm['call_cpu_max_us'])
        lim=q/4
        print('%-6s %-12s %-5s limit %6.2f mm %5.1f %s'%(f,m,fast['entry'],lim,c,'OK' if c<=lim else 'over %.2fx'%(c/lim)))
