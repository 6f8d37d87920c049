# order_model.py REGIONS.txt [LEAF...]: the region graph dumped by scratch-dump.patch (DUMP_RG=FILE), its elimination orders (least degree as abs_ch_order.c made it at 349e5b4, nested dissections) and the search-space measure S (mean over regions of the arcs of its ancestors plus 3 a region)
import sys, heapq, random, collections
def load(p):
    f=open(p); n,sw,sh=map(int,f.readline().split())
    sec=[0]*n; rk=[0]*n; adj=[set() for _ in range(n)]
    for r in range(n):
        a=list(map(int,f.readline().split())); sec[r]=a[0]; rk[r]=a[1]
        for w in a[2:]:
            if w!=r: adj[r].add(w); adj[w].add(r)
    return n,sw,sh,sec,rk,adj
def min_degree(n,adj,tie,level=None):
    A=[set(s) for s in adj]; key=[len(A[v]) for v in range(n)]
    lv=level or [0]*n
    h=[(lv[v],key[v],tie[v],v) for v in range(n)]; heapq.heapify(h)
    done=[False]*n; order=[]
    while h:
        l,k,t,v=heapq.heappop(h)
        if done[v] or k!=key[v]: 
            if not done[v] and k<key[v]: pass
            if done[v]: continue
            if k!=key[v]: continue
        if len(A[v])>key[v]:
            key[v]=len(A[v]); heapq.heappush(h,(lv[v],key[v],tie[v],v)); continue
        done[v]=True; order.append(v)
        nb=A[v]
        for u in nb:
            A[u].discard(v); A[u]|=(nb-{u})
            if len(A[u])<key[u]:
                key[u]=len(A[u]); heapq.heappush(h,(lv[u],key[u],tie[u],u))
        A[v]=None
    return order
def evaluate(n,adj,order,c0=3,samples=None):
    rank=[0]*n
    for i,v in enumerate(order): rank[v]=i
    # symbolic elimination
    up=[None]*n; par=[-1]*n
    children=[[] for _ in range(n)]
    for v in order:
        U=set(w for w in adj[v] if rank[w]>rank[v])
        for c in children[v]:
            U|=up[c]
        U.discard(v)
        up[v]=U
        if U:
            p=min(U,key=lambda w:rank[w]); par[v]=p; children[p].append(v)
        # free children's up sets not needed later
    arcs=sum(len(u) for u in up)
    depth=[0]*n; S=[0]*n
    for v in reversed(order):
        p=par[v]
        depth[v]=depth[p]+1 if p>=0 else 0
        S[v]=(S[p] if p>=0 else 0)+c0+len(up[v])
    height=max(depth)+1
    anc=sum(depth)/n+1
    return dict(arcs=arcs,height=height,anc=round(anc,1),S=round(sum(S)/n,1))
def comps(nodes,adj,alive):
    seen=set(); out=[]
    for s in nodes:
        if s in seen: continue
        c=[s]; seen.add(s); i=0
        while i<len(c):
            v=c[i]; i+=1
            for w in adj[v]:
                if w in alive and w not in seen: seen.add(w); c.append(w)
        out.append(c)
    return out
def bfs_levels(start,adj,alive):
    lv={start:0}; q=[start]; i=0
    while i<len(q):
        v=q[i]; i+=1
        for w in adj[v]:
            if w in alive and w not in lv: lv[w]=lv[v]+1; q.append(w)
    return lv,q
def nd_levels(n,adj,leaf):
    level=[0]*n; maxd=[0]
    sepdepth={}
    def rec(nodes,d):
        alive=set(nodes)
        for c in comps(nodes,adj,alive):
            if len(c)<=leaf: continue
            cs=set(c)
            lv,q=bfs_levels(c[0],adj,cs); far=q[-1]
            lv,q=bfs_levels(far,adj,cs)
            L=max(lv.values())+1; cnt=[0]*L
            for v in c: cnt[lv[v]]+=1
            cum=0; best=None
            for l in range(L):
                if cum>=len(c)*0.25 and cum+cnt[l]<=len(c)*0.75:
                    if best is None or cnt[l]<cnt[best]: best=l
                cum+=cnt[l]
            if best is None: continue
            sep=[v for v in c if lv[v]==best]
            for v in sep: sepdepth[v]=d
            maxd[0]=max(maxd[0],d)
            rec([v for v in c if lv[v]!=best],d+1)
    rec(list(range(n)),0)
    D=maxd[0]+1
    for v,d in sepdepth.items(): level[v]=D-d
    return level
def geo_levels(n,adj,sec,sw,sh,leaf):
    level=[0]*n; sepdepth={}; maxd=[0]
    def rec(nodes,d):
        if len(nodes)<=leaf: return
        xs=[sec[v]%sw for v in nodes]; ys=[sec[v]//sw for v in nodes]
        best=None
        for axis,co in ((0,xs),(1,ys)):
            lo,hi=min(co),max(co)
            if hi==lo: continue
            ext=hi-lo
            for c in range(lo+ext//4, hi-ext//4+1 if ext>=4 else hi):
                # separator: nodes with coordinate==c having an edge to coord>c (within nodes)
                ns=set(nodes)
                pos={v:(sec[v]%sw if axis==0 else sec[v]//sw) for v in nodes}
                sepL=[v for v in nodes if pos[v]==c and any(w in ns and pos[w]>c for w in adj[v])]
                sepR=[v for v in nodes if pos[v]==c+1 and any(w in ns and pos[w]<=c for w in adj[v])]
                sep=sepL if len(sepL)<=len(sepR) else sepR
                bal=abs(sum(1 for v in nodes if pos[v]<=c)-len(nodes)/2)
                score=(len(sep),bal)
                if best is None or score<best[0]: best=(score,sep)
        if best is None: return
        sep=set(best[1])
        for v in sep: sepdepth[v]=d
        maxd[0]=max(maxd[0],d)
        rest=[v for v in nodes if v not in sep]
        for c in comps(rest,adj,set(rest)): rec(c,d+1)
    rec(list(range(n)),0)
    D=maxd[0]+1
    for v,dd in sepdepth.items(): level[v]=D-dd
    return level
if __name__=='__main__':
    n,sw,sh,sec,rk,adj=load(sys.argv[1])
    md=min_degree(n,adj,rk)
    print('n',n,'min_degree',evaluate(n,adj,md))
    for leaf in map(int,sys.argv[2:]):
        lv=nd_levels(n,adj,leaf)
        o=min_degree(n,adj,rk,lv)
        print('bfsND leaf',leaf,evaluate(n,adj,o))
def run_geo(path,leafs):
    n,sw,sh,sec,rk,adj=load(path)
    for leaf in leafs:
        lv=geo_levels(n,adj,sec,sw,sh,leaf)
        o=min_degree(n,adj,rk,lv)
        print('geoND leaf',leaf,evaluate(n,adj,o))
