import json,sys,glob,os,collections
for fam in ('dao','rooms'):
    F=collections.defaultdict(lambda:[0,0,0,0])
    for f in sorted(glob.glob(f'cls/{fam}/*.json')):
        m=os.path.basename(f)[:-5]
        qs=[json.loads(l) for l in open(f) if l.startswith('{"type":"query"')]
        cl=[l.split()[1:] for l in open(f[:-5]+'.cls') if l.startswith('Q ')][1:]
        assert len(cl)==len(qs),(m,len(cl),len(qs))
        C=collections.defaultdict(lambda:[0,0,0,0])
        for q,c in zip(qs,cl):
            k=c[0]+('+capped' if c[1]=='1' else '')
            for D in (C,F):
                D[k][0]+=1;D[k][1]+=q['first20_ns'];D[k][2]+=q['total_ns'];D[k][3]+=q['calls']
        print(fam,m,'  '.join('%s:%d %.2f/%.2fms'%(k,v[0],v[1]/1e6,v[2]/1e6) for k,v in sorted(C.items())))
    print('FAMILY',fam)
    for k,v in sorted(F.items()): print('   %-14s n=%5d first20=%.2fms total=%.2fms calls/q=%.1f'%(k,v[0],v[1]/1e6,v[2]/1e6,v[3]/v[0]))
