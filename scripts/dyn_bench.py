#!/usr/bin/env python3
"""Entries side by side on the dynamic track, interleaved round by round.

The dynamic track's scenarios (version 2: a map, queries and the patches
applied between them, as in gppc-dev/startkit-dynamic's data/) are run three
ways, each optional but the first:

  - through our driver (`gppc --entry SPEC -run SCEN`, preprocessed once with
    -pre), every entry of --entries and every other build of --build in one
    round, the order rotated each round so no entry always goes first;
    updates are charged to the next query as the kit charges them;
  - through the dynamic kit's own runner (--kit-dir: a copy of
    startkit-dynamic compiled by its ./compile.sh; --kit-lib LABEL=SO: a
    libGPPCentry.so, e.g. `make kit-dynamic [KIT_ENTRY=jps]`), copied over
    the kit's lib/libGPPCentry.so before each run of `./run -full
    data/SCEN.scen`; its result.csv is summed as the kit writes it;
  - under callgrind (--instructions), once per driver entry and scenario:
    the instructions of the entry's own get_path and update functions, the
    figure that holds on a machine too busy for clocks to agree.

A figure is the median over the rounds; each entry's ratio is taken against
--baseline's in the same rounds. The driver's SUMMARY gives total_s (wall)
and total_cpu_s (the thread's CPU clock), both with the updates charged.

    python3 scripts/dyn_bench.py --kit-dir /tmp/kd --entries mm,jps \\
        --kit-lib mm=mm.so --kit-lib jps=jps.so --rounds 3 --instructions \\
        --out results/dyn
Writes OUT/dyn_bench.md (tables, with the command) and OUT/dyn_bench.csv (one
row per round, scenario, runner and label). Stdlib only. Exit 1 when a path
was invalid, a kit query unanswered or below its reference; 2 on bad usage.
"""
import argparse
import csv
import glob
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
from types import SimpleNamespace

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import Runner, number  # noqa: E402

DRIVER_KEYS = ("queries", "invalid", "updates", "total_s", "total_cpu_s", "first20_mean_us", "query_cpu_max_us",
               "update_us_mean", "update_cpu_us_mean", "update_us_p99", "update_us_max", "updates_charged")
# The functions a driver entry answers through (its Entry's get_path and
# update, entries/*/), counted inclusively by callgrind.
ENTRY_FN = re.compile(r"^\s*([\d,]+)\s.*\bentries/\S+:(\w+_get_path|\w*update)\s")


def fail(msg):
    print("dyn_bench: " + msg, file=sys.stderr)
    sys.exit(2)


def label_pairs(values, what):
    out = []
    for v in values or []:
        name, sep, rest = v.partition("=")
        if not sep or not name or not rest:
            fail("%s %r: expected LABEL=%s" % (what, v, "GPPC:ENTRY" if what == "--build" else "FILE"))
        out.append((name, rest))
    return out


def kit_sums(path):
    """The kit's result.csv summed: rows, unanswered, below the reference,
    time_cost, first-20 and the longest step (seconds)."""
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
        need = ("ref_length", "path_length", "time_cost", "20steps_cost", "max_step_time")
        if not rows or any(k not in rows[0] for k in need):
            raise ValueError("not the kit's result.csv layout (needs %s)" % ", ".join(need))
        ref = [float(r["ref_length"]) for r in rows]
        got = [float(r["path_length"]) for r in rows]
        return {
            "queries": len(rows),
            "unanswered": sum(1 for a, b in zip(ref, got) if a >= 0 and b < 0),
            "below_ref": sum(1 for a, b in zip(ref, got) if a >= 0 and 0 <= b < a - 1e-6),
            "total_s": sum(int(r["time_cost"]) for r in rows) * 1e-9,
            "first20_s": sum(int(r["20steps_cost"]) for r in rows) * 1e-9,
            "max_step_ms": max(int(r["max_step_time"]) for r in rows) * 1e-6,
        }
    except (OSError, ValueError, KeyError) as e:
        fail("%s: %s" % (path, e))


