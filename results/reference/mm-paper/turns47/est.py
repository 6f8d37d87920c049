import sys
def load(path):
    lines = open(path).read().split("\n")
    h, w = int(lines[1].split()[1]), int(lines[2].split()[1])
    g = [[False] * (w + 2) for _ in range(h + 2)]
    for y in range(h):
        for x in range(w):
            g[y + 1][x + 1] = lines[4 + y][x] in ".G"
    return g, h + 2, w + 2
def ranged(lines):
    tot = 0; n=0
    for line in lines:
        idx = [i for i, c in enumerate(line) if c]
        n+=1
        if idx: tot += idx[-1]//8 - idx[0]//8 + 1
    return tot, n
for p in sys.argv[1:]:
    g,H,W = load(p)
    cols = [[g[y][x] for y in range(H)] for x in range(W)]
    r, nr = ranged(g); c, nc = ranged(cols)
    planes = 2*(r+c); offs = 4*(nr+nc)
    print(p.split('/')[-1], "planes", planes, "offsets", offs, "total", planes+offs+32, "dense", 2*(H*((W+63)>>6)+W*((H+63)>>6))*8 + H + W)
