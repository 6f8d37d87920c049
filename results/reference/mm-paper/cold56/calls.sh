#!/bin/bash
# calls.sh NAME BIN ROUNDS: --calls with counters on cold56's 4 maps, ROUNDS rounds each
N=$1; BIN=$2; R=${3:-3}; D=/work/shared/benchmarks; W=/work/scratch/cold56/$N
K=mm_bytes,jps_far,refine_expanded,abs_expanded,cache_misses,jps_tile_fills,jps,center_legs
mkdir -p $W/pre
for m in lak506d den504d orz303d brc203d; do
  $BIN --entry mm -pre --pre-dir $W/pre $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > /dev/null 2>&1
done
for r in $(seq 1 $R); do for m in lak506d den504d orz303d brc203d; do
  $BIN --entry mm -full --pre-dir $W/pre --cpu-clock call --calls $W/$m.r$r.txt --call-counters $K $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > $W/$m.r$r.sum 2>&1
done; done
