#!/usr/bin/env python3
"""Interleaved rounds: mm before, mm after, ch; SUMMARY first20_mean_us, mean_us, phases abstract."""
# BEFORE: main at f023a1c built into /tmp/chq33_before/build/gppc; AFTER: this branch's build copied to /tmp/chq33_after_gppc
import subprocess, sys, statistics, json
B = "/work/shared/benchmarks"
rounds = int(sys.argv[1]); maps = sys.argv[2:]
sides = [("mm-before", "/tmp/chq33_before/build/gppc", "mm"), ("mm-after", "/tmp/chq33_after_gppc", "mm"), ("ch", "/tmp/chq33_after_gppc", "ch")]
res = {}
for m in maps:
    fam, name = m.split("/")
    for r in range(rounds):
        order = sides[r % 3:] + sides[:r % 3]
        for tag, b, e in order:
            out = subprocess.run([b, "--entry", e, "--pre-dir", f"/tmp/chq33_tpre_{tag}", "-full", f"{B}/maps/{fam}/{name}.map", f"{B}/scenarios/{fam}/{name}.map.scen"], capture_output=True, text=True).stdout
            kv = dict(x.split("=", 1) for x in [l for l in out.splitlines() if l.startswith("SUMMARY")][0].split()[1:])
            res.setdefault((m, tag), []).append((float(kv["first20_mean_us"]), float(kv["mean_us"]), float(kv.get("mm_bytes_ch", "nan"))))
print("map\tmm-before first20\tmm-after first20\tch mean\tbefore/ch\tafter/ch\tmm-before mean\tmm-after mean")
for m in maps:
    med = {t: [statistics.median(x[i] for x in res[(m, t)]) for i in range(3)] for t in ("mm-before", "mm-after", "ch")}
    print(f"{m}\t{med['mm-before'][0]:.1f}\t{med['mm-after'][0]:.1f}\t{med['ch'][1]:.1f}\t{med['mm-before'][0]/med['ch'][1]:.2f}\t{med['mm-after'][0]/med['ch'][1]:.2f}\t{med['mm-before'][1]:.1f}\t{med['mm-after'][1]:.1f}")
