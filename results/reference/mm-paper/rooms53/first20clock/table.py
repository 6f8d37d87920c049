import collections, statistics, sys
# table.py FILE [least]: first20.sh's lines as a table: per map, each name's median (or, with
# `least`, least) over the rounds of its first-20 total (first20_mean_us x queries; ch: its whole
# queries), and the sample's sums
d = collections.defaultdict(list)
for l in open(sys.argv[1]):
    r, m, n, f20, tot, q = l.split()
    d[(m, n)].append(float(f20) * int(q) / 1e6)
maps = sorted({m for m, _ in d}, key=lambda m: int(m.split('room')[0]))
print('| map | ch whole s | mm base53 first-20 s | mm rooms53 first-20 s | base53 / ch | rooms53 / ch |')
print('|---|---:|---:|---:|---:|---:|')
sums = collections.Counter()
for m in maps:
    pick = min if sys.argv[2:] == ['least'] else statistics.median
    v = {n: pick(d[(m, n)]) for n in ('ch', 'base53', 'rooms53')}
    sums.update(v)
    print('| %s | %.4f | %.4f | %.4f | %.2fx | %.2fx |' % (m, v['ch'], v['base53'], v['rooms53'], v['base53'] / v['ch'], v['rooms53'] / v['ch']))
print('| **sample** | %.4f | %.4f | %.4f | **%.2fx** | **%.2fx** |' % (sums['ch'], sums['base53'], sums['rooms53'], sums['base53'] / sums['ch'], sums['rooms53'] / sums['ch']))
print('\n%d rounds; rooms53 / base53 first-20: %.3fx' % (len(d[(maps[0], 'ch')]), sums['rooms53'] / sums['base53']))
