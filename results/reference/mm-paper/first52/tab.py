#!/usr/bin/env python3
"""tab.py A B [maps...]: per map first-20 Ir and whole Ir (callgrind totals), subopt, mm_bytes, profile; B/A ratios."""
import sys, os, re
def ir(f):
    if not os.path.exists(f): return None
    for line in open(f):
        if line.startswith('totals:') or line.startswith('summary:'):
            return int(line.split()[1])
    return None
def summ(f):
    if not os.path.exists(f): return {}
    s=open(f).read().split()
    return dict(x.split('=',1) for x in s if '=' in x)
A,B=sys.argv[1],sys.argv[2]
maps=sys.argv[3:] or sorted({f.split('.')[0] for f in os.listdir(B) if f.endswith('.sum')})
tf=[0,0];tw=[0,0]
print('| map | profile A/B | first-20 A (M) | B | B/A | whole A (M) | B | B/A | subopt A | B | max B | mm_bytes A | B | budget |')
print('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
for m in maps:
    fa,fb=ir(f'{A}/{m}.f20.cg'),ir(f'{B}/{m}.f20.cg'); wa,wb=ir(f'{A}/{m}.all.cg'),ir(f'{B}/{m}.all.cg')
    sa,sb=summ(f'{A}/{m}.sum'),summ(f'{B}/{m}.sum')
    if None in (fa,fb,wa,wb): continue
    tf[0]+=fa;tf[1]+=fb;tw[0]+=wa;tw[1]+=wb
    cells=int(sb.get('cells',0) or 0)
    print(f"| {m} | {sa.get('profile')}/{sb.get('profile')} | {fa/1e6:.2f} | {fb/1e6:.2f} | {fb/fa:.3f} | {wa/1e6:.2f} | {wb/1e6:.2f} | {wb/wa:.3f} | {sa.get('subopt_mean')} | {sb.get('subopt_mean')} | {sb.get('subopt_max')} | {sa.get('mm_bytes')} | {sb.get('mm_bytes')} | |")
print(f"| total | | {tf[0]/1e6:.2f} | {tf[1]/1e6:.2f} | {tf[1]/max(tf[0],1):.3f} | {tw[0]/1e6:.2f} | {tw[1]/1e6:.2f} | {tw[1]/max(tw[0],1):.3f} |")
