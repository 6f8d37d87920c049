import sys,re,collections
# per build and map group: sum of total s medians / base, query-weighted subopt, max longest call
rows=[l.split('|')[1:-1] for l in open(sys.argv[1]) if l.startswith('| rooms/') or l.startswith('| dao/') or l.startswith('| mazes/') or l.startswith('| random/')]
D=collections.defaultdict(dict)
for r in rows:
    r=[x.strip() for x in r]; m=r[0].split('/')[1]; b=r[1]
    D[b][m]=dict(q=int(r[4]),sub=float(r[6]),mx=float(r[7]),t=float(r[8].split()[0]),lc=float(r[12].split()[0]),prof=r[2])
grp=lambda m: m.split('_')[0] if '_' in m else m.split('-')[0]
builds=list(D); base=D[builds[0]]
for b in builds:
    d=D[b]; q=sum(v['q'] for v in d.values()); s=sum(v['sub']*v['q'] for v in d.values())/q
    out=[]
    for g in sorted({grp(m) for m in d}):
        ms=[m for m in d if grp(m)==g]
        qq=sum(d[m]['q'] for m in ms); ss=sum(d[m]['sub']*d[m]['q'] for m in ms)/qq
        out.append(f"{g} {ss:.4f} {sum(d[m]['t'] for m in ms)/sum(base[m]['t'] for m in ms):.2f}x lc{max(d[m]['lc'] for m in ms):.1f}")
    print(f"{b:8s} {s:.5f} {sum(v['t'] for v in d.values())/sum(v['t'] for v in base.values()):.3f}x max{max(v['mx'] for v in d.values()):.3f} | "+" | ".join(out))
