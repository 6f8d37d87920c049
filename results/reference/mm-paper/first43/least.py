import glob,collections,sys,os
maps=sorted(set(f.split('.')[1] for f in glob.glob('base.*.txt')))
print('| map | base: longest call µs (least of 3) | its call | after the flush? | big buffer: longest | its call |')
print('|---|---:|---|---|---:|---|')
for m in maps:
    out=[]
    for side in ('base','big'):
        fs=sorted(glob.glob(f'{side}.{m}.*.txt'))
        if len(fs)<3: out=None; break
        least={}; order={}
        for f in fs:
            n=0
            for l in open(f):
                p=l.split()
                if not p or not p[0].isdigit(): continue
                n+=1
                k=(int(p[0]),int(p[1])); least[k]=min(least.get(k,1e9),float(p[5])); order[k]=n
        k,v=max(least.items(),key=lambda kv:kv[1])
        out.append((v,k,order[k]))
    if out:
        (bv,bk,bn),(gv,gk,gn)=out
        print(f'| {m} | {bv:.1f} | q{bk[0]} c{bk[1]} (#{bn}) | {"yes" if bn>4096 and (bn-2)%4096 < 8 else "no"} | {gv:.1f} | q{gk[0]} c{gk[1]} |')
