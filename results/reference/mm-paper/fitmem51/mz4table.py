"""The 4-wide mazes' table from mz4.sh's outputs: python3 mz4table.py OUTDIR BASE NOW."""
import hashlib
import re
import sys

out, base, now = sys.argv[1:4]
BUDGET = 65536 + 512 * 512 * 3 // 8


def summary(name, m):
    text = open(f"{out}/{name}.{m}.out").read()
    kv = dict(re.findall(r"(\w+)=([^\s]+)", text))
    md5 = hashlib.md5(open(f"{out}/{name}.{m}.paths", "rb").read()).hexdigest()[:8]
    return kv, md5


print("| map | mm_bytes base | now | within | cache cap B now | memo now | misses base | now | evictions now | "
      "at once | most slots a put | subopt base | now | paths |")
print("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
for i in range(10):
    m = f"maze512-4-{i}"
    b, bm = summary(base, m)
    n, nm = summary(now, m)
    print(f"| {m} | {b['mm_bytes']} | {n['mm_bytes']} | {'yes' if int(n['mm_bytes']) <= BUDGET else 'no'} | "
          f"{n['cache_cap_bytes']} | {n['memo_entries']} | {b['cache_misses']} | {n['cache_misses']} | "
          f"{n['cache_evictions']} | {n['cache_evict_waits']} | {n['cache_evict_step_most']} | "
          f"{b['subopt_mean']} | {n['subopt_mean']} | {'same' if bm == nm else 'differ'} ({nm}) |")
