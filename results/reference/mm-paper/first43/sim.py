import json,glob,os,collections,sys
def o2(q):
    dx=abs(q['start'][0]-q['goal'][0]);dy=abs(q['start'][1]-q['goal'][1])
    return 2*dx+dy if dx>dy else 2*dy+dx
for K in (1.0,1.1,1.25,1.5):
  print('K',K)
  for fam in ('dao','rooms'):
    for f in sorted(glob.glob(f'cls/{fam}/*.json')):
        m=os.path.basename(f)[:-5]
        qs=[json.loads(l) for l in open(f) if l.startswith('{"type":"query"')]
        cl=[l.split()[1:] for l in open(f[:-5]+'.cls') if l.startswith('Q ')][1:]
        reach=[0,0]; lost=0; saved=0; fails=0; succ=0
        for q,c in zip(qs,cl):
            tried = c[0]=='jps' or c[1]=='1'
            if not tried: continue
            kind = 0 if o2(q)<=64 else 1
            ok = c[0]=='jps'
            allowed = reach[kind]==0 or o2(q) <= K*reach[kind]
            if ok:
                succ+=1
                if not allowed: lost+=1
                reach[kind]=max(reach[kind],o2(q))
            else:
                fails+=1
                if not allowed: saved+=1
        if fails: print('  %-11s succ=%d fails=%d  saved=%d lost=%d'%(m,succ,fails,saved,lost))
