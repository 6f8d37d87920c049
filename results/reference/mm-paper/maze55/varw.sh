#!/bin/bash
# varw.sh TAG OPTS MAP: one run with entry options (the experiment binary), --calls with hit counters
TAG=$1; m=$3; B=/work/shared/benchmarks; d=/work/scratch/maze55/prev_${TAG}_$m; mkdir -p $d
if [ -n "$XH" ]; then export XH XS; fi
./gppc-x --entry mm$2 -full --pre-dir $d --calls v_${TAG}_$m.tsv --call-counters cache_hits,cache_misses,abs_expanded,mm_bytes_cache \
  --paths v_${TAG}_$m.paths $B/maps/mazes/$m.map $B/scenarios/mazes/$m.map.scen | grep SUMMARY > v_${TAG}_$m.sum
