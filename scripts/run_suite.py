#!/usr/bin/env python3
"""Run a benchmark family (or several) through one or more entries.

Every (entry, map) pair is one job: `build/gppc --entry SPEC --csv ... --csv-extra -full MAP SCEN`,
its stdout kept as OUT/raw/<entry>/<family>/<map>.txt beside the .csv. A job
whose .txt already ends in a SUMMARY line is skipped, so a stopped run resumes.
OUT/raw/RUN records the gppc binary's SHA-256, --mode and --repeat; results from
another build or settings are never mixed in: that raw/ is moved aside to
raw.stale-N and the run starts over (so `make bench` after a code change measures
the new code).
An invalid path (driver exit 1) or bad input (exit 2) stops the whole suite
with the map, the entry and the driver's message; `--bad-queries skip` passes
the driver's own flag, so queries with a blocked or outside start or goal are
left out and counted (summary.md lists every map's `bad_queries`). An
external entry (`ext:DIR`, a classic-kit entry folder; scripts/ext_entries.py)
is built once before any job, and its failures are results: a crash, an exit,
the time limit or an invalid path is one line naming entry, map, query and
reason, a FAILED line in its .txt, and the suite goes on. At the end
aggregate.py writes OUT/summary.md and OUT/summary.csv, criteria.py
OUT/criteria.md, OUT/criteria.csv and the frontier plots, plot.py the plots,
draw_paths.py the path pictures (OUT/paths/) and results_page.py one page of
it all, OUT/results.html.

    python3 scripts/run_suite.py --bench-dir ../shared/benchmarks --family dao \\
        --entries astar,jps -j 2 --out results/dao

`--shard K/N` runs every Nth map only; `run_suite.py merge --out DIR SHARD...`
combines shard folders into one (scripts/suite_shard.py).
"""
import argparse
import hashlib
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gppc_output import parse_summary  # noqa: E402
from provenance import binary_revision  # noqa: E402
from suite_shard import finish_suite, merge_main, parse_shard, record_host, shard_jobs  # noqa: E402
import ext_entries  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def split_entries(text):
    """'mm:sector=16,w=1.5,astar' -> ['mm:sector=16,w=1.5', 'astar']: a piece with
    '=' but no ':' continues the previous entry's options."""
    specs = []
    for piece in filter(None, text.split(",")):
        if "=" in piece and ":" not in piece and specs:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def entry_tag(spec):
    """Folder-safe name of an entry spec: 'mm:w=1.5,n=2' -> 'mm_w=1.5_n=2'; ext:DIR -> ext_NAME."""
    if ext_entries.is_ext(spec):
        return "ext_" + ext_entries.name_of(spec)
    return spec.replace(":", "_").replace(",", "_").replace("/", "_").replace("%", "p")


def registered_entries(gppc):
    """Entry names listed by `build/gppc --help`, less those marked
    "[not in the default suite]" (too slow for every family; run them by name)."""
    out = subprocess.run([gppc, "--help"], capture_output=True, text=True).stdout
    names, listing = [], False
    for line in out.splitlines():
        if line.startswith("entries"):
            listing = True
        elif listing and line.startswith("  ") and not line.startswith("   ") and \
                "[not in the default suite]" not in line:  # deeper lines are the entry's options
            names.append(line.split()[0])
    return names


def find_jobs(bench_dir, families, specs, maps=None):
    maps_root = os.path.join(bench_dir, "maps")
    if not os.path.isdir(maps_root):
        sys.exit("run_suite: %s has no maps/ folder" % bench_dir)
    fams = families or sorted(d for d in os.listdir(maps_root) if os.path.isdir(os.path.join(maps_root, d)))
    jobs = []
    for fam in fams:
        mdir = os.path.join(maps_root, fam)
        if not os.path.isdir(mdir):
            sys.exit("run_suite: no family '%s' in %s" % (fam, maps_root))
        for name in sorted(os.listdir(mdir)):
            if not name.endswith(".map") or (maps is not None and name[:-4] not in maps):
                continue
            scen = os.path.join(bench_dir, "scenarios", fam, name + ".scen")
            if not os.path.isfile(scen):
                sys.exit("run_suite: %s has no scenario %s" % (name, scen))
            with open(scen) as f:
                queries = sum(1 for line in f if line.strip() and not line.startswith("version"))
            cells = map_cells(os.path.join(mdir, name))
            for spec in specs:
                jobs.append({"spec": spec, "family": fam, "map": os.path.join(mdir, name), "scen": scen,
                             "queries": queries, "cells": cells, "name": name[:-4]})
    return jobs


def map_cells(path):
    """width x height from a Moving AI map header (0 when unreadable)."""
    size = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2 and parts[0] in ("width", "height"):
                size[parts[0]] = int(parts[1])
            if line.strip() == "map":
                break
    return size.get("width", 0) * size.get("height", 0)


