#!/usr/bin/env python3
"""Per family, the worst map's per-call figures before and after, from
table.py's OUT/calls.csv (medians over rounds per map). usage: family.py
OUT/calls.csv > family.md. The family is read from the map's name (maze*,
random*, *room*, else dao). Stdlib only."""
import csv
import sys

FIGS = [("call_cpu_p99_us", "p99 CPU"), ("call_p99_us", "p99 wall"), ("call_cpu_p999_us", "p99.9 CPU"),
        ("call_p999_us", "p99.9 wall"), ("call_cpu_max_us", "max CPU"), ("call_max_us", "max wall")]


def family(name):
    if name.startswith("maze"):
        return "mazes"
    if name.startswith("random"):
        return "random"
    return "rooms" if "room" in name else "dao"


def main():
    rows = list(csv.DictReader(open(sys.argv[1])))
    fams = {}
    for r in rows:
        fams.setdefault(family(r["map"]), []).append(r)
    print("| family (maps) | " + " | ".join(f"{t} µs before | after" for _, t in FIGS) + " |")
    print("|---|" + "---|---|" * len(FIGS))
    for fam in ["dao", "rooms", "random", "mazes"]:
        rs = fams.get(fam)
        if not rs:
            continue
        cells = []
        for key, _ in FIGS:
            for side in ("before", "after"):
                cells.append(f"{max(float(r[f'{side}_{key}']) for r in rs):.1f}")
        print(f"| {fam} ({len(rs)}) | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
