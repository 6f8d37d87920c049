#!/usr/bin/env python3
"""Run a suite on a Slurm cluster: one array job of N shards, then a merge.

Task K of the array runs `run_suite.py --shard K/N` into OUT/shard-K (its own
raw/, and its own pre/: a map is in one shard only, so nothing is preprocessed
twice and nothing is shared between tasks) with -j equal to --cpus-per-task
(default 1: one driver run per CPU Slurm gave the task), and marks it finished
with OUT/shard-K/DONE. The merge job waits for the whole array (afterany),
names every shard without DONE (cancelled, timed out, failed) and stops, or
else merges all shards into OUT (summary.md, summary.csv, plots), as
`run_suite.py merge` does; summary.md says on which nodes and CPU models the
shards ran. `--rerun K,...` submits those shards again (a shard resumes: jobs
already finished are kept) and a new merge; with `--retries R` the merge job
does that itself, R times at most. Every option not listed below goes to
run_suite.py unchanged.

    python3 scripts/slurm_suite.py --tasks 4 --out results/dao --time 1:00:00 \\
        --bench-dir ../shared/benchmarks --family dao --entries mm,jps
    python3 scripts/slurm_suite.py --rerun 2 --out results/dao

OUT/slurm/ holds the two scripts (plain bash: `SLURM_ARRAY_TASK_ID=K bash
OUT/slurm/array.sh` runs shard K anywhere, e.g. under GNU parallel,
docs/cluster.md), plan.json (tasks, options, job ids) and the logs.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import run_suite  # noqa: E402

# run_suite.py options the array sets itself, one value per task.
OWN = ("--out", "--shard", "-j", "--jobs", "--no-aggregate")


def build_parser():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], allow_abbrev=False,
        epilog="Any other option goes to scripts/run_suite.py (see its --help), e.g. --bench-dir, --family, "
               "--entries, --repeat.")
    ap.add_argument("--out", required=True, help="results folder: shard-K/, slurm/, then the merged summary")
    ap.add_argument("--tasks", type=int, help="array tasks (shards) of a new submission")
    ap.add_argument("--rerun", help="K[,K...]: submit these shards of OUT's suite again, and a new merge")
    ap.add_argument("--partition", help="sbatch --partition of every job")
    ap.add_argument("--time", help="sbatch --time of each task and the merge (e.g. 2:00:00)")
    ap.add_argument("--mem", help="sbatch --mem of each task and the merge (e.g. 4G)")
    ap.add_argument("--cpus-per-task", type=int,
                    help="CPUs per task; each task runs that many driver runs at once, one per CPU (default 1)")
    ap.add_argument("--sbatch", action="append", default=[], metavar="OPT",
                    help="one more sbatch option for every job, e.g. --sbatch=--account=abc (repeatable)")
    ap.add_argument("--retries", type=int, default=0,
                    help="times the merge job itself resubmits the shards that did not finish, and a new merge "
                         "(default 0: it names them and you --rerun); a resubmitted shard resumes where it stopped")
    ap.add_argument("--hold", action="store_true",
                    help="submit the array held (check OUT/slurm/, then scontrol release JOBID)")
    ap.add_argument("--dry-run", action="store_true",
                    help="write OUT/slurm/ and print the scripts and sbatch commands; submit nothing")
    return ap


def sbatch_lines(args, kind):
    """#SBATCH lines shared by the array and the merge (logs aside)."""
    opts = ["--job-name=gppc-" + kind, "--ntasks=1",
            "--cpus-per-task=%d" % (args["cpus_per_task"] if kind == "suite" else 1)]
    for key in ("partition", "time", "mem"):  # the merge reads every shard's rows at once
        if args.get(key):
            opts.append("--%s=%s" % (key, args[key]))
    return ["#SBATCH " + o for o in opts + args["sbatch"]]


def array_script(plan):
    out, n = plan["out"], plan["tasks"]
    suite = ["python3", os.path.join(ROOT, "scripts", "run_suite.py")] + plan["run_suite"] + [
        "--no-aggregate", "-j", str(plan["cpus_per_task"]), "--shard", '"$K/%d"' % n, "--out", '"$OUT/shard-$K"']
    return "\n".join([
        "#!/bin/bash",
        "# One shard of a gppc-mm suite (scripts/slurm_suite.py): task K runs every %dth map from map K." % n,
        "# Without Slurm: SLURM_ARRAY_TASK_ID=K bash %s" % shlex.quote(os.path.join(out, "slurm", "array.sh")),
        "#SBATCH --array=0-%d" % (n - 1),
        "#SBATCH --output=%s" % os.path.join(out, "slurm", "logs", "shard-%a.log"),
        "#SBATCH --open-mode=append"] +
        sbatch_lines(plan, "suite") + [
        "set -eu",
        'K="${SLURM_ARRAY_TASK_ID:?set SLURM_ARRAY_TASK_ID to the shard, 0..%d}"' % (n - 1),
        "OUT=%s" % shlex.quote(out),
        "cd %s" % shlex.quote(plan["cwd"]),
        'mkdir -p "$OUT/shard-$K"',
        'rm -f "$OUT/shard-$K/DONE"',
        'echo "shard $K/%d on ${SLURMD_NODENAME:-$(hostname)}, array task ${SLURM_ARRAY_JOB_ID:-none}_$K' % n +
        ' (job ${SLURM_JOB_ID:-none})"',
        " ".join(a if a.startswith('"') else shlex.quote(a) for a in suite),
        'echo "${SLURM_JOB_ID:-none}" > "$OUT/shard-$K/DONE"', ""])


