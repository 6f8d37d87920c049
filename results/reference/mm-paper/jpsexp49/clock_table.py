# clock_table.py clock.txt: per map the median over rounds of total_cpu_s (and total_s), base and now
import sys, statistics as st, collections
d = collections.defaultdict(lambda: collections.defaultdict(list))
for l in open(sys.argv[1]):
    m, b, r, wall, cpu = l.split()
    d[m][b].append((float(cpu), float(wall)))
tb = tn = wb = wn = 0
for m in d:
    bc = st.median(c for c, _ in d[m]['base']); nc = st.median(c for c, _ in d[m]['now'])
    bw = st.median(w for _, w in d[m]['base']); nw = st.median(w for _, w in d[m]['now'])
    tb += bc; tn += nc; wb += bw; wn += nw
    print(f"| {m} | {len(d[m]['base'])} | {bc * 1e3:.1f} | {nc * 1e3:.1f} | {nc / bc:.3f} | {bw * 1e3:.1f} | {nw * 1e3:.1f} | {nw / bw:.3f} |")
print(f"| all | | {tb * 1e3:.1f} | {tn * 1e3:.1f} | {tn / tb:.3f} | {wb * 1e3:.1f} | {wn * 1e3:.1f} | {wn / wb:.3f} |")
