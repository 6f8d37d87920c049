import sys
# least.py FILE...: each call's least cpu_us over the files (rounds), then max, p99.9, p99 of those (nearest rank)
best = {}
for fn in sys.argv[1:]:
    for line in open(fn):
        if line.startswith('query'): continue
        q, c, cells, done, w, cpu = line.rstrip("\n").split("\t")[:6]  # later columns: the faults
        v = float(cpu)
        k = (q, c)
        best[k] = min(best.get(k, v), v)
v = sorted(best.values()); n = len(v)
at = lambda pm: v[min(n - 1, -(-n * pm // 1000) - 1)]
print('calls=%d least_max_us=%.1f least_p999_us=%.1f least_p99_us=%.1f' % (n, v[-1], at(999), at(990)))
