#!/bin/bash
# pair.sh R TAG_A BIN_A TAG_B BIN_B MAP...: R rounds, the two binaries interleaved map by map (--cpu-clock call --calls)
B=/work/shared/benchmarks; R=$1; TA=$2; BA=$3; TB=$4; BB=$5; shift 5
for T in $TA $TB; do mkdir -p /work/scratch/longcall45/calls/$T /work/scratch/longcall45/pre/$T; done
for r in $(seq 1 $R); do for m in "$@"; do x=$(basename $m)
  for tb in "$TA:$BA" "$TB:$BB"; do T=${tb%%:*}; BIN=${tb#*:}
  $BIN --entry mm --pre-dir /work/scratch/longcall45/pre/$T --cpu-clock call --calls /work/scratch/longcall45/calls/$T/$x.$r -full $B/maps/$m.map $B/scenarios/$m.map.scen > /work/scratch/longcall45/calls/$T/$x.sum.$r 2>&1
  done
done; done
