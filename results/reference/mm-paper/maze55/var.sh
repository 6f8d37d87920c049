#!/bin/bash
# var.sh TAG XH XS MAP: one run of the experiment binary (first hold XH until XS cells; XH empty: the row as base), --calls with hit counters
TAG=$1; m=$4; B=/work/shared/benchmarks; d=/work/scratch/maze55/prev_${TAG}_$m; mkdir -p $d
if [ -n "$2" ]; then export XH=$2 XS=$3; fi
./gppc-x --entry mm -full --pre-dir $d --calls v_${TAG}_$m.tsv --call-counters cache_hits,cache_misses,abs_expanded,mm_bytes_cache \
  --paths v_${TAG}_$m.paths $B/maps/mazes/$m.map $B/scenarios/mazes/$m.map.scen | grep SUMMARY > v_${TAG}_$m.sum
