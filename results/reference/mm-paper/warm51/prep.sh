#!/bin/bash
# prep.sh BIN TAG MAP...: instructions of prepare (callgrind --toggle-collect=mm_prepare) and of its warm-up alone
# (mm_warm_up; base: warm_up), -run of query 0 from runs/base/pre
B=/work/shared/benchmarks; BIN=$1; T=$2; shift 2; O=/work/scratch/warm51/prep/$T; mkdir -p $O
ms() { case $1 in *.map) echo "$1 $1.scen";; *) echo "$B/maps/$1.map $B/scenarios/$1.map.scen";; esac; }
for M in "$@"; do n=$(basename $M .map); r=""
  for f in mm_prepare $WARMFN; do
    valgrind --tool=callgrind --toggle-collect=$f --callgrind-out-file=$O/$n.$f.cg $BIN --entry mm --pre-dir /work/scratch/warm51/runs/base/pre -run --query 0 $(ms $M) > /dev/null 2>&1
    r="$r $f=$(grep -m1 -E '^(summary|totals):' $O/$n.$f.cg | awk '{print $2}')"
  done; echo "$n$r"; done