class Bench:
    def __init__(self, a):
        self.a = a
        os.makedirs(a.pre_dir, exist_ok=True)
        self.driver = [(spec, a.gppc, spec) for spec in a.entries] + \
                      [(name, rest.partition(":")[0], rest.partition(":")[2] or "mm") for name, rest in a.builds]
        # compare.py's runner, one per label: each build its own preprocessing folder
        self.runners = {label: Runner(SimpleNamespace(gppc=binary, pre_dir=os.path.join(a.pre_dir, label)), fail)
                        for label, binary, _ in self.driver}

    def gppc(self, label, spec, mode, scen):
        return self.runners[label].gppc_run(spec, mode, scen)

    def kit(self, so, scen):
        k = self.a.kit_dir
        shutil.copyfile(so, os.path.join(k, "lib", "libGPPCentry.so"))
        for old in glob.glob(os.path.join(k, "index_data", "*")):  # its preprocessing, made again per run
            shutil.rmtree(old) if os.path.isdir(old) else os.remove(old)
        rel = os.path.relpath(scen, k)
        p = subprocess.run(["./run", "-full", rel], cwd=k, capture_output=True, text=True)
        if p.returncode != 0:
            fail("%s: ./run -full %s failed (exit %d): %s" % (k, rel, p.returncode, p.stderr.strip()[-400:]))
        return kit_sums(os.path.join(k, "result.csv"))

    def instructions(self, binary, spec, scen):
        out = os.path.join(self.a.pre_dir, "callgrind.out")
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, binary, "--entry", spec, "-full", scen]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            fail("%s failed (exit %d): %s" % (" ".join(cmd), p.returncode, p.stderr.strip()[-400:]))
        ann = subprocess.run(["callgrind_annotate", "--inclusive=yes", out], capture_output=True, text=True).stdout
        seen = {}
        for line in ann.splitlines():  # a function listed twice (also as a caller) is counted once
            m = ENTRY_FN.match(line)
            if m:
                seen[m.group(2)] = int(m.group(1).replace(",", ""))
        if not seen:
            fail("%s: callgrind shows no entries/*: get_path or update function" % " ".join(cmd))
        return sum(seen.values())


def median_of(rows, key):
    vals = [r[key] for r in rows if r.get(key) not in (None, "")]
    return statistics.median(vals) if vals else None


def fmt(v, digits=4):
    return "" if v is None else ("%d" % v if isinstance(v, int) else "%.*g" % (digits, v))