class Progress:
    """One status line on stderr: jobs (entry x map) done, elapsed, ETA.

    The ETA comes from the work left, not the job count: a job's work is its
    map's cells (preprocessing and every search scale with them), and each
    entry's seconds per cell are learnt from its finished jobs (an entry not
    seen yet is assumed to cost the mean of the others'), so ch's slow
    contraction or vra's slow maps stretch the estimate as soon as one ends."""

    def __init__(self, jobs, skipped, workers):
        self.total_jobs, self.workers = len(jobs), workers
        self.todo = [j for j in jobs if j not in skipped]
        self.done_jobs = len(jobs) - len(self.todo)
        self.spent, self.work = {}, {}  # entry spec -> seconds, cells of its finished jobs
        self.t0, self.lock = time.time(), threading.Lock()
        self.tty = sys.stderr.isatty()
        self.last_printed = -1

    def add(self, job, seconds):
        with self.lock:
            self.done_jobs += 1
            self.todo.remove(job)
            self.spent[job["spec"]] = self.spent.get(job["spec"], 0.0) + seconds
            self.work[job["spec"]] = self.work.get(job["spec"], 0) + max(job["cells"], 1)
            self.show()

    def eta(self):
        """Seconds left, or None before any job has finished."""
        rates = {spec: self.spent[spec] / self.work[spec] for spec in self.spent}
        if not rates:
            return None
        mean = sum(rates.values()) / len(rates)
        left = sum(rates.get(j["spec"], mean) * max(j["cells"], 1) for j in self.todo)
        return left / self.workers

    def show(self, final=False):
        elapsed = time.time() - self.t0
        eta = self.eta()
        width = 30
        filled = int(width * self.done_jobs / max(self.total_jobs, 1))
        line = "[%s%s] jobs %d/%d (entry x map)  elapsed %ds  eta %s" % (
            "#" * filled, "." * (width - filled), self.done_jobs, self.total_jobs, elapsed,
            "?" if eta is None else "%ds" % eta)
        if self.tty:
            sys.stderr.write("\r" + line + ("\n" if final else ""))
        elif self.last_printed != self.done_jobs and (
                final or self.done_jobs % max(1, self.total_jobs // 20) == 0):
            self.last_printed = self.done_jobs
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


def job_paths(out, job):
    base = os.path.join(out, "raw", entry_tag(job["spec"]), job["family"], job["name"])
    return base + ".txt", base + ".csv"


def job_done(out, job):
    txt, csv_path = job_paths(out, job)
    if not (os.path.isfile(txt) and os.path.isfile(csv_path)):
        return False
    with open(txt) as f:
        text = f.read()
    return parse_summary(text) is not None or ext_entries.parse_failed(text) is not None


def run_job(args, job, stop):
    """None when done (or stopped before starting), else the failure message;
    the seconds it took go into job["seconds"]."""
    t0 = time.time()
    job["seconds"] = 0.0
    if stop.is_set():
        return None
    txt, csv_path = job_paths(args.out, job)
    os.makedirs(os.path.dirname(txt), exist_ok=True)
    with open(os.path.join(args.out, "raw", entry_tag(job["spec"]), "SPEC"), "w") as f:
        f.write(job["spec"] + "\n")
    cmd = [args.gppc, "--entry", job["spec"], "--pre-dir", os.path.join(args.out, "pre"),
           "--csv", csv_path + ".part", "--csv-extra", "--repeat", str(args.repeat), "--bad-queries", args.bad_queries,
           args.mode, job["map"], job["scen"]]
    if ext_entries.is_ext(job["spec"]):
        cmd[1:1] = ["--time-limit", str(args.time_limit)]
    p = ext_entries.run_job_process(cmd, args.time_limit)
    if ext_entries.is_ext(job["spec"]) and p.returncode != 0:
        ext_entries.record_failure(job, p, txt, csv_path)
        job["seconds"] = time.time() - t0
        return None
    if p.returncode != 0:
        return "%s on %s: exit %d\n  %s\n  %s" % (job["spec"], job["map"], p.returncode, " ".join(cmd),
                                                  "\n  ".join(p.stderr.strip().splitlines()[:5]))
    os.replace(csv_path + ".part", csv_path)
    with open(txt + ".part", "w") as f:
        f.write(p.stdout)
    os.replace(txt + ".part", txt)  # written last: its presence marks the job done
    job["seconds"] = time.time() - t0
    return None


def run_fingerprint(args):
    h = hashlib.sha256()
    with open(args.gppc, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return "gppc_sha256=%s built=%s mode=%s repeat=%d\n" % (h.hexdigest(), binary_revision(args.gppc), args.mode,
                                                            args.repeat)


def set_aside_stale(out, fingerprint):
    """Moves OUT/raw aside when it was made by another build or settings."""
    raw = os.path.join(out, "raw")
    stamp = os.path.join(raw, "RUN")
    if os.path.isdir(raw):
        old = None
        if os.path.isfile(stamp):
            with open(stamp) as f:
                old = f.read()
        if old != fingerprint:
            n = 1
            while os.path.exists("%s.stale-%d" % (raw, n)):
                n += 1
            os.rename(raw, "%s.stale-%d" % (raw, n))
            sys.stderr.write("run_suite: %s came from another gppc build or other --mode/--repeat; "
                             "moved to raw.stale-%d, starting over\n" % (raw, n))
    os.makedirs(raw, exist_ok=True)
    with open(stamp, "w") as f:
        f.write(fingerprint)


def build_parser():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bench-dir", default=ROOT,
                    help="Moving AI layout: maps/<family>/*.map, scenarios/<family>/*.map.scen (default: the "
                         "embedded benchmark of this repo)")
    ap.add_argument("--family", default="", help="comma-separated families (default: all)")
    ap.add_argument("--maps", default="",
                    help="comma-separated map names (file name without .map) to run, a subset of the "
                         "families' maps (default: all)")
    ap.add_argument("--entries", default="all",
                    help="comma-separated entry specs with options (mm:sector=8,w=2,astar), or 'all': every "
                         "entry of build/gppc --help not marked [not in the default suite]")
    ap.add_argument("--repeat", type=int, default=1,
                    help="replay each scenario N times; timings then carry 99%% confidence intervals")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="driver runs in parallel (at most the cores)")
    ap.add_argument("--out", default=os.path.join(ROOT, "results", "default"),
                    help="output folder: raw/, summary.md, summary.csv, plots/ (default results/default)")
    ap.add_argument("--mode", default="-full", choices=["-full", "-check"],
                    help="driver mode: -full (default) or -check (also fail a path above the entry's bound)")
    ap.add_argument("--bad-queries", default="fail", choices=["fail", "skip"],
                    help="passed to the driver: a query whose start or goal is outside the map or blocked stops "
                         "the suite (fail, default) or is left out and counted (skip: bad_queries per map in "
                         "summary.md)")
    ap.add_argument("--gppc", default=os.path.join(ROOT, "build", "gppc"),
                    help="the driver binary (default build/gppc of this repo)")
    ap.add_argument("--install-gnuplot", action="store_true",
                    help="passed to plot.py: install gnuplot-nox when missing (root with apt only)")
    ap.add_argument("--no-aggregate", action="store_true", help="skip aggregate.py and plot.py at the end")
    ap.add_argument("--no-plots", action="store_true", help="skip plot.py at the end")
    ap.add_argument("--time-limit", type=int, default=1800,
                    help="wall seconds an external entry's job may take (preprocessing included) before it is "
                         "reported as failed on that map (default 1800)")
    ap.add_argument("--ext-root", default="",
                    help="folder where ext:NAME (a name, not a path) finds its entry folder")
    ap.add_argument("--shard", help="K/N: run every Nth map starting at map K (0 <= K < N); "
                    "'run_suite.py merge' combines the shards' --out folders")
    return ap


def main():
    if sys.argv[1:2] == ["merge"]:
        return merge_main(sys.argv[2:])
    args = build_parser().parse_args()
    if not os.access(args.gppc, os.X_OK):
        sys.exit("run_suite: %s not built; run 'make' first" % args.gppc)
    if args.repeat < 1 or args.jobs < 1:
        sys.exit("run_suite: --repeat and -j take positive integers")
    specs = registered_entries(args.gppc) if args.entries == "all" else split_entries(args.entries)
    specs = ext_entries.prepare(specs, args.ext_root, args.gppc)  # exits 2 on a bad folder or a failed build
    maps = [m for m in args.maps.split(",") if m] or None
    jobs = find_jobs(args.bench_dir, [f for f in args.family.split(",") if f], specs, maps)
    if not jobs:
        sys.exit("run_suite: no maps found under %s" % args.bench_dir)
    if maps:
        missing = sorted(set(maps) - {j["name"] for j in jobs})
        if missing:
            sys.exit("run_suite: no map %s in %s" % (", ".join(missing), args.bench_dir))
    if args.shard:
        jobs = shard_jobs(jobs, *parse_shard(args.shard))
    set_aside_stale(args.out, run_fingerprint(args))
    if not jobs:  # more shards than maps: an empty shard is still mergeable
        sys.stderr.write("run_suite: shard %s has no maps\n" % args.shard)
        return
    skipped = [j for j in jobs if job_done(args.out, j)]
    todo = [j for j in jobs if j not in skipped]
    if todo:
        record_host(args.out, args.shard)
    if skipped:
        sys.stderr.write("run_suite: %d of %d jobs already done in %s, resuming\n"
                         % (len(skipped), len(jobs), args.out))
    progress = Progress(jobs, skipped, args.jobs)
    wall0 = time.time()
    stop, failure = threading.Event(), None
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(run_job, args, j, stop): j for j in todo}
        for fut in as_completed(futures):
            err = fut.result()
            if err and not failure:
                failure = err
                stop.set()
            elif not err and not stop.is_set():
                progress.add(futures[fut], futures[fut]["seconds"])
    progress.show(final=True)
    sys.stderr.write("run_suite: %d jobs in %.0f s wall\n" % (len(todo), time.time() - wall0))
    if failure:
        sys.exit("run_suite: stopped: " + failure)
    if not args.no_aggregate:
        finish_suite(args.out, args.no_plots, args.install_gnuplot, args.gppc)

if __name__ == "__main__":
    main()
