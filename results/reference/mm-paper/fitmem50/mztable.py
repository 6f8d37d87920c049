# mztable.py: the base -> now table of the 4-wide mazes from mz.sh's lines (mz_base.txt, mz_v2.txt).
import re, sys
rows = {}
for tag, f in (("base", "mz_base.txt"), ("now", "mz_v2.txt")):
    for line in open(f):
        m = line.split()[0]
        kv = dict(re.findall(r"(\w+)=(\S+)", line))
        rows.setdefault(m, {})[tag] = kv
B = 163840
print("| map | mm_bytes base | now | within | cache cap B now | memo now | misses base | now | CPU s base | now (1 run) | paths |")
print("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---|")
over_b = over_n = 0
for m in sorted(rows):
    if not m.startswith(sys.argv[1]) or len(rows[m]) < 2:
        continue
    b, n = rows[m]["base"], rows[m]["now"]
    over_b += max(0, int(b["mm_bytes"]) - B); over_n += max(0, int(n["mm_bytes"]) - B)
    print(f"| {m} | {int(b['mm_bytes']):,} | {int(n['mm_bytes']):,} | {'yes' if int(n['mm_bytes']) <= B else 'no'} | {int(n['cache_cap_bytes']):,} | {n['memo_entries']} | {int(b['cache_misses']):,} | {int(n['cache_misses']):,} | {float(b['total_cpu_s']):.2f} | {float(n['total_cpu_s']):.2f} | {'same' if b['md5'] == n['md5'] else 'DIFFER'} |")
print(f"\nOver the budget in sum: {over_b / 1024:.1f} KiB -> {over_n / 1024:.1f} KiB.")