def merge_script(plan):
    out = plan["out"]
    return "\n".join([
        "#!/bin/bash",
        "# Merge of a gppc-mm suite's shards (scripts/slurm_suite.py); names the shards that did not finish.",
        "#SBATCH --output=%s" % os.path.join(out, "slurm", "logs", "merge-%j.log")] +
        sbatch_lines(plan, "merge") + [
        "set -eu",
        "exec python3 %s merge %s" % (shlex.quote(os.path.join(ROOT, "scripts", "slurm_suite.py")),
                                      shlex.quote(out)), ""])


def write_atomic(path, text, mode=0o644):
    with open(path + ".part", "w") as f:
        f.write(text)
    os.chmod(path + ".part", mode)
    os.replace(path + ".part", path)


def plan_path(out):
    return os.path.join(out, "slurm", "plan.json")


def load_plan(out):
    try:
        with open(plan_path(out)) as f:
            return json.load(f)
    except OSError:
        sys.exit("slurm_suite: %s has no slurm/plan.json (submit with --tasks N first)" % out)
    except ValueError as e:
        sys.exit("slurm_suite: %s: %s" % (plan_path(out), e))


def save_plan(plan):
    write_atomic(plan_path(plan["out"]), json.dumps(plan, indent=1) + "\n")


def sbatch(argv, dry):
    cmd = ["sbatch", "--parsable"] + argv
    print("$ " + " ".join(shlex.quote(a) for a in cmd))
    if dry:
        return "JOBID"
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except FileNotFoundError:
        sys.exit("slurm_suite: no sbatch here (a Slurm login node has it; --dry-run writes the scripts only)")
    if p.returncode != 0:
        sys.exit("slurm_suite: sbatch failed (exit %d): %s" % (p.returncode, p.stderr.strip()))
    return p.stdout.strip().split(";")[0]


def queued(ids):
    """Those of the job ids Slurm still has pending or running."""
    if not ids:
        return []
    p = subprocess.run(["squeue", "-h", "-o", "%F %i"], capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        sys.exit("slurm_suite: squeue failed (exit %d): %s" % (p.returncode, p.stderr.strip()))
    live = set(p.stdout.split())
    return [i for i in ids if i in live]


def submit(plan, indices, hold, dry):
    """Submits the array (all tasks, or `indices`) and a merge after it."""
    slurm = os.path.join(plan["out"], "slurm")
    os.makedirs(os.path.join(slurm, "logs"), exist_ok=True)
    array, merge = os.path.join(slurm, "array.sh"), os.path.join(slurm, "merge.sh")
    write_atomic(array, array_script(plan), 0o755)
    write_atomic(merge, merge_script(plan), 0o755)
    if dry:
        for path in (array, merge):
            with open(path) as f:
                print("==> %s <==\n%s" % (path, f.read()))
    save_plan(plan)
    extra = ["--array=" + ",".join(map(str, indices))] if indices is not None else []
    job = sbatch(extra + (["--hold"] if hold else []) + [array], dry)
    waits = [job] + ([] if dry else queued(plan["arrays"]))
    if not dry:  # a pending merge of an earlier submission would only report these shards missing
        plan["arrays"].append(job)
        save_plan(plan)
        stale = [j for j in queued(plan["merges"]) if j != os.environ.get("SLURM_JOB_ID")]
        if stale:
            subprocess.run(["scancel"] + stale, timeout=60)
    merge_job = sbatch(["--dependency=afterany:" + ":".join(waits), merge], dry)
    if not dry:
        plan["merges"].append(merge_job)
        save_plan(plan)
        print("slurm_suite: array job %s (%s), merge job %s; logs in %s" % (
            job, "shard " + ",".join(map(str, indices)) if indices is not None else "%d shards" % plan["tasks"],
            merge_job, os.path.join(slurm, "logs")))


def last_line(path):
    if not os.path.isfile(path):
        return "no log"
    with open(path, errors="replace") as f:
        lines = [l.strip() for l in f if l.strip()]
    return lines[-1] if lines else "empty log"


def merge(out):
    """The merge job: every shard must hold DONE; else name the missing ones."""
    out = os.path.abspath(out)
    plan = load_plan(out)
    shards = [os.path.join(out, "shard-%d" % k) for k in range(plan["tasks"])]
    missing = [k for k, d in enumerate(shards) if not os.path.isfile(os.path.join(d, "DONE"))]
    if missing:
        lines = ["slurm_suite merge: %d of %d shards did not finish:" % (len(missing), plan["tasks"])]
        for k in missing:
            log = os.path.join(out, "slurm", "logs", "shard-%d.log" % k)
            lines.append("  shard %d (%s): %s: %s" % (k, shards[k], log, last_line(log)))
        if plan["retries"] > 0:
            plan["retries"] -= 1
            print("\n".join(lines) + "\nresubmitting them (%d more retries after this)" % plan["retries"])
            sys.stdout.flush()
            return submit(plan, missing, False, False)
        lines.append("re-run them alone, then the merge follows: python3 %s --rerun %s --out %s" % (
            os.path.join(ROOT, "scripts", "slurm_suite.py"), ",".join(map(str, missing)), shlex.quote(out)))
        lines.append("(without Slurm: SLURM_ARRAY_TASK_ID=K bash %s, then bash %s)" % (
            shlex.quote(os.path.join(out, "slurm", "array.sh")), shlex.quote(os.path.join(out, "slurm", "merge.sh"))))
        sys.exit("\n".join(lines))
    argv = ["merge", "--out", out] + shards + (["--no-plots"] if "--no-plots" in plan["run_suite"] else [])
    sys.exit(subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "run_suite.py")] + argv).returncode)


