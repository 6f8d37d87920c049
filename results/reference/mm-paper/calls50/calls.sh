#!/bin/bash
# calls.sh BIN TAG ROUNDS MAP...: --calls per call CPU for each map and round (fresh pre-dir per binary)
B=/work/shared/benchmarks; BIN=$1; T=$2; R=$3; shift 3
O=/work/scratch/calls50/runs/$T; mkdir -p $O/pre
for r in $(seq 1 $R); do for M in "$@"; do
  n=$(basename $M)
  $BIN --entry mm --pre-dir $O/pre -full --cpu-clock call --calls $O/$n.r$r.calls $B/maps/$M.map $B/scenarios/$M.map.scen > $O/$n.r$r.out 2>&1
done; done
