import collections,statistics as st,sys
# usage: pair32tab.py PAIR32.TXT... (the rounds of every file pooled)
d=collections.defaultdict(lambda: collections.defaultdict(lambda: collections.defaultdict(list)))
for l in (l for f in sys.argv[1:] for l in open(f)):
    w=l.split()
    if len(w)<4: continue
    r,m,t=w[:3]; kv=dict(x.split('=') for x in w[3:])
    for k,v in kv.items(): d[m][t][k].append(float(v))
print("| map | mm base48 s (wall / CPU) | mm mazes48 s (wall / CPU) | mazes48/base48 CPU | jps2+ s | mm/jps2+ base48 (wall) | mm/jps2+ mazes48 (wall) |")
print("|---|---|---|---:|---:|---:|---:|")
T=collections.Counter()
for m in sorted(d):
    b,n,j=d[m]['base'],d[m]['now'],d[m]['jps2+']
    bw,bc,nw,nc,jw=[st.median(x) for x in (b['total_s'],b['total_cpu_s'],n['total_s'],n['total_cpu_s'],j['total_s'])]
    T['bw']+=bw;T['bc']+=bc;T['nw']+=nw;T['nc']+=nc;T['jw']+=jw
    print(f"| {m} | {bw:.4f} / {bc:.4f} | {nw:.4f} / {nc:.4f} | {nc/bc:.3f} | {jw:.4f} | {bw/jw:.2f}x | {nw/jw:.2f}x |")
print(f"| all ten | {T['bw']:.4f} / {T['bc']:.4f} | {T['nw']:.4f} / {T['nc']:.4f} | {T['nc']/T['bc']:.3f} | {T['jw']:.4f} | {T['bw']/T['jw']:.2f}x | {T['nw']/T['jw']:.2f}x |")
