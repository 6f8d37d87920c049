#!/bin/bash
# pair.sh OUT ROUNDS ENTRY_A ENTRY_B [BIN_A BIN_B]: --calls without counters (times only), A and B interleaved map by map
O=$1; R=$2; EA=$3; EB=$4; BA=${5:-/work/scratch/base56/build/gppc}; BB=${6:-$BA}; D=/work/shared/benchmarks; W=/work/scratch/cold56/$O
mkdir -p $W/preA $W/preB
for m in lak506d den504d orz303d brc203d; do
  $BA --entry $EA -pre --pre-dir $W/preA $D/maps/dao/$m.map > /dev/null 2>&1
  $BB --entry $EB -pre --pre-dir $W/preB $D/maps/dao/$m.map > /dev/null 2>&1
done
for r in $(seq 1 $R); do for m in lak506d den504d orz303d brc203d; do
  $BA --entry $EA -full --pre-dir $W/preA --cpu-clock call --calls $W/A.$m.r$r.txt $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > $W/A.$m.r$r.sum 2>&1
  $BB --entry $EB -full --pre-dir $W/preB --cpu-clock call --calls $W/B.$m.r$r.txt $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > $W/B.$m.r$r.sum 2>&1
done; done
