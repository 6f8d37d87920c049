"""cold_all.py DIR CALLS: for a callgrind run with --dump-instr=yes --compress-pos=no
--compress-strings=no --dump-before=mm_get_path --dump-after=mm_get_path
(c.out.N), each mm_get_path call's instructions and the 64-byte code lines it
ran that nothing before it in the process ran (prepare included): the calls
with the most such lines, with their query (from the --calls file CALLS)."""
import sys, os, collections

def parse(path):
    lines, ir, fnl = set(), 0, collections.Counter()
    ob = fn = None; skip = False
    for l in open(path):
        if l.startswith('ob='): ob = l[3:].strip(); continue
        if l.startswith('fn='): fn = l[3:].strip(); continue
        if l.startswith('calls='): skip = True; continue
        if l.startswith('0x'):
            if skip: skip = False; continue
            p = l.split(); a = int(p[0], 16)
            c = int(p[2]) if len(p) > 2 else 0
            ir += c
            lines.add((ob, a >> 6, fn))
    return lines, ir

d, callsf = sys.argv[1], sys.argv[2]
ids = [l.split('\t')[:2] for l in open(callsf) if not l.startswith('query')]
parts = sorted((int(f.rsplit('.', 1)[1]) for f in os.listdir(d) if f.startswith('c.out.') and f.rsplit('.', 1)[1].isdigit()))
seen = set(); rows = []
for p in parts:
    ls, ir = parse(os.path.join(d, 'c.out.%d' % p))
    keys = {(o, a) for o, a, f in ls}
    if p % 2 == 0 and p // 2 - 1 < len(ids):
        k = p // 2 - 1
        new = {(o, a, f) for o, a, f in ls if (o, a) not in seen}
        byfn = collections.Counter(f for o, a, f in new)
        rows.append((len({(o, a) for o, a, f in new}), ir, k, byfn))
    seen |= keys
with open(os.path.join(d, 'percall.tsv'), 'w') as f:
    f.write('query\tcall\tIr\tcold_lines\n')
    for n, ir, k, byfn in rows:
        f.write('%s\t%s\t%d\t%d\n' % (ids[k][0], ids[k][1], ir, n))
tot = sum(r[0] for r in rows)
print('calls=%d cold_lines_total=%d' % (len(rows), tot))
for n, ir, k, byfn in sorted(rows, key=lambda r: -r[0])[:int(sys.argv[3]) if len(sys.argv) > 3 else 5]:
    print('  query %s call %s: Ir %d, cold lines %d: %s' % (ids[k][0], ids[k][1], ir, n,
          ', '.join('%s %d' % (f, c) for f, c in byfn.most_common(6))))
