#!/bin/bash
# One mm binary over every map of the random family (or FAMILY): one line per
# map (map, profile, queries, invalid, subopt_mean, subopt_max, total_s,
# call_cpu_max_us, refine_expanded_mean) into OUT, and each map's --csv into
# CSVDIR (the per-query path lengths random_table.py counts from).
# usage: random_run.sh GPPC OUT CSVDIR [FAMILY]
set -e
GPPC=$1; OUT=$2; CD=$3; FAM=${4:-random}
B=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
mkdir -p "$CD"; : > "$OUT"
for m in "$B"/maps/$FAM/*.map; do
  n=$(basename "$m" .map)
  s=$("$GPPC" --entry mm -full "$m" "$B/scenarios/$FAM/$n.map.scen" --csv "$CD/$n.csv" 2>/dev/null | grep '^SUMMARY')
  g() { echo "$s" | grep -o " $1=[^ ]*" | cut -d= -f2; }
  echo "$n $(g profile) $(g queries) $(g invalid) $(g subopt_mean) $(g subopt_max) $(g total_s) $(g call_cpu_max_us) $(g refine_expanded_mean)" >> "$OUT"
done
