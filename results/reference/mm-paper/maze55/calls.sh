#!/bin/bash
# calls.sh BIN TAG: 3 rounds of --calls with counters on the two 4-wide maps
BIN=$1; TAG=$2; B=/work/shared/benchmarks
for r in 1 2 3; do for m in maze512-4-0 maze512-4-6; do
  d=/work/scratch/maze55/pre_${TAG}_$m; mkdir -p $d
  $BIN --entry mm -full --pre-dir $d --cpu-clock call --calls /work/scratch/maze55/calls_${TAG}_${m}_$r.tsv \
    --call-counters refine_expanded,abs_expanded,cache_misses,cache_hits,memo_entries,leg_page_grows,corridor_fallbacks,mm_bytes \
    $B/maps/mazes/$m.map $B/scenarios/mazes/$m.map.scen > /work/scratch/maze55/out_${TAG}_${m}_$r.txt 2>&1
done; done
