#!/usr/bin/env python3
"""Issue #31's acceptance ("mm as its paper promised"): mm against jps, jps+,
ch, sub and warthog's jps2+ on whole families, one PASS/FAIL line per check.

    python3 scripts/mm_paper.py --families dao,rooms,random,mazes \\
        --external 'jps2+=WARTHOG {map} {scen}' \\
        --work results/mm-paper-work --out results/reference/mm-paper/acceptance.md

Timing is scripts/compare.py's loop (run_family): per map every entry
preprocessed once, then ROUNDS rounds with the order rotated, each SUMMARY
figure the median over the rounds; the per-call CPU figures (call_cpu_*) come
from one more run of each of our entries a round with `--cpu-clock call`
(their median too), because reading that clock around every call slows the
calls themselves. An external classic-kit entry joins as
--ext DIR (scripts/ext_entries.py builds it once); a planner that is not a
kit entry (warthog-jps's own program, built outside the tree) joins as
--external NAME=COMMAND, as in compare.py: COMMAND, with {map} and {scen},
prints a line holding total_s= (its own timer; our driver neither times its
calls nor checks its paths, so its call, memory and invalid figures are
empty). --jps2 names the one the time checks compare with (default: the
first --external, else the first --ext). Each finished map's rows
are appended to WORK/FAMILY/time.csv, so a stopped run resumes, a family can
be run alone, and --every FAMILY=N (every Nth map, from the first) times a
subset that a later run with a smaller N extends; --table-only writes the
tables from WORK without running anything. The tables say how many of each
family's maps they hold.

The checks, per family (issue #31 "Acceptance"; the driver's SUMMARY keys:
docs/driver-output.md):
  memory      mm_bytes (everything an mm instance holds at its peak, from mm's
              SUMMARY; n/a when this mm does not print it) <= 64 KB + 3 bits per
              map cell, every map
  rss         mem_kb (what the entry adds to the process) of mm the smallest of
              all entries on every map of at least 256x256 cells
  longest     mm's longest call by the thread's CPU clock <= 1/4 of the longest
              whole query (CPU clock) of the fastest optimal entry on the map;
              each call and each query read at its least over the rounds
              (compare.py least_calls: a spike of the clock in one round is
              not the call's cost), the longest of one round where the rows
              predate those figures
              (the timer's floor, SUMMARY call_cpu_floor_us, is shown, and a
              map whose limit is below it is named: it still counts as over)
  p99.9       mm's per-call p99.9 by the CPU clock <= 30 us, every dao map,
              over each call's least reading as the longest call
  time        mm total <= the jps2+ entry's per family, <= 2x on every map;
              <= jps+ per family; mm's first-20 total <= ch's whole total
  quality     subopt mean <= 1.005 dao, 1.03 rooms and random, 1.01 mazes;
              no query above 1.3
  invalid     0 invalid paths (every entry's count is shown)
Then where mm is slower than the jps2+ entry: the maps, worst first, with
mm's per-call profile there. Writes OUT (markdown) and OUT with .csv (the
per-map medians). Exit 1 when a check fails, 2 on bad usage. Stdlib only.
"""
import argparse
import os
import shlex
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ext_entries  # noqa: E402
from compare import (LEAST_KEYS, ROOT, Runner, add_bench_dir, add_loop_args, loop_args, maps_of,  # noqa: E402
                     run_family)
from provenance import made_at  # noqa: E402
from reference_table import TIME_FIELDS, append_rows, numeric, per_family, read_rows  # noqa: E402
from run_suite import map_cells  # noqa: E402

FAMILIES = ["dao", "rooms", "random", "mazes"]
OPTIMAL = ["jps", "jps+", "ch", "sub"]  # with the jps2+ entry: the optimal entries
KEYS = ["mean_us", "first20_mean_us", "step_mean_us", "call_p99_us", "call_p999_us", "call_max_us",
        "query_max_us", "query_cpu_max_us", "mem_kb", "mm_bytes"]