def parse_indices(text, tasks):
    try:
        ks = sorted({int(x) for x in text.split(",") if x.strip()})
    except ValueError:
        ks = []
    if not ks or ks[0] < 0 or ks[-1] >= tasks:
        sys.exit("slurm_suite: --rerun %s: expected shard numbers 0..%d, comma-separated" % (text, tasks - 1))
    return ks


def main(argv):
    if argv[:1] == ["merge"]:
        if len(argv) != 2:
            sys.exit("usage: slurm_suite.py merge OUT")
        return merge(argv[1])
    args, rest = build_parser().parse_known_args(argv)
    out = os.path.abspath(args.out)
    if args.rerun:
        given = [o for o in ("tasks", "partition", "time", "mem", "cpus_per_task", "sbatch")
                 if getattr(args, o)] + (["retries"] if args.retries else [])
        if given or rest:
            sys.exit("slurm_suite: --rerun resubmits the suite of OUT/slurm/plan.json as it was; not with %s"
                     % " ".join(["--" + o.replace("_", "-") for o in given] + rest))
        plan = load_plan(out)
        return submit(plan, parse_indices(args.rerun, plan["tasks"]), args.hold, args.dry_run)
    if not args.tasks or args.tasks < 1:
        sys.exit("slurm_suite: --tasks N (N >= 1) for a new submission, or --rerun K with an existing OUT")
    args.cpus_per_task = 1 if args.cpus_per_task is None else args.cpus_per_task
    if args.cpus_per_task < 1 or args.retries < 0:
        sys.exit("slurm_suite: --cpus-per-task takes a positive integer, --retries one >= 0")
    own = [a for a in rest if a.split("=")[0] in OWN or (a.startswith("-j") and a[2:].isdigit())]
    if own:
        sys.exit("slurm_suite: %s: set per task by slurm_suite.py (--out, --cpus-per-task, --tasks)" % " ".join(own))
    run_suite.build_parser().parse_args(rest)  # a bad run_suite option fails here, not in every task
    plan = {"out": out, "cwd": os.getcwd(), "tasks": args.tasks, "cpus_per_task": args.cpus_per_task,
            "partition": args.partition, "time": args.time, "mem": args.mem, "sbatch": args.sbatch,
            "retries": args.retries, "run_suite": rest, "arrays": [], "merges": []}
    os.makedirs(out, exist_ok=True)
    if os.path.exists(plan_path(out)) and not args.dry_run:
        old = load_plan(out)
        busy = queued(old["arrays"] + old["merges"])
        if busy:
            sys.exit("slurm_suite: %s's suite still has jobs %s in Slurm (scancel them, or --rerun)" % (
                out, ", ".join(busy)))
        plan["arrays"] = old["arrays"]
    for k in range(args.tasks):
        done = os.path.join(out, "shard-%d" % k, "DONE")
        if os.path.exists(done) and not args.dry_run:
            os.remove(done)  # finished jobs stay in raw/ (resumed); the shard runs again
    submit(plan, None, args.hold, args.dry_run)


if __name__ == "__main__":
    main(sys.argv[1:])
