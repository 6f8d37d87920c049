#!/bin/bash
# calls.sh BIN TAG ROUNDS MAP...: -pre once into a fresh pre-dir of this TAG, then ROUNDS rounds of
# -run --cpu-clock call --calls (MAP: FAMILY/NAME of the benchmarks, or a .map path with MAP.scen beside it)
B=/work/shared/benchmarks; BIN=$1; T=$2; R=$3; shift 3
O=/work/scratch/warm51/runs/$T; rm -rf $O; mkdir -p $O/pre
ms() { case $1 in *.map) echo "$1 $1.scen";; *) echo "$B/maps/$1.map $B/scenarios/$1.map.scen";; esac; }
for M in "$@"; do $BIN --entry mm --pre-dir $O/pre -pre $(ms $M) > /dev/null 2>&1; done
for r in $(seq 1 $R); do for M in "$@"; do
  n=$(basename $M .map)
  $BIN --entry mm --pre-dir $O/pre -run --cpu-clock call --calls $O/$n.r$r.calls $(ms $M) > $O/$n.r$r.out 2>&1
done; done
