"""coldq.py DIR [N]: a callgrind run of the cgq build (CG_Q=Q, --dump-instr=yes --compress-pos=no
--compress-strings=no, optionally --cache-sim=yes): c.out.1 is everything before query Q, c.out.K+1
its call K. For each call: Ir, the 64-byte code lines it ran that nothing before it in the process ran
(prepare and the earlier queries included), the functions holding them, and with the cache model
I1 misses, D1 read misses, LL misses (instructions + data). The N calls with most cold lines or Ir."""
import sys, os, collections

def parse(path):
    lines = set(); ev = None; tot = None; ob = fn = None; skip = False
    for l in open(path):
        if l.startswith('events:'): ev = l.split()[1:]; continue
        if l.startswith('summary:') or l.startswith('totals:'): tot = [int(x) for x in l.split()[1:]]; continue
        if l.startswith('ob='): ob = l[3:].strip(); continue
        if l.startswith('fn='): fn = l[3:].strip(); continue
        if l.startswith('calls='): skip = True; continue
        if l.startswith('0x'):
            if skip: skip = False; continue
            a = int(l.split()[0], 16)
            lines.add((ob, a >> 6, fn))
    return lines, dict(zip(ev, tot)) if ev and tot else {}

d = sys.argv[1]; N = int(sys.argv[2]) if len(sys.argv) > 2 else 8
parts = sorted(int(f.rsplit('.', 1)[1]) for f in os.listdir(d) if f.startswith('c.out.') and f.rsplit('.', 1)[1].isdigit())
seen = set(); rows = []
for p in parts:
    ls, t = parse(os.path.join(d, 'c.out.%d' % p))
    if p >= 2:
        new = {(o, a, f) for o, a, f in ls if (o, a) not in seen}
        byfn = collections.Counter(f for o, a, f in new)
        rows.append((p - 2, t, len({(o, a) for o, a, f in new}), byfn))
    seen |= {(o, a) for o, a, f in ls}
g = lambda t, k: t.get(k, 0)
with open(os.path.join(d, 'percall.tsv'), 'w') as f:
    f.write('call\tIr\tcold_lines\tI1mr\tD1mr\tD1mw\tILmr\tDLmr\tDLmw\n')
    for c, t, n, byfn in rows:
        f.write('%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n' % (c, g(t, 'Ir'), n, g(t, 'I1mr'), g(t, 'D1mr'), g(t, 'D1mw'), g(t, 'ILmr'), g(t, 'DLmr'), g(t, 'DLmw')))
print('calls=%d cold_lines_total=%d' % (len(rows), sum(r[2] for r in rows)))
for c, t, n, byfn in sorted(rows, key=lambda r: (-r[2], -g(r[1], 'Ir')))[:N]:
    print('  call %d: Ir %d cold %d I1mr %d D1mr %d LLm %d: %s' % (c, g(t, 'Ir'), n, g(t, 'I1mr'), g(t, 'D1mr'),
          g(t, 'ILmr') + g(t, 'DLmr') + g(t, 'DLmw'), ', '.join('%s %d' % x for x in byfn.most_common(6))))
