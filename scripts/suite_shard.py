"""Sharded suites: `run_suite.py --shard K/N` and `run_suite.py merge`.

A shard is every Nth map of the suite's map list (families, then maps, in
sorted order; K in 0..N-1), with all of that map's entries, so N shards
together run each (entry, map) job exactly once and the split depends only
on the list, never on timing. Shards run anywhere (GNU parallel, a Slurm
array: docs/scripts.md "Sharded suites"), each into its own --out folder; `merge`
copies their raw/ results into one folder and writes the same tables,
criteria and plots (aggregate.py, criteria.py, plot.py), path pictures and
results page (draw_paths.py, results_page.py) as one unsharded run, through
the one finish_suite both use. No scheduler of our own.

    python3 scripts/run_suite.py merge --out results/all results/shard-0 results/shard-1

Each run also notes in OUT/raw/HOSTS the machine that ran its jobs (node,
CPU model, CPUs it may use, shard); merge keeps every shard's lines, and
aggregate.py prints them under the tables, so mixed nodes are visible.
scripts/slurm_suite.py submits the shards as one Slurm array job.
"""
import argparse
import os
import runpy
import shutil
import socket
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from provenance import cpu_model  # noqa: E402,F401 (tests take it from here)


def parse_shard(text):
    """'K/N' -> (K, N) with 0 <= K < N; exits with a message otherwise."""
    k, sep, n = text.partition("/")
    if not sep or not k.isdigit() or not n.isdigit() or int(n) < 1 or int(k) >= int(n):
        sys.exit("run_suite: --shard %s: expected K/N with 0 <= K < N (e.g. 0/3, 1/3, 2/3)" % text)
    return int(k), int(n)


def shard_jobs(jobs, k, n):
    """The jobs of every Nth map, starting at map K, in the jobs' map order."""
    maps = []
    for j in jobs:
        key = (j["family"], j["name"])
        if key not in maps:
            maps.append(key)
    mine = {m for i, m in enumerate(maps) if i % n == k}
    return [j for j in jobs if (j["family"], j["name"]) in mine]


def record_host(out, shard):
    """Adds this machine to OUT/raw/HOSTS (once): node, CPU model, how many
    CPUs this process may run on (a Slurm task's --cpus-per-task), shard."""
    node = os.environ.get("SLURMD_NODENAME") or socket.gethostname()
    line = "%s\t%s\t%d\t%s\n" % (node, cpu_model(), len(os.sched_getaffinity(0)), shard or "all")
    path = os.path.join(out, "raw", "HOSTS")
    if line not in read_hosts(path):
        with open(path, "a") as f:
            f.write(line)


def read_hosts(path):
    if not os.path.isfile(path):
        return []
    with open(path) as f:
        return [line for line in f if line.count("\t") == 3]


def hosts_of(raw):
    """RAW/HOSTS as (node, CPU model, CPUs, shard) rows, [] without the file."""
    return [tuple(line.rstrip("\n").split("\t")) for line in read_hosts(os.path.join(raw, "HOSTS"))]


def machines_line(raw):
    """'Ran on: node (CPU model, N CPUs): shards ...; ...' from RAW/HOSTS, one
    line whatever the number of machines, or None without the file."""
    groups = {}
    for node, model, cpus, shard in hosts_of(raw):
        groups.setdefault("`%s` (%s, %s CPU%s)" % (node, model, cpus, "" if cpus == "1" else "s"),
                          []).append(shard)
    if not groups:
        return None
    return "Ran on: " + "; ".join("%s: %s" % (m, "whole suite" if shards == ["all"] else
                                              "shard%s %s" % ("s" if len(shards) > 1 else "", ", ".join(shards)))
                                  for m, shards in groups.items()) + "."


def merge_raw(out, shards):
    """Copies every finished job of each shard's raw/ into OUT/raw. All shards
    must come from one gppc build and settings (their raw/RUN); a job found in
    two shards must be the same bytes."""
    stamp = None
    for d in shards:
        run = os.path.join(d, "raw", "RUN")
        if not os.path.isfile(run):
            sys.exit("run_suite merge: %s has no raw/RUN (not a run_suite.py --out folder?)" % d)
        with open(run) as f:
            text = f.read()
        if stamp is not None and text != stamp[1]:
            sys.exit("run_suite merge: %s and %s come from different gppc builds or settings:\n  %s  %s"
                     % (stamp[0], d, stamp[1], text))
        stamp = (d, text)
    raw = os.path.join(out, "raw")
    if os.path.isdir(raw):
        shutil.rmtree(raw)
    os.makedirs(raw)
    with open(os.path.join(raw, "RUN"), "w") as f:
        f.write(stamp[1])
    copied, hosts = 0, []
    for d in shards:
        hosts += [h for h in read_hosts(os.path.join(d, "raw", "HOSTS")) if h not in hosts]
        src_raw = os.path.join(d, "raw")
        for dirpath, _, files in os.walk(src_raw):
            rel = os.path.relpath(dirpath, src_raw)
            for name in files:
                if rel == "." or name.endswith(".part"):
                    continue  # RUN, and jobs a stopped shard left unfinished
                src, dst = os.path.join(dirpath, name), os.path.join(raw, rel, name)
                if os.path.exists(dst):
                    with open(src, "rb") as a, open(dst, "rb") as b:
                        same = a.read() == b.read()
                    if not same and name != "SPEC":
                        sys.exit("run_suite merge: %s is in two shards with different contents (shards overlap: same K/N split?)" % os.path.join(rel, name))
                    continue
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copyfile(src, dst)
                copied += name.endswith(".txt")
    if hosts:
        with open(os.path.join(raw, "HOSTS"), "w") as f:
            f.write("".join(hosts))
    return copied


def merge_main(argv):
    ap = argparse.ArgumentParser(prog="run_suite.py merge",
                                 description="Combine the --out folders of run_suite.py --shard runs "
                                             "into one folder with the tables and plots of one run.")
    ap.add_argument("shards", nargs="+", help="the shards' --out folders")
    ap.add_argument("--out", required=True, help="the merged folder (its raw/ is replaced)")
    ap.add_argument("--no-plots", action="store_true", help="skip plot.py")
    args = ap.parse_args(argv)
    if os.path.abspath(args.out) in {os.path.abspath(d) for d in args.shards}:
        sys.exit("run_suite merge: --out must not be one of the shards")
    jobs = merge_raw(args.out, args.shards)
    sys.stderr.write("run_suite merge: %d jobs from %d shards into %s\n" % (jobs, len(args.shards), args.out))
    finish_suite(args.out, args.no_plots)


def finish_suite(out, no_plots, install_gnuplot=False, gppc=None):
    """What a suite's folder gets once its jobs are done, run or merged alike:
    summary tables (aggregate.py), the criteria (criteria.py), plots
    (plot.py), path pictures (draw_paths.py, with the driver `gppc`) and the
    results page (results_page.py)."""
    def script(name, *argv):
        # In this process, as its own __main__: the same code, without a
        # python start and its imports for each script.
        path, saved = os.path.join(ROOT, "scripts", name), sys.argv
        sys.argv = [path] + list(argv)
        try:
            runpy.run_path(path, run_name="__main__")
        finally:
            sys.argv = saved
    script("aggregate.py", out)
    script("criteria.py", out, *(["--no-plots"] if no_plots else []))
    if not no_plots:
        script("plot.py", out, *(["--install-gnuplot"] if install_gnuplot else []))
        script("draw_paths.py", "--suite", out, *(["--gppc", gppc] if gppc else []))
    script("results_page.py", out)
