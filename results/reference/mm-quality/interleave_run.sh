#!/bin/bash
# Two mm binaries over every map of FAMILY, interleaved map by map (A then B
# on each map, so both see the same load): side_run.sh's line per map and
# binary into OUT (emptied first), and each run's --csv into CSVDIR/A or
# CSVDIR/B (the per-query lengths interleave_table.py counts queries above
# 1.3 from).
# usage: interleave_run.sh GPPC_A GPPC_B FAMILY OUT CSVDIR
set -e
A=$1; BB=$2; FAM=$3; OUT=$4; CD=$5
B=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
HERE=$(dirname "$0")
: > "$OUT"
for m in "$B"/maps/$FAM/*.map; do
  n=$(basename "$m" .map)
  "$HERE/side_run.sh" "$A" A "$FAM" "$OUT" "$CD" mm "$n"
  "$HERE/side_run.sh" "$BB" B "$FAM" "$OUT" "$CD" mm "$n"
done
