#!/usr/bin/env python3
"""What cheaper whole-query routes could take from online JPS on a map.

usage: query_shapes.py GPPC FAMILY/MAP...   (GPPC_BENCH_DIR: the benchmark folder)

Per map, from our jps entry's per-query CSV (--csv --csv-extra) over the
scenario and over the scenario with start and goal swapped:
- reverse: JPS's expansions searching s->g, g->s, the better of the two per
  query (an oracle), and searching from the end with fewer passable cells
  within 8 cells (a cheap predictor);
- shapes: queries a legal straight line answers (mm's `direct`), and those
  that only an octile two-segment path (diagonal then straight, or straight
  then diagonal) would answer; each with its share of jps's CPU time.
"""
import csv, os, subprocess, sys, tempfile

BENCH = os.environ.get('GPPC_BENCH_DIR', '/work/shared/benchmarks')


def load_map(path):
    lines = open(path).read().split('\n')
    h, w = int(lines[1].split()[1]), int(lines[2].split()[1])
    return [[c in '.GS' for c in row[:w]] for row in lines[4:4 + h]], w, h


def run_jps(gppc, mp, scen, out):
    subprocess.run([gppc, '--entry', 'jps', '-full', mp, scen, '--csv', out, '--csv-extra'],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return list(csv.DictReader(open(out)))


def legal(m, pts):
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if not m[y1][x1] or (x0 != x1 and y0 != y1 and not (m[y0][x1] and m[y1][x0])):
            return False
    return True


def segment(a, b):
    (x, y), (gx, gy) = a, b
    dx, dy = (gx > x) - (gx < x), (gy > y) - (gy < y)
    pts = [(x, y)]
    while (x, y) != (gx, gy):
        x, y = x + dx, y + dy
        pts.append((x, y))
    return pts


def line(s, g):
    n = max(abs(g[0] - s[0]), abs(g[1] - s[1]))
    return [(s[0] + round((g[0] - s[0]) * i / n), s[1] + round((g[1] - s[1]) * i / n)) for i in range(n + 1)]


def opened(m, w, h, x, y, r=8):
    return sum(sum(m[yy][max(0, x - r):min(w, x + r + 1)]) for yy in range(max(0, y - r), min(h, y + r + 1)))


def main():
    gppc = sys.argv[1]
    for fm in sys.argv[2:]:
        mp, scen = f'{BENCH}/maps/{fm}.map', f'{BENCH}/scenarios/{fm}.map.scen'
        m, w, h = load_map(mp)
        rows = [l.split() for l in open(scen) if l.strip() and not l.startswith('version')]
        with tempfile.TemporaryDirectory() as d:
            with open(f'{d}/rev.scen', 'w') as f:
                f.write('version 1\n')
                for r in rows:
                    f.write('\t'.join(r[:4] + [r[6], r[7], r[4], r[5], r[8]]) + '\n')
            fwd = run_jps(gppc, mp, scen, f'{d}/f.csv')
            rev = run_jps(gppc, mp, f'{d}/rev.scen', f'{d}/r.csv')
        ef = [int(x['expanded']) for x in fwd]
        er = [int(x['expanded']) for x in rev]
        cpu = [int(x['time_cost_cpu']) for x in fwd]
        pred = 0
        nline = nshape = 0
        cline = cshape = 0
        for i, r in enumerate(rows):
            s, g = (int(r[4]), int(r[5])), (int(r[6]), int(r[7]))
            pred += er[i] if opened(m, w, h, *g) < opened(m, w, h, *s) else ef[i]
            if s == g:
                continue
            if legal(m, line(s, g)):
                nline, cline = nline + 1, cline + cpu[i]
                continue
            dx, dy = g[0] - s[0], g[1] - s[1]
            k, sx, sy = min(abs(dx), abs(dy)), (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
            c1, c2 = (s[0] + k * sx, s[1] + k * sy), (g[0] - k * sx, g[1] - k * sy)
            if legal(m, segment(s, c1)[:-1] + segment(c1, g)) or legal(m, segment(s, c2)[:-1] + segment(c2, g)):
                nshape, cshape = nshape + 1, cshape + cpu[i]
        tot = sum(cpu) or 1
        print(f'{fm}: queries {len(rows)}; expansions s->g {sum(ef)}, g->s {sum(er)}, better per query '
              f'{sum(min(a, b) for a, b in zip(ef, er))}, from the closed-in end {pred}; '
              f'line {nline} ({cline / tot:.1%} of jps CPU), two-segment only {nshape} ({cshape / tot:.1%})')


if __name__ == '__main__':
    main()
