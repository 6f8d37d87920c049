import sys,collections
rows=[l.split('|') for l in open(sys.argv[1]) if l.startswith('| dao/')]
d=collections.defaultdict(dict)
for r in rows:
    f=[x.strip() for x in r]
    m,b=f[1],f[2]
    d[b][m]=dict(q=int(f[5]),sub=float(f[7]),t=float(f[9].split()[0]),cpu=float(f[11]),mx=float(f[8]))
base=d['base']
for b in d:
    T=sum(d[b][m]['t'] for m in base); C=sum(d[b][m]['cpu'] for m in base)
    units=sum((d[b][m]['sub']-1)*d[b][m]['q'] for m in base)
    print('%-7s total %.4f (%.3fx) cpu %.4f (%.3fx) subopt units %.1f (base %.1f) max %.4f'%(b,T,T/sum(base[m]['t'] for m in base),C,C/sum(base[m]['cpu'] for m in base),units,sum((base[m]['sub']-1)*base[m]['q'] for m in base),max(d[b][m]['mx'] for m in base)))
