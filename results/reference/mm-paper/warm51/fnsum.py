import sys, collections
# fnsum.py DUMP [N]: self cost per function of one callgrind dump (Ir and, with the cache model, I1mr, D1mr)
ev = None; fn = None; skip = False; acc = collections.defaultdict(lambda: collections.Counter())
for l in open(sys.argv[1]):
    if l.startswith('events:'): ev = l.split()[1:]; continue
    if l.startswith('fn='): fn = l[3:].strip(); continue
    if l.startswith('calls='): skip = True; continue
    if l.startswith('0x'):
        if skip: skip = False; continue
        p = l.split()[2:]
        for k, v in zip(ev, p): acc[fn][k] += int(v)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 12
for f, c in sorted(acc.items(), key=lambda x: -(x[1]['I1mr'] * 30 + x[1]['Ir']))[:N]:
    print('  %-40s Ir %6d I1mr %4d D1mr %4d' % (f[:40], c['Ir'], c['I1mr'], c['D1mr']))
