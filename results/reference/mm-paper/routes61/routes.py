"""Sums each query's calls (wall us, from gppc --calls) by the route that answered it.
usage: routes.py DIR   (DIR holds MAP.calls and MAP.out from run.sh)"""
import collections, glob, os, re, sys

d = sys.argv[1]
tot = collections.defaultdict(lambda: [0, 0.0, 0])  # queries, wall us, calls
for out in glob.glob(os.path.join(d, "*.out")):
    m = out[:-4]
    profile = re.search(r"profile=([a-z-]+)", open(out).read()).group(1)
    q = collections.OrderedDict()
    for line in open(m + ".calls"):
        f = line.rstrip("\n").split("\t")
        if not f[0].isdigit():
            continue
        c = q.setdefault(int(f[0]), [0] * 8 + [0.0, 0])
        c[8] += float(f[4])
        c[9] += 1
        for k in range(8):
            c[k] += int(f[8 + k])
    for c in q.values():
        jps, capped, skipped, far, near, direct, guarded, forgiven = c[:8]
        if profile == "small-map":
            cls = "small-map: JPS" if jps else "direct" if direct else "small-map: other"
        elif direct:
            cls = "direct"
        elif jps:
            cls = "JPS tried first, answered"
        elif capped:
            cls = "JPS capped, then abstract"
        elif guarded:
            cls = "guard's box"
        elif near:
            cls = "near box"
        elif skipped:
            cls = "abstract: JPS skipped (no credit, or a heading given up)"
        elif far:
            cls = "abstract: past the reach, not tried"
        else:
            cls = "abstract: JPS not tried"
        t = tot[cls]
        t[0] += 1
        t[1] += c[8]
        t[2] += c[9]
T = sum(t[1] for t in tot.values())
print("| route | queries | share of time | µs a query | calls a query |")
print("|---|---:|---:|---:|---:|")
for k, t in sorted(tot.items(), key=lambda kv: -kv[1][1]):
    print("| %s | %d | %.1f %% | %.2f | %.1f |" % (k, t[0], 100 * t[1] / T, t[1] / t[0], t[2] / t[0]))
print("\ntotal %.3f s (the calls' wall time, one run, --calls on)" % (T / 1e6))