# runs with --cpu-clock call, one a round; call_cpu_floor_us: the driver's timed call of a GetPath that
# returns at once (driver.h call_times_floor), below which no limit on a longest call can be met
CALL_KEYS = ["call_cpu_p99_us", "call_cpu_p999_us", "call_cpu_max_us", "call_cpu_floor_us"]
FIELDS = TIME_FIELDS + ["cells"] + KEYS + CALL_KEYS + LEAST_KEYS
MEMORY_BYTES = lambda cells: 64 * 1024 + 3 * cells / 8.0  # noqa: E731  (64 KB + 3 bits per cell)
BIG_MAP_CELLS = 256 * 256
CALL_SHARE = 0.25
P999_LIMIT_US, P999_FAMILY = 30.0, "dao"
SUBOPT_MEAN = {"dao": 1.005, "rooms": 1.03, "random": 1.03, "mazes": 1.01}
SUBOPT_MAX = 1.3
MAP_RATIO = 2.0


def as_rows(path):
    """WORK/FAMILY/time.csv back to numbers; a SUMMARY key the entry did not print is None."""
    rows = numeric(read_rows(path))
    for r in rows:
        r["cells"] = int(r["cells"])
        for k in KEYS + CALL_KEYS + LEAST_KEYS:
            r[k] = float(r[k]) if r.get(k, "") != "" else None
    return rows


def time_family(args, runner, family, specs):
    path = os.path.join(args.work, family, "time.csv")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    done = {r["map"] for r in read_rows(path)}
    maps = maps_of(args.bench_dir, family, args.only)[::args.every.get(family, 1)]
    for k, (name, mp, sc) in enumerate(maps):
        if name in done:
            continue
        rows = []
        run_family(runner, family, [(name, mp, sc)], specs, args.externals, args.rounds, rows, KEYS, CALL_KEYS)
        cells = map_cells(mp)
        for r in rows:
            r["entry"] = ext_entries.label(r["entry"])
            r["cells"] = cells
        append_rows(path, FIELDS, rows)


def longest(r, least, single):
    """A row's figure by each call's (query's) least reading over the rounds
    when it has one, else the median of the rounds' longest."""
    return r[least] if r.get(least) is not None else r[single]


def by_map(rows):
    out = {}
    for r in rows:
        out.setdefault(r["map"], {})[r["entry"]] = r
    return out


def verdict(ok):
    return "n/a" if ok is None else "PASS" if ok else "FAIL"


def longest_calls(maps, jps2):
    """Per map: mm's longest call against 1/4 of the fastest optimal entry's
    longest query, both by their least readings over the rounds, or both by
    the rounds' longest where the rows predate those; with the timer's floor
    (None where the driver predates it)."""
    opt = OPTIMAL + [jps2]
    out = []
    for m, e in maps.items():
        r = e.get("mm")
        # An external planner's own timer gives no CPU figure per query.
        cand = [(x["total_s"], name) for name, x in e.items() if name in opt and x["query_cpu_max_us"] is not None]
        if r is None or not cand or r["call_cpu_max_us"] is None:
            continue
        fastest = e[min(cand)[1]]
        least = r["call_cpu_least_max_us"] is not None and fastest["query_cpu_least_max_us"] is not None
        call = r["call_cpu_least_max_us"] if least else r["call_cpu_max_us"]
        query = (fastest["query_cpu_least_max_us"] if least else fastest["query_cpu_max_us"]) or 0.0
        limit = CALL_SHARE * query
        out.append({"map": m, "call": call, "who": fastest["entry"], "query": query, "limit": limit,
                    "ratio": call / limit if limit else float("inf"), "floor": r.get("call_cpu_floor_us")})
    return out


