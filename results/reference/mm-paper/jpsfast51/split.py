import subprocess,re,sys
# split.py CGDIR COUNTS MAP...: where the JPS route's first-20 instructions go (self by function, M) and per expansion
sys.path.insert(0,'/work/wt/jpsfast51/results/reference/mm-paper/first43'); from parts import incl
cnt={}
for l in open(sys.argv[2]):
    m,full,empty=[x.strip() for x in l.split('|')]
    f=dict(kv.split('=') for kv in full.split()); e=dict(kv.split('=') for kv in empty.split())
    cnt[m]={k:int(f[k])-int(e[k]) for k in f}
def selfs(path):
    out=subprocess.run(['callgrind_annotate','--inclusive=no','--threshold=100',path],capture_output=True,text=True).stdout
    d={}
    for l in out.splitlines():
        mm=re.match(r'\s*([\d,]+) \(\s*[\d.]+%\)\s+(\S+?)(?: \[.*)?$',l)
        if not mm: continue
        fn=mm.group(2).split(':')[-1].split('.')[0]
        d[fn]=d.get(fn,0)+int(mm.group(1).replace(',',''))
    return d
print('| map | form | JPS route M | searches | expansions (in place) | steps | heap pops | Ir / expansion | loop + pop | expansion | diagonal sweeps | relax (called) | plumbing |')
print('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
for m in sys.argv[3:]:
    p=f'{sys.argv[1]}/{m}.cg'; s=selfs(p); i=incl(p)
    route=i.get('routes.c:jps',0); run=i.get('jps.c:jps_run',0)
    form=[k for k in ('turns','coarse','bits') if s.get('expand_'+k)] or ['bytes']
    form=form[0]
    sw=sum(v for k,v in s.items() if k.startswith('try_') and k.endswith('_'+form))
    c=cnt[m]; ex=c['expansions']+c['inplace']
    parts=[s.get('jps_run',0), s.get('expand_'+form,0), sw, s.get('relax_plus',0)+s.get('relax_open',0), route-run]
    pct=lambda v: f'{v/1e6:.1f} ({100*v/route:.0f} %)'
    print(f"| {m} | {form} | {route/1e6:.1f} | {c['searches']} | {ex} ({c['inplace']}) | {c['steps']} | {c['heap_pops']} | {route/ex:.0f} | "+' | '.join(pct(v) for v in parts)+' |')
