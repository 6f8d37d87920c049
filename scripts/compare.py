#!/usr/bin/env python3
"""Entries side by side on whole families, interleaved map by map.

For every map: each entry preprocesses once (`-pre`), then ROUNDS rounds run
every entry on it (`-run`, the order rotated each round so no entry always
goes first); a map's time for an entry is the median over the rounds. Because
the entries take turns on the same map within seconds, their ratios hold even
when the machine's speed drifts, which a lone absolute time does not.

Per family it writes one row per entry: maps, queries, invalid paths, total
search time, mean time and first-20-moves time per query, subopt mean and max,
preprocessing bytes, and the ratio of its total time to the baseline's, with
the worst single map. An external planner (e.g. a public JPS built outside the
tree) joins the same loop with --external NAME=COMMAND, where COMMAND (with
{map} and {scen}) prints a line holding total_s= (and queries=, mean_us=,
bad= for wrong answers); its first-20 time is its whole time. A classic-kit
entry folder joins as the entry `ext:DIR` (or `ext:NAME` with --ext-root),
checked and built once before anything runs (scripts/ext_entries.py).

    python3 scripts/compare.py --family dao,rooms --entries mm,jps,astar \\
        --baseline jps --rounds 3 --out results/compare
Writes OUT/compare.md (tables) and OUT/compare.csv (one row per map, entry).
Stdlib only. Exit 1 when any path was invalid, 2 on bad usage.
"""
import argparse
import csv
import os
import re
import shlex
import statistics
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ext_entries  # noqa: E402
from bench_dir import add_bench_dir  # noqa: E402,F401 (the timing scripts take it from here)

PAIR = re.compile(r"(\w+)=(\S+)")


def parse_pairs(text):
    """key=value pairs of the last line holding total_s= (a SUMMARY line)."""
    lines = [l for l in text.splitlines() if "total_s=" in l]
    return {k: v for k, v in PAIR.findall(lines[-1])} if lines else None


def maps_of(bench, family, only):
    mdir = os.path.join(bench, "maps", family)
    if not os.path.isdir(mdir):
        sys.exit("compare: %s: no such family folder" % mdir)
    out = []
    for f in sorted(os.listdir(mdir)):
        name = f[:-4]
        if f.endswith(".map") and (not only or name in only):
            scen = os.path.join(bench, "scenarios", family, f + ".scen")
            if os.path.isfile(scen):
                out.append((name, os.path.join(mdir, f), scen))
    return out


class Runner:
    """Runs args.gppc with its preprocessing in args.pre_dir; `fail(message)`
    ends the script when a run fails (default: exit 1, "compare: ...")."""

    def __init__(self, args, fail=None):
        self.args = args
        self.gppc = args.gppc
        self.pre_dir = args.pre_dir
        self.fail = fail or (lambda msg: sys.exit("compare: " + msg))
        os.makedirs(self.pre_dir, exist_ok=True)

    def gppc_run(self, spec, mode, *paths, extra=()):
        """SUMMARY's pairs of `gppc --entry SPEC MODE PATHS...` (a map and its
        scenario, or a version-2 scenario alone)."""
        cmd = [self.gppc, "--entry", spec, "--pre-dir", self.pre_dir] + list(extra) + [mode] + list(paths)
        try:
            p = subprocess.run(cmd, capture_output=True, text=True)
        except OSError as e:
            self.fail("%s: %s" % (self.gppc, e.strerror))
        pairs = parse_pairs(p.stdout)
        if p.returncode == 2 or pairs is None:
            self.fail("%s failed (exit %d): %s" % (" ".join(cmd), p.returncode, p.stderr.strip()[-400:]))
        return pairs

    def external(self, command, mp, sc):
        cmd = command.format(map=shlex.quote(mp), scen=shlex.quote(sc))
        p = subprocess.run(cmd, shell=True, capture_output=True, text=True)
        pairs = parse_pairs(p.stdout)
        if p.returncode != 0 or pairs is None:
            self.fail("%s failed (exit %d): %s" % (cmd, p.returncode, p.stderr.strip()[-400:]))
        return pairs


