#!/bin/bash
# mazes36-cg.sh GPPC ENTRYSPEC TAG WORK MAP...: mm_get_path's instructions a
# query (callgrind, inclusive) on every 4th query of each maze map's
# scenario (the subset keeps callgrind's run short; its edge cache is
# colder than the whole scenario's, so a query costs more than there).
# Prints TAG MAP ir_per_query=N and the run's quality, profile and mm_bytes;
# the callgrind files are left in WORK.
set -e
G=$1 E=$2 T=$3 W=$4
shift 4
B=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
mkdir -p "$W/sub" "$W/pre"
for m in "$@"; do
    M=$B/maps/mazes/$m.map
    S=$W/sub/$m.map.scen
    awk 'NR == 1 || NR % 4 == 2' "$B/scenarios/mazes/$m.map.scen" >"$S"
    "$G" --pre-dir "$W/pre" --entry "$E" -pre "$M" "$S" >/dev/null
    out=$W/cg.$T.$m
    s=$(valgrind --tool=callgrind --callgrind-out-file="$out" "$G" --pre-dir "$W/pre" --entry "$E" -run "$M" "$S" 2>/dev/null |
        grep SUMMARY | tr ' ' '\n' | grep -E '^(queries|subopt_mean|subopt_max|profile|mm_bytes|legs_mean)=' | tr '\n' ' ')
    q=$(echo "$s" | sed 's/.*queries=\([0-9]*\).*/\1/')
    ir=$(callgrind_annotate --inclusive=yes "$out" 2>/dev/null | grep -E 'mm_entry\.c:mm_get_path \[' | head -1 |
        awk '{gsub(",", "", $1); print $1}')
    echo "$T $m ir_per_query=$((ir / q)) $s"
done
