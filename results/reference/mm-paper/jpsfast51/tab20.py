import sys
sys.path.insert(0,'/work/wt/jpsfast51/results/reference/mm-paper/first43'); from parts import parts
# tab20.py BASEDIR NOWDIR MAPLIST...: first-20 total and JPS-route part (M) per map and per sample
b,n=sys.argv[1],sys.argv[2]
for lst in sys.argv[3:]:
    maps=[x.split('/')[1] for x in open(lst).read().split()]
    print(f'\n{lst}\n\n| map | total base51 | now | x | JPS route base51 | now | x |\n|---|---:|---:|---:|---:|---:|---:|')
    S=[0,0,0,0]
    for m in maps:
        pb=parts(f'{b}/{m}.cg'); pn=parts(f'{n}/{m}.cg')
        v=[pb['total'],pn['total'],pb['jps'],pn['jps']]; S=[s+x for s,x in zip(S,v)]
        r=lambda a,c: '%.4f'%(c/a) if a else '-'
        print(f'| {m} | {v[0]/1e6:.2f} | {v[1]/1e6:.2f} | {r(v[0],v[1])} | {v[2]/1e6:.2f} | {v[3]/1e6:.2f} | {r(v[2],v[3])} |')
    print(f'| **sum** | **{S[0]/1e6:.2f}** | **{S[1]/1e6:.2f}** | **{S[1]/S[0]:.4f}** | **{S[2]/1e6:.2f}** | **{S[3]/1e6:.2f}** | **{S[3]/S[2]:.4f}** |')
