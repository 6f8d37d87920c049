#!/bin/bash
# Instructions inside each GetPath call (callgrind, one dump per call) over
# a scenario: calls, the longest, p99.9, p99 and the sum.
# usage: percall.sh GPPC PRE_DIR FAMILY/MAP SCEN ENTRY[:OPTIONS]
# (PRE_DIR: `GPPC --entry E --pre-dir PRE_DIR -pre MAP` made the entry's file;
# a file built with other options is rebuilt in memory, outside the calls)
set -eu
bin=$1 pre=$2 fm=$3 scen=$4 entry=$5
bench=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
case $entry in jps*) fn=jps_get_path ;; ch*) fn=ch_get_path ;; *) fn=mm_get_path ;; esac
d=$(mktemp -d)
valgrind --tool=callgrind --toggle-collect="$fn" --dump-after="$fn" --callgrind-out-file="$d/cg.out" \
    "$bin" --entry "$entry" --pre-dir "$pre" -run "$bench/maps/$fm.map" "$scen" > /dev/null 2>&1
find "$d" -name 'cg.out.*' -exec grep -m1 -H '^summary:' {} + | awk -F'[: ]+' '{print $3}' | sort -n > "$d/ir.txt"
n=$(wc -l < "$d/ir.txt")
at() { sed -n "$1p" "$d/ir.txt"; }
echo "${fm#*/} $entry calls=$n max=$(at "$n") p999=$(at $((n - n / 1000))) p99=$(at $((n - n / 100)))" \
    "sum=$(awk '{s += $1} END {print s}' "$d/ir.txt")"
rm -rf "$d"
