#!/bin/bash
# Instructions inside each mm_get_path call: one callgrind dump per call.
# usage: percall.sh OUT TAG GPPC PRE_DIR FAMILY MAP  (PRE_DIR holds the
# binary's preprocessing file of MAP, e.g. run.sh's OUT/pre-TAG)
# prints: TAG MAP calls= max= p999= p99= sum=  (instructions)
# ENTRY (default mm) and FN (default mm_get_path) measure another entry's
# calls, e.g. ENTRY=ch FN=ch_get_path: ch answers a query in one call.
set -eu
entry=${ENTRY:-mm} fn=${FN:-mm_get_path}
out=$1 tag=$2 bin=$3 pre=$4 fam=$5 m=$6
bench=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
d=$out/percall-$tag-$m
rm -rf "$d"
mkdir -p "$d"
valgrind --tool=callgrind --toggle-collect="$fn" --dump-after="$fn" --callgrind-out-file="$d/cg.out" \
    "$bin" --entry "$entry" --pre-dir "$pre" -run "$bench/maps/$fam/$m.map" "$bench/scenarios/$fam/$m.map.scen" > /dev/null 2>&1
# ir.txt: instructions and dump per call, ascending; the three longest calls'
# dumps stay for callgrind_annotate --inclusive=yes (what they are made of)
find "$d" -name 'cg.out.*' -exec grep -m1 -H '^summary:' {} + | awk -F'[: ]+' '{print $3, $1}' | sort -n > "$d/ir.txt"
head -n -3 "$d/ir.txt" | awk '{print $2}' | xargs rm -f
n=$(wc -l < "$d/ir.txt")
at() { sed -n "$1p" "$d/ir.txt" | cut -d' ' -f1; }
echo "$tag $m calls=$n max=$(at "$n") p999=$(at $((n - n / 1000)))" \
    "p99=$(at $((n - n / 100))) sum=$(awk '{s += $1} END {print s}' "$d/ir.txt")"
