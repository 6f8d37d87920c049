import heapq,sys,math
def load(p):
    L=open(p).read().split('\n'); i=L.index('map'); h=int(L[1].split()[1]); w=int(L[2].split()[1])
    return [r for r in L[i+1:i+1+h]], w, h
def dist(grid,w,h,s,g,allow=None):
    ok=lambda x,y: 0<=x<w and 0<=y<h and grid[y][x] in '.G' and (allow is None or allow(x,y))
    D={s:0}; pq=[(0,s)]
    while pq:
        d,(x,y)=heapq.heappop(pq)
        if (x,y)==g: return d
        if d>D[(x,y)]: continue
        for dx in (-1,0,1):
            for dy in (-1,0,1):
                if not dx and not dy: continue
                nx,ny=x+dx,y+dy
                if not ok(nx,ny): continue
                if dx and dy and not (ok(x+dx,y) and ok(x,y+dy)): continue
                nd=d+(math.sqrt(2) if dx and dy else 1)
                if nd<D.get((nx,ny),1e18): D[(nx,ny)]=nd; heapq.heappush(pq,(nd,(nx,ny)))
    return None
if __name__=='__main__':
    grid,w,h=load(sys.argv[1]); a=tuple(map(int,sys.argv[2].split(','))); b=tuple(map(int,sys.argv[3].split(',')))
    print(dist(grid,w,h,a,b))
    if len(sys.argv)>4:
        S=int(sys.argv[4]); secs=set(tuple(map(int,t.split(','))) for t in sys.argv[5:])
        print('in corridor', dist(grid,w,h,a,b,lambda x,y:(x//S,y//S) in secs))
