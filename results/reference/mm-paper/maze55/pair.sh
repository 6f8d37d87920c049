#!/bin/bash
# pair.sh MAP: 3 rounds, base55 then now (gppc-i2) interleaved, --cpu-clock call --calls with leg counters, --paths; fresh pre-dir per binary
m=$1; B=/work/shared/benchmarks
for r in 1 2 3; do for tag in base now; do
  bin=/work/scratch/base55/build/gppc; [ $tag = now ] && bin=/work/scratch/maze55/gppc-i2
  d=/work/scratch/maze55/pp_${tag}_$m; mkdir -p $d
  $bin --entry mm -full --pre-dir $d --cpu-clock call --calls p_${tag}_${m}_$r.tsv --paths p_${tag}_${m}_$r.paths \
    --call-counters cache_hits,cache_misses,abs_expanded,refine_expanded,mm_bytes \
    $B/maps/mazes/$m.map $B/scenarios/mazes/$m.map.scen | grep SUMMARY > p_${tag}_${m}_$r.sum
done; done
