# order_variants.py REGIONS.txt: least fill, least fill under a geometric dissection, and least fill plus a degree term, by order_model.py's measure
import sys, heapq, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import order_model as order
n,sw,sh,sec,rk,adj=order.load(sys.argv[1])
def md_key(n,adj,keyf):
    A=[set(s) for s in adj]
    done=[False]*n; order_=[]
    def k(v): return keyf(v,A)
    h=[(k(v),v) for v in range(n)]; heapq.heapify(h)
    while h:
        kv,v=heapq.heappop(h)
        if done[v]: continue
        cur=k(v)
        if cur!=kv:
            heapq.heappush(h,(cur,v)); continue
        done[v]=True; order_.append(v)
        nb=A[v]
        for u in nb:
            A[u].discard(v); A[u]|=(nb-{u})
            heapq.heappush(h,(k(u),u))
        A[v]=set()
    return order_
def fill(v,A):
    nb=list(A[v]); f=0
    for i in range(len(nb)):
        for j in range(i+1,len(nb)):
            if nb[j] not in A[nb[i]]: f+=1
    return f
lv=order.geo_levels(n,adj,sec,sw,sh,128)
print('minfill',order.evaluate(n,adj,md_key(n,adj,lambda v,A:(fill(v,A),len(A[v]),rk[v]))))
print('geo+minfill',order.evaluate(n,adj,md_key(n,adj,lambda v,A:(lv[v],fill(v,A),len(A[v]),rk[v]))))
print('minfill-sqdeg',order.evaluate(n,adj,md_key(n,adj,lambda v,A:(fill(v,A)+len(A[v])**2//4,len(A[v]),rk[v]))))
