#!/bin/bash
# instr.sh BIN TAG MAP...: instructions inside mm_get_path over the whole scenario (callgrind --toggle-collect)
B=/work/shared/benchmarks; BIN=$1; T=$2; shift 2
O=/work/scratch/calls50/instr/$T; mkdir -p $O
for M in "$@"; do n=$(basename $M); rm -rf $O/pre.$n; mkdir -p $O/pre.$n
  valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=$O/$n.cg $BIN --entry mm --pre-dir $O/pre.$n -full $B/maps/$M.map $B/scenarios/$M.map.scen > $O/$n.out 2>&1
  echo "$M $T $(grep -m1 '^summary:\|^totals:' $O/$n.cg | awk '{print $2}')"
done
