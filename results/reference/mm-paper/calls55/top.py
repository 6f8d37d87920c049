import sys
# top.py K FILE...: the K calls of the largest least cpu_us over the files (rounds); each with its row from the round of its least, and minflt in every round
k = int(sys.argv[1]); best = {}; hdr = None
for fn in sys.argv[2:]:
    for line in open(fn):
        f = line.rstrip("\n").split("\t")
        if f[0] == 'query': hdr = f; continue
        key = (f[0], f[1]); v = float(f[5])
        b = best.setdefault(key, [v, f, []])
        b[2].append(f[6])
        if v < b[0]: b[0], b[1] = v, f
rows = sorted(best.items(), key=lambda kv: -kv[1][0])[:k]
print("\t".join(["least_cpu", "minflt_rounds"] + hdr))
for key, (v, f, mf) in rows:
    print("\t".join(["%.1f" % v, ",".join(mf)] + f))