def table(rows, scen, runner, labels, baseline, keys, total="total_s"):
    sel = [r for r in rows if r["scen"] == scen and r["runner"] == runner]
    if not sel:
        return []
    base = median_of([r for r in sel if r["label"] == baseline], total) if baseline else None
    out = ["| %s | " % runner + " | ".join(keys) + " | %s / %s |" % (total, baseline or "-"),
           "|---" * (len(keys) + 2) + "|"]
    for lab in labels:
        mine = [r for r in sel if r["label"] == lab]
        if not mine:
            continue
        tot = median_of(mine, total)
        ratio = "%.2fx" % (tot / base) if base and tot is not None else ""
        out.append("| %s | " % lab + " | ".join(fmt(median_of(mine, k)) for k in keys) + " | %s |" % ratio)
    return out


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__.split("\n", 2)[2],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("scen", nargs="*", help="version-2 scenarios (default: KIT_DIR/data/*.scen)")
    ap.add_argument("--entries", default="mm,jps", help="driver entry specs, comma-separated (default mm,jps)")
    ap.add_argument("--build", action="append", metavar="LABEL=GPPC:ENTRY",
                    help="another driver binary in the same rounds (e.g. before a change)")
    ap.add_argument("--kit-dir", help="a compiled copy of startkit-dynamic, for its own runner")
    ap.add_argument("--kit-lib", action="append", metavar="LABEL=SO", help="a libGPPCentry.so for the kit's runner")
    ap.add_argument("--baseline", default="jps", help="label the ratios are taken against (default jps)")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds (median taken; default 3)")
    ap.add_argument("--instructions", action="store_true", help="also count instructions by callgrind, once each")
    ap.add_argument("--gppc", default=os.path.join(ROOT, "build", "gppc"), help="the driver binary")
    ap.add_argument("--pre-dir", default=os.path.join(ROOT, "results", "dyn_bench", "pre"))
    ap.add_argument("--out", default=os.path.join(ROOT, "results", "dyn_bench"))
    a = ap.parse_args(argv)
    a.entries = [e for e in a.entries.split(",") if e]
    a.builds = label_pairs(a.build, "--build")
    kit_libs = label_pairs(a.kit_lib, "--kit-lib")
    if a.rounds < 1:
        fail("--rounds %d: expected 1 or more" % a.rounds)
    if kit_libs and not a.kit_dir:
        fail("--kit-lib needs --kit-dir")
    if a.kit_dir and not os.access(os.path.join(a.kit_dir, "run"), os.X_OK):
        fail("%s: no executable ./run (compile the kit with its ./compile.sh first)" % a.kit_dir)
    for name, so in kit_libs:
        if not os.path.isfile(so):
            fail("--kit-lib %s=%s: no such file" % (name, so))
    scens = a.scen or (sorted(glob.glob(os.path.join(a.kit_dir, "data", "*.scen"))) if a.kit_dir else [])
    if not scens:
        fail("no scenario: name some, or give --kit-dir whose data/ holds them")
    for s in scens:
        if not os.path.isfile(s):
            fail("%s: no such scenario" % s)
    scens = [os.path.abspath(s) for s in scens]
    b = Bench(a)
    labels = [d[0] for d in b.driver] + [k for k, _ in kit_libs if k not in [d[0] for d in b.driver]]
    rows = []
    for s in scens:
        for label, binary, spec in b.driver:
            b.gppc(label, spec, "-pre", s)
    for r in range(a.rounds):
        for s in scens:
            name = os.path.basename(s)[:-5]
            order = b.driver[r % len(b.driver):] + b.driver[:r % len(b.driver)]
            for label, binary, spec in order:
                p = b.gppc(label, spec, "-run", s)
                row = {"round": r + 1, "scen": name, "runner": "driver", "label": label}
                row.update({k: number(p, k) for k in DRIVER_KEYS})
                rows.append(row)
            korder = kit_libs[r % max(1, len(kit_libs)):] + kit_libs[:r % max(1, len(kit_libs))]
            for label, so in korder:
                row = {"round": r + 1, "scen": name, "runner": "kit", "label": label}
                row.update(b.kit(so, s))
                rows.append(row)
            print("dyn_bench: round %d/%d %s" % (r + 1, a.rounds, name), file=sys.stderr, flush=True)
    if a.instructions:
        for s in scens:
            for label, binary, spec in b.driver:
                rows.append({"round": 0, "scen": os.path.basename(s)[:-5], "runner": "callgrind", "label": label,
                             "instructions": b.instructions(binary, spec, s)})
    os.makedirs(a.out, exist_ok=True)
    keys = sorted({k for r in rows for k in r}, key=lambda k: (k not in ("round", "scen", "runner", "label"), k))
    with open(os.path.join(a.out, "dyn_bench.csv.tmp"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        w.writerows(rows)
    os.replace(os.path.join(a.out, "dyn_bench.csv.tmp"), os.path.join(a.out, "dyn_bench.csv"))
    md = ["# Dynamic track: medians of %d interleaved round(s)" % a.rounds, "",
          "    python3 scripts/dyn_bench.py " + " ".join(shlex.quote(x) for x in argv), ""]
    base = a.baseline if a.baseline in labels else None
    for s in scens:
        name = os.path.basename(s)[:-5]
        md += ["## " + name, ""]
        md += table(rows, name, "driver", labels, base, ("queries", "invalid", "updates", "total_s", "total_cpu_s",
                                                         "first20_mean_us", "query_cpu_max_us", "update_cpu_us_mean",
                                                         "update_us_p99", "update_us_max"), "total_cpu_s") + [""]
        md += table(rows, name, "kit", labels, base,
                    ("queries", "unanswered", "below_ref", "total_s", "first20_s", "max_step_ms")) + [""]
        md += table(rows, name, "callgrind", labels, base, ("instructions",), "instructions") + [""]
    md += ["Driver: `total_s` wall, `total_cpu_s` thread CPU, updates charged to the next query. Kit: the kit's "
           "`result.csv` (`time_cost` summed as `total_s`). Callgrind: the instructions of the entry's get_path and "
           "update functions.", ""]
    with open(os.path.join(a.out, "dyn_bench.md.tmp"), "w") as f:
        f.write("\n".join(md))
    os.replace(os.path.join(a.out, "dyn_bench.md.tmp"), os.path.join(a.out, "dyn_bench.md"))
    print("\n".join(md))
    bad = sum(int(r.get("invalid") or 0) + int(r.get("unanswered") or 0) + int(r.get("below_ref") or 0) for r in rows)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
