import sys,subprocess,re,os
# tab.py BASEDIR NOWDIR MAP...: first-20 parts (M) base -> now per map and the sum
sys.path.insert(0,os.path.join(os.path.dirname(os.path.abspath(__file__)),'..','first43')); from parts import parts  # first43's
b,n=sys.argv[1],sys.argv[2]; keys=['total','jps','ch','smooth','legs_rest']
S={k:[0,0] for k in keys}
print('| map | first-20 base50 | first50 | x | smoothing base50 | first50 | x |'); print('|---|---:|---:|---:|---:|---:|---:|')
for m in sys.argv[3:]:
    pb=parts(f'{b}/{m}.cg'); pn=parts(f'{n}/{m}.cg')
    for k in keys: S[k][0]+=pb[k]; S[k][1]+=pn[k]
    r=lambda a,c: '%.3f'%(c/a) if a else '-'
    print(f"| {m} | {pb['total']/1e6:.1f} | {pn['total']/1e6:.1f} | {r(pb['total'],pn['total'])} | {pb['smooth']/1e6:.1f} | {pn['smooth']/1e6:.1f} | {r(pb['smooth'],pn['smooth'])} |")
r=lambda a,c: '%.3f'%(c/a) if a else '-'
print(f"| **sum** | **{S['total'][0]/1e6:.1f}** | **{S['total'][1]/1e6:.1f}** | **{r(*S['total'])}** | {S['smooth'][0]/1e6:.1f} | {S['smooth'][1]/1e6:.1f} | {r(*S['smooth'])} |")
print('parts base50 (M): '+' '.join('%s %.1f'%(k,S[k][0]/1e6) for k in keys))
