#!/bin/bash
# instr.sh BIN TAG MAP...: instructions inside mm_get_path over the whole scenario (callgrind --toggle-collect), -run
B=/work/shared/benchmarks; BIN=$1; T=$2; shift 2; O=/work/scratch/warm51/instr/$T; mkdir -p $O
ms() { case $1 in *.map) echo "$1 $1.scen";; *) echo "$B/maps/$1.map $B/scenarios/$1.map.scen";; esac; }
for M in "$@"; do n=$(basename $M .map)
  valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=$O/$n.cg $BIN --entry mm --pre-dir /work/scratch/warm51/runs/base/pre -run $(ms $M) > /dev/null 2>&1
  echo "$n $(grep -m1 -E '^(summary|totals):' $O/$n.cg | awk '{print $2}')"; done
