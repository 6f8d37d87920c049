import sys
# calls_at.py "Q:C,Q:C" FILE...: each named call's least cpu_us over the files (rounds) and its minflt in every round
want = [tuple(x.split(':')) for x in sys.argv[1].split(',')]; best = {}
for fn in sys.argv[2:]:
    for line in open(fn):
        f = line.rstrip("\n").split("\t")
        if f[0] == 'query' or (f[0], f[1]) not in want: continue
        b = best.setdefault((f[0], f[1]), [float(f[5]), []])
        b[0] = min(b[0], float(f[5])); b[1].append(f[6])
for k in want:
    v = best.get(k)
    print("q%s c%s\t%s" % (k[0], k[1], "%.1f\tminflt %s" % (v[0], ",".join(v[1])) if v else "-"))
