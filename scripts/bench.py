#!/usr/bin/env python3
"""Reference measurements other than timing, one command per table.

Timing claims are scripts/compare.py's (entries interleaved map by map,
median of rounds); the four-family table is scripts/reference_table.py's.
This script runs the other measurements a reference table holds, over the
same map selection, for one or more driver binaries (--gppc NAME=BIN, e.g.
the code before and after a change) and entries, one map at a time:

  check         build/gppc -check: exit code, invalid paths, paths over the
                entry's bound, subopt max
  counters      SUMMARY keys of one run (--keys; --mode pre|full), e.g.
                abs_bytes, ch_bytes, prune_diag
  build         -pre of every (binary, entry) back to back per map: wall
                seconds, peak resident memory of the process (kB), the
                preprocessing file's size and md5 (equal md5: same file)
  instructions  callgrind instruction count (Ir) inside --function (e.g.
                mm_get_path) over a -full run; needs valgrind
  paths         md5 of the --csv path columns (experiment_id, path_size,
                path_length, ref_length) of a -full run: equal sums, equal
                paths' sizes and lengths

    python3 scripts/bench.py check --family dao --entries jps+,ch --out results/reference/x/check.csv
    python3 scripts/bench.py build --family dao --entries ch --gppc old=/tmp/old/gppc \\
        --gppc new=build/gppc --out results/reference/x/ch-build.csv

Map selection: --family (comma-separated), --maps NAME,..., --every N (every
Nth map of each family in name order, from the first); --queries-every N runs
every Nth query of each scenario (a subset file in the scratch folder).
Writes OUT (.csv, one row per binary, entry and map) and OUT with .md: the
same rows as a table under the command that made them. Preprocessing files
go to a scratch folder that is removed afterwards (--pre-dir keeps them).
Exit 1 when a run fails (check: any exit but 0), 2 on bad usage. Stdlib only.
"""
import argparse
import csv
import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import ROOT, add_bench_dir, maps_of  # noqa: E402
from gppc_output import parse_summary, pre_counters  # noqa: E402

# --csv columns hashed by `paths`: experiment_id,path_size,path_length,ref_length (not map and scen, the
# file names, so runs from different folders compare)
CSV_PATH_COLUMNS = slice(2, 6)
GNU_TIME = "/usr/bin/time"
KINDS = ("check", "counters", "build", "instructions", "paths")


def die(msg):
    print("bench: " + msg, file=sys.stderr)
    sys.exit(2)


def select_maps(args):
    only = set(args.maps.split(",")) if args.maps else None
    out = []
    for family in filter(None, args.family.split(",")):
        maps = maps_of(args.bench_dir, family, only)
        if only is None and args.every > 1:
            maps = maps[::args.every]
        out += [(family, name, mp, sc) for name, mp, sc in maps]
    if not out:
        die("no map selected (--family %s%s)" % (args.family, " --maps " + args.maps if args.maps else ""))
    return out


def subset_scen(scen, every, scratch):
    """Every Nth query of `scen` (its version line kept) in a scratch file."""
    if every <= 1:
        return scen
    with open(scen) as f:
        lines = f.readlines()
    head = [l for l in lines[:1] if l.split()[:1] == ["version"]]
    body = lines[len(head):]
    path = os.path.join(scratch, os.path.basename(scen))
    with open(path, "w") as f:
        f.writelines(head + body[::every])
    return path


def run(cmd):
    """Runs cmd; (exit code, stdout, stderr, wall seconds)."""
    t0 = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr, time.monotonic() - t0


def peak_run(cmd, scratch):
    """Runs cmd with stdout discarded under GNU time; (exit code, wall seconds, peak RSS kB, stderr).
    GNU time, not os.wait4: a child forked from this Python inherits its resident high-water mark."""
    times = os.path.join(scratch, "time.txt")
    p = subprocess.run([GNU_TIME, "-f", "%e %M", "-o", times] + cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    with open(times) as f:
        last = f.read().split("\n")[-2].split()
    return p.returncode, float(last[0]), int(last[1]), p.stderr


def failed(cmd, code, err):
    print("bench: %s failed (exit %d): %s" % (" ".join(map(shlex.quote, cmd)), code, err.strip()[-400:]),
          file=sys.stderr)


def plain(v):
    """A SUMMARY value as printed: 2733.0 -> 2733."""
    return int(v) if isinstance(v, float) and v.is_integer() else v


def file_md5(path):
    h = hashlib.md5()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def measure(kind, args, binary, entry, mp, sc, pre, scratch):
    """One row's measured columns for (binary, entry, map); None when the run failed."""
    base = [binary, "--entry", entry, "--pre-dir", pre]
    if kind == "check":
        cmd = base + ["-check", mp, sc]
        code, out, err, _ = run(cmd)
        s = parse_summary(out)
        if code == 2 or s is None:
            failed(cmd, code, err)
            return None
        return {"exit": code, "queries": int(s.get("queries", 0)), "invalid": int(s.get("invalid", 0)),
                "over_bound": int(s.get("over_bound", 0)), "subopt_max": plain(s.get("subopt_max", ""))}
    if kind == "counters":
        cmd = base + (["-pre", mp, "none"] if args.mode == "pre" else ["-full", mp, sc])
        if args.mode == "pre":  # the counters of the loaded file (-pre prepares no instance)
            code, s, err = pre_counters(base, mp)
        else:
            code, out, err, _ = run(cmd)
            s = parse_summary(out)
        if code != 0 or s is None:
            failed(cmd, code, err)
            return None
        return {k: plain(s.get(k, "")) for k in args.keys.split(",")}
    if kind == "build":
        cmd = base + ["-pre", mp, "none"]
        code, wall, peak, err = peak_run(cmd, scratch)
        if code != 0:
            failed(cmd, code, err)
            return None
        files = [os.path.join(pre, f) for f in os.listdir(pre) if f.endswith(".pre")]
        newest = max(files, key=os.path.getmtime) if files else None
        row = {"pre_wall_s": "%.2f" % wall, "peak_kb": peak,
               "storage_bytes": os.path.getsize(newest) if newest else 0,
               "file_md5": file_md5(newest) if newest else ""}
        for f in files:
            os.remove(f)
        return row
    if kind == "instructions":
        out_file = os.path.join(scratch, "callgrind.out")
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out_file,
               "--toggle-collect=" + args.function] + base + ["-full", mp, sc]
        code, _, err, _ = run(cmd)
        if code != 0:
            failed(cmd, code, err)
            return None
        with open(out_file) as f:
            totals = [l.split()[1] for l in f if l.startswith("totals:") or l.startswith("summary:")]
        return {"function": args.function, "Ir": int(totals[-1]) if totals else 0}
    # paths
    csv_file = os.path.join(scratch, "paths.csv")
    cmd = base + ["--csv", csv_file, "-full", mp, sc]
    code, out, err, _ = run(cmd)
    if code == 2 or not os.path.isfile(csv_file):
        failed(cmd, code, err)
        return None
    h, n = hashlib.md5(), 0
    with open(csv_file) as f:
        for line in f:
            h.update((",".join(line.rstrip("\n").split(",")[CSV_PATH_COLUMNS]) + "\n").encode())
            n += 1
    os.remove(csv_file)
    return {"exit": code, "queries": n - 1, "md5": h.hexdigest()}


