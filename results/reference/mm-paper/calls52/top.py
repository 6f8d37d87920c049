import sys, glob, os
# top.py DIR [N]: each call's least cpu_us over DIR/calls*.tsv, the N longest, with minflt of that least reading
d = sys.argv[1]; N = int(sys.argv[2]) if len(sys.argv) > 2 else 5
best = {}
for fn in sorted(glob.glob(os.path.join(d, "calls*.tsv"))):
    for line in open(fn):
        if line.startswith("query"): continue
        q, c, cells, done, w, cpu, mf, Mf = line.split("\t")[:8]
        v = float(cpu); k = (int(q), int(c))
        if k not in best or v < best[k][0]:
            best[k] = (v, int(cells), int(done), int(mf))
top = sorted(best.items(), key=lambda kv: -kv[1][0])[:N]
nq = len({k[0] for k in best})
print("%s calls=%d queries=%d max=%.2f  " % (os.path.basename(d), len(best), nq, top[0][1][0]) +
      "  ".join("q%d c%d %.2fus cells=%d done=%d mf=%d" % (k[0], k[1], v[0], v[1], v[2], v[3]) for k, v in top))
