#!/bin/bash
# Longest calls of mm before and after (issue #31, bounded calls), and the
# optimal entries' longest whole queries, on the same maps in the same loop.
# usage: run.sh OUT ROUNDS BEFORE_GPPC AFTER_GPPC
#   EXTRA: more driver options for the timed runs (e.g. "--cpu-clock call",
#   which call_cpu_* in SUMMARY need)
#   OUT: a folder for the SUMMARY lines (OUT/<tag>.<map>.<round>.txt) and
#   preprocessing files; BEFORE/AFTER: two builds of build/gppc.
# Per map: every binary and entry preprocesses once, then ROUNDS rounds run
# all of them (-run), the order rotated each round; table.py takes medians.
set -eu
out=$1; rounds=$2; before=$3; after=$4
bench=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
maps=${MAPS:-"dao/lak303d dao/hrt201n dao/ost003d dao/arena2 dao/den520d dao/orz900d dao/combat rooms/32room_005"}
# tag|binary|entry; OPTIMAL (default "ch jps+ sub"): the optimal entries run beside mm
runs=("before|$before|mm" "after|$after|mm")
for e in ${OPTIMAL:-ch jps+ sub}; do runs+=("$(echo "$e" | sed 's/+/plus/')|$after|$e"); done
mkdir -p "$out"
for fm in $maps; do
    map=$bench/maps/$fm.map scen=$bench/scenarios/$fm.map.scen name=${fm#*/}
    for r in "${runs[@]}"; do
        IFS='|' read -r tag bin entry <<< "$r"
        "$bin" --entry "$entry" --pre-dir "$out/pre-$tag" -pre "$map" > /dev/null 2>&1
    done
    for round in $(seq 1 "$rounds"); do
        n=${#runs[@]}
        for k in $(seq 0 $((n - 1))); do
            IFS='|' read -r tag bin entry <<< "${runs[$(((k + round) % n))]}"
            # shellcheck disable=SC2086
            "$bin" --entry "$entry" --pre-dir "$out/pre-$tag" ${EXTRA:-} -run "$map" "$scen" 2> /dev/null |
                grep '^SUMMARY' > "$out/$tag.$name.$round.txt"
        done
    done
done
