#!/bin/bash
# cg.sh BIN TAG MAP... : per dao map, BIN -pre, then the scenario under callgrind counting only
# mm_get_path; prints map, queries, instructions, instructions a query.
# OUT (default /tmp/cg) holds the preprocessing and callgrind files; BENCH the benchmark folder.
G=$1; TAG=$2; shift 2
B=${BENCH:-/work/shared/benchmarks}; OUT=${OUT:-/tmp/cg}
for m in "$@"; do
  M=$B/maps/dao/$m.map; S=$B/scenarios/dao/$m.map.scen
  P=$OUT/pre-$TAG; mkdir -p "$P"
  "$G" --pre-dir "$P" -pre "$M" "$S" >/dev/null 2>&1
  F=$OUT/cg-$TAG-$m.out
  valgrind --tool=callgrind --callgrind-out-file="$F" --toggle-collect=mm_get_path "$G" --pre-dir "$P" -run "$M" "$S" >/dev/null 2>&1
  ir=$(callgrind_annotate "$F" 2>/dev/null | grep "PROGRAM TOTALS" | awk '{gsub(",","",$1); print $1}')
  q=$(($(wc -l < "$S")-1))
  echo "$m $q $ir $((ir / q))"
done
