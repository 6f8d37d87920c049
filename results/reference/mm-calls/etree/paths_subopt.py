#!/usr/bin/env python3
"""Before/after mm on benchmark maps: queries whose path differs, subopt, invalid, first20."""
import subprocess, sys, os, statistics
B = "/work/shared/benchmarks"
before, after, out = sys.argv[1], sys.argv[2], sys.argv[3]
maps = sys.argv[4:]
def run(binary, m, tag):
    pre = f"/tmp/chq33_pre_{tag}"; os.makedirs(pre, exist_ok=True)
    pf = f"/tmp/chq33_paths_{tag}.txt"
    fam, name = m.split("/")
    r = subprocess.run([binary, "--entry", "mm", "--pre-dir", pre, "--paths", pf, "-full",
                        f"{B}/maps/{fam}/{name}.map", f"{B}/scenarios/{fam}/{name}.map.scen"], capture_output=True, text=True)
    summ = [l for l in r.stdout.splitlines() if l.startswith("SUMMARY")][0]
    kv = dict(x.split("=", 1) for x in summ.split()[1:])
    return kv, open(pf).read().splitlines()
with open(out, "w") as f:
    f.write("map\tqueries\tdiffer\tsubopt_before\tsubopt_after\tinvalid_before\tinvalid_after\tsubopt_max_before\tsubopt_max_after\n")
    for m in maps:
        kb, pb = run(before, m, "b"); ka, pa = run(after, m, "a")
        differ = sum(1 for x, y in zip(pb, pa) if x != y) + abs(len(pb) - len(pa))
        f.write(f"{m}\t{len(pb)}\t{differ}\t{kb['subopt_mean']}\t{ka['subopt_mean']}\t{kb['invalid']}\t{ka['invalid']}\t{kb['subopt_max']}\t{ka['subopt_max']}\n")
        f.flush()
