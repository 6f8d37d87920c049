#!/bin/bash
# mz.sh TAG BIN MAP...: SUMMARY and paths of each map (mazes family), one run each.
TAG=$1; BIN=$2; shift 2; B=/work/shared/benchmarks; D=/work/scratch/fitmem50/mz; mkdir -p $D
for M in "$@"; do
  PRE=$D/pre_${TAG}_$M; rm -rf $PRE; mkdir -p $PRE
  $BIN --entry mm --pre-dir $PRE --paths $D/p_${M}_$TAG.txt -full $B/maps/mazes/$M.map $B/scenarios/mazes/$M.map.scen > $D/o_${M}_$TAG.txt 2>&1
  rm -rf $PRE
  echo "$M $TAG md5=$(md5sum < $D/p_${M}_$TAG.txt | cut -c1-8) $(grep -o -E "(invalid|total_cpu_s|first20_mean_us|subopt_mean|mm_bytes|cache_misses|cache_cap_bytes|memo_entries|memo_refused|gate_walks)=[^ ]+" $D/o_${M}_$TAG.txt | tr '\n' ' ')"
done