def longest_table(rows, jps2):
    """The maps whose longest call is over its limit, worst first."""
    over = sorted((c for c in longest_calls(by_map(rows), jps2) if c["call"] > c["limit"]),
                  key=lambda c: (-c["ratio"], c["map"]))
    if not over:
        return []
    fl = lambda c: "%.2f" % c["floor"] if c["floor"] is not None else "-"  # noqa: E731
    return ["| map | mm longest call CPU µs | fastest optimal | its longest query µs | limit µs | over | "
            "timer floor µs |", "|---|---:|---|---:|---:|---:|---:|"] + [
        "| %s | %.2f | %s | %.2f | %.2f | %.2fx | %s |" % (c["map"], c["call"], c["who"], c["query"], c["limit"],
                                                       c["ratio"], fl(c)) for c in over]


def checks(family, rows, jps2):
    """[(check, verdict, numbers)] for mm on one family's rows."""
    maps = by_map(rows)
    mm = {m: e["mm"] for m, e in maps.items() if "mm" in e}
    out = []
    # memory: the instance
    mem = [(r["mm_bytes"], MEMORY_BYTES(r["cells"]), m) for m, r in mm.items() if r["mm_bytes"] is not None]
    if len(mem) < len(mm):
        out.append(("mm instance <= 64 KB + 3 bits/cell, every map", None,
                    "mm prints no mm_bytes on %d of %d maps" % (len(mm) - len(mem), len(mm))))
    else:
        worst = max(mem, key=lambda x: x[0] / x[1])
        over = sum(1 for b, lim, _ in mem if b > lim)
        out.append(("mm instance <= 64 KB + 3 bits/cell, every map", over == 0,
                    "%d of %d maps over; worst %s: %d B against %d B (%.2fx)"
                    % (over, len(mem), worst[2], worst[0], worst[1], worst[0] / worst[1])))
    # memory: what each entry adds to the process
    big = [m for m, r in mm.items() if r["cells"] >= BIG_MAP_CELLS]
    lost = []
    for m in big:
        others = [(e["mem_kb"], n) for n, e in maps[m].items() if n != "mm" and e["mem_kb"] is not None]
        least = min(others, default=None)
        if least and mm[m]["mem_kb"] > least[0]:
            lost.append((mm[m]["mem_kb"] / max(least[0], 1), m, mm[m]["mem_kb"], least))
    text = "mm smallest on %d of %d maps of >= 256x256 cells" % (len(big) - len(lost), len(big))
    if lost:
        r, m, kb, (okb, who) = max(lost)
        text += "; worst %s: mm %d kB, %s %d kB (%.2fx)" % (m, kb, who, okb, r)
    out.append(("RSS added by mm the least of all entries, maps >= 256x256", not lost if big else None, text))
    # the longest call against the fastest optimal entry's longest query
    calls = longest_calls(maps, jps2)
    over = [c for c in calls if c["call"] > c["limit"]]
    worst = max(calls, key=lambda c: c["ratio"], default=None)
    text = ("%d of %d maps over; worst %s: mm %.1f µs, %s's longest query %.1f µs (limit %.1f, %.2fx)"
            % (len(over), len(calls), worst["map"], worst["call"], worst["who"], worst["query"], worst["limit"],
               worst["ratio"]) if worst else "no data")
    floors = [c["floor"] for c in calls if c["floor"] is not None]
    if floors:
        low = sorted(c["map"] for c in over if c["floor"] is not None and c["limit"] < c["floor"])
        text += "; the timer's floor %.2f-%.2f µs, %s" % (
            min(floors), max(floors), "limit below it on %s (counted over)" % ", ".join(low) if low
            else "no limit below it")
    out.append(("mm's longest call (CPU) <= 1/4 of the fastest optimal entry's longest query (CPU), every map",
                not over if calls else None, text))
    # per-call p99.9
    p = [(longest(r, "call_cpu_least_p999_us", "call_cpu_p999_us"), r["call_p999_us"], m) for m, r in mm.items()
         if r["call_cpu_p999_us"] is not None]
    if p:
        top = max(p)
        above = sum(1 for c, _, _ in p if c > P999_LIMIT_US)
        text = "%d of %d maps above %g µs; worst %s: %.1f µs CPU (%.1f wall); median %.1f µs" % (
            above, len(p), P999_LIMIT_US, top[2], top[0], top[1], statistics.median(c for c, _, _ in p))
        out.append(("mm per-call p99.9 (CPU) <= 30 µs, every %s map" % P999_FAMILY,
                    above == 0 if family == P999_FAMILY else None,
                    text + ("" if family == P999_FAMILY else " (checked on %s only)" % P999_FAMILY)))
    # time
    total = lambda name, key="total_s": sum(e[name][key] for e in maps.values() if name in e)  # noqa: E731
    both = [m for m, e in maps.items() if "mm" in e and jps2 in e]
    if both:
        t_mm, t_j2 = sum(maps[m]["mm"]["total_s"] for m in both), sum(maps[m][jps2]["total_s"] for m in both)
        out.append(("mm total <= %s's, family" % jps2, t_mm <= t_j2,
                    "%.3f s against %.3f s (%.2fx)" % (t_mm, t_j2, t_mm / t_j2)))
        ratios = sorted(((maps[m]["mm"]["total_s"] / maps[m][jps2]["total_s"], m) for m in both), reverse=True)
        above = [x for x in ratios if x[0] > MAP_RATIO]
        out.append(("mm total <= 2x %s's, every map" % jps2, not above,
                    "%d of %d maps above 2x; mm slower on %d; worst %s" % (
                        len(above), len(ratios), sum(1 for x in ratios if x[0] > 1),
                        ", ".join("%s %.2fx" % (m, x) for x, m in ratios[:5]))))
    for name, key, what in (("jps+", "total_s", "mm total <= jps+'s, family"),
                            ("ch", "total_s", "mm first-20 total <= ch's whole-query total, family")):
        if any(name in e for e in maps.values()):
            mine = total("mm", "first20_s" if name == "ch" else "total_s")
            theirs = total(name, key)
            out.append((what, mine <= theirs, "%.3f s against %.3f s (%.2fx)" % (mine, theirs, mine / theirs)))
    # quality and validity
    meas = sum(r["measured"] for r in mm.values()) or 1
    mean = sum(r["subopt_mean"] * r["measured"] for r in mm.values()) / meas
    limit = SUBOPT_MEAN.get(family)
    top = max(((r["subopt_max"], m) for m, r in mm.items()), default=(0, "-"))
    out.append(("mm subopt mean <= %s" % limit, mean <= limit if limit else None, "%.4f" % mean))
    out.append(("mm subopt max <= %g" % SUBOPT_MAX, top[0] <= SUBOPT_MAX, "%.4f (%s)" % top))
    inv = {}
    for e in maps.values():
        for name, r in e.items():
            inv[name] = inv.get(name, 0) + r["invalid"]
    out.append(("mm 0 invalid", inv.get("mm", 0) == 0,
                "invalid paths: " + ", ".join("%s %d" % kv for kv in sorted(inv.items()))))
    return out


