import sys, collections
def width(v):
    w=1
    while v < -(1<<(w-1)) or v >= (1<<(w-1)): w+=1
    return w
def cls(n):
    c=0
    while c<3 and n >> (2<<c): c+=1
    return c
for f in sys.argv[1:]:
    tot=0; n=0; turns=0; ks=collections.Counter(); ws=collections.Counter(); nolast=0; sep=0; best=0
    for line in open(f):
        a=line.split(); k,w,t,bits=map(int,a[:4]); offs=[tuple(map(int,x.split(','))) for x in a[4:]]
        tot+=bits; n+=1; turns+=t; ks[k]+=1; ws[w]+=1
        # drop last waypoint
        o2=offs[:-1]; m=len(o2)
        w2=max([1]+[max(width(dx),width(dy)) for dx,dy in o2])
        head=2+(2<<cls(m))+4+1
        # turns check unchanged: approx keep t
        b2=head+(1+w2*m if t else 2*w2*m)
        nolast+=b2
        # separate widths x,y (non-turn)
        if t: sep+=bits
        else:
            wx=max([1]+[width(dx) for dx,dy in offs]); wy=max([1]+[width(dy) for dx,dy in offs])
            sep+=2+(2<<cls(len(offs)))+4+4+1+(wx+wy)*len(offs)
    print(f, "legs",n,"bits/leg %.1f"%(tot/n), "turns %.2f"%(turns/n), "k",sorted(ks.items())[:12], "w",sorted(ws.items()))
    print("   nolast bits/leg %.1f  sepw %.1f"%(nolast/n, sep/n))
