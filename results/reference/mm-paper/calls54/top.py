import sys
# top.py N FILE...: each call's least cpu_us over the files (rounds); print the N longest with their columns from the round of the least
best = {}
hdr = None
for fn in sys.argv[2:]:
    for line in open(fn):
        f = line.rstrip("\n").split("\t")
        if line.startswith('query'): hdr = f; continue
        k = (f[0], f[1]); v = float(f[5])
        if k not in best or v < best[k][0]: best[k] = (v, f)
v = sorted(best.values(), key=lambda t: -t[0])
print("\t".join(hdr))
for t in v[:int(sys.argv[1])]: print("\t".join(t[1]))
