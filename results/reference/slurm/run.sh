#!/bin/bash
# The evidence in this folder: a local single-node Slurm (tests/py/slurm_local.py),
# a suite of 4 entries over 8 dao maps (every 20th map of the family) run once
# on this machine and twice as a 4-task array plus merge; in the second array a
# running task is cancelled, the merge names it, `--rerun` completes the suite.
# Both merged summaries are compared with the one-machine run, times aside.
#   bash results/reference/slurm/run.sh SCRATCH > results/reference/slurm/evidence.txt 2>&1
# Needs root, slurm-wlm and munge, build/gppc, the benchmarks (B=, else $GPPC_BENCH_DIR).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
W=${1:?usage: run.sh SCRATCH_FOLDER}
B=${B:-${GPPC_BENCH_DIR:-$REPO/../shared/benchmarks}}
rm -rf "$W" && mkdir -p "$W" && cd "$W" || exit 1
MAPS=$(ls "$B/maps/dao" | awk 'NR % 20 == 1' | sed 's/\.map$//' | paste -sd,)
SUITE=(--bench-dir "$B" --family dao --maps "$MAPS" --entries mm,jps,jps+,ch --no-plots)
trap 'python3 "$REPO/tests/py/slurm_local.py" stop "$W/slurm"' EXIT
python3 "$REPO/tests/py/slurm_local.py" start "$W/slurm" > env.sh || exit 1
. ./env.sh
say() { printf '\n$ %s\n' "$*"; "$@"; }
queue() { say squeue -o "%.10i %.12j %.2t %.8M %.5C %R"; }
idle() { while [ -n "$(squeue -h -o %i)" ]; do sleep 0.5; done; }

say git -C "$REPO" log --oneline -1
say sinfo
say python3 "$REPO/scripts/run_suite.py" "${SUITE[@]}" --out "$W/one" 2>&1 | grep -v '^\['

echo; echo "### 1. the suite as an array of 4 tasks plus the merge"
say python3 "$REPO/scripts/slurm_suite.py" --tasks 4 --time 10:00 --mem 1G --out "$W/run1" "${SUITE[@]}"
queue; sleep 2; queue
idle
for f in $(ls -v "$W"/run1/slurm/logs/merge-*.log); do say cat "$f"; done

echo; echo "### 2. the same, task 1 cancelled while it runs, then re-run alone"
say python3 "$REPO/scripts/slurm_suite.py" --tasks 4 --time 10:00 --mem 1G --out "$W/run2" "${SUITE[@]}"
ARRAY=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["arrays"][0])' "$W/run2/slurm/plan.json")
for _ in $(seq 100); do [ "$(squeue -h -j "${ARRAY}_1" -o %t 2>/dev/null)" = R ] && break; sleep 0.2; done
sleep 1.5; queue
say scancel "${ARRAY}_1"
queue
idle
for f in $(ls -v "$W"/run2/slurm/logs/merge-*.log); do say cat "$f"; done
say python3 "$REPO/scripts/slurm_suite.py" --rerun 1 --out "$W/run2"
queue
idle
say grep -h "^shard\|resuming" "$W/run2/slurm/logs/shard-1.log"
for f in $(ls -v "$W"/run2/slurm/logs/merge-*.log); do say cat "$f"; done

echo; echo "### accounting: sacct over the job completion log (jobcomp/filetxt; no slurmdbd)"
say sacct -c -o JobID,JobName,NodeList,State,Start,End 2>/dev/null
echo "# array task of each job id, from the same log:"
sed -E 's/.*JobId=([0-9]+) .*Name=([^ ]+) JobState=([A-Z]+).*ArrayJobId=([0-9]+) ArrayTaskId=([0-9]+).*/\1 = \4_\5 \2 \3/' \
    "$W/slurm/jobcomp.log" | grep ' = '

echo; echo "### merged summaries against the one-machine run (timing and RAM columns aside)"
python3 - "$W" <<'EOF'
import csv, glob, os, sys
w = sys.argv[1]
timed = {"total_s", "mean_us", "first20_us", "max_step_us", "step_us", "ram_before_kb", "ram_after_kb", "pre_s"}
cols = ["experiment_id", "path_size", "path_length", "ref_length", "expanded", "valid"]
def untimed(d):
    with open(os.path.join(w, d, "summary.csv")) as f:
        return [{k: v for k, v in r.items() if k.replace("_ci99", "") not in timed} for r in csv.DictReader(f)]
def queries(path):
    with open(path) as f:
        return [[r[c] for c in cols] for r in csv.DictReader(f)]
one = untimed("one")
files = sorted(glob.glob(os.path.join(w, "one", "raw", "*", "dao", "*.csv")))
for run in ("run1", "run2"):
    same = sum(queries(f) == queries(f.replace("/one/", "/%s/" % run, 1)) for f in files)
    print("%s: summary.csv %d rows, identical untimed: %s; per-query %s: %d of %d (entry, map) files identical, %d queries"
          % (run, len(one), untimed(run) == one, "/".join(cols), same, len(files), sum(len(queries(f)) for f in files)))
EOF
say grep "^Ran on" "$W/one/summary.md" "$W/run1/summary.md" "$W/run2/summary.md"
for f in summary.md summary.csv; do
    cp "$W/one/$f" "$HERE/one-machine-$f" && cp "$W/run2/$f" "$HERE/slurm-$f"
done
