"""roomgen.py W H R SEED OUT: a rooms map in the Moving AI style, W x H cells: 1-cell walls every
R cells and around the map, each wall between two rooms opened once (or, one time in three,
twice) by a door 1 to 3 cells wide at a random place; a seed gives the same map."""
import random
import sys

W, H, R, seed, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
rnd = random.Random(seed)
g = [['@' if x % R == 0 or y % R == 0 or x == W - 1 or y == H - 1 else '.' for x in range(W)] for y in range(H)]


def doors(lo, hi, open_at):
    """Opens the wall stretch lo..hi (inclusive) once or twice: open_at(k) opens its cell k."""
    if hi < lo:
        return
    for _ in range(1 + (rnd.random() < 0.3)):
        w = rnd.randint(1, 3)
        at = rnd.randint(lo, max(lo, hi - w + 1))
        for k in range(at, min(at + w, hi + 1)):
            open_at(k)


for ry in range(0, H - 1, R):  # walls between rooms side by side
    for x in range(R, W - 1, R):
        doors(ry + 1, min(ry + R - 1, H - 2), lambda k, x=x: g[k].__setitem__(x, '.'))
for rx in range(0, W - 1, R):  # walls between rooms one above the other
    for y in range(R, H - 1, R):
        doors(rx + 1, min(rx + R - 1, W - 2), lambda k, y=y: g[y].__setitem__(k, '.'))
with open(out, 'w') as f:
    f.write("type octile\nheight %d\nwidth %d\nmap\n" % (H, W))
    f.write("".join("".join(row) + "\n" for row in g))
