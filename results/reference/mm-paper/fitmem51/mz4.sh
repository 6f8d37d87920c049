#!/bin/sh
# The ten 4-wide mazes, one build: mm_bytes, cache counters and path md5s.
# Usage: mz4.sh NAME GPPC OUTDIR   (runs -full in a fresh preprocessing folder per map)
name=$1; bin=$2; out=$3
B=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
mkdir -p "$out"
for i in 0 1 2 3 4 5 6 7 8 9; do
    m=maze512-4-$i
    pre=$(mktemp -d)
    "$bin" --entry mm -full --pre-dir "$pre" --paths "$out/$name.$m.paths" "$B/maps/mazes/$m.map" "$B/scenarios/mazes/$m.map.scen" > "$out/$name.$m.out"
    rm -rf "$pre"
done
