import sys
def load(p):
    L=open(p).read().split('\n'); h=int(L[1].split()[1]); w=int(L[2].split()[1])
    P=[[False]*(w+2) for _ in range(h+2)]
    for y in range(h):
        r=L[4+y]
        for x in range(w): P[y+1][x+1]= r[x] in '.GS'
    return P
def transpose(P): return [list(c) for c in zip(*P)]
def exact(P,d):
    H=len(P); W=len(P[0]); out=[]
    for y in range(H):
        res=[False]*W
        if 0<y<H-1:
            cur=P[y]; up=P[y-1]; dn=P[y+1]
            rng=range(W-2,0,-1) if d>0 else range(1,W-1)
            for x in rng:
                xn=x+d
                if not cur[xn]: res[x]=False
                else:
                    jp = (up[xn] and not up[xn-d]) or (dn[xn] and not dn[xn-d])
                    res[x]= True if jp else res[xn]
                res[x]= res[x] and cur[x]
        out.append(res)
    return out
P=load(sys.argv[1])
for name,G in (("rows",P),("cols",transpose(P))):
  for d in (1,-1):
    E=exact(G,d); H=len(G); W=len(G[0])
    ex1=sum(sum(r) for r in E); op=sum(sum(r) for r in G)
    for S in (64,32,16):
        best=None
        for sh in range(S):
            busy=0; waste=0
            for y in range(H):
                segs=set((x+sh)//S for x in range(W) if E[y][x])
                busy+=len(segs)
                if segs:
                    waste+=sum(1 for x in range(W) if G[y][x] and not E[y][x] and (x+sh)//S in segs)
            if best is None or busy<best[0]: best=(busy,sh,waste)
        print(f"{name} d={d} S={S} shift={best[1]} busy_segs={best[0]} cells_coarse1_exact0={best[2]} exact1={ex1} open={op}",flush=True)
