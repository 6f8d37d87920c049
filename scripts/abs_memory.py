#!/usr/bin/env python3
"""Memory of the MM abstraction (paper Fig. 7): for every map of a family and
each sector size, run `build/gppc --entry mm:sector=S,defaults=D -pre` and
tabulate abs_bytes against an 8-bit-per-cell map, with and without
default-sector compression, plus the build time.

    python3 scripts/abs_memory.py --bench-dir ../shared/benchmarks --family dao \\
        --sectors 8,12,16 --out results/abs_memory
Writes OUT/abs_memory.md and OUT/abs_memory.csv (one row per map and setting).
"""
import argparse
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gppc_output import pre_counters  # noqa: E402
from run_suite import map_cells  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))



def run_one(gppc, pre_dir, map_path, sector, defaults):
    spec = "mm:sector=%d,defaults=%d" % (sector, defaults)
    code, sm, err = pre_counters([gppc, "--entry", spec, "--pre-dir", pre_dir], map_path)
    if code != 0 or sm is None:
        sys.exit("abs_memory: %s on %s failed: %s" % (spec, map_path, err.strip()))
    return sm


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bench-dir", default=ROOT)
    ap.add_argument("--family", default="dao")
    ap.add_argument("--sectors", default="8,12,16")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--out", default=os.path.join(ROOT, "results", "abs_memory"))
    ap.add_argument("--gppc", default=os.path.join(ROOT, "build", "gppc"))
    args = ap.parse_args()
    mdir = os.path.join(args.bench_dir, "maps", args.family)
    names = sorted(n for n in os.listdir(mdir) if n.endswith(".map"))
    sectors = [int(s) for s in args.sectors.split(",")]
    jobs = [(n, s, d) for n in names for s in sectors for d in (1, 0)]
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="abs-mem-") as pre, ThreadPoolExecutor(args.jobs) as pool:
        futs = [pool.submit(run_one, args.gppc, pre, os.path.join(mdir, n), s, d) for n, s, d in jobs]
        results = [f.result() for f in futs]
    cells = {n: map_cells(os.path.join(mdir, n)) for n in names}
    rows = []
    with open(os.path.join(args.out, "abs_memory.csv"), "w") as f:
        f.write("map,cells,sector,defaults,abs_bytes,pct_of_map,sectors,regions,edges,default_sectors,"
                "wide_sectors,pre_s\n")
        for (n, s, d), sm in zip(jobs, results):
            pct = 100.0 * sm["abs_bytes"] / cells[n]
            rows.append((n, s, d, sm["abs_bytes"], pct, sm["pre_s"]))
            f.write("%s,%d,%d,%d,%d,%.4f,%d,%d,%d,%d,%d,%.6f\n" % (
                n, cells[n], s, d, sm["abs_bytes"], pct, sm["sectors"], sm["regions"], sm["edges"],
                sm["default_sectors"], sm["wide_sectors"], sm["pre_s"]))
    total_cells = sum(cells.values())
    md = ["# MM abstraction memory: %s (%d maps, %d cells)" % (args.family, len(names), total_cells), "",
          "abs_bytes as the layout accounts it (abstraction.h); % of a map stored at 8 bits per cell. "
          "Build time is `pre_s` of `-pre` (build and write), summed over maps.", "",
          "| S | defaults | mean abs_bytes | mean % of map | aggregate % | max % | wide sectors | build s (sum) |",
          "|---:|---|---:|---:|---:|---:|---:|---:|"]
    for s in sectors:
        for d in (1, 0):
            sel = [r for r in rows if r[1] == s and r[2] == d]
            wide = sum(sm["wide_sectors"] for (n, ss, dd), sm in zip(jobs, results) if ss == s and dd == d)
            md.append("| %d | %s | %.0f | %.3f | %.3f | %.3f | %d | %.3f |" % (
                s, "compressed" if d else "stored", sum(r[3] for r in sel) / len(sel),
                sum(r[4] for r in sel) / len(sel), 100.0 * sum(r[3] for r in sel) / total_cells,
                max(r[4] for r in sel), wide, sum(r[5] for r in sel)))
    with open(os.path.join(args.out, "abs_memory.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(md))


if __name__ == "__main__":
    main()
