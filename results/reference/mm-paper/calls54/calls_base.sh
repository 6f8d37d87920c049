#!/bin/bash
# Longest call by thread CPU, 3 rounds, given binary tag:path; per-call files into $S/t
B=/work/shared/benchmarks; S=/work/scratch/calls54
tag=$1; bin=$2; shift 2
for r in 1 2 3; do for x in "$@"; do
  rm -rf $S/pre-$tag-$x; s=$($bin --entry mm --pre-dir $S/pre-$tag-$x --cpu-clock call --calls $S/t/$x.$tag.$r --call-counters jps,jps_tile_fills,expanded,refine_expanded -full $B/maps/dao/$x.map $B/scenarios/dao/$x.map.scen 2>/dev/null | grep SUMMARY)
  echo "$x $tag $r $(echo "$s" | grep -o 'call_cpu_max_us=[0-9.]*' )"
done; done
