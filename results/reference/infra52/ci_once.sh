#!/bin/bash
# ci_once.sh COMMIT TAG: a fresh clean clone of COMMIT, .ci/run timed (CPU user+sys of the whole run)
set -u
c=$1; t=$2; d=/work/scratch/infra52/cc_$t
rm -rf $d; git clone -q /work/main $d 2>/dev/null || git clone -q /work/wt/infra52 $d
cd $d; git fetch -q /work/wt/infra52 infra52 2>/dev/null; git checkout -q $c
export GPPC_BENCH_DIR=/work/shared/benchmarks
l0=$(cut -d' ' -f1 /proc/loadavg)
/usr/bin/time -f "%U %S %e" -o /work/scratch/infra52/$t.time .ci/run > /work/scratch/infra52/$t.log 2>&1
echo "$t $c load0 $l0 load1 $(cut -d' ' -f1 /proc/loadavg) time $(cat /work/scratch/infra52/$t.time) | $(grep -E '^CPU time|passed,' /work/scratch/infra52/$t.log | tr '\n' ' ')" >> /work/scratch/infra52/ci_runs.txt
