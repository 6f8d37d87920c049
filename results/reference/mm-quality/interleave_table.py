#!/usr/bin/env python3
"""Per family, from interleave_run.sh's OUT and CSVDIR: for binaries A and B
the query-weighted subopt mean, the max, the queries above 1.3 (from the
--csv path_length / ref_length), invalid paths, total time, refine and
abstract expansions per query, and mm_bytes (B over A: the largest ratio
over the maps). A family with one side only (side_run.sh A alone) gets its row. usage: interleave_table.py FAMILY OUT CSVDIR [FAMILY OUT CSVDIR ...]"""
import csv
import os
import sys


def over(csvdir, side, name, bound=1.3):
    rows = []
    with open(os.path.join(csvdir, side, name + ".csv")) as f:
        for r in csv.DictReader(f):
            ratio = float(r["path_length"]) / float(r["ref_length"]) if float(r["ref_length"]) > 0 else 1.0
            if ratio > bound:
                rows.append((name, int(r["experiment_id"]), ratio))
    return rows


def main(args):
    print("| family | binary | maps | queries | subopt mean | max | queries > 1.3 | invalid | total_s | refine_expanded_mean | abs_expanded_mean | mm_bytes B/A max |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    bad = []
    for i in range(0, len(args), 3):
        fam, out, cd = args[i:i + 3]
        per = {"A": [], "B": []}
        with open(out) as f:
            for line in f:
                p = line.split()
                per[p[1]].append(p)
        bytes_a = {p[0]: int(p[11]) for p in per["A"]}
        worst = max((int(p[11]) / bytes_a[p[0]] for p in per["B"] if p[0] in bytes_a), default=None)
        for side in ("A", "B"):
            ps = per[side]
            if not ps:  # one binary alone (side_run.sh A): its row only
                continue
            q = sum(int(p[3]) for p in ps)
            mean = sum(int(p[3]) * float(p[5]) for p in ps) / q
            mx = max(float(p[6]) for p in ps)
            inv = sum(int(p[4]) for p in ps)
            tot = sum(float(p[7]) for p in ps)
            ref = sum(int(p[3]) * float(p[9]) for p in ps) / q
            ab = sum(int(p[3]) * float(p[10]) for p in ps) / q
            o = [r for p in ps for r in over(cd, side, p[0])]
            bad += [(fam, side) + r for r in o]
            print(f"| {fam} | {side} | {len(ps)} | {q} | {mean:.4f} | {mx:.3f} | {len(o)} | {inv} | {tot:.1f} | {ref:.0f} | {ab:.0f} | {worst:.3f} |" if side == "B" and worst is not None else
                  f"| {fam} | {side} | {len(ps)} | {q} | {mean:.4f} | {mx:.3f} | {len(o)} | {inv} | {tot:.1f} | {ref:.0f} | {ab:.0f} | |")
    print()
    print("Queries above 1.3 (family, binary, map, query, ratio):")
    print()
    for b in bad:
        print(f"- {b[0]} {b[1]} {b[2]} query {b[3]}: {b[4]:.4f}")


if __name__ == "__main__":
    main(sys.argv[1:])