def write_tables(out, command, rows):
    fields = list(rows[0].keys())
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    tmp = out + ".tmp"
    with open(tmp, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, out)
    md = os.path.splitext(out)[0] + ".md"
    lines = ["Made by:", "", "    " + command, "",
             "| " + " | ".join(fields) + " |", "|" + "---|" * len(fields)]
    lines += ["| " + " | ".join(str(r[k]) for k in fields) + " |" for r in rows]
    with open(md + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(md + ".tmp", md)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("kind", choices=KINDS, help="what to measure (above)")
    add_bench_dir(ap)
    ap.add_argument("--family", required=True, help="families, comma-separated")
    ap.add_argument("--maps", help="only these map names (without .map), comma-separated")
    ap.add_argument("--every", type=int, default=1, help="every Nth map of each family (default 1: all)")
    ap.add_argument("--queries-every", type=int, default=1, help="every Nth query of each scenario (default 1)")
    ap.add_argument("--entries", default="mm", help="entry specs, comma-separated; ';' between an entry's "
                    "options (mm:sector=8;w=2); default mm")
    ap.add_argument("--gppc", action="append", default=[], metavar="NAME=BIN",
                    help="a driver binary and its column name (repeat to compare; default build=build/gppc)")
    ap.add_argument("--keys", help="counters: SUMMARY keys, comma-separated")
    ap.add_argument("--mode", choices=("pre", "full"), default="pre", help="counters: -pre MAP none or -full")
    ap.add_argument("--function", help="instructions: the function whose calls are counted (e.g. mm_get_path)")
    ap.add_argument("--pre-dir", help="keep preprocessing files here (default: a scratch folder, removed)")
    ap.add_argument("--out", required=True, help="the CSV to write (the table beside it as .md)")
    args = ap.parse_args(argv)
    if args.every < 1 or args.queries_every < 1:
        ap.error("--every and --queries-every must be at least 1")
    if args.kind == "counters" and not args.keys:
        ap.error("counters needs --keys")
    if args.kind == "instructions":
        if not args.function:
            ap.error("instructions needs --function")
        if not shutil.which("valgrind"):
            die("instructions needs valgrind (apt-get install valgrind)")
    if args.kind == "build" and not os.access(GNU_TIME, os.X_OK):
        die("build needs GNU time at %s (apt-get install time)" % GNU_TIME)
    if args.kind == "build" and args.pre_dir:
        ap.error("build measures each file alone in a scratch folder; no --pre-dir")
    binaries = []
    for spec in args.gppc or ["build=" + os.path.join(ROOT, "build", "gppc")]:
        name, eq, path = spec.partition("=")
        if not eq or not name or not path:
            ap.error("--gppc %s: expected NAME=BIN" % spec)
        if not os.access(path, os.X_OK):
            die("--gppc %s: %s is not an executable (run make first)" % (spec, path))
        binaries.append((name, path))
    args.binaries = binaries
    args.entry_list = [e.replace(";", ",") for e in args.entries.split(",") if e]
    return args


def main(argv):
    args = parse_args(argv)
    maps = select_maps(args)
    command = "python3 scripts/bench.py " + " ".join(map(shlex.quote, argv))
    rows, bad = [], 0
    scratch = tempfile.mkdtemp(prefix="gppc-bench-")
    try:
        for i, (family, name, mp, sc) in enumerate(maps):
            sub = subset_scen(sc, args.queries_every, scratch)
            for bname, binary in args.binaries:
                for entry in args.entry_list:
                    pre = args.pre_dir or os.path.join(scratch, "pre-" + bname)
                    os.makedirs(pre, exist_ok=True)
                    got = measure(args.kind, args, binary, entry, mp, sub, pre, scratch)
                    if got is None:
                        bad += 1
                        continue
                    if args.kind == "check" and got["exit"] != 0:
                        bad += 1
                    row = {"binary": bname, "entry": entry, "family": family, "map": name}
                    row.update(got)
                    rows.append(row)
            print("bench: %s %d/%d %s" % (args.kind, i + 1, len(maps), name), file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if rows:
        write_tables(args.out, command, rows)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
