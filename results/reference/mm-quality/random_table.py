#!/usr/bin/env python3
"""Before/after table of mm on one family from two random_run.sh outputs:
per obstacle density (the map name's second field) and over the family,
the query-weighted subopt mean, the max, the queries above 1.3 (from the
per-map --csv), and refine_expanded_mean (query-weighted).
usage: random_table.py BEFORE.txt BEFORE_CSVDIR AFTER.txt AFTER_CSVDIR > table.md"""
import csv
import os
import sys


def load(txt, csvdir):
    rows = {}
    for line in open(txt):
        p = line.split()
        if len(p) < 9:
            sys.exit(f"{txt}: short line: {line.strip()}")
        name, prof, q, inv, sm, sx, _t, _c, re_ = p[:9]
        name = name[:-4] if name.endswith(".map") else name
        above = 0
        with open(os.path.join(csvdir, name + ".csv")) as f:
            for r in csv.DictReader(f):
                ref = float(r["ref_length"])
                if ref > 0 and float(r["path_length"]) / ref > 1.3:
                    above += 1
        rows[name] = dict(prof=prof, q=int(q), inv=int(inv), sm=float(sm), sx=float(sx), re=float(re_), above=above)
    return rows


def group(rows):
    out = {}
    for name, r in rows.items():
        for key in (name.split("-")[1], "all"):
            g = out.setdefault(key, dict(q=0, s=0.0, mx=0.0, above=0, inv=0, re=0.0, maps=0, profs=set()))
            g["q"] += r["q"]
            g["s"] += r["q"] * r["sm"]
            g["mx"] = max(g["mx"], r["sx"])
            g["above"] += r["above"]
            g["inv"] += r["inv"]
            g["re"] += r["q"] * r["re"]
            g["maps"] += 1
            g["profs"].add(r["prof"])
    return out


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    b, a = group(load(sys.argv[1], sys.argv[2])), group(load(sys.argv[3], sys.argv[4]))
    print("| obstacles % | maps | queries | profile | subopt mean before | after | max before | after "
          "| queries > 1.3 before | after | invalid after | refine_expanded_mean before | after |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    keys = sorted((k for k in a if k != "all"), key=int) + ["all"]
    for k in keys:
        x, y = b[k], a[k]
        print(f"| {k} | {y['maps']} | {y['q']} | {', '.join(sorted(y['profs']))} | {x['s'] / x['q']:.4f} | "
              f"{y['s'] / y['q']:.4f} | {x['mx']:.3f} | {y['mx']:.3f} | {x['above']} | {y['above']} | {y['inv']} | "
              f"{x['re'] / x['q']:.0f} | {y['re'] / y['q']:.0f} |")


main()