def entry_table(rows, names, jps2):
    """One line per entry over the family: totals, calls, memory."""
    head = ["| entry | maps | queries | invalid | total s | / %s | first-20 s | mean µs | call p99.9 CPU µs, "
            "worst map | longest call CPU µs | longest query CPU µs | RSS added kB, median | max | subopt mean |"
            " subopt max |" % jps2,
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    maps = by_map(rows)
    for n in names:
        rs = [e[n] for e in maps.values() if n in e]
        if not rs:
            continue
        q = sum(r["queries"] for r in rs)
        tot = sum(r["total_s"] for r in rs)
        j2 = sum(maps[r["map"]][jps2]["total_s"] for r in rs if jps2 in maps[r["map"]])
        meas = sum(r["measured"] for r in rs) or 1
        mems = [r["mem_kb"] for r in rs if r["mem_kb"] is not None]
        def num(k, least=None):
            vals = (longest(r, least, k) if least else r[k] for r in rs)
            return max((v for v in vals if v is not None), default=0.0)
        head.append("| %s | %d | %d | %d | %.3f | %s | %.3f | %.2f | %.1f | %.1f | %.1f | %s | %s | %.4f | %.3f |" % (
            n, len(rs), q, sum(r["invalid"] for r in rs), tot, "%.2f" % (tot / j2) if j2 else "-",
            sum(r["first20_s"] for r in rs), tot / max(q, 1) * 1e6, num("call_cpu_p999_us", "call_cpu_least_p999_us"),
            num("call_cpu_max_us", "call_cpu_least_max_us"), num("query_cpu_max_us", "query_cpu_least_max_us"), "%d" % statistics.median(mems) if mems else "-",
            "%d" % max(mems) if mems else "-", sum(r["subopt_mean"] * r["measured"] for r in rs) / meas,
            max(r["subopt_max"] for r in rs)))
    return head


def losses(rows, jps2, top=15):
    """The maps where mm is slower than jps2, worst first, with mm's per-call profile."""
    maps = by_map(rows)
    lost = []
    for m, e in maps.items():
        if "mm" in e and jps2 in e and e[jps2]["total_s"] > 0 and e["mm"]["total_s"] > e[jps2]["total_s"]:
            lost.append((e["mm"]["total_s"] / e[jps2]["total_s"], m, e["mm"], e[jps2]))
    lost.sort(key=lambda x: (-x[0], x[1]))
    out = ["mm slower than %s on %d of %d maps%s" % (jps2, len(lost), len(maps),
                                                      ", the worst %d below." % min(top, len(lost)) if lost else ".")]
    if not lost:
        return out
    out += ["", "| map | cells | mm / %s | mm mean µs | %s mean µs | mm calls per query | mm first-20 / total |"
                " mm call p99 CPU µs | p99.9 | longest call CPU µs | mm subopt mean |" % (jps2, jps2),
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for ratio, m, r, j in lost[:top]:
        calls = r["mean_us"] / r["step_mean_us"] if r["mean_us"] and r["step_mean_us"] else 0.0
        out.append("| %s | %d | %.2f | %.2f | %.2f | %.1f | %.2f | %.1f | %.1f | %.1f | %.4f |" % (
            m, r["cells"], ratio, r["total_s"] / r["queries"] * 1e6, j["total_s"] / j["queries"] * 1e6, calls,
            r["first20_s"] / r["total_s"] if r["total_s"] else 0.0, r["call_cpu_p99_us"] or 0.0,
            longest(r, "call_cpu_least_p999_us", "call_cpu_p999_us") or 0.0,
            longest(r, "call_cpu_least_max_us", "call_cpu_max_us") or 0.0,
            r["subopt_mean"]))
    return out


def write_tables(args, argv, names, wall):
    lines = ["# mm against the paper's promise (issue #31): acceptance per family", "",
             "Made by `python3 scripts/mm_paper.py %s` at %s (this invocation's wall time %.0f s; the "
             "tables hold every map WORK has, from earlier invocations too)." % (
                 " ".join(map(shlex.quote, argv)), made_at(args.gppc), wall), "",
             "Per map: every entry preprocessed once, then %d interleaved rounds (order rotated), each figure the "
             "median over the rounds. Times are GetPath time (the driver's total-time); CPU figures are the thread's "
             "CPU clock (docs/driver-output.md); the longest call and the longest query are each call's and each query's "
             "least reading over the rounds (scripts/compare.py least_calls), then the most of those, and the calls' "
             "p99.9 is taken over those least readings. The time checks "
             "compare with %s." % (args.rounds, args.jps2), ""]
    bad, all_rows = False, []
    for family in args.families:
        rows = as_rows(os.path.join(args.work, family, "time.csv"))
        if not rows:
            continue
        all_rows += rows
        total = len(maps_of(args.bench_dir, family, args.only))
        lines += ["## %s: %d of %d maps" % (family, len(by_map(rows)), total), "",
                  "| check | verdict | measured |", "|---|---|---|"]
        for what, ok, text in checks(family, rows, args.jps2):
            bad = bad or ok is False
            lines.append("| %s | %s | %s |" % (what, verdict(ok), text))
        present = [n for n in names if any(r["entry"] == n for r in rows)]
        lines += ["", "Per entry:", ""] + entry_table(rows, present, args.jps2) + [""]
        over = longest_table(rows, args.jps2)
        if over:
            lines += ["mm's longest call over its limit:", ""] + over + [""]
        lines += losses(rows, args.jps2) + [""]
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out + ".tmp", "w") as f:
        f.write("\n".join(lines))
    os.replace(args.out + ".tmp", args.out)
    csv_out = os.path.splitext(args.out)[0] + ".csv"
    if os.path.exists(csv_out + ".tmp"):
        os.remove(csv_out + ".tmp")
    append_rows(csv_out + ".tmp", FIELDS, [{k: ("" if r[k] is None else r[k]) for k in FIELDS} for r in all_rows])
    os.replace(csv_out + ".tmp", csv_out)
    print("\n".join(lines))
    return bad


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    add_bench_dir(ap)
    ap.add_argument("--families", default=",".join(FAMILIES), help="comma-separated (default all four)")
    ap.add_argument("--maps", help="only these map names (without .map), comma-separated")
    ap.add_argument("--every", default="1", help="every Nth map: N, or FAMILY=N,... (default 1: all)")
    ap.add_argument("--entries", default="mm,jps,jps+,ch,sub", help="our entries (default mm,jps,jps+,ch,sub)")
    ap.add_argument("--ext", action="append", default=[], metavar="DIR",
                    help="a classic-kit entry folder in the same loop (repeatable)")
    add_loop_args(ap)
    ap.add_argument("--jps2", help="the entry the time checks compare with (default: the first --external's "
                    "name, else the first --ext's)")
    ap.add_argument("--work", default=os.path.join(ROOT, "results", "mm-paper-work"),
                    help="per-family rows and preprocessing files (resumed; default results/mm-paper-work)")
    ap.add_argument("--table-only", action="store_true", help="write the tables from WORK, run nothing")
    ap.add_argument("--out", default=os.path.join(ROOT, "results", "reference", "mm-paper", "acceptance.md"))
    args = ap.parse_args(argv)
    args.families = [f for f in args.families.split(",") if f]
    args.every = per_family(args.every, "--every")
    args.only = set(args.maps.split(",")) if args.maps else None
    args.externals = loop_args(ap, args)
    entries = [e for e in args.entries.split(",") if e]
    if "mm" not in entries:
        ap.error("--entries must hold mm")
    if not os.access(args.gppc, os.X_OK):
        sys.exit("mm_paper: %s not found; run make first" % args.gppc)
    exts = ["ext:" + os.path.abspath(d) for d in args.ext]
    args.jps2 = args.jps2 or (args.externals[0][0] if args.externals else
                              ext_entries.name_of(exts[0]) if exts else None)
    if not args.jps2:
        ap.error("give --external NAME=COMMAND or --ext DIR (warthog's jps2+), or --jps2 NAME")
    names = entries + [ext_entries.name_of(x) for x in exts] + [n for n, _ in args.externals]
    if len(set(names)) < len(names):
        ap.error("two entries share a name: %s" % ", ".join(names))
    if args.jps2 not in names:
        ap.error("--jps2 %s is not among the entries %s" % (args.jps2, ", ".join(names)))
    t0 = time.time()
    if not args.table_only:
        specs = ext_entries.prepare(entries + exts, "", args.gppc, "mm_paper")
        args.pre_dir = os.path.join(args.work, "pre")
        runner = Runner(args)
        for family in args.families:
            time_family(args, runner, family, specs)
    return 1 if write_tables(args, argv, names, time.time() - t0) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
