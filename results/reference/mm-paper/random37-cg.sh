#!/bin/bash
# random37-cg.sh GPPC TAG WORK MAP...: mm_get_path's instructions a query
# (callgrind, inclusive) on every 5th query of each random map's scenario
# (a subset, so that callgrind's run stays short), the preprocessing run
# apart (-pre, then -run under callgrind). Prints TAG MAP ir_per_query=N
# and the run's quality and mm_bytes; callgrind's files stay in WORK.
set -e
G=$1 T=$2 W=$3
shift 3
B=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
mkdir -p "$W/sub" "$W/pre-$T"
for m in "$@"; do
    M=$B/maps/random/$m.map
    S=$W/sub/$m.map.scen
    awk 'NR == 1 || (NR - 2) % 5 == 0' "$B/scenarios/random/$m.map.scen" >"$S"
    "$G" --pre-dir "$W/pre-$T" --entry mm -pre "$M" "$S" >/dev/null
    out=$W/cg.$T.$m
    s=$(valgrind --tool=callgrind --callgrind-out-file="$out" "$G" --pre-dir "$W/pre-$T" --entry mm -run "$M" "$S" 2>/dev/null |
        grep SUMMARY | tr ' ' '\n' | grep -E '^(queries|subopt_mean|subopt_max|profile|mm_bytes|mm_bytes_region)=' | tr '\n' ' ')
    q=$(echo "$s" | sed 's/.*queries=\([0-9]*\).*/\1/')
    ir=$(callgrind_annotate --inclusive=yes "$out" 2>/dev/null | grep -E 'mm_entry\.c:mm_get_path \[' | head -1 |
        awk '{gsub(",", "", $1); print $1}')
    echo "$T $m ir_per_query=$((ir / q)) $s"
done
