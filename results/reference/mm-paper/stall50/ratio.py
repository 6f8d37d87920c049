"""ratio.py PERCALL.tsv CALLS...: each call's least CPU over the --calls files
(rounds); the map's rate (the sum of those least readings over the sum of the
calls' callgrind instructions, PERCALL.tsv from cold_all.py); the longest
call by its least reading, its instructions, its instruction-count time
(instructions x rate) and the ratio of the two."""
import sys
ir, cold = {}, {}
for l in open(sys.argv[1]):
    if l.startswith('query'): continue
    q, c, i, n = l.split('\t')
    ir[(q, c)] = int(i); cold[(q, c)] = int(n)
least = {}
for fn in sys.argv[2:]:
    for l in open(fn):
        if l.startswith('query'): continue
        f = l.rstrip('\n').split('\t')
        k = (f[0], f[1]); v = float(f[5])
        least[k] = min(least.get(k, v), v)
keys = [k for k in least if k in ir]
rate = sum(least[k] for k in keys) / sum(ir[k] for k in keys)  # us per instruction
k = max(keys, key=lambda k: least[k])
r = max(keys, key=lambda k: least[k] / (ir[k] * rate))
print('rate_ns_per_kinstr=%.0f longest=q%s.c%s least_us=%.2f Ir=%d cold_lines=%d ir_time_us=%.2f ratio=%.2f | worst_ratio=q%s.c%s %.2f us Ir=%d ratio=%.2f' % (
    rate * 1e6, k[0], k[1], least[k], ir[k], cold[k], ir[k] * rate, least[k] / (ir[k] * rate),
    r[0], r[1], least[r], ir[r], least[r] / (ir[r] * rate)))
