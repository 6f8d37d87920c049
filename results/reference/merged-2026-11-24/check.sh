#!/bin/sh
# -check of one entry on whole families, one CSV line per map:
# entry,family,map,exit code,queries,invalid,over_bound,subopt_max
# usage: G=build/gppc B=../shared/benchmarks OUT=check PRE=check/pre check.sh ENTRY FAMILY...
E=$1; shift
G=${G:-build/gppc} B=${B:-../shared/benchmarks} OUT=${OUT:-check} PRE=${PRE:-check/pre}
mkdir -p "$OUT" "$PRE"
for fam in "$@"; do
  for m in "$B"/maps/"$fam"/*.map; do
    b=$(basename "$m" .map)
    "$G" --entry "$E" --pre-dir "$PRE" -check "$m" "$B/scenarios/$fam/$b.map.scen" > "$OUT/$E.out" 2>&1
    rc=$?
    s=$(grep '^SUMMARY' "$OUT/$E.out")
    f() { echo "$s" | grep -o " $1=[0-9.]*" | cut -d= -f2; }
    echo "$E,$fam,$b,$rc,$(f queries),$(f invalid),$(f over_bound),$(f subopt_max)"
  done
done
