#!/bin/bash
# Instructions inside an entry's GetPath over a whole scenario (callgrind),
# and a few SUMMARY keys of the same run.
# usage: instructions.sh GPPC FAMILY/MAP ENTRY[:OPTIONS] [SCEN]
# (GPPC_BENCH_DIR: the benchmark folder; SCEN: default the map's scenario)
set -eu
bin=$1 fm=$2 entry=$3
bench=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
scen=${4:-$bench/scenarios/$fm.map.scen}
case $entry in jps*) fn=jps_get_path ;; ch*) fn=ch_get_path ;; *) fn=mm_get_path ;; esac
d=$(mktemp -d)
valgrind --tool=callgrind --callgrind-out-file="$d/cg" --toggle-collect="$fn" \
    "$bin" --entry "$entry" -full "$bench/maps/$fm.map" "$scen" > "$d/out" 2>&1
ir=$(callgrind_annotate "$d/cg" 2>/dev/null | awk '/PROGRAM TOTALS/ {print $1}')
keys=$(grep '^SUMMARY' "$d/out" | tr ' ' '\n' |
    grep -E '^(invalid|subopt_mean|subopt_max|profile|direct|near|guarded|jps|jps_capped|jps_skipped|mm_bytes)=' | tr '\n' ' ')
echo "${fm#*/} $entry Ir=$ir $keys"
rm -rf "$d"
