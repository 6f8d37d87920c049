#!/bin/bash
# One mm binary over the maps of FAMILY (every map, or only MAP), labelled
# SIDE (A or B): one line per map (map, side, profile, queries, invalid,
# subopt_mean, subopt_max, total_s, query_cpu_max_us, refine_expanded_mean,
# abs_expanded_mean, mm_bytes) appended to OUT, and each run's --csv into
# CSVDIR/SIDE, so that two such runs (A, then B) feed interleave_table.py.
# For quality (deterministic paths) the two need not be interleaved; their
# total_s are then not comparable (use callgrind or interleave_run.sh, which
# calls this map by map).
# usage: side_run.sh GPPC SIDE FAMILY OUT CSVDIR [ENTRY [MAP]]   (ENTRY: the --entry spec, default mm)
set -e
G=$1; SIDE=$2; FAM=$3; OUT=$4; CD=$5; ENTRY=${6:-mm}; ONLY=${7:-*}
B=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
PRE=$(mktemp -d); trap 'rm -rf "$PRE"' EXIT
mkdir -p "$CD/$SIDE"
for m in "$B"/maps/$FAM/$ONLY.map; do
  n=$(basename "$m" .map)
  s=$("$G" --pre-dir "$PRE" --entry "$ENTRY" -full "$m" "$B/scenarios/$FAM/$n.map.scen" --csv "$CD/$SIDE/$n.csv" 2>/dev/null | grep '^SUMMARY')
  g() { echo "$s" | grep -o " $1=[^ ]*" | cut -d= -f2; }
  echo "$n $SIDE $(g profile) $(g queries) $(g invalid) $(g subopt_mean) $(g subopt_max) $(g total_s) $(g query_cpu_max_us) $(g refine_expanded_mean) $(g abs_expanded_mean) $(g mm_bytes)" >> "$OUT"
done
