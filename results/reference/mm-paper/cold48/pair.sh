#!/bin/bash
# pair.sh R TAG_A BIN_A TAG_B BIN_B MAP...: R rounds, the binaries interleaved map by map (--cpu-clock call --calls); TAG_B may be "-" (one binary)
B=/work/shared/benchmarks; S=/work/scratch/cold48; R=$1; TA=$2; BA=$3; TB=$4; BB=$5; shift 5
L="$TA:$BA"; [ "$TB" != "-" ] && L="$L $TB:$BB"
for tb in $L; do T=${tb%%:*}; mkdir -p $S/calls/$T $S/pre/$T; done
for r in $(seq 1 $R); do for m in "$@"; do x=$(basename $m)
  for tb in $L; do T=${tb%%:*}; BIN=${tb#*:}
  $BIN --entry mm --pre-dir $S/pre/$T --cpu-clock call --calls $S/calls/$T/$x.$r -full $B/maps/$m.map $B/scenarios/$m.map.scen > $S/calls/$T/$x.sum.$r 2>&1
  done
done; done