def number(pairs, key, default=0.0):
    try:
        return float(pairs.get(key, default))
    except ValueError:
        return default


LEAST_KEYS = ["call_cpu_least_max_us", "query_cpu_least_max_us", "call_cpu_least_p999_us"]


def least_calls(paths):
    """From the --calls files of the same replay, one a round (docs/driver-output.md):
    (the longest call, the longest query, the calls' p99.9), each call and each
    query by its least CPU reading over the rounds. A clock's spike (an
    interrupt, a page of another process) raises one round's reading of a
    call, seldom the same call's in every round, so the least reading keeps
    what the call itself costs, while the longest of one round is the worst
    spike's; on a map of a few hundred calls one round's p99.9 is its longest
    call, so it takes the least readings too (nearest rank, as the driver's)."""
    call, query = {}, {}
    for path in paths:
        per_query = {}
        with open(path) as f:
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if len(fields) < 6 or fields[0] == "query" or fields[5] == "-":
                    continue
                cpu = float(fields[5])
                key = (fields[0], fields[1])
                call[key] = min(call.get(key, cpu), cpu)
                per_query[fields[0]] = per_query.get(fields[0], 0.0) + cpu
        for q, v in per_query.items():
            query[q] = min(query.get(q, v), v)
    least = sorted(call.values())
    p999 = least[(len(least) * 999 + 999) // 1000 - 1] if least else ""
    return max(call.values(), default=""), max(query.values(), default=""), p999


def run_family(runner, family, maps, entries, externals, rounds, rows, keys=(), call_keys=()):
    """Appends one row per (map, entry) to rows; `keys`: more SUMMARY keys, each
    the median over the rounds (an empty string when the entry printed none);
    `call_keys`: SUMMARY keys of one more run of each of our entries in every
    round, after its timed runs, with the CPU clock read around every call
    (`--cpu-clock call`: its system calls slow the calls after them, so the
    timed rounds read it around whole queries only); each the median over the
    rounds like the rest, since one run's longest call is one scheduler
    slice or cache miss away from another's. Those runs also write each
    call's reading (--calls), from which LEAST_KEYS come (least_calls)."""
    names = entries + [n for n, _ in externals]
    for i, (name, mp, sc) in enumerate(maps):
        pre = {}
        for spec in entries:
            pre[spec] = runner.gppc_run(spec, "-pre", mp, sc)
        times = {n: [] for n in names}
        first20 = {n: [] for n in names}  # µs a query, each round's
        more = {n: {k: [] for k in keys} for n in names}
        last = {}
        calls_dir = tempfile.mkdtemp(prefix="compare-calls-") if call_keys else None
        calls = {n: [] for n in names}
        for r in range(rounds):
            order = names[r % len(names):] + names[:r % len(names)]
            for n in order:
                if n in entries:
                    pairs = runner.gppc_run(n, "-run", mp, sc)
                else:
                    pairs = runner.external(dict(externals)[n], mp, sc)
                times[n].append(number(pairs, "total_s"))
                # An external planner's first-20 time is its whole query's.
                first20[n].append(number(pairs, "first20_mean_us", number(pairs, "mean_us")))
                for k in keys:
                    if k in pairs:
                        more[n][k].append(number(pairs, k))
                last[n] = pairs
            for n in order if call_keys else ():
                if n in entries:
                    calls[n].append(os.path.join(calls_dir, "%d-%d" % (names.index(n), r)))
                    pairs = runner.gppc_run(n, "-run", mp, sc, extra=["--cpu-clock", "call", "--calls", calls[n][-1]])
                    for k in call_keys:
                        if k in pairs:
                            more[n].setdefault(k, []).append(number(pairs, k))
        least = {n: least_calls(calls[n]) for n in names if calls[n]}
        if calls_dir:
            shutil.rmtree(calls_dir, ignore_errors=True)
        for n in names:
            p = last[n]
            queries = number(p, "queries")
            rows.append({
                "family": family, "map": name, "entry": n, "queries": int(queries),
                "invalid": int(number(p, "invalid") + number(p, "bad")),
                "total_s": statistics.median(times[n]),
                "first20_s": statistics.median(first20[n]) * queries * 1e-6,
                "subopt_mean": number(p, "subopt_mean", 1.0), "subopt_max": number(p, "subopt_max", 1.0),
                "measured": int(number(p, "valid", queries) - number(p, "unreachable")),
                "storage_bytes": int(number(pre[n], "storage_bytes")) if n in pre else 0,
                "pre_s": number(pre[n], "pre_s") if n in pre else 0.0,
            })
            rows[-1].update({k: statistics.median(v) if v else "" for k, v in more[n].items()})
            if call_keys:
                rows[-1].update(zip(LEAST_KEYS, least.get(n, ("", "", ""))))
        print("compare: %s %d/%d %s" % (family, i + 1, len(maps), name), file=sys.stderr, flush=True)


def ratio_stats(rs, ref, limit):
    """Against per-map times `ref`: (total ratio, maps above `limit` times, worst (ratio, map))."""
    ref_total = sum(ref.get(r["map"], 0.0) for r in rs)
    ratios = [(r["total_s"] / ref[r["map"]], r["map"]) for r in rs if ref.get(r["map"])]
    tot = sum(r["total_s"] for r in rs)
    return (tot / ref_total if ref_total else None, sum(1 for x, _ in ratios if x > limit),
            max(ratios, default=None))


def family_table(rows, family, names, baseline, limit=1.5, second=None, second_limit=2.0):
    fam = [r for r in rows if r["family"] == family]
    by = {n: [r for r in fam if r["entry"] == n] for n in names}
    refs = {n: {r["map"]: r["total_s"] for r in by.get(n, [])} for n in (baseline, second) if n}
    head = ("| entry | queries | invalid | total s | mean µs | first-20 µs | subopt mean | subopt max | "
            "storage bytes | pre s | time / %s | worst map / %s | maps > %gx %s | worst map subopt mean |"
            % (baseline, baseline, limit, baseline))
    rule = "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|"
    if second:
        head += " time / %s | maps > %gx %s | worst map / %s |" % (second, second_limit, second, second)
        rule += "---:|---:|---|"
    out = ["### %s (%d maps)" % (family, len({r['map'] for r in fam})), "", head, rule]
    for n in names:
        rs = by[n]
        q = sum(r["queries"] for r in rs) or 1
        meas = sum(r["measured"] for r in rs) or 1
        tot = sum(r["total_s"] for r in rs)
        ratio, above, worst = ratio_stats(rs, refs[baseline], limit)
        worst_sub = max(((r["subopt_mean"], r["map"]) for r in rs), default=None)
        line = "| %s | %d | %d | %.3f | %.2f | %.2f | %.4f | %.3f | %d | %.1f | %s | %s | %d | %s |" % (
            n, q, sum(r["invalid"] for r in rs), tot, tot / q * 1e6, sum(r["first20_s"] for r in rs) / q * 1e6,
            sum(r["subopt_mean"] * r["measured"] for r in rs) / meas, max(r["subopt_max"] for r in rs),
            sum(r["storage_bytes"] for r in rs), sum(r["pre_s"] for r in rs),
            "%.3f" % ratio if ratio is not None else "-", "%.2f (%s)" % worst if worst else "-", above,
            "%.4f (%s)" % worst_sub if worst_sub else "-")
        if second:
            ratio2, above2, worst2 = ratio_stats(rs, refs[second], second_limit)
            line += " %s | %d | %s |" % ("%.3f" % ratio2 if ratio2 is not None else "-", above2,
                                         "%.2f (%s)" % worst2 if worst2 else "-")
        out.append(line)
    return out


def parse_externals(ap, values):
    """--external NAME=COMMAND values as (name, command) pairs; a value
    without a name, an '=' or a command is a usage error."""
    out = []
    for x in values:
        name, sep, command = x.partition("=")
        if not sep or not name or not command:
            ap.error("--external %s: expected NAME=COMMAND" % x)
        out.append((name, command))
    return out


def add_loop_args(ap):
    """--external, --rounds and --gppc, as every script that times entries
    map by map in one loop takes them (compare, reference_table, mm_paper)."""
    ap.add_argument("--external", action="append", default=[], metavar="NAME=COMMAND",
                    help="another planner in the same loop: COMMAND with {map} and {scen} prints total_s= "
                    "(repeatable; compare.py's --help)")
    ap.add_argument("--rounds", type=int, default=3, help="timed rounds per map (median taken; default 3)")
    ap.add_argument("--gppc", default=os.path.join(ROOT, "build", "gppc"), help="the driver binary")


def loop_args(ap, args):
    """Checks add_loop_args' values; returns --external's (name, command) pairs."""
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")
    return parse_externals(ap, args.external)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    add_bench_dir(ap)
    ap.add_argument("--family", required=True, help="families, comma-separated (e.g. dao,rooms)")
    ap.add_argument("--maps", help="only these map names (without .map), comma-separated")
    ap.add_argument("--entries", required=True, help="entry specs, comma-separated; options after ':' use ';' "
                    "between them here (mm:sector=16;w=1.5)")
    ap.add_argument("--baseline", help="entry (or external) the ratios are taken against (default: the first)")
    ap.add_argument("--limit", type=float, default=1.5,
                    help="count the maps where an entry takes more than this times the baseline (default 1.5)")
    ap.add_argument("--second", help="a second reference (entry or external): ratio, maps above --second-limit "
                    "times it, worst map")
    ap.add_argument("--second-limit", type=float, default=2.0, help="default 2")
    add_loop_args(ap)
    ap.add_argument("--ext-root", default="", help="folder where ext:NAME finds its entry folder")
    ap.add_argument("--pre-dir", default=os.path.join(ROOT, "results", "compare-pre"),
                    help="where preprocessing files go")
    ap.add_argument("--out", default=os.path.join(ROOT, "results", "compare"), help="output folder")
    args = ap.parse_args(argv)
    externals = loop_args(ap, args)
    entries = [e.replace(";", ",") for e in args.entries.split(",") if e]
    names = entries + [n for n, _ in externals]
    baseline = args.baseline.replace(";", ",") if args.baseline else names[0]
    if baseline not in names:
        ap.error("--baseline %s is not among the entries" % baseline)
    second = args.second.replace(";", ",") if args.second else None
    if second and second not in names:
        ap.error("--second %s is not among the entries" % second)
    if not os.access(args.gppc, os.X_OK):
        sys.exit("compare: %s not found; run make first" % args.gppc)
    entries = ext_entries.prepare(entries, args.ext_root, args.gppc, "compare")
    names = entries + [n for n, _ in externals]
    if baseline.startswith("ext:"):
        baseline = next((n for n in names if ext_entries.label(n) == ext_entries.name_of(baseline)), baseline)
    only = set(args.maps.split(",")) if args.maps else None
    runner, rows, t0 = Runner(args), [], time.time()
    families = [f for f in args.family.split(",") if f]
    for family in families:
        run_family(runner, family, maps_of(args.bench_dir, family, only), entries, externals, args.rounds, rows)
    os.makedirs(args.out, exist_ok=True)
    lines = ["# Side by side: %s" % ", ".join(names), "",
             "Each map: every entry preprocessed once, then %d interleaved rounds (order rotated per round); "
             "times are search time only (the driver's total-time), the median of the rounds per map, summed "
             "over the family. Baseline: %s. Wall time of this run: %.0f s." % (args.rounds, baseline,
                                                                              time.time() - t0), ""]
    for family in families:
        lines += family_table(rows, family, names, baseline, args.limit, second, args.second_limit) + [""]
    with open(os.path.join(args.out, "compare.md"), "w") as f:
        f.write("\n".join(lines))
    with open(os.path.join(args.out, "compare.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()) if rows else ["family"])
        w.writeheader()
        w.writerows(rows)
    print("\n".join(lines))
    return 1 if any(r["invalid"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
