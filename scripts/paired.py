#!/usr/bin/env python3
"""Two or more driver builds (base against now) on the same maps, interleaved.

The check every change is judged by: for each map, each build replays the
map's scenario once with `--paths` (its cells, md5 against the first build's),
then ROUNDS rounds run every build on it, the order rotated each round so no
build always goes first, each a timed run `-full` (preprocessing included,
into a preprocessing folder of that build's own, fresh for this invocation)
and then, for the calls' figures, `-run --cpu-clock call --calls FILE`: the
CPU clock read around every call is a system call that slows the calls
after it, so a build answering in many calls would be timed slower than
it runs (as compare.py's rounds). One markdown table, headed by the command
that made it, one row per (map, build):

  profile, mm_bytes, invalid, subopt  from the build's SUMMARY (the most
                                      invalid paths of any round)
  total s, total CPU s                the timed runs' median over the rounds
                                      (wall: min..max), each with its ratio to
                                      the first build's
  longest call CPU us                 the call runs': each call's least reading
                                      over the rounds, then the most of those
                                      (compare.py least_calls), and the rounds'
                                      own longest call, least..most
  paths                               `same` as the first build's, or how many
                                      queries differ and the first of them

    python3 scripts/paired.py --bin base=../base/build/gppc --bin now=build/gppc \\
        --maps dao/den203d,rooms/8room_002,path/to/x.map --rounds 3 --out results/x.md
    python3 scripts/paired.py --bin base=B --bin now=N --family dao --every 8

With --modes run,full (a dynamic scenario's two timings) the rounds time
each build in each driver mode in turn instead, `-run` reading the folder one
`-pre` of the build's own wrote before the rounds, and no clock around each
call (--cpu-clock call slows the calls it reads). Then the table is one row
per (map, mode): each build's total s and total CPU s, the median over the
rounds, and each build's ratio to the first's:

    python3 scripts/paired.py --bin base=B --bin now=N --maps switch_sc1.scen \
        --modes run,full --rounds 5

A map is FAMILY/NAME of the benchmark folder (--bench-dir), a .map file
(its scenario beside it as MAP.scen), or a version-2 scenario (.scen) alone,
as the dynamic kit's. Exit 1 when a path was invalid (or, with
--expect-same, when paths differ), 2 on bad usage or a failed run.
Stdlib only.
"""
import argparse
import hashlib
import os
import shlex
import shutil
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import Runner, add_bench_dir, least_calls, maps_of, number  # noqa: E402
from provenance import binary_revision, tree_revision  # noqa: E402
from same_paths import how, replay  # noqa: E402

SUMMARY_KEYS = ("profile", "mm_bytes", "subopt_mean", "subopt_max")


def fail(msg):
    print("paired: " + msg, file=sys.stderr)
    sys.exit(2)


def parse_bins(values):
    """--bin NAME=PATH values, in order; at least two, names unique."""
    out = []
    for v in values:
        name, sep, path = v.partition("=")
        if not sep or not name or not path:
            fail("--bin %s: expected NAME=PATH" % v)
        if name in (n for n, _ in out):
            fail("--bin %s: the name %s twice" % (v, name))
        if not os.access(path, os.X_OK):
            fail("--bin %s: %s is not an executable driver" % (v, path))
        out.append((name, path))
    if len(out) < 2:
        fail("give two or more --bin NAME=PATH (the first is the one paths are compared with)")
    return out


def map_items(a):
    """(name, [map, scen] or [scen2]) for --maps, then every --every'th map of
    each --family (from the first, as mm_paper.py's --every)."""
    out = []
    for item in filter(None, (a.maps or "").split(",")):
        if item.endswith(".map"):
            paths = [item, item + ".scen"]
        elif item.endswith(".scen"):
            paths = [item]
        else:
            fam, _, name = item.partition("/")
            paths = [os.path.join(a.bench_dir, "maps", fam, name + ".map"),
                     os.path.join(a.bench_dir, "scenarios", fam, name + ".map.scen")]
        for p in paths:
            if not os.path.isfile(p):
                fail("%s: no file %s" % (item, p))
        out.append((os.path.basename(item)[:-4] if item.endswith(".map") else
                    os.path.basename(item)[:-5] if item.endswith(".scen") else item, paths))
    for fam in filter(None, (a.family or "").split(",")):
        out += [(fam + "/" + name, [mp, sc]) for name, mp, sc in maps_of(a.bench_dir, fam, None)[::a.every]]
    if not out:
        fail("no map: give --maps and/or --family")
    return out


