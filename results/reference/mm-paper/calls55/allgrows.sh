#!/bin/bash
# allgrows.sh NAME BIN: every dao map, one -full run, its SUMMARY's leg page grows and memory
N=$1; BIN=$2; D=/work/shared/benchmarks; W=/work/scratch/calls55/all_$N; mkdir -p $W/pre
for f in $D/maps/dao/*.map; do m=$(basename $f .map)
  $BIN --entry mm -pre --pre-dir $W/pre $f $D/scenarios/dao/$m.map.scen > /dev/null 2>&1
  echo "$m $($BIN --entry mm -full --pre-dir $W/pre $f $D/scenarios/dao/$m.map.scen 2>&1 | tr ' ' '\n' | grep -E '^(leg_page_grows|mm_bytes|mm_bytes_legs|mm_bytes_jps|total_cpu_s|invalid)=' | tr '\n' ' ')"
done > $W/grows.txt
