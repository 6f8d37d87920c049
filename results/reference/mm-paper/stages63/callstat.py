"""callstat.py DIR: per map and build, from paired.py's kept --calls files: calls, each call's least CPU
over the rounds, then their p99.9 and max (µs)."""
import collections, glob, os, sys
d = sys.argv[1]
files = collections.defaultdict(list)
for f in glob.glob(os.path.join(d, "*.calls")):
    b, rest = os.path.basename(f).split(".", 1)
    files[(rest.rsplit(".", 2)[0], b)].append(f)
maps = sorted({m for m, _ in files})
builds = sorted({b for _, b in files}, key=lambda b: (b != "main", b))
print("| map | " + " | ".join("%s calls | %s p99.9 µs | %s max µs" % (b, b, b) for b in builds) + " |")
print("|---|" + "---:|---:|---:|" * len(builds))
for m in maps:
    cells = []
    for b in builds:
        mins = {}
        for f in files[(m, b)]:
            for line in open(f):
                p = line.rstrip("\n").split("\t")
                if not p[0].isdigit():
                    continue
                k = (int(p[0]), int(p[1]))
                c = float(p[5])
                if k not in mins or c < mins[k]:
                    mins[k] = c
        v = sorted(mins.values())
        cells.append("%d | %.2f | %.2f" % (len(v), v[int(len(v) * 0.999)], v[-1]))
    print("| %s | %s |" % (m.replace("_", "/", 1), " | ".join(cells)))
