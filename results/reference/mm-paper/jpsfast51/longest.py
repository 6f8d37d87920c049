import sys,glob
# longest.py DIR BUILD MAP: each call's least CPU over the rounds' --calls files, the longest of those, and that call's minflt in the round that gave its least
best={}
for fn in sorted(glob.glob(f'{sys.argv[1]}/{sys.argv[2]}.{sys.argv[3]}.*.calls')):
    for line in open(fn):
        if line.startswith('query'): continue
        f=line.rstrip('\n').split('\t'); k=(f[0],f[1]); v=float(f[5]); flt=f[6] if len(f)>6 else '?'
        if k not in best or v<best[k][0]: best[k]=(v,flt)
k=max(best,key=lambda k:best[k][0]); print(f'{sys.argv[2]} {sys.argv[3]} query {k[0]} call {k[1]}: least {best[k][0]:.1f} us, minflt {best[k][1]}')
