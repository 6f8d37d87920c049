#!/bin/bash
# The default `work` chosen on measurements (issue #31): mm of BEFORE at its
# default and mm of AFTER at each work value, interleaved per map, the order
# rotated each round; work-table.py takes medians.
# usage: work-sweep.sh OUT ROUNDS BEFORE AFTER "WORKS" FAMILY/MAP...
set -eu
out=$1 rounds=$2 before=$3 after=$4 works=$5; shift 5
bench=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
mkdir -p "$out"
for fm in "$@"; do
    map=$bench/maps/$fm.map scen=$bench/scenarios/$fm.map.scen name=${fm#*/}
    "$before" --entry mm --pre-dir "$out/pre-before" -pre "$map" > /dev/null 2>&1
    "$after" --entry mm --pre-dir "$out/pre-after" -pre "$map" > /dev/null 2>&1
    runs=("before|$before|mm|pre-before")
    for w in $works; do runs+=("w$w|$after|mm:work=$w|pre-after"); done
    n=${#runs[@]}
    for round in $(seq 1 "$rounds"); do
        for k in $(seq 0 $((n - 1))); do
            IFS='|' read -r tag bin entry pre <<< "${runs[$(((k + round) % n))]}"
            "$bin" --entry "$entry" --pre-dir "$out/$pre" -run "$map" "$scen" 2> /dev/null | grep '^SUMMARY' > "$out/$tag.$name.$round.txt"
        done
    done
done
