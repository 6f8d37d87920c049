"""For mm's paths on a map: the optimal path confined to the sectors (16x16)
mm's path passes through, grown by one sector, against the true optimum: how
much of mm's excess is the route's choice of sectors (corridor optimum above
the optimum) and how much the refinement within it (mm above the corridor optimum)."""
import heapq, math, sys, random
mapf, pathsf, nsample = sys.argv[1], sys.argv[2], int(sys.argv[3])
GROW = int(sys.argv[4]) if len(sys.argv) > 4 else 1
lines = open(mapf).read().split('\n')
h = int(lines[1].split()[1]); w = int(lines[2].split()[1])
grid = [l for l in lines[4:4 + h]]
ok = lambda x, y: 0 <= x < w and 0 <= y < h and grid[y][x] in '.G'
S = 16
R2 = math.sqrt(2)
def astar(s, g, allowed):
    def hh(x, y):
        dx, dy = abs(x - g[0]), abs(y - g[1]); return max(dx, dy) + (R2 - 1) * min(dx, dy)
    dist = {s: 0.0}; pq = [(hh(*s), 0.0, s)]; closed = set()
    while pq:
        f, d, c = heapq.heappop(pq)
        if c in closed: continue
        if c == g: return d
        closed.add(c)
        x, y = c
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if not dx and not dy: continue
                nx, ny = x + dx, y + dy
                if not ok(nx, ny): continue
                if dx and dy and (not ok(x + dx, y) or not ok(x, y + dy)): continue
                if allowed is not None and (nx // S, ny // S) not in allowed: continue
                nd = d + (R2 if dx and dy else 1.0)
                if nd < dist.get((nx, ny), 1e18):
                    dist[(nx, ny)] = nd; heapq.heappush(pq, (nd + hh(nx, ny), nd, (nx, ny)))
    return None
rows = []
for line in open(pathsf):
    f = line.rstrip('\n').split('\t')
    if len(f) < 4 or float(f[1]) <= 0: continue
    cells = [tuple(map(int, c.split(','))) for c in f[3].split()]
    rows.append((float(f[1]), float(f[2]), cells))
random.Random(61).shuffle(rows)
rows = rows[:nsample]
tm = to = tc = 0.0
for length, opt, cells in rows:
    secs = set()
    for (ax, ay), (bx, by) in zip(cells, cells[1:] + cells[-1:]):
        n = 2 * max(abs(bx - ax), abs(by - ay)) + 1
        for k in range(n + 1):
            x = round(ax + (bx - ax) * k / n); y = round(ay + (by - ay) * k / n)
            secs.add((x // S, y // S))
    grown = secs if GROW == 0 else set((a + i, b + j) for a, b in secs for i in (-1, 0, 1) for j in (-1, 0, 1))
    c = astar(cells[0], cells[-1], grown)
    tm += length; to += opt; tc += c
print('%s: %d queries sampled; mm %.4f x optimum, corridor optimum %.4f x optimum: of mm excess %.0f %% is the corridor, %.0f %% the refinement within it'
      % (mapf.split('/')[-1], len(rows), tm / to, tc / to, 100 * (tc - to) / (tm - to), 100 * (tm - tc) / (tm - to)))