def run_map(name, paths, bins, runners, a, work):
    """The rows of one map: the paths run, then the timed rounds."""
    tag = name.replace("/", "_")
    cells, first = {}, {}
    for n, gppc in bins:
        # replay names its preprocessing folder WORK/pre-TAG: this build's own.
        lines, _, err = replay(gppc, a.entry, paths[0], paths[1] if len(paths) > 1 else None, work, n)
        if err:
            fail("%s: %s" % (name, err))
        cells[n] = lines
    ref = bins[0][0]
    for n, _ in bins:
        one, two = cells[ref], cells[n]
        diff = [i for i, (x, y) in enumerate(zip(one, two)) if x != y] + list(
            range(min(len(one), len(two)), max(len(one), len(two))))
        first[n] = "same" if not diff else "differ in %d of %d queries, first %d: %s" % (
            len(diff), max(len(one), len(two)), diff[0], how(one, two, diff[0]))
    order = [n for n, _ in bins]
    if a.modes:
        return mode_rows(name, paths, order, runners, a, first)
    runs = {n: [] for n, _ in bins}
    call_runs = {n: [] for n, _ in bins}
    calls = {n: [] for n, _ in bins}
    for r in range(a.rounds):
        for n in order[r % len(order):] + order[:r % len(order)]:
            runs[n].append(runners[n].gppc_run(a.entry, "-full", *paths))
            calls[n].append(os.path.join(work, "%s.%s.%d.calls" % (n, tag, r)))
            call_runs[n].append(runners[n].gppc_run(a.entry, "-run", *paths,
                                                    extra=["--cpu-clock", "call", "--calls", calls[n][-1]]))
    rows = []
    for n, _ in bins:
        last = runs[n][-1]
        totals = [number(p, "total_s") for p in runs[n]]
        cpus = [number(p, "total_cpu_s") for p in runs[n]]
        longest = [number(p, "call_cpu_max_us") for p in call_runs[n]]
        least = least_calls(calls[n])[0]
        digest = hashlib.md5("\n".join(cells[n]).encode()).hexdigest()
        rows.append({"map": name, "bin": n, "queries": int(number(last, "queries")),
                     "invalid": int(max(number(p, "invalid") for p in runs[n] + call_runs[n])),
                     "total_s": statistics.median(totals), "total_min": min(totals), "total_max": max(totals),
                     "total_cpu_s": statistics.median(cpus),
                     "call_least_us": least if least != "" else None,
                     "call_min_us": min(longest), "call_max_us": max(longest),
                     "paths": first[n], "md5": digest, **{k: last.get(k, "-") for k in SUMMARY_KEYS}})
    return rows


def mode_rows(name, paths, order, runners, a, first):
    """--modes: one row per mode of one map, its runs {build: [(total_s,
    total_cpu_s), ...]} over the rounds; `first`: each build's paths against
    the first build's."""
    if "run" in a.modes:
        for n in order:
            runners[n].gppc_run(a.entry, "-pre", *paths)
    got = {m: {n: [] for n in order} for m in a.modes}
    invalid = 0
    for r in range(a.rounds):
        for n in order[r % len(order):] + order[:r % len(order)]:
            for m in a.modes:
                p = runners[n].gppc_run(a.entry, "-" + m, *paths)
                got[m][n].append((number(p, "total_s"), number(p, "total_cpu_s")))
                invalid = max(invalid, int(number(p, "invalid")))
    return [{"map": name, "mode": m, "runs": got[m], "invalid": invalid, "paths": first} for m in a.modes]


def mode_table(rows, order):
    """The --modes table: per (map, mode), each build's medians, then its ratio to the first build's."""
    ref, rest = order[0], order[1:]
    head = ["map", "mode"]
    for k in ("total_s", "total_cpu_s"):
        head += ["%s %s" % (n, k) for n in order] + ["%s / %s" % (n, ref) for n in rest]
    out = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    for r in rows:
        cells = [r["map"], "-" + r["mode"]]
        for i in (0, 1):
            med = {n: statistics.median(v[i] for v in r["runs"][n]) for n in order}
            cells += ["%.4f" % med[n] for n in order]
            cells += ["%.3fx" % (med[n] / med[ref]) if med[ref] else "-" for n in rest]
        out.append("| " + " | ".join(cells) + " |")
    out.append("")
    for r in rows:
        if r["mode"] == rows[0]["mode"]:  # a line per map
            out.append("Paths of %s against %s's: %s." % (
                r["map"], ref, "; ".join("%s %s" % (n, r["paths"][n]) for n in rest)))
    return out


