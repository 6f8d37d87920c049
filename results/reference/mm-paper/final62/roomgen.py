# roomgen.py W H R SEED OUT: a Moving-AI-style rooms map (W x H, rooms R cells apart, 1-cell walls,
# each wall between two rooms opened at a random place, some walls opened twice or removed)
import random, sys
W, H, R, seed, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
rnd = random.Random(seed)
g = [['.'] * W for _ in range(H)]
for y in range(H):
    for x in range(W):
        if x % R == 0 or y % R == 0 or x == W - 1 or y == H - 1:
            g[y][x] = '@'
# vertical walls between horizontally adjacent rooms: open a door of width 1..3
for ry in range(0, H - 1, R):
    for x in range(R, W - 1, R):
        y0 = ry + 1; y1 = min(ry + R - 1, H - 2)
        if y1 < y0: continue
        for _ in range(1 + (rnd.random() < 0.3)):
            w = rnd.randint(1, 3); y = rnd.randint(y0, max(y0, y1 - w + 1))
            for k in range(w):
                if y + k <= y1: g[y + k][x] = '.'
for rx in range(0, W - 1, R):
    for y in range(R, H - 1, R):
        x0 = rx + 1; x1 = min(rx + R - 1, W - 2)
        if x1 < x0: continue
        for _ in range(1 + (rnd.random() < 0.3)):
            w = rnd.randint(1, 3); x = rnd.randint(x0, max(x0, x1 - w + 1))
            for k in range(w):
                if x + k <= x1: g[y][x + k] = '.'
with open(out, 'w') as f:
    f.write("type octile\nheight %d\nwidth %d\nmap\n" % (H, W))
    for row in g: f.write(''.join(row) + "\n")
