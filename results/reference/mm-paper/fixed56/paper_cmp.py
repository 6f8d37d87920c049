import csv, sys
# paper_cmp.py A B: per map mm total_s B/A and mm/jps2+ in each run (mm_paper.py's time.csv, median of its rounds)
def load(n):
    d = {}
    for r in csv.DictReader(open("/work/scratch/fixed56/paper-%s/dao/time.csv" % n)):
        d[(r["map"], r["entry"])] = r
    return d
a, b = sys.argv[1], sys.argv[2]
A, B = load(a), load(b)
maps = sorted({m for m, e in A if e == "mm"})
print("| map | mm total_s %s | %s (x) | mm / jps2+ %s | mm / jps2+ %s | longest call CPU least µs %s -> %s |" % (a, b, a, b, a, b))
print("|---|---:|---:|---:|---:|---|")
ta = tb = 0
for m in maps:
    x, y = float(A[(m, "mm")]["total_s"]), float(B[(m, "mm")]["total_s"])
    ja, jb = float(A[(m, "jps2+")]["total_s"]), float(B[(m, "jps2+")]["total_s"])
    ta += x; tb += y
    print("| %s | %.6f | %.6f (%.3f) | %.2f | %.2f | %s -> %s |" % (m, x, y, y / x, x / ja, y / jb, A[(m, "mm")]["call_cpu_least_max_us"][:5], B[(m, "mm")]["call_cpu_least_max_us"][:5]))
print("| all 8 | %.6f | %.6f (%.3f) | | | |" % (ta, tb, tb / ta))
