import sys,os,collections
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # parts.py, first43's
from parts import parts, incl
CH='/work/scratch/first43/cg/ch'
def chtot(m):
    d=incl(f'{CH}/{m}.cg'); return sum(v for k,v in d.items() if k.endswith(':ch_get_path'))
def prof(p):
    try:
        l=[l for l in open(p) if 'SUMMARY' in l][0]
        return l.split('profile=')[1].split()[0]
    except Exception: return '?'
def run(tag, maps, alltag=None):
    print(f'| map | profile | first-20 Mi | JPS route | locate | hierarchy query | unpack | window smoothing | legs and the rest | ch whole Mi | first-20 / ch |'+(' whole Mi |' if alltag else ''))
    print('|'+'---|'*(11+(1 if alltag else 0)))
    S=collections.Counter()
    for fam,m in maps:
        f=parts(f'{tag}/{m}.cg'); c=chtot(m); M=1e6
        a=parts(f'{alltag}/{m}.cg')['total'] if alltag and os.path.exists(f'{alltag}/{m}.cg') else 0
        for k,v in dict(t=f['total'],j=f['jps'],l=f['locate_other'],h=f['ch'],u=f['unpack'],s=f['smooth'],r=f['legs_rest']+f['box'],c=c,a=a).items(): S[k]+=v
        print(f"| {m} | {prof(f'{tag}/{m}.out')} | {f['total']/M:.1f} | {f['jps']/M:.1f} | {f['locate_other']/M:.1f} | {f['ch']/M:.1f} | {f['unpack']/M:.1f} | {f['smooth']/M:.1f} | {(f['legs_rest']+f['box'])/M:.1f} | {c/M:.1f} | {f['total']/c:.2f} |"+(f' {a/M:.1f} |' if alltag else ''))
    M=1e6
    print(f"| **all {len(maps)}** | | {S['t']/M:.1f} | {S['j']/M:.1f} | {S['l']/M:.1f} | {S['h']/M:.1f} | {S['u']/M:.1f} | {S['s']/M:.1f} | {S['r']/M:.1f} | {S['c']/M:.1f} | **{S['t']/S['c']:.2f}** |"+(f" {S['a']/M:.1f} |" if alltag else ''))
DAO=[("dao",m) for m in "arena brc203d brc997d den011d den203d den403d den504d den901d lak100c lak106d lak203d lak400d lak506d lak519d lgt604d orz106d orz303d orz704d ost002d oth999d".split()]
DAO5=[("dao",m) for m in "brc203d lak100c lak400d lak506d orz303d".split()]
ROOMS=[("rooms",m) for m in "16room_000 16room_008 32room_006 64room_004 8room_002".split()]
if __name__=='__main__':
    tag=sys.argv[1]; which=sys.argv[2]; alltag=sys.argv[3] if len(sys.argv)>3 else None
    run(tag, {'dao':DAO,'dao5':DAO5,'rooms':ROOMS}[which], alltag)
