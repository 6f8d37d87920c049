#!/usr/bin/env python3
"""The dynamic kit's own ./run -check on each scenario with each library, and
length parity: the kit's runner with our library against our driver, query by query."""
import csv, os, shutil, subprocess, sys
# usage: kitcheck.py KD GPPC V2 (V2: mkv2.py's folder, holding mm.so and jps.so from make kit-dynamic)
KD, G, V2 = sys.argv[1:4]
libs = {"mm": V2 + "/mm.so", "jps": V2 + "/jps.so", "startkit-example": KD + "/auto_build/libGPPCentry.so"}
scens = ["dao_ost101d", "rooms_8room_003", "random_512-10-3", "mazes_512-16-3", "dao_arena2", "switch_sc1_Aurora_TheFrozenSea"]
rows = []
for s in scens:
    for lab, so in libs.items():
        shutil.copy(so, KD + "/lib/libGPPCentry.so")
        p = subprocess.run(["./run", "-check", "data/%s.scen" % s], cwd=KD, capture_output=True, text=True)
        fin = {}
        for l in p.stdout.splitlines():
            if l.startswith("final "):
                v = l.split()[1]
                v = "invalid" if v.startswith("invalid") else v
                fin[v] = fin.get(v, 0) + 1
        res = list(csv.DictReader(open(KD + "/result.csv")))
        longer = sum(1 for r in res if float(r["ref_length"]) > 0 and float(r["path_length"]) > float(r["ref_length"]) * (1 + 1e-6) + 1e-6)
        ratios = [float(r["path_length"]) / float(r["ref_length"]) for r in res if float(r["ref_length"]) > 0]
        noref = sum(1 for r in res if float(r["ref_length"]) < 0)
        mism = ""
        if lab in ("mm", "jps"):
            out = V2 + "/drv_%s_%s.csv" % (lab, s)
            subprocess.run([G, "--entry", lab, "--pre-dir", V2 + "/kcpre", "--csv", out, "-full", KD + "/data/%s.scen" % s], capture_output=True)
            ours = {r["experiment_id"]: float(r["path_length"]) for r in csv.DictReader(open(out))}
            theirs = {r["experiment_id"]: float(r["path_length"]) for r in res}
            mism = sum(1 for k in theirs if abs(theirs[k] - ours.get(k, -99)) > 1e-6) + abs(len(ours) - len(theirs))
        rows.append((s, lab, len(res), fin, noref, longer, sum(ratios) / len(ratios), max(ratios), mism))
        print(rows[-1], flush=True)
print()
print("| scenario | library | queries | ./run -check verdicts | ref -1 | longer than ref | mean length/ref (max) | length mismatches, kit runner vs our driver |")
print("|---|---|---:|---|---:|---:|---|---:|")
for s, lab, n, fin, noref, longer, mean, mx, mism in rows:
    print("| %s | %s | %d | %s | %d | %d | %.4f (%.2f) | %s |" % (s, lab, n, ", ".join("%s %d" % kv for kv in sorted(fin.items())), noref, longer, mean, mx, mism if mism != "" else "-"))
