import collections, statistics, sys
# median.py FILE: clock64.sh's lines, each name's median CPU seconds and its ratio to jps2+'s
d = collections.defaultdict(list)
for l in open(sys.argv[1]):
    n, v = l.split()
    d[n].append(float(v.split('=')[1]))
j = statistics.median(d['jps2+'])
for n, v in d.items():
    print('%-8s %.4f s  %.2fx jps2+  (%d runs)' % (n, statistics.median(v), statistics.median(v) / j, len(v)))
