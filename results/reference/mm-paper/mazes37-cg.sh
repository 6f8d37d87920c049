#!/bin/bash
# mazes37-cg.sh GPPC ENTRYSPEC TAG WORK MAP...: mm_get_path's instructions a
# query (callgrind, inclusive) over each maze map's whole scenario.
set -e
G=$1 E=$2 T=$3 W=$4
shift 4
B=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
mkdir -p "$W/pre-$T"
for m in "$@"; do
    M=$B/maps/mazes/$m.map
    S=$B/scenarios/mazes/$m.map.scen
    "$G" --pre-dir "$W/pre-$T" --entry "$E" -pre "$M" "$S" >/dev/null
    out=$W/cg.$T.$m
    s=$(valgrind --tool=callgrind --callgrind-out-file="$out" "$G" --pre-dir "$W/pre-$T" --entry "$E" -run "$M" "$S" 2>/dev/null |
        grep SUMMARY | tr ' ' '\n' | grep -E '^(queries|subopt_mean|subopt_max|profile|mm_bytes|legs_mean)=' | tr '\n' ' ')
    q=$(echo "$s" | sed 's/.*queries=\([0-9]*\).*/\1/')
    ir=$(callgrind_annotate --inclusive=yes "$out" 2>/dev/null | grep -E 'mm_entry\.c:mm_get_path \[' | head -1 |
        awk '{gsub(",", "", $1); print $1}')
    echo "$T $m ir_per_query=$((ir / q)) $s"
done
