#!/bin/bash
# daomem38-cg.sh GPPC TAG WORK MAP...: mm_get_path's instructions (callgrind,
# inclusive) over each map's whole scenario (family $FAM, default dao), the preprocessing apart
# (-pre, then -run under callgrind). Prints TAG MAP ir=N and the run's
# mm_bytes, jps_tiles, jps_turn_bytes, subopt.
G=$1 T=$2 W=$3
shift 3
B=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
mkdir -p "$W/pre-$T"
for m in "$@"; do
    M=$B/maps/${FAM:-dao}/$m.map
    S=$B/scenarios/${FAM:-dao}/$m.map.scen
    "$G" --pre-dir "$W/pre-$T" --entry mm -pre "$M" "$S" >/dev/null
    out=$W/cg.$T.$m
    s=$(valgrind --tool=callgrind --callgrind-out-file="$out" "$G" --pre-dir "$W/pre-$T" --entry mm -run "$M" "$S" 2>/dev/null |
        grep SUMMARY | tr ' ' '\n' | grep -E '^(subopt_mean|mm_bytes|jps_tiles|jps_turn_bytes|jps_tile_fills)=' | tr '\n' ' ')
    ir=$(callgrind_annotate --inclusive=yes "$out" 2>/dev/null | grep -E 'mm_entry\.c:mm_get_path \[' | head -1 |
        awk '{gsub(",", "", $1); print $1}')
    echo "$T $m ir=$ir $s"
done
