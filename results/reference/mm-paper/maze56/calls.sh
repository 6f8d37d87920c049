#!/bin/bash
# calls.sh BIN TAG: 3 rounds of --calls with counters on the two 4-wide maps (thread CPU per call, minflt)
BIN=$1; TAG=$2; B=/work/shared/benchmarks; S=/work/scratch/maze56/cal
for r in 1 2 3; do for m in maze512-4-0 maze512-4-6; do
  d=$S/pre_${TAG}_$m; mkdir -p $d
  $BIN --entry mm -full --pre-dir $d --cpu-clock call --calls $S/calls_${TAG}_${m}_$r.tsv \
    --call-counters refine_expanded,abs_expanded,cache_misses,cache_hits,leg_page_grows,mm_bytes_cache,mm_bytes_legs \
    $B/maps/mazes/$m.map $B/scenarios/mazes/$m.map.scen > $S/out_${TAG}_${m}_$r.txt 2>&1
done; done
