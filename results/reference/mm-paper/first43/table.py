import sys,os,json,glob,collections
sys.path.insert(0,'.')
from parts import parts, incl
MAPS=[("dao",m) for m in "arena brc203d brc997d den011d den203d den403d den504d den901d lak100c lak106d lak203d lak400d lak506d lak519d lgt604d orz106d orz303d orz704d ost002d oth999d".split()]+[("rooms",m) for m in "16room_000 16room_008 32room_006 64room_004 8room_002".split()]
def summ(path):
    l=open(path).read().split('SUMMARY')[-1] if 'SUMMARY' in open(path).read() else ''
    d={}
    for kv in l.split():
        if '=' in kv: k,v=kv.split('=',1); d[k]=v
    return d
def chtot(m):
    d=incl(f'ch/{m}.cg'); return sum(v for k,v in d.items() if k.endswith(':ch_get_path')) or max(d.values())
def cls(fam,m):
    qs=[json.loads(l) for l in open(f'../q/cls/{fam}/{m}.json') if l.startswith('{"type":"query"')]
    cl=[l.split()[1:] for l in open(f'../q/cls/{fam}/{m}.json'[:-5]+'.cls') if l.startswith('Q ')][1:]
    C=collections.Counter()
    E=collections.Counter()
    for q,c in zip(qs,cl):
        k=c[0]+('+capped' if c[1]=='1' else ''); C[k]+=1; E[k]+=q['expanded']
    return C,E,summ(f'../q/base/{fam}/{m}.json') if False else None
print('| family | map | profile | queries | JPS answers | capped tries | first-20 Mi | of it: JPS route | capped tries (est.) | locate | hierarchy query | unpack | window smoothing | legs and the rest | whole-run Mi | first-20 / whole | ch whole Mi | first-20 / ch |')
print('|'+'---|'*18)
S=collections.defaultdict(lambda:collections.Counter())
for fam,m in MAPS:
    f=parts(f'base-f20/{m}.cg'); a=parts(f'base-all/{m}.cg') if os.path.exists(f'base-all/{m}.cg') else {'total':0}
    c=chtot(m)
    C,E,_=cls(fam,m)
    prof=[l for l in open(f'base-all/{m}.out') if 'SUMMARY' in l][0].split('profile=')[1].split()[0] if os.path.exists(f'base-all/{m}.out') else '?'
    nq=sum(C.values()); capped=C['legs+capped']
    # capped tries' share of the JPS route: their expansions at the cap against all the route's expansions
    jexp=E['jps']+capped*256
    capest=f['jps']*capped*256/jexp if jexp else 0
    for k,v in dict(first20=f['total'],jps=f['jps'],cap=capest,whole=a['total'],ch=c,q=nq,loc=f['locate_other'],chq=f['ch'],unp=f['unpack'],sm=f['smooth'],rest=f['legs_rest']+f['box'],ja=C['jps'],cp=capped).items(): S[fam][k]+=v
    M=1e6
    print(f"| {fam} | {m} | {prof} | {nq} | {C['jps']} | {capped} | {f['total']/M:.1f} | {f['jps']/M:.1f} | {capest/M:.1f} | {f['locate_other']/M:.1f} | {f['ch']/M:.1f} | {f['unpack']/M:.1f} | {f['smooth']/M:.1f} | {(f['legs_rest']+f['box'])/M:.1f} | {a['total']/M:.1f} | {f['total']/a['total'] if a['total'] else 0:.2f} | {c/M:.1f} | {f['total']/c:.2f} |")
for fam,s in S.items():
    print(f"| {fam} | **all {len([1 for x in MAPS if x[0]==fam])}** | | {s['q']} | {s['ja']} | {s['cp']} | {s['first20']/1e6:.1f} | {s['jps']/1e6:.1f} | {s['cap']/1e6:.1f} | {s['loc']/1e6:.1f} | {s['chq']/1e6:.1f} | {s['unp']/1e6:.1f} | {s['sm']/1e6:.1f} | {s['rest']/1e6:.1f} | {s['whole']/1e6:.1f} | {s['first20']/s['whole']:.2f} | {s['ch']/1e6:.1f} | **{s['first20']/s['ch']:.2f}** |")