def table(rows, ref):
    base = {r["map"]: r for r in rows if r["bin"] == ref}
    ratio = lambda r, k: "%.3f" % (r[k] / base[r["map"]][k]) if base[r["map"]][k] else "-"  # noqa: E731
    out = ["| map | build | profile | mm_bytes | queries | invalid | subopt mean | subopt max | total s, median "
           "(min..max) | / %s | total CPU s, median | / %s | longest call CPU µs, each call's least (rounds' "
           "longest, least..most) | paths (md5) |" % (ref, ref),
           "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        call = "%.1f" % r["call_least_us"] if r["call_least_us"] is not None else "-"
        out.append("| %s | %s | %s | %s | %d | %d | %s | %s | %.6f (%.6f..%.6f) | %s | %.6f | %s | %s (%.1f..%.1f) | "
                   "%s (%s) |" % (
                       r["map"], r["bin"], r["profile"], r["mm_bytes"], r["queries"], r["invalid"], r["subopt_mean"],
                       r["subopt_max"], r["total_s"], r["total_min"], r["total_max"], ratio(r, "total_s"),
                       r["total_cpu_s"], ratio(r, "total_cpu_s"), call, r["call_min_us"], r["call_max_us"],
                       "reference" if r["bin"] == ref else r["paths"], r["md5"][:8]))
    return out


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__.split("\n", 2)[2],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", action="append", default=[], metavar="NAME=PATH",
                    help="a driver build (repeat; two or more; paths are compared with the first's)")
    ap.add_argument("--maps", help="FAMILY/NAME, MAP.map (its scenario MAP.map.scen) or a version-2 SCEN, "
                                   "comma-separated")
    ap.add_argument("--family", help="every --every'th map of these benchmark families, comma-separated")
    ap.add_argument("--every", type=int, default=1, help="with --family: every Nth map, from the first (default 1)")
    ap.add_argument("--entry", default="mm", help="the entry spec every build runs (default mm)")
    ap.add_argument("--rounds", type=int, default=3, help="timed rounds per map (default 3)")
    ap.add_argument("--work", help="keep the --calls files and preprocessing folders here (emptied first; "
                                   "default a temporary folder, removed)")
    ap.add_argument("--out", help="write the table here too (markdown)")
    ap.add_argument("--modes", help="time each build in these driver modes in turn (run,full: a dynamic "
                                    "scenario's two timings) instead of -full with each call's CPU clock")
    ap.add_argument("--expect-same", action="store_true", help="exit 1 when any build's paths differ from the first's")
    add_bench_dir(ap)
    a = ap.parse_args(argv)
    if a.rounds < 1 or a.every < 1:
        fail("--rounds and --every must be at least 1")
    a.modes = [m for m in (a.modes or "").split(",") if m]
    if any(m not in ("run", "full") for m in a.modes) or len(set(a.modes)) < len(a.modes):
        fail("--modes %s: run and/or full, each once" % ",".join(a.modes))
    bins = parse_bins(a.bin)
    maps = map_items(a)
    work = a.work or tempfile.mkdtemp(prefix="paired.")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    runners = {n: Runner(argparse.Namespace(gppc=g, pre_dir=os.path.join(work, "pre-" + n)), fail=fail)
               for n, g in bins}
    rows = []
    try:
        for i, (name, paths) in enumerate(maps):
            rows += run_map(name, paths, bins, runners, a, work)
            print("paired: %d/%d %s" % (i + 1, len(maps), name), file=sys.stderr, flush=True)
    finally:
        if not a.work:
            shutil.rmtree(work, ignore_errors=True)
    runs = ("`--entry %s` in each mode of %s in turn (`-run` after one `-pre` of its own), the median over the "
            "rounds" % (a.entry, ", ".join("-" + m for m in a.modes)) if a.modes else
            "each round a timed run `--entry %s -full` and a run `-run --cpu-clock call --calls` for the calls' "
            "figures" % a.entry)
    text = ["Made by `python3 scripts/paired.py %s` at commit %s (builds: %s); %d rounds, builds in turn map by "
            "map, the order rotated each round; %s, in a preprocessing folder of its build's own; paths from one "
            "`--paths` run of each build before the rounds." % (
                " ".join(map(shlex.quote, argv)), tree_revision(),
                ", ".join("%s from %s" % (n, binary_revision(g)) for n, g in bins), a.rounds, runs),
            ""] + (mode_table(rows, [n for n, _ in bins]) if a.modes else table(rows, bins[0][0]))
    print("\n".join(text))
    if a.out:
        with open(a.out, "w") as f:
            f.write("\n".join(text) + "\n")
    invalid = sum(r["invalid"] for r in rows)
    # a verdict per (map, build); a --modes row holds every build's
    verdicts = ([v for r in rows if r["mode"] == a.modes[0] for v in r["paths"].values()] if a.modes else
                [r["paths"] for r in rows])
    differ = sum(1 for v in verdicts if v != "same")
    print("paired: %d invalid paths; %d of %d (map, build) rows with paths other than %s's" % (
        invalid, differ, len(verdicts), bins[0][0]), file=sys.stderr)
    return 1 if invalid or (a.expect_same and differ) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
