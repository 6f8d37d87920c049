# randfit46-f20.py: first-20 by the thread CPU clock from --calls (with --cpu-clock call) and --paths: per query, the calls up to the one whose cells reach 20 distance units (or end the path); usage: python3 randfit46-f20.py NAME.ROUND... reading calls.NAME.ROUND and paths.NAME.ROUND
import sys, math
def first20(calls, paths):
    cells = {}
    for l in open(paths):
        f = l.rstrip('\n').split('\t')
        q = int(f[0]); pts = [tuple(map(int, c.split(','))) for c in ' '.join(f[3:]).split()]
        cells[q] = pts
    rows = [l.rstrip('\n').split('\t') for l in open(calls)][1:]
    tot = 0.0; allcpu = 0.0; st = {}
    for q, c, n, done, w, cpu in rows:
        q = int(q); n = int(n); cpu = float(cpu)
        allcpu += cpu
        s = st.setdefault(q, [0, 0.0, False])  # cells so far, dist so far, reached
        if s[2]:
            continue
        tot += cpu
        pts = cells[q]
        for i in range(s[0], min(s[0] + n, len(pts))):
            if i > 0:
                dx = abs(pts[i][0] - pts[i-1][0]); dy = abs(pts[i][1] - pts[i-1][1])
                s[1] += max(dx, dy) + (math.sqrt(2) - 1) * min(dx, dy)
        s[0] += n
        if s[1] >= 20 or done == '1':
            s[2] = True
    return tot, allcpu
for a in sys.argv[1:]:
    b, r = a.split('.')
    t, al = first20('calls.%s.%s' % (b, r), 'paths.%s.%s' % (b, r))
    print(b, r, 'first20_cpu_s %.4f' % (t / 1e6), 'all_calls_cpu_s %.4f' % (al / 1e6))
