#!/bin/bash
# calls.sh BIN TAG ROUNDS MAP... : --calls files, one per round, per map (fam/name)
BIN=$1; TAG=$2; R=$3; shift 3; E=${E:-mm}
B=/work/shared/benchmarks
for m in "$@"; do
  f=${m%/*}; n=${m#*/}
  d=/work/scratch/calls52/$TAG/$n; mkdir -p $d/pre
  [ -f $d/pre.done ] || { $BIN --entry $E --pre-dir $d/pre -pre $B/maps/$f/$n.map $B/scenarios/$f/$n.map.scen >/dev/null 2>&1; touch $d/pre.done; }
  for r in $(seq 1 $R); do
    $BIN --entry $E --pre-dir $d/pre --cpu-clock call --calls $d/calls$r.tsv -run $B/maps/$f/$n.map $B/scenarios/$f/$n.map.scen > $d/sum$r.txt 2>&1
  done
done
