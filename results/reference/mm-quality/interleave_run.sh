#!/bin/bash
# Two mm binaries over every map of FAMILY, interleaved map by map (A then B
# on each map, so both see the same load): one line per map and binary
# (map, binary, profile, queries, invalid, subopt_mean, subopt_max, total_s,
# query_cpu_max_us, refine_expanded_mean, abs_expanded_mean, mm_bytes) into
# OUT, and each run's --csv into CSVDIR/A or CSVDIR/B (the per-query lengths
# interleave_table.py counts queries above 1.3 from).
# usage: interleave_run.sh GPPC_A GPPC_B FAMILY OUT CSVDIR
set -e
A=$1; BB=$2; FAM=$3; OUT=$4; CD=$5
B=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
PRE=$(mktemp -d); trap 'rm -rf "$PRE"' EXIT
mkdir -p "$CD/A" "$CD/B"; : > "$OUT"
for m in "$B"/maps/$FAM/*.map; do
  n=$(basename "$m" .map)
  for side in A B; do
    if [ $side = A ]; then G=$A; else G=$BB; fi
    s=$("$G" --pre-dir "$PRE/$side" --entry mm -full "$m" "$B/scenarios/$FAM/$n.map.scen" --csv "$CD/$side/$n.csv" 2>/dev/null | grep '^SUMMARY')
    g() { echo "$s" | grep -o " $1=[^ ]*" | cut -d= -f2; }
    echo "$n $side $(g profile) $(g queries) $(g invalid) $(g subopt_mean) $(g subopt_max) $(g total_s) $(g query_cpu_max_us) $(g refine_expanded_mean) $(g abs_expanded_mean) $(g mm_bytes)" >> "$OUT"
  done
done
